"""Each class's answers per day, game and fact (games.models.FactTally), kept exact.

A move adds its attempts' counts in the move's own transaction (`tally_add`), so a tally never runs ahead of or
behind the attempts a report could read. Whatever removes attempts in bulk (a child's account deleted, the demo
re-dating its history) recounts or subtracts here."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping

from django.db import connection, transaction
from django.db.models import Case, Count, IntegerField, Sum, Value, When
from django.db.models.functions import Coalesce, TruncDate
from django.utils import timezone

from games.models import NO_FACT, Attempt, FactTally
from games.services import match_store

_RIGHT = Sum(Case(When(correct=True, then=1), default=0, output_field=IntegerField()))


def _key(attempt: Mapping, days: dict) -> tuple:
    at = attempt["created_at"]
    day = days.get(at)
    if day is None:  # a move's attempts share one time: its local day is worked out once
        day = days[at] = timezone.localdate(at)
    return (attempt["classroom_id"], day, attempt["game"], attempt["fact_a"] or NO_FACT, attempt["fact_b"] or NO_FACT)


def tally_add(attempts: Iterable[Mapping]) -> None:
    """Count freshly written attempts, given as the rows `match_store.insert` wrote ({attribute name: value}:
    classroom_id, created_at, game, fact_a, fact_b, correct). One statement; rows in key order, so two moves
    that share tallies lock them in the same order and cannot deadlock."""
    tries: Counter = Counter()
    right: Counter = Counter()
    days: dict = {}
    for attempt in attempts:
        key = _key(attempt, days)
        tries[key] += 1
        right[key] += 1 if attempt["correct"] else 0
    if not tries:
        return
    adapt_day = connection.ops.adapt_datefield_value  # looked up once: `connection` is context-local
    params: list = []
    for key in sorted(tries):
        classroom_id, day, game, fact_a, fact_b = key
        params += [classroom_id, adapt_day(day), game, fact_a, fact_b, tries[key], right[key]]
    # With the move's other writes, in one round trip on PostgreSQL.
    match_store.write(_upsert_sql(len(tries)), params, table=FactTally._meta.db_table)


@functools.cache
def _upsert_sql(rows: int) -> str:
    table = FactTally._meta.db_table
    row = "(%s, %s, %s, %s, %s, %s, %s)"
    return (f"INSERT INTO {table} (classroom_id, day, game, fact_a, fact_b, attempts, right_answers) "
            f"VALUES {', '.join([row] * rows)} "
            "ON CONFLICT (classroom_id, day, game, fact_a, fact_b) DO UPDATE SET "
            f"attempts = {table}.attempts + excluded.attempts, "
            f"right_answers = {table}.right_answers + excluded.right_answers")


def _counted(attempts) -> list[dict]:
    return list(attempts.annotate(day=TruncDate("created_at"), fa=Coalesce("fact_a", Value(NO_FACT)),
                                  fb=Coalesce("fact_b", Value(NO_FACT)))
                .values("classroom_id", "day", "game", "fa", "fb")
                .annotate(tries=Count("*"), right=_RIGHT).order_by())


@transaction.atomic
def tally_rebuild(*, classroom_ids: Iterable[int]) -> int:
    """Recount these classes' tallies from their attempts (after attempts were re-dated or loaded in bulk).
    Returns the number of tally rows written."""
    classroom_ids = list(classroom_ids)
    FactTally.objects.filter(classroom_id__in=classroom_ids).delete()
    rows = [FactTally(classroom_id=row["classroom_id"], day=row["day"], game=row["game"], fact_a=row["fa"],
                      fact_b=row["fb"], attempts=row["tries"], right_answers=row["right"])
            for row in _counted(Attempt.objects.filter(classroom_id__in=classroom_ids))]
    FactTally.objects.bulk_create(rows, batch_size=5000)
    return len(rows)


def tally_forget_student(*, user_id: int) -> None:
    """Take one child's attempts out of their classes' tallies (their attempts are about to be deleted)."""
    for row in _counted(Attempt.objects.filter(student_id=user_id)):
        tally = (FactTally.objects.select_for_update()
                 .filter(classroom_id=row["classroom_id"], day=row["day"], game=row["game"], fact_a=row["fa"],
                         fact_b=row["fb"]).first())
        if tally is None:
            continue
        tally.attempts = max(0, tally.attempts - row["tries"])
        tally.right_answers = max(0, tally.right_answers - row["right"])
        if tally.attempts:
            tally.save(update_fields=["attempts", "right_answers"])
        else:
            tally.delete()
