"""The class tallies (games.models.FactTally): kept by the moves themselves, always equal to a recount of the
attempts, and what the grid over all of a teacher's classes reads."""

import random
from datetime import datetime, time, timedelta

import pytest
from django.utils import timezone

from classroom.errors import ServiceError
from classroom.services import student_delete
from games import clock
from games.bots import get_bot
from games.engines import get_engine
from games.models import Attempt, FactTally, Match
from games.reports.queries import Scope, fact_table, tallied_answers_per_class, tallied_facts, tallies
from games.services.assignments import assignment_create
from games.services.matches import match_quick
from games.services.moves import match_end_by_teacher, match_submit_action
from games.services.reports import period_bounds
from games.services.tallies import tally_rebuild
from tests.factories import StudentFactory

pytestmark = pytest.mark.django_db


def tally_rows() -> dict:
    return {(t.classroom_id, t.day, t.game, t.fact_a, t.fact_b): (t.attempts, t.right_answers)
            for t in FactTally.objects.all()}


def play(classroom, pupils, game, rng, fake_clock, actions=40):
    """A match between two children, played through the move service by the easy computer player's choices."""
    assignment = assignment_create(classroom=classroom, game=game)
    match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    match = match_quick(user=pupils[1].user, assignment_id=assignment.pk)
    engine, easy = get_engine(game), get_bot(game, "easy")
    for _ in range(actions):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return
        seat = engine.to_move(match.state)[0]
        fake_clock.advance(rng.randint(500, 3000))
        move = easy.choose(match.state, seat, clock.match_now_ms(match), rng)
        if move is None:
            break
        try:
            match_submit_action(match_id=match.pk, user=match.seat_list(reload=True)[seat].user, action=move.action)
        except ServiceError:  # a timed round ran out while the child thought
            break
    match_end_by_teacher(match_id=match.pk)  # the bell


@pytest.fixture
def played(classroom, pupils, fake_clock):
    rng = random.Random(random.getrandbits(32))  # from the run's printed seed (tests/conftest.py)
    for game in ("fultiples", "four_in_a_row", "multiplin", "stepping_divisors"):
        play(classroom, pupils[:2], game, rng, fake_clock)
        play(classroom, pupils[2:], game, rng, fake_clock)
    return classroom


def test_every_move_keeps_the_tallies_equal_to_a_recount_of_the_attempts(played):
    attempts = Attempt.objects.filter(classroom=played)
    assert attempts.filter(correct=True).exists()
    assert attempts.filter(correct=False).exists()
    assert attempts.filter(fact_a__isnull=True).exists()  # answers about no grid fact are counted too
    kept = tally_rows()
    assert sum(tries for tries, _ in kept.values()) == attempts.count()
    assert sum(right for _, right in kept.values()) == attempts.filter(correct=True).count()
    tally_rebuild(classroom_ids=[played.pk])
    assert tally_rows() == kept


def test_the_grid_over_classes_counts_what_the_attempts_count(played):
    start, end = period_bounds("7d")
    scope = Scope(classroom_id=played.pk, start=start, end=end + timedelta(seconds=1))
    from_attempts = {(f["a"], f["b"]): (f["attempts"], f["right"], f["state"]) for f in fact_table(scope)}
    from_tallies = {(f["a"], f["b"]): (f["attempts"], f["right"], f["state"]) for f in tallied_facts(scope)}
    assert from_tallies == from_attempts
    assert tallied_answers_per_class(scope)[played.pk]["attempts"] == Attempt.objects.count()


def test_deleting_a_child_takes_their_answers_out_of_the_tallies(played, pupils):
    before = sum(t.attempts for t in FactTally.objects.all())
    theirs = Attempt.objects.filter(student=pupils[0].user).count()
    assert theirs
    student_delete(student=pupils[0])
    kept = tally_rows()
    assert sum(tries for tries, _ in kept.values()) == before - theirs
    tally_rebuild(classroom_ids=[played.pk])
    assert tally_rows() == kept


def test_a_child_with_no_answers_can_be_deleted(classroom):
    child = StudentFactory(classroom=classroom)
    student_delete(student=child)
    assert not FactTally.objects.exists()


def test_periods_are_whole_days_from_midnight_today_included():
    now = timezone.make_aware(datetime(2026, 11, 24, 9, 30))
    start, end = period_bounds("7d", now)
    assert (start, end) == (timezone.make_aware(datetime(2026, 11, 18, 0, 0)), now)
    assert period_bounds("30d", now)[0] == timezone.make_aware(datetime(2026, 10, 26, 0, 0))
    assert period_bounds("all", now) == (None, now)


def test_tallies_refuse_a_period_that_does_not_start_at_midnight(classroom):
    midnight = timezone.make_aware(datetime.combine(timezone.localdate(), time.min))
    assert tallies(Scope(classroom_id=classroom.pk, start=midnight, end=timezone.now())).count() == 0
    with pytest.raises(ValueError, match="midnight"):
        tallies(Scope(classroom_id=classroom.pk, start=midnight + timedelta(hours=9), end=timezone.now()))
    with pytest.raises(ValueError, match="one student"):
        tallies(Scope(classroom_id=classroom.pk, start=None, end=timezone.now(), student_user_id=1))
