"""Reports: requested by a teacher or built nightly by a job, stored with what they were built from."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from django.db.models import Q
from django.utils import timezone

from classroom.errors import ServiceError
from classroom.models import Classroom, Student, User
from games.engines import ENGINES
from games.engines.focus import parse_focus
from games.models import Report
from games.reports import build
from games.reports.export import facts_csv, students_csv
from games.reports.export import report_title as report_title  # a report's title, for the API
from games.reports.queries import Scope, commonest_mistake_per_fact, fact_table
from games.selectors import open_assignments_for_student
from games.services.enqueue import BUILD_REPORT, enqueue_on_commit
from games.services.focus import focus_preview

PERIODS = {"7d": 7, "30d": 30, "all": None}  # days, today included
NIGHTLY_PERIOD = "30d"
# The live view covers a lesson: the attempts of the last two hours, aggregated when asked.
LIVE_WINDOW = timedelta(hours=2)
# A second request for a report that is waiting for a worker (up to WAITING_BUILD) or being built and
# saving progress (at least every SILENT_BUILD: each student's part takes well under a second) gets that
# report's progress; past those, the build is taken to be lost and a new one starts.
WAITING_BUILD = timedelta(minutes=10)
SILENT_BUILD = timedelta(minutes=2)
STOPPED_MESSAGE = "This build stopped before it finished (its worker went away). A new one was started."


def period_bounds(period: str, now: datetime | None = None) -> tuple[datetime | None, datetime]:
    if period not in PERIODS:
        raise ServiceError("invalid", "Choose the last 7 days, the last 30 days or all time.",
                           {"period": ["Choose 7d, 30d or all."]})
    """The last 7 or 30 days, today included, from midnight (settings.TIME_ZONE): whole days, as a teacher
    counts them and as the class tallies are kept (games.models.FactTally)."""
    end = now or timezone.now()
    days = PERIODS[period]
    if days is None:
        return None, end
    first_day = timezone.localdate(end) - timedelta(days=days - 1)
    return timezone.make_aware(datetime.combine(first_day, time.min)), end


def report_request(*, classroom: Classroom, period: str = "30d", game: str = "") -> Report:
    """A class report and one report per student, built by a job (progress on the row)."""
    if game and game not in ENGINES:
        raise ServiceError("invalid", "Unknown game.", {"game": ["Choose one of the four games, or all."]})
    now = timezone.now()
    same = Report.objects.filter(classroom=classroom, scope=Report.Scope.CLASS, period=period, game=game)
    building = same.filter(Q(status=Report.Status.PENDING, created_at__gte=now - WAITING_BUILD)
                           | Q(status=Report.Status.RUNNING, progress_at__gte=now - SILENT_BUILD)).first()
    if building is not None:  # a second click while it builds shows the same progress
        return building
    # A build whose worker died (killed, out of memory) says "running" and saves nothing more; Celery
    # hands it out again only much later. It is not what the teacher waits for: say so, and build anew.
    same.filter(status=Report.Status.RUNNING).exclude(progress_at__gte=now - SILENT_BUILD).update(
        status=Report.Status.FAILED, error=STOPPED_MESSAGE)
    start, end = period_bounds(period)
    report = Report.objects.create(classroom=classroom, scope=Report.Scope.CLASS, period=period,
                                   period_start=start, period_end=end, game=game,
                                   total=classroom.students.count() + 1)
    enqueue_on_commit(BUILD_REPORT, report.pk)
    return report


def report_build(*, report_id: int) -> Report | None:
    """Build the class figures, then each student's, saving progress after each part."""
    report = Report.objects.select_related("classroom").filter(pk=report_id).first()
    if report is None or report.status == Report.Status.DONE:  # deleted with its class, or already built
        return report
    Report.objects.filter(pk=report.pk).update(status=Report.Status.RUNNING, done=0, error="",
                                               progress_at=timezone.now())
    try:
        students = list(Student.objects.filter(classroom=report.classroom).order_by("display_name")
                        .values_list("pk", "user_id", "display_name"))
        scope = Scope(classroom_id=report.classroom_id, start=report.period_start, end=report.period_end,
                      game=report.game)
        class_data = build.class_report(scope, students)
        Report.objects.filter(pk=report.pk).update(done=1, progress_at=timezone.now())
        report.parts.all().delete()  # a retried build replaces its student reports
        for done, (student_id, user_id, _) in enumerate(students, 2):
            student_scope = Scope(classroom_id=report.classroom_id, start=report.period_start,
                                  end=report.period_end, game=report.game, student_user_id=user_id)
            Report.objects.create(classroom_id=report.classroom_id, student_id=student_id, parent=report,
                                  scope=Report.Scope.STUDENT, period=report.period, period_start=report.period_start,
                                  period_end=report.period_end, game=report.game, status=Report.Status.DONE,
                                  done=1, total=1, data=build.student_report(student_scope),
                                  built_at=timezone.now())
            Report.objects.filter(pk=report.pk).update(done=done, progress_at=timezone.now())
    except Exception as error:
        Report.objects.filter(pk=report.pk).update(status=Report.Status.FAILED,
                                                   error=f"{type(error).__name__}: {error}")
        raise
    Report.objects.filter(pk=report.pk).update(status=Report.Status.DONE, data=class_data, built_at=timezone.now(),
                                               done=report.total)
    report.refresh_from_db()
    return report


