"""A move's statements on one PostgreSQL connection, a round trip at a time: one send, one wait.

psycopg's pipeline (`AsyncConnection.pipeline`) makes each `execute` its own call with its own turn
of the event loop, its own cursor and its own flush: four of them a move, about 0.45 ms of the
server's CPU, more than the statements cost PostgreSQL. Here libpq's pipeline mode is used directly
(psycopg's `pgconn`, its documented libpq wrapper): a round trip queues its statements, flushes once,
and reads every result when the socket is readable, about 0.17 ms a move for the same statements
(both measured apart from the server; the whole move path, bench/move_path.py --socket-path, went
from 1.34 to 1.04 ms of CPU a move).

- Statements are prepared on the connection at their first use (named, kept while the connection
  lives, at most PREPARED_MAX; others go unprepared), so PostgreSQL plans each once.
- Parameters go as text and their types are PostgreSQL's own inference from the statement (the
  move path's parameters are all compared with or stored in a column), through the connection's own
  psycopg adapters, as Django's cursors would send them. Rows come back through the same adapters.
- The connection stays in pipeline mode for its life. A round trip is whole only when its Sync has
  been read back. One cut off (a cancelled task, a lost socket) leaves the connection unfit to be
  used again (`reusable`), and its owner closes it. A statement that failed ends its round trip
  whole: the error is raised, the statements after it were skipped, and a transaction it was in
  must be rolled back (`in_transaction`) before the connection is reusable again.
- A round trip without BEGIN is one transaction of its own (PostgreSQL's implicit transaction: the
  statements up to a Sync), committed when the Sync is read, or rolled back whole if a statement
  failed. A commit that fails there (a deferred constraint) comes back after the statements' own
  results, and is raised as a statement's error would be.
"""

from __future__ import annotations

import asyncio
import re

import psycopg
from psycopg import pq
from psycopg.adapt import PyFormat, Transformer

PREPARED_MAX = 100  # statements prepared per connection; the move path has a few dozen shapes
_PLACEHOLDER = re.compile(r"%%|%s")
_TEXT = pq.Format.TEXT
_Status = pq.ExecStatus

Result = tuple[list[str], list[tuple]] | None  # a statement's columns and rows; None if it returns none


def numbered(sql: str) -> bytes:
    """Django's and psycopg's `%s` placeholders as PostgreSQL's `$1, $2...` (`%%` is a literal %)."""
    count = 0

    def number(match: re.Match) -> str:
        nonlocal count
        if match.group() == "%%":
            return "%"
        count += 1
        return f"${count}"

    return _PLACEHOLDER.sub(number, sql).encode()


