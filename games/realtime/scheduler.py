"""Deadlines and computer turns with nobody acting.

Each ASGI process runs one asyncio loop task that, every `MATCH_SCHEDULER_INTERVAL_MS`, asks the
database which active matches are due (Match.next_due_ms, indexed) and calls
`moves.match_advance` for each. That service re-reads the match under its row lock and does only
what is due, so several processes (or a late wake-up) never apply a deadline or a bot move twice,
and a match nobody is connected to still moves on. It starts with the server (ASGI lifespan) and
is also started by the first socket, for servers without lifespan support.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from django.conf import settings

from games import clock, selectors
from games.realtime.db import run_in_db_thread
from games.services import moves

log = logging.getLogger(__name__)
_task: asyncio.Task | None = None


def run_due(now_ms: int | None = None) -> int:
    """One sweep: advance every due match. Returns the number of changes made."""
    changes = 0
    for match_id in selectors.due_match_ids(now_ms=clock.now_ms() if now_ms is None else now_ms):
        try:
            changes += moves.match_advance(match_id=match_id)
        except Exception:  # one broken match must not stop the others' clocks
            log.exception("advancing match %s failed", match_id)
    return changes


async def _loop() -> None:
    interval = settings.MATCH_SCHEDULER_INTERVAL_MS / 1000
    while True:
        try:
            await run_in_db_thread(run_due)()
        except Exception:
            log.exception("scheduler sweep failed")
        await asyncio.sleep(interval)


def ensure_running() -> None:
    """Start this process's scheduler in the running event loop, once."""
    global _task
    loop = asyncio.get_running_loop()
    if _task is None or _task.done() or _task.get_loop() is not loop:
        _task = loop.create_task(_loop(), name="match-scheduler")


async def stop() -> None:
    global _task
    if _task is not None:
        _task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await _task
        _task = None
