"""`python -m config.serve --processes N`: one server process per port (deploy/nginx.conf sends every socket of
one match to one of them), supervised one by one: SIGTERM stops them all, one that dies is started again
alone while the others serve on, and one that keeps dying stops them all with a failing exit code."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from config.run import healthy
from tests.e2e.server import free_ports

ROOT = Path(__file__).resolve().parents[2]


def _healthy(port: int) -> bool:
    return healthy(f"http://127.0.0.1:{port}")


def _wait_for(condition, limit: float, what: str) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {limit} s"
        time.sleep(0.1)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.fixture
def two_processes(tmp_path):
    env = {key: value for key, value in os.environ.items() if key not in {"DATABASE_URL", "REDIS_URL"}}
    env.update({"VAR_DIR": str(tmp_path / "var"), "SQLITE_PATH": str(tmp_path / "serve.sqlite3"), "DEBUG": "0",
                "ALLOWED_HOSTS": "127.0.0.1", "LOG_LEVEL": "WARNING"})
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True,
                   timeout=120, capture_output=True)
    port = free_ports(2)
    supervisor = subprocess.Popen([sys.executable, "-m", "config.serve", "--port", str(port), "--processes", "2"],
                                  cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        _wait_for(lambda: _healthy(port) and _healthy(port + 1), 60, "both ports did not answer /healthz")
        children = _children(supervisor.pid)
        assert len(children) == 2, children
        yield supervisor, port, children
    finally:
        for pid in [*_children(supervisor.pid), supervisor.pid]:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        supervisor.wait(10)


def test_each_process_serves_its_own_port_and_sigterm_stops_them_all(two_processes):
    supervisor, port, children = two_processes
    supervisor.send_signal(signal.SIGTERM)  # what `docker compose stop` sends
    output, _ = supervisor.communicate(timeout=60)
    assert supervisor.returncode == 0, output
    assert not any(_alive(pid) for pid in children), "a server process outlived its supervisor"
    assert not _healthy(port)
    assert not _healthy(port + 1)


def test_a_process_that_dies_is_started_again_alone(two_processes):
    """A crash costs only the crashed process's sockets: the other one keeps running (its children's
    sockets stay open) and the dead one's port answers again within seconds."""
    supervisor, port, children = two_processes
    os.kill(children[1], signal.SIGKILL)
    _wait_for(lambda: len(_children(supervisor.pid)) == 2 and children[1] not in _children(supervisor.pid),
              30, "the dead process was not started again")
    _wait_for(lambda: _healthy(port + 1), 60, "the restarted process did not answer /healthz")
    assert _alive(children[0]), "the healthy process was stopped too"
    assert _healthy(port)
    assert supervisor.poll() is None, "the supervisor gave up after one crash"
    supervisor.send_signal(signal.SIGTERM)
    output, _ = supervisor.communicate(timeout=60)
    assert "exited (-9); starting it again" in output, output
    assert supervisor.returncode == 0, output


def test_a_process_that_keeps_dying_stops_them_all_and_the_exit_code_says_so(tmp_path):
    env = {**os.environ, "VAR_DIR": str(tmp_path / "var")}
    supervisor = subprocess.run(
        [sys.executable, "-m", "config.serve", "--port", str(free_ports(2)), "--processes", "2",
         "--app", "no_such_module:application"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert supervisor.returncode != 0
    assert "times within 60 s; stopping the others" in supervisor.stderr, supervisor.stderr[-3000:]


def test_workers_and_processes_together_are_refused_with_a_reason():
    result = subprocess.run([sys.executable, "-m", "config.serve", "--workers", "2", "--processes", "2"],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "not both" in result.stderr


@pytest.fixture
def one_server(tmp_path):
    """A server process of its own with a sign-in allowance of 3 wrong class codes; `start(env)` serves it."""
    started: list[subprocess.Popen] = []

    def start(extra: dict[str, str]) -> int:
        env = {key: value for key, value in os.environ.items() if key not in {"DATABASE_URL", "REDIS_URL"}}
        env.update({"VAR_DIR": str(tmp_path / f"var{len(started)}"), "DEBUG": "0", "ALLOWED_HOSTS": "127.0.0.1",
                    "SQLITE_PATH": str(tmp_path / f"serve{len(started)}.sqlite3"), "LOG_LEVEL": "WARNING",
                    "SIGN_IN_FAILURE_ALLOWANCE": "3", **extra})
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env,
                       check=True, timeout=120, capture_output=True)
        port = free_ports(1)
        started.append(subprocess.Popen([sys.executable, "-m", "config.serve", "--port", str(port)], cwd=ROOT,
                                        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        _wait_for(lambda: _healthy(port), 60, "the server did not answer /healthz")
        return port

    yield start
    for process in started:
        process.kill()
        process.wait(10)


def _wrong_class_code(port: int, forwarded_for: str | None = None) -> int:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/student-login/NOSUCH/")
    if forwarded_for:
        request.add_header("X-Forwarded-For", forwarded_for)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.mark.parametrize("trusted", [False, True], ids=["127.0.0.1 not trusted", "127.0.0.1 trusted"])
def test_a_made_up_forwarded_address_counts_only_from_a_trusted_proxy(one_server, trusted):
    """Through the real server process: uvicorn must not rewrite the peer's address from the header
    before the app decides (TRUSTED_PROXIES is the one setting)."""
    port = one_server({"TRUSTED_PROXIES": "127.0.0.1"} if trusted else {})
    assert [_wrong_class_code(port) for _ in range(3)] == [404, 404, 404]
    assert _wrong_class_code(port) == 429  # this address has spent its wrong tries
    # Another address in the header: the same refused address, unless this peer is a trusted proxy.
    assert _wrong_class_code(port, forwarded_for="198.51.100.7") == (404 if trusted else 429)
