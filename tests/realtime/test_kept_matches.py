"""games/realtime/kept_matches.py: which committed matches this loop keeps for the next move, and for how long."""

import asyncio
import datetime
import json

import pytest

from games.models import Match, Seat
from games.realtime import channel_layer, kept_matches
from games.services import match_store
from tests.realtime.test_broadcast_delivery import change, socket_at

pytestmark = pytest.mark.asyncio


def a_match(pk: int, version: int = 3, status: str = Match.Status.ACTIVE) -> Match:
    match = Match(pk=pk, version=version, status=status)
    seat = Seat(index=0, user_id=5)
    seat.repeat_of = 7  # as a locked read for a repeated client_id left it
    match.use_seats([seat])
    return match


async def test_an_entry_is_taken_out_once_with_its_row_version_and_no_repeat_left_on_its_seats():
    known = kept_matches.KeptMatches()
    known.keep(a_match(1), "901")
    kept = known.take(1)
    assert (kept.match.pk, kept.row_version) == (1, "901")
    assert [seat.repeat_of for seat in kept.match.seat_list()] == [None]
    assert known.take(1) is None  # taken: a second move at the same moment reads the row


async def test_an_entry_older_than_keep_s_is_not_used(monkeypatch):
    known = kept_matches.KeptMatches()
    clock = [100.0]
    monkeypatch.setattr(kept_matches.time, "monotonic", lambda: clock[0])
    known.keep(a_match(1), "901")
    known.keep(a_match(2), "902")
    clock[0] += kept_matches.KEEP_S - 0.5
    assert known.take(1) is not None
    clock[0] += 1
    assert known.take(2) is None


async def test_a_match_that_is_over_is_not_kept_and_drops_what_was():
    known = kept_matches.KeptMatches()
    known.keep(a_match(1), "901")
    known.keep(a_match(1, version=4, status=Match.Status.FINISHED), "902")
    assert known.take(1) is None


async def test_a_newer_version_broadcast_drops_the_entry_and_an_older_or_equal_one_does_not():
    known = kept_matches.KeptMatches()
    known.keep(a_match(1, version=5), "901")
    known.forget_before(1, 5)  # its own broadcast
    known.forget_before(1, 4)
    assert 1 in known.entries
    known.forget_before(1, 6)
    assert 1 not in known.entries


async def test_the_oldest_entries_go_past_max_kept(monkeypatch):
    monkeypatch.setattr(kept_matches, "MAX_KEPT", 2)
    known = kept_matches.KeptMatches()
    for pk in (1, 2, 3):
        known.keep(a_match(pk), str(pk))
    assert list(known.entries) == [2, 3]


async def test_each_event_loop_has_its_own():
    here = kept_matches.of_this_loop()
    assert kept_matches.of_this_loop() is here
    there = await asyncio.to_thread(lambda: asyncio.run(_of_a_new_loop()))
    assert there is not here


async def _of_a_new_loop() -> kept_matches.KeptMatches:
    return kept_matches.of_this_loop()


async def test_a_socket_passed_a_newer_state_drops_what_this_loop_kept_of_its_match():
    consumer, sent = socket_at(3, {})
    kept_matches.of_this_loop().keep(a_match(consumer.match_id, version=3), "901")
    await consumer.match_changed(change(4))
    assert sent
    assert sent[0]["version"] == 4
    assert kept_matches.of_this_loop().take(consumer.match_id) is None


