"""The reports' figures, computed by the database (GROUP BY and window functions; no Python loop
over attempts). Every function takes the same filter: a class, optionally one student, a period
and optionally one game. The SQL runs on SQLite and PostgreSQL alike."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time

from django.db import connection
from django.db.models import Case, Count, DurationField, ExpressionWrapper, F, IntegerField, Q, QuerySet, Sum, When
from django.db.models.functions import Coalesce, TruncWeek
from django.utils import timezone

from games.models import NO_FACT, Attempt, FactTally, Match, Seat
from games.reports.mastery import MASTERED_AFTER, NEEDS_PRACTICE_BELOW, state_of
from games.reports.mistakes import MISTAKE_TYPES

# A child needs help with a fact when it needs practice (games.reports.mastery) over enough tries.
MIN_ATTEMPTS_FOR_HELP = MASTERED_AFTER
HELP_BELOW = NEEDS_PRACTICE_BELOW
RIGHT = Sum(Case(When(correct=True, then=1), default=0, output_field=IntegerField()))


@dataclass(frozen=True)
class Scope:
    classroom_id: int
    start: datetime | None
    end: datetime
    game: str = ""
    student_user_id: int | None = None

    # Several classes at once (a teacher's "all my classes"); classroom_id is then ignored.
    classroom_ids: tuple[int, ...] = ()

    @property
    def classes(self) -> tuple[int, ...]:
        return self.classroom_ids or (self.classroom_id,)

    def attempts(self) -> QuerySet[Attempt]:
        attempts = Attempt.objects.filter(classroom_id__in=self.classes, created_at__lt=self.end)
        if self.start is not None:
            attempts = attempts.filter(created_at__gte=self.start)
        if self.game:
            attempts = attempts.filter(game=self.game)
        if self.student_user_id is not None:
            attempts = attempts.filter(student_id=self.student_user_id)
        return attempts

    def where_sql(self) -> tuple[str, list]:
        classes = f"classroom_id IN ({', '.join(['%s'] * len(self.classes))})"
        clauses, params = [classes, "created_at < %s", "fact_a IS NOT NULL"], [*self.classes, self.end]
        if self.start is not None:
            clauses.append("created_at >= %s")
            params.append(self.start)
        if self.game:
            clauses.append("game = %s")
            params.append(self.game)
        if self.student_user_id is not None:
            clauses.append("student_id = %s")
            params.append(self.student_user_id)
        return " AND ".join(clauses), params


def fact_table(scope: Scope) -> list[dict]:
    """Per multiplication fact (smaller factor first): attempts, right answers, median think time."""
    where, params = scope.where_sql()
    table = Attempt._meta.db_table
    sql = f"""
        WITH chosen AS (
            SELECT fact_a, fact_b, think_ms, correct FROM {table} WHERE {where}
        ),
        ranked AS (
            SELECT fact_a, fact_b, think_ms,
                   ROW_NUMBER() OVER (PARTITION BY fact_a, fact_b ORDER BY think_ms) AS position,
                   COUNT(*) OVER (PARTITION BY fact_a, fact_b) AS size
            FROM chosen
        ),
        medians AS (
            SELECT fact_a, fact_b, AVG(think_ms) AS median_ms FROM ranked
            WHERE position IN ((size + 1) / 2, (size + 2) / 2) GROUP BY fact_a, fact_b
        ),
        totals AS (
            SELECT fact_a, fact_b, COUNT(*) AS attempts,
                   SUM(CASE WHEN correct THEN 1 ELSE 0 END) AS right_answers
            FROM chosen GROUP BY fact_a, fact_b
        )
        SELECT totals.fact_a, totals.fact_b, attempts, right_answers, median_ms
        FROM totals JOIN medians ON medians.fact_a = totals.fact_a AND medians.fact_b = totals.fact_b
        ORDER BY totals.fact_a, totals.fact_b
    """
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return [
        {"a": a, "b": b, "attempts": n, "right": int(right), "wrong": n - int(right),
         "accuracy": round(int(right) / n, 3), "median_think_ms": round(float(median)),
         "state": state_of(n, int(right))}
        for a, b, n, right, median in rows
    ]


def judgement_accuracy(scope: Scope) -> list[dict]:
    """Accuracy per kind of claim: products, factor/multiple judgements, divisors."""
    rows = scope.attempts().values("kind").annotate(attempts=Count("*"), right=RIGHT).order_by("kind")
    return [{**row, "accuracy": round(row["right"] / row["attempts"], 3)} for row in rows]


def mistakes_by_type(scope: Scope) -> list[dict]:
    return list(scope.attempts().filter(correct=False).values("kind", "mistake_type")
                .annotate(count=Count("*")).order_by("kind", "-count", "mistake_type"))


def commonest_mistake_per_fact(scope: Scope) -> dict[tuple[int, int], str]:
    """For each grid fact, the mistake type made most often on it (ties: the first in MISTAKE_TYPES)."""
    rows = (scope.attempts().filter(correct=False, fact_a__isnull=False).values("fact_a", "fact_b", "mistake_type")
            .annotate(count=Count("*")))
    order = {kind: index for index, kind in enumerate(MISTAKE_TYPES)}
    best: dict[tuple[int, int], tuple[int, int, str]] = {}
    for row in rows:
        key = (row["fact_a"], row["fact_b"])
        candidate = (row["count"], -order.get(row["mistake_type"], len(order)), row["mistake_type"])
        best[key] = max(best.get(key, candidate), candidate)
    return {key: value[2] for key, value in best.items()}


RECENT_MISTAKES = 10


def recent_mistakes(scope: Scope) -> list[dict]:
    """The latest wrong answers, newest first, each with the match and move to watch it again at."""
    rows = (scope.attempts().filter(correct=False).order_by("-created_at", "-id")
            .values("kind", "a", "b", "answer", "mistake_type", "match_id", "version", "created_at")[:RECENT_MISTAKES])
    return [{**row, "created_at": row["created_at"].isoformat()} for row in rows]


def accuracy_by_week(scope: Scope) -> list[dict]:
    rows = (scope.attempts().annotate(week=TruncWeek("created_at")).values("week")
            .annotate(attempts=Count("*"), right=RIGHT).order_by("week"))
    return [{"week": row["week"].date().isoformat(), "attempts": row["attempts"], "right": row["right"],
             "accuracy": round(row["right"] / row["attempts"], 3)} for row in rows]


def students_needing_help(scope: Scope) -> list[dict]:
    """Per fact, the students under HELP_BELOW accuracy with at least MIN_ATTEMPTS_FOR_HELP tries."""
    rows = (scope.attempts().filter(fact_a__isnull=False).values("fact_a", "fact_b", "student_id")
            .annotate(attempts=Count("*"), right=RIGHT)
            .filter(attempts__gte=MIN_ATTEMPTS_FOR_HELP, right__lt=F("attempts") * HELP_BELOW)
            .order_by("fact_a", "fact_b", "student_id"))
    return [{"a": row["fact_a"], "b": row["fact_b"], "student_user_id": row["student_id"],
             "attempts": row["attempts"], "accuracy": round(row["right"] / row["attempts"], 3)} for row in rows]


def tallies(scope: Scope) -> QuerySet[FactTally]:
    """The scope's class tallies (games.models.FactTally): a few rows per class and day instead of every attempt.
    They count whole days, so the scope must start at midnight (games.services.reports.period_bounds does)."""
    if scope.student_user_id is not None:
        raise ValueError("Tallies count whole classes, not one student.")
    rows = FactTally.objects.filter(classroom_id__in=scope.classes, day__lte=timezone.localdate(scope.end))
    if scope.start is not None:
        if timezone.localtime(scope.start).time() != time.min:
            raise ValueError("Tallies count whole days: start the period at midnight.")
        rows = rows.filter(day__gte=timezone.localdate(scope.start))
    return rows.filter(game=scope.game) if scope.game else rows


def tallied_facts(scope: Scope) -> list[dict]:
    """Per grid fact over the scope's classes: attempts and right answers (no think times: tallies keep none)."""
    rows = (tallies(scope).exclude(fact_a=NO_FACT).values("fact_a", "fact_b")
            .annotate(tries=Sum("attempts"), right=Sum("right_answers")).order_by("fact_a", "fact_b"))
    return [_fact(row["fact_a"], row["fact_b"], row["tries"], row["right"]) for row in rows]


