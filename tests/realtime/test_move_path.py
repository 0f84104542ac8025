"""The sockets' move path on PostgreSQL (games/realtime/move_path.py): on the event loop, two round trips,
and every guarantee of the thread path kept: committed before broadcast, the row lock, gapless versions,
idempotent retries, refusals that change nothing."""

import asyncio
import contextlib
import os
import threading

import psycopg
import pytest
from asgiref.sync import sync_to_async
from django.db import connection, transaction

from classroom.errors import ServiceError
from games.models import Match, Move, Seat
from games.realtime import async_db, move_path
from games.realtime.pg_pipeline import PipelineConnection
from games.services import broadcast, match_store, moves
from games.services.assignments import assignment_create
from games.services.matches import match_against_computer
from tests.factories import ClassroomFactory, StudentFactory
from tests.realtime.test_match_socket import four_in_a_row_match, mover_of
from tests.realtime.test_pg_pipeline import end_backend

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio,
              pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                                 reason="the event-loop move path is PostgreSQL's; SQLite uses the thread path")]
WAIT = 20  # seconds, for a loaded CI machine
DISCARD = {"type": "discard", "cards": [0, 1]}  # always legal for the player to move in Four-in-a-Row


async def test_database_is_postgresql_when_services_are_required():
    if os.environ.get("REQUIRE_SERVICES") == "1":
        assert connection.vendor == "postgresql"


def outside_connection() -> psycopg.Connection:
    """A connection of our own, as another process would have: it sees only what was committed."""
    params = async_db.connection_params()
    params.pop("context", None)
    # In autocommit, each statement reads afresh (in a transaction, pg_stat_activity is read once and kept).
    params["autocommit"] = True
    return psycopg.connect(**params)


@pytest.fixture
def sent(monkeypatch):
    """Each broadcast, with the match's version that a connection outside could see as it left."""
    calls = []

    def record(match_id, message):
        with outside_connection() as conn:
            committed = conn.execute("SELECT version FROM games_match WHERE id = %s", [match_id]).fetchone()[0]
        calls.append((match_id, message["version"], committed))

    monkeypatch.setattr(broadcast, "send", record)
    return calls


async def submit(match, users, action=DISCARD, client_id=None, seat=None):
    user = users[mover_of(match) if seat is None else seat]
    return await asyncio.wait_for(move_path.submit_action(match_id=match.pk, user_id=user.pk, action=action,
                                                          client_id=client_id), WAIT)


def after(match, sent):
    """The broadcasts after the match was made (its joins and start were broadcast too)."""
    return [(version, committed) for match_id, version, committed in sent
            if match_id == match.pk and version > match.version]


@sync_to_async
def version_and_moves(match):
    """The match's version now, and its moves since it was made."""
    try:
        return (Match.objects.get(pk=match.pk).version,
                list(Move.objects.filter(match_id=match.pk, version__gt=match.version).order_by("version")
                     .values_list("version", "client_id")))
    finally:
        connection.close()  # back to the pool: the test database is dropped after the last test


async def test_a_move_is_committed_before_its_broadcast_leaves(sent):
    match, users, *_ = await four_in_a_row_match()
    accepted = await submit(match, users, client_id="c-1")
    assert accepted.version == match.version + 1
    assert not accepted.duplicate
    assert after(match, sent) == [(accepted.version, accepted.version)]
    version, moves = await version_and_moves(match)
    assert version == accepted.version
    assert moves[-1] == (accepted.version, "c-1")


async def test_a_refusal_changes_nothing_sends_nothing_and_the_connection_is_used_again(sent):
    match, users, *_ = await four_in_a_row_match()
    with pytest.raises(ServiceError) as refused:
        await submit(match, users, action={"type": "discard", "cards": [0, 99]})
    assert refused.value.code
    with pytest.raises(ServiceError) as not_yours:
        await submit(match, users, seat=1 - mover_of(match))
    assert not_yours.value.code == "not_your_turn"
    assert await version_and_moves(match) == (match.version, [])
    assert after(match, sent) == []
    pool = async_db.connections_of_this_loop()
    kept = list(pool.idle)
    assert len(kept) == 1  # rolled back, whole: kept for the next move
    assert (await submit(match, users)).version == match.version + 1
    assert pool.idle == kept


async def test_a_burst_of_one_action_repeated_is_applied_once():
    match, users, *_ = await four_in_a_row_match()
    answers = await asyncio.gather(*(submit(match, users, client_id="tap") for _ in range(10)))
    assert {answer.version for answer in answers} == {match.version + 1}
    assert sum(not answer.duplicate for answer in answers) == 1
    assert await version_and_moves(match) == (match.version + 1, [(match.version + 1, "tap")])


