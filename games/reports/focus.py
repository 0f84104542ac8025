"""Did the focus help? For each focused assignment, each child's answers on their focus facts
(games.models.FocusFact) before the first match that brought the fact up, and since: how many, how
many right, and the average think time. One statement for a class, however many rows: each figure
is a correlated aggregate over the child's attempts on that fact (index student, fact_a, fact_b)."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Avg, Count, IntegerField, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce

from games.models import Attempt, FocusFact

Figures = dict[str, int | float | None]


def _aggregate(when: Q, value) -> Subquery:
    attempts = (Attempt.objects.filter(when, student_id=OuterRef("student__user_id"), fact_a=OuterRef("a"),
                                       fact_b=OuterRef("b"))
                .order_by().values("student_id").annotate(value=value).values("value"))
    return Subquery(attempts)


def focus_rows(*, classroom_id: int, end: datetime, student_user_id: int | None = None) -> list[dict]:
    """Every focus fact of the class's assignments (or one child's), with the child's figures before and since."""
    before = Q(created_at__lt=OuterRef("since"))
    since = Q(created_at__gte=OuterRef("since"), created_at__lt=end)
    zero: IntegerField[int, int] = IntegerField()
    facts = FocusFact.objects.filter(assignment__classroom_id=classroom_id)
    if student_user_id is not None:
        facts = facts.filter(student__user_id=student_user_id)
    rows = (facts
            .annotate(before_n=Coalesce(_aggregate(before, Count("*")), 0, output_field=zero),
                      before_right=Coalesce(_aggregate(before, Count("id", filter=Q(correct=True))), 0,
                                            output_field=zero),
                      before_think=_aggregate(before, Avg("think_ms")),
                      since_n=Coalesce(_aggregate(since, Count("*")), 0, output_field=zero),
                      since_right=Coalesce(_aggregate(since, Count("id", filter=Q(correct=True))), 0,
                                           output_field=zero),
                      since_think=_aggregate(since, Avg("think_ms")))
            .values("assignment_id", "assignment__title", "assignment__game", "assignment__options",
                    "student_id", "student__display_name", "a", "b", "since", "before_n", "before_right",
                    "before_think", "since_n", "since_right", "since_think")
            .order_by("assignment_id", "student__display_name", "student_id", "a", "b"))
    return list(rows)


def _figures(attempts: int, right: int, think: float | None) -> Figures:
    return {"attempts": attempts, "right": right,
            "accuracy": round(right / attempts, 3) if attempts else None,
            "think_ms": round(think) if think is not None else None}


def _total(rows: list[dict], when: str) -> Figures:
    attempts = sum(row[when]["attempts"] for row in rows)
    right = sum(row[when]["right"] for row in rows)
    weighted = sum(row[when]["think_ms"] * row[when]["attempts"] for row in rows if row[when]["attempts"])
    return _figures(attempts, right, weighted / attempts if attempts else None)


def focus_report(*, classroom_id: int, end: datetime, student_user_id: int | None = None) -> list[dict]:
    """Per focused assignment (that a child has played): a row per child and focus fact, and the totals."""
    assignments: dict[int, dict] = {}
    for row in focus_rows(classroom_id=classroom_id, end=end, student_user_id=student_user_id):
        focus = (row["assignment__options"] or {}).get("focus") or {}
        entry = assignments.setdefault(row["assignment_id"], {
            "assignment_id": row["assignment_id"], "title": row["assignment__title"], "game": row["assignment__game"],
            "mode": focus.get("mode", "none"), "rows": []})
        entry["rows"].append({
            "student_id": row["student_id"], "student": row["student__display_name"], "a": row["a"], "b": row["b"],
            "since": row["since"].isoformat(),
            "before": _figures(row["before_n"], row["before_right"], row["before_think"]),
            "after": _figures(row["since_n"], row["since_right"], row["since_think"]),
        })
    for entry in assignments.values():
        entry["before"] = _total(entry["rows"], "before")
        entry["after"] = _total(entry["rows"], "after")
    return list(assignments.values())
