"""A match the teacher ends (or every child leaves) reads as ended everywhere: the REST view, the sockets' live
view, a reconnecting socket's snapshot and the replay show phase "over", nobody to move, no deadline and the
match's result; it is not shown paused; and what came before the end still shows the game as it was."""

import pytest

from games.engines import ENGINES, get_engine
from games.models import Match
from games.selectors import match_snapshot, replay_for
from games.services import broadcast
from games.services.class_games import class_games_pause
from games.services.matches import match_leave, match_quick
from games.services.moves import match_end

pytestmark = pytest.mark.django_db

OPTIONS = {"fultiples": {"time_limit_s": 30}, "four_in_a_row": {"time_limit_s": 30},
           "multiplin": {}, "stepping_divisors": {"time_limit_s": 30, "size": 4}}


@pytest.fixture
def sent(monkeypatch) -> list[dict]:
    messages: list[dict] = []
    monkeypatch.setattr(broadcast, "send", lambda match_id, message: messages.append(message))
    return messages


def running(make_assignment, pupils, game: str) -> Match:
    assignment = make_assignment(game, options=OPTIONS[game])
    match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    match = match_quick(user=pupils[1].user, assignment_id=assignment.pk)
    if match.status == Match.Status.LOBBY:  # Multiplin and Stepping By Divisors open a lobby the host starts
        from games.services.matches import match_start_lobby

        match_start_lobby(user=pupils[0].user, match_id=match.pk)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    view = get_engine(game).view(match.state, None)
    assert view["phase"] != "over"
    assert view["to_move"]
    return match


def assert_ended(view: dict, result: dict) -> None:
    assert view["phase"] == "over"
    assert view["to_move"] == []
    assert view["deadline_ms"] is None
    assert view["result"] == result
    assert view.get("free_start", False) is False


@pytest.mark.parametrize("game", list(ENGINES))
def test_a_match_the_teacher_ends_reads_as_ended_in_every_view(game, make_assignment, pupils, classroom, fake_clock,
                                                              sent, django_capture_on_commit_callbacks):
    match = running(make_assignment, pupils, game)
    with django_capture_on_commit_callbacks(execute=True):
        match_end(match_id=match.pk, user=classroom.teacher)
    match.refresh_from_db()
    result = {"winners": [], "reason": "ended_by_teacher"}
    assert match.result == result
    for seat in (0, 1, None):
        snapshot = match_snapshot(match_id=match.pk, seat=seat)
        assert_ended(snapshot["view"], result)
        assert snapshot["match"]["status"] == "aborted"
    (live,) = [message for message in sent if message["version"] == match.version]
    for view in live["views"].values():
        assert_ended(view, result)
    steps = replay_for(user=classroom.teacher, match=match)["steps"]
    assert steps[-1]["source"] == "end"
    for view in steps[-1]["views"].values():
        assert_ended(view, result)
    before = steps[-2]["views"]["spectator"]  # the step before the end: the game as it was
    assert before["phase"] != "over"
    assert before["to_move"]


def test_a_match_ended_during_the_pause_is_over_not_paused(make_assignment, pupils, classroom, fake_clock):
    match = running(make_assignment, pupils, "fultiples")
    class_games_pause(classroom=classroom, paused=True)
    match_end(match_id=match.pk, user=classroom.teacher)
    snapshot = match_snapshot(match_id=match.pk, seat=0)
    assert (snapshot["match"]["paused"], snapshot["match"]["paused_at_ms"]) == (False, None)
    assert_ended(snapshot["view"], {"winners": [], "reason": "ended_by_teacher"})


def test_a_match_every_child_left_reads_as_ended(make_assignment, pupils, classroom, fake_clock):
    match = running(make_assignment, pupils, "four_in_a_row")
    match_leave(user=pupils[0].user, match_id=match.pk)
    assert match_snapshot(match_id=match.pk, seat=1)["view"]["phase"] != "over"  # one child plays on
    match_leave(user=pupils[1].user, match_id=match.pk)
    result = {"winners": [], "reason": "everyone_left"}
    assert_ended(match_snapshot(match_id=match.pk, seat=None)["view"], result)
    steps = replay_for(user=classroom.teacher, match=Match.objects.get(pk=match.pk))["steps"]
    assert_ended(steps[-1]["views"]["spectator"], result)
    assert steps[-2]["views"]["spectator"]["to_move"]  # the first leave: a computer player sat in


def test_a_match_won_by_the_rules_keeps_the_engines_own_view(make_assignment, pupils, classroom, fake_clock):
    match = running(make_assignment, pupils, "fultiples")
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED,
                                             state={**match.state, "result": {"winners": [0], "reason": "x"}})
    view = match_snapshot(match_id=match.pk, seat=0)["view"]
    assert view["result"] == {"winners": [0], "reason": "x"}