def a_full_match() -> Match:
    """An unsaved match with a value of every kind a match and its seats hold, as a locked read leaves it."""
    at = datetime.datetime(2026, 11, 24, 9, 30, 15, 123456, tzinfo=datetime.UTC)
    match = Match.from_db("default", match_store._attnames(Match), [
        7, 11, 3, "fultiples", "class", Match.Status.ACTIVE, 2, {"size": 10, "focus": {"facts": [[3, 4]]}}, 99,
        1000, {"cells": [None, 0, 1], "names": {"a": "Zoë \u202e"}}, 12, 5000, None, 250, 21, None, at, at, None])
    match.assignment_idle_takeover_s, match.assignment_hints = 90, True
    seats = []
    for index, (user_id, name) in enumerate([(21, "Ana <b>"), (None, None)]):
        seat = Seat.from_db("default", match_store._attnames(Seat), [
            100 + index, 7, index, user_id, "" if user_id else "easy", False, 4000, 0, None, None,
            {"type": "mark", "cell": 5} if user_id is None else None, 12 if user_id is None else None])
        seat.user_name, seat.repeat_of = name, None
        seats.append(seat)
    return match_store._with_related(match, seats)


def fields(match: Match) -> tuple:
    return ([getattr(match, name) for name in match_store._attnames(Match)],
            [[getattr(seat, name) for name in match_store._attnames(Seat)] for seat in match.seat_list()],
            [seat.user.name if seat.user_id else None for seat in match.seat_list()],
            (match.assignment.idle_takeover_s, match.assignment.hints))


async def test_a_match_sent_through_redis_comes_back_as_the_same_rows():
    """What another process's channel layer decodes (the payload Redis carries) builds the match `locked_match`
    would."""
    match = a_full_match()
    message = change(12)
    kept_matches.attach(message, match, "4242")
    _, carried = channel_layer._unpacked(memoryview(channel_layer._packed(["match", message])))
    known = kept_matches.KeptMatches()
    known.learn(7, carried)
    kept = known.take(7)
    assert kept.row_version == "4242"
    assert fields(kept.match) == fields(match)
    assert kept.match.started_at == match.started_at  # a time, not its text
    assert kept.match.finished_at is None


async def test_a_match_over_is_not_put_in_its_broadcast():
    match = a_full_match()
    match.status = Match.Status.FINISHED
    message = change(12)
    kept_matches.attach(message, match, "4242")
    assert kept_matches.MESSAGE_KEY not in message


@pytest.mark.parametrize("others", [False, True])
async def test_a_match_goes_in_its_broadcast_only_if_the_last_one_reached_another_process(monkeypatch, others):
    """With the proxy keeping a match's sockets on one process, nobody else would read it."""
    asked = []

    class Layer:
        def reached_others(self, group: str) -> bool:
            asked.append(group)
            return others

    monkeypatch.setattr(kept_matches, "get_channel_layer", Layer)
    match, message = a_full_match(), change(12)
    kept_matches.attach(message, match, "4242")
    assert asked == [f"match.{match.pk}"]
    assert (kept_matches.MESSAGE_KEY in message) is others


async def test_a_socket_learns_the_match_from_its_broadcast_and_passes_none_of_it_to_the_browser():
    consumer, sent = socket_at(11, {})
    consumer.match_id = 7
    message = change(12)
    kept_matches.attach(message, a_full_match(), "4242")
    await consumer.match_changed(message)
    assert len(sent) == 1
    assert kept_matches.MESSAGE_KEY not in sent[0]
    assert "4242" not in json.dumps(sent[0])
    assert kept_matches.of_this_loop().take(7).row_version == "4242"


async def test_an_older_broadcast_does_not_replace_a_newer_entry():
    known = kept_matches.KeptMatches()
    known.keep(a_match(7, version=13), "5000")
    message = change(12)
    kept_matches.attach(message, a_full_match(), "4242")
    known.learn(7, message)
    assert known.take(7).row_version == "5000"


async def test_a_match_written_by_a_server_with_other_fields_is_not_used(caplog):
    """During a deploy, processes on two versions of the code share the match's broadcasts."""
    known = kept_matches.KeptMatches()
    known.keep(a_match(7, version=11), "4000")
    message = change(12)
    kept_matches.attach(message, a_full_match(), "4242")
    message[kept_matches.MESSAGE_KEY]["match"]["fields"] += 1
    known.learn(7, message)
    assert known.take(7) is None  # neither the carried match nor the older entry
    assert "could not be read" in caplog.text
