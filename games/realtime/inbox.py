"""A consumer's messages from one queue: its socket's frames and its channel's messages, in the order they came.

Channels' consumer loop (`await_many_dispatch`) waits on a new task for each message, through `asyncio.wait`
on two tasks each time: a few microseconds of the event loop's time for every frame and every broadcast,
which a move pays several times over. Here the channel layer's messages go into one queue that the consumer
reads; its frames are moved into the same queue by one task for the socket's life.

With the project's channel layer (`games.realtime.channel_layer`), that queue is the channel's own, so a
broadcast wakes the consumer once. With another layer (the in-memory one, for `make run` and the tests), a
second task moves its messages in.

A message is handled before the next one is read, as Channels does it. The channel's messages may fill
the queue to the layer's `capacity` (the layer drops what comes after, as it always has). Frames wait
instead, and may fill at most half of it: a flood of frames (a stuck key) once filled the queue, and the
state that answered its first action was dropped for want of room (tests/e2e/test_socket_flood.py).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable

from channels.exceptions import StopConsumer
from channels.layers import get_channel_layer

Message = dict
Source = Callable[[], Awaitable[Message]]


# Frames queued at most, when the queue itself has no bound (the in-memory layer's case).
FRAMES_QUEUED_MAX = 50


class _Frame:
    """A frame from the socket, in the queue: its place is given back when it is taken out."""

    __slots__ = ("message",)

    def __init__(self, message: Message) -> None:
        self.message = message


class _SourceFailed:
    """What a source raised, passed to the consumer in its place."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


async def run(consumer, scope: dict, receive: Source, send: Callable[[Message], Awaitable[None]]) -> None:
    """`AsyncConsumer.__call__` for `consumer` (an AsyncConsumer with a channel layer), with one queue."""
    consumer.scope = scope
    consumer.channel_layer = layer = get_channel_layer(consumer.channel_layer_alias)
    consumer.channel_name = name = await layer.new_channel()
    consumer.base_send = send
    own_inbox = getattr(layer, "inbox", None)
    if own_inbox is not None:
        queue, sources = own_inbox(name), [receive]
    else:
        queue, sources = asyncio.Queue(), [receive, lambda: layer.receive(name)]
    frames_room = asyncio.Semaphore(max(1, (queue.maxsize or FRAMES_QUEUED_MAX * 2) // 2))
    movers = [asyncio.ensure_future(_move(receive, queue, frames_room))]
    movers += [asyncio.ensure_future(_move(source, queue)) for source in sources[1:]]
    try:
        while True:
            message = await queue.get()
            if type(message) is _SourceFailed:
                raise message.error
            if type(message) is _Frame:
                frames_room.release()
                message = message.message
            await consumer.dispatch(message)
    except StopConsumer:
        pass
    finally:
        for mover in movers:
            mover.cancel()
        for mover in movers:
            with contextlib.suppress(asyncio.CancelledError):
                await mover
        if own_inbox is not None:
            layer.close_inbox(name)


async def _move(source: Source, queue: asyncio.Queue, room: asyncio.Semaphore | None = None) -> None:
    """Move `source`'s messages into `queue`; with `room`, each as a _Frame that first takes a place in it."""
    try:
        while True:
            message = await source()
            if room is None:
                await queue.put(message)
            else:
                await room.acquire()
                await queue.put(_Frame(message))
    except asyncio.CancelledError:
        raise
    except BaseException as error:  # handed to the consumer, which raises it
        await queue.put(_SourceFailed(error))
