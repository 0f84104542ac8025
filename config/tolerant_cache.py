"""Django's Redis cache, tolerant of Redis being away: what a lesson does not need Redis for goes on.

The cache holds sessions' copies (the database keeps them: `cached_db`), the sign-in and throttle
counters, and presence. With Redis down (a restart, a failover, a network blink), Django's own backend
raised on every call, and every page, sign-in and new socket answered 500. Here an unreachable Redis
reads as an empty cache and a write is skipped: sessions come from the database, the limits count from
zero until Redis is back (a few seconds of no limits rather than a school locked out). One warning when
Redis is first unreachable, one when it answers again; never a traceback a call.

Its connections are the process's, not the request's: Django keeps a cache object per async context, so
under ASGI each request made a new client, a new pool and a new TCP connection to Redis (with its
handshake) for its session. Here every cache object of the process shares one pool per server.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import redis
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

log = logging.getLogger(__name__)
UNREACHABLE = (redis.ConnectionError, redis.TimeoutError)


class _Outage:
    """Whether Redis was unreachable at the last call, to log once each way (threads share it)."""

    def __init__(self) -> None:
        self.down = False
        self.lock = threading.Lock()

    def failed(self, error: Exception) -> None:
        with self.lock:
            if self.down:
                return
            self.down = True
        log.warning("the cache's Redis is unreachable (%s): answering as an empty cache until it is back", error)

    def answered(self) -> None:
        if not self.down:  # the common case, without the lock
            return
        with self.lock:
            if not self.down:
                return
            self.down = False
        log.warning("the cache's Redis answers again")


OUTAGE = _Outage()


def _tolerant(name: str, fallback: Callable[..., Any]) -> Callable[..., Any]:
    method = getattr(RedisCacheClient, name)

    def call(self: RedisCacheClient, *args: Any) -> Any:
        try:
            result = method(self, *args)
        except UNREACHABLE as error:
            OUTAGE.failed(error)
            return fallback(*args)
        OUTAGE.answered()
        return result

    call.__name__ = name
    return call


_POOLS: dict[str, redis.ConnectionPool] = {}  # by server URL and options: the process's connections
_POOLS_LOCK = threading.Lock()


class TolerantRedisCacheClient(RedisCacheClient):
    def __init__(self, servers: list[str], **options: Any) -> None:
        super().__init__(servers, **options)
        self._options_key = repr(sorted(self._pool_options.items(), key=lambda item: item[0]))

    def _get_connection_pool(self, write: bool) -> redis.ConnectionPool:
        index = self._get_connection_pool_index(write)
        key = f"{self._servers[index]} {self._options_key}"
        pool = _POOLS.get(key)
        if pool is None:
            with _POOLS_LOCK:
                pool = _POOLS.get(key)
                if pool is None:
                    pool = _POOLS[key] = self._pool_class.from_url(self._servers[index], **self._pool_options)
        return pool

    # What each call answers while Redis is unreachable: a miss, or a write that did not happen.
    add = _tolerant("add", lambda key, value, timeout: True)
    get = _tolerant("get", lambda key, default: default)
    set = _tolerant("set", lambda key, value, timeout: None)
    touch = _tolerant("touch", lambda key, timeout: False)
    delete = _tolerant("delete", lambda key: False)
    get_many = _tolerant("get_many", lambda keys: {})
    has_key = _tolerant("has_key", lambda key: False)
    incr = _tolerant("incr", lambda key, delta: delta)
    set_many = _tolerant("set_many", lambda data, timeout: None)
    delete_many = _tolerant("delete_many", lambda keys: None)
    clear = _tolerant("clear", lambda: False)


class TolerantRedisCache(RedisCache):
    def __init__(self, server: str, params: dict) -> None:
        super().__init__(server, params)
        self._class = TolerantRedisCacheClient
