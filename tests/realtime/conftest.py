import pytest


@pytest.fixture(scope="session", autouse=True)
def _socket_database_threads_closed(django_db_setup, django_db_blocker):
    """The sockets' database thread keeps its connection (the test client stops Channels closing
    it); close it before the test database is dropped."""
    yield
    from games.realtime.db import close_connections

    with django_db_blocker.unblock():
        close_connections()