async def test_thirty_matches_moving_at_once_keep_their_versions_gapless(sent):
    made = [await four_in_a_row_match() for _ in range(30)]
    for _ in range(3):
        fresh = await sync_to_async(lambda: [Match.objects.get(pk=m.pk) for m, *_ in made])()
        await asyncio.gather(*(submit(match, users) for match, (_, users, *_) in zip(fresh, made, strict=True)))
    for match, *_ in made:
        version, moves = await version_and_moves(match)
        assert version == match.version + 3
        assert [v for v, _ in moves] == [match.version + 1, match.version + 2, match.version + 3]
        assert after(match, sent) == [(v, v) for v in range(match.version + 1, match.version + 4)]


async def test_a_move_waits_for_the_match_lock_and_reads_what_its_holder_wrote():
    """A sync service (another process, the scheduler) holds the row lock and pauses the match: the move
    waits for it, then reads the pause and is refused, not applied over it."""
    match, users, *_ = await four_in_a_row_match()
    async with row_lock_held(match, then=lambda: Match.objects.filter(pk=match.pk).update(paused_at_ms=1)):
        move = asyncio.ensure_future(submit(match, users))
        await asyncio.wait_for(waiting_for_a_lock(match.pk), WAIT)
        assert not move.done()
    with pytest.raises(ServiceError) as refused:
        await move
    assert refused.value.code == "paused"
    assert await version_and_moves(match) == (match.version, [])


@contextlib.asynccontextmanager
async def row_lock_held(match, then=None):
    """Another process holds the match's row lock until the block ends (and runs `then` before letting go)."""
    locked, release = threading.Event(), threading.Event()

    def hold():
        with transaction.atomic():
            match_store.lock_match(match.pk)
            locked.set()
            assert release.wait(WAIT)
            if then is not None:
                then()
        connection.close()

    holder = asyncio.get_running_loop().run_in_executor(None, hold)
    assert await asyncio.to_thread(locked.wait, WAIT)
    try:
        yield
    finally:
        release.set()
        await holder


async def waiting_for_a_lock(match_id: int) -> None:
    """Until a backend waits on a lock while locking this match's row (polled; the caller limits the wait)."""
    with outside_connection() as conn:
        while True:
            waiting = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                   "AND wait_event_type = 'Lock' AND query LIKE '%%FOR UPDATE%%'").fetchone()[0]
            if waiting:
                return
            await asyncio.sleep(0.05)


@pytest.fixture
def statements(monkeypatch):
    """The SQL of every statement the move path sends, in order."""
    executed = []
    round_trip = PipelineConnection.round_trip

    async def record(self, sent):
        executed.extend(sql for sql, _ in sent)
        return await round_trip(self, sent)

    monkeypatch.setattr(PipelineConnection, "round_trip", record)
    return executed


def writes(executed: list[str]) -> list[str]:
    return [sql.split()[0] for sql in executed if sql.split()[0] not in ("SELECT", "BEGIN")]


async def test_a_moves_writes_go_as_one_statement_and_store_all_of_it(sent, statements):
    """A normal move writes each of its tables once: one statement, and every row is there after it."""
    match, users, *_ = await four_in_a_row_match()
    mover = mover_of(match)
    accepted = await submit(match, users, client_id="one-statement")
    assert writes(statements) == ["WITH", "COMMIT"]
    assert await version_and_moves(match) == (match.version + 1, [(match.version + 1, "one-statement")])
    assert (await seat_at(match, mover)).last_active_ms > 0
    assert accepted.version == match.version + 1
    assert after(match, sent) == [(match.version + 1, match.version + 1)]


async def test_a_stand_in_handing_back_then_the_move_is_sent_statement_by_statement(sent, statements):
    """A child back from a stand-in: the hand-back and the move each save the match row and add a Move. In one
    statement the second save of the row would be lost, so these writes go one by one: both versions land."""
    match, users, *_ = await four_in_a_row_match()
    mover = mover_of(match)
    await stand_in_for(match, users[mover])
    accepted = await submit(match, users, client_id="after-the-stand-in")
    assert "WITH" not in writes(statements)
    assert accepted.version == match.version + 2
    assert await version_and_moves(match) == (match.version + 2, [(match.version + 1, None),
                                                                   (match.version + 2, "after-the-stand-in")])
    assert (await seat_at(match, mover)).taken_over is False
    assert after(match, sent) == [(match.version + 1, match.version + 2), (match.version + 2, match.version + 2)]


@sync_to_async
def stand_in_for(match, user) -> None:
    try:
        Seat.objects.filter(match_id=match.pk, user=user).update(taken_over=True)
    finally:
        connection.close()


