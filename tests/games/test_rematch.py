"""Play again: a rematch is a new match with the same players (children and computer players) in the same seats,
logged on the old match so the others' pages follow; refused while the match runs, for someone who did not play,
when the assignment closed, and when a player is already in another match. Through the service and REST."""

import pytest

from classroom.errors import Forbidden, ServiceError
from games.models import Match, Move
from games.services.matches import match_against_computer, match_quick, match_rematch
from games.services.moves import match_end_by_teacher
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def finished_pair(make_assignment, pupils, **kwargs) -> Match:
    assignment = make_assignment("fultiples", **kwargs)
    match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    match = match_quick(user=pupils[1].user, assignment_id=assignment.pk)
    match_end_by_teacher(match_id=match.pk)
    return Match.objects.get(pk=match.pk)


def seats_of(match: Match) -> list[tuple[int, int | None, str]]:
    return [(seat.index, seat.user_id, seat.bot_level) for seat in match.seat_list(reload=True)]


def refusal(call) -> ServiceError:
    with pytest.raises(ServiceError) as refused:
        call()
    return refused.value


def test_a_rematch_seats_the_same_players_in_the_same_seats_and_the_old_match_points_to_it(
        make_assignment, pupils, fake_clock):
    old = finished_pair(make_assignment, pupils)
    new = match_rematch(user=pupils[1].user, match_id=old.pk)
    assert new.pk != old.pk
    assert (new.status, new.kind, new.game, new.assignment_id) == (Match.Status.ACTIVE, old.kind, old.game,
                                                                    old.assignment_id)
    assert new.host_id == pupils[1].user_id
    assert seats_of(new) == seats_of(old)
    assert new.seed != old.seed
    logged = Move.objects.get(match=old, source=Move.Source.REMATCH)
    assert logged.action == {"type": "rematch", "match_id": new.pk}
    assert logged.events == [{"type": "rematch", "match_id": new.pk}]
    assert logged.seat == 1


def test_against_the_computer_the_computer_players_come_back(make_assignment, pupils, fake_clock):
    assignment = make_assignment("multiplin", players_per_match=3, bot_levels=["hard"])
    old = match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="hard")
    match_end_by_teacher(match_id=old.pk)
    new = match_rematch(user=pupils[0].user, match_id=old.pk)
    assert seats_of(new) == [(0, pupils[0].user_id, ""), (1, None, "hard"), (2, None, "hard")]


def test_the_second_player_to_press_play_again_is_sent_to_the_first_ones_match(make_assignment, pupils, fake_clock):
    old = finished_pair(make_assignment, pupils)
    new = match_rematch(user=pupils[0].user, match_id=old.pk)
    refused = refusal(lambda: match_rematch(user=pupils[1].user, match_id=old.pk))
    assert refused.code == "already_playing"
    assert refused.extra == {"match_id": new.pk}
    assert Match.objects.filter(assignment_id=old.assignment_id).count() == 2


def test_a_rematch_is_refused_while_the_match_runs_to_strangers_and_when_the_assignment_closed(
        make_assignment, pupils, fake_clock):
    assignment = make_assignment("fultiples")
    match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    running = match_quick(user=pupils[1].user, assignment_id=assignment.pk)
    assert refusal(lambda: match_rematch(user=pupils[0].user, match_id=running.pk)).code == "not_over"
    match_end_by_teacher(match_id=running.pk)
    with pytest.raises(Forbidden):
        match_rematch(user=pupils[2].user, match_id=running.pk)
    assert refusal(lambda: match_rematch(user=pupils[0].user, match_id=999_999)).code == "not_found"
    from games.services.assignments import assignment_close

    assignment_close(assignment=assignment)
    assert refusal(lambda: match_rematch(user=pupils[0].user, match_id=running.pk)).code == "closed"
    assert Match.objects.filter(assignment=assignment).count() == 1
    assert not Move.objects.filter(match=running, source=Move.Source.REMATCH).exists()


def test_a_player_already_in_another_match_makes_no_rematch(make_assignment, pupils, fake_clock):
    old = finished_pair(make_assignment, pupils)
    other = make_assignment("fultiples", bot_levels=["easy"])
    busy = match_against_computer(user=pupils[1].user, assignment_id=other.pk, bot_level="easy")
    refused = refusal(lambda: match_rematch(user=pupils[0].user, match_id=old.pk))
    assert refused.code == "already_playing"
    assert refused.extra == {}  # the other child's match is not the asker's to go to
    refused = refusal(lambda: match_rematch(user=pupils[1].user, match_id=old.pk))
    assert refused.extra == {"match_id": busy.pk}


def test_play_again_over_rest_answers_with_the_new_match_as_the_child_sees_it(make_assignment, pupils, fake_clock):
    old = finished_pair(make_assignment, pupils)
    response = client_for(pupils[0].user).post(f"/api/matches/{old.pk}/rematch/")
    assert response.status_code == 201
    body = response.json()
    assert body["match"]["id"] != old.pk
    assert body["match"]["status"] == "active"
    assert body["view"]["seat"] == 0
    again = client_for(pupils[1].user).post(f"/api/matches/{old.pk}/rematch/")
    assert again.status_code == 400
    assert again.json()["error"]["code"] == "already_playing"
    assert again.json()["error"]["match_id"] == body["match"]["id"]
    assert client_for(pupils[2].user).post(f"/api/matches/{old.pk}/rematch/").status_code == 404
