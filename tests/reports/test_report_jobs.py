"""The snapshot jobs: a build that fails is marked failed with its reason and a new build can follow (the report
pages never wait for one); the nightly job asks one 30-day report per class that has students and is not archived, once,
and one class's failing build does not stop the others'."""

import contextlib
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.utils import timezone

from games import tasks
from games.models import Report
from games.services import enqueue, report_snapshots, reports
from tests.conftest import client_for
from tests.factories import ClassroomFactory, StudentFactory, built_snapshot

pytestmark = pytest.mark.django_db


class BuildBroke(Exception):
    pass


@pytest.fixture
def builds_now(monkeypatch) -> list[int]:
    """A report job sent when its transaction commits runs in this process at once (as a worker would, a
    moment later); returns the report ids the jobs were sent for."""
    started: list[int] = []

    def send_task(name: str, args: list) -> None:
        assert name == enqueue.BUILD_REPORT, name
        started.append(args[0])
        with contextlib.suppress(BuildBroke):  # the worker records it; the row says failed
            tasks.build_report(*args)

    monkeypatch.setattr(enqueue, "current_app", SimpleNamespace(send_task=send_task))
    return started


@pytest.fixture
def broken_for(monkeypatch):
    """Make the class part of the build fail for these classes."""

    def breaks(*classrooms):
        broken = {classroom.pk for classroom in classrooms}
        real = reports.build.class_report

        def class_report(scope, students):
            if scope.classroom_id in broken:
                raise BuildBroke("the attempts could not be read")
            return real(scope, students)

        monkeypatch.setattr(reports.build, "class_report", class_report)

    return breaks


def test_a_snapshot_that_fails_says_so_and_why_and_a_new_one_can_follow(classroom, broken_for, monkeypatch,
                                                                       django_capture_on_commit_callbacks):
    StudentFactory(classroom=classroom)
    client = client_for(classroom.teacher)
    with django_capture_on_commit_callbacks(execute=False):
        created = report_snapshots.snapshot_request(classroom=classroom, period="7d")
    broken_for(classroom)
    with pytest.raises(BuildBroke):  # the job fails, as Celery sees it
        tasks.build_report(created.pk)
    created.refresh_from_db()
    assert (created.status, created.done, created.data) == ("failed", 0, None)
    assert created.error == "BuildBroke: the attempts could not be read"
    monkeypatch.undo()
    # The report page never waited for it: its figures are read as of now, and no snapshot is beside them.
    page = client.get(f"/api/classes/{classroom.pk}/report/?period=7d")
    assert (page.status_code, page.json()["snapshot"]) == (200, None)
    with django_capture_on_commit_callbacks(execute=False):
        again = report_snapshots.snapshot_request(classroom=classroom, period="7d")
    assert again.pk != created.pk  # a failed build is not handed out as the one in progress
    tasks.build_report(again.pk)
    again.refresh_from_db()
    assert again.status == "done"
    assert client.get(f"/api/classes/{classroom.pk}/report/?period=7d").json()["snapshot"] is not None


def test_the_nightly_job_builds_one_report_per_class_with_students_and_none_for_the_others(
        builds_now, django_capture_on_commit_callbacks):
    with_students = [ClassroomFactory(), ClassroomFactory()]
    for classroom in with_students:
        StudentFactory.create_batch(2, classroom=classroom)
    empty = ClassroomFactory()
    archived = ClassroomFactory(archived_at=timezone.now())
    StudentFactory(classroom=archived)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.build_nightly_reports()
    built = Report.objects.filter(scope=Report.Scope.CLASS)
    assert sorted(built.values_list("classroom_id", flat=True)) == sorted(c.pk for c in with_students)
    assert set(built.values_list("period", "status")) == {("30d", "done")}
    assert sorted(builds_now) == sorted(built.values_list("pk", flat=True))
    assert Report.objects.filter(scope=Report.Scope.STUDENT).count() == 4
    assert not Report.objects.filter(classroom__in=[empty, archived]).exists()


def test_the_nightly_job_twice_before_the_workers_start_asks_each_class_once(django_capture_on_commit_callbacks):
    classroom = ClassroomFactory()
    StudentFactory.create_batch(3, classroom=classroom)
    with django_capture_on_commit_callbacks(execute=False) as jobs:
        first = report_snapshots.snapshots_nightly()
        second = report_snapshots.snapshots_nightly()
    assert first == second
    assert len(jobs) == 1
    assert Report.objects.filter(scope=Report.Scope.CLASS).count() == 1


def test_one_class_failing_in_the_nightly_job_does_not_stop_the_others(builds_now, broken_for,
                                                                      django_capture_on_commit_callbacks):
    first, second = ClassroomFactory(), ClassroomFactory()
    for classroom in (first, second):
        StudentFactory(classroom=classroom)
    broken_for(first)
    with django_capture_on_commit_callbacks(execute=True):
        tasks.build_nightly_reports()
    status = dict(Report.objects.filter(scope=Report.Scope.CLASS).values_list("classroom_id", "status"))
    assert status == {first.pk: "failed", second.pk: "done"}


def test_a_build_whose_worker_died_does_not_block_the_next_one(classroom, django_capture_on_commit_callbacks):
    """A worker killed mid-build leaves its report "running" with no more progress; Celery hands the job out
    again only much later. The next night's job starts a new build and the dead one says why."""
    StudentFactory(classroom=classroom)
    with django_capture_on_commit_callbacks(execute=False):
        dead = report_snapshots.snapshot_request(classroom=classroom, period="7d")
    silent_since = timezone.now() - report_snapshots.SILENT_BUILD - timedelta(seconds=1)
    Report.objects.filter(pk=dead.pk).update(status=Report.Status.RUNNING, progress_at=silent_since)
    with django_capture_on_commit_callbacks(execute=False):
        again = report_snapshots.snapshot_request(classroom=classroom, period="7d")
    assert again.pk != dead.pk
    dead.refresh_from_db()
    assert dead.status == Report.Status.FAILED
    assert dead.error == report_snapshots.STOPPED_MESSAGE


def test_a_build_that_saves_progress_is_handed_out_again(classroom, django_capture_on_commit_callbacks):
    StudentFactory(classroom=classroom)
    with django_capture_on_commit_callbacks(execute=False):
        running = report_snapshots.snapshot_request(classroom=classroom, period="7d")
    Report.objects.filter(pk=running.pk).update(status=Report.Status.RUNNING,
                                                progress_at=timezone.now() - timedelta(seconds=30))
    with django_capture_on_commit_callbacks(execute=False):
        assert report_snapshots.snapshot_request(classroom=classroom, period="7d").pk == running.pk
    running.refresh_from_db()
    assert running.status == Report.Status.RUNNING


def test_a_build_saves_its_progress_time(classroom):
    StudentFactory(classroom=classroom)
    report = built_snapshot(classroom, "7d")
    assert report.status == Report.Status.DONE
    assert report.progress_at is not None
