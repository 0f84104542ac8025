"""Sign-in limits hold across server processes: two real servers on PostgreSQL and Redis, one client
address, every other try on the other server. The counters live in the shared cache (Redis) and the
child's lock-out in the database, so splitting the tries between processes gains nothing."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from django.conf import settings

from tests.e2e.http_client import ApiClient, classroom_with_students
from tests.e2e.server import LiveServer

pytestmark = pytest.mark.services

TEACHER_RATE = 10  # a minute; the live server's tests otherwise allow 1000


def send(client: ApiClient, base_url: str, method: str, path: str, body: dict | None = None) -> int:
    """The status of one request from this client's session, to whichever server `base_url` is."""
    request = urllib.request.Request(base_url + path, data=json.dumps(body).encode() if body else None,
                                     method=method)
    request.add_header("Content-Type", "application/json")
    request.add_header("X-CSRFToken", client.cookie("csrftoken"))
    try:
        with client.opener.open(request, timeout=20) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.fixture(scope="module")
def two_servers():
    server, urls = LiveServer.start(ports=2, env={"TEACHER_LOGIN_RATE": f"{TEACHER_RATE}/min"})
    try:
        yield urls
    finally:
        server.stop()


def test_failures_split_between_two_processes_count_once(two_servers):
    first, second = two_servers
    servers = [first, second]
    _, klass, pictures = classroom_with_students(first, ["Ana Lopez"])  # sign-up and activation: 2 teacher requests
    code = klass["join_code"]
    guesser = ApiClient(first)
    roster = json.loads(urllib.request.urlopen(f"{first}/api/student-login/{code}/", timeout=20).read())
    ana_id = roster["students"][0]["id"]
    right = pictures["Ana L."]
    wrong = [right[1], right[0], right[2]]

    # The child's own limit for this address: five wrong tries, alternating servers, make it wait on both.
    tries = [send(guesser, servers[i % 2], "POST", "/api/student-login/",
                  {"code": code, "student_id": ana_id, "pictures": wrong})
             for i in range(settings.SIGN_IN_SLOW_AFTER)]
    assert tries == [400] * (settings.SIGN_IN_SLOW_AFTER - 1) + [429]
    for url in servers:  # the right pictures wait too, on either process
        assert send(guesser, url, "POST", "/api/student-login/",
                    {"code": code, "student_id": ana_id, "pictures": right}) == 429

    # The address's failures: those five, then wrong class codes on alternating servers until refused.
    answers = [send(guesser, servers[i % 2], "GET", f"/api/student-login/ZZZ{i:03d}/")
               for i in range(settings.SIGN_IN_FAILURE_ALLOWANCE)]
    left = settings.SIGN_IN_FAILURE_ALLOWANCE - settings.SIGN_IN_SLOW_AFTER
    assert answers == [404] * left + [429] * settings.SIGN_IN_SLOW_AFTER
    for url in servers:  # and now even the right code waits, on both
        assert send(guesser, url, "GET", f"/api/student-login/{code}/") == 429

    # Teachers' sign-in rate, per address, across both processes.
    logins = [send(ApiClient(first), servers[i % 2], "POST", "/api/auth/login/",
                   {"email": "nobody@school.test", "password": "wrong-password"}) for i in range(TEACHER_RATE)]
    assert logins == [400] * (TEACHER_RATE - 2) + [429] * 2
