"""Starting background jobs from a service, without importing the tasks.

games/tasks.py imports the services (a task is a thin shell around one); if the services imported
the tasks back, the two would form an import circle. So the services name a task here and send it
by name when the transaction commits, and the tasks take their names from here
(`@shared_task(name=GENERATE_BATCH)`): a misspelt name cannot go unnoticed, as
tests/tasks/test_task_names.py checks every name against the worker's registry.
"""

from __future__ import annotations

from celery import current_app
from django.db import transaction

GENERATE_BATCH = "games.tasks.generate_batch"
BUILD_REPORT = "games.tasks.build_report"
BUILD_NIGHTLY_REPORTS = "games.tasks.build_nightly_reports"
BUILD_EXPORT = "games.tasks.build_export"
CLEAN_EXPORTS = "games.tasks.clean_exports"
RECOVER_JOBS = "games.tasks.recover_jobs"

TASK_NAMES = (GENERATE_BATCH, BUILD_REPORT, BUILD_NIGHTLY_REPORTS, BUILD_EXPORT, CLEAN_EXPORTS, RECOVER_JOBS)


def enqueue_on_commit(task_name: str, *args: int | str) -> None:
    """Send the task once the current transaction commits (at once outside a transaction), as
    `Task.delay_on_commit` does: a worker never looks for a row that is not committed yet."""
    if task_name not in TASK_NAMES:
        raise ValueError(f"Unknown task {task_name!r}: name it in games/services/enqueue.py.")
    transaction.on_commit(lambda: current_app.send_task(task_name, args=list(args)))
