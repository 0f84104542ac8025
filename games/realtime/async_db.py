"""PostgreSQL connections of the server's event loop (psycopg 3, async), for the sockets' move path.

A move from a socket used to cross to a database thread and back and wait there behind every other
match's moves: one thread per process, and each return from PostgreSQL waited for the interpreter
lock. These connections are used on the event loop itself, so many matches' moves are in flight at
once, each on its own connection, and the loop runs other sockets while PostgreSQL works.

Each event loop has its own small pool (`MOVE_CONNECTIONS` wide, opened as needed and kept): a
server has one loop, a test one per test. The connections are made like Django's (same database,
same type conversions: `DatabaseWrapper.get_connection_params`) but bind parameters on the server,
so psycopg prepares the move path's few statements after their first uses. Only PostgreSQL: with
SQLite the move path stays on the database thread (games.realtime.db).
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import AsyncIterator

import psycopg
from django.conf import settings
from django.db import connection


def available() -> bool:
    return connection.vendor == "postgresql" and settings.MOVE_CONNECTIONS > 0


class LoopConnections:
    """At most `size` connections of one event loop; idle ones are kept for the next move."""

    def __init__(self, params: dict, size: int) -> None:
        self.params = params
        self.slots = asyncio.Semaphore(size)
        self.idle: list[psycopg.AsyncConnection] = []
        self.closed = False

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[psycopg.AsyncConnection]:
        async with self.slots:
            conn = self.idle.pop() if self.idle else await psycopg.AsyncConnection.connect(**self.params)
            try:
                yield conn
            finally:
                # Kept only if it is whole and outside a transaction (a block that raised has rolled back).
                if (self.closed or conn.broken or conn.closed
                        or conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE):
                    await conn.close()
                else:
                    self.idle.append(conn)

    async def close(self) -> None:
        self.closed = True
        idle, self.idle = self.idle, []
        for conn in idle:
            await conn.close()

    def abandon(self) -> None:
        """Close the idle connections without the event loop (it may be closed already)."""
        self.closed = True
        idle, self.idle = self.idle, []
        for conn in idle:
            conn.pgconn.finish()


_by_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, LoopConnections] = weakref.WeakKeyDictionary()


def connection_params() -> dict:
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)  # psycopg's own: parameters bound on the server
    params.pop("prepare_threshold", None)  # psycopg's default: prepared after a few uses
    params["autocommit"] = False  # psycopg begins a transaction with the first statement; the move path ends it
    return params


def connections_of_this_loop() -> LoopConnections:
    loop = asyncio.get_running_loop()
    pool = _by_loop.get(loop)
    if pool is None:
        pool = _by_loop[loop] = LoopConnections(connection_params(), settings.MOVE_CONNECTIONS)
    return pool


async def close() -> None:
    """Close this loop's connections (server shutdown)."""
    pool = _by_loop.pop(asyncio.get_running_loop(), None)
    if pool is not None:
        await pool.close()


def abandon_all() -> None:
    """Close every loop's idle connections, from outside any loop (tests: before the database is dropped)."""
    for pool in list(_by_loop.values()):
        pool.abandon()
    _by_loop.clear()
