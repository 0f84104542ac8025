"""The move path's hand-built SQL stores and reads exactly what the ORM would (SQLite and PostgreSQL)."""

import datetime
import json

import pytest
from django.db import connection, models, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from psycopg.types.json import Jsonb

from games.models import Attempt, Match, Move, Seat
from games.services import match_store
from games.services.moves import match_submit_action
from tests.games.test_moves import first_mover, related_cell, seat_user, two_player_match

pytestmark = pytest.mark.django_db


def test_lock_match_reads_the_match_its_assignment_and_named_seats(make_assignment, pupils, fake_clock):
    match = two_player_match(make_assignment, pupils, idle_takeover_s=45, hints=True)
    with transaction.atomic():
        locked = match_store.lock_match(match.pk)
        assert (locked.version, locked.state, locked.options) == (match.version, match.state, match.options)
        assert (locked.assignment.idle_takeover_s, locked.assignment.hints) == (45, True)
        assert locked.assignment.game == "fultiples"  # a field not read up front loads when asked for
        seats = locked.seat_list()
        assert [seat.index for seat in seats] == [0, 1]
        assert [seat.user.name for seat in seats] == [pupils[0].user.name, pupils[1].user.name]
        assert [seat.repeat_of for seat in seats] == [None, None]
    with transaction.atomic():
        assert match_store.lock_match(match.pk + 1000) is None


def test_lock_match_finds_the_seats_earlier_move_with_a_client_id(make_assignment, pupils, fake_clock):
    match = two_player_match(make_assignment, pupils)
    mover = first_mover(match)
    match_submit_action(match_id=match.pk, user=seat_user(match, mover), action={"type": "mark", "cell": [0, 0]},
                        client_id="again")
    with transaction.atomic():
        seats = match_store.lock_match(match.pk, repeat_of="again").seat_list()
    assert seats[mover].repeat_of == match.version + 1
    assert seats[1 - mover].repeat_of is None  # the same client_id from the other seat is a new action


def test_update_and_insert_store_what_the_orm_reads_back(make_assignment, pupils, fake_clock):
    match = two_player_match(make_assignment, pupils)
    nested = {"cells": [[1, None], [2, 3]], "note": "é", "flag": True}
    match.state = {**match.state, "extra": nested}
    match.version, match.result, match.finished_at = 7, {"winners": [1], "reason": "test"}, timezone.now()
    match_store.update(match, ["state", "version", "result", "finished_at"])
    stored = Match.objects.get(pk=match.pk)
    assert (stored.state["extra"], stored.version, stored.result) == (nested, 7, {"winners": [1], "reason": "test"})
    assert stored.finished_at == match.finished_at
    seat = Seat.objects.get(match=match, index=0)
    seat.taken_over, seat.bot_action = True, {"type": "mark", "cell": [2, 3]}
    match_store.update(seat, ["taken_over", "bot_action"])
    seat.refresh_from_db()
    assert (seat.taken_over, seat.bot_action) == (True, {"type": "mark", "cell": [2, 3]})

    long_ago = AWARE - datetime.timedelta(days=400)
    timeout = [{"type": "timeout", "seat": 0}]
    match_store.insert(Move, [{"match_id": match.pk, "version": 8, "seat": None, "source": Move.Source.TIMER,
                               "action": None, "client_id": None, "now_ms": 5, "events": timeout,
                               "created_at": long_ago},
                              {"match_id": match.pk, "version": 9, "source": Move.Source.END, "now_ms": 6}])
    move = Move.objects.get(match=match, version=8)
    assert (move.seat, move.action, move.client_id, move.events) == (None, None, None, timeout)
    assert move.created_at > long_ago  # auto_now_add is the time of the insert, as the ORM fills it
    left_out = Move.objects.get(match=match, version=9)  # what a row leaves out takes the field's default
    assert (left_out.seat, left_out.action, left_out.client_id, left_out.events) == (None, None, None, [])
    student = pupils[0].user
    match_store.insert(Attempt, [{"student_id": student.pk, "classroom_id": match.classroom_id, "match_id": match.pk,
                                  "game": match.game, "kind": "product", "a": 6, "b": 7, "answer": value,
                                  "correct": value == 42, "think_ms": 900, "fact_a": 6, "fact_b": 7,
                                  "mistake_type": "" if value == 42 else "near_miss"}
                                 for value in (42, 48)])
    rows = list(Attempt.objects.filter(match=match).order_by("answer").values_list("answer", "correct", "mistake_type"))
    assert rows == [(42, True, ""), (48, False, "near_miss")]
    assert Attempt.objects.filter(match=match, created_at__isnull=False).count() == 2  # its default: now
    with pytest.raises(TypeError, match="Move has no field colour"):
        match_store.insert(Move, [{"match_id": match.pk, "version": 10, "source": Move.Source.END, "now_ms": 7,
                                   "colour": "red"}])