async def test_writes_are_combined_unless_a_row_is_updated_twice_or_a_table_added_to_twice():
    capture = match_store.Captured()
    capture.statements += [("UPDATE a SET x = %s WHERE id = %s", [1, 2]), ("INSERT INTO b (y) VALUES (%s)", [3]),
                           ("UPDATE a SET x = %s WHERE id = %s", [4, 5])]
    capture.targets += [("a", 2), ("b", None), ("a", 5)]  # two rows of one table: still one statement
    assert capture.combined() == [("WITH w0 AS (UPDATE a SET x = %s WHERE id = %s), "
                                   "w1 AS (INSERT INTO b (y) VALUES (%s)), "
                                   "w2 AS (UPDATE a SET x = %s WHERE id = %s) SELECT 1", [1, 2, 3, 4, 5])]
    for again in [("a", 2), ("b", None)]:
        twice = match_store.Captured()
        twice.statements += [*capture.statements, ("-- again", [])]
        twice.targets += [*capture.targets, again]
        assert twice.combined() == twice.statements


async def test_the_row_version_is_returned_by_the_match_rows_update_when_the_writes_are_one_statement():
    """The next move's check needs the row's version after the commit: read by the update itself (RETURNING)
    when it is part of the one statement, else by a statement of its own after the writes."""
    table = Match._meta.db_table
    capture = match_store.Captured()
    capture.statements += [("INSERT INTO b (y) VALUES (%s)", [3]), ("UPDATE m SET x = %s WHERE id = %s", [1, 7])]
    capture.targets += [("b", None), (table, 7)]
    assert capture.combined_then_row_version(7) == [(
        "WITH w0 AS (INSERT INTO b (y) VALUES (%s)), "
        "w1 AS (UPDATE m SET x = %s WHERE id = %s RETURNING xmin::text AS row_version) "
        "SELECT row_version FROM w1", [3, 1, 7])]
    assert capture.combined_then_row_version(8) == [*capture.combined(), match_store.row_version_query(8)]
    twice = match_store.Captured()  # the row saved twice: statement by statement, then the version read
    twice.statements += [*capture.statements, capture.statements[1]]
    twice.targets += [*capture.targets, (table, 7)]
    assert twice.combined_then_row_version(7) == [*twice.statements, match_store.row_version_query(7)]
    alone = match_store.Captured()  # only the row's update: it returns the version itself
    alone.statements += [capture.statements[1]]
    alone.targets += [(table, 7)]
    assert alone.combined_then_row_version(7) == [(
        "WITH w0 AS (UPDATE m SET x = %s WHERE id = %s RETURNING xmin::text AS row_version) "
        "SELECT row_version FROM w0", [1, 7])]


@sync_to_async
def match_against_the_computer_at_the_childs_turn():
    """Ana against the easy computer at four in a row, her turn (the computer's first move made if it starts)."""
    classroom = ClassroomFactory()
    ana = StudentFactory(classroom=classroom)
    assignment = assignment_create(classroom=classroom, game="four_in_a_row")
    match = match_against_computer(user=ana.user, assignment_id=assignment.pk, bot_level="easy")
    if mover_of(match) != 0:
        moves.match_advance(match_id=match.pk)
        match = Match.objects.get(pk=match.pk)
    connection.close()
    return match, ana.user


async def test_a_move_against_the_computer_is_one_statement_and_plans_the_computers_turn(sent, statements,
                                                                                          settings):
    """The child's seat and the computer's (its next move planned) are two rows of one table: one statement."""
    settings.BOT_DELAY_SCALE = 0
    match, ana = await match_against_the_computer_at_the_childs_turn()
    assert mover_of(match) == 0
    await submit(match, {0: ana}, client_id="against-the-computer")
    assert writes(statements) == ["WITH", "COMMIT"]
    assert await version_and_moves(match) == (match.version + 1, [(match.version + 1, "against-the-computer")])
    computer = await seat_at(match, 1)
    assert computer.bot_version == match.version + 1
    assert computer.bot_due_ms is not None
    assert computer.bot_action is not None
    assert (await seat_at(match, 0)).last_active_ms > 0
    assert after(match, sent) == [(match.version + 1, match.version + 1)]


@sync_to_async
def seat_at(match, index) -> Seat:
    try:
        return Seat.objects.get(match_id=match.pk, index=index)
    finally:
        connection.close()


