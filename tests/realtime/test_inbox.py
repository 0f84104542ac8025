"""A consumer's one queue (games/realtime/inbox.py): its frames and its channel's messages are handled one at a
time, in the order they came, with the project's layer (the channel's own queue) and with Channels' in-memory
layer (a second task moves its messages in); the channel goes with the consumer."""

import asyncio
import os
import uuid

import pytest
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import InMemoryChannelLayer
from channels.testing import WebsocketCommunicator

from games.realtime import inbox
from games.realtime.channel_layer import LocalFirstChannelLayer

pytestmark = pytest.mark.asyncio
WAIT = 10  # seconds: generous, for a loaded CI machine


def redis_layer():
    return LocalFirstChannelLayer(hosts=[os.environ["REDIS_URL"]], prefix=f"test-{uuid.uuid4().hex}")


LAYERS = [pytest.param(InMemoryChannelLayer, id="in-memory"),
          pytest.param(redis_layer, id="project", marks=pytest.mark.services)]


class Recorder(AsyncWebsocketConsumer):
    """Says what it handled, in order. The frame "hold" is handled until the test lets it go."""

    holding: asyncio.Event
    released: asyncio.Event
    channels: list

    async def __call__(self, scope, receive, send):
        await inbox.run(self, scope, receive, send)

    async def connect(self):
        await self.channel_layer.group_add("room", self.channel_name)
        self.channels.append(self.channel_name)
        await self.accept()

    async def receive(self, text_data=None, bytes_data=None):
        if text_data == "hold":
            self.holding.set()
            await self.released.wait()
        await self.send(text_data=f"frame {text_data}")

    async def room_said(self, message):
        await self.send(text_data=f"room {message['n']}")


@pytest.fixture
def layer(request, monkeypatch):
    made = request.param()
    monkeypatch.setattr(inbox, "get_channel_layer", lambda alias: made)
    return made


def recorder():
    Recorder.holding, Recorder.released, Recorder.channels = asyncio.Event(), asyncio.Event(), []
    return WebsocketCommunicator(Recorder.as_asgi(), "/ws/test/")


async def heard(socket, count: int) -> list[str]:
    return [await socket.receive_from(timeout=WAIT) for _ in range(count)]


@pytest.mark.parametrize("layer", LAYERS, indirect=True)
async def test_frames_and_channel_messages_are_handled_one_at_a_time_in_the_order_they_came(layer):
    socket = recorder()
    project = isinstance(layer, LocalFirstChannelLayer)

    async def queued(count: int) -> None:
        """With the project's layer: until the consumer's queue holds `count` messages (polled, with a limit)."""
        if project:
            queue = layer._layer().queues[Recorder.channels[0]]
            async with asyncio.timeout(WAIT):
                while queue.qsize() < count:
                    await asyncio.sleep(0.01)

    try:
        assert (await socket.connect(timeout=WAIT))[0]
        await socket.send_to(text_data="hold")
        await asyncio.wait_for(Recorder.holding.wait(), WAIT)
        await socket.send_to(text_data="after")
        await queued(1)
        for n in (1, 2):
            await layer.group_send("room", {"type": "room.said", "n": n})
        await socket.send_to(text_data="last")
        await queued(4)
        assert await socket.receive_nothing(timeout=0.2)  # still handling "hold": nothing else has begun
        Recorder.released.set()
        got = await heard(socket, 5)
        assert [text for text in got if text.startswith("frame")] == ["frame hold", "frame after", "frame last"]
        assert [text for text in got if text.startswith("room")] == ["room 1", "room 2"]
        if project:  # one queue, in the order things came (the in-memory layer's are moved in by a task of their own)
            assert got == ["frame hold", "frame after", "room 1", "room 2", "frame last"]
    finally:
        await socket.disconnect()
        if project:
            await layer.flush()


@pytest.mark.parametrize("layer", LAYERS, indirect=True)
async def test_a_consumer_that_ended_leaves_no_channel_behind_and_hears_nothing_more(layer):
    socket = recorder()
    try:
        assert (await socket.connect(timeout=WAIT))[0]
        await socket.disconnect()
        await socket.wait(timeout=WAIT)  # the consumer has returned
        channel = Recorder.channels[0]
        if isinstance(layer, LocalFirstChannelLayer):
            assert channel not in layer._layer().queues
        else:
            assert channel not in layer.channels
        await layer.group_send("room", {"type": "room.said", "n": 3})  # nobody there: nothing raised
    finally:
        if isinstance(layer, LocalFirstChannelLayer):
            await layer.flush()


async def test_what_a_source_raised_is_raised_by_the_consumer(monkeypatch):
    monkeypatch.setattr(inbox, "get_channel_layer", lambda alias: InMemoryChannelLayer())

    async def broken_receive():
        raise OSError("the socket's reader broke")

    async def send(message):
        pass

    with pytest.raises(OSError, match="reader broke"):
        await asyncio.wait_for(inbox.run(Recorder(), {"type": "websocket"}, broken_receive, send), WAIT)
