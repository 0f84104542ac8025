"""A real ASGI server (uvicorn) in a child process, on its own fresh database, for browser tests."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[2]


MAIL_DIRS: dict[str, Path] = {}  # a live server's URL -> where its emails are written
DATABASES: dict[str, dict] = {}  # a live server's URL -> its environment's database settings


def match_seed(base_url: str, match_id: int) -> int | None:
    """The seed the server at `base_url` dealt a match with (`Match.seed`: its deal and its computer players'
    choices follow from it), read from that server's database: printed when a test that played it fails."""
    env = DATABASES[base_url.rstrip("/")]
    query = "SELECT seed FROM games_match WHERE id = %s"
    if env.get("DATABASE_URL"):
        import psycopg

        with psycopg.connect(env["DATABASE_URL"]) as connection:
            row = connection.execute(query, [match_id]).fetchone()
    else:
        with contextlib.closing(sqlite3.connect(env["SQLITE_PATH"])) as connection:
            row = connection.execute(query.replace("%s", "?"), [match_id]).fetchone()
    return row[0] if row else None


def emailed_link(base_url: str, to: str, kind: str, timeout: float = 20) -> tuple[str, str]:
    """The uid and token of the newest /<kind>/<uid>/<token> link emailed to `to` by the server at
    `base_url` (waits for the email to be written)."""
    mail_dir = MAIL_DIRS[base_url.rstrip("/")]
    pattern = re.compile(rf"/{kind}/([\w-]+)/([\w-]+)")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        files = sorted(mail_dir.glob("*.log"), key=lambda f: f.stat().st_mtime) if mail_dir.exists() else []
        for message in reversed(files):
            text = message.read_text(errors="replace")
            found = pattern.search(text)
            if f"To: {to}" in text and found:
                return found.group(1), found.group(2)
        time.sleep(0.1)
    raise AssertionError(f"no {kind} link was emailed to {to} within {timeout} s")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def free_ports(count: int) -> int:
    """The first of `count` consecutive ports free on 127.0.0.1 (`config.serve --processes` takes a row)."""
    for _ in range(100):
        base = free_port()
        if base + count <= 65536 and all(_bindable(base + offset) for offset in range(1, count)):
            return base
    raise RuntimeError(f"found no {count} free ports in a row")


def _bindable(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


@dataclass
class LiveServer:
    """Migrates a new database and serves the app; `stop()` ends it and drops the database."""

    env: dict = field(default_factory=dict)
    processes: list = field(default_factory=list)  # servers and workers, stopped together
    workers: list = field(default_factory=list)
    _drop: object = None

    @classmethod
    def start(cls, ports: int = 1, worker: bool = True, sqlite: bool = False,
              env: dict[str, str] | None = None) -> tuple[LiveServer, list[str]]:
        """`ports` server processes and, as `make run` has, a Celery worker (it makes the PDFs: login
        cards, grids, reports); on PostgreSQL when DATABASE_URL names it, unless `sqlite` asks for what
        `make run` uses (SQLite, the in-memory channel layer, the filesystem broker). `env` overrides
        settings for these processes (say, a real sign-in rate instead of the tests' generous one)."""
        server = cls()
        server.env = {**server._environment(sqlite=sqlite), **(env or {})}
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT,
                       env=server.env, check=True)
        urls = [server.serve(free_port()) for _ in range(ports)]
        if worker:
            server.start_worker()
        return server, urls

    def start_worker(self) -> None:
        """A Celery worker on the same database and broker (Redis, or the filesystem broker in VAR_DIR), at a
        lower CPU priority than the servers, as `make run` and docker-compose.yml start it."""
        log = open(Path(self.env["VAR_DIR"]) / "worker.log", "w")  # noqa: SIM115 - kept open for the child
        worker = subprocess.Popen(
            ["nice", "-n", "10", sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=threads",
             "--concurrency=2", "--loglevel=warning", "--without-heartbeat", "--without-gossip", "--without-mingle"],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self.processes.append(worker)
        self.workers.append(worker)

    def serve(self, port: int) -> str:
        log = open(Path(self.env["VAR_DIR"]) / f"uvicorn-{port}.log", "w")  # noqa: SIM115 - kept open for the child
        process = subprocess.Popen(
            [sys.executable, "-m", "config.serve", "--host", "127.0.0.1", "--port", str(port)],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self.processes.append(process)
        url = f"http://127.0.0.1:{port}"
        MAIL_DIRS[url] = Path(self.env["EMAIL_FILE_PATH"])
        DATABASES[url] = {key: self.env[key] for key in ("DATABASE_URL", "SQLITE_PATH") if key in self.env}
        self._wait_healthy(url, process, log)
        return url

    def serve_processes(self, count: int) -> int:
        """`config.serve --processes count`, as docker-compose.yml runs it, on free ports from the one
        returned; returns once every process answers /healthz."""
        port = free_ports(count)
        log = open(Path(self.env["VAR_DIR"]) / f"serve-{port}.log", "w")  # noqa: SIM115 - kept open for the child
        process = subprocess.Popen(
            [sys.executable, "-m", "config.serve", "--host", "127.0.0.1", "--port", str(port), "--processes",
             str(count)], cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self.processes.append(process)
        for index in range(count):
            self._wait_healthy(f"http://127.0.0.1:{port + index}", process, log)
        return port

    def _wait_healthy(self, url: str, process: subprocess.Popen, log) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited: {Path(log.name).read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"{url} did not answer /healthz within 30 s")

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        if callable(self._drop):
            self._drop()
        if os.environ.get("E2E_KEEP_LOGS") == "1":  # the servers' and workers' logs, for a failure's story
            print(f"\nlive server logs kept in {self.env['VAR_DIR']}")
        else:
            shutil.rmtree(self.env.get("VAR_DIR", ""), ignore_errors=True)

    def _environment(self, sqlite: bool = False) -> dict:
        env = dict(os.environ)
        if sqlite:
            env.pop("DATABASE_URL", None)
            env.pop("REDIS_URL", None)
        var_dir = tempfile.mkdtemp(prefix="mpg-e2e-")
        env.update({
            "VAR_DIR": var_dir,
            "DEBUG": "0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "TEACHER_LOGIN_RATE": "1000/min",
            "LOG_LEVEL": "WARNING",
            # Its own Celery queue: live servers of one test run share a Redis database, and a worker
            # must never take a job of another server's database.
            "CELERY_QUEUE": f"mpg-e2e-{uuid.uuid4().hex[:10]}",
            # Emails as files, where a test reads the links a teacher would get (emailed_link).
            "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
            "EMAIL_FILE_PATH": str(Path(var_dir) / "mail"),
        })
        database_url = os.environ.get("DATABASE_URL", "")
        if database_url.startswith("postgres"):
            env["DATABASE_URL"], self._drop = _fresh_postgres_database(database_url)
        else:
            env.pop("DATABASE_URL", None)
            env["SQLITE_PATH"] = str(Path(var_dir) / "e2e.sqlite3")
        return env


def _fresh_postgres_database(database_url: str):
    import psycopg

    parts = urlsplit(database_url)
    name = f"mpg_e2e_{uuid.uuid4().hex[:10]}"
    admin_url = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin_url, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        with psycopg.connect(admin_url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return urlunsplit(parts._replace(path=f"/{name}")), drop
