"""PDF exports (games.services.exports): made by the job with progress, one file however often the job
runs, a failure that says why, a retry on the same row, login cards handed out once, old ones cleaned up.
The job is called here as the worker calls it; tests/tasks/test_celery_worker.py runs a real worker."""

import io
import os
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone
from pypdf import PdfReader

from classroom.models import Student
from games.models import Export
from games.services import batches, export_build, export_kinds, exports, stalled_jobs
from games.services.export_build import export_build as build
from tests.factories import ClassroomFactory, StudentFactory, built_snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path) -> Path:
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return tmp_path / "media"


@pytest.fixture
def made_batch(teacher):
    def make(count: int = 3):
        batch = batches.batch_create(teacher=teacher, count=count, level="intermediate")
        return batches.batch_generate(batch_id=batch.pk)

    return make


@pytest.fixture
def progress_seen(monkeypatch):
    """Every `done` the job writes, read back from the row as the page would."""
    seen: list[int] = []
    monkeypatch.setattr(export_build, "PROGRESS_EVERY_S", 0)
    original = export_build._ProgressWriter.__call__

    def recording(self, done):
        original(self, done)
        seen.append(Export.objects.get(pk=self.export_id).done)

    monkeypatch.setattr(export_build._ProgressWriter, "__call__", recording)
    return seen


def stored_files(media: Path) -> list[str]:
    folder = media / "exports"
    return sorted(os.listdir(folder)) if folder.exists() else []


def pdf_text(export: Export) -> tuple[int, str]:
    download = exports.export_download(export=export)
    reader = PdfReader(io.BytesIO(download.file.read()))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def test_a_batch_pdf_is_made_by_the_job_with_progress_and_a_page_per_grid(teacher, made_batch, progress_seen,
                                                                         django_capture_on_commit_callbacks):
    batch = made_batch(7)
    with django_capture_on_commit_callbacks(execute=False) as jobs:
        export = exports.export_batch_pdf(owner=teacher, batch=batch)
    assert (export.status, export.done, export.total) == ("pending", 0, 7)
    assert len(jobs) == 1  # the web request only asks; the job renders
    assert not export.file

    made = build(export_id=export.pk)

    assert progress_seen == [1, 2, 3, 4, 5, 6, 7]
    assert (made.status, made.done, made.total, made.error) == ("done", 7, 7, "")
    pages, text = pdf_text(made)
    assert pages == 7
    assert "grid 7 of 7" in text
    assert made.filename == f"fultiples-grids-{batch.pk}.pdf"


def test_running_the_job_again_makes_no_second_file(teacher, made_batch, media):
    export = exports.export_batch_pdf(owner=teacher, batch=made_batch())
    first = build(export_id=export.pk)
    again = build(export_id=export.pk)  # a redelivered message
    assert again.file.name == first.file.name
    assert stored_files(media) == [Path(first.file.name).name]
    assert Export.objects.count() == 1


@pytest.mark.parametrize("when", ["while it draws", "after its last page"])
def test_of_two_runs_at_once_only_the_later_stores_its_file(teacher, made_batch, media, monkeypatch, when):
    """A duplicate delivery runs to the end while the first run draws (the first stops at its next
    progress write) or after the first drew its last page (the first's file is not recorded)."""
    export = exports.export_batch_pdf(owner=teacher, batch=made_batch(5))
    monkeypatch.setattr(export_build, "PROGRESS_EVERY_S", 0)
    original = export_build._ProgressWriter.__call__
    started = []
    first_run_writes_after = []

    def second_run_meanwhile(self, done):
        if started and self.run != Export.objects.get(pk=export.pk).run:
            first_run_writes_after.append(done)
        due = done == 1 if when == "while it draws" else done == 5
        if due and when == "after its last page":
            original(self, done)
        if due and not started:
            started.append(True)
            build(export_id=export.pk)  # the duplicate, to the end
        if not (due and when == "after its last page"):
            original(self, done)

    monkeypatch.setattr(export_build._ProgressWriter, "__call__", second_run_meanwhile)
    result = build(export_id=export.pk)
    assert result.status == "done"
    assert stored_files(media) == [Path(result.file.name).name]
    assert pdf_text(result)[0] == 5
    if when == "while it draws":
        assert first_run_writes_after == []  # its first write after the takeover raised: it drew no more


def test_a_second_request_while_it_is_made_shows_the_same_export_and_a_made_one_is_reused(teacher, made_batch):
    batch = made_batch()
    export = exports.export_batch_pdf(owner=teacher, batch=batch)
    assert exports.export_batch_pdf(owner=teacher, batch=batch).pk == export.pk
    build(export_id=export.pk)
    assert exports.export_batch_pdf(owner=teacher, batch=batch).pk == export.pk  # the grids never change