def tallied_facts_per_class(scope: Scope) -> dict[int, list[dict]]:
    rows = (tallies(scope).exclude(fact_a=NO_FACT).values("classroom_id", "fact_a", "fact_b")
            .annotate(tries=Sum("attempts"), right=Sum("right_answers")).order_by())
    per_class: dict[int, list[dict]] = {}
    for row in rows:
        per_class.setdefault(row["classroom_id"], []).append(_fact(row["fact_a"], row["fact_b"], row["tries"],
                                                                   row["right"]))
    return per_class


def tallied_answers_per_class(scope: Scope) -> dict[int, dict]:
    """Answers (about a grid fact or not) and right answers per class of the scope."""
    rows = tallies(scope).values("classroom_id").annotate(tries=Sum("attempts"), right=Sum("right_answers"))
    return {row["classroom_id"]: {"attempts": row["tries"], "right": row["right"]} for row in rows}


def _fact(a: int, b: int, tries: int, right: int) -> dict:
    return {"a": a, "b": b, "attempts": tries, "right": right, "wrong": tries - right,
            "accuracy": round(right / tries, 3), "median_think_ms": None, "state": state_of(tries, right)}


def attempts_per_student(scope: Scope) -> dict[int, dict]:
    rows = scope.attempts().values("student_id").annotate(attempts=Count("*"), right=RIGHT)
    return {row["student_id"]: {"attempts": row["attempts"], "right": row["right"]} for row in rows}


def play_per_student(scope: Scope) -> dict[int, dict]:
    """Matches played and seconds of play per student, from the matches that started in the period."""
    matches = Q(match__classroom_id=scope.classroom_id, match__started_at__lt=scope.end,
                match__started_at__isnull=False) & (Q(user__isnull=False) | Q(left_by__isnull=False))
    if scope.start is not None:
        matches &= Q(match__started_at__gte=scope.start)
    if scope.game:
        matches &= Q(match__game=scope.game)
    if scope.student_user_id is not None:
        matches &= Q(user_id=scope.student_user_id) | Q(left_by_id=scope.student_user_id)
    length = ExpressionWrapper(F("match__finished_at") - F("match__started_at"), output_field=DurationField())
    # A match the student left counts as played; its length does not (they were not there to the end).
    rows = (Seat.objects.filter(matches).annotate(player=Coalesce("user_id", "left_by_id")).values("player")
            .annotate(matches=Count("match", distinct=True),
                      time=Sum(length, filter=Q(match__finished_at__isnull=False, user__isnull=False))))
    return {row["player"]: {"matches": row["matches"],
                             "seconds": int(row["time"].total_seconds()) if row["time"] else 0} for row in rows}


def matches_in(scope: Scope) -> QuerySet[Match]:
    matches = Match.objects.filter(classroom_id=scope.classroom_id, started_at__lt=scope.end)
    if scope.start is not None:
        matches = matches.filter(started_at__gte=scope.start)
    return matches.filter(game=scope.game) if scope.game else matches