async def test_a_move_on_a_kept_connection_whose_server_went_away_is_tried_again_on_a_new_one(sent):
    """PostgreSQL restarted while the pool's connections sat idle: the child's move still lands, once."""
    match, users, *_ = await four_in_a_row_match()
    first = await submit(match, users, client_id="before")
    pool = async_db.connections_of_this_loop()
    stale = await kept_connection_ended()
    moved = await sync_to_async(Match.objects.get)(pk=match.pk)
    accepted = await submit(moved, users, client_id="after")
    assert accepted.version == first.version + 1
    assert not accepted.duplicate
    assert stale.conn.closed
    assert stale not in pool.idle
    assert await version_and_moves(match) == (accepted.version, [(first.version, "before"),
                                                                 (accepted.version, "after")])
    assert after(match, sent) == [(first.version, first.version), (accepted.version, accepted.version)]


async def kept_connection_ended() -> PipelineConnection:
    """The pool's idle connection, its backend ended (as PostgreSQL restarting would): returned."""
    stale = async_db.connections_of_this_loop().idle[0]
    (_, [(backend,)]), = await stale.round_trip([("SELECT pg_backend_pid()", None)])
    await asyncio.to_thread(end_backend, backend)
    return stale


async def test_a_one_round_trip_move_without_a_client_id_is_not_tried_again_on_a_dead_connection(sent):
    """Its writes and COMMIT went in the round trip that failed: with no client_id to answer it as a repeat,
    trying it again could apply it twice, so the error is raised and nothing is assumed."""
    match, users, *_ = await four_in_a_row_match()
    first = await submit(match, users, client_id="before")
    stale = await kept_connection_ended()
    moved = await fresh(match)
    with pytest.raises(psycopg.OperationalError):
        await submit(moved, users)
    assert stale.conn.closed
    assert await version_and_moves(match) == (first.version, [(first.version, "before")])
    assert (await submit(moved, users)).version == first.version + 1  # the next one reads the row anew


# --- the next move on a match this loop committed last (games.realtime.kept_matches) -----------------------
@pytest.fixture
def round_trips(monkeypatch):
    """Each round trip the move path makes, as the first word of each statement (the check: "CHECK")."""
    made = []
    round_trip = PipelineConnection.round_trip

    async def record(self, sent):
        made.append(["CHECK" if "xmin = " in sql else sql.split()[0] for sql, _ in sent])
        return await round_trip(self, sent)

    monkeypatch.setattr(PipelineConnection, "round_trip", record)
    return made


@sync_to_async
def fresh(match) -> Match:
    try:
        return Match.objects.get(pk=match.pk)
    finally:
        connection.close()


@sync_to_async
def written_elsewhere(match, **values) -> None:
    """A write of the match row by another connection that does not change `Match.version`."""
    try:
        Match.objects.filter(pk=match.pk).update(**values)
    finally:
        connection.close()


async def test_the_next_move_on_a_match_this_loop_committed_is_one_round_trip_with_the_same_result(
        sent, round_trips):
    match, users, *_ = await four_in_a_row_match()
    await submit(match, users, client_id="first")
    assert round_trips == [["BEGIN", "SELECT", "SELECT"], ["WITH", "COMMIT"]]
    moved = await fresh(match)
    second = await submit(moved, users, client_id="second")
    assert round_trips[2:] == [["CHECK", "WITH"]]
    assert second.version == match.version + 2
    assert await version_and_moves(match) == (match.version + 2, [(match.version + 1, "first"),
                                                                   (match.version + 2, "second")])
    assert after(match, sent) == [(match.version + 1, match.version + 1), (match.version + 2, match.version + 2)]
    now = await fresh(match)
    assert mover_of(now) == mover_of(match)  # two discards: back to the first mover
    assert (await seat_at(match, mover_of(moved))).last_active_ms > 0
    assert async_db.connections_of_this_loop().idle  # whole: kept


async def test_a_match_row_written_elsewhere_since_is_locked_and_read_again_and_the_first_try_leaves_nothing(
        sent, round_trips):
    match, users, *_ = await four_in_a_row_match()
    await submit(match, users)
    moved = await fresh(match)
    await written_elsewhere(match, next_due_ms=123)  # no new version: only the row's own tells
    pool = async_db.connections_of_this_loop()
    kept = list(pool.idle)
    second = await submit(moved, users, client_id="again")
    assert round_trips[2:] == [["CHECK", "WITH"],
                               ["BEGIN", "SELECT", "SELECT"], ["WITH", "COMMIT"]]
    assert second.version == match.version + 2
    assert await version_and_moves(match) == (match.version + 2, [(match.version + 1, None),
                                                                   (match.version + 2, "again")])
    assert after(match, sent) == [(match.version + 1, match.version + 1), (match.version + 2, match.version + 2)]
    assert pool.idle == kept  # rolled back with the failed check and used again, not closed