class Doubled(models.IntegerField):
    """A field with a conversion of its own: its values must never be sent as they are."""

    def get_prep_value(self, value):
        return None if value is None else int(value) * 2


class Shouted(models.CharField):
    def get_db_prep_value(self, value, connection, prepared=False):
        return value.upper()


class Trimmed(models.CharField):
    def to_python(self, value):  # CharField's get_prep_value calls it
        return value.strip()


def test_plain_values_of_plain_fields_are_sent_as_they_are_and_every_other_goes_through_its_field():
    fields = {field.name: field for field in Move._meta.concrete_fields}
    assert match_store._as_is(fields["version"]) is int
    assert match_store._as_is(fields["match"]) is int  # a key: the id it holds
    assert match_store._as_is(fields["client_id"]) is str
    assert match_store._as_is(fields["action"]) is None  # JSON: always through the field
    assert match_store._as_is(fields["created_at"]) is None
    assert match_store._as_is(Attempt._meta.get_field("correct")) is bool
    assert match_store._as_is(Doubled()) is None
    assert match_store._as_is(Shouted(max_length=5)) is None
    assert match_store._as_is(Trimmed(max_length=5)) is None
    assert match_store._as_is(models.ForeignKey(Seat, on_delete=models.CASCADE, to_field="index")) is None


def sent(param):
    """A parameter as the database gets it: JSON as the text's meaning, anything else as it is."""
    if isinstance(param, Jsonb):
        return "jsonb", json.loads((param.dumps or json.dumps)(param.obj))
    return param


AWARE = datetime.datetime(2026, 3, 1, 9, 30, tzinfo=datetime.UTC)
SAMPLES = {
    models.JSONField: [None, {"cells": [[1, None]], "name": "Zoë <b>", 3: "a key that is a number"}, [1, "two"],
                       "text", 7, {"big": 2**70}],
    models.DateTimeField: [None, AWARE, AWARE.astimezone(datetime.timezone(datetime.timedelta(hours=-5)))],
    models.IntegerField: [None, 0, -3, 2**40, True, "12"],
    models.CharField: [None, "", "Ünïcode'; --", Match.Status.ACTIVE],
    models.BooleanField: [True, False],
    models.ForeignKey: [None, 5],
}


@pytest.mark.parametrize("model", [Match, Seat, Move, Attempt])
def test_every_value_is_sent_as_its_field_would_send_it(model):
    """Whether a value is sent as it is or through the field, the database is given the same."""
    checked = 0
    for field in model._meta.concrete_fields:
        kind = next((kind for kind in SAMPLES if isinstance(field, kind)), None)
        if kind is None:
            continue
        save = match_store._saver(field, match_store._engine())
        for value in SAMPLES[kind]:
            if value is None and not field.null:
                continue
            assert sent(save(value)) == sent(field.get_db_prep_save(value, connection)), (field.name, value)
            checked += 1
    assert checked >= 10


def test_on_postgresql_json_and_aware_times_are_sent_without_the_fields_conversion():
    state, started = Match._meta.get_field("state"), Match._meta.get_field("started_at")
    param = match_store._saver(state, match_store.POSTGRESQL)({"turn": 1})
    assert isinstance(param, Jsonb)
    assert param.dumps is match_store._json_text
    assert param.obj == {"turn": 1}
    assert match_store._saver(started, match_store.POSTGRESQL)(AWARE) is AWARE
    assert match_store._json_text({1: "é", "a": [True, None]}) == '{"1":"é","a":[true,null]}'.encode()
    assert match_store._json_text({"n": 2**70, 1: "é"}) == b'{"n": 1180591620717411303424, "1": "\\u00e9"}'


def test_json_that_orjson_does_not_write_is_stored_as_the_field_stores_it(make_assignment, pupils, fake_clock):
    match = two_player_match(make_assignment, pupils)
    match.state = {**match.state, "big": 2**70, 4: "four"}
    match_store.update(match, ["state"])
    stored = Match.objects.get(pk=match.pk).state
    assert (stored["big"], stored["4"]) == (2**70, "four")


def test_a_value_of_another_type_still_goes_through_its_field(make_assignment, pupils, fake_clock):
    """A choice (a str subclass), a bool in an int column, a number as text: converted as the ORM would."""
    match = two_player_match(make_assignment, pupils)
    match.status, match.version = Match.Status.FINISHED, "9"
    match_store.update(match, ["status", "version"])
    assert Match.objects.filter(pk=match.pk).values_list("status", "version").get() == ("finished", 9)
    match.version = True
    match_store.update(match, ["version"])
    assert Match.objects.get(pk=match.pk).version == 1


