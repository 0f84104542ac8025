"""The move path's reads and writes, as SQL written once per process instead of compiled per call.

Every action, bot turn and tick locks the match, reads its seats, saves the row and inserts a
move and attempts. Through the ORM, building the SQL cost more than running it (about 4 ms of
a 6.4 ms move on the 2-core machine, `bench/move_path.py`), and that time is spent in the one
thread a server process has for a busy match's database work. Here the statements are built
from the models' own table and column names, so they follow the models, and values go through
each field's own conversion (`get_db_prep_save`), so JSON and dates are stored exactly as the
ORM stores them, on PostgreSQL and on SQLite; a value that conversion would give back unchanged
(a plain number or text, a NULL, an aware time, JSON on PostgreSQL) is sent without the call.
Reads return ordinary model instances.

Inside `batched_writes()`, the writes wait and go to the database together when the block ends:
on PostgreSQL as one round trip (psycopg's client-side binding allows several statements in one
call), so a move is BEGIN, two reads, one write batch and COMMIT.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import json
import threading
from collections.abc import Callable, Iterator
from typing import Any, TypeVar, cast

import orjson
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.db.models.fields import AutoFieldMixin, Field
from django.db.models.fields.related import ForeignKey
from django.utils import timezone

from classroom.models import User
from games.models import Assignment, Match, Move, Seat


def _engine() -> str:
    """The database's engine: what the SQL written here is cached by. Read from the settings, not from
    `connection` (each `connection.x` is a context-local lookup, several a move)."""
    return connections.settings[DEFAULT_DB_ALIAS]["ENGINE"]


POSTGRESQL = "django.db.backends.postgresql"


def on_postgresql() -> bool:
    """Whether the database is PostgreSQL, from the settings (`connection.vendor` is a context-local lookup)."""
    return _engine() == POSTGRESQL


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


def _table(model: type[models.Model]) -> str:
    return _quote(model._meta.db_table)


def _column(model: type[models.Model], name: str) -> str:
    return _quote(_field(model, name).column)


def _field(model: type[models.Model], name: str) -> Field:
    """A concrete field of the model (the move path names no relation's reverse side)."""
    return cast(Field, model._meta.get_field(name))


ModelT = TypeVar("ModelT", bound=models.Model)


# --- reads --------------------------------------------------------------------------------------
@functools.cache
def _lock_sql(engine: str) -> str:
    lock = f" FOR UPDATE OF {_table(Match)}" if connection.features.has_select_for_update_of else ""
    return (f"SELECT {_table(Match)}.*, {_table(Assignment)}.{_column(Assignment, 'idle_takeover_s')} "
            f"AS assignment_idle_takeover_s, {_table(Assignment)}.{_column(Assignment, 'hints')} AS assignment_hints "
            f"FROM {_table(Match)} LEFT JOIN {_table(Assignment)} "
            f"ON {_table(Assignment)}.{_column(Assignment, 'id')} = {_table(Match)}.{_column(Match, 'assignment')} "
            f"WHERE {_table(Match)}.{_column(Match, 'id')} = %s{lock}")


@functools.cache
def _seats_sql(engine: str) -> str:
    seat, user, move = _table(Seat), _table(User), _table(Move)
    return (f"SELECT {seat}.*, {user}.{_column(User, 'name')} AS user_name, "
            f"(SELECT {move}.{_column(Move, 'version')} FROM {move} "
            f"WHERE {move}.{_column(Move, 'match')} = {seat}.{_column(Seat, 'match')} "
            f"AND {move}.{_column(Move, 'seat')} = {seat}.{_column(Seat, 'index')} "
            f"AND {move}.{_column(Move, 'client_id')} = %s) AS repeat_of "
            f"FROM {seat} LEFT JOIN {user} ON {user}.{_column(User, 'id')} = {seat}.{_column(Seat, 'user')} "
            f"WHERE {seat}.{_column(Seat, 'match')} = %s ORDER BY {seat}.{_column(Seat, 'index')}")


def lock_queries(match_id: int, *, repeat_of: str | None = None) -> tuple[tuple[str, list], tuple[str, list]]:
    """The two reads of `lock_match`, as (sql, params): the match row under its lock, then its seats. A
    caller with its own connection (games.realtime.move_path) sends them together and gives the rows
    to `locked_match`."""
    return ((_lock_sql(_engine()), [match_id]),
            (_seats_sql(_engine()), [repeat_of, match_id]))


@functools.cache
def _row_version_sql(engine: str) -> str:
    return f"SELECT xmin::text FROM {_table(Match)} WHERE {_column(Match, 'id')} = %s"


@functools.cache
def _unchanged_sql(engine: str) -> str:
    # 1 / 0 when the row is not as it was: an error, so the statements after it in the round trip are skipped.
    return (f"SELECT 1 / count(*)::int FROM (SELECT 1 FROM {_table(Match)} WHERE {_column(Match, 'id')} = %s "
            f"AND xmin = %s::xid FOR UPDATE OF {_table(Match)}) AS unchanged")


def row_version_query(match_id: int) -> tuple[str, list]:
    """PostgreSQL only: the match row's version as PostgreSQL keeps it (`xmin`, the transaction that wrote
    it last). Every write of the row changes it, whether or not it changes `Match.version`."""
    return _row_version_sql(_engine()), [match_id]


def unchanged_query(match_id: int, row_version: str) -> tuple[str, list]:
    """PostgreSQL only: lock the match row, and fail with `division_by_zero` unless it is still the row
    `row_version_query` answered `row_version` for (nothing has written it since)."""
    return _unchanged_sql(_engine()), [match_id, row_version]


Rows = tuple[list[str], list[tuple]]  # column names, rows


class QueryWhileJudging(RuntimeError):
    """The code that judges a move read the database: a field the move path did not read with the match."""


@contextlib.contextmanager
def judged_without_queries() -> Iterator[None]:
    """A block that judges a move on rows already read, and must not touch the database. A lazy field (one a
    partial instance below did not load) would read it here: on the sockets' event loop that fails only on
    PostgreSQL, so it fails here on every database, in every test that makes a move."""
    with connection.execute_wrapper(_refuse_query):
        yield


def _refuse_query(execute, sql, params, many, context) -> None:
    raise QueryWhileJudging(f"a query while a move was judged (a field not read with the match?): {sql[:120]}")


def lock_match(match_id: int, *, repeat_of: str | None = None) -> Match | None:
    """The match under its row lock (inside a transaction), with its seats read after the lock.

    `match.assignment` carries what play needs (idle_takeover_s, hints; other fields load if
    asked for). Each seat's `user` carries the name, and `repeat_of` is the version of that
    seat's move with the client_id `repeat_of` (None if there is none), so a repeated action
    is recognised without another query.
    """
    (lock_sql, lock_params), (seats_sql, seats_params) = lock_queries(match_id, repeat_of=repeat_of)
    with connection.cursor() as cursor:
        cursor.execute(lock_sql, lock_params)
        match_rows = _fetched(cursor)
        if not match_rows[1]:
            return None
        cursor.execute(seats_sql, seats_params)
        return locked_match(match_rows, _fetched(cursor))


def _fetched(cursor) -> Rows:
    return [column[0] for column in cursor.description], cursor.fetchall()


def locked_match(match_rows: Rows, seat_rows: Rows) -> Match | None:
    """The match and its seats as `lock_match` returns them, from the rows of `lock_queries`."""
    columns, rows = match_rows
    if not rows:
        return None
    match = _instance(Match, columns, rows[0])
    return _with_related(match, [_instance(Seat, seat_rows[0], row) for row in seat_rows[1]])


def _with_related(match: Match, seats: list[Seat]) -> Match:
    """What the move path reads beside the rows: the assignment's hints and stand-in time, the seats
    with their children's names (from the extra attributes `assignment_*` and `user_name`)."""
    if match.assignment_id is not None:
        match.assignment = _partial(Assignment, id=match.assignment_id, hints=bool(match.assignment_hints),
                                    idle_takeover_s=match.assignment_idle_takeover_s)
    for seat in seats:
        if seat.user_id is not None:
            seat.user = _partial(User, id=seat.user_id, name=seat.user_name)
    match.use_seats(seats)
    return match


@functools.cache
def _reader(model: type[models.Model], columns: tuple[str, ...], engine: str) -> tuple[list[str], list, list]:
    """How to read a row with these columns: the model's field names in the model's order (the order
    `from_db` takes), per field its column's position and converters (as the ORM applies them: the
    backend's, then the field's own, e.g. JSON text to a dict), and the columns that are no field (an
    annotation such as `user_name`) with their positions. Worked out once per query, not per row."""
    by_column = {field.column: field for field in model._meta.concrete_fields}
    order = {field.attname: number for number, field in enumerate(model._meta.concrete_fields)}
    fields, extra = [], []
    for position, column in enumerate(columns):
        field = by_column.get(column)
        if field is None:
            extra.append((position, column))
            continue
        expression = field.cached_col
        converters = tuple(connection.ops.get_db_converters(expression) + expression.get_db_converters(connection))
        fields.append((order[field.attname], field.attname, position, expression, converters))
    fields.sort()
    return ([attname for _, attname, *_ in fields], [(position, expression, converters)
                                                     for _, _, position, expression, converters in fields], extra)


def _instance(model: type[ModelT], columns: list[str], row: tuple) -> ModelT:
    names, readers, extra = _reader(model, tuple(columns), _engine())
    db = connections[DEFAULT_DB_ALIAS]  # looked up once: each `connection.x` is a context-local lookup
    values = []
    for position, expression, converters in readers:
        value = row[position]
        for converter in converters:
            value = converter(value, expression, db)
        values.append(value)
    instance = model.from_db(db.alias, names, values)
    for position, name in extra:
        setattr(instance, name, row[position])
    return instance


def _partial(model: type[ModelT], **values: Any) -> ModelT:
    """An instance loaded with some fields; the others load from the database if read (deferred)."""
    fields = [field.attname for field in model._meta.concrete_fields if field.attname in values]
    return model.from_db(DEFAULT_DB_ALIAS, fields, [values[name] for name in fields])


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


class Captured:
    """What a block run under `captured()` wrote and wants done once it commits."""

    def __init__(self) -> None:
        self.statements: list[tuple[str, list]] = []
        # What each statement writes: (table, the id of the row it updates), or (table, None) for rows it adds.
        self.targets: list[tuple[str, object]] = []
        self.after_commit: list = []

    def combined(self) -> list[tuple[str, list]]:
        """The writes as one statement when that means the same, else as they are.

        One statement (`WITH w0 AS (...), w1 AS (...) SELECT 1`) costs one call and one reply instead
        of one per write. Its parts run on one snapshot, in no set order, so none may need to see
        another's work: it is used only when no row is updated twice (the second update would be lost)
        and no table is added to twice (two tallies' upserts of one fact would collide). An ordinary
        move qualifies: its seat, its Move, its attempts, the tallies, the match row, and against the
        computer the computer's seat too. A stand-in handing the seat back, then the move (two Moves,
        the match row saved twice), goes statement by statement.
        """
        if not self._combinable():
            return list(self.statements)
        return [self._with(returning=None)]

    def combined_then_row_version(self, match_id: int) -> list[tuple[str, list]]:
        """`combined()`, then the match row's version (`row_version_query`): the last statement's one row is
        that version. When the writes are one statement that updates the row, the update returns it
        (RETURNING xmin) and no statement is added: one fewer for PostgreSQL to run each move."""
        target = (Match._meta.db_table, match_id)
        if target not in self.targets and any(table == Seat._meta.db_table for table, _ in self.targets):
            # The row's version is what tells a kept match (games.realtime.kept_matches) that it changed.
            raise RuntimeError("a match's seats were written without its match row")
        if target not in self.targets or not (self._combinable() or len(self.statements) == 1):
            return [*self.combined(), row_version_query(match_id)]
        return [self._with(returning=self.targets.index(target))]

    def _combinable(self) -> bool:
        return len(self.statements) >= 2 and len(set(self.targets)) == len(self.targets)

    def _with(self, *, returning: int | None) -> tuple[str, list]:
        parts = ", ".join(f"w{number} AS ({sql}{_RETURNING_ROW_VERSION if number == returning else ''})"
                          for number, (sql, _) in enumerate(self.statements))
        final = "SELECT 1" if returning is None else f"SELECT row_version FROM w{returning}"
        return f"WITH {parts} {final}", [param for _, params in self.statements for param in params]


_RETURNING_ROW_VERSION = " RETURNING xmin::text AS row_version"  # as `row_version_query` reads it


@contextlib.contextmanager
def captured() -> Iterator[Captured]:
    """Like `batched_writes`, but the writes are kept, not sent, and `after_commit` callbacks are kept too:
    for a caller that runs the block's reads and writes on a connection of its own (the sockets' move path,
    games.realtime.move_path) and commits it itself. The block must not await: the capture is per thread."""
    if getattr(_pending, "statements", None) is not None:
        raise RuntimeError("captured() inside batched_writes() or captured()")
    capture = Captured()
    _pending.statements, _pending.targets = capture.statements, capture.targets
    _pending.after_commit = capture.after_commit
    try:
        yield capture
    finally:
        _pending.statements = _pending.after_commit = _pending.targets = None


def after_commit(callback: Callable[[], object]) -> None:
    """Run `callback` once the change commits: Django's `on_commit`, or the capturing caller's commit."""
    callbacks = getattr(_pending, "after_commit", None)
    if callbacks is not None:
        callbacks.append(callback)
        return
    from django.db import transaction

    transaction.on_commit(callback)


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


def write(sql: str, params: list, *, table: str) -> None:
    """A statement of the move path's own (not an `update` or `insert` of one model) that adds to or
    upserts rows of `table`: batched like them."""
    _write(sql, params, (table, None))


def _write(sql: str, params: list, target: tuple[str, object]) -> None:
    statements = getattr(_pending, "statements", None)
    if statements is None:
        _send([(sql, params)])
        return
    statements.append((sql, params))
    targets = getattr(_pending, "targets", None)
    if targets is not None:
        targets.append(target)


@functools.cache
def _update_sql(model: type[models.Model], names: tuple[str, ...], engine: str) -> str:
    assignments = ", ".join(f"{_column(model, name)} = %s" for name in names)
    return f"UPDATE {_table(model)} SET {assignments} WHERE {_column(model, 'id')} = %s"


# A field whose conversions give back a value of one plain type unchanged (the model's own methods are
# Django's, not overridden): such a value is sent as it is. Django's PostgreSQL backend would wrap an int
# as Int4 or Int8 to type it; the column types it all the same when it is stored.
_AS_IS = [
    (int, {"get_db_prep_save": Field.get_db_prep_save, "get_db_prep_value": models.IntegerField.get_db_prep_value,
           "get_prep_value": models.IntegerField.get_prep_value}),
    (str, {"get_db_prep_save": Field.get_db_prep_save, "get_db_prep_value": Field.get_db_prep_value,
           "get_prep_value": models.CharField.get_prep_value, "to_python": models.CharField.to_python}),
    (str, {"get_db_prep_save": Field.get_db_prep_save, "get_db_prep_value": Field.get_db_prep_value,
           "get_prep_value": models.TextField.get_prep_value, "to_python": models.TextField.to_python}),
    (bool, {"get_db_prep_save": Field.get_db_prep_save, "get_db_prep_value": Field.get_db_prep_value,
            "get_prep_value": models.BooleanField.get_prep_value, "to_python": models.BooleanField.to_python}),
]
_AUTO_KEY = {"get_db_prep_save": Field.get_db_prep_save,
             "get_db_prep_value": AutoFieldMixin.get_db_prep_value,  # type: ignore[attr-defined]  # Django has it; the stubs omit it
             "get_prep_value": models.IntegerField.get_prep_value}


def _has(field: models.Field, methods: dict) -> bool:
    return all(getattr(type(field), name) is method for name, method in methods.items())


def _as_is(field: models.Field) -> type | None:
    """The type whose values this field saves unchanged, or None (every value goes through the field)."""
    if isinstance(field, ForeignKey):  # the key of the row it points to: an automatic integer key, saved as it is
        plain = (type(field).get_db_prep_save is ForeignKey.get_db_prep_save and _has(field.target_field, _AUTO_KEY))
        return int if plain else None
    return next((kind for kind, methods in _AS_IS if _has(field, methods)), None)


# JSON and time fields whose conversions are Django's own: on PostgreSQL a dict or list is sent as jsonb and
# an aware datetime as it is, which is what those conversions give (only the JSON text is written by orjson
# here, several times faster than the standard library's: a match's state is written with every move).
_PLAIN_JSON = {"get_db_prep_save": models.JSONField.get_db_prep_save,
               "get_db_prep_value": models.JSONField.get_db_prep_value, "get_prep_value": Field.get_prep_value}
_PLAIN_TIME = {"get_db_prep_save": Field.get_db_prep_save,
               "get_db_prep_value": models.DateTimeField.get_db_prep_value,
               "get_prep_value": models.DateTimeField.get_prep_value, "to_python": models.DateTimeField.to_python}

Saver = Callable[[object], object]


def _saver(field: models.Field, engine: str) -> Saver:
    """How a value of this field becomes a parameter: as it is when the field's own conversions would give
    it back unchanged (a plain value, or None in a column that takes NULL), else through the field."""
    kind, none = _as_is(field), field.null

    def through(value: object) -> object:
        return field.get_db_prep_save(value, connections[DEFAULT_DB_ALIAS])

    if kind is str:  # text fields give back any text unchanged, a choice (a str subclass) too
        return lambda value: value if isinstance(value, str) or (value is None and none) else through(value)
    if kind is not None:
        return lambda value: value if type(value) is kind or (value is None and none) else through(value)
    if engine == POSTGRESQL and _has(field, _PLAIN_JSON) and getattr(field, "encoder", None) is None:
        from psycopg.types.json import Jsonb

        return lambda value: (value if value is None else Jsonb(value, dumps=_json_text)
                              if type(value) in (dict, list) else through(value))
    if engine == POSTGRESQL and _has(field, _PLAIN_TIME) and settings.USE_TZ:
        return lambda value: (value if (value is None and none) or (type(value) is datetime.datetime
                                                                    and value.utcoffset() is not None)
                              else through(value))
    return through


def _json_text(value: object) -> bytes:
    """The JSON Django's field would send (keys that are not text become text, as `json.dumps` makes them).
    One difference, which no game state has: a NaN or infinite float is written as null, where `json.dumps`
    writes a NaN that PostgreSQL refuses."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # what orjson does not write (an integer beyond 64 bits...): as the field would
        return json.dumps(value).encode()


@functools.cache
def _update_plan(model: type[models.Model], names: tuple[str, ...], engine: str) -> tuple[tuple[str, Saver], ...]:
    fields = (_field(model, name) for name in names)
    return tuple((field.attname, _saver(field, engine)) for field in fields)


def update(instance: models.Model, names: list[str]) -> None:
    """`instance.save(update_fields=names)` for a row that exists, without compiling SQL."""
    model, key, engine = type(instance), tuple(names), _engine()
    params = [save(getattr(instance, attname)) for attname, save in _update_plan(model, key, engine)]
    _write(_update_sql(model, key, engine), [*params, instance.pk], (model._meta.db_table, instance.pk))


@functools.cache
def _insert_fields(model: type[models.Model]) -> tuple[models.Field, ...]:
    return tuple(field for field in model._meta.concrete_fields if not field.primary_key)


def _auto_now(field: models.Field) -> bool:
    return bool(getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False))


@functools.cache
def _insert_plan(model: type[models.Model], engine: str) -> tuple[tuple[str, Saver, Callable[[], object], bool], ...]:
    """Per field: its attribute name, how its value is sent, what a row that leaves it out takes (its default,
    or the time now), and whether it always takes the time now (auto_now(_add), as the ORM's `pre_save`)."""
    return tuple((field.attname, _saver(field, engine), timezone.now if _auto_now(field) else field.get_default,
                  _auto_now(field))
                 for field in _insert_fields(model))


@functools.cache
def _insert_sql(model: type[models.Model], rows: int, engine: str) -> str:
    fields = _insert_fields(model)
    columns = ", ".join(_quote(field.column) for field in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    return f"INSERT INTO {_table(model)} ({columns}) VALUES {', '.join([row] * rows)}"


def insert(model: type[models.Model], rows: list[dict]) -> None:
    """Insert new rows of one model, each given as {attribute name: value}: `bulk_create` without building
    model instances (a move's Move and attempts cost more as instances than as SQL) or compiling SQL; ids
    are not read back. A field a row leaves out takes its default, as `Model(...)` gives it; an auto_now(_add)
    field takes the time now. A name the model has no field for is refused (TypeError), as `Model(...)`
    refuses it."""
    if not rows:
        return
    engine = _engine()
    plan = _insert_plan(model, engine)
    params, names = [], _insert_names(model)
    for row in rows:
        unknown = row.keys() - names
        if unknown:
            raise TypeError(f"{model.__name__} has no field {', '.join(sorted(unknown))}")
        for attname, save, missing, always in plan:
            params.append(save(missing() if always or attname not in row else row[attname]))
    _write(_insert_sql(model, len(rows), engine), params, (model._meta.db_table, None))


@functools.cache
def _insert_names(model: type[models.Model]) -> frozenset[str]:
    return frozenset(field.attname for field in _insert_fields(model))