async def test_a_move_refused_on_what_this_loop_kept_is_judged_on_the_row_as_it_is(sent, round_trips):
    """The other child moved through another process: by what this loop kept it is not Ana's turn, but it is."""
    match, users, *_ = await four_in_a_row_match()
    ana = mover_of(match)
    await submit(match, users)
    moved = await fresh(match)
    await sync_to_async(other_process_move)(moved, users[mover_of(moved)])
    accepted = await submit(match, users, seat=ana, client_id="ana-again")
    assert accepted.version == match.version + 3
    # Refused on what was kept before anything was sent: no check, the row locked and read.
    assert round_trips == [["BEGIN", "SELECT", "SELECT"], ["WITH", "COMMIT"]] * 2
    assert (await version_and_moves(match))[0] == match.version + 3
    assert after(match, sent) == [(v, v) for v in range(match.version + 1, match.version + 4)]


def other_process_move(match, user) -> None:
    try:
        moves.match_submit_action(match_id=match.pk, user=user, action=DISCARD, client_id="elsewhere")
    finally:
        connection.close()


async def test_an_action_repeated_after_a_later_move_is_answered_as_a_repeat_not_applied_again(sent, round_trips):
    """Ana's tap is sent again after a reconnection, when it is her turn again: its insert finds it recorded."""
    match, users, *_ = await four_in_a_row_match()
    ana = mover_of(match)
    first = await submit(match, users, seat=ana, client_id="ana-1")
    await submit(await fresh(match), users, client_id="ben-1")
    again = await submit(match, users, seat=ana, client_id="ana-1")
    assert again == moves.Accepted(version=first.version, duplicate=True)
    assert round_trips[-3:] == [["CHECK", "WITH"],
                                ["BEGIN", "SELECT", "SELECT"], ["COMMIT"]]
    assert await version_and_moves(match) == (match.version + 2, [(match.version + 1, "ana-1"),
                                                                   (match.version + 2, "ben-1")])
    assert [version for version, _ in after(match, sent)] == [match.version + 1, match.version + 2]


async def test_two_moves_on_one_match_at_once_in_one_loop_both_land_in_order(sent):
    """The kept match is taken out by the first: the second reads the row, after the first's commit."""
    match, users, *_ = await four_in_a_row_match()
    await submit(match, users)
    moved = await fresh(match)
    mover = mover_of(moved)
    answers = await asyncio.gather(submit(moved, users, seat=mover, client_id="one"),
                                   submit(moved, users, seat=1 - mover, client_id="two"), return_exceptions=True)
    landed = [answer for answer in answers if isinstance(answer, moves.Accepted)]
    refused = [answer for answer in answers if isinstance(answer, ServiceError)]
    assert len(landed) + len(refused) == 2
    assert landed
    assert all(answer.code == "not_your_turn" for answer in refused)
    version, recorded = await version_and_moves(match)
    assert [v for v, _ in recorded] == list(range(match.version + 1, version + 1))  # gapless
    assert after(match, sent) == [(v, v) for v in range(match.version + 1, version + 1)]


async def test_a_move_not_answered_in_time_is_given_up_and_frees_its_connection(settings, sent, caplog):
    """Another process holds the match's row lock for longer than a move may wait: the child is told, the
    connection goes, and once the lock is free the next move lands with the next version."""
    settings.MOVE_TIMEOUT_S = 0.5
    match, users, *_ = await four_in_a_row_match()
    pool = async_db.connections_of_this_loop()
    async with row_lock_held(match):
        with pytest.raises(ServiceError) as slow:
            await submit(match, users, client_id="stuck")
        assert slow.value.code == "slow"
        assert "try it again" in slow.value.message
        assert "was not answered within 0.5 s" in caplog.text
        assert pool.idle == []  # its connection was closed, not kept
        assert pool.slots._value == settings.MOVE_CONNECTIONS  # and its place in the pool is free
    settings.MOVE_TIMEOUT_S = WAIT
    accepted = await submit(match, users, client_id="after")
    assert accepted.version == match.version + 1
    assert await version_and_moves(match) == (match.version + 1, [(match.version + 1, "after")])


async def test_move_connections_give_up_on_a_dead_network_path_within_half_a_minute():
    conn = await PipelineConnection.connect(async_db.connection_params())
    try:
        dsn = conn.conn.info.dsn
    finally:
        await conn.close()
    for setting in ("keepalives=1", "keepalives_idle=15", "keepalives_interval=5", "keepalives_count=3",
                    "tcp_user_timeout=30000", "connect_timeout=10"):
        assert setting in dsn
