"""A socket's action on PostgreSQL, on the event loop: two round trips, no thread.

The same service judges and records it (`moves.submit_on_locked`, the code the REST endpoint and
the thread path run) with the same guarantees: the match row is locked before it is read, the
version goes up by one under that lock, a repeated client_id is answered with its version, and
the broadcast leaves only after the commit. What differs is only how the statements travel:

1. BEGIN, the match row FOR UPDATE and its seats, sent together (one round trip);
2. the service runs on what was read; its writes are captured (`match_store.captured`), not sent;
3. the writes, as one statement unless a row is updated twice or a table added to twice
   (`Captured.combined`), and COMMIT, sent together (one round trip); then the broadcast.

Each call into psycopg costs (a cursor, a turn of the event loop), so the calls are few: BEGIN
is psycopg's own (the connections are not in autocommit), the reads' column names are kept per
query, and an ordinary move's five writes are one statement.

A refusal (an illegal move, a finished match) rolls back and is raised as the service raised it.
"""

from __future__ import annotations

from classroom.errors import NotFound
from games.realtime import async_db
from games.services import match_store, moves


async def submit_action(*, match_id: int, user_id: int, action: object, client_id: object) -> moves.Accepted:
    """`moves.match_submit_action` for a socket, on this event loop's own connection (see above)."""
    moves.check_client_id(client_id)
    (lock_sql, lock_params), (seats_sql, seats_params) = match_store.lock_queries(match_id, repeat_of=client_id)
    async with async_db.connections_of_this_loop().connection() as conn, conn.pipeline() as pipeline:
        # Not in autocommit: psycopg puts BEGIN before the first statement itself, without a call of ours.
        match_cursor, seats_cursor = conn.cursor(), conn.cursor()
        await match_cursor.execute(lock_sql, lock_params)
        await seats_cursor.execute(seats_sql, seats_params)
        await pipeline.sync()
        try:
            match = match_store.locked_match(await _rows(match_cursor, lock_sql), await _rows(seats_cursor, seats_sql))
            if match is None:
                raise NotFound("not_found", "No such match.")
            with match_store.captured() as capture:
                accepted = moves.submit_on_locked(match, user_id=user_id, action=action, client_id=client_id)
        except BaseException:
            await conn.rollback()
            raise
        for sql, params in capture.combined():
            await match_cursor.execute(sql, params)
        await match_cursor.execute("COMMIT")
    # Leaving the pipeline sent the writes and COMMIT and waited for them: committed (a failure raised).
    for callback in capture.after_commit:
        callback()
    return accepted


_columns: dict[str, list[str]] = {}  # per query: its result's column names (they change only with a migration)


async def _rows(cursor, sql: str) -> match_store.Rows:
    rows = await cursor.fetchall()
    columns = _columns.get(sql)
    if columns is None:
        columns = _columns[sql] = [column.name for column in cursor.description]
    return columns, rows
