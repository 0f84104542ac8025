"""A teacher's account limit holds across server processes: two real servers on PostgreSQL and Redis
(axes' cache handler), wrong passwords alternating between them, count once."""

from __future__ import annotations

import uuid

import pytest
from django.conf import settings

from tests.api.test_sign_in_limits_shared import send
from tests.e2e.http_client import ApiClient, signed_up_teacher
from tests.e2e.server import LiveServer

pytestmark = pytest.mark.services


@pytest.fixture(scope="module")
def two_servers():
    server, urls = LiveServer.start(ports=2, worker=False)
    try:
        yield urls
    finally:
        server.stop()


def test_wrong_passwords_split_between_two_processes_shut_the_account_on_both(two_servers):
    first, second = two_servers
    email = f"t{uuid.uuid4().hex[:8]}@x.test"
    signed_up_teacher(first, email=email)

    guesser = ApiClient(first)
    answers = [send(guesser, (first, second)[i % 2], "POST", "/api/auth/login/",
                    {"email": email, "password": f"guess-{i}"}) for i in range(settings.AXES_FAILURE_LIMIT)]
    assert answers == [400] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    for url in (first, second):  # the right password waits for the cool-off too, on either process
        assert send(ApiClient(url), url, "POST", "/api/auth/login/",
                    {"email": email, "password": "a-long-pass-2026"}) == 429
