import io

import pytest
from django.utils import timezone
from pypdf import PdfReader

from classroom.errors import ServiceError
from games.engines.fultiples_grid import LEVELS
from games.models import Board, BoardBatch
from games.services import batches, stalled_jobs
from games.services.assignments import assignment_create
from games.services.export_build import export_build
from games.services.matches import match_quick
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def test_a_batch_at_a_level_generates_grids_within_the_cap(teacher, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        batch = batches.batch_create(teacher=teacher, count=30, level="beginner")
    assert len(callbacks) == 1  # the job is dispatched once the batch is committed
    assert (batch.primes, batch.max_value) == (list(LEVELS["beginner"]["primes"]), 50)
    batches.batch_generate(batch_id=batch.pk, chunk=7)
    batch.refresh_from_db()
    assert (batch.status, batch.done, batch.total) == ("done", 30, 30)
    grids = [board.grid for board in Board.objects.filter(batch=batch)]
    assert len(grids) == 30
    assert all(len(grid) == 10 and all(value <= 50 for row in grid for value in row) for grid in grids)
    assert len({str(grid) for grid in grids}) == 30


def test_a_repeated_or_duplicated_job_makes_no_extra_grids(teacher):
    batch = batches.batch_create(teacher=teacher, count=20, level="advanced")
    Board.objects.create(batch=batch, index=3, grid=batches.grid_of(batch, 3))  # a half-done earlier run
    batches.batch_generate(batch_id=batch.pk, chunk=6)
    first = list(Board.objects.filter(batch=batch).values_list("index", "grid"))
    BoardBatch.objects.filter(pk=batch.pk).update(status="running")
    batches.batch_generate(batch_id=batch.pk)
    assert list(Board.objects.filter(batch=batch).values_list("index", "grid")) == first
    assert len(first) == 20


def test_custom_parameters_are_checked_by_the_generator(teacher):
    with pytest.raises(ServiceError) as refusal:
        batches.batch_create(teacher=teacher, count=5, primes=[2, 4], scale_max=10, max_value=100)
    assert "primes" in refusal.value.fields
    with pytest.raises(ServiceError) as refusal:
        batches.batch_create(teacher=teacher, count=5, primes=[2, 3], scale_max=10, max_value=3)
    assert "max_value" in refusal.value.fields
    with pytest.raises(ServiceError) as refusal:
        batches.batch_create(teacher=teacher, count=5001, level="beginner")
    assert "count" in refusal.value.fields
    with pytest.raises(ServiceError):
        batches.batch_create(teacher=teacher, count=5, primes=[2, 3])  # no scalar, no cap, no level
    assert not BoardBatch.objects.exists()


def test_a_failed_batch_says_why_and_can_be_retried(teacher, monkeypatch, django_capture_on_commit_callbacks):
    batch = batches.batch_create(teacher=teacher, count=10, level="intermediate")

    def broken(batch, index):
        raise RuntimeError("disk full")

    monkeypatch.setattr(batches, "grid_of", broken)
    with pytest.raises(RuntimeError):
        batches.batch_generate(batch_id=batch.pk)
    batch.refresh_from_db()
    assert batch.status == "failed"
    assert "disk full" in batch.error
    monkeypatch.undo()
    with django_capture_on_commit_callbacks() as callbacks:
        batches.batch_retry(batch=batch)
    assert len(callbacks) == 1
    batches.batch_generate(batch_id=batch.pk)
    batch.refresh_from_db()
    assert (batch.status, batch.error, batch.done) == ("done", "", 10)


def test_each_new_match_of_an_assignment_takes_the_next_grid(classroom, teacher, pupils, fake_clock):
    batch = batches.batch_create(teacher=teacher, count=2, level="beginner")
    batches.batch_generate(batch_id=batch.pk)
    batch.refresh_from_db()
    assignment = assignment_create(classroom=classroom, game="fultiples", batch=batch)
    grids = []
    for first, second in ((0, 1), (2, 3), (0, 1)):
        for pupil in (pupils[first], pupils[second]):
            match = match_quick(user=pupil.user, assignment_id=assignment.pk)
        grids.append(match.state["board"])
        match.status = "finished"
        match.save()
    stored = [board.grid for board in Board.objects.filter(batch=batch).order_by("index")]
    assert grids == [stored[0], stored[1], stored[0]]
    assert match.state["primes"] == batch.primes


def test_a_batch_for_another_game_or_teacher_is_refused(classroom, other_teacher):
    batch = batches.batch_create(teacher=other_teacher, count=1, level="beginner")
    batches.batch_generate(batch_id=batch.pk)
    with pytest.raises(ServiceError):
        assignment_create(classroom=classroom, game="fultiples", batch=batch)


def test_batch_api_progress_preview_and_pdf(teacher, other_teacher, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    client = client_for(teacher)
    created = client.post("/api/batches/", {"count": 3, "level": "intermediate"}, format="json").json()
    assert (created["status"], created["done"], created["total"]) == ("pending", 0, 3)
    assert created["primes_line"] == "Based on the primes 2, 3 and 7"
    assert client.post(f"/api/batches/{created['id']}/pdf/").status_code == 409
    batches.batch_generate(batch_id=created["id"])
    assert client.get(f"/api/batches/{created['id']}/").json()["status"] == "done"
    preview = client.get(f"/api/batches/{created['id']}/boards/").json()
    assert [board["index"] for board in preview["results"]] == [0, 1, 2]
    export = client.post(f"/api/batches/{created['id']}/pdf/").json()
    export_build(export_id=export["id"])  # the job makes it (tests/api/test_exports_api.py)
    response = client.get(f"/api/exports/{export['id']}/file/")
    pdf = PdfReader(io.BytesIO(b"".join(response.streaming_content)))
    assert len(pdf.pages) == 3
    first_page = pdf.pages[0].extract_text()
    assert "Based on the primes 2, 3 and 7" in first_page
    assert "Intermediate" in first_page
    assert str(preview["results"][0]["grid"][0][0]) in first_page
    assert client_for(other_teacher).get(f"/api/batches/{created['id']}/").status_code == 404
    bad = client.post("/api/batches/", {"count": 3, "primes": [2, 9], "scale_max": 5, "max_value": 90},
                      format="json")
    assert bad.status_code == 400
    assert "primes" in bad.json()["error"]["fields"]


def test_a_job_for_a_deleted_batch_does_nothing(teacher):
    batch = batches.batch_create(teacher=teacher, count=5, level="beginner")
    batches.batch_delete(batch=batch)
    assert batches.batch_generate(batch_id=batch.pk) is None
    assert not Board.objects.exists()


def test_a_batch_whose_worker_died_goes_on_from_where_it_was(teacher, django_capture_on_commit_callbacks):
    """Killed mid-batch, a worker leaves it running with the grids it made; once silent for STALE_AFTER, its
    page's next look queues it again, and the next run adds only the missing grids."""
    batch = batches.batch_create(teacher=teacher, count=12, level="beginner")
    batches.batch_generate(batch_id=batch.pk, chunk=5)
    Board.objects.filter(batch=batch, index__gte=5).delete()  # as if the worker died after its first chunk
    BoardBatch.objects.filter(pk=batch.pk).update(status=BoardBatch.Status.RUNNING, done=5, attempts=1,
                                                  heartbeat_at=timezone.now() - stalled_jobs.STALE_AFTER / 2)
    assert batches.batch_status(batch=BoardBatch.objects.get(pk=batch.pk)).status == BoardBatch.Status.RUNNING
    BoardBatch.objects.filter(pk=batch.pk).update(heartbeat_at=timezone.now() - stalled_jobs.STALE_AFTER * 2)
    with django_capture_on_commit_callbacks() as sent:
        seen = batches.batch_status(batch=BoardBatch.objects.get(pk=batch.pk))
    assert seen.status == BoardBatch.Status.PENDING
    assert len(sent) == 1
    made = batches.batch_generate(batch_id=batch.pk, chunk=5)
    assert made.status == BoardBatch.Status.DONE
    assert made.attempts == 2
    assert sorted(Board.objects.filter(batch=batch).values_list("index", flat=True)) == list(range(12))
