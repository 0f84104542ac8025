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
- a group whose last PUBLISH reached only this loop's own listener (the proxy keeps a match's sockets
  on one process) is not published to again until another loop says it listens: a loop that
  subscribes to a group publishes a "hello" there and, before its socket goes on (and reads the
  match), waits until every other listener Redis counted has answered it, so none of them is still
  keeping quiet then. A change committed before that answer is in what the new socket reads; one
  after it is published. A PUBLISH answer that may predate a hello is not believed (`epoch`), and
  none is believed for longer than QUIET_S;
- `send` to one channel: at once if it is in this loop, else through the loop's own Redis channel
  (a channel's name carries its loop's id).

Redis is spoken to through two lean connections per loop (games.realtime.redis_link): one publishes, one
listens and hands each message on from its own callback. The listener reconnects by itself (every second
until Redis answers) and subscribes again to what the loop listens to; a publish whose connection failed
is logged and the next batch opens a new one.

Delivery is best-effort, as with any pub/sub layer: a socket that falls `capacity` messages behind
loses the newer ones (logged), a publish that fails is logged, and the clients recover with
versions and `sync`. A message handed to the sockets of this loop is shared, not copied: consumers
must not change it (the match socket builds its own reply).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import uuid
import weakref

import msgpack
import orjson
from channels.layers import BaseChannelLayer

from games.realtime.redis_link import RedisLink

log = logging.getLogger(__name__)
ORIGIN_BYTES = 32  # a loop's id, hex: the first bytes of every payload it publishes
PUBLISH_TIMEOUT_S = 5  # a batch Redis has not answered by then is logged as failed; its connection closed
RECONNECT_S = 1  # between the listener's attempts to reach Redis again
HELLO_WAIT_S = 2  # how long a loop that joins a group waits for the other listeners' answers (then logs)
# A loop keeps quiet on what one count told it for this long at most, then publishes once to count again:
# a listener that never said hello (a process on older code during a deploy) hears the match's newest
# state within this time.
QUIET_S = 10
_now = time.monotonic
_HELLO, _ACK = "\x00hello", "\x00ack"  # control messages on a group's channel (no group has these names)


