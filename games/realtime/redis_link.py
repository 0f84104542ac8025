"""One lean connection to Redis for the channel layer: commands written as RESP, replies parsed by hiredis in
the connection's own callback, pub/sub messages handed on from there.

Every move is published once and read back by each process with a socket in the match. Through redis-py's
asyncio client, publishing a message and reading it back cost 188 µs of CPU (a pipeline object, its
command packing and reply handling, a task woken for every pub/sub message); this costs 56
(bench/redis_pubsub.py). It does only what the layer needs (PUBLISH in batches, SUBSCRIBE, UNSUBSCRIBE),
from the URLs redis-py takes (its `parse_url`): a password (and user), TLS with rediss://, a Unix socket
with unix://.
"""

from __future__ import annotations

import asyncio
import collections
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field

import hiredis
from redis.asyncio.connection import SSLConnection, UnixDomainSocketConnection, parse_url

OnMessage = Callable[[bytes, bytes], None]  # (channel, payload) of a pub/sub message


@dataclass
class _Owed:
    """Replies a write of `count` commands is owed, in order."""
    count: int
    future: asyncio.Future
    replies: list = field(default_factory=list)


class RedisLink(asyncio.Protocol):
    def __init__(self, on_message: OnMessage | None = None) -> None:
        self.on_message = on_message
        self.reader = hiredis.Reader()
        self.transport: asyncio.Transport | None = None
        self.owed: collections.deque[_Owed] = collections.deque()
        self.lost: asyncio.Future = asyncio.get_running_loop().create_future()  # done when the connection ends

    @classmethod
    async def open(cls, url: str, *, name: str, on_message: OnMessage | None = None,
                   timeout_s: float = 10) -> RedisLink:
        """Connect, sign in if the URL has a password, and name the connection (CLIENT LIST shows it)."""
        options = parse_url(url)
        loop = asyncio.get_running_loop()
        async with asyncio.timeout(timeout_s):
            if options.get("connection_class") is UnixDomainSocketConnection:
                _, link = await loop.create_unix_connection(lambda: cls(on_message), options["path"])
            else:
                secure = ssl.create_default_context() if options.get("connection_class") is SSLConnection else None
                _, link = await loop.create_connection(lambda: cls(on_message), options.get("host", "localhost"),
                                                       options.get("port", 6379), ssl=secure)
            try:
                if options.get("password"):
                    await link.send([b"AUTH", *([options["username"]] if options.get("username") else []),
                                     options["password"]])
                await link.send([b"CLIENT", b"SETNAME", name])
            except BaseException:
                link.close()
                raise
        return link

    @property
    def closed(self) -> bool:
        return self.lost.done()

    def send(self, *commands: list) -> asyncio.Future:
        """Write these commands at once; the future gets their replies, in order (a Redis error is raised).
        Each command must have one reply: SUBSCRIBE one channel at a time."""
        if self.transport is None or self.closed:
            raise ConnectionError("the connection to Redis is closed")
        owed = _Owed(len(commands), asyncio.get_running_loop().create_future())
        self.owed.append(owed)
        self.transport.write(b"".join(_command(arguments) for arguments in commands))
        return owed.future

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()

    # --- asyncio.Protocol ---
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        try:
            while (reply := self.reader.gets()) is not False:
                if self.on_message is not None and type(reply) is list and reply and reply[0] == b"message":
                    self.on_message(reply[1], reply[2])
                else:
                    self._answer(reply)
        except hiredis.ProtocolError:  # not Redis, or out of step: nothing more on this connection is trusted
            self.close()

    def _answer(self, reply: object) -> None:
        if not self.owed:
            self.close()  # a reply nobody asked for: out of step
            return
        owed = self.owed[0]
        owed.replies.append(reply)
        if len(owed.replies) < owed.count:
            return
        self.owed.popleft()
        if owed.future.done():  # its writer gave up waiting
            return
        error = next((reply for reply in owed.replies if isinstance(reply, hiredis.ReplyError)), None)
        if error is not None:
            owed.future.set_exception(error)
        else:
            owed.future.set_result(owed.replies)

    def connection_lost(self, exc: Exception | None) -> None:
        while self.owed:
            future = self.owed.popleft().future
            if not future.done():
                future.set_exception(ConnectionError("the connection to Redis was lost"))
        if not self.lost.done():
            self.lost.set_result(None)


def _command(arguments: list) -> bytes:
    parts = [b"*%d\r\n" % len(arguments)]
    for argument in arguments:
        value = argument.encode() if isinstance(argument, str) else argument
        parts.append(b"$%d\r\n%s\r\n" % (len(value), value))
    return b"".join(parts)
