"""games/realtime/pg_pipeline.py: a round trip's statements, results, errors and cut-off round trips."""

import asyncio
import contextlib
import datetime
import json
import os

import psycopg
import pytest
from psycopg.types.json import Jsonb

from games.realtime import async_db, pg_pipeline
from games.realtime.pg_pipeline import PipelineConnection, numbered

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                                 reason="the event-loop move path is PostgreSQL's; SQLite uses the thread path")]
WAIT = 20  # seconds, for a loaded CI machine
TABLE = "CREATE TEMPORARY TABLE note (id int PRIMARY KEY, body text, data jsonb, at timestamptz, ok boolean)"
HOSTILE = "Robert'); DROP TABLE note;-- \\ $1 %s 100% ünïcødé 🦊 \u202e"


async def test_placeholders_are_numbered_and_a_doubled_percent_is_a_percent():
    assert numbered("SELECT %s, %s WHERE body LIKE '10%%'") == b"SELECT $1, $2 WHERE body LIKE '10%'"


async def test_without_parameters_the_sql_goes_as_written_as_with_psycopg():
    async with connected() as conn:
        answers = await conn.round_trip([("SELECT '100%%'", None), ("SELECT %s || '%%'", ["50"])])
        assert [rows for _, rows in answers] == [[("100%%",)], [("50%",)]]


async def test_an_error_code_psycopg_does_not_know_is_still_a_psycopg_error_with_its_details():
    async with connected() as conn:
        with pytest.raises(psycopg.DatabaseError) as raised:
            await conn.round_trip([("DO $$ BEGIN RAISE EXCEPTION 'a trigger says no' USING ERRCODE = 'ZZ123'; "
                                    "END $$", None)])
        assert raised.value.diag.sqlstate == "ZZ123"
        assert raised.value.diag.message_primary == "a trigger says no"


@contextlib.asynccontextmanager
async def connected():
    """A connection of its own with an empty temporary table `note`; closed after the block."""
    conn = await PipelineConnection.connect(async_db.connection_params())
    try:
        await asyncio.wait_for(conn.round_trip([(TABLE, None)]), WAIT)
        yield conn
    finally:
        await conn.close()


async def prepared_here(conn: PipelineConnection) -> set[str]:
    (_, rows), = await conn.round_trip([("SELECT statement FROM pg_prepared_statements", None)])
    return {row[0] for row in rows}


async def test_a_round_trip_answers_each_statement_and_values_come_back_as_they_went():
    async with connected() as conn:
        at = datetime.datetime(2026, 11, 24, 9, 0, tzinfo=datetime.UTC)
        insert = "INSERT INTO note (id, body, data, at, ok) VALUES (%s, %s, %s, %s, %s)"
        answers = await asyncio.wait_for(conn.round_trip([
            ("BEGIN", None),
            (insert, [1, HOSTILE, Jsonb({"cells": [1, None], "name": HOSTILE}), at, True]),
            (insert, [2, None, None, None, False]),
            ("SELECT id, body, data, at, ok FROM note ORDER BY id", None),
            ("COMMIT", None),
        ]), WAIT)
        assert answers[:3] == [None, None, None]
        columns, rows = answers[3]
        assert columns == ["id", "body", "data", "at", "ok"]
        assert rows[0][:2] == (1, HOSTILE)
        assert rows[0][3] == at
        assert rows[0][4] is True
        assert json.loads(rows[0][2]) == {"cells": [1, None], "name": HOSTILE}  # Django's loader: the JSON text
        assert rows[1] == (2, None, None, None, False)
        assert answers[4] is None
        assert conn.reusable


async def test_a_statement_is_prepared_at_its_first_use_and_reused_after():
    async with connected() as conn:
        select = "SELECT %s::int + 1"
        assert (await conn.round_trip([(select, [1])]))[0][1] == [(2,)]
        assert (await conn.round_trip([(select, [41])]))[0][1] == [(42,)]
        assert list(conn.prepared) == [TABLE, select]
        assert "SELECT $1::int + 1" in await prepared_here(conn)


async def test_a_prepared_statement_is_planned_once_not_for_each_of_its_first_calls():
    """The move path's connections keep one plan per statement (plan_cache_mode): PostgreSQL would otherwise
    plan a statement afresh for its first five calls on each connection."""
    async with connected() as conn:
        select = "SELECT body FROM note WHERE id = %s"
        for key in range(3):
            await conn.round_trip([(select, [key])])
        (_, rows), = await conn.round_trip([("SELECT generic_plans, custom_plans FROM pg_prepared_statements "
                                             "WHERE statement = %s", [numbered(select).decode()])])
        assert rows == [(3, 0)]


async def test_past_the_limit_statements_still_run_unprepared(monkeypatch):
    monkeypatch.setattr(pg_pipeline, "PREPARED_MAX", 1)
    async with connected() as conn:
        answers = await conn.round_trip([("SELECT %s::text", ["a"]), ("SELECT %s::int * 2", [21])])
        assert [rows for _, rows in answers] == [[("a",)], [(42,)]]
        assert list(conn.prepared) == [TABLE]
        assert conn.reusable


