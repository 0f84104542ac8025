"""Reports as of now: a class's, a student's, all of a teacher's classes and a child's own progress, computed when
a page asks (a few indexed aggregate queries), never waiting for a build. Snapshots stored for later are
games.services.report_snapshots."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from django.utils import timezone

from classroom.errors import ServiceError
from classroom.models import Classroom, Student, User
from games.engines import ENGINES
from games.engines.focus import parse_focus
from games.reports import build
from games.reports.export import facts_csv, students_csv, title_of
from games.reports.queries import Scope, commonest_mistake_per_fact, fact_table
from games.selectors import latest_nightly_snapshot, open_assignments_for_student
from games.services.focus import focus_preview

PERIODS = {"7d": 7, "30d": 30, "all": None}  # days, today included
# The live view covers a lesson: the attempts of the last two hours.
LIVE = "live"
LIVE_WINDOW = timedelta(hours=2)


def period_bounds(period: str, now: datetime | None = None) -> tuple[datetime | None, datetime]:
    """The last 7 or 30 days, today included, from midnight (settings.TIME_ZONE): whole days, as a teacher
    counts them and as the class tallies are kept (games.models.FactTally)."""
    if period not in PERIODS:
        raise ServiceError("invalid", "Choose the last 7 days, the last 30 days or all time.",
                           {"period": ["Choose 7d, 30d or all."]})
    end = now or timezone.now()
    days = PERIODS[period]
    if days is None:
        return None, end
    first_day = timezone.localdate(end) - timedelta(days=days - 1)
    return timezone.make_aware(datetime.combine(first_day, time.min)), end


def bad_game() -> ServiceError:
    return ServiceError("invalid", "Unknown game.", {"game": ["Choose one of the four games, or all."]})


def roster_of(classroom: Classroom) -> list[tuple[int, int, str]]:
    """(student id, user id, display name) of everyone in the class, by name."""
    return list(Student.objects.filter(classroom=classroom).order_by("display_name")
                .values_list("pk", "user_id", "display_name"))


def report_now(*, classroom: Classroom, student: Student | None = None, period: str = "30d", game: str = ""
               ) -> dict:
    """A class's (or one student's) report as of now: the period's figures computed by the database when asked,
    so a move made a second ago is in it. "live" is the last two hours (a lesson). Beside it, the latest nightly
    snapshot of the same filters (games.services.report_snapshots), to compare against."""
    if game and game not in ENGINES:
        raise bad_game()
    if period != LIVE and period not in PERIODS:
        raise ServiceError("invalid", "Choose live (the last two hours), the last 7 days, the last 30 days or all "
                           "time.", {"period": ["Choose live, 7d, 30d or all."]})
    now = timezone.now()
    start, _ = (now - LIVE_WINDOW, now) if period == LIVE else period_bounds(period, now)
    scope = Scope(classroom_id=classroom.pk, start=start, end=now + timedelta(seconds=1), game=game,
                  student_user_id=student.user_id if student else None)
    data = build.student_report(scope) if student else build.class_report(scope, roster_of(classroom))
    snapshot = None if period == LIVE else latest_nightly_snapshot(classroom=classroom, student=student, period=period,
                                                           game=game)
    return {"title": title_of(student.display_name if student else classroom.name, period, game),
            "period": period, "game": game, "since": start, "as_of": now, "data": data,
            "snapshot": None if snapshot is None or snapshot.data is None else {
                "built_at": snapshot.built_at, "totals": build.totals_of(snapshot.data)}}


def report_all_classes(*, teacher: User, period: str = "30d", game: str = "") -> dict:
    """A teacher's classes together: one grid over all of them and each class beside the others,
    computed now from the class tallies (games.models.FactTally), so it stays quick over many classes."""
    if game and game not in ENGINES:
        raise bad_game()
    start, end = period_bounds(period)
    classes = list(Classroom.objects.filter(teacher=teacher, archived_at__isnull=True).order_by("name", "pk")
                   .values_list("pk", "name"))
    scope = Scope(classroom_id=0, classroom_ids=tuple(pk for pk, _ in classes) or (0,), start=start,
                  end=end + timedelta(seconds=1), game=game)
    return {"period": period, "game": game, "as_of": end, "data": build.all_classes_report(scope, classes)}


def my_progress(*, user: User) -> dict:
    """A student's own progress, fresh from their attempts (a small query)."""
    student = user.student
    scope = Scope(classroom_id=student.classroom_id, start=None, end=timezone.now() + timedelta(seconds=1),
                  student_user_id=user.pk)
    summary = build.progress_summary(fact_table(scope), commonest_mistake_per_fact(scope))
    summary["focus"] = my_focus(user=user)
    return summary


def my_focus(*, user: User) -> list[dict]:
    """The facts each of the child's open assignments focuses on for them (games/services/focus.py)."""
    student = user.student
    rows = []
    for assignment in open_assignments_for_student(user=user):
        if parse_focus(assignment.options.get("focus")) is not None:
            facts = focus_preview(assignment=assignment, student=student)
            rows.append({"assignment_id": assignment.pk, "title": assignment.title, "game": assignment.game,
                         "mode": assignment.options["focus"]["mode"], "facts": [list(fact) for fact in facts]})
    return rows


def report_csv(*, data: dict, kind: str) -> str:
    """A report's fact table ("facts.csv") or student table ("students.csv"), in words."""
    return facts_csv(data) if kind == "facts.csv" else students_csv(data)

