"""A teacher's account is refused for a cool-off after 10 wrong passwords from any addresses
(django-axes, settings.AXES_*); the message says so; the password reset works during it and lifts it."""

import datetime

import pytest
from django.core import mail

from tests.api.test_student_login_api import csrf_client

pytestmark = pytest.mark.django_db
RIGHT = "correct horse battery"


class Clock:
    def __init__(self) -> None:
        self.now = datetime.datetime.now(datetime.UTC)

    def __call__(self) -> datetime.datetime:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    """axes' clock (the database handler's; the cache handler's is the cache's own expiry)."""
    from axes import attempts
    from axes.handlers import proxy

    fake = Clock()
    monkeypatch.setattr(proxy, "now", fake)
    monkeypatch.setattr(attempts, "now", fake)
    return fake


@pytest.fixture(autouse=True)
def _database_handler(settings):
    from axes.handlers.proxy import AxesProxyHandler

    settings.AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
    AxesProxyHandler.get_implementation(force=True)
    yield
    AxesProxyHandler.implementation = None


def log_in(address: str, email: str, password: str):
    return csrf_client(address).post("/api/auth/login/", {"email": email, "password": password}, format="json")


def test_seventy_wrong_passwords_from_changing_addresses_shut_the_account_for_the_cool_off(teacher, clock):
    answers = [log_in(f"198.51.100.{n}", teacher.email, f"guess-{n}") for n in range(70)]
    assert [a.status_code for a in answers] == [400] * 9 + [429] * 61
    assert answers[-1].json()["error"]["code"] == "account_locked"
    refused = log_in("203.0.113.7", teacher.email, RIGHT)  # the teacher, from school, with the right one
    assert refused.status_code == 429
    message = refused.json()["error"]["message"]
    assert "15 minutes" in message
    assert "reset" in message
    clock.now += datetime.timedelta(minutes=14)
    assert log_in("203.0.113.7", teacher.email, RIGHT).status_code == 429
    clock.now += datetime.timedelta(minutes=2)
    assert log_in("203.0.113.7", teacher.email, RIGHT).status_code == 200


def test_other_accounts_are_not_shut(teacher, other_teacher, clock):
    for n in range(10):
        log_in(f"198.51.100.{n}", teacher.email, "wrong-wrong")
    assert log_in("198.51.100.1", other_teacher.email, RIGHT).status_code == 200


def test_the_password_reset_works_during_the_cool_off_and_lifts_it(teacher, clock):
    for n in range(10):
        log_in(f"198.51.100.{n}", teacher.email, "wrong-wrong")
    client = csrf_client("203.0.113.7")
    assert client.post("/api/auth/password-reset/", {"email": teacher.email}, format="json").status_code == 202
    uid, token = mail.outbox[0].body.split("/reset/")[1].split()[0].split("/")
    confirmed = client.post("/api/auth/password-reset/confirm/",
                            {"uid": uid, "token": token, "new_password": "fresh-pass-2026"}, format="json")
    assert confirmed.status_code == 204
    assert log_in("203.0.113.7", teacher.email, "fresh-pass-2026").status_code == 200