def report_live(*, classroom: Classroom, game: str = "", student: Student | None = None) -> dict:
    """The class's (or one student's) report over the last two hours, computed now from the attempts
    by the same queries as a built report: what a teacher watches during a lesson. Nothing is added to
    a move's transaction; the cost is a few indexed aggregate queries per open page and refresh."""
    if game and game not in ENGINES:
        raise ServiceError("invalid", "Unknown game.", {"game": ["Choose one of the four games, or all."]})
    now = timezone.now()
    scope = Scope(classroom_id=classroom.pk, start=now - LIVE_WINDOW, end=now + timedelta(seconds=1), game=game,
                  student_user_id=student.user_id if student else None)
    if student is not None:
        data = build.student_report(scope)
    else:
        students = list(Student.objects.filter(classroom=classroom).order_by("display_name")
                        .values_list("pk", "user_id", "display_name"))
        data = build.class_report(scope, students)
    who = student.display_name if student else classroom.name
    return {"title": f"{who}: live, the last two hours", "period": "live", "game": game, "since": scope.start,
            "as_of": now, "data": data}


def report_all_classes(*, teacher: User, period: str = "30d", game: str = "") -> dict:
    """A teacher's classes together: one grid over all of them and each class beside the others,
    computed now from the class tallies (games.models.FactTally), so it stays quick over many classes."""
    if game and game not in ENGINES:
        raise ServiceError("invalid", "Unknown game.", {"game": ["Choose one of the four games, or all."]})
    start, end = period_bounds(period)
    classes = list(Classroom.objects.filter(teacher=teacher, archived_at__isnull=True).order_by("name", "pk")
                   .values_list("pk", "name"))
    scope = Scope(classroom_id=0, classroom_ids=tuple(pk for pk, _ in classes) or (0,), start=start,
                  end=end + timedelta(seconds=1), game=game)
    return {"period": period, "game": game, "as_of": end, "data": build.all_classes_report(scope, classes)}


def reports_nightly() -> list[int]:
    """Every class with students gets a fresh report of the last 30 days."""
    ids = []
    for classroom in Classroom.objects.filter(archived_at__isnull=True, students__isnull=False).distinct():
        ids.append(report_request(classroom=classroom, period=NIGHTLY_PERIOD).pk)
    return ids


def latest_report(*, classroom: Classroom, period: str, game: str = "", student: Student | None = None
                  ) -> Report | None:
    reports = Report.objects.filter(classroom=classroom, period=period, game=game, status=Report.Status.DONE)
    if student is None:
        return reports.filter(scope=Report.Scope.CLASS).order_by("-built_at").first()
    return reports.filter(scope=Report.Scope.STUDENT, student=student).order_by("-built_at").first()


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


def report_csv(*, report: Report, kind: str) -> str:
    """A stored report's fact table ("facts.csv") or student table ("students.csv"), in words."""
    return facts_csv(report) if kind == "facts.csv" else students_csv(report)

