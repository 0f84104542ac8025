"""Presence (classroom.presence): a student's request marks them seen, and their requests within
WRITE_EVERY cost no query for it (a lesson's requests are mostly a few children's, over and over)."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from classroom import presence
from classroom.models import Student

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _nothing_written_yet(monkeypatch):
    monkeypatch.setattr(presence, "_written_at", {}, raising=False)


def test_a_students_request_marks_them_seen_and_the_next_ones_write_nothing(student):
    client = Client()
    client.force_login(student.user)
    assert client.get("/api/my/assignments/").status_code == 200
    seen = Student.objects.get(pk=student.pk).last_seen_at
    assert seen is not None
    with CaptureQueriesContext(connection) as counted:
        assert client.get("/api/my/assignments/").status_code == 200
    assert not [q for q in counted.captured_queries if q["sql"].startswith("UPDATE") and "last_seen_at" in q["sql"]], \
        "presence written again"
    assert Student.objects.get(pk=student.pk).last_seen_at == seen


def test_after_write_every_a_request_writes_presence_again(student, monkeypatch):
    client = Client()
    client.force_login(student.user)
    client.get("/api/my/assignments/")
    first = Student.objects.get(pk=student.pk).last_seen_at
    later = presence.time.monotonic() + presence.WRITE_EVERY.total_seconds() + 1
    monkeypatch.setattr(presence.time, "monotonic", lambda: later)
    Student.objects.filter(pk=student.pk).update(last_seen_at=first - presence.WRITE_EVERY * 2)
    client.get("/api/my/assignments/")
    assert Student.objects.get(pk=student.pk).last_seen_at > first - presence.WRITE_EVERY
