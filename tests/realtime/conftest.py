import pytest
from django.db import connections

from tests.own_redis import OwnRedis


@pytest.fixture(scope="session", autouse=True)
def _socket_database_threads_closed(django_db_setup, django_db_blocker):
    """The sockets' database thread keeps its connection (the test client stops Channels closing
    it); close it before the test database is dropped."""
    yield
    from games.realtime.db import close_connections

    with django_db_blocker.unblock():
        close_connections()
        # Connections that `sync_to_async` threads gave back to Django's pool stay open in it.
        for connection in connections.all():
            if hasattr(connection, "close_pool"):  # PostgreSQL's
                connection.close_pool()


@pytest.fixture(autouse=True)
def _move_connections_closed():
    """The sockets' move path keeps PostgreSQL connections per event loop (games.realtime.async_db); each
    test has its own loop: close them after it, so none is open when the test database is dropped."""
    yield
    from games.realtime.async_db import abandon_all

    abandon_all()


@pytest.fixture
def redis_of_its_own(tmp_path):
    """A Redis server of this test's own, on a free port, to stop and pause (never the shared one)."""
    own = OwnRedis(tmp_path)
    try:
        yield own
    finally:
        own.stop()
