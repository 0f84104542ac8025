"""What a committed change sends to the match's sockets: each seat's own view, and the spectators'."""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.match_views import SPECTATOR, events_for, match_meta, views_for
from games.models import Match
from games.services import match_store

log = logging.getLogger(__name__)


def group_name(match_id: int) -> str:
    return f"match.{match_id}"


def change_message(match: Match, events: list[dict]) -> dict:
    """The group message for the match as it is now: taken inside the transaction, sent after it."""
    seats = {str(i): events_for(events, i) for i in range(match.players)}
    return {
        "type": "match.changed",
        "version": match.version,
        "views": views_for(match),
        "events": {**seats, SPECTATOR: events_for(events, None)},
        "match": match_meta(match),
    }


def send_on_commit(match: Match, events: list[dict]) -> None:
    """Broadcast this change once the transaction commits (never a change that rolled back)."""
    message = change_message(match, events)
    match_store.after_commit(lambda: send(match.pk, message))


def send(match_id: int, message: dict) -> None:
    """Best-effort fan-out: versions and `sync` make a lost message harmless.

    On an event loop (the sockets' move path commits there), it is queued on that loop. Inside a
    server whose loop was registered with `deliver_on`, the message is handed to that loop and the
    calling database thread goes on at once; elsewhere (Celery, commands, tests without a server)
    it is sent before this returns.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        pass  # a thread without a loop: below
    else:
        _queue_send(layer, match_id, message)
        return
    loop = _server_loop
    if loop is not None and loop.is_running():
        try:
            loop.call_soon_threadsafe(_queue_send, layer, match_id, message)
            return
        except RuntimeError:  # the loop closed in between (the server is stopping)
            pass
    async_to_sync(layer.group_send)(group_name(match_id), message)


_server_loop: asyncio.AbstractEventLoop | None = None
# The last send queued for each match: the next one waits for it, so a match's changes go out in
# the order they were handed over (a transaction's several changes, a timer then a bot turn). Two
# threads committing to one match may still hand theirs over crossed; the sockets keep the newest
# version, and a state that answers a socket's own action is still delivered to it.
_last_send: dict[int, asyncio.Task] = {}
SEND_TIMEOUT_S = 10  # a stuck send must not hold back the match's later ones for ever


def deliver_on(loop: asyncio.AbstractEventLoop) -> None:
    """Send broadcasts through this server's event loop (called on it, at start-up)."""
    global _server_loop
    _server_loop = loop


def _queue_send(layer, match_id: int, message: dict) -> None:
    previous = _last_send.get(match_id)
    if previous is not None and previous.get_loop() is not asyncio.get_running_loop():
        previous = None  # left by an event loop that is gone (tests run one loop after another)
    if previous is None and hasattr(layer, "group_send_nowait"):
        # Nothing of this match's is still on its way: handed over now, no task (games.realtime.channel_layer
        # keeps the order of what it is handed).
        try:
            layer.group_send_nowait(group_name(match_id), message)
        except Exception:
            log.warning("broadcast to match %s failed", match_id, exc_info=True)
        return
    task = asyncio.ensure_future(_send_after(previous, layer, match_id, message))
    _last_send[match_id] = task
    task.add_done_callback(lambda done: _sent(match_id, done))


async def _send_after(previous: asyncio.Task | None, layer, match_id: int, message: dict) -> None:
    if previous is not None:
        await asyncio.wait([previous])
    async with asyncio.timeout(SEND_TIMEOUT_S):  # no task of its own for the send, as wait_for makes
        await layer.group_send(group_name(match_id), message)


def _sent(match_id: int, task: asyncio.Task) -> None:
    if _last_send.get(match_id) is task:
        del _last_send[match_id]
    if not task.cancelled() and task.exception() is not None:
        log.warning("broadcast to match %s failed", match_id, exc_info=task.exception())
