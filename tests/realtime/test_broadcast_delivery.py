"""Broadcasts handed from database threads to the server's loop, and the socket's handling of late ones."""

import asyncio
import random
from types import SimpleNamespace

import pytest

from games.realtime.consumers import MatchConsumer
from games.services import broadcast

pytestmark = pytest.mark.asyncio


class SlowLayer:
    """A channel layer whose sends wait for a gate, then take random, overlapping times (as Redis
    round trips can)."""

    def __init__(self, fail_version: int | None = None) -> None:
        self.delivered: list[int] = []
        self.fail_version = fail_version
        self.gate = asyncio.Event()
        self.gate.set()

    async def group_send(self, group: str, message: dict) -> None:
        await self.gate.wait()
        await asyncio.sleep(random.uniform(0, 0.01))
        if message["version"] == self.fail_version:
            raise ConnectionError("redis went away")
        self.delivered.append(message["version"])


async def delivered(layer: SlowLayer, count: int) -> list[int]:
    for _ in range(300):
        if len(layer.delivered) >= count:
            break
        await asyncio.sleep(0.01)
    return layer.delivered


async def test_sends_from_worker_threads_return_at_once_and_arrive_in_version_order(monkeypatch):
    layer = SlowLayer()
    layer.gate.clear()  # nothing can be delivered yet: a send that waited for delivery would hang
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)
    broadcast.deliver_on(asyncio.get_running_loop())

    def one_transaction_after_another():
        for version in range(1, 31):
            broadcast.send(7, {"type": "match.changed", "version": version})

    await asyncio.wait_for(asyncio.to_thread(one_transaction_after_another), timeout=5)
    layer.gate.set()
    assert await delivered(layer, 30) == list(range(1, 31))
    await asyncio.sleep(0.01)
    assert broadcast._last_send == {}  # nothing kept once the queue for the match is empty


async def test_a_failed_send_is_logged_and_does_not_stop_the_next(monkeypatch, caplog):
    layer = SlowLayer(fail_version=2)
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)
    broadcast.deliver_on(asyncio.get_running_loop())
    await asyncio.to_thread(lambda: [broadcast.send(8, {"version": v}) for v in (1, 2, 3)])
    assert await delivered(layer, 2) == [1, 3]
    assert "broadcast to match 8 failed" in caplog.text


async def test_a_stuck_send_times_out_and_the_next_one_goes(monkeypatch, caplog):
    layer = SlowLayer()
    stuck = asyncio.Event()  # never set: Redis that never answers
    original = layer.group_send

    async def group_send(group: str, message: dict) -> None:
        if message["version"] == 1:
            await stuck.wait()
        await original(group, message)

    layer.group_send = group_send
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)
    monkeypatch.setattr(broadcast, "SEND_TIMEOUT_S", 0.05)
    broadcast.deliver_on(asyncio.get_running_loop())
    await asyncio.to_thread(lambda: [broadcast.send(9, {"version": v}) for v in (1, 2)])
    assert await delivered(layer, 1) == [2]
    assert "broadcast to match 9 failed" in caplog.text


class HandOverLayer:
    """A layer that takes a message without waiting (as games.realtime.channel_layer's does)."""

    def __init__(self, fail_version: int | None = None) -> None:
        self.handed: list[int] = []
        self.fail_version = fail_version

    def group_send_nowait(self, group: str, message: dict) -> None:
        if message["version"] == self.fail_version:
            raise ValueError("a message that cannot be written")
        self.handed.append(message["version"])


async def test_on_the_loop_a_layer_that_takes_messages_without_waiting_gets_them_at_once_in_order(monkeypatch,
                                                                                                   caplog):
    layer = HandOverLayer(fail_version=2)
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)
    for version in (1, 2, 3):
        broadcast.send(10, {"type": "match.changed", "version": version})  # no await between them
    assert layer.handed == [1, 3]
    assert broadcast._last_send == {}  # no task was needed
    assert "broadcast to match 10 failed" in caplog.text  # logged, not raised into the move that committed


def socket_at(version: int, sent_client_ids: dict[int, str]) -> tuple[MatchConsumer, list[dict]]:
    consumer = MatchConsumer()
    consumer.match_id, consumer.seat, consumer.user, consumer.admitted = 1, 0, SimpleNamespace(pk=5), True
    consumer.last_version, consumer.sent_client_ids = version, dict(sent_client_ids)
    sent: list[dict] = []

    async def send_json(body: dict) -> None:
        sent.append(body)

    consumer.send_json = send_json
    return consumer, sent


def change(version: int) -> dict:
    return {"type": "match.changed", "version": version, "views": {"0": {"v": version}, "spectator": None},
            "events": {"0": [], "spectator": []}, "match": {"seats": [{"user_id": 5}]}}


async def test_a_state_older_than_a_snapshot_still_answers_this_sockets_action():
    # The socket sent an action (version 4 answers it), then a sync's snapshot showed version 5.
    consumer, sent = socket_at(5, {4: "mine"})
    await consumer.match_changed(change(4))
    assert [(body["version"], body.get("client_id")) for body in sent] == [(4, "mine")]
    assert consumer.last_version == 5
    assert consumer.sent_client_ids == {}


async def test_an_older_state_that_answers_nothing_is_dropped():
    consumer, sent = socket_at(5, {})
    await consumer.match_changed(change(3))
    await consumer.match_changed(change(6))
    assert [body["version"] for body in sent] == [6]
    assert consumer.last_version == 6


async def test_a_socket_not_yet_admitted_is_passed_nothing():
    """A socket joins its match's group before its access is checked (so it misses no change); one that is
    then refused, a stranger's, must never be sent the match."""
    consumer, sent = socket_at(0, {})
    consumer.admitted = False
    del consumer.seat, consumer.user  # a refused socket never gets them
    await consumer.match_changed(change(1))
    assert sent == []
