"""A socket's action on PostgreSQL, on the event loop: two round trips, no thread.

The same service judges and records it (`moves.submit_on_locked`, the code the REST endpoint and
the thread path run) with the same guarantees: the match row is locked before it is read, the
version goes up by one under that lock, a repeated client_id is answered with its version, and
the broadcast leaves only after the commit. What differs is only how the statements travel:

1. BEGIN, the match row FOR UPDATE and its seats, sent together (one round trip);
2. the service runs on what was read; its writes are captured (`match_store.captured`), not sent;
3. the writes, as one statement unless a row is updated twice or a table added to twice
   (`Captured.combined`), and COMMIT, sent together (one round trip); then the broadcast.

Each round trip is one send and one wait on the connection's socket (games.realtime.pg_pipeline:
libpq's pipeline mode, statements prepared at their first use), and an ordinary move's five writes
are one statement.

A refusal (an illegal move, a finished match) rolls back (a third round trip) and is raised as the
service raised it. A database error or a cancelled task leaves the connection to be closed, which
rolls back what it began. A kept connection whose server went away while it sat idle (PostgreSQL
restarted, the backend was ended) fails in its first round trip, before anything was written: the
move is tried once more on a new connection, so the child's tap is slower, not lost.
"""

from __future__ import annotations

import psycopg

from classroom.errors import NotFound
from games.realtime import async_db
from games.services import match_store, moves


class _StaleConnection(Exception):
    """A connection kept from earlier moves failed at once: its server went away while it was idle."""


async def submit_action(*, match_id: int, user_id: int, action: object, client_id: object) -> moves.Accepted:
    """`moves.match_submit_action` for a socket, on this event loop's own connection (see above)."""
    moves.check_client_id(client_id)
    pool = async_db.connections_of_this_loop()
    try:
        return await _submit(pool, match_id=match_id, user_id=user_id, action=action, client_id=client_id)
    except _StaleConnection:
        await pool.drop_idle()
    try:
        return await _submit(pool, match_id=match_id, user_id=user_id, action=action, client_id=client_id)
    except _StaleConnection as again:  # only if another move put back a dead one meanwhile: raised as it came
        raise again.__cause__ from None


async def _submit(pool: async_db.LoopConnections, *, match_id: int, user_id: int, action: object,
                  client_id: object) -> moves.Accepted:
    lock, seats = match_store.lock_queries(match_id, repeat_of=client_id)
    async with pool.connection() as conn:
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
            with match_store.captured() as capture:
                accepted = moves.submit_on_locked(match, user_id=user_id, action=action, client_id=client_id)
        except BaseException:
            if conn.settled and conn.in_transaction:
                await conn.round_trip([_ROLLBACK])
            raise
        await conn.round_trip([*capture.combined(), _COMMIT])
    # The COMMIT's answer was read (an error raised): committed.
    for callback in capture.after_commit:
        callback()
    return accepted


_BEGIN, _COMMIT, _ROLLBACK = ("BEGIN", None), ("COMMIT", None), ("ROLLBACK", None)
