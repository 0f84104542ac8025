"""Shared fixtures. Services (PostgreSQL, Redis) are used when DATABASE_URL / REDIS_URL are set;
tests marked `services` skip without them, unless REQUIRE_SERVICES=1 makes that a failure."""

import os

import pytest
from rest_framework.test import APIClient

from tests.factories import ClassroomFactory, StudentFactory, TeacherFactory


def pytest_collection_modifyitems(config, items):
    # Browser tests last: Playwright's sync API keeps an event loop running in the main thread until
    # the session ends, and Django's database and pytest-asyncio refuse to run under it.
    items.sort(key=lambda item: "tests/e2e/" in str(item.path))
    required = os.environ.get("REQUIRE_SERVICES") == "1"
    if required:
        missing = [name for name in ("DATABASE_URL", "REDIS_URL") if not os.environ.get(name)]
        if not os.environ.get("DATABASE_URL", "postgres").startswith("postgres"):
            missing.append("DATABASE_URL (PostgreSQL)")
        if missing:
            raise pytest.UsageError(f"REQUIRE_SERVICES=1 but {', '.join(missing)} is not set")
        return
    have = os.environ.get("REDIS_URL") and os.environ.get("DATABASE_URL", "").startswith("postgres")
    if not have:
        skip = pytest.mark.skip(reason="needs DATABASE_URL (PostgreSQL) and REDIS_URL; "
                                       "REQUIRE_SERVICES=1 makes this a failure")
        for item in items:
            if "services" in item.keywords:
                item.add_marker(skip)


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _no_throttle_state(settings):
    """Each test starts with empty throttle counters."""
    from django.core.cache import cache

    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def teacher(db):
    return TeacherFactory()


@pytest.fixture
def other_teacher(db):
    return TeacherFactory()


@pytest.fixture
def classroom(teacher):
    return ClassroomFactory(teacher=teacher)


@pytest.fixture
def student(classroom):
    return StudentFactory(classroom=classroom)


@pytest.fixture
def api():
    return APIClient()


def client_for(user):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client
