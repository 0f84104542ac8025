import pytest

from classroom.errors import Forbidden, ServiceError
from games.models import Challenge, Match, Move, Seat
from games.services.assignments import assignment_close
from games.services.matches import (
    challenge_answer,
    challenge_create,
    match_against_computer,
    match_leave_lobby,
    match_quick,
    match_start_lobby,
)

pytestmark = pytest.mark.django_db


def test_quick_match_pairs_two_students_waiting_in_the_same_assignment(make_assignment, pupils, fake_clock):
    assignment = make_assignment("fultiples")
    lobby = match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    assert lobby.status == Match.Status.LOBBY
    started = match_quick(user=pupils[1].user, assignment_id=assignment.pk)
    assert started.pk == lobby.pk
    assert started.status == Match.Status.ACTIVE
    # Version 0 is the lobby its host opened; the join and the deal are one change each.
    assert started.version == 2
    assert list(Move.objects.filter(match=started).values_list("version", "source", "seat")) == [
        (1, Move.Source.SEAT, 1), (2, Move.Source.START, None)]
    assert started.state["game"] == "fultiples"
    assert [s.user_id for s in started.seats.order_by("index")] == [pupils[0].user_id, pupils[1].user_id]


def test_quick_match_in_another_assignment_does_not_pair(make_assignment, pupils):
    first, second = make_assignment("fultiples"), make_assignment("fultiples")
    one = match_quick(user=pupils[0].user, assignment_id=first.pk)
    two = match_quick(user=pupils[1].user, assignment_id=second.pk)
    assert one.pk != two.pk
    assert two.status == Match.Status.LOBBY


def test_a_four_player_lobby_starts_when_the_host_starts_it(make_assignment, pupils, fake_clock):
    assignment = make_assignment("multiplin", players_per_match=4)
    lobby = match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    match_quick(user=pupils[1].user, assignment_id=assignment.pk)
    match_quick(user=pupils[2].user, assignment_id=assignment.pk)
    with pytest.raises(Forbidden):
        match_start_lobby(user=pupils[1].user, match_id=lobby.pk)
    match_start_lobby(user=pupils[0].user, match_id=lobby.pk)
    started = Match.objects.get(pk=lobby.pk)  # as stored, not as the service's copy says
    assert started.status == Match.Status.ACTIVE
    assert started.players == 3
    assert started.state["players"] == 3


def test_a_full_lobby_starts_by_itself(make_assignment, pupils, fake_clock):
    assignment = make_assignment("multiplin", players_per_match=3)
    for pupil in pupils[:3]:
        match = match_quick(user=pupil.user, assignment_id=assignment.pk)
    assert match.status == Match.Status.ACTIVE


def test_the_host_cannot_start_alone(make_assignment, pupils):
    assignment = make_assignment("multiplin", players_per_match=4)
    lobby = match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    with pytest.raises(ServiceError, match="one more"):
        match_start_lobby(user=pupils[0].user, match_id=lobby.pk)


def test_leaving_a_lobby_hands_it_to_the_next_player(make_assignment, pupils):
    assignment = make_assignment("multiplin", players_per_match=4)
    lobby = match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    match_quick(user=pupils[1].user, assignment_id=assignment.pk)
    match_leave_lobby(user=pupils[0].user, match_id=lobby.pk)
    lobby.refresh_from_db()
    assert lobby.host_id == pupils[1].user_id
    assert list(lobby.seats.values_list("index", "user_id")) == [(0, pupils[1].user_id)]


def test_a_student_in_a_match_cannot_start_another(make_assignment, pupils):
    assignment = make_assignment("fultiples")
    match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    match = match_quick(user=pupils[1].user, assignment_id=assignment.pk)
    assert match.status == Match.Status.ACTIVE
    with pytest.raises(ServiceError) as refusal:
        match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="easy")
    assert refusal.value.code == "already_playing"
    assert refusal.value.extra["match_id"] == match.pk


def test_playing_the_computer_fills_the_other_seats_with_bots(make_assignment, pupils, fake_clock):
    assignment = make_assignment("multiplin", players_per_match=3, bot_levels=["hard"])
    match = match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="hard")
    seats = list(match.seats.order_by("index"))
    assert [(s.user_id, s.bot_level) for s in seats] == [(pupils[0].user_id, ""), (None, "hard"), (None, "hard")]
    assert match.status == Match.Status.ACTIVE
    assert match.next_due_ms is not None  # the bots have planned their moves


def test_a_level_the_teacher_did_not_allow_is_refused(make_assignment, pupils):
    assignment = make_assignment("fultiples", bot_levels=["easy"])
    with pytest.raises(ServiceError):
        match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="hard")
    no_bots = make_assignment("fultiples", bots_allowed=False)
    with pytest.raises(ServiceError):
        match_against_computer(user=pupils[0].user, assignment_id=no_bots.pk, bot_level="easy")


def test_a_closed_assignment_starts_no_match(make_assignment, pupils):
    assignment = make_assignment("fultiples")
    assignment_close(assignment=assignment)
    with pytest.raises(ServiceError) as refusal:
        match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    assert refusal.value.code == "closed"


