"""Celery tasks: thin. They take ids, and call services (which re-read the rows).

The services never import this module (an import-linter contract in pyproject.toml): they start a
task by its name through games/services/enqueue.py, whose names these tasks take."""

from celery import shared_task

from games.services import batches, export_build, exports, report_snapshots
from games.services.enqueue import (
    BUILD_EXPORT,
    BUILD_NIGHTLY_REPORTS,
    BUILD_REPORT,
    CLEAN_EXPORTS,
    GENERATE_BATCH,
    RECOVER_JOBS,
)


@shared_task(name=GENERATE_BATCH, acks_late=True)
def generate_batch(batch_id: int) -> None:
    batches.batch_generate(batch_id=batch_id)


@shared_task(name=BUILD_REPORT, acks_late=True)
def build_report(report_id: int) -> None:
    report_snapshots.snapshot_build(report_id=report_id)


@shared_task(name=BUILD_NIGHTLY_REPORTS)
def build_nightly_reports() -> None:
    report_snapshots.snapshots_nightly()


@shared_task(name=BUILD_EXPORT, acks_late=True)
def build_export(export_id: int) -> None:
    export_build.export_build(export_id=export_id)


@shared_task(name=CLEAN_EXPORTS)
def clean_exports() -> None:
    exports.exports_clean()


@shared_task(name=RECOVER_JOBS)
def recover_jobs() -> None:
    exports.exports_recover()
    batches.batches_recover()
