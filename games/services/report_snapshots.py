"""Report snapshots: the figures of a class (and each of its students) stored as they were at one moment.
The report pages never wait for one (games.services.reports reads the figures as of now); snapshots are what
a teacher compares against (built every night by a job, with progress on the row) and what a PDF is printed
from (taken when the teacher asks for the PDF)."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from classroom.models import Classroom, Student
from games.engines import ENGINES
from games.models import Report
from games.reports import build
from games.reports.queries import Scope
from games.services.enqueue import BUILD_REPORT, enqueue_on_commit
from games.services.reports import bad_game, period_bounds, report_now, roster_of

NIGHTLY_PERIOD = "30d"
# A second request for a snapshot that is waiting for a worker (up to WAITING_BUILD) or being built and
# saving progress (at least every SILENT_BUILD: each student's part takes well under a second) gets that
# snapshot's progress; past those, the build is taken to be lost and a new one starts.
WAITING_BUILD = timedelta(minutes=10)
SILENT_BUILD = timedelta(minutes=2)
STOPPED_MESSAGE = "This build stopped before it finished (its worker went away). A new one was started."
# A second "Print PDF" within this time prints the same snapshot (a double click is one PDF).
PRINT_AGAIN_WITHIN = timedelta(minutes=1)


def snapshot_request(*, classroom: Classroom, period: str = NIGHTLY_PERIOD, game: str = "") -> Report:
    """A nightly snapshot: the class's figures and each student's, built by a job (progress on the row)."""
    if game and game not in ENGINES:
        raise bad_game()
    now = timezone.now()
    same = Report.objects.filter(classroom=classroom, scope=Report.Scope.CLASS, made_for=Report.MadeFor.NIGHTLY,
                                 period=period, game=game)
    building = same.filter(Q(status=Report.Status.PENDING, created_at__gte=now - WAITING_BUILD)
                           | Q(status=Report.Status.RUNNING, progress_at__gte=now - SILENT_BUILD)).first()
    if building is not None:
        return building
    # A build whose worker died (killed, out of memory) says "running" and saves nothing more; Celery
    # hands it out again only much later. Say so, and build anew.
    same.filter(status=Report.Status.RUNNING).exclude(progress_at__gte=now - SILENT_BUILD).update(
        status=Report.Status.FAILED, error=STOPPED_MESSAGE)
    start, end = period_bounds(period)
    report = Report.objects.create(classroom=classroom, scope=Report.Scope.CLASS, period=period,
                                   period_start=start, period_end=end, game=game,
                                   total=classroom.students.count() + 1)
    enqueue_on_commit(BUILD_REPORT, report.pk)
    return report


def snapshot_build(*, report_id: int) -> Report | None:
    """Build the class figures, then each student's, saving progress after each part."""
    report = Report.objects.select_related("classroom").filter(pk=report_id).first()
    if report is None or report.status == Report.Status.DONE:  # deleted with its class, or already built
        return report
    Report.objects.filter(pk=report.pk).update(status=Report.Status.RUNNING, done=0, error="",
                                               progress_at=timezone.now())
    try:
        students = roster_of(report.classroom)
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


def snapshots_nightly() -> list[int]:
    """Every class with students gets a snapshot of the last 30 days."""
    return [snapshot_request(classroom=classroom).pk
            for classroom in Classroom.objects.filter(archived_at__isnull=True, students__isnull=False).distinct()]


def snapshot_for_print(*, classroom: Classroom, student: Student | None = None, period: str = "30d",
                       game: str = "") -> Report:
    """The figures as of now, stored, to print a PDF from (its job renders this snapshot)."""
    recent = Report.objects.filter(classroom=classroom, student=student, made_for=Report.MadeFor.PRINT,
                                   period=period, game=game, built_at__gte=timezone.now() - PRINT_AGAIN_WITHIN)
    again = recent.order_by("-built_at").first()
    if again is not None:
        return again
    now = report_now(classroom=classroom, student=student, period=period, game=game)
    return Report.objects.create(
        classroom=classroom, student=student, made_for=Report.MadeFor.PRINT,
        scope=Report.Scope.STUDENT if student else Report.Scope.CLASS, period=period, period_start=now["since"],
        period_end=now["as_of"], game=game, status=Report.Status.DONE, done=1, total=1, data=now["data"],
        built_at=now["as_of"])
