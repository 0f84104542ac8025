"""Celery tasks: thin. They take ids, and call services (which re-read the rows)."""

from celery import shared_task

from games.services import batches, reports


@shared_task(acks_late=True)
def generate_batch(batch_id: int) -> None:
    batches.batch_generate(batch_id=batch_id)


@shared_task(acks_late=True)
def build_report(report_id: int) -> None:
    reports.report_build(report_id=report_id)


@shared_task
def build_nightly_reports() -> None:
    reports.reports_nightly()
