"""Every change of a match that is not a move (a seat taken or left, the lobby's start, the teacher's end and
pause, a rematch) goes the moves' way: one version, one Move row, sent only once it is committed, and in the
replay at its version."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.db import transaction

from games.engines import get_engine
from games.models import Match, Move
from games.selectors import replay_for
from games.services import broadcast
from games.services.matches import (
    match_against_computer,
    match_leave,
    match_leave_lobby,
    match_quick,
    match_rematch,
    match_replay,
    match_start_lobby,
)
from games.services.moves import match_advance, match_end, match_end_by_teacher, match_pause, seat_take_back

pytestmark = pytest.mark.django_db


@dataclass
class Case:
    match_id: int
    change: Callable[[], object]
    source: str
    action: dict  # the keys of the Move's action that must be there
    seat: int | None
    events: list[dict]
    finish: Callable[[], object] | None = None  # what makes the match replayable afterwards (a lobby must start)


def _mover(match: Match) -> int:
    return get_engine(match.game).to_move(match.state)[0]


def _running(make_assignment, pupils, **kwargs) -> Match:
    assignment = make_assignment("fultiples", **kwargs)
    match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    return match_quick(user=pupils[1].user, assignment_id=assignment.pk)


def _lobby_of_two(make_assignment, pupils) -> Match:
    """Ana's three-player Multiplin lobby, with Ben in it."""
    assignment = make_assignment("multiplin", players_per_match=3)
    lobby = match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    match_quick(user=pupils[1].user, assignment_id=assignment.pk)
    return lobby


def join(make_assignment, pupils, classroom, fake_clock) -> Case:
    assignment = make_assignment("multiplin", players_per_match=3)
    lobby = match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    return Case(lobby.pk, lambda: match_quick(user=pupils[1].user, assignment_id=assignment.pk), Move.Source.SEAT,
                {"type": "join", "user_id": pupils[1].user_id}, 1, [{"type": "joined"}],
                finish=lambda: match_start_lobby(user=pupils[0].user, match_id=lobby.pk))


def leave_lobby(make_assignment, pupils, classroom, fake_clock) -> Case:
    lobby = _lobby_of_two(make_assignment, pupils)

    def finish():
        match_quick(user=pupils[2].user, assignment_id=lobby.assignment_id)
        match_start_lobby(user=pupils[1].user, match_id=lobby.pk)  # the host's role passed to Ben

    return Case(lobby.pk, lambda: match_leave_lobby(user=pupils[0].user, match_id=lobby.pk), Move.Source.LEAVE,
                {"type": "leave_lobby", "user_id": pupils[0].user_id, "host_user_id": pupils[1].user_id}, 0,
                [{"type": "left"}], finish=finish)


def start(make_assignment, pupils, classroom, fake_clock) -> Case:
    lobby = _lobby_of_two(make_assignment, pupils)
    return Case(lobby.pk, lambda: match_start_lobby(user=pupils[0].user, match_id=lobby.pk), Move.Source.START,
                {"type": "start", "players": 2}, None, [{"type": "started"}])


def leave(make_assignment, pupils, classroom, fake_clock) -> Case:
    match = _running(make_assignment, pupils)
    return Case(match.pk, lambda: match_leave(user=pupils[0].user, match_id=match.pk), Move.Source.LEAVE,
                {"type": "leave", "user_id": pupils[0].user_id, "bot_level": "easy"}, 0,
                [{"type": "left_match", "seat": 0}])


def take_over(make_assignment, pupils, classroom, fake_clock) -> Case:
    match = _running(make_assignment, pupils, idle_takeover_s=60)
    mover = _mover(match)
    fake_clock.advance(60_000)
    return Case(match.pk, lambda: match_advance(match_id=match.pk), Move.Source.SEAT,
                {"type": "take_over", "user_id": pupils[mover].user_id}, mover,
                [{"type": "taken_over", "seat": mover}])


def take_back(make_assignment, pupils, classroom, fake_clock) -> Case:
    match = _running(make_assignment, pupils, idle_takeover_s=60)
    mover = _mover(match)
    fake_clock.advance(60_000)
    assert match_advance(match_id=match.pk) == 1  # the stand-in takes the seat
    return Case(match.pk, lambda: seat_take_back(match_id=match.pk, user=pupils[mover].user), Move.Source.SEAT,
                {"type": "take_back", "user_id": pupils[mover].user_id}, mover,
                [{"type": "taken_back", "seat": mover}])


