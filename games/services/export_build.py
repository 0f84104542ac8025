"""Making a PDF export: the Celery job's side of games.services.exports (only games.tasks imports
this module, so the web process never loads a PDF renderer: an import-linter contract).

A job run claims the export with a fresh `run` token; only the run that still holds the token writes
progress or stores its file, so a redelivered or duplicated job never makes a second file or a second
row. Login cards are issued in the transaction that checks the token (games.services.export_kinds).
"""

from __future__ import annotations

import logging
import secrets
import tempfile
import time

from django.core.files import File
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone

from games.models import Export
from games.services import stalled_jobs
from games.services.export_kinds import ExportFailed, Job, prepare
from games.services.exports import ACTIVE, FOLDER

logger = logging.getLogger(__name__)

PROGRESS_EVERY_S = 0.5  # how often a job writes its progress (and at the end)


class Superseded(Exception):
    """Another run of the job took the export over, or the export was deleted: stop quietly."""


class _ProgressWriter:
    """Writes `done` at most every PROGRESS_EVERY_S and at the end; raises Superseded when the run lost
    the export (so a duplicate run stops drawing)."""

    def __init__(self, export_id: int, run: str, total: int) -> None:
        self.export_id, self.run, self.total = export_id, run, total
        self.written_at = 0.0

    def __call__(self, done: int) -> None:
        now = time.monotonic()
        if done < self.total and now - self.written_at < PROGRESS_EVERY_S:
            return
        self.written_at = now
        if not Export.objects.filter(pk=self.export_id, run=self.run).update(done=min(done, self.total),
                                                                            heartbeat_at=timezone.now()):
            raise Superseded


def export_build(*, export_id: int) -> Export | None:
    """Make the PDF of a waiting (or interrupted) export and store it. Idempotent: a made, failed or
    deleted export is left as it is, and of two runs at once only the later one stores a file."""
    run = secrets.token_hex(8)
    claimed = Export.objects.filter(pk=export_id, status__in=ACTIVE).update(run=run, done=0, error="",
                                                                            **stalled_jobs.alive())
    if not claimed:
        return Export.objects.filter(pk=export_id).first()
    job = None
    try:
        with transaction.atomic():
            export = Export.objects.select_for_update().filter(pk=export_id, run=run).first()
            if export is None:
                raise Superseded
            job = prepare(export)
            Export.objects.filter(pk=export_id).update(total=job.total)
        name, size = _render_and_store(export_id, run, job)
    except Superseded:
        return Export.objects.filter(pk=export_id).first()
    except ExportFailed as failure:
        _fail(export_id, run, failure.message)
        return Export.objects.filter(pk=export_id).first()
    except Exception as error:
        logger.exception("export %s failed", export_id)
        message = f"The PDF could not be made ({type(error).__name__}: {error}). Try again; if it fails again, " \
                  f"tell whoever runs Multiplayground."
        if job is not None and job.issued_secrets:
            message += " The students' old cards no longer work: print their cards again."
        _fail(export_id, run, message)
        raise
    stored = Export.objects.filter(pk=export_id, run=run).update(
        status=Export.Status.DONE, done=job.total, file=name, size=size, finished_at=timezone.now())
    if not stored:  # another run took it over meanwhile (or it was deleted): its file is the one kept
        default_storage.delete(name)
    return Export.objects.filter(pk=export_id).first()


def _render_and_store(export_id: int, run: str, job: Job) -> tuple[str, int]:
    with tempfile.TemporaryFile() as out:
        job.render(out, _ProgressWriter(export_id, run, job.total))
        size = out.tell()
        out.seek(0)
        name = default_storage.save(f"{FOLDER}/{export_id}-{run}.pdf", File(out))
    return name, size


def _fail(export_id: int, run: str, message: str) -> None:
    Export.objects.filter(pk=export_id, run=run).update(status=Export.Status.FAILED, error=message[:1000],
                                                        finished_at=timezone.now())
