"""The Focus option at match start: which facts a match brings up more often, and for whom.

An assignment's focus is `none`, `weakest` or `facts` (games/engines/focus.py). When a match is
dealt, `focus_for_match` turns it into the facts the engine weights its deal with, written into the
match's options (so a replay deals the same), and records each child's own focus facts
(games.models.FocusFact) for the progress page and the reports' "before and since".

"Each child's weakest facts" are the facts the reports rank weakest (games.reports.practise_next,
over the child's attempts in their class), among those the game can deal. With two or more
children, the match takes their facts in turns (first of each, then second of each, ...), so each
child gets the same share.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from classroom.models import Student
from games.engines import get_engine
from games.engines.focus import Fact, FocusError, parse_focus
from games.models import Assignment, FocusFact, Match
from games.reports.practise_next import weakest
from games.reports.queries import Scope, fact_table

WEAKEST_PER_CHILD = 4
MATCH_FOCUS_MAX = 6


def weakest_facts(*, student: Student, fits=None) -> list[Fact]:
    """The child's weakest facts, weakest first (the reports' ranking), that `fits(a, b)` allows."""
    scope = Scope(classroom_id=student.classroom_id, start=None, end=timezone.now() + timedelta(seconds=1),
                  student_user_id=student.user_id)
    return [(row["a"], row["b"]) for row in weakest(fact_table(scope))
            if row["a"] >= 1 and (fits is None or fits(row["a"], row["b"]))]


def fair_mix(per_child: list[list[Fact]], limit: int = MATCH_FOCUS_MAX) -> list[Fact]:
    """The children's facts in turns (each child's first, then each child's second, ...), once each."""
    mix: list[Fact] = []
    for rank in range(max((len(facts) for facts in per_child), default=0)):
        for facts in per_child:
            if rank < len(facts) and facts[rank] not in mix and len(mix) < limit:
                mix.append(facts[rank])
    return mix


def focus_for_match(match: Match) -> None:
    """Resolve the match's focus before it is dealt: the facts go into match.options["focus"], and each
    seated child's own focus facts are recorded when the focus is the assignment's (a child's "Practise my
    facts" match is their own choice, not the teacher's focus). Nothing happens for a match without a focus."""
    focus = parse_focus(match.options.get("focus"))
    if focus is None:
        return
    # The assignment whose focus this is, or None (no assignment, or the child's own "Practise my facts").
    assigned = (match.assignment.pk if match.assignment is not None
                and match.assignment.options.get("focus") == match.options["focus"] else None)
    engine = get_engine(match.game)
    children = list(Student.objects.filter(user_id__in=[seat.user_id for seat in match.seat_list(reload=True)
                                                         if seat.user_id and not seat.is_bot])
                    .order_by("user_id"))
    try:
        game_range = engine.focus_range(match.options)
    except FocusError:
        return  # options the engine refuses: setup says why, as without a focus
    if focus["mode"] == "weakest":
        own = {child.pk: weakest_facts(student=child, fits=game_range.fits)[:WEAKEST_PER_CHILD] for child in children}
        mix = fair_mix([own[child.pk] for child in children])
        own = {pk: [fact for fact in facts if fact in mix] for pk, facts in own.items()}
        match.options = {**match.options, "focus": {"mode": "weakest", "facts": [list(fact) for fact in mix]}}
    else:
        facts = list(engine.focus_of(match.options, strict=False))
        own = {child.pk: facts for child in children}
    Match.objects.filter(pk=match.pk).update(options=match.options)
    if assigned is not None:
        _record(assigned, own)


def own_focus_of(match: Match, assignment: Assignment) -> dict | None:
    """{"focus": ...} when the match was dealt toward facts of its own, not its assignment's focus (a
    child's "Practise my facts" match), so a rematch deals toward them too; else None."""
    focus = match.options.get("focus")
    if isinstance(focus, dict) and focus.get("mode") == "facts" and focus != assignment.options.get("focus"):
        return {"focus": focus}
    return None


def _record(assignment_id: int, own: dict[int, list[Fact]]) -> None:
    """Each child's focus facts, from the first match that brought them up (later matches keep that date)."""
    now = timezone.now()
    FocusFact.objects.bulk_create(
        [FocusFact(assignment_id=assignment_id, student_id=student_id, a=a, b=b, since=now)
         for student_id, facts in own.items() for a, b in facts],
        ignore_conflicts=True)


def focus_preview(*, assignment: Assignment, student: Student) -> list[Fact]:
    """The facts an assignment focuses on for this child: those recorded, else what a match would take now."""
    recorded = [(row.a, row.b) for row in FocusFact.objects.filter(assignment=assignment, student=student)]
    if recorded:
        return recorded
    focus = parse_focus(assignment.options.get("focus"))
    if focus is None:
        return []
    engine = get_engine(assignment.game)
    try:
        if focus["mode"] == "weakest":
            return weakest_facts(student=student, fits=engine.focus_range(assignment.options).fits)[:WEAKEST_PER_CHILD]
        return list(engine.focus_of(assignment.options, strict=False))
    except FocusError:
        return []