def end(make_assignment, pupils, classroom, fake_clock) -> Case:
    match = _running(make_assignment, pupils)
    return Case(match.pk, lambda: match_end(match_id=match.pk, user=classroom.teacher), Move.Source.END,
                {"type": "end"}, None, [{"type": "ended_by_teacher"}])


def pause(make_assignment, pupils, classroom, fake_clock) -> Case:
    match = _running(make_assignment, pupils)
    return Case(match.pk, lambda: match_pause(match_id=match.pk, paused=True), Move.Source.PAUSE,
                {"type": "pause"}, None, [{"type": "paused"}])


def resume(make_assignment, pupils, classroom, fake_clock) -> Case:
    match = _running(make_assignment, pupils)
    match_pause(match_id=match.pk, paused=True)
    fake_clock.advance(5_000)
    return Case(match.pk, lambda: match_pause(match_id=match.pk, paused=False), Move.Source.PAUSE,
                {"type": "resume"}, None, [{"type": "resumed"}])


def rematch(make_assignment, pupils, classroom, fake_clock) -> Case:
    assignment = make_assignment("fultiples", bot_levels=["easy"])
    old = match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="easy")
    match_end_by_teacher(match_id=old.pk)
    return Case(old.pk, lambda: match_rematch(user=pupils[0].user, match_id=old.pk), Move.Source.REMATCH,
                {"type": "rematch"}, 0, [{"type": "rematch"}])


CHANGES = [join, leave_lobby, start, leave, take_over, take_back, end, pause, resume, rematch]


@pytest.fixture(params=CHANGES, ids=lambda f: f.__name__)
def case(request, make_assignment, pupils, classroom, fake_clock) -> Case:
    return request.param(make_assignment, pupils, classroom, fake_clock)


@pytest.fixture
def sent(monkeypatch) -> list[tuple[int, dict]]:
    """What the broadcast hands to the channel layer, as (match id, message)."""
    messages: list[tuple[int, dict]] = []
    monkeypatch.setattr(broadcast, "send", lambda match_id, message: messages.append((match_id, message)))
    return messages


def _version(match_id: int) -> int:
    return Match.objects.get(pk=match_id).version


def _matches(logged: dict, expected: dict) -> bool:
    return all(logged.get(key) == value for key, value in expected.items())


def test_each_change_is_one_version_one_move_and_one_broadcast_after_the_commit(
        case, sent, django_capture_on_commit_callbacks):
    before = _version(case.match_id)
    with django_capture_on_commit_callbacks() as on_commit:
        case.change()
        assert sent == []  # nothing leaves before the commit
    assert _version(case.match_id) == before + 1
    (move,) = Move.objects.filter(match_id=case.match_id, version__gt=before)
    assert (move.version, move.source, move.seat) == (before + 1, case.source, case.seat)
    assert _matches(move.action, case.action), move.action
    assert [{key: event[key] for key in expected} for event, expected in zip(move.events, case.events, strict=True)] \
        == case.events
    for callback in on_commit:  # the commit
        callback()
    mine = [message for match_id, message in sent if match_id == case.match_id]
    assert [message["version"] for message in mine] == [before + 1]
    assert mine[0]["events"]["spectator"] == move.events
    assert mine[0]["match"]["status"] == Match.objects.get(pk=case.match_id).status


class RolledBack(Exception):
    pass


def test_a_change_that_rolls_back_is_neither_kept_nor_sent(case, sent, django_capture_on_commit_callbacks):
    before = _version(case.match_id)
    moves = Move.objects.filter(match_id=case.match_id).count()

    def change_then_fail():
        with transaction.atomic():
            case.change()
            assert _version(case.match_id) == before + 1  # it happened, inside the transaction
            raise RolledBack

    with django_capture_on_commit_callbacks(execute=True) as on_commit, pytest.raises(RolledBack):
        change_then_fail()
    assert on_commit == []
    assert sent == []
    assert _version(case.match_id) == before
    assert Move.objects.filter(match_id=case.match_id).count() == moves


