"""Shared fixtures. Services (PostgreSQL, Redis) are used when DATABASE_URL / REDIS_URL are set;
tests marked `services` skip without them, unless REQUIRE_SERVICES=1 makes that a failure.

Every random choice a test makes comes from one seed per run: `--seed N` (or `TEST_SEED=N`), else a
fresh one. The header prints it, a failing run prints it again with the command that replays it, and
it seeds `random` (per test, from the seed and the test's id), factory_boy and Hypothesis."""

import os
import random
import secrets

import factory.random
import pytest
from rest_framework.test import APIClient

from tests.factories import ClassroomFactory, StudentFactory, TeacherFactory

SEED = pytest.StashKey[int]()


def pytest_addoption(parser):
    parser.addoption("--seed", type=int, default=None,
                     help="seed for every random choice of the tests (default: $TEST_SEED, else a fresh one)")


@pytest.hookimpl(tryfirst=True)  # before Hypothesis's plugin reads its seed option
def pytest_configure(config):
    seed = config.getoption("--seed")
    if seed is None:
        seed = int(os.environ.get("TEST_SEED") or secrets.randbelow(2**32))
    config.stash[SEED] = seed
    if config.getoption("hypothesis_seed", default=None) is None:
        config.option.hypothesis_seed = seed


def replay_hint(config) -> str:
    return f"random seed {config.stash[SEED]}: replay with  make test-python PYTEST_ARGS='--seed {config.stash[SEED]}'"


def pytest_report_header(config):
    return replay_hint(config)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if exitstatus not in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        terminalreporter.write_sep("=", replay_hint(config), red=True)


@pytest.fixture(autouse=True)
def _seeded_randomness(request):
    """`random` and factory_boy start each test from the run's seed and the test's id, so one test's
    draws do not depend on which tests ran before it."""
    seed = f"{request.config.stash[SEED]}:{request.node.nodeid}"
    random.seed(seed)
    factory.random.reseed_random(seed)


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
