"""A socket's action on PostgreSQL, on the event loop: one or two round trips, no thread.

The same service judges and records it (`moves.submit_on_locked`, the code the REST endpoint and
the thread path run) with the same guarantees: the match row is locked before it is read, the
version goes up by one under that lock, a repeated client_id is answered with its version, and
the broadcast leaves only after the commit. What differs is only how the statements travel:

1. BEGIN, the match row FOR UPDATE and its seats, sent together (one round trip);
2. the service runs on what was read; its writes are captured (`match_store.captured`), not sent;
3. the writes, as one statement unless a row is updated twice or a table added to twice
   (`Captured.combined`), and COMMIT, sent together (one round trip); then the broadcast.

When the match's last change was a socket's move that this event loop made
(games.realtime.kept_matches), step 1 is skipped: the service runs on the match as that
move left it, and one round trip carries a check that locks the row and fails unless nothing has
written it since, and the writes: one transaction without BEGIN or COMMIT (PostgreSQL commits the
statements up to the round trip's Sync as one, or rolls them back whole; games.realtime.pg_pipeline),
answered only once it is committed. If the check fails (the match changed elsewhere), or the
action's client_id is already recorded (its insert fails), nothing was written: the transaction was
rolled back with the failure, and the move goes steps 1-3. A refusal judged on the kept match goes steps 1-3 too,
so it is judged on the row as it is.

Each round trip is one send and one wait on the connection's socket (games.realtime.pg_pipeline:
libpq's pipeline mode, statements prepared at their first use), and an ordinary move's five writes
are one statement.

A refusal (an illegal move, a finished match) rolls back (a third round trip) and is raised as the
service raised it. A move PostgreSQL has not answered within MOVE_TIMEOUT_S (a lock held for long, a
database or network that stopped answering) is given up: its connection is closed, which frees its
place in the pool, and the child is told (ServiceError "slow"). A move given up while its one round trip
(BEGIN to COMMIT) waited for the row lock may still commit once the lock is free: the page shows it with
the next state, and a tap sent again is answered as a repeat or refused as a move already made.

A database error or a cancelled task leaves the connection to be closed, which rolls back what it
began. A kept connection whose server went away while it sat idle (PostgreSQL restarted, the backend
was ended) fails in its first round trip, before anything was written: the move is tried once more
on a new connection, so the child's tap is slower, not lost.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import psycopg
from django.conf import settings

from classroom.errors import NotFound, ServiceError
from games.models import Match
from games.realtime import async_db, kept_matches
from games.realtime.db import run_in_db_thread
from games.services import match_store, moves

log = logging.getLogger(__name__)


class _StaleConnection(Exception):
    """A connection kept from earlier moves failed at once: its server went away while it was idle."""


SLOW = "The game is slow to answer right now. If your move does not show, try it again."


async def submit_action(*, match_id: int, user_id: int, action: Any, client_id: Any) -> moves.Accepted:
    """`moves.match_submit_action` for a socket: on PostgreSQL on this event loop's own connection (see above);
    on SQLite (`make run`), which has no such connection, through the database thread, where the same service
    runs in Django's transaction. Both judge the move under `match_store.judged_without_queries`. A move not
    answered within MOVE_TIMEOUT_S is given up: its connection is closed, and ServiceError("slow") raised."""
    if not async_db.available():
        return await run_in_db_thread(moves.submit_by_user_id)(match_id=match_id, user_id=user_id, action=action,
                                                                client_id=client_id)
    moves.check_client_id(client_id)
    try:
        async with asyncio.timeout(settings.MOVE_TIMEOUT_S):
            return await _submit_once_more_if_stale(match_id=match_id, user_id=user_id, action=action,
                                                    client_id=client_id)
    except TimeoutError:
        log.warning("match %s: a move was not answered within %s s and was given up", match_id,
                    settings.MOVE_TIMEOUT_S)
        raise ServiceError("slow", SLOW) from None


async def _submit_once_more_if_stale(*, match_id: int, user_id: int, action: Any,
                                     client_id: Any) -> moves.Accepted:
    pool = async_db.connections_of_this_loop()
    try:
        return await _submit(pool, match_id=match_id, user_id=user_id, action=action, client_id=client_id)
    except _StaleConnection:
        await pool.drop_idle()
    try:
        return await _submit(pool, match_id=match_id, user_id=user_id, action=action, client_id=client_id)
    except _StaleConnection as again:  # only if another move put back a dead one meanwhile: raised as it came
        raise (again.__cause__ or again) from None


Done = tuple[Match, moves.Accepted, match_store.Captured, str | None]  # and the row's version, if it was written


async def _submit(pool: async_db.LoopConnections, *, match_id: int, user_id: int, action: Any,
                  client_id: Any) -> moves.Accepted:
    known = kept_matches.of_this_loop()
    kept = known.take(match_id)
    async with pool.connection() as conn:
        done = None
        if kept is not None:
            done = await _on_kept(conn, kept, user_id=user_id, action=action, client_id=client_id)
        if done is None:
            done = await _on_locked(conn, match_id, user_id=user_id, action=action, client_id=client_id)
    match, accepted, capture, row_version = done
    # The COMMIT's answer was read (an error raised): committed.
    if row_version is not None:
        known.keep(match, row_version)
    for callback in capture.after_commit:
        callback()
    return accepted


async def _on_kept(conn, kept: kept_matches.Kept, *, user_id: int, action: Any, client_id: Any) -> Done | None:
    """The move judged on the match as this loop last committed it, in one round trip; None if it must go
    the usual way (refused on what was kept, or the row changed since: nothing was written)."""
    match = kept.match
    try:
        with match_store.captured() as capture, match_store.judged_without_queries():
            accepted = moves.submit_on_locked(match, user_id=user_id, action=action, client_id=client_id)
    except ServiceError:
        return None
    # No BEGIN or COMMIT: the round trip is one implicit transaction, committed at its Sync.
    sent = [match_store.unchanged_query(match.pk, kept.row_version), *capture.combined_then_row_version(match.pk)]
    try:
        *_, (_, [(row_version,)]) = await conn.round_trip(sent)
    except (psycopg.errors.DivisionByZero, psycopg.errors.UniqueViolation):
        return None  # changed since, or this client_id is recorded (rolled back): the locked read tells
    except psycopg.OperationalError as error:
        # A connection that died while idle took nothing with it; a retry is harmless only for an action
        # with a client_id (answered as a repeat if it did commit after all).
        if conn.round_trips and conn.broken and isinstance(client_id, str):
            raise _StaleConnection from error
        raise
    return match, accepted, capture, row_version


async def _on_locked(conn, match_id: int, *, user_id: int, action: Any, client_id: Any) -> Done:
    lock, seats = match_store.lock_queries(match_id, repeat_of=client_id)
    try:
        _, match_rows, seat_rows = await conn.round_trip([_BEGIN, lock, seats])
    except psycopg.OperationalError as error:
        if conn.round_trips and conn.broken:  # nothing was written: BEGIN and reads, gone with it
            raise _StaleConnection from error
        raise
    try:
        match = match_store.locked_match(match_rows, seat_rows)
        if match is None:
            raise NotFound("not_found", "No such match.")
        with match_store.captured() as capture, match_store.judged_without_queries():
            accepted = moves.submit_on_locked(match, user_id=user_id, action=action, client_id=client_id)
    except BaseException:
        if conn.settled and conn.in_transaction:
            await conn.round_trip([_ROLLBACK])
        raise
    if not capture.statements:  # a repeat: nothing to write
        await conn.round_trip([_COMMIT])
        return match, accepted, capture, None
    *_, (_, [(row_version,)]), _ = await conn.round_trip(
        [*capture.combined_then_row_version(match.pk), _COMMIT])
    return match, accepted, capture, row_version


_BEGIN, _COMMIT, _ROLLBACK = ("BEGIN", None), ("COMMIT", None), ("ROLLBACK", None)