def test_a_batch_that_is_not_made_yet_is_refused(teacher):
    batch = batches.batch_create(teacher=teacher, count=2, level="beginner")
    with pytest.raises(exports.NotReady, match="not ready"):
        exports.export_batch_pdf(owner=teacher, batch=batch)


def test_a_failure_says_why_and_a_retry_makes_it_on_the_same_row(teacher, made_batch, monkeypatch, media):
    export = exports.export_batch_pdf(owner=teacher, batch=made_batch())

    def broken(batch, boards):
        raise OSError("No space left on device")

    monkeypatch.setattr(export_kinds, "render_batch_pdf", broken)
    with pytest.raises(OSError, match="No space"):
        build(export_id=export.pk)
    export.refresh_from_db()
    assert export.status == "failed"
    assert export.error.startswith("The PDF could not be made (OSError: No space left on device). Try again")
    assert stored_files(media) == []
    with pytest.raises(exports.NotReady, match="could not be made"):
        exports.export_download(export=export)

    monkeypatch.undo()
    retried = exports.export_retry(export=export)
    assert (retried.pk, retried.status, retried.error) == (export.pk, "pending", "")
    assert build(export_id=export.pk).status == "done"
    with pytest.raises(Exception, match="Only a PDF that failed"):
        exports.export_retry(export=retried)


def test_grids_that_stopped_being_ready_fail_with_a_sentence(teacher, made_batch):
    batch = made_batch()
    export = exports.export_batch_pdf(owner=teacher, batch=batch)
    batch.status = batch.Status.FAILED
    batch.save()
    made = build(export_id=export.pk)
    assert made.status == "failed"
    assert made.error == "The grids are not all made yet: wait until they are, then download the PDF again."


def test_a_deleted_export_is_left_alone_by_its_job(teacher, made_batch, media):
    export = exports.export_batch_pdf(owner=teacher, batch=made_batch())
    export.delete()
    assert build(export_id=export.pk) is None
    assert stored_files(media) == []


def test_login_cards_issue_their_secrets_in_the_job_and_are_handed_out_once(classroom, teacher, progress_seen,
                                                                          media):
    students = [StudentFactory(classroom=classroom, card_token_hash="") for _ in range(10)]
    export = exports.export_cards_pdf(owner=teacher, classroom=classroom, students=students,
                                      site_url="http://school.test/")
    assert not Student.objects.filter(classroom=classroom).exclude(card_token_hash="").exists()
    same = exports.export_cards_pdf(owner=teacher, classroom=classroom, students=students[::-1],
                                    site_url="http://school.test/")
    assert same.pk == export.pk  # a second click while it is made shows the same progress

    made = build(export_id=export.pk)

    assert progress_seen == list(range(1, 11))
    assert Student.objects.filter(classroom=classroom, card_token_hash="").count() == 0
    pages, text = pdf_text(made)
    assert pages == 2  # eight cards a page
    assert text.count("Class code:") == 10
    assert stored_files(media) == []  # read once, then deleted: the secrets are not kept
    made.refresh_from_db()
    with pytest.raises(exports.Gone, match="downloaded already"):
        exports.export_download(export=made)
    again = exports.export_cards_pdf(owner=teacher, classroom=classroom, students=students, site_url="http://x/")
    assert again.pk != made.pk  # never reused: each PDF prints new secrets


def test_login_cards_for_a_student_of_another_class_are_refused(classroom, teacher):
    with pytest.raises(Exception, match="not in this class"):
        exports.export_cards_pdf(owner=teacher, classroom=classroom, students=[StudentFactory()], site_url="")


def test_a_report_pdf_escapes_the_names_people_typed(teacher):
    classroom = ClassroomFactory(teacher=teacher, name="Year 3 <b>& 4</b>")
    StudentFactory(classroom=classroom)
    report = built_snapshot(classroom, "7d")
    export = exports.export_report_pdf(owner=teacher, report=report)
    made = build(export_id=export.pk)
    assert made.status == "done", made.error
    _, text = pdf_text(made)
    assert "Year 3 <b>& 4</b>" in text