async def test_an_error_is_raised_as_psycopg_raises_it_and_the_rest_of_the_round_trip_is_not_applied():
    async with connected() as conn:
        insert = ("INSERT INTO note (id) VALUES (%s)", [1])
        with pytest.raises(psycopg.errors.UniqueViolation):
            await conn.round_trip([("BEGIN", None), insert, insert, ("COMMIT", None)])
        assert conn.settled
        assert conn.in_transaction
        assert not conn.reusable
        await conn.round_trip([("ROLLBACK", None)])
        assert conn.reusable
        assert (await conn.round_trip([("SELECT count(*) FROM note", None)]))[0][1] == [(0,)]
    async with connected() as conn:
        with pytest.raises(psycopg.errors.UndefinedTable):
            await conn.round_trip([("SELECT * FROM no_such_table WHERE id = %s", [1])])
        assert conn.reusable  # outside a transaction, the Sync ended the failed statement's own
        assert (await conn.round_trip([("SELECT 1", None)]))[0][1] == [(1,)]


async def count_of(conn: PipelineConnection, table: str) -> int:
    (_, [(count,)]), = await conn.round_trip([(f"SELECT count(*) FROM {table}", None)])
    return count


async def test_a_round_trip_without_begin_is_one_transaction_committed_whole_or_not_at_all():
    async with connected() as conn:
        one, two = ("INSERT INTO note (id) VALUES (%s)", [1]), ("INSERT INTO note (id) VALUES (%s)", [2])
        with pytest.raises(psycopg.errors.UniqueViolation):
            await conn.round_trip([one, two, one])
        assert conn.reusable  # rolled back at the Sync: nothing left to roll back by hand
        assert await count_of(conn, "note") == 0  # the two inserts before the failure went with it
        await conn.round_trip([one, two])
        await conn.round_trip([("ROLLBACK", None)])  # nothing open: they were committed at the Sync
        assert await count_of(conn, "note") == 2


async def test_a_commit_that_fails_at_the_end_of_a_round_trip_is_raised_and_the_connection_stays_usable():
    """A deferred constraint is checked at the commit, after the statements' own answers: it must not pass
    for a committed move."""
    async with connected() as conn:
        await conn.round_trip([("CREATE TEMPORARY TABLE parent (id int PRIMARY KEY)", None),
                               ("CREATE TEMPORARY TABLE child (id int PRIMARY KEY, parent int REFERENCES parent (id) "
                                "DEFERRABLE INITIALLY DEFERRED)", None)])
        with pytest.raises(psycopg.errors.ForeignKeyViolation):
            await asyncio.wait_for(conn.round_trip([("INSERT INTO child VALUES (%s, %s)", [1, 99]),
                                                    ("SELECT count(*) FROM child", None)]), WAIT)
        assert conn.reusable
        assert await count_of(conn, "child") == 0
        await conn.round_trip([("INSERT INTO parent VALUES (%s)", [99]),
                               ("INSERT INTO child VALUES (%s, %s)", [1, 99])])
        assert await count_of(conn, "child") == 1


async def test_a_statement_skipped_after_an_error_is_prepared_when_it_is_next_used():
    """Its PREPARE was queued behind the failing statement and never ran: it is not taken as prepared."""
    async with connected() as conn:
        later = ("SELECT %s::int * 3", [2])
        with pytest.raises(psycopg.errors.DivisionByZero):
            await conn.round_trip([("SELECT 1 / %s::int", [0]), later])
        assert later[0] not in conn.prepared
        assert (await conn.round_trip([later]))[0][1] == [(6,)]
        assert "SELECT $1::int * 3" in await prepared_here(conn)


async def test_a_cancelled_round_trip_leaves_the_connection_unfit_and_the_pool_replaces_it():
    pool = async_db.connections_of_this_loop()
    async with pool.connection() as conn:
        assert (await conn.round_trip([("SELECT 1", None)]))[0][1] == [(1,)]
    first = pool.idle[0]

    async def slow():
        async with pool.connection() as conn:
            await conn.round_trip([("SELECT pg_sleep(5)", None)])

    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(slow(), 0.2)
    assert first.conn.closed
    assert pool.idle == []
    async with pool.connection() as conn:
        assert conn is not first
        assert (await conn.round_trip([("SELECT 2", None)]))[0][1] == [(2,)]
    assert pool.idle == [conn]


def end_backend(backend: int) -> None:
    """What PostgreSQL restarting, or an administrator, does to one connection."""
    params = async_db.connection_params()
    params.pop("context", None)
    with psycopg.connect(**params) as outside:
        outside.execute("SELECT pg_terminate_backend(%s)", [backend])


async def backend_of(conn: PipelineConnection) -> int:
    (_, [(backend,)]), = await conn.round_trip([("SELECT pg_backend_pid()", None)])
    return backend


async def test_a_connection_whose_server_went_away_raises_and_is_not_used_again():
    """PostgreSQL restarted, or the backend was ended, while the connection sat idle in the pool."""
    pool = async_db.connections_of_this_loop()
    async with pool.connection() as conn:
        backend = await backend_of(conn)
    gone = pool.idle[0]
    end_backend(backend)
    with pytest.raises(psycopg.OperationalError):
        async with pool.connection() as conn:
            await asyncio.wait_for(conn.round_trip([("SELECT 1", None)]), WAIT)
    assert gone.conn.closed
    assert pool.idle == []
    async with pool.connection() as conn:
        assert (await conn.round_trip([("SELECT 3", None)]))[0][1] == [(3,)]


async def test_a_connection_lost_in_the_middle_of_a_round_trip_raises_at_once():
    async with connected() as conn:
        backend = await backend_of(conn)
        waiting = asyncio.ensure_future(conn.round_trip([("SELECT pg_sleep(30)", None), ("SELECT 1", None)]))
        await asyncio.sleep(0)  # sent
        await asyncio.to_thread(end_backend, backend)
        with pytest.raises(psycopg.OperationalError):
            await asyncio.wait_for(waiting, WAIT)
        assert conn.broken
        assert not conn.reusable
