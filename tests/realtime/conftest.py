import os
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass

import pytest
from django.db import connections


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


@dataclass
class OwnRedis:
    url: str
    process: subprocess.Popen

    def pause(self) -> None:
        """Stop answering without closing a connection, as a hung server or a cut network does."""
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        os.kill(self.process.pid, signal.SIGCONT)


@pytest.fixture
def redis_of_its_own(tmp_path):
    """A Redis server of this test's own, on a free port, to stop and pause (never the shared one)."""
    server = shutil.which("redis-server")
    assert server, "redis-server is needed for this test (the services tests need Redis)"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([server, "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly",
                                "no", "--dir", str(tmp_path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert time.monotonic() < deadline, f"redis-server on port {port} did not start within 30 s"
            assert process.poll() is None, f"redis-server on port {port} exited with {process.returncode}"
            time.sleep(0.05)
    own = OwnRedis(url=f"redis://127.0.0.1:{port}/0", process=process)
    try:
        yield own
    finally:
        own.resume()
        process.terminate()
        process.wait(timeout=30)
