"""A class taps at once, on PostgreSQL, each request on its own thread and connection: quick-match
bursts pair everybody, double taps and challenges accepted together leave each child in one match."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from django.db import connection

from classroom.errors import ServiceError
from games.models import Match, Seat
from games.services.assignments import assignment_create
from games.services.matches import challenge_answer, challenge_create, match_quick
from tests.concurrency import run_together
from tests.factories import StudentFactory

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def at_once(calls: list[Callable[[], object]]) -> list[object]:
    """Every call on its own thread and database connection, released together; each result or the
    ServiceError raised. Any other error fails the test."""
    results = run_together(calls, after_each=lambda: connection.close())  # each thread's own connection
    unexpected = [r for r in results if isinstance(r, Exception) and not isinstance(r, ServiceError)]
    assert not unexpected, unexpected
    return results


def open_matches_of(users) -> Counter:
    """How many open (lobby or active) matches each user sits in."""
    seats = Seat.objects.filter(user__in=users, match__status__in=[Match.Status.LOBBY, Match.Status.ACTIVE])
    return Counter(seats.values_list("user_id", flat=True))


def lobby_sizes(assignment) -> list[int]:
    """The number of children in each lobby still waiting."""
    return sorted(m.seats.count() for m in Match.objects.filter(assignment=assignment, status=Match.Status.LOBBY))


@pytest.mark.parametrize(("game", "per_match", "children", "started", "waiting"), [
    ("four_in_a_row", 2, 30, 15, []),
    ("four_in_a_row", 2, 29, 14, [1]),
    ("multiplin", 4, 30, 7, [2]),
    ("stepping_divisors", 6, 30, 5, []),
    ("stepping_divisors", 3, 31, 10, [1]),
])
def test_a_class_tapping_quick_match_at_once_fills_matches_and_leaves_at_most_one_lobby(
        classroom, game, per_match, children, started, waiting):
    pupils = [StudentFactory(classroom=classroom) for _ in range(children)]
    assignment = assignment_create(classroom=classroom, game=game, players_per_match=per_match)
    answers = at_once([lambda user=p.user: match_quick(user=user, assignment_id=assignment.pk) for p in pupils])
    assert not [a for a in answers if isinstance(a, ServiceError)], answers
    active = Match.objects.filter(assignment=assignment, status=Match.Status.ACTIVE)
    assert active.count() == started
    assert all(match.seats.count() == per_match for match in active)
    assert lobby_sizes(assignment) == waiting
    assert open_matches_of([p.user for p in pupils]) == Counter({p.user_id: 1 for p in pupils})


def test_a_double_tap_seats_the_child_once_and_both_taps_answer_with_that_match(classroom):
    pupils = [StudentFactory(classroom=classroom) for _ in range(10)]
    assignment = assignment_create(classroom=classroom, game="four_in_a_row")
    answers = at_once([lambda user=p.user: match_quick(user=user, assignment_id=assignment.pk)
                       for p in pupils for _ in range(2)])
    assert not [a for a in answers if isinstance(a, ServiceError)], answers
    assert open_matches_of([p.user for p in pupils]) == Counter({p.user_id: 1 for p in pupils})
    for index, pupil in enumerate(pupils):
        (seat,) = Seat.objects.filter(user=pupil.user)
        assert {answers[2 * index].pk, answers[2 * index + 1].pk} == {seat.match_id}
    assert Match.objects.filter(assignment=assignment, status=Match.Status.ACTIVE).count() == 5


def test_two_challenges_accepted_together_start_one_match(classroom):
    ana, ben, cy = (StudentFactory(classroom=classroom) for _ in range(3))
    assignment = assignment_create(classroom=classroom, game="four_in_a_row")
    from_ana = challenge_create(user=ana.user, assignment_id=assignment.pk, opponent_user_id=ben.user_id)
    from_cy = challenge_create(user=cy.user, assignment_id=assignment.pk, opponent_user_id=ben.user_id)
    answers = at_once([lambda c=c: challenge_answer(user=ben.user, challenge_id=c.pk, accept=True)
                       for c in (from_ana, from_cy)])
    refused = [a for a in answers if isinstance(a, ServiceError)]
    assert [r.code for r in refused] == ["already_playing"]
    accepted = next(a for a in answers if not isinstance(a, ServiceError))
    assert refused[0].extra["match_id"] == accepted.match_id
    assert open_matches_of([ben.user]) == Counter({ben.user_id: 1})


def test_a_quick_match_and_an_accepted_challenge_together_leave_the_child_in_one_match(classroom):
    for _ in range(5):  # the two requests can meet in either order
        ana, ben = (StudentFactory(classroom=classroom) for _ in range(2))
        assignment = assignment_create(classroom=classroom, game="four_in_a_row")
        challenge = challenge_create(user=ana.user, assignment_id=assignment.pk, opponent_user_id=ben.user_id)
        at_once([lambda a=assignment, u=ana.user: match_quick(user=u, assignment_id=a.pk),
                 lambda c=challenge, u=ben.user: challenge_answer(user=u, challenge_id=c.pk, accept=True)])
        assert open_matches_of([ana.user, ben.user])[ana.user_id] == 1