class PipelineConnection:
    """One psycopg async connection (in autocommit: it begins nothing itself), driven through libpq."""

    def __init__(self, conn: psycopg.AsyncConnection) -> None:
        self.conn = conn
        self.pgconn = conn.pgconn
        self.transformer = Transformer(conn)
        self.prepared: dict[str, bytes] = {}
        self.columns: dict[str, list[str]] = {}
        self.settled = True  # False while a round trip is under way, and for good once one was cut off
        self.round_trips = 0  # done: one that has served before may find its server gone when used again
        self.pgconn.enter_pipeline_mode()

    @classmethod
    async def connect(cls, params: dict) -> PipelineConnection:
        return cls(await psycopg.AsyncConnection.connect(**params))

    @property
    def reusable(self) -> bool:
        return (self.settled and not self.conn.closed and not self.broken
                and self.pgconn.transaction_status == pq.TransactionStatus.IDLE)

    @property
    def broken(self) -> bool:
        return self.pgconn.status != pq.ConnStatus.OK

    @property
    def in_transaction(self) -> bool:
        """Inside a transaction, a failed one included (it waits for its ROLLBACK)."""
        return self.pgconn.transaction_status in (pq.TransactionStatus.INTRANS, pq.TransactionStatus.INERROR)

    async def round_trip(self, statements: list[tuple[str, list | None]]) -> list[Result]:
        """Send these statements and a Sync together, then read all their results: one per statement.
        The first error a statement gave is raised (as psycopg raises it) once the Sync is read."""
        if not self.settled:
            raise psycopg.InterfaceError("this connection's last round trip was cut off")
        self.settled = False
        queued = [self._queue(sql, params) for sql, params in statements]
        self.pgconn.pipeline_sync()
        while self.pgconn.flush():  # more to send: libpq asks to read meanwhile, or a large send could stall
            if await self._wait(writable=True) & _READABLE:
                self.pgconn.consume_input()
        results: list[pq.abc.PGresult] = []
        while True:
            while self.pgconn.is_busy():
                await self._wait(writable=False)
                self.pgconn.consume_input()
            result = self.pgconn.get_result()
            if result is None:
                if self.broken:  # no Sync will come: libpq answers None from now on
                    raise psycopg.OperationalError(self.pgconn.get_error_message() or "the connection was lost")
                continue  # the end of one statement's results
            if result.status == _Status.PIPELINE_SYNC:
                break
            results.append(result)
        # The Sync was read: the round trip is whole, even if a statement failed (the ones after it were
        # skipped, and a transaction it was in is left failed, to be rolled back).
        self.settled = True
        self.round_trips += 1
        expected = len(queued) + sum(prepared for prepared, _ in queued)
        if len(results) == expected + 1 and results[-1].status == _Status.FATAL_ERROR:
            # The implicit transaction's commit at the Sync failed: rolled back, and the connection is idle.
            raise psycopg.errors.error_from_result(results[-1], encoding=self.conn.info.encoding)
        if len(results) != expected:
            self.settled = False  # answers out of step with the statements: this connection is not to be trusted
            raise psycopg.InterfaceError(f"{len(results)} results for {len(queued)} statements")
        answers, position = [], 0
        for prepared, sql in queued:
            if prepared:  # the result of PREPARE comes first; one skipped after an error never was
                if results[position].status != _Status.COMMAND_OK:
                    del self.prepared[sql]
                position += 1
            answers.append(results[position])
            position += 1
        error = next((result for result in results if result.status == _Status.FATAL_ERROR), None)
        if error is not None:  # as psycopg raises it: its class by SQLSTATE (or the generic one), with `diag`
            raise psycopg.errors.error_from_result(error, encoding=self.conn.info.encoding)
        return [self._rows(sql, result) for (_, sql), result in zip(queued, answers, strict=True)]

    def _queue(self, sql: str, params: list | None) -> tuple[bool, str]:
        """Queue one statement (preparing it first if it is new): (whether it was prepared now, sql)."""
        values = self.transformer.dump_sequence(params, [PyFormat.TEXT] * len(params)) if params else None
        name = self.prepared.get(sql)
        preparing = name is None and len(self.prepared) < PREPARED_MAX
        if name is None or preparing:  # the statement's text goes only the first time (or every time, unprepared)
            # As psycopg and Django: without parameters the SQL is sent as written (a `%` is a `%`).
            text = sql.encode() if params is None else numbered(sql)
        if preparing:
            name = self.prepared[sql] = f"mpg_{len(self.prepared)}".encode()
            self.pgconn.send_prepare(name, text)
        if name is None:
            self.pgconn.send_query_params(text, values, result_format=_TEXT)
        else:
            self.pgconn.send_query_prepared(name, values, result_format=_TEXT)
        return preparing, sql

    def _rows(self, sql: str, result: pq.abc.PGresult) -> Result:
        if result.status != _Status.TUPLES_OK:
            return None
        columns = self.columns.get(sql)
        if columns is None:  # a query's columns change only with a migration
            columns = self.columns[sql] = [(result.fname(number) or b"").decode() for number in range(result.nfields)]
        self.transformer.set_pgresult(result)
        return columns, self.transformer.load_rows(0, result.ntuples, tuple)

    async def _wait(self, *, writable: bool) -> int:
        """Until the socket can be read (or, if `writable`, written or read): which of the two it can."""
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[int] = loop.create_future()
        fileno = self.pgconn.socket
        loop.add_reader(fileno, _settle, ready, _READABLE)
        if writable:
            loop.add_writer(fileno, _settle, ready, _WRITABLE)
        try:
            return await ready
        finally:
            loop.remove_reader(fileno)
            if writable:
                loop.remove_writer(fileno)

    async def close(self) -> None:
        await self.conn.close()

    def abandon(self) -> None:
        """Close without an event loop (it may be closed already)."""
        self.pgconn.finish()


_READABLE, _WRITABLE = 1, 2


def _settle(future: asyncio.Future, readiness: int) -> None:
    if not future.done():
        future.set_result(readiness)
