"""games/realtime/kept_matches.py: which committed matches this loop keeps for the next move, and for how long."""

import asyncio

import pytest

from games.models import Match, Seat
from games.realtime import kept_matches
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
