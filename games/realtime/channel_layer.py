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

Redis is spoken to through redis-py (with hiredis), from the same URL the cache and Celery use, so its
TLS options (`rediss://...?ssl_cert_reqs=required&ssl_ca_certs=...`) hold here too; a host given as
`{"sentinels": [(host, port), ...], "master_name": ...}` is found through Redis Sentinel. Each loop has
two connections: one publishes (a pipeline per batch), one listens. The listener pings Redis after
HEALTH_CHECK_S of silence and counts a connection that does not answer within as many seconds again as
lost (a half-open connection is noticed); it reconnects by itself (every RECONNECT_S until Redis answers)
and subscribes again to what the loop listens to. A publish whose connection failed is logged and the
next batch goes out on a new connection. While Redis is away, a socket still joins (after JOIN_WAIT_S at
most) and hears this process's changes; the listener subscribes it when Redis is back. What other
processes publish meanwhile is lost, so the loop's sockets are sent `{"type": "layer.unheard"}` every
CATCH_UP_S while the listener is lost and `{"type": "layer.reconnected"}` once it hears again: the match
socket then reads its match's version and sends a fresh state if it changed. An outage is logged once
each way, without tracebacks.

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
from typing import Any

import msgpack
import orjson
import redis.asyncio
from channels.layers import BaseChannelLayer
from redis.asyncio.retry import Retry
from redis.asyncio.sentinel import Sentinel
from redis.backoff import NoBackoff