class LocalFirstChannelLayer(BaseChannelLayer):
    extensions = ["groups", "flush"]

    def __init__(self, hosts: list, prefix: str = "asgi", capacity: int = 100, expiry: int = 60, **_) -> None:
        super().__init__(expiry=expiry, capacity=capacity)
        host = hosts[0]
        self.url: str = host["address"] if isinstance(host, dict) else host
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

    def inbox(self, channel: str) -> asyncio.Queue:
        """The queue this loop's messages for `channel` go into: for a consumer that reads it itself instead of
        calling `receive` for each message (games.realtime.inbox). It may put its own messages in too."""
        return self._layer().inbox(channel)

    def close_inbox(self, channel: str) -> None:
        """The consumer of `channel` is gone: its messages go nowhere from now on."""
        self._layer().queues.pop(channel, None)

    async def group_add(self, group: str, channel: str) -> None:
        await self._layer().group_add(group, channel)

    async def group_discard(self, group: str, channel: str) -> None:
        await self._layer().group_discard(group, channel)

    async def group_send(self, group: str, message: dict) -> None:
        await self._layer().group_send(group, message)

    def group_send_nowait(self, group: str, message: dict) -> None:
        """`group_send` without waiting for Redis (on the event loop): handed to this loop's sockets at once,
        its PUBLISH queued behind every one queued before it, so a caller's messages keep their order."""
        self._layer().group_send_nowait(group, message)

    def reached_others(self, group: str) -> bool:
        """Whether the last message this event loop published to the group reached another process (or
        loop) listening to it, by Redis's own count; True when no answer is known yet. A hint only: a
        process may start listening at any time."""
        return self._layer().reached_others(group)

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
        self.group_prefix_text = self.group_channel("")
        self.group_prefix = self.group_prefix_text.encode()
        self.subscribed: set[str] = set()
        self.subscribing = asyncio.Lock()
        self.listener: RedisLink | None = None  # while connected, with everything in `subscribed` subscribed
        self.listening = asyncio.Event()
        self.reader: asyncio.Task | None = None  # keeps the listener connected
        self.outbox: list[tuple[str, bytes, asyncio.Future | None]] = []
        # A group's Redis channel: how many listeners the last PUBLISH reached, and when it was answered.
        self.reach: dict[str, tuple[int, float]] = {}
        self.epoch = 0  # goes up whenever a count in `reach` may have gone stale (a hello heard, a lost listener)
        self.joining: dict[str, asyncio.Future] = {}  # a channel this loop is saying hello on: settled when done
        self.answers: dict[str, tuple[set[bytes], asyncio.Event]] = {}  # who answered this loop's hello, by channel
        self.publisher: asyncio.Task | None = None
        self.publish_link: RedisLink | None = None
        _close_before(loop, self)

    # --- names ---
    def group_channel(self, group: str) -> str:
        return f"{self.owner.prefix}.group.{group}"

    def is_group(self, redis_channel: str) -> bool:
        return redis_channel.startswith(self.group_prefix_text)

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

    def inbox(self, channel: str) -> asyncio.Queue:
        queue = self.queues.get(channel)
        if queue is None:
            queue = self.queues[channel] = asyncio.Queue(maxsize=self.owner.capacity)
        return queue

    async def receive(self, channel: str) -> dict:
        queue = self.inbox(channel)
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
        if not self.alone(self.group_channel(group)):
            await self.publish(self.group_channel(group), group, message)

    def group_send_nowait(self, group: str, message: dict) -> None:
        self.deliver(list(self.groups.get(group, ())), message)
        if not self.alone(self.group_channel(group)):
            self.queue_publish(self.group_channel(group), group, message, None)

    def alone(self, redis_channel: str) -> bool:
        """Only this loop listens to the channel, as far as it knows: its last PUBLISH there reached only its
        own listener, and no hello was heard since."""
        count, at = self.reach.get(redis_channel, (None, 0.0))
        return (count == 1 and redis_channel in self.subscribed and self.listener is not None
                and _now() - at < QUIET_S)

    def reached_others(self, group: str) -> bool:
        redis_channel = self.group_channel(group)
        count, _ = self.reach.get(redis_channel, (None, 0.0))
        if count is None:
            return True
        return count > (1 if redis_channel in self.subscribed else 0)  # this loop's own listener counts too

    # --- Redis ---
    async def subscribe(self, redis_channel: str) -> None:
        """Listen to a channel; return once this loop's hello there was answered (see the module's notes)."""
        async with self.subscribing:
            listening = redis_channel in self.subscribed
            if not listening and self.reader is None:  # one for the loop's life, from the first subscribe
                self.reader = asyncio.ensure_future(self.listen())
        if listening:
            await self.hello_done(redis_channel)
            return
        async with asyncio.timeout(PUBLISH_TIMEOUT_S):  # Redis unreachable: refused, as a failed connect is
            await self.listening.wait()
        async with self.subscribing:
            listening = redis_channel in self.subscribed
            if not listening:
                if self.listener is None:  # lost just now: refused, as a failed connect is
                    raise ConnectionError("the connection to Redis was lost")
                await self.listener.send([b"SUBSCRIBE", redis_channel])
                self.subscribed.add(redis_channel)
                if not self.is_group(redis_channel):  # a loop's own channel: only this loop listens there
                    return
                joined = self.joining[redis_channel] = asyncio.get_running_loop().create_future()
        if listening:
            await self.hello_done(redis_channel)
            return
        try:
            await self.say_hello(redis_channel)
        finally:
            del self.joining[redis_channel]
            joined.set_result(None)

    async def hello_done(self, redis_channel: str) -> None:
        """A second socket that joins while the first one's hello is under way goes on only after it too."""
        joined = self.joining.get(redis_channel)
        if joined is not None:
            await asyncio.shield(joined)

    async def say_hello(self, redis_channel: str) -> None:
        """Publish a hello on a channel this loop has just subscribed to, then wait until every other
        listener Redis delivered it to has answered (each stops keeping quiet there before it answers)."""
        answered: set[bytes] = set()
        more = asyncio.Event()
        self.answers[redis_channel] = (answered, more)
        try:
            sent = asyncio.get_running_loop().create_future()
            self.queue_publish(redis_channel, _HELLO, {}, sent)
            listeners = await asyncio.shield(sent)
            others = (listeners or 1) - 1  # this loop's own listener heard it too; None: the publish failed
            try:
                async with asyncio.timeout(HELLO_WAIT_S):
                    while len(answered) < others:
                        more.clear()
                        await more.wait()
            except TimeoutError:  # a listener of an older version, or one gone meanwhile
                log.warning("%s of %s other listeners of %s did not answer a hello within %s s",
                            others - len(answered), others, redis_channel, HELLO_WAIT_S)
        finally:
            del self.answers[redis_channel]

    async def unsubscribe(self, redis_channel: str, group: str) -> None:
        async with self.subscribing:
            if redis_channel in self.subscribed and group not in self.groups:  # nobody re-joined meanwhile
                self.subscribed.discard(redis_channel)
                self.reach.pop(redis_channel, None)
                if self.listener is not None and not self.listener.closed:
                    with contextlib.suppress(ConnectionError):  # lost meanwhile: the next one will not subscribe it
                        await self.listener.send([b"UNSUBSCRIBE", redis_channel])

    async def listen(self) -> None:
        """Keep a listening connection, subscribed to `subscribed`: opened again whenever it is lost."""
        while True:
            try:
                link = await RedisLink.open(self.owner.url, name=f"mpg-listen-{self.origin}", on_message=self.heard)
            except Exception:
                log.warning("reaching Redis to listen failed; trying again in %s s", RECONNECT_S, exc_info=True)
                await asyncio.sleep(RECONNECT_S)
                continue
            try:
                if self.subscribed:  # after a lost connection: what this loop's sockets listen to
                    await link.send(*[[b"SUBSCRIBE", channel] for channel in self.subscribed])  # a reply each
            except Exception:
                log.warning("subscribing again on Redis failed", exc_info=True)
                link.close()
                continue
            self.listener = link
            self.listening.set()
            for channel in self.subscribed:  # listening again: whoever kept quiet meanwhile publishes again
                if self.is_group(channel):
                    self.queue_publish(channel, _HELLO, {}, None)
            await asyncio.shield(link.lost)  # (a cancelled wait must not cancel the link's own future)
            self.listening.clear()
            self.listener = None
            self.epoch += 1  # unsubscribed everywhere: nothing Redis counted before holds
            self.reach.clear()
            log.warning("the connection to Redis was lost; messages from other processes wait for a new one")
            await asyncio.sleep(RECONNECT_S)

    def heard(self, redis_channel: bytes, payload: bytes) -> None:
        if payload[:ORIGIN_BYTES] == self.origin_bytes:
            return  # our own: already handed to this loop's sockets
        try:
            target, message = _unpacked(memoryview(payload)[ORIGIN_BYTES:])
        except Exception:
            log.warning("an unreadable message on %s was dropped", redis_channel)
            return
        if target == _HELLO:
            self.heard_hello(redis_channel.decode(), bytes(payload[:ORIGIN_BYTES]))
        elif target == _ACK:
            waiting = self.answers.get(redis_channel.decode())
            if waiting is not None and message.get("to") == self.origin:
                waiting[0].add(bytes(payload[:ORIGIN_BYTES]))
                waiting[1].set()
        elif redis_channel.startswith(self.group_prefix):
            self.deliver(list(self.groups.get(target, ())), message)
        else:
            self.deliver([target], message)

    def heard_hello(self, redis_channel: str, origin: bytes) -> None:
        """Another loop listens to this channel now: publish there again from now on, and say so."""
        self.epoch += 1
        self.reach.pop(redis_channel, None)
        self.queue_publish(redis_channel, _ACK, {"to": origin.decode()}, None)

    async def publish(self, redis_channel: str, target: str, message: dict) -> None:
        """Queue one PUBLISH and wait until the batch it went out in was answered (or failed: logged)."""
        sent = asyncio.get_running_loop().create_future()
        self.queue_publish(redis_channel, target, message, sent)
        await asyncio.shield(sent)

    def queue_publish(self, redis_channel: str, target: str, message: dict, sent: asyncio.Future | None) -> None:
        """Queue one PUBLISH for the next batch (`sent`, if any, is settled once that batch is answered)."""
        payload = self.origin_bytes + _packed([target, message])
        self.outbox.append((redis_channel, payload, sent))
        if self.publisher is None or self.publisher.done():
            self.publisher = asyncio.ensure_future(self.publish_all())

    async def publish_all(self) -> None:
        while self.outbox:
            batch, self.outbox = self.outbox, []
            try:
                async with asyncio.timeout(PUBLISH_TIMEOUT_S):
                    if self.publish_link is None or self.publish_link.closed:
                        self.publish_link = await RedisLink.open(self.owner.url, name=f"mpg-publish-{self.origin}")
                    epoch = self.epoch  # as the batch is written: a hello heard after this may not be in its counts
                    counts = await self.publish_link.send(*[[b"PUBLISH", redis_channel, payload]
                                                            for redis_channel, payload, _ in batch])
                for (redis_channel, *_), count in zip(batch, counts, strict=True):
                    # Only while this loop listens (the dict stays small), and not if a hello came meanwhile.
                    if redis_channel in self.subscribed and self.epoch == epoch and self.is_group(redis_channel):
                        self.reach[redis_channel] = (count, _now())
            except Exception:
                log.warning("publishing %s message(s) to Redis failed", len(batch), exc_info=True)
                if self.publish_link is not None:
                    self.publish_link.close()  # a new one for the next batch
                    self.publish_link = None
            else:
                for (*_, sent), count in zip(batch, counts, strict=True):
                    if sent is not None and not sent.done():
                        sent.set_result(count)  # how many listeners it reached
            for *_, sent in batch:
                if sent is not None and not sent.done():
                    sent.set_result(None)

    async def close(self) -> None:
        for task in (self.reader, self.publisher):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        for link in (self.listener, self.publish_link):
            if link is not None:
                link.close()
                await asyncio.wait([link.lost], timeout=PUBLISH_TIMEOUT_S)
        self.queues.clear()
        self.groups.clear()
        self.subscribed.clear()


# What JSON would carry differently from msgpack is refused by orjson and goes as msgpack: bytes, keys that are
# not text, integers beyond 64 bits, datetimes and dataclasses (which msgpack refuses too, as it always has).
_JSON_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


def _packed(value: list) -> bytes:
    """The payload for [target, message]: JSON written by orjson (a Fultiples move's broadcast in about a fifth
    of msgpack's CPU, bench/broadcast_payload.py), else msgpack. A NaN would arrive as null; no message holds
    one."""
    try:
        return orjson.dumps(value, option=_JSON_OPTIONS)
    except TypeError:
        return msgpack.packb(value, use_bin_type=True)


def _unpacked(payload: memoryview) -> list:
    """[target, message] from `_packed`: a JSON array starts with "[", msgpack's array of two with 0x92 (as
    every process before JSON wrote it, so a server being upgraded still reads the others)."""
    return orjson.loads(payload) if payload[:1] == b"[" else msgpack.unpackb(payload, raw=False)


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
