"""A real Celery worker against the real broker (Redis) runs a batch, a report and a PDF export end to end."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from games.models import BoardBatch, Export, Report
from games.services import batches, exports, report_snapshots
from tests.factories import StudentFactory

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def worker(settings, tmp_path):
    """`celery worker` in a child process, on the test database and the configured Redis broker; its
    exports go where this process reads them."""
    database = connection.settings_dict
    url = f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"
    settings.MEDIA_ROOT = str(tmp_path / "media")
    env = {**os.environ, "DATABASE_URL": url, "MEDIA_ROOT": settings.MEDIA_ROOT}
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=warning",
         "--without-heartbeat", "--without-gossip", "--without-mingle", "-Q", "celery"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    yield process
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()


def wait_for(read, done, timeout=60):
    """Poll `read()` until `done(value)`; return every distinct value seen on the way."""
    seen = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = read()
        if not seen or seen[-1] != value:
            seen.append(value)
        if done(value):
            return seen
        time.sleep(0.02)
    raise AssertionError(f"timed out; saw {seen}")


def test_a_worker_generates_a_batch_with_progress(worker, teacher, monkeypatch):
    monkeypatch.setattr(batches, "CHUNK", 100)  # only this process; the worker uses its own chunks
    batch = batches.batch_create(teacher=teacher, count=3000, level="advanced")
    seen = wait_for(lambda: BoardBatch.objects.values_list("status", "done").get(pk=batch.pk),
                    lambda value: value[0] in ("done", "failed"))
    assert seen[-1] == ("done", 3000), seen
    assert any(0 < done < 3000 for _, done in seen), f"no progress seen between 0 and 3000: {seen}"
    assert batch.boards.count() == 3000


def test_a_worker_builds_a_report(worker, classroom):
    for _ in range(3):
        StudentFactory(classroom=classroom)
    report = report_snapshots.snapshot_request(classroom=classroom, period="7d")
    seen = wait_for(lambda: Report.objects.values_list("status", "done").get(pk=report.pk),
                    lambda value: value[0] in ("done", "failed"))
    assert seen[-1] == ("done", 4), seen
    assert Report.objects.filter(parent=report).count() == 3


def test_a_worker_makes_a_batch_pdf_with_progress(worker, teacher):
    batch = batches.batch_create(teacher=teacher, count=1500, level="advanced")
    wait_for(lambda: BoardBatch.objects.values_list("status", flat=True).get(pk=batch.pk),
             lambda value: value in ("done", "failed"))
    batch.refresh_from_db()
    export = exports.export_batch_pdf(owner=teacher, batch=batch)
    seen = wait_for(lambda: Export.objects.values_list("status", "done").get(pk=export.pk),
                    lambda value: value[0] in ("done", "failed"), timeout=120)
    assert seen[-1] == ("done", 1500), Export.objects.get(pk=export.pk).error
    assert any(0 < done < 1500 for _, done in seen), f"no progress seen between 0 and 1500: {seen}"
    export.refresh_from_db()
    download = exports.export_download(export=export)
    assert download.file.read(5) == b"%PDF-"
    assert download.size > 1500 * 1000


def test_the_nightly_schedule_is_configured(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["nightly-class-reports"]
    assert entry["task"] == "games.tasks.build_nightly_reports"
    assert entry["schedule"].hour == {2}
    from config.celery import app

    app.loader.import_default_modules()
    assert "games.tasks.build_nightly_reports" in app.tasks
