"""A class taps Quick match in the same second, over HTTP against live servers: on SQLite with one
process (what `make run` serves) and on PostgreSQL with two processes behind Redis. Thirty children
make fifteen started matches and nobody waits alone; a double tap answers with the same match."""

from __future__ import annotations

import os
from collections import Counter

import pytest

from tests.concurrency import run_together
from tests.e2e.http_client import (
    ApiClient,
    classroom_with_students,
    create_assignment,
    sign_in_student,
)
from tests.e2e.server import LiveServer

CHILDREN = 30


@pytest.fixture(params=[
    pytest.param("sqlite", id="sqlite-one-process"),
    pytest.param("postgres", id="postgres-two-processes", marks=pytest.mark.services),
])
def servers(request):
    sqlite = request.param == "sqlite"
    if not sqlite and not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        pytest.skip("needs DATABASE_URL (PostgreSQL) and REDIS_URL")
    server, urls = LiveServer.start(ports=1 if sqlite else 2, sqlite=sqlite)
    yield urls
    server.stop()


def test_thirty_children_tapping_at_once_make_fifteen_matches_and_a_double_tap_one(servers):
    firsts = [f"Kid{chr(97 + n // 26)}{chr(97 + n % 26)}" for n in range(CHILDREN)]  # letters: the card parser's names
    teacher, klass, secrets = classroom_with_students(servers[0], [f"{first} Test" for first in firsts])
    create_assignment(teacher, klass, "four_in_a_row")
    children: list[ApiClient] = [sign_in_student(servers[n % len(servers)], klass, f"{first} T.",
                                                 secrets[f"{first} T."]) for n, first in enumerate(firsts)]
    (assignment,) = children[0].request("GET", "/api/my/assignments/")
    tap = f"/api/assignments/{assignment['id']}/quick-match/"
    # the last child taps twice in the same instant
    answers = run_together([lambda c=child: c.request("POST", tap) for child in children] +
                      [lambda: children[-1].request("POST", tap)])
    errors = [answer for answer in answers if isinstance(answer, Exception)]
    assert not errors, errors
    assert answers[-1]["match"]["id"] == answers[-2]["match"]["id"]  # the double tap: one match

    live = teacher.request("GET", f"/api/classes/{klass['id']}/live/")
    statuses = Counter(match["status"] for match in live["matches"])
    assert statuses == Counter({"active": CHILDREN // 2}), live["matches"]
    seated = Counter(seat["user_id"] for match in live["matches"] for seat in match["seats"])
    assert len(seated) == CHILDREN
    assert set(seated.values()) == {1}
