"""Fultiples grid batches: checked by the engine's generator, generated in chunks by a job."""

from __future__ import annotations

import secrets

from django.db.models import F, QuerySet
from django.utils import timezone

from classroom.errors import ServiceError
from classroom.models import User
from games.engines.fultiples_grid import LEVELS, GridOptionError, check_grid_options, generate_grid
from games.grid_words import primes_line as primes_line  # a batch's title, for the API
from games.models import Assignment, Board, BoardBatch
from games.services import stalled_jobs
from games.services.enqueue import GENERATE_BATCH, enqueue_on_commit

MAX_BATCH = 5000
CHUNK = 250


def batch_create(*, teacher: User, count: int, level: str | None = None, primes: list[int] | None = None,
                 scale_max: int | None = None, max_value: int | None = None, rows: int = 10, cols: int = 10,
                 name: str = "") -> BoardBatch:
    """Check the parameters with the generator itself, store the batch, start the job on commit."""
    if not isinstance(count, int) or not 1 <= count <= MAX_BATCH:
        message = f"Choose between 1 and {MAX_BATCH} grids."
        raise ServiceError("invalid", message, {"count": [message]})
    params = dict(LEVELS[level]) if level else {}
    if level and level not in LEVELS:
        raise ServiceError("invalid", "Unknown level.", {"level": ["Choose beginner, intermediate or advanced."]})
    for key, value in (("primes", primes), ("scale_max", scale_max), ("max_value", max_value)):
        if value is not None:
            params[key] = value
    missing = [key for key in ("primes", "scale_max", "max_value") if key not in params]
    if missing:
        raise ServiceError("invalid", "Choose a level, or give primes, largest scalar and cap.",
                           {key: ["Required without a level."] for key in missing})
    try:
        check_grid_options(primes=params["primes"], scale_max=params["scale_max"], rows=rows, cols=cols,
                           max_value=params["max_value"])
    except GridOptionError as error:
        raise ServiceError("invalid", error.message, {error.field: [error.message]}) from None
    batch = BoardBatch.objects.create(
        teacher=teacher, name=name.strip()[:100], level=level or "", primes=list(params["primes"]),
        scale_max=params["scale_max"], max_value=params["max_value"], rows=rows, cols=cols,
        seed=secrets.randbits(48), total=count)
    _dispatch(batch)
    return batch


def _dispatch(batch: BoardBatch) -> None:
    enqueue_on_commit(GENERATE_BATCH, batch.pk)


def batch_generate(*, batch_id: int, chunk: int = CHUNK) -> BoardBatch | None:
    """Generate the missing grids in chunks, saving progress after each. Idempotent: grid i is
    always drawn from seed + i, and (batch, index) is unique, so a retry or a duplicate job makes
    no extra grids and no different ones."""
    batch = BoardBatch.objects.filter(pk=batch_id).first()
    if batch is None or batch.status == BoardBatch.Status.DONE:  # deleted meanwhile, or already made
        return batch
    BoardBatch.objects.filter(pk=batch.pk).update(error="", **stalled_jobs.alive())
    try:
        have = set(Board.objects.filter(batch=batch).values_list("index", flat=True))
        missing = [index for index in range(batch.total) if index not in have]
        for start in range(0, len(missing), chunk):
            part = missing[start:start + chunk]
            Board.objects.bulk_create(
                [Board(batch=batch, index=index, grid=grid_of(batch, index)) for index in part],
                ignore_conflicts=True)
            BoardBatch.objects.filter(pk=batch.pk).update(done=Board.objects.filter(batch=batch).count(),
                                                          heartbeat_at=timezone.now())
    except Exception as error:
        BoardBatch.objects.filter(pk=batch.pk).update(status=BoardBatch.Status.FAILED,
                                                      error=f"{type(error).__name__}: {error}")
        raise
    BoardBatch.objects.filter(pk=batch.pk).update(status=BoardBatch.Status.DONE, done=batch.total,
                                                  finished_at=timezone.now())
    batch.refresh_from_db()
    return batch


def batch_status(*, batch: BoardBatch) -> BoardBatch:
    """The batch as its page sees it, queued again first if its job lost its worker."""
    if batch.status == BoardBatch.Status.RUNNING and batches_recover(BoardBatch.objects.filter(pk=batch.pk)):
        batch.refresh_from_db()
    return batch


def batches_recover(rows: QuerySet[BoardBatch] | None = None) -> int:
    """Go on with (or fail) the running batches whose worker died (games.services.stalled_jobs); the grids
    made already stay."""
    return stalled_jobs.take_back(BoardBatch.objects.all() if rows is None else rows, task_name=GENERATE_BATCH)


def grid_of(batch: BoardBatch, index: int) -> list[list[int]]:
    return generate_grid(primes=batch.primes, scale_max=batch.scale_max, rows=batch.rows, cols=batch.cols,
                         max_value=batch.max_value, seed=batch.seed + index)


def batch_retry(*, batch: BoardBatch) -> BoardBatch:
    if batch.status != BoardBatch.Status.FAILED:
        raise ServiceError("not_failed", "Only a failed batch can be retried.")
    batch.status = BoardBatch.Status.PENDING
    batch.error = ""
    batch.attempts = 0
    batch.save(update_fields=["status", "error", "attempts"])
    _dispatch(batch)
    return batch


def batch_delete(*, batch: BoardBatch) -> None:
    batch.delete()


def next_board_for(assignment: Assignment) -> dict | None:
    """The options a new Fultiples match of this assignment takes from its batch: the next grid."""
    batch = assignment.batch
    if batch is None or batch.status != BoardBatch.Status.DONE or batch.total == 0:
        return None
    Assignment.objects.filter(pk=assignment.pk).update(next_board=F("next_board") + 1)
    assignment.refresh_from_db(fields=["next_board"])
    index = (assignment.next_board - 1) % batch.total
    board = Board.objects.get(batch=batch, index=index)
    return {"board": board.grid, "primes": batch.primes}