def test_each_change_shows_in_the_replay_at_its_version_and_the_log_still_replays_the_state(case, classroom):
    before = _version(case.match_id)
    case.change()
    if case.finish is not None:
        case.finish()
    match = Match.objects.get(pk=case.match_id)
    if match.status in (Match.Status.LOBBY, Match.Status.ACTIVE):
        match_end_by_teacher(match_id=match.pk)
    match = Match.objects.get(pk=case.match_id)
    replay = replay_for(user=classroom.teacher, match=match)
    steps = replay["steps"]
    assert [step["version"] for step in steps] == list(range(match.version + 1))  # gapless, one step a version
    step = steps[before + 1]
    assert (step["source"], step["seat"]) == (case.source, case.seat)
    assert _matches(step["action"], case.action)
    assert [event["type"] for event in step["events"]["spectator"]] == [event["type"] for event in case.events]
    assert match_replay(match=match) == match.state
    if any(s["source"] == Move.Source.START for s in steps):  # a lobby: no board until the deal, then the board
        dealt = next(s["version"] for s in steps if s["source"] == Move.Source.START)
        assert all(view is None for s in steps[:dealt] for view in s["views"].values())
        assert all(view is not None for s in steps[dealt:] for view in s["views"].values())


def test_a_student_who_left_sees_their_leaving_in_their_replay(make_assignment, pupils, classroom, fake_clock):
    match = _running(make_assignment, pupils)
    match_leave(user=pupils[0].user, match_id=match.pk)
    match_leave(user=pupils[1].user, match_id=match.pk)  # the last child out ends it
    match.refresh_from_db()
    assert match.result == {"winners": [], "reason": "everyone_left"}
    replay = replay_for(user=pupils[0].user, match=match)
    assert [(step["source"], step["events"]["0"]) for step in replay["steps"][-2:]] == [
        (Move.Source.LEAVE, [{"type": "left_match", "seat": 0}]),
        (Move.Source.LEAVE, [{"type": "left_match", "seat": 1}])]
    last = Move.objects.get(match=match, version=match.version)
    assert last.action["ends"] is True


def test_nothing_to_change_is_no_version(make_assignment, pupils, classroom, fake_clock):
    match = _running(make_assignment, pupils)
    before = match.version
    seat_take_back(match_id=match.pk, user=pupils[0].user)  # never taken over: every socket connect asks
    assert match_pause(match_id=match.pk, paused=False) is False  # not paused
    match_end_by_teacher(match_id=match.pk)
    assert match_end_by_teacher(match_id=match.pk) is False  # a second bell
    assert _version(match.pk) == before + 1


def test_the_teachers_moves_logged_before_the_change_kinds_are_filed_under_end_and_pause(
        make_assignment, pupils, classroom, fake_clock):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("games.migrations.0011_move_change_sources")
    match = _running(make_assignment, pupils)
    old = [({"type": "pause"}, "pause"), ({"type": "resume"}, "pause"), ({"type": "end"}, "end")]
    for offset, (action, _) in enumerate(old, start=match.version + 1):
        Move.objects.create(match=match, version=offset, source="teacher", action=action, now_ms=0)
    migration.teacher_moves_by_kind(apps, None)
    assert list(Move.objects.filter(match=match, version__gt=match.version).order_by("version")
                .values_list("source", flat=True)) == [source for _, source in old]


def test_a_taken_over_child_who_plays_takes_the_seat_back_as_a_change_before_the_move(
        make_assignment, pupils, classroom, fake_clock):
    match = _running(make_assignment, pupils, idle_takeover_s=60)
    mover = _mover(match)
    fake_clock.advance(60_000)
    match_advance(match_id=match.pk)  # the stand-in sits in
    from games.services.moves import match_submit_action

    accepted = match_submit_action(match_id=match.pk, user=pupils[mover].user, action={"type": "mark", "cell": [0, 0]},
                                   client_id="back")
    logged = list(Move.objects.filter(match=match, version__gt=match.version).order_by("version")
                  .values_list("version", "source", "seat", "client_id"))
    assert logged == [(match.version + 1, Move.Source.SEAT, mover, None),
                      (match.version + 2, Move.Source.SEAT, mover, None),
                      (match.version + 3, Move.Source.PLAYER, mover, "back")]
    assert accepted.version == match.version + 3
    assert [m.action["type"] for m in Move.objects.filter(match=match, version__gt=match.version,
                                                          source=Move.Source.SEAT).order_by("version")] == [
        "take_over", "take_back"]
    assert Match.objects.get(pk=match.pk).seat_list()[mover].taken_over is False
