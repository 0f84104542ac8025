"""What each GET of a lesson costs in queries, signed in as its page would be: at most the count in the
table below. A serializer that starts querying per row, or a middleware that starts querying per request,
fails here first (bench/http_cost.py measures the same endpoints' CPU)."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from classroom import presence
from games.services.assignments import assignment_create
from games.services.matches import match_quick
from tests.factories import StudentFactory

pytestmark = pytest.mark.django_db

# endpoint -> (who asks, queries at most). A class of 30, one assignment, one match under way.
MOST_QUERIES = {
    "/healthz": ("nobody", 1),
    "/api/auth/csrf/": ("nobody", 0),
    "/api/student-login/{code}/": ("nobody", 2),
    "/api/auth/me/#child": ("child", 3),
    "/api/my/assignments/": ("child", 5),
    "/api/my/current-match/": ("child", 4),
    "/api/my/challenges/": ("child", 2),
    "/api/my/matches/": ("child", 2),
    "/api/my/progress/": ("child", 5),
    "/api/matches/{match}/": ("child", 4),
    "/api/games/": ("child", 1),
    "/api/auth/me/#teacher": ("teacher", 1),
    "/api/me/checklist/": ("teacher", 7),
    "/api/classes/": ("teacher", 3),
    "/api/classes/{classroom}/students/": ("teacher", 4),
    "/api/classes/{classroom}/assignments/": ("teacher", 4),
    "/api/classes/{classroom}/live/": ("teacher", 7),
    "/api/classes/{classroom}/report/?period=live": ("teacher", 11),
    "/api/classes/{classroom}/report/?period=30d": ("teacher", 12),
    "/api/students/{student}/report/?period=30d": ("teacher", 12),
    "/api/reports/all-classes/?period=30d": ("teacher", 5),
}


@pytest.fixture
def lesson(classroom):
    students = [StudentFactory(classroom=classroom) for _ in range(30)]
    assignment = assignment_create(classroom=classroom, game="four_in_a_row")
    match_quick(user=students[0].user, assignment_id=assignment.pk)
    match = match_quick(user=students[1].user, assignment_id=assignment.pk)
    return {"classroom": classroom, "child": students[0].user, "student": students[0], "match": match}


@pytest.mark.parametrize("endpoint", list(MOST_QUERIES))
def test_a_lesson_endpoint_makes_at_most_its_queries(endpoint, lesson, teacher, monkeypatch):
    monkeypatch.setattr(presence, "_written_at", {})
    who, most = MOST_QUERIES[endpoint]
    path = endpoint.split("#")[0].format(code=lesson["classroom"].join_code, match=lesson["match"].pk,
                                          classroom=lesson["classroom"].pk, student=lesson["student"].pk)
    client = Client()
    if who != "nobody":
        client.force_login(lesson["child"] if who == "child" else teacher)
    client.get(path)  # the first request of a session may set things up (presence, a CSRF cookie)
    with CaptureQueriesContext(connection) as counted:
        response = client.get(path)
    assert response.status_code in (200, 204), response.content[:300]
    assert len(counted) <= most, "\n".join(query["sql"][:200] for query in counted.captured_queries)
