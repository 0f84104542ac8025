"""A Redis server of a test's own, on a free port, to stop, start again and pause (never the shared one)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class OwnRedis:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        """Start it (again, on the same port); return once it accepts connections."""
        server = shutil.which("redis-server")
        assert server, "redis-server is needed for this test (the services tests need Redis)"
        self.process = subprocess.Popen(
            [server, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "", "--appendonly", "no",
             "--dir", str(self.folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                assert time.monotonic() < deadline, f"redis-server on port {self.port} did not start within 30 s"
                assert self.process.poll() is None, f"redis-server on port {self.port} exited"
                time.sleep(0.05)

    def stop(self) -> None:
        """Gone, as a crashed or restarting Redis is: its port refuses connections."""
        if self.process is not None and self.process.poll() is None:
            self.resume()
            self.process.kill()
            self.process.wait(timeout=30)

    def pause(self) -> None:
        """Stop answering without closing a connection, as a hung server or a cut network does."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGCONT)
