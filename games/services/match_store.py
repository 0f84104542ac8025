"""The move path's reads and writes, as SQL written once per process instead of compiled per call.

Every action, bot turn and tick locks the match, reads its seats, saves the row and inserts a
move and attempts. Through the ORM, building the SQL cost more than running it (about 4 ms of
a 6.4 ms move on the 2-core machine, `bench/move_path.py`), and that time is spent in the one
thread a server process has for a busy match's database work. Here the statements are built
from the models' own table and column names, so they follow the models, and values go through
each field's own conversion (`get_db_prep_save`), so JSON and dates are stored exactly as the
ORM stores them, on PostgreSQL and on SQLite. Reads return ordinary model instances.

Inside `batched_writes()`, the writes wait and go to the database together when the block ends:
on PostgreSQL as one round trip (psycopg's client-side binding allows several statements in one
call), so a move is BEGIN, two reads, one write batch and COMMIT.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Iterator

from django.db import connection, models

from classroom.models import User
from games.models import Assignment, Match, Move, Seat


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def _table(model: type[models.Model]) -> str:
    return _quote(model._meta.db_table)


def _column(model: type[models.Model], name: str) -> str:
    return _quote(model._meta.get_field(name).column)


# --- reads --------------------------------------------------------------------------------------
@functools.cache
def _lock_sql(vendor: str) -> str:
    lock = f" FOR UPDATE OF {_table(Match)}" if connection.features.has_select_for_update_of else ""
    return (f"SELECT {_table(Match)}.*, {_table(Assignment)}.{_column(Assignment, 'idle_takeover_s')} "
            f"AS assignment_idle_takeover_s, {_table(Assignment)}.{_column(Assignment, 'hints')} AS assignment_hints "
            f"FROM {_table(Match)} LEFT JOIN {_table(Assignment)} "
            f"ON {_table(Assignment)}.{_column(Assignment, 'id')} = {_table(Match)}.{_column(Match, 'assignment')} "
            f"WHERE {_table(Match)}.{_column(Match, 'id')} = %s{lock}")


@functools.cache
def _seats_sql(vendor: str) -> str:
    seat, user, move = _table(Seat), _table(User), _table(Move)
    return (f"SELECT {seat}.*, {user}.{_column(User, 'name')} AS user_name, "
            f"(SELECT {move}.{_column(Move, 'version')} FROM {move} "
            f"WHERE {move}.{_column(Move, 'match')} = {seat}.{_column(Seat, 'match')} "
            f"AND {move}.{_column(Move, 'seat')} = {seat}.{_column(Seat, 'index')} "
            f"AND {move}.{_column(Move, 'client_id')} = %s) AS repeat_of "
            f"FROM {seat} LEFT JOIN {user} ON {user}.{_column(User, 'id')} = {seat}.{_column(Seat, 'user')} "
            f"WHERE {seat}.{_column(Seat, 'match')} = %s ORDER BY {seat}.{_column(Seat, 'index')}")


def lock_match(match_id: int, *, repeat_of: str | None = None) -> Match | None:
    """The match under its row lock (inside a transaction), with its seats read after the lock.

    `match.assignment` carries what play needs (idle_takeover_s, hints; other fields load if
    asked for). Each seat's `user` carries the name, and `repeat_of` is the version of that
    seat's move with the client_id `repeat_of` (None if there is none), so a repeated action
    is recognised without another query.
    """
    match = next(iter(Match.objects.raw(_lock_sql(connection.vendor), [match_id])), None)
    if match is None:
        return None
    if match.assignment_id is not None:
        match.assignment = _partial(Assignment, id=match.assignment_id, hints=bool(match.assignment_hints),
                                    idle_takeover_s=match.assignment_idle_takeover_s)
    seats = list(Seat.objects.raw(_seats_sql(connection.vendor), [repeat_of, match.pk]))
    for seat in seats:
        if seat.user_id is not None:
            seat.user = _partial(User, id=seat.user_id, name=seat.user_name)
    match.use_seats(seats)
    return match


def _partial(model: type[models.Model], **values) -> models.Model:
    """An instance loaded with some fields; the others load from the database if read (deferred)."""
    fields = [field.attname for field in model._meta.concrete_fields if field.attname in values]
    return model.from_db(connection.alias, fields, [values[name] for name in fields])


# --- writes -------------------------------------------------------------------------------------
_pending = threading.local()


@contextlib.contextmanager
def batched_writes() -> Iterator[None]:
    """Hold back `update` and `insert` until the block ends, then send them in order, together.

    Use it inside the transaction, around code that only writes after its reads: a read in the
    block would not see the writes held back. If the block raises, its writes are dropped.
    """
    if getattr(_pending, "statements", None) is not None:
        yield  # already batching: the outer block sends
        return
    _pending.statements = []
    try:
        yield
        statements = _pending.statements
    finally:
        _pending.statements = None
    _send(statements)


def _send(statements: list[tuple[str, list]]) -> None:
    if not statements:
        return
    with connection.cursor() as cursor:
        if _several_statements_per_call():
            cursor.execute("; ".join(sql for sql, _ in statements), [p for _, params in statements for p in params])
        else:
            for sql, params in statements:
                cursor.execute(sql, params)


def _several_statements_per_call() -> bool:
    """psycopg binds parameters on the client by default, so one call may hold several statements;
    with server-side binding (a prepared statement) or SQLite it may not."""
    options = connection.settings_dict.get("OPTIONS", {})
    return connection.vendor == "postgresql" and not options.get("server_side_binding")


def write(sql: str, params: list) -> None:
    """A statement of the move path's own (not an `update` or `insert` of one model): batched like them."""
    _write(sql, params)


def _write(sql: str, params: list) -> None:
    statements = getattr(_pending, "statements", None)
    if statements is None:
        _send([(sql, params)])
    else:
        statements.append((sql, params))


@functools.cache
def _update_sql(model: type[models.Model], names: tuple[str, ...], vendor: str) -> str:
    assignments = ", ".join(f"{_column(model, name)} = %s" for name in names)
    return f"UPDATE {_table(model)} SET {assignments} WHERE {_column(model, 'id')} = %s"


def update(instance: models.Model, names: list[str]) -> None:
    """`instance.save(update_fields=names)` for a row that exists, without compiling SQL."""
    meta = instance._meta
    params = [meta.get_field(name).get_db_prep_save(getattr(instance, meta.get_field(name).attname), connection)
              for name in names]
    _write(_update_sql(type(instance), tuple(names), connection.vendor), [*params, instance.pk])


@functools.cache
def _insert_fields(model: type[models.Model]) -> tuple[models.Field, ...]:
    return tuple(field for field in model._meta.concrete_fields if not field.primary_key)


@functools.cache
def _insert_sql(model: type[models.Model], rows: int, vendor: str) -> str:
    fields = _insert_fields(model)
    columns = ", ".join(_quote(field.column) for field in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    return f"INSERT INTO {_table(model)} ({columns}) VALUES {', '.join([row] * rows)}"


def insert(objects: list[models.Model]) -> None:
    """Insert new rows of one model (`bulk_create` without compiling SQL; ids are not read back)."""
    if not objects:
        return
    model = type(objects[0])
    fields = _insert_fields(model)
    params = [field.get_db_prep_save(field.pre_save(obj, True), connection) for obj in objects for field in fields]
    _write(_insert_sql(model, len(objects), connection.vendor), params)
