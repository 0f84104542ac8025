import pytest
from django.db import transaction
from django.test import override_settings

from tests.api.world import build_world


@pytest.fixture(scope="module")
def shared_world(django_db_setup, django_db_blocker, tmp_path_factory):
    """The world of tests/api/world.py, built once for a module's tests (it takes a fifth of a second):
    it lives in a transaction rolled back after the module, and each test's own transaction is a
    savepoint inside it. Tests must not change its Python objects in place.

    Built before the function-scoped fixtures of tests/conftest.py apply, so with their settings here."""
    test_settings = override_settings(
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        MEDIA_ROOT=str(tmp_path_factory.mktemp("media")),
        CACHES={"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}})
    with django_db_blocker.unblock(), test_settings, transaction.atomic():
        yield build_world()
        transaction.set_rollback(True)