def test_a_move_is_seven_statements_between_begin_and_commit(make_assignment, pupils, fake_clock):
    """Lock, seats (with the repeat check), seat, move, attempt, class tally, match: no ORM read-modify-write."""
    match = two_player_match(make_assignment, pupils)
    mover = first_mover(match)
    match_submit_action(match_id=match.pk, user=seat_user(match, mover), action={"type": "mark", "cell": [0, 0]})
    match.refresh_from_db()
    answer = {"type": "mark", "cell": related_cell(match.state)}  # a claim: it stores an attempt
    other = seat_user(match, 1 - mover)
    with CaptureQueriesContext(connection) as queries:
        match_submit_action(match_id=match.pk, user=other, action=answer, client_id="q")
    assert Attempt.objects.filter(match=match).count() == 1
    # In a test the transaction is a savepoint: BEGIN and COMMIT show as SAVEPOINT and RELEASE.
    statements = [q["sql"] for q in queries.captured_queries
                  if not q["sql"].startswith(("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT"))]
    assert len(statements) <= 7, statements
    if connection.vendor == "postgresql":  # the writes go together: lock, seats, one batch
        assert len(statements) == 3, statements


def test_batched_writes_go_in_order_when_the_block_ends_and_not_at_all_if_it_raises(make_assignment, pupils,
                                                                                     fake_clock):
    match = two_player_match(make_assignment, pupils)
    seat = Seat.objects.get(match=match, index=0)
    with transaction.atomic(), match_store.batched_writes():
        for value in (1, 2, 3):
            seat.last_active_ms = value
            match_store.update(seat, ["last_active_ms"])
        assert Seat.objects.get(pk=seat.pk).last_active_ms != 3  # held back until the block ends
    assert Seat.objects.get(pk=seat.pk).last_active_ms == 3  # the last write wins: they ran in order

    def refused_change():
        with transaction.atomic(), match_store.batched_writes():
            seat.last_active_ms = 99
            match_store.update(seat, ["last_active_ms"])
            raise RuntimeError("the engine refused")

    with pytest.raises(RuntimeError):
        refused_change()
    assert Seat.objects.get(pk=seat.pk).last_active_ms == 3
    seat.last_active_ms = 4
    match_store.update(seat, ["last_active_ms"])  # outside a batch: at once
    assert Seat.objects.get(pk=seat.pk).last_active_ms == 4


def test_the_match_rows_json_is_compressed_with_lz4_where_postgresql_has_it():
    """Migration 0017: every move writes the state, and lz4 compresses it for less CPU than pglz."""
    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL setting (SQLite stores JSON as text, uncompressed)")
    with connection.cursor() as cursor:
        cursor.execute("SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'")
        available = cursor.fetchone()[0]
        cursor.execute("SELECT attname, attcompression FROM pg_attribute WHERE attrelid = %s::regclass "
                       "AND attname IN ('state', 'options', 'result', 'id')", [Match._meta.db_table])
        methods = dict(cursor.fetchall())
    lz4 = "l" if available else ""
    assert methods == {"state": lz4, "options": lz4, "result": lz4, "id": ""}


@pytest.mark.parametrize("model", [Match, Move, Attempt])
def test_the_tables_every_move_writes_have_no_index_another_index_already_leads_with(model):
    """Every move adds an entry to each index of the rows it writes (the match row's update is never heap-only:
    next_due_ms is indexed). An index on columns another index starts with serves no query the other does not."""
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, model._meta.db_table)
    indexes = {name: tuple(found["columns"]) for name, found in constraints.items()
               if found["index"] and not found["primary_key"]}
    redundant = [(name, columns) for name, columns in indexes.items() if not constraints[name]["unique"]
                 and any(other != name and len(longer) > len(columns) and longer[:len(columns)] == columns
                         for other, longer in indexes.items())]
    assert redundant == []


def test_a_capture_that_writes_a_matchs_seats_without_its_row_is_refused():
    """The row's version is how a kept match learns that anything of its match changed (games.realtime.kept_matches):
    seats written alone would leave it judging on seats that are no longer so."""
    match, seat = Match(pk=41, version=3), Seat(pk=7, index=0, match_id=41, last_active_ms=5)
    with match_store.captured() as alone:
        match_store.update(seat, ["last_active_ms"])
    with pytest.raises(RuntimeError, match="seats were written without its match row"):
        alone.combined_then_row_version(match.pk)
    with match_store.captured() as together:
        match_store.update(seat, ["last_active_ms"])
        match_store.update(match, ["version"])
    assert together.combined_then_row_version(match.pk)