def test_old_exports_and_stray_files_are_cleaned_up(teacher, classroom, made_batch, media):
    batch = made_batch()
    old = build(export_id=exports.export_batch_pdf(owner=teacher, batch=batch).pk)
    Export.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(hours=25))
    fresh = build(export_id=exports.export_batch_pdf(owner=teacher, batch=batch).pk)
    student = StudentFactory(classroom=classroom)
    cards = build(export_id=exports.export_cards_pdf(
        owner=teacher, classroom=classroom, students=[student], site_url="http://x/").pk)
    Export.objects.filter(pk=cards.pk).update(created_at=timezone.now() - timedelta(minutes=61))
    stray = default_storage.save("exports/lost-run.pdf", ContentFile(b"%PDF-"))
    new_stray = default_storage.save("exports/being-stored.pdf", ContentFile(b"%PDF-"))
    two_hours_ago = time.time() - 2 * 3600
    os.utime(media / stray, (two_hours_ago, two_hours_ago))

    assert exports.exports_clean() == 2

    assert list(Export.objects.values_list("pk", flat=True)) == [fresh.pk]
    assert stored_files(media) == sorted([Path(fresh.file.name).name, Path(new_stray).name])


def test_cleaning_with_nothing_stored_is_fine():
    assert exports.exports_clean() == 0


def _stopped_mid_job(export: Export, silent_for: timedelta, attempts: int = 1) -> None:
    """As a worker killed while making it leaves it: running, its run's token, its last heartbeat long ago."""
    Export.objects.filter(pk=export.pk).update(status=Export.Status.RUNNING, run="deadbeef", done=1,
                                               attempts=attempts, heartbeat_at=timezone.now() - silent_for)


def test_an_export_whose_worker_died_is_made_again_when_its_page_asks(teacher, made_batch,
                                                                      django_capture_on_commit_callbacks):
    export = exports.export_batch_pdf(owner=teacher, batch=made_batch())
    _stopped_mid_job(export, stalled_jobs.STALE_AFTER - timedelta(seconds=5))
    assert exports.export_status(export=Export.objects.get(pk=export.pk)).status == Export.Status.RUNNING  # not yet
    _stopped_mid_job(export, stalled_jobs.STALE_AFTER + timedelta(seconds=1))
    with django_capture_on_commit_callbacks() as sent:
        seen = exports.export_status(export=Export.objects.get(pk=export.pk))
        assert exports.export_status(export=Export.objects.get(pk=export.pk)).status == Export.Status.PENDING
    assert seen.status == Export.Status.PENDING
    assert len(sent) == 1, "enqueued once, however often the page asks"
    made = build(export_id=export.pk)  # the job, as a worker that is back runs it
    assert made.status == Export.Status.DONE
    assert made.attempts == 2
    assert made.heartbeat_at is not None


def test_a_running_job_that_writes_its_progress_is_alive(teacher, made_batch, monkeypatch):
    monkeypatch.setattr(export_build, "PROGRESS_EVERY_S", 0)
    export = exports.export_batch_pdf(owner=teacher, batch=made_batch())
    beats = []
    original = export_build._ProgressWriter.__call__

    def recording(self, done):
        original(self, done)
        beats.append(Export.objects.get(pk=self.export_id).heartbeat_at)

    monkeypatch.setattr(export_build._ProgressWriter, "__call__", recording)
    build(export_id=export.pk)
    assert len(beats) >= 2
    assert beats == sorted(beats)
    assert beats[-1] > beats[0], "progress did not move the heartbeat"


def test_asking_again_for_cards_whose_worker_died_makes_them_again(classroom, teacher,
                                                                   django_capture_on_commit_callbacks):
    students = [StudentFactory(classroom=classroom) for _ in range(2)]
    first = exports.export_cards_pdf(owner=teacher, classroom=classroom, students=students, site_url="http://x")
    _stopped_mid_job(first, stalled_jobs.STALE_AFTER * 2)
    with django_capture_on_commit_callbacks() as sent:
        again = exports.export_cards_pdf(owner=teacher, classroom=classroom, students=students, site_url="http://x")
    assert again.pk == first.pk  # the same export, waiting for a worker again, not a stuck "running"
    assert again.status == Export.Status.PENDING
    assert len(sent) == 1


def test_after_its_last_attempt_a_stopped_export_fails_with_a_sentence(teacher, made_batch):
    export = exports.export_batch_pdf(owner=teacher, batch=made_batch())
    _stopped_mid_job(export, stalled_jobs.STALE_AFTER * 2, attempts=stalled_jobs.ATTEMPTS_MAX)
    assert exports.exports_recover() == 1
    export.refresh_from_db()
    assert export.status == Export.Status.FAILED
    assert "stopped 3 times" in export.error
    retried = exports.export_retry(export=export)  # the teacher's Retry starts the count again
    assert retried.status == Export.Status.PENDING
    assert retried.attempts == 0
