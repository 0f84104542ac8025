"""PostgreSQL connections of the server's event loop (psycopg 3, async), for the sockets' move path.

A move from a socket used to cross to a database thread and back and wait there behind every other
match's moves: one thread per process, and each return from PostgreSQL waited for the interpreter
lock. These connections are used on the event loop itself, so many matches' moves are in flight at
once, each on its own connection, and the loop runs other sockets while PostgreSQL works.

Each event loop has its own small pool (`MOVE_CONNECTIONS` wide, opened as needed and kept): a
server has one loop, a test one per test. The connections are made like Django's (same database,
same type conversions: `DatabaseWrapper.get_connection_params`) and driven a round trip at a time
through libpq's pipeline mode (games.realtime.pg_pipeline), which prepares the move path's few
statements at their first use. Only PostgreSQL: with SQLite the move path stays on the database
thread (games.realtime.db).
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import AsyncIterator

from django.conf import settings
from django.db import connection

from games.realtime.pg_pipeline import PipelineConnection
from games.services import match_store


def available() -> bool:
    return match_store.on_postgresql() and settings.MOVE_CONNECTIONS > 0


class LoopConnections:
    """At most `size` connections of one event loop; idle ones are kept for the next move."""

    def __init__(self, params: dict, size: int) -> None:
        self.params = params
        self.slots = asyncio.Semaphore(size)
        self.idle: list[PipelineConnection] = []
        self.closed = False

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[PipelineConnection]:
        async with self.slots:
            conn = self.idle.pop() if self.idle else await PipelineConnection.connect(self.params)
            try:
                yield conn
            finally:
                # Kept only if it is whole and outside a transaction (a block that raised has rolled back).
                if self.closed or not conn.reusable:
                    await conn.close()
                else:
                    self.idle.append(conn)

    async def drop_idle(self) -> None:
        """Close the idle connections (one was found dead: PostgreSQL restarting ends them all)."""
        idle, self.idle = self.idle, []
        for conn in idle:
            await conn.close()

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
            conn.abandon()


_by_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, LoopConnections] = weakref.WeakKeyDictionary()


def connection_params() -> dict:
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)  # no cursors: games.realtime.pg_pipeline sends the statements
    params.pop("prepare_threshold", None)
    params["autocommit"] = True  # psycopg begins nothing itself: the move path sends BEGIN and COMMIT
    # Every statement of the move path finds its rows by key, so one plan serves every call: without this,
    # PostgreSQL plans each prepared statement afresh for its first five calls on each connection, and may go
    # on doing so (a move's statements differ by how many attempts and tallies it writes).
    params["options"] = f"{params.get('options', '')} -c plan_cache_mode=force_generic_plan".strip()
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
