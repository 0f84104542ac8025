"""PDF exports: asked for by a web request, made by a Celery job with its progress on the row
(games/services/export_build.py, which the web process never imports), downloaded by their owner
when ready, cleaned up after a while.

Every PDF goes this way, small or large, so a web process never renders one (5,000 grids take
about 10 s of CPU; a class's login cards about 7 ms a card). A request answers at once with the
export; the page watches `done`/`total` and downloads the file when the status is "done".

A job run claims the export with a fresh `run` token; only the run that still holds the token
stores its file, so a redelivered or duplicated job never makes a second file or a second row.
Login cards print new secrets: they are issued in the transaction that checks the token, the
file is handed out once and then deleted, and an undownloaded one is deleted after an hour.

A running job whose worker died is made again on the same row (games.services.stalled_jobs).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from io import BytesIO
from typing import BinaryIO

from django.core.files import File
from django.core.files.storage import default_storage
from django.db.models import Q, QuerySet
from django.utils import timezone

from classroom.errors import ServiceError
from classroom.models import Classroom, Student, User
from games.models import BoardBatch, Export, Report
from games.services import stalled_jobs
from games.services.enqueue import BUILD_EXPORT, enqueue_on_commit

KEEP = timedelta(hours=24)  # a made PDF can be downloaded again for a day
CARDS_KEEP = timedelta(hours=1)  # login cards hold sign-in secrets: one download, or an hour at most
REUSE_WHILE_MAKING = timedelta(minutes=10)  # a second click while one is being made shows the same progress
FOLDER = "exports"
ACTIVE = (Export.Status.PENDING, Export.Status.RUNNING)


class NotReady(ServiceError):
    status = 409


class Gone(ServiceError):
    status = 410


def exports_of(user: User) -> QuerySet[Export]:
    """The exports a user may see and download: their own."""
    return Export.objects.filter(owner=user)


# --- asking for a PDF (web request) -------------------------------------------------------------
def export_batch_pdf(*, owner: User, batch: BoardBatch) -> Export:
    if batch.status != BoardBatch.Status.DONE:
        raise NotReady("not_ready", "The grids are not ready yet.")
    return _request(owner=owner, kind=Export.Kind.BATCH_PDF, key={"batch": batch}, total=batch.total,
                    filename=f"fultiples-grids-{batch.pk}.pdf", reuse_made=True)


def export_report_pdf(*, owner: User, report: Report) -> Export:
    if report.status != Report.Status.DONE:
        raise NotReady("not_ready", "The report is not built yet.")
    return _request(owner=owner, kind=Export.Kind.REPORT_PDF, key={"report": report}, total=1,
                    filename=f"report-{report.pk}.pdf", reuse_made=True)


def export_cards_pdf(*, owner: User, classroom: Classroom, students: list[Student], site_url: str) -> Export:
    """Login cards for these students of the class. Their new secrets are issued when the job makes
    the PDF, so their old cards work until then."""
    if not students:
        raise ServiceError("no_students", "Choose at least one student to print a card for.")
    if any(student.classroom_id != classroom.pk for student in students):
        raise ServiceError("invalid", "Some of those students are not in this class.",
                           {"students": ["Unknown student."]})
    ids = sorted({student.pk for student in students})
    return _request(owner=owner, kind=Export.Kind.CARDS_PDF, key={"classroom": classroom, "students": ids},
                    total=len(ids), filename=f"login-cards-{classroom.join_code}.pdf", reuse_made=False,
                    site_url=site_url[:200])


def _request(*, owner: User, kind: str, key: dict, total: int, filename: str, reuse_made: bool,
             **extra: str) -> Export:
    now = timezone.now()
    same = Export.objects.filter(owner=owner, kind=kind, **key)
    exports_recover(same, now=now)
    making = same.filter(status__in=ACTIVE, created_at__gte=now - REUSE_WHILE_MAKING).first()
    if making is not None:
        return making
    if reuse_made:  # the grids of a made batch and a built report never change: their PDF is made once a day
        made = same.filter(status=Export.Status.DONE, created_at__gte=now - KEEP).exclude(file="").first()
        if made is not None and default_storage.exists(made.file.name):
            return made
    export = Export.objects.create(owner=owner, kind=kind, total=total, filename=filename, **key, **extra)
    enqueue_on_commit(BUILD_EXPORT, export.pk)
    return export


def export_retry(*, export: Export) -> Export:
    """Make a failed export again: the same row, so the page keeps watching the same id."""
    if export.status != Export.Status.FAILED:
        raise ServiceError("not_failed", "Only a PDF that failed can be made again.")
    Export.objects.filter(pk=export.pk).update(status=Export.Status.PENDING, done=0, error="", run="", attempts=0,
                                               created_at=timezone.now(), finished_at=None)
    enqueue_on_commit(BUILD_EXPORT, export.pk)
    export.refresh_from_db()
    return export


def export_status(*, export: Export) -> Export:
    """The export as its page sees it, made again first if its job lost its worker."""
    if export.status == Export.Status.RUNNING and exports_recover(Export.objects.filter(pk=export.pk)):
        export.refresh_from_db()
    return export


def exports_recover(exports: QuerySet[Export] | None = None, *, now: datetime | None = None) -> int:
    """Make again (or fail) the running exports whose worker died (games.services.stalled_jobs)."""
    now = now or timezone.now()
    return stalled_jobs.take_back(Export.objects.all() if exports is None else exports, task_name=BUILD_EXPORT,
                                  restart={"run": "", "done": 0}, failed={"run": "", "finished_at": now}, now=now)


# --- downloading it (web request) ---------------------------------------------------------------
@dataclass
class Download:
    filename: str
    file: File | BinaryIO  # the stored file, or login cards read into memory (deleted as they are read)
    size: int


def export_download(*, export: Export) -> Download:
    """The made PDF. Login cards are handed out once: the file is deleted as it is read."""
    if export.status != Export.Status.DONE:
        raise NotReady("not_ready", "The PDF is not ready yet." if export.status != Export.Status.FAILED
                       else "The PDF could not be made: try again.")
    cards = export.kind == Export.Kind.CARDS_PDF
    if not export.file:
        if cards:
            raise Gone("gone", "These login cards were downloaded already. They hold the children's sign-in "
                               "secrets, so they are kept for one download: print new cards for another copy.")
        raise Gone("gone", "This PDF is no longer kept: ask for it again.")
    try:
        handle = default_storage.open(export.file.name, "rb")
    except FileNotFoundError:
        raise Gone("gone", "This PDF is no longer kept: ask for it again.") from None
    if not cards:
        Export.objects.filter(pk=export.pk).update(downloaded_at=timezone.now())
        return Download(filename=export.filename, file=handle, size=export.size)
    with handle:
        data = handle.read()
    if not Export.objects.filter(pk=export.pk, file=export.file.name).update(file="", downloaded_at=timezone.now()):
        raise Gone("gone", "These login cards were downloaded already: print new cards for another copy.")
    default_storage.delete(export.file.name)
    return Download(filename=export.filename, file=BytesIO(data), size=len(data))


# --- cleaning up (Celery beat, hourly) ----------------------------------------------------------
def exports_clean(*, now: datetime | None = None) -> int:
    """Delete the exports kept long enough (a day; login cards an hour) with their files, and any file
    under exports/ that no export names (a run that lost, a crash between storing and recording).
    Returns how many exports were deleted."""
    now = now or timezone.now()
    old = Export.objects.filter(Q(created_at__lt=now - KEEP)
                                | Q(kind=Export.Kind.CARDS_PDF, created_at__lt=now - CARDS_KEEP))
    names = [name for name in old.values_list("file", flat=True) if name]
    deleted = old.delete()[1].get(Export._meta.label, 0)
    for name in names:
        default_storage.delete(name)
    kept = set(Export.objects.exclude(file="").values_list("file", flat=True))
    for name in _stored_names():
        if name not in kept and default_storage.get_modified_time(name) < now - CARDS_KEEP:
            default_storage.delete(name)
    return deleted


def _stored_names() -> list[str]:
    try:
        _, files = default_storage.listdir(FOLDER)
    except FileNotFoundError:
        return []
    return [f"{FOLDER}/{name}" for name in files]