log = logging.getLogger(__name__)
ORIGIN_BYTES = 32  # a loop's id, hex: the first bytes of every payload it publishes
PUBLISH_TIMEOUT_S = 5  # a batch Redis has not answered by then is logged as failed; its connection closed
RECONNECT_S = 1  # between the listener's attempts to reach Redis again
HEALTH_CHECK_S = 15  # the listener pings Redis after this long without a message; no answer as long again: lost
HELLO_WAIT_S = 2  # how long a loop that joins a group waits for the other listeners' answers (then logs)
# How long a socket that joins waits for the loop's listener (its first connection takes milliseconds); past
# that Redis is away, and the socket goes on with this process only until it is back.
JOIN_WAIT_S = 1
# While the listener is lost, how often this loop's sockets are told to catch up from the database.
CATCH_UP_S = 3
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
        self.host: str | dict = hosts[0]
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
        self.listener: redis.asyncio.client.PubSub | None = None  # while connected, with `subscribed` subscribed
        self.confirmed: dict[bytes, asyncio.Future] = {}  # a SUBSCRIBE sent, until Redis confirms it
        self.listening = asyncio.Event()
        self.reader: asyncio.Task | None = None  # keeps the listener connected
        self.outbox: list[tuple[str, bytes, asyncio.Future | None]] = []
        # A group's Redis channel: how many listeners the last PUBLISH reached, and when it was answered.
        self.reach: dict[str, tuple[int, float]] = {}
        self.listen_failing = self.publish_failing = False  # during an outage: to log it once
        self.was_lost = False  # the listener had a connection, and lost it
        self.epoch = 0  # goes up whenever a count in `reach` may have gone stale (a hello heard, a lost listener)
        self.joining: dict[str, asyncio.Future] = {}  # a channel this loop is saying hello on: settled when done
        self.answers: dict[str, tuple[set[bytes], asyncio.Event]] = {}  # who answered this loop's hello, by channel
        self.publisher: asyncio.Task | None = None
        self.publishing = _client(owner.host, f"mpg-publish-{self.origin}")
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
        try:
            async with asyncio.timeout(JOIN_WAIT_S):
                await self.listening.wait()
        except TimeoutError:
            self.join_without_redis(redis_channel)
            return
        async with self.subscribing:
            listening = redis_channel in self.subscribed
            if not listening:
                if self.listener is None:  # lost just now
                    self.join_without_redis(redis_channel)
                    return
                try:
                    await self.subscribe_on(self.listener, [redis_channel])
                except (ConnectionError, TimeoutError, redis.RedisError):
                    self.join_without_redis(redis_channel)
                    return
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

    def tell_own_sockets(self, message_type: str) -> None:
        """Hand each socket of this loop in a group one `{"type": message_type}` (a socket in two groups, once)."""
        channels = set().union(*self.groups.values()) if self.groups else set()
        self.deliver(channels, {"type": message_type})

    def join_without_redis(self, redis_channel: str) -> None:
        """Redis is away: the socket goes on with this process's sockets only. The channel is listened to, and
        hello said there, by the listener once Redis answers again (listen_once subscribes to `subscribed`)."""
        self.subscribed.add(redis_channel)
        log.debug("joined %s while Redis is away", redis_channel)

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
                if self.listener is not None:
                    with contextlib.suppress(redis.RedisError):  # lost meanwhile: the next one will not subscribe it
                        await self.listener.unsubscribe(redis_channel)

    async def subscribe_on(self, pubsub: redis.asyncio.client.PubSub, channels: list[str]) -> None:
        """SUBSCRIBE, and return once Redis has confirmed each channel (the listener reads the confirmations)."""
        loop = asyncio.get_running_loop()
        waiting = [self.confirmed.setdefault(channel.encode(), loop.create_future()) for channel in channels]
        await pubsub.subscribe(*channels)
        async with asyncio.timeout(PUBLISH_TIMEOUT_S):
            await asyncio.gather(*[asyncio.shield(future) for future in waiting])

    async def listen(self) -> None:
        """Keep a listening connection, subscribed to `subscribed`: opened again whenever it is lost. While it is
        lost, this loop's sockets are told every CATCH_UP_S to catch up from the database (`layer.unheard`): what
        other processes publish meanwhile does not reach them."""
        client = _client(self.owner.host, f"mpg-listen-{self.origin}")
        unheard_since = _now()
        try:
            while True:
                if await self.listen_once(client.pubsub()):
                    unheard_since = _now()  # it listened, and has just lost its connection
                elif _now() - unheard_since >= CATCH_UP_S:
                    self.tell_own_sockets("layer.unheard")
                    unheard_since = _now()
                await asyncio.sleep(RECONNECT_S)
        finally:
            with contextlib.suppress(Exception):
                await client.aclose()

    async def listen_once(self, pubsub: redis.asyncio.client.PubSub) -> bool:
        """Connect, subscribe again to what this loop listens to, and hand on messages until the connection is lost.
        False if it could not connect."""
        reading = None
        try:
            try:
                async with asyncio.timeout(PUBLISH_TIMEOUT_S):
                    await pubsub.connect()
                    reading = asyncio.ensure_future(self.read(pubsub))
                    if self.subscribed:  # after a lost connection: what this loop's sockets listen to
                        await self.subscribe_on(pubsub, list(self.subscribed))
            except Exception as error:
                if not self.listen_failing:  # once an outage, not every RECONNECT_S
                    log.warning("reaching Redis to listen failed (%r); trying again every %s s", error, RECONNECT_S)
                self.listen_failing = True
                return False
            unheard = self.was_lost or self.listen_failing  # what other processes published meanwhile was lost
            if self.listen_failing:
                log.warning("listening to Redis again")
            self.listen_failing = False
            self.listener = pubsub
            self.listening.set()
            if unheard:  # its sockets read afresh
                self.tell_own_sockets("layer.reconnected")
            self.was_lost = True  # from now on, a return from here is a lost connection
            for channel in self.subscribed:  # listening again: whoever kept quiet meanwhile publishes again
                if self.is_group(channel):
                    self.queue_publish(channel, _HELLO, {}, None)
            await asyncio.wait([reading])
            log.warning("the connection to Redis was lost; messages from other processes wait for a new one")
            return True
        finally:
            if self.listener is pubsub:
                self.listening.clear()
                self.listener = None
                self.epoch += 1  # unsubscribed everywhere: nothing Redis counted before holds
                self.reach.clear()
            if reading is not None:
                reading.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await reading
            with contextlib.suppress(Exception):
                await pubsub.aclose()

    async def read(self, pubsub: redis.asyncio.client.PubSub) -> None:
        """Hand on each message the listening connection gets, until it is lost (an error, or no answer to a
        ping within HEALTH_CHECK_S)."""
        pinged = False
        try:
            while True:
                message = await pubsub.get_message(timeout=HEALTH_CHECK_S)
                if message is None:
                    if pinged:
                        log.warning("Redis did not answer a ping within %s s", HEALTH_CHECK_S)
                        return
                    await pubsub.ping()
                    pinged = True
                    continue
                pinged = False
                kind = message["type"]
                if kind == b"message" or kind == "message":
                    self.heard(message["channel"], message["data"])
                elif kind in ("subscribe", b"subscribe"):
                    confirmed = self.confirmed.pop(message["channel"], None)
                    if confirmed is not None and not confirmed.done():
                        confirmed.set_result(None)
        except Exception:
            log.debug("the listening connection failed", exc_info=True)
        finally:
            for future in self.confirmed.values():
                if not future.done():
                    future.set_exception(ConnectionError("the connection to Redis was lost"))
            self.confirmed.clear()

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
                    epoch = self.epoch  # as the batch is written: a hello heard after this may not be in its counts
                    async with self.publishing.pipeline(transaction=False) as pipe:
                        for redis_channel, payload, _ in batch:
                            pipe.publish(redis_channel, payload)
                        counts = await pipe.execute()
                for (redis_channel, *_), count in zip(batch, counts, strict=True):
                    # Only while this loop listens (the dict stays small), and not if a hello came meanwhile.
                    if redis_channel in self.subscribed and self.epoch == epoch and self.is_group(redis_channel):
                        self.reach[redis_channel] = (count, _now())
            except Exception as error:
                if not self.publish_failing:  # once an outage: the sockets of other processes catch up by sync
                    log.warning("publishing %s message(s) to Redis failed (%r); later failures are not logged until "
                                "a publish succeeds", len(batch), error)
                self.publish_failing = True
                await self.publishing.connection_pool.disconnect()  # the next batch on a new connection
            else:
                if self.publish_failing:
                    log.warning("publishing to Redis works again")
                self.publish_failing = False
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
        with contextlib.suppress(Exception):
            await self.publishing.aclose()
        self.queues.clear()
        self.groups.clear()
        self.subscribed.clear()


def _client(host: str | dict, name: str) -> redis.asyncio.Redis:
    """A Redis client for `host` (a URL, or a dict with `address`, or with `sentinels` and `master_name`), its
    connections named `name` (CLIENT LIST shows it). No retries of its own: a failure is this layer's to
    handle (the listener reconnects and says hello; a failed batch is logged)."""
    options: dict[str, Any] = {"client_name": name, "health_check_interval": HEALTH_CHECK_S,
                               "retry": Retry(NoBackoff(), 0)}
    if isinstance(host, dict) and "sentinels" in host:
        sentinel = Sentinel(host["sentinels"], sentinel_kwargs=host.get("sentinel_kwargs"))
        return sentinel.master_for(host["master_name"], **options)
    return redis.asyncio.Redis.from_url(host["address"] if isinstance(host, dict) else host, **options)


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

    loop.close = close  # type: ignore[method-assign]  # wrapped on purpose, as the docstring says
