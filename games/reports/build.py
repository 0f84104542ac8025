"""Assembles the report documents from the figures the database computed (queries.py)."""

from __future__ import annotations

from games.reports.focus import focus_report
from games.reports.mastery import WORDS, known
from games.reports.mistakes import explain, label
from games.reports.practise_next import practise_next, weakest
from games.reports.queries import (
    Scope,
    accuracy_by_week,
    attempts_per_student,
    commonest_mistake_per_fact,
    fact_table,
    judgement_accuracy,
    mistakes_by_type,
    play_per_student,
    recent_mistakes,
    students_needing_help,
    tallied_answers_per_class,
    tallied_facts,
    tallied_facts_per_class,
)

MOST_MISSED = 10


def grid_size(facts: list[dict]) -> int:
    """10 x 10, or 12 x 12 when facts beyond 10 occur."""
    return 12 if any(fact["b"] > 10 for fact in facts) else 10


def most_missed(facts: list[dict]) -> list[dict]:
    missed = [fact for fact in facts if fact["wrong"]]
    return sorted(missed, key=lambda fact: (-fact["wrong"], fact["accuracy"], fact["a"], fact["b"]))[:MOST_MISSED]


def student_report(scope: Scope) -> dict:
    facts = fact_table(scope)
    mistakes = mistakes_by_type(scope)
    judgements = judgement_accuracy(scope)
    return {
        "grid_size": grid_size(facts),
        "facts": facts,
        "most_missed": most_missed(facts),
        "by_week": accuracy_by_week(scope),
        "judgements": judgements,
        "mistakes": [{**row, "label": label(row["mistake_type"])} for row in mistakes],
        "totals": _totals(facts, judgements),
        "states": WORDS,
        "practise_next": practise_next(facts, commonest_mistake_per_fact(scope)),
        # Each wrong answer's own reason: "chose 14 after 12 (both are even, but neither is a multiple ...)".
        "recent_mistakes": [
            {**row, "label": explain(row["kind"], row["a"], row["b"], row["answer"], row["mistake_type"])}
            for row in recent_mistakes(scope)],
        "focus": focus_report(classroom_id=scope.classroom_id, end=scope.end, student_user_id=scope.student_user_id),
    }


def totals_of(data: dict) -> dict:
    """A report's totals (answers, right, facts seen and mastered); worked out for snapshots stored without them."""
    return data.get("totals") or _totals(data.get("facts", []), data.get("judgements", []))


def _totals(facts: list[dict], judgements: list[dict]) -> dict:
    attempts = sum(row["attempts"] for row in judgements)
    right = sum(row["right"] for row in judgements)
    return {"attempts": attempts, "right": right, "accuracy": round(right / attempts, 3) if attempts else None,
            "facts_seen": len(facts),
            "facts_mastered": len(known(facts))}


def class_report(scope: Scope, students: list[tuple[int, int, str]]) -> dict:
    """`students`: (student id, user id, display name) for everyone in the class."""
    facts = fact_table(scope)
    names = {user_id: name for _, user_id, name in students}
    student_ids = {user_id: student_id for student_id, user_id, _ in students}
    help_rows = students_needing_help(scope)
    needs_help: dict[str, list[dict]] = {}
    for row in help_rows:
        key = f"{row['a']}x{row['b']}"
        needs_help.setdefault(key, []).append({"student": names.get(row["student_user_id"], "?"),
                                               "student_id": student_ids.get(row["student_user_id"]),
                                               "attempts": row["attempts"], "accuracy": row["accuracy"]})
    judgements = judgement_accuracy(scope)
    attempts = attempts_per_student(scope)
    play = play_per_student(scope)
    activity = []
    for student_id, user_id, name in students:
        mine = attempts.get(user_id, {"attempts": 0, "right": 0})
        played = play.get(user_id, {"matches": 0, "seconds": 0})
        activity.append({"student_id": student_id, "student": name, "matches": played["matches"],
                         "minutes": round(played["seconds"] / 60, 1), "attempts": mine["attempts"],
                         "accuracy": round(mine["right"] / mine["attempts"], 3) if mine["attempts"] else None})
    return {
        "grid_size": grid_size(facts),
        "facts": facts,
        "most_missed": most_missed(facts),
        "needs_help": needs_help,
        "activity": activity,
        "by_week": accuracy_by_week(scope),
        "judgements": judgements,
        "mistakes": [{**row, "label": label(row["mistake_type"])} for row in mistakes_by_type(scope)],
        "totals": _totals(facts, judgements),
        "states": WORDS,
        # Focused assignments: before and since each child's first focused match, whatever the period.
        "focus": focus_report(classroom_id=scope.classroom_id, end=scope.end),
    }


WEAKEST_PER_CLASS = 3


def all_classes_report(scope: Scope, classes: list[tuple[int, str]]) -> dict:
    """One grid over several classes (scope.classroom_ids), and each class beside the others: its
    answers, accuracy and weakest facts. `classes`: (id, name) in the order to show them. Read from the class
    tallies, so it takes whole days and shows no think times."""
    facts = tallied_facts(scope)
    answers = tallied_answers_per_class(scope)
    per_class = tallied_facts_per_class(scope)
    rows = []
    for classroom_id, name in classes:
        counted = answers.get(classroom_id, {"attempts": 0, "right": 0})
        rows.append({"id": classroom_id, "name": name, "attempts": counted["attempts"],
                     "accuracy": round(counted["right"] / counted["attempts"], 3) if counted["attempts"] else None,
                     "weakest": most_missed(per_class.get(classroom_id, []))[:WEAKEST_PER_CLASS]})
    return {"grid_size": grid_size(facts), "facts": facts, "most_missed": most_missed(facts), "classes": rows,
            "states": WORDS}


def progress_summary(facts: list[dict], commonest_mistake: dict | None = None) -> dict:
    """A child's own view: the facts they know and the facts to practise (games.reports.mastery), the
    latter on the same evidence as "Practise next" (two wrong answers at least: one slip is not a fact to
    practise)."""
    practise = weakest(facts)
    return {"mastered": [[f["a"], f["b"]] for f in known(facts)], "practise": [[f["a"], f["b"]] for f in practise[:12]],
            "facts": facts, "states": WORDS, "next": practise_next(facts, commonest_mistake or {})}
