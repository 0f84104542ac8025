"""Database calls made by the sockets and the scheduler, on the server process's own thread(s).

Channels' `database_sync_to_async` runs them in the one thread it shares with everything else
that is thread-sensitive; here they have an executor of their own, `DATABASE_THREADS` wide.
More than one thread lets PostgreSQL work for different matches overlap (each thread borrows its
own pooled connection; a match's row lock keeps its changes in order), but every thread wants
the same interpreter lock, and each return from the database waits for it: measured with
`bench/ws_latency.py` at 200 matches, 2 and 3 threads gave a higher p50 and p99 than 1 on two
cores, so 1 is the default. SQLite allows one writer at a time, so with SQLite it is always 1.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection, connections

_executor: ThreadPoolExecutor | None = None


def thread_count() -> int:
    return 1 if connection.vendor == "sqlite" else max(1, settings.DATABASE_THREADS)


def _pool() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=thread_count(), thread_name_prefix="db")
    return _executor


def run_in_db_thread(func: Callable[..., Any]) -> Callable[..., Awaitable[Any]]:
    """Like `database_sync_to_async(func)`: stale connections are closed around the call."""
    return database_sync_to_async(func, thread_sensitive=False, executor=_pool())


def close_connections() -> None:
    """Close the database connections held by the pool's threads, then the threads (at shutdown)."""
    global _executor
    executor, _executor = _executor, None
    if executor is None:
        return
    threads = executor._max_workers
    every_thread = threading.Barrier(threads)  # each task waits for the others: one per thread

    def close_mine() -> None:
        connections.close_all()
        with contextlib.suppress(threading.BrokenBarrierError):  # a thread busy past the wait
            every_thread.wait(timeout=10)

    for future in [executor.submit(close_mine) for _ in range(threads)]:
        future.result()
    executor.shutdown(wait=True)
