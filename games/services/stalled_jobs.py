"""Jobs whose worker died: one rule for every job row (PDF exports, grid batches).

A running job says it is alive with its progress (`heartbeat_at`, written with `done`). One silent for
STALE_AFTER lost its worker (killed, out of memory, a redeploy) and is queued again on the same row,
for whichever worker runs next; after ATTEMPTS_MAX runs it is marked failed with a sentence. Celery would
hand such a job out again only after the broker's visibility timeout (an hour), and a teacher printing
cards before a lesson cannot wait that long. Every job is idempotent, so a run that was only slow and
is queued again does no harm (for an export, the later run stores the file).

It runs when the row's page looks at it, when the same thing is asked for again, and every 15 s from
Celery beat (config/settings.py, games.tasks.recover_jobs).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db.models import F, QuerySet
from django.utils import timezone

from games.services.enqueue import enqueue_on_commit

STALE_AFTER = timedelta(seconds=30)  # a running job writes its progress every second or so
ATTEMPTS_MAX = 3
STOPPED_MESSAGE = ("It could not be finished: the computer making it stopped {attempts} times. Try again; if it "
                   "stops again, tell whoever runs Multiplayground.")
RUNNING, PENDING, FAILED = "running", "pending", "failed"  # the same in every job model's Status


def alive(now: datetime | None = None) -> dict[str, Any]:
    """The fields a job's run writes when it starts: running, alive now, one more attempt."""
    return {"status": RUNNING, "heartbeat_at": now or timezone.now(), "attempts": F("attempts") + 1}


def take_back(rows: QuerySet, *, task_name: str, restart: dict[str, Any] | None = None,
              failed: dict[str, Any] | None = None, now: datetime | None = None) -> int:
    """Queue again (or fail, after ATTEMPTS_MAX runs) the running jobs among `rows` silent for STALE_AFTER;
    `restart` and `failed` are the row's own fields to reset. Each is taken back by one conditional update,
    so two callers at once queue it once. Returns how many were taken back."""
    now = now or timezone.now()
    stale = rows.filter(status=RUNNING, heartbeat_at__lt=now - STALE_AFTER)
    taken = 0
    for pk, heartbeat_at, attempts in stale.values_list("pk", "heartbeat_at", "attempts"):
        still = rows.model.objects.filter(pk=pk, status=RUNNING, heartbeat_at=heartbeat_at)
        if attempts >= ATTEMPTS_MAX:
            taken += still.update(status=FAILED, error=STOPPED_MESSAGE.format(attempts=attempts), **(failed or {}))
        elif still.update(status=PENDING, **(restart or {})):
            taken += 1
            enqueue_on_commit(task_name, pk)
    return taken
