"""The Channels layer on Redis: a group's sockets in this process are handed a message at once;
Redis pub/sub carries it to the other server processes only.

A match's broadcast used to go out to Redis and come back before even a socket of the same process
saw it, one PUBLISH at a time per process (channels_redis's pub/sub layer waits for each reply
under a lock), then was decoded once per socket: at about 200 moves a second a process spent its
time waiting for its turn to publish, and a move's state reached the opponent hundreds of
milliseconds late (bench/ws_latency.py). Here:

- `group_send` puts the message in the queues of the group's sockets in this event loop, then
  queues one PUBLISH; everything queued while a batch is in flight goes in the next batch, as one
  pipelined round trip on one connection;
- each event loop subscribes to a group's Redis channel while it has a socket in the group, and
  decodes a message once for all its sockets there; a message carries its sender's id, and the
  sender skips its own;
- `send` to one channel: at once if it is in this loop, else through the loop's own Redis channel
  (a channel's name carries its loop's id).

Delivery is best-effort, as with any pub/sub layer: a socket that falls `capacity` messages behind
loses the newer ones (logged), a publish that fails is logged, and the clients recover with
versions and `sync`. A message handed to the sockets of this loop is shared, not copied: consumers
must not change it (the match socket builds its own reply).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
import weakref

import msgpack
from channels.layers import BaseChannelLayer
from redis import asyncio as aioredis

log = logging.getLogger(__name__)
ORIGIN_BYTES = 32  # a loop's id, hex: the first bytes of every payload it publishes


class LocalFirstChannelLayer(BaseChannelLayer):
    extensions = ["groups", "flush"]

    def __init__(self, hosts: list, prefix: str = "asgi", capacity: int = 100, expiry: int = 60, **_) -> None:
        super().__init__(expiry=expiry, capacity=capacity)
        host = hosts[0]
        self.url: str = host["address"] if isinstance(host, dict) else host
        self.max_connections: int = host.get("max_connections", 50) if isinstance(host, dict) else 50
        self.prefix = prefix
        self._loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _LoopLayer] = weakref.WeakKeyDictionary()

    def _layer(self) -> _LoopLayer:
        loop = asyncio.get_running_loop()
        layer = self._loops.get(loop)
        if layer is None:
            layer = self._loops[loop] = _LoopLayer(self, loop)
        return layer

    async def new_channel(self, prefix: str = "specific.") -> str:
        return await self._layer().new_channel(prefix)

    async def send(self, channel: str, message: dict) -> None:
        await self._layer().send(channel, message)

    async def receive(self, channel: str) -> dict:
        return await self._layer().receive(channel)

    async def group_add(self, group: str, channel: str) -> None:
        await self._layer().group_add(group, channel)

    async def group_discard(self, group: str, channel: str) -> None:
        await self._layer().group_discard(group, channel)

    async def group_send(self, group: str, message: dict) -> None:
        await self._layer().group_send(group, message)

    async def flush(self) -> None:
        loop = asyncio.get_running_loop()
        layer = self._loops.pop(loop, None)
        if layer is not None:
            await layer.close()


class _LoopLayer:
    """The layer's state in one event loop: its sockets' queues, its groups, its Redis connections."""

    def __init__(self, owner: LocalFirstChannelLayer, loop: asyncio.AbstractEventLoop) -> None:
        self.owner = owner
        self.origin = uuid.uuid4().hex
        self.origin_bytes = self.origin.encode()
        self.queues: dict[str, asyncio.Queue] = {}
        self.groups: dict[str, set[str]] = {}
        self.redis = aioredis.Redis.from_url(owner.url, max_connections=owner.max_connections)
        self.pubsub = self.redis.pubsub()
        self.subscribed: set[str] = set()
        self.subscribing = asyncio.Lock()
        self.reader: asyncio.Task | None = None
        self.outbox: list[tuple[str, bytes, asyncio.Future]] = []
        self.publisher: asyncio.Task | None = None
        _close_before(loop, self)

    # --- names ---
    def group_channel(self, group: str) -> str:
        return f"{self.owner.prefix}.group.{group}"

    def loop_channel(self, origin: str) -> str:
        return f"{self.owner.prefix}.loop.{origin}"

    # --- channels ---
    async def new_channel(self, prefix: str) -> str:
        name = f"{self.owner.prefix}.{prefix}{self.origin}!{uuid.uuid4().hex}"
        self.queues[name] = asyncio.Queue(maxsize=self.owner.capacity)
        await self.subscribe(self.loop_channel(self.origin))
        return name

    async def send(self, channel: str, message: dict) -> None:
        if channel in self.queues:
            self.deliver([channel], message)
            return
        origin = channel.rpartition("!")[0][-ORIGIN_BYTES:]
        await self.publish(self.loop_channel(origin), channel, message)

    async def receive(self, channel: str) -> dict:
        queue = self.queues.get(channel)
        if queue is None:
            queue = self.queues[channel] = asyncio.Queue(maxsize=self.owner.capacity)
        try:
            return await queue.get()
        except asyncio.CancelledError:
            # Channels cancels a consumer's receive when the consumer ends: its channel goes too.
            self.queues.pop(channel, None)
            raise

    def deliver(self, channels, message: dict) -> None:
        for channel in channels:
            queue = self.queues.get(channel)
            if queue is None:
                continue
            try:
                queue.put_nowait(message)
            except asyncio.QueueFull:
                log.warning("channel %s is %s messages behind: a message was dropped", channel, queue.qsize())

    # --- groups ---
    async def group_add(self, group: str, channel: str) -> None:
        self.groups.setdefault(group, set()).add(channel)
        await self.subscribe(self.group_channel(group))

    async def group_discard(self, group: str, channel: str) -> None:
        members = self.groups.get(group)
        if members is None or channel not in members:
            return
        members.discard(channel)
        if not members:
            del self.groups[group]
            await self.unsubscribe(self.group_channel(group), group)

    async def group_send(self, group: str, message: dict) -> None:
        self.deliver(list(self.groups.get(group, ())), message)
        await self.publish(self.group_channel(group), group, message)

    # --- Redis ---
    async def subscribe(self, redis_channel: str) -> None:
        async with self.subscribing:
            if redis_channel in self.subscribed:
                return
            await self.pubsub.subscribe(redis_channel)
            self.subscribed.add(redis_channel)
        if self.reader is None:  # one reader for the loop's life: the connection exists from the first subscribe
            self.reader = asyncio.ensure_future(self.read())

    async def unsubscribe(self, redis_channel: str, group: str) -> None:
        async with self.subscribing:
            if redis_channel in self.subscribed and group not in self.groups:  # nobody re-joined meanwhile
                await self.pubsub.unsubscribe(redis_channel)
                self.subscribed.discard(redis_channel)

    async def publish(self, redis_channel: str, target: str, message: dict) -> None:
        """Queue one PUBLISH and wait until the batch it went out in was answered (or failed: logged)."""
        payload = self.origin_bytes + msgpack.packb([target, message], use_bin_type=True)
        sent = asyncio.get_running_loop().create_future()
        self.outbox.append((redis_channel, payload, sent))
        if self.publisher is None or self.publisher.done():
            self.publisher = asyncio.ensure_future(self.publish_all())
        await asyncio.shield(sent)

    async def publish_all(self) -> None:
        while self.outbox:
            batch, self.outbox = self.outbox, []
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for redis_channel, payload, _ in batch:
                        pipe.publish(redis_channel, payload)
                    await pipe.execute()
            except Exception:
                log.warning("publishing %s message(s) to Redis failed", len(batch), exc_info=True)
            for *_, sent in batch:
                if not sent.done():
                    sent.set_result(None)

    async def read(self) -> None:
        group_prefix = self.group_channel("")
        while True:
            try:
                item = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=None)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("reading from Redis failed; trying again in 1 s", exc_info=True)
                await asyncio.sleep(1)
                continue
            if item is None or item.get("type") != "message":
                continue
            payload = item["data"]
            if payload[:ORIGIN_BYTES] == self.origin_bytes:
                continue  # our own: already handed to this loop's sockets
            try:
                target, message = msgpack.unpackb(payload[ORIGIN_BYTES:], raw=False)
            except Exception:
                log.warning("an unreadable message on %s was dropped", item.get("channel"))
                continue
            channel = item["channel"].decode() if isinstance(item["channel"], bytes) else item["channel"]
            if channel.startswith(group_prefix):
                self.deliver(list(self.groups.get(target, ())), message)
            else:
                self.deliver([target], message)

    async def close(self) -> None:
        for task in (self.reader, self.publisher):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.redis.aclose()
        self.queues.clear()
        self.groups.clear()
        self.subscribed.clear()


def _close_before(loop: asyncio.AbstractEventLoop, layer: _LoopLayer) -> None:
    """Close the layer's Redis connections when its loop closes (a loop made for one `async_to_sync` call
    closes right after it), not later from a garbage collector with no loop to close them on."""
    original = loop.close

    def close() -> None:
        if not loop.is_running() and not loop.is_closed():
            with contextlib.suppress(Exception):
                loop.run_until_complete(layer.close())
        original()

    loop.close = close