def test_challenge_accepted_starts_a_match_for_both(make_assignment, pupils, fake_clock):
    assignment = make_assignment("four_in_a_row")
    challenge = challenge_create(user=pupils[0].user, assignment_id=assignment.pk,
                                 opponent_user_id=pupils[1].user_id)
    with pytest.raises(ServiceError):  # only the invited student answers
        challenge_answer(user=pupils[2].user, challenge_id=challenge.pk, accept=True)
    answered = challenge_answer(user=pupils[1].user, challenge_id=challenge.pk, accept=True)
    assert answered.status == Challenge.Status.ACCEPTED
    assert answered.match.status == Match.Status.ACTIVE
    assert set(answered.match.seats.values_list("user_id", flat=True)) == {pupils[0].user_id, pupils[1].user_id}


def test_challenge_declined_starts_nothing(make_assignment, pupils):
    assignment = make_assignment("four_in_a_row")
    challenge = challenge_create(user=pupils[0].user, assignment_id=assignment.pk,
                                 opponent_user_id=pupils[1].user_id)
    assert challenge_answer(user=pupils[1].user, challenge_id=challenge.pk, accept=False).status == "declined"
    assert not Match.objects.exists()


def test_cannot_challenge_a_student_without_the_assignment(make_assignment, pupils):
    assignment = make_assignment("fultiples", students=[pupils[0], pupils[1]])
    with pytest.raises(ServiceError):
        challenge_create(user=pupils[0].user, assignment_id=assignment.pk, opponent_user_id=pupils[2].user_id)


def test_leaving_a_running_match_hands_the_seat_to_a_computer(make_assignment, pupils, fake_clock):
    from games.services.matches import match_leave

    assignment = make_assignment("four_in_a_row")
    match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    match = match_quick(user=pupils[1].user, assignment_id=assignment.pk)
    left = match_leave(user=pupils[0].user, match_id=match.pk)
    assert left.status == Match.Status.ACTIVE
    seat = left.seat_list(reload=True)[0]
    assert (seat.user_id, seat.bot_level) == (None, "easy")
    assert match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="easy")  # free again
    assert match_leave(user=pupils[1].user, match_id=match.pk).result["reason"] == "everyone_left"


def test_the_challenger_sees_the_answer_for_a_while(make_assignment, pupils, fake_clock):
    from games.selectors import open_challenges_for

    assignment = make_assignment("four_in_a_row")
    challenge = challenge_create(user=pupils[0].user, assignment_id=assignment.pk, opponent_user_id=pupils[1].user_id)
    answered = challenge_answer(user=pupils[1].user, challenge_id=challenge.pk, accept=True)
    (seen,) = open_challenges_for(user=pupils[0].user)
    assert (seen.status, seen.match_id) == ("accepted", answered.match_id)
    assert seen.match_id is not None


def test_a_child_tired_of_waiting_leaves_the_lobby_for_the_computer(make_assignment, pupils):
    assignment = make_assignment("four_in_a_row", bot_levels=["easy"])
    lobby = match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    match = match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="easy")
    lobby.refresh_from_db()
    assert lobby.status == Match.Status.ABORTED  # the last one out closes it
    assert match.status == Match.Status.ACTIVE
    assert Seat.objects.filter(user=pupils[0].user, match__status__in=["lobby", "active"]).count() == 1
    # the next child who taps quick match opens a new lobby instead of joining the closed one
    assert match_quick(user=pupils[1].user, assignment_id=assignment.pk).pk != lobby.pk


def test_a_waiting_child_sees_free_online_classmates_and_when_the_computer_is_offered(make_assignment, pupils):
    from django.utils import timezone

    from games.selectors import lobby_for

    assignment = make_assignment("four_in_a_row", bot_levels=["easy", "hard"], computer_offer_after_s=30)
    ana, ben, cy, di = pupils
    for pupil in pupils:
        pupil.last_seen_at = timezone.now()
        pupil.save()
    di.last_seen_at = None  # offline
    di.save()
    match_against_computer(user=cy.user, assignment_id=assignment.pk, bot_level="easy")  # busy
    lobby = match_quick(user=ana.user, assignment_id=assignment.pk)
    waiting = lobby_for(user=ana.user, match=lobby)
    assert [c["name"] for c in waiting["free_classmates"]] == [ben.display_name]
    assert waiting["computer_offer_after_s"] == 30
    assert waiting["bot_levels"] == ["easy", "hard"]
    assert waiting["waiting_since"] == lobby.created_at
    no_bots = make_assignment("four_in_a_row", bots_allowed=False)
    match_leave_lobby(user=ana.user, match_id=lobby.pk)
    assert lobby_for(user=ana.user, match=match_quick(user=ana.user, assignment_id=no_bots.pk))["bot_levels"] == []


def test_quick_match_reads_the_childs_current_match_once(make_assignment, pupils):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    assignment = make_assignment("four_in_a_row")
    with CaptureQueriesContext(connection) as queries:
        match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    current_reads = [q["sql"] for q in queries.captured_queries
                     if "games_seat" in q["sql"] and "'active'" in q["sql"] and "'lobby'" in q["sql"]]
    assert len(current_reads) == 1, current_reads
