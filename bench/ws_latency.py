"""Move latency over real WebSockets: the ASGI server (uvicorn) on PostgreSQL + Redis, played by
scripted students.

    .venv/bin/python bench/ws_latency.py [--matches 50 200] [--seconds 20] [--workers 2]
                                         [--placement match|shared] [--think 1.0] [--no-saturation]
                                         [--repeat 3]

For each N in --matches: N Fultiples matches (10x10, no time limit, no stand-in bots), two
scripted players each, every player acting --think seconds after its turn begins (about N moves
a second in all). A move's round trip is the time from sending the action until the *opponent*
receives the state with the new version. A finished match is followed by a rematch, so the load
stays steady. After a warm-up (--warmup, not measured), a window of --seconds is measured; the
moves sent in it are then waited for (up to 30 s), so slow moves are counted, not cut off.

The floor, measured in the same run: a bare WebSocket echo on the same server (/ws/echo/,
mounted with BENCH_ECHO=1) and one PostgreSQL insert + commit, both idle (200 in a row) and
under load (10 a second during the window, from the clients' event loop, so they pay the same
client-side delays as the moves); also, idle, a new connection + insert + commit + close, which
is what the server pays per database call with CONN_MAX_AGE 0. Then a saturation run: the
largest N with no think time, reporting moves per second. CPU use during each window comes
from /proc: this machine, the clients, the uvicorn processes, postgres, redis, and the rest.

The server is started as `make run` and Docker start it (`python -m config.serve`). With
--placement match (the default, as Docker serves it) the --workers are `--processes`, one port
each, and the clients connect both sockets of match M to port base + M mod N, as deploy/nginx.conf
sends every socket of one match to one process; with --placement shared they are uvicorn's workers
on one port, and the kernel hands each new socket to either.

Investigating: --client-procs K splits the players over K child processes; --no-compression
stops the clients offering permessage-deflate; --workers 1 --profile-server FILE runs the server
under cProfile; --app module:attr serves another ASGI application; --server-log FILE keeps the
server's output.

Needs PostgreSQL at 127.0.0.1:5432 (user postgres, trust) and Redis at 127.0.0.1:6379. Creates its
own PostgreSQL database and drops it at the end (also on Ctrl-C); uses an empty Redis database
(--redis-db, or the first empty one from 15 down) and empties it at the end.
Exits 1 if any run counted an error of any kind (a socket closed by the server, a move refused
or lost, a rematch that failed): overload must slow play down, never turn a child away.

Targets on this 2-core machine (issue "A 4x faster move path"), on the medians of --repeat 3:
saturation >= 1,000 moves/s; p99 <= 50 ms at 500 matches with 1 s think time, and <= 3x the
WebSocket echo p99 under the same load; <= 1.5 ms of server CPU (uvicorn + PostgreSQL + Redis) a
move. The report ends with each figure beside its target.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.calibration import calibration_line  # noqa: E402 (after the path above)
from tests.e2e.server import free_ports  # noqa: E402

POSTGRES = "postgresql://postgres@127.0.0.1:5432/postgres"
REDIS = "redis://127.0.0.1:6379"
RECV_TIMEOUT_S = 15  # a player that hears nothing this long asks for a snapshot ("sync")
HANDSHAKES_AT_ONCE = 16
DRAIN_S = 30  # after the window, wait up to this long for the moves sent inside it (no censoring)
FLOOR_SAMPLES = 200
UNDER_LOAD_EVERY_S = 0.1


# --- small helpers ------------------------------------------------------------------------------
def percentiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"n": 0, "p50": None, "p95": None, "p99": None, "max": None}
    ordered = sorted(values)
    cuts = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 else ordered * 99
    return {"n": len(ordered), "p50": cuts[49], "p95": cuts[94], "p99": cuts[98], "max": ordered[-1]}


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def loopback_only(url: str) -> str:
    host = urlsplit(url).hostname
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"refusing a non-loopback address: {url}")
    return url


async def within(seconds: float, awaitable):
    """Await with a deadline (TimeoutError past it). Unlike asyncio.wait_for on Python 3.11, a
    cancellation that arrives as the awaited thing finishes is never swallowed."""
    async with asyncio.timeout(seconds):
        return await awaitable


class Watchdog:
    """The last resort against a hang: past its deadline, clean up (server, database) and exit."""

    def __init__(self, cleanup) -> None:
        self.cleanup = cleanup
        self.deadline: float | None = None
        threading.Thread(target=self._watch, daemon=True, name="watchdog").start()

    def arm(self, seconds: float) -> None:
        self.deadline = time.monotonic() + seconds

    def _watch(self) -> None:
        while True:
            time.sleep(1)
            if self.deadline is not None and time.monotonic() > self.deadline:
                print("a step went past its time budget: cleaning up and exiting", file=sys.stderr, flush=True)
                with contextlib.suppress(Exception):
                    self.cleanup()
                os._exit(4)


# --- CPU accounting from /proc --------------------------------------------------------------------
TICK = os.sysconf("SC_CLK_TCK")


def _proc_stat(pid: int) -> tuple[str, int, float] | None:
    """(command, parent pid, CPU seconds of the process and its reaped children)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    name = text[text.index("(") + 1:text.rindex(")")]
    fields = text[text.rindex(")") + 2:].split()
    utime, stime, cutime, cstime = (int(v) for v in fields[11:15])
    return name, int(fields[1]), (utime + stime + cutime + cstime) / TICK


def cpu_snapshot(server_pid: int | None, client_pids: list[int]) -> dict[str, float]:
    """CPU seconds so far: the whole machine (busy), this process, client children, the uvicorn
    tree, every postgres process (backends exit after each request: they count in the
    postmaster's reaped-children time) and redis."""
    line = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    jiffies = [int(v) for v in line]
    idle = jiffies[3] + jiffies[4]
    own = os.times()
    snap = {"machine": (sum(jiffies[:8]) - idle) / TICK, "client": own.user + own.system,
            "server": 0.0, "postgres": 0.0, "redis": 0.0}
    procs = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _proc_stat(int(entry))
            if stat is not None:
                procs[int(entry)] = stat
    for pid in client_pids:
        if pid in procs:
            snap["client"] += procs[pid][2]
    for pid, (name, ppid, seconds) in procs.items():
        if server_pid is not None and server_pid in (pid, ppid):
            snap["server"] += seconds
        elif name == "postgres":
            snap["postgres"] += seconds
        elif name == "redis-server":
            snap["redis"] += seconds
    return snap


def cpu_share(start: dict[str, float], end: dict[str, float], seconds: float) -> dict[str, float]:
    """Percent of one core during the window (this machine has os.cpu_count() cores)."""
    share = {key: 100 * (end[key] - start[key]) / seconds for key in start}
    share["other"] = share["machine"] - sum(share[k] for k in ("client", "server", "postgres", "redis"))
    return share


# --- the database, the server, the data --------------------------------------------------------------
@dataclass
class Environment:
    """A fresh database, migrated; a uvicorn server on it; all undone by `close()`."""

    postgres: str
    redis_db: int | None  # None: the first empty one from 15 down
    workers: int
    placement: str = "match"  # "match": a port per process, a match's sockets on one; "shared": one port
    app: str = "config.asgi:application"
    profile: str | None = None  # write a cProfile of the (single) server process here
    log_path: str | None = None  # where the server's output goes (default: the temporary directory)
    var_dir: str = field(default_factory=lambda: tempfile.mkdtemp(prefix="mpg-bench-"))
    database_url: str = ""
    url: str = ""
    server: subprocess.Popen | None = None
    _admin_url: str = ""
    _name: str = ""
    _redis_claimed: bool = False

    def create_database(self) -> None:
        import psycopg

        parts = urlsplit(self.postgres)
        name = f"mpg_bench_{uuid.uuid4().hex[:10]}"
        self._admin_url = urlunsplit(parts._replace(path="/postgres"))
        with psycopg.connect(self._admin_url, autocommit=True, connect_timeout=10) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        self._name = name  # from now on, close() drops it
        self.database_url = urlunsplit(parts._replace(path=f"/{name}"))
        env = self.django_env()
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env,
                       check=True, timeout=300)

    def django_env(self) -> dict[str, str]:
        """This process's Django: the bench database, an in-memory channel layer (its broadcasts,
        from rematches, reach nobody; the server's own sockets are what the players hear)."""
        env = dict(os.environ)
        env.pop("REDIS_URL", None)
        env.update({"DATABASE_URL": self.database_url, "DJANGO_SETTINGS_MODULE": "config.settings",
                    "VAR_DIR": self.var_dir, "DEBUG": "0", "LOG_LEVEL": "WARNING"})
        return env

    def claim_redis_db(self) -> None:
        """An empty Redis database for the channel layer: a fresh database restarts match ids at 1, so
        groups left in Redis by an earlier run ("match.1", ...) would receive this run's messages.
        `close()` empties it again."""
        import redis

        candidates = [self.redis_db] if self.redis_db is not None else list(range(15, 0, -1))
        for number in candidates:
            client = redis.Redis.from_url(f"{REDIS}/{number}", socket_timeout=5)
            if client.dbsize() == 0:
                self.redis_db = number
                self._redis_claimed = True
                return
        raise RuntimeError(f"no empty Redis database among {candidates}; choose one with --redis-db")

    def start_server(self) -> None:
        self.claim_redis_db()
        port = free_ports(self.match_ports)
        env = self.django_env()
        env.update({"REDIS_URL": f"{REDIS}/{self.redis_db}", "BENCH_ECHO": "1", "ALLOWED_HOSTS": "127.0.0.1"})
        self.log_path = self.log_path or str(Path(self.var_dir) / "uvicorn.log")
        log = open(self.log_path, "w")  # noqa: SIM115 - kept open for the child
        profiler = ["-m", "cProfile", "-o", self.profile] if self.profile else []
        self.server = subprocess.Popen(
            [sys.executable, *profiler, "-m", "config.serve", "--app", self.app, "--host", "127.0.0.1",
             "--port", str(port), "--processes" if self.placement == "match" else "--workers", str(self.workers)],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        self.url = f"http://127.0.0.1:{port}"
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.server.poll() is not None:
                raise RuntimeError(f"the server exited:\n{self.server_log()}")
            try:
                with opener.open(f"{self.url}/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"the server did not answer /healthz within 60 s:\n{self.server_log()}")

    @property
    def match_ports(self) -> int:
        """How many ports the match sockets are spread over, by match."""
        return self.workers if self.placement == "match" else 1

    def server_log(self) -> str:
        path = Path(self.log_path or "")
        return path.read_text()[-3000:] if path.is_file() else ""

    def close(self) -> None:
        if self.server is not None and self.server.poll() is None:
            self.server.send_signal(signal.SIGINT)
            try:
                self.server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait(timeout=5)
        if self._name:
            import psycopg

            with contextlib.suppress(Exception):
                from django.db import connections

                connections.close_all()
            with psycopg.connect(self._admin_url, autocommit=True, connect_timeout=10) as connection:
                connection.execute(f'DROP DATABASE IF EXISTS "{self._name}" WITH (FORCE)')
            self._name = ""
        shutil.rmtree(self.var_dir, ignore_errors=True)
        if self._redis_claimed:
            import redis

            redis.Redis.from_url(f"{REDIS}/{self.redis_db}", socket_timeout=5).flushdb()
            self._redis_claimed = False


def setup_django(env: dict[str, str]) -> None:
    for key in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "VAR_DIR", "DEBUG", "LOG_LEVEL"):
        os.environ[key] = env[key]
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()


def create_matches(count: int, label: str) -> list[dict]:
    """A teacher, a class of 2*count students, a Fultiples assignment and `count` quick matches;
    a signed-in session per student. Returns one entry per match: its id, users and sessions."""
    from django.contrib.sessions.backends.db import SessionStore

    from classroom.models import Student, User
    from classroom.services import classroom_create
    from games.models import Match
    from games.services.assignments import assignment_create
    from games.services.matches import match_quick

    teacher = User.objects.create(username=f"bench-teacher-{label}", role=User.Role.TEACHER, name="Bench Teacher",
                                  email=f"bench-{label}@example.test", password="!")
    classroom = classroom_create(teacher=teacher, name=f"Bench {label}")
    users = User.objects.bulk_create([
        User(username=f"bench-{label}-{i}", role=User.Role.STUDENT, name=f"Student {i}", password="!")
        for i in range(2 * count)])
    Student.objects.bulk_create([
        Student(user=user, classroom=classroom, first_name=f"Student{i}", display_name=f"Student{i}")
        for i, user in enumerate(users)])
    assignment = assignment_create(classroom=classroom, game="fultiples", options={"rows": 10, "cols": 10},
                                   idle_takeover_s=0, bots_allowed=False)

    def session_for(user: User) -> str:
        session = SessionStore()
        session["_auth_user_id"] = str(user.pk)
        session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
        session["_auth_user_hash"] = user.get_session_auth_hash()
        session.create()
        return session.session_key

    matches = []
    for first, second in zip(users[::2], users[1::2], strict=True):
        match_quick(user=first, assignment_id=assignment.pk)
        match = match_quick(user=second, assignment_id=assignment.pk)
        if match.status != Match.Status.ACTIVE:
            raise RuntimeError(f"match {match.pk} did not start: {match.status}")
        matches.append({"match_id": match.pk, "users": [first.pk, second.pk],
                        "sessions": [session_for(first), session_for(second)]})
    return matches


def rematch(user_id: int, match_id: int) -> int:
    from django.db import connections

    from classroom.models import User
    from games.services.matches import match_rematch

    try:
        return match_rematch(user=User.objects.get(pk=user_id), match_id=match_id).pk
    finally:
        connections.close_all()


# --- the players ---------------------------------------------------------------------------------
def choose_cell(view: dict, rng: random.Random) -> list[int]:
    """A legal cell: a factor or multiple of the last number (any free cell on a free start)."""
    board, marks, last = view["board"], view["marks"], view["last"]
    free = [[r, c] for r, row in enumerate(marks) for c, owner in enumerate(row) if owner is None]
    if not view["free_start"] and last is not None:
        previous = board[last[0]][last[1]]
        near = [[r, c] for r, c in free if previous % board[r][c] == 0 or board[r][c] % previous == 0]
        free = near or free
    return rng.choice(free)


class Clients:
    """Every pair of players of one client process, and what they measured."""

    def __init__(self, url: str, matches: list[dict], think: float, compression: bool = True,
                 match_ports: int = 1) -> None:
        self.http = url
        self.match_ports = match_ports
        self.matches = matches
        self.think = think
        self.compression = "deflate" if compression else None
        self.window = (float("inf"), float("inf"))  # monotonic start and end of the measurement
        self.pending: dict[tuple[int, int], tuple[int, float, float]] = {}  # (match, version) -> seat, sent
        self.round_trips: list[float] = []
        self.errors: Counter[str] = Counter()
        self.rematches = 0
        self.ready: set[int] = set()  # pairs that connected (or failed to) the first time
        self.sockets: set = set()  # open match sockets, aborted when the run stops
        self.stopping = False
        self.all_connected = asyncio.Event()
        self.handshakes = asyncio.Semaphore(HANDSHAKES_AT_ONCE)

    def in_window(self, at: float) -> bool:
        return self.window[0] <= at <= self.window[1]

    def unanswered(self, match_id: int | None = None) -> int:
        """Moves sent in the window whose state the opponent has not received yet."""
        return sum(1 for (match, _), (_, _, at) in self.pending.items()
                   if self.in_window(at) and match_id in (None, match))

    def forget(self, match_id: int) -> None:
        """A socket broke: the moves waiting on this match are lost (a reconnect's snapshot may skip them)."""
        if self.unanswered(match_id):
            self.errors["move lost with a broken socket"] += self.unanswered(match_id)
        for key in [key for key in self.pending if key[0] == match_id]:
            del self.pending[key]

    def mark_ready(self, pair: int) -> None:
        self.ready.add(pair)
        if len(self.ready) >= len(self.matches):
            self.all_connected.set()

    def server_for(self, match_id: int) -> str:
        """The server a match's sockets go to: as a proxy routing by match would send them."""
        if self.match_ports == 1:
            return self.http
        base, _, port = self.http.rpartition(":")
        return f"{base}:{int(port) + match_id % self.match_ports}"

    async def open(self, path: str, session: str | None = None, server: str | None = None):
        from websockets.asyncio.client import connect

        server = server or self.http
        headers = {"Origin": server}
        if session:
            headers["Cookie"] = f"sessionid={session}"
        async with self.handshakes:
            return await connect(server.replace("http", "ws", 1) + path, additional_headers=headers, proxy=None,
                                 open_timeout=20, close_timeout=2, ping_interval=None, compression=self.compression)

    async def play(self, ws, match_id: int, rng: random.Random) -> None:
        """Answer every turn of this socket's seat until the game is over."""
        acted = -1
        while not self.stopping:
            try:
                raw = await within(RECV_TIMEOUT_S, ws.recv())
            except TimeoutError:
                self.errors[f"no message for {RECV_TIMEOUT_S} s (asked for a sync)"] += 1
                await ws.send(json.dumps({"type": "sync"}))
                continue
            received = time.perf_counter()
            message = json.loads(raw)
            if message.get("type") == "error":
                self.errors[f"error {message.get('code')}"] += 1
                if message.get("code") == "game_over":
                    return
                acted = -1  # the action was refused: act again on the snapshot
                await ws.send(json.dumps({"type": "sync"}))
                continue
            if message.get("type") != "state" or message.get("view") is None:
                continue
            version, view = message["version"], message["view"]
            sent = self.pending.get((match_id, version))
            if sent is not None and sent[0] != view["seat"]:
                del self.pending[(match_id, version)]
                if self.in_window(sent[2]):
                    self.round_trips.append((received - sent[1]) * 1000)
            if view["result"] is not None:
                return
            if view["seat"] in view["to_move"] and version > acted:
                acted = version
                if self.think:
                    await asyncio.sleep(self.think)
                action = {"type": "action", "action": {"type": "mark", "cell": choose_cell(view, rng)},
                          "client_id": uuid.uuid4().hex}
                self.pending[(match_id, version + 1)] = (view["seat"], time.perf_counter(), time.monotonic())
                await ws.send(json.dumps(action))

    async def play_match(self, match: dict, match_id: int, rng: random.Random) -> None:
        """Both players connected before either acts, so the opponent hears every move."""
        sockets = []
        try:
            for session in match["sessions"]:
                sockets.append(await self.open(f"/ws/matches/{match_id}/", session, self.server_for(match_id)))
                self.sockets.add(sockets[-1])
            self.mark_ready(match["match_id"])
            async with asyncio.TaskGroup() as group:
                for sock in sockets:
                    group.create_task(self.play(sock, match_id, rng))
        finally:
            for sock in sockets:
                self.sockets.discard(sock)
                with contextlib.suppress(Exception):
                    await within(3, sock.close())

    async def run_pair(self, match: dict) -> None:
        """Play the match; when it ends, a rematch; on a broken socket, reconnect."""
        from asgiref.sync import sync_to_async

        match_id = match["match_id"]
        rng = random.Random(match_id)
        await asyncio.sleep(rng.uniform(0, self.think))  # the matches do not all start in step
        while not self.stopping:
            try:
                await self.play_match(match, match_id, rng)
            except asyncio.CancelledError:
                raise
            except Exception as problem:  # counted, then the pair carries on
                inner = problem.exceptions[0] if isinstance(problem, BaseExceptionGroup) else problem
                self.errors[f"socket {type(inner).__name__}: {inner}"[:90]] += 1
                self.forget(match_id)
                self.mark_ready(match["match_id"])
                await asyncio.sleep(1)
                continue
            try:
                match_id = await within(30, sync_to_async(rematch, thread_sensitive=False)(match["users"][0], match_id))
                self.rematches += 1
            except Exception as problem:
                self.errors[f"rematch {type(problem).__name__}: {problem}"[:80]] += 1
                await asyncio.sleep(1)

    async def stop(self, tasks: list[asyncio.Task]) -> None:
        """Cancel the pairs; sockets still open after 10 s are aborted."""
        self.stopping = True
        for task in tasks:
            task.cancel()
        _, pending = await asyncio.wait(tasks, timeout=10)
        if pending:
            for sock in list(self.sockets):
                sock.transport.abort()
            _, pending = await asyncio.wait(pending, timeout=10)
        if pending:
            self.errors["player tasks that would not stop"] += len(pending)

    async def run(self, get_window) -> dict:
        """Play until the window (from `get_window()`, once every pair is connected) has passed."""
        tasks = [asyncio.create_task(self.run_pair(match)) for match in self.matches]
        try:
            try:
                await within(30 + 0.2 * len(self.matches), self.all_connected.wait())
            except TimeoutError:
                self.errors["not all pairs connected in time"] += 1
            self.window = await get_window()
            await asyncio.sleep(max(0.0, self.window[1] - time.monotonic()))
            while self.unanswered() and time.monotonic() < self.window[1] + DRAIN_S:
                await asyncio.sleep(0.1)
        finally:
            await self.stop(tasks)
        if self.unanswered():
            self.errors[f"move not seen by the opponent {DRAIN_S} s after the window"] += self.unanswered()
        return {"round_trips": self.round_trips, "errors": dict(self.errors), "rematches": self.rematches}


# --- the floor ----------------------------------------------------------------------------------
ECHO_PAYLOAD = json.dumps({"type": "action", "action": {"type": "mark", "cell": [3, 4]}, "client_id": "x" * 32})


async def echo_times(clients: Clients, count: int | None = None, until: float | None = None) -> list[float]:
    """Echo round trips on one socket: `count` in a row, or one every 0.1 s until `until`."""
    ws = await clients.open("/ws/echo/")
    times = []
    try:
        while (count is not None and len(times) < count) or (until is not None and time.monotonic() < until):
            started = time.perf_counter()
            await ws.send(ECHO_PAYLOAD)
            await within(30, ws.recv())
            times.append((time.perf_counter() - started) * 1000)
            if until is not None:
                await asyncio.sleep(UNDER_LOAD_EVERY_S)
    finally:
        await within(3, ws.close())
    return times


async def insert_commit_times(database_url: str, count: int | None = None, until: float | None = None) -> list[float]:
    """One-row INSERT + COMMIT on one connection: `count` in a row, or one every 0.1 s until `until`.
    The table is an ordinary one in the throwaway database, not a TEMP table: a transaction that
    wrote only temp tables commits without flushing the WAL, which a move never does."""
    import psycopg

    connection = await within(10, psycopg.AsyncConnection.connect(database_url))
    times = []
    try:
        await within(10, connection.execute("CREATE TABLE IF NOT EXISTS bench_floor (id serial PRIMARY KEY, "
                                            "note text)"))
        await within(10, connection.commit())
        while (count is not None and len(times) < count) or (until is not None and time.monotonic() < until):
            started = time.perf_counter()
            await within(10, connection.execute("INSERT INTO bench_floor (note) VALUES (%s)", ("x" * 32,)))
            await within(10, connection.commit())
            times.append((time.perf_counter() - started) * 1000)
            if until is not None:
                await asyncio.sleep(UNDER_LOAD_EVERY_S)
    finally:
        await connection.close()
    return times


async def connect_insert_times(database_url: str, count: int) -> list[float]:
    """Connect, INSERT + COMMIT, close: what the server pays per database call with CONN_MAX_AGE 0."""
    import psycopg

    async def once() -> None:
        connection = await psycopg.AsyncConnection.connect(database_url)
        try:
            await connection.execute("INSERT INTO bench_floor (note) VALUES (%s)", ("x" * 32,))
            await connection.commit()
        finally:
            await connection.close()

    times = []
    for _ in range(count):
        started = time.perf_counter()
        await within(10, once())
        times.append((time.perf_counter() - started) * 1000)
    return times


# --- one run ------------------------------------------------------------------------------------
@dataclass
class RunResult:
    label: str
    matches: int
    think: float
    seconds: float
    round_trips: list[float]
    errors: dict[str, int]
    rematches: int
    echo_idle: list[float]
    pg_idle: list[float]
    pg_connect_idle: list[float]
    echo_load: list[float]
    pg_load: list[float]
    cpu: dict[str, float]
    load_before: float  # the 1-minute load average as the run began: others' work on this machine


async def shard_process(job: dict):
    """A client child process: this script with --shard, its matches as JSON on stdin."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(Path(__file__).resolve()), "--shard", stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, cwd=ROOT, limit=64 * 1024 * 1024)
    process.stdin.write((json.dumps(job) + "\n").encode())
    await process.stdin.drain()
    return process


async def measure(env: Environment, label: str, matches: list[dict], think: float,
                  args: argparse.Namespace) -> RunResult:
    """One run: the idle floor, then the players (here or in child processes) with the floor under load."""
    warmup, seconds, client_procs = args.warmup, args.seconds, args.client_procs
    load_before = os.getloadavg()[0]
    compression = not args.no_compression
    clients = Clients(env.url, [] if client_procs else matches, think, compression, env.match_ports)
    echo_idle = await echo_times(clients, count=FLOOR_SAMPLES)
    pg_idle = await insert_commit_times(env.database_url, count=FLOOR_SAMPLES)
    pg_connect_idle = await connect_insert_times(env.database_url, count=FLOOR_SAMPLES // 4)
    window_set: asyncio.Future = asyncio.get_running_loop().create_future()

    async def get_window() -> tuple[float, float]:
        """Called once every pair is connected: warm-up from now, then the measured window."""
        start = time.monotonic() + warmup
        window_set.set_result((start, start + seconds))
        return start, start + seconds

    async def at_window_start() -> tuple[float, float]:
        window = await within(120 + 0.5 * len(matches), asyncio.shield(window_set))
        await asyncio.sleep(max(0.0, window[0] - time.monotonic()))
        return window

    shards = []
    for part in range(client_procs):
        shards.append(await shard_process({"url": env.url, "think": think, "compression": compression,
                                           "match_ports": env.match_ports,
                                           "matches": matches[part::client_procs]}))

    async def sample_cpu() -> dict[str, float]:
        pids = [shard.pid for shard in shards]
        window = await at_window_start()
        before = cpu_snapshot(env.server.pid, pids)
        await asyncio.sleep(max(0.0, window[1] - time.monotonic()))
        return cpu_share(before, cpu_snapshot(env.server.pid, pids), seconds)

    async def echo_under_load() -> list[float]:
        return await echo_times(clients, until=(await at_window_start())[1])

    async def pg_under_load() -> list[float]:
        return await insert_commit_times(env.database_url, until=(await at_window_start())[1])

    samplers = [asyncio.create_task(coroutine()) for coroutine in (sample_cpu, echo_under_load, pg_under_load)]
    try:
        if client_procs:
            result = await run_shards(shards, get_window, len(matches))
        else:
            result = await clients.run(get_window)
        cpu, echo_load, pg_load = await within(60, asyncio.gather(*samplers))
    finally:
        for task in samplers:
            task.cancel()
        for shard in shards:
            if shard.returncode is None:
                shard.kill()
                await shard.wait()
    return RunResult(label=label, matches=len(matches), think=think, seconds=seconds,
                     round_trips=result["round_trips"], errors=dict(result["errors"]), rematches=result["rematches"],
                     echo_idle=echo_idle, pg_idle=pg_idle, pg_connect_idle=pg_connect_idle, echo_load=echo_load,
                     pg_load=pg_load, cpu=cpu, load_before=load_before)


async def run_shards(shards: list, get_window, match_count: int) -> dict:
    """Wait for every client process to connect its pairs, give them the window, gather results."""
    for shard in shards:
        line = await within(60 + 0.5 * match_count, shard.stdout.readline())
        if line.strip() != b"ready":
            raise RuntimeError(f"a client process failed: {line[:500]!r}")
    start, end = await get_window()
    for shard in shards:
        shard.stdin.write(f"{start} {end}\n".encode())
        await shard.stdin.drain()
    outputs = []
    for shard in shards:
        line = await within(end - time.monotonic() + DRAIN_S + 60, shard.stdout.readline())
        await within(30, shard.wait())
        outputs.append(json.loads(line))
    return {"round_trips": [t for out in outputs for t in out["round_trips"]],
            "errors": sum((Counter(out["errors"]) for out in outputs), Counter()),
            "rematches": sum(out["rematches"] for out in outputs)}


def shard_main() -> None:
    """--shard: play the matches given on stdin; print "ready", read the window, print the results."""
    job = json.loads(sys.stdin.readline())
    import django

    django.setup()  # the parent's environment: DATABASE_URL etc. (for rematches)

    async def main() -> dict:
        clients = Clients(job["url"], job["matches"], job["think"], job["compression"], job["match_ports"])

        async def get_window():
            print("ready", flush=True)
            line = await within(300, asyncio.to_thread(sys.stdin.readline))
            start, end = (float(v) for v in line.split())
            return start, end

        return await clients.run(get_window)

    print(json.dumps(asyncio.run(main())), flush=True)


# --- the report ---------------------------------------------------------------------------------
def report(results: list[RunResult], workers: int, placement: str, client_procs: int) -> str:
    spread = "a port each, a match's sockets on one" if placement == "match" else "on one port"
    lines = [
        f"Server: uvicorn (config.serve), {workers} process(es), {spread}; PostgreSQL + Redis; "
        f"{os.cpu_count()} CPU cores. "
        f"Clients: {'this process' if not client_procs else f'{client_procs} child process(es)'}.",
        "",
        "Move round trip (action sent -> opponent receives the new state), measured window only:",
        "",
        "| run | matches | think s | moves | moves/s | p50 ms | p95 ms | p99 ms | max ms | errors | rematches |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        p = percentiles(r.round_trips)
        lines.append(f"| {r.label} | {r.matches} | {r.think:g} | {p['n']} | {p['n'] / r.seconds:.1f} | {ms(p['p50'])} "
                     f"| {ms(p['p95'])} | {ms(p['p99'])} | {ms(p['max'])} | {sum(r.errors.values())} "
                     f"| {r.rematches} |")
    sampler = "the clients' event loop" if not client_procs else "this process (the clients run in others)"
    lines += ["", "Floor, same server and database (idle: 200 in a row before the run; under load: 10/s during "
                  f"the window, from {sampler}):", "",
              "| run | floor | n | p50 ms | p95 ms | p99 ms | max ms |", "|---|---|---:|---:|---:|---:|---:|"]
    for r in results:
        for name, values in (("WebSocket echo, idle", r.echo_idle), ("WebSocket echo, under load", r.echo_load),
                             ("PG insert+commit, idle", r.pg_idle), ("PG insert+commit, under load", r.pg_load),
                             ("PG connect+insert+commit+close, idle", r.pg_connect_idle)):
            p = percentiles(values)
            lines.append(f"| {r.label} | {name} | {p['n']} | {ms(p['p50'])} | {ms(p['p95'])} | {ms(p['p99'])} "
                         f"| {ms(p['max'])} |")
    lines += ["", f"CPU during the window, % of one core (the machine has {os.cpu_count() * 100}%):", "",
              "| run | machine busy | clients | server (uvicorn) | postgres | redis | other | load avg before |",
              "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        c = r.cpu
        lines.append(f"| {r.label} | {c['machine']:.0f} | {c['client']:.0f} | {c['server']:.0f} | {c['postgres']:.0f} "
                     f"| {c['redis']:.0f} | {c['other']:.0f} | {r.load_before:.1f} |")
    lines.append("(postgres: every postgres process, also other databases'; other: the rest of the machine.)")
    lines += ["", "Per move, the median of the runs of each kind (server CPU: uvicorn + postgres + redis):", "",
              "| kind | runs | moves/s | p50 ms | p99 ms | echo p99 ms | p99 / echo p99 | server CPU ms/move "
              "| errors |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for kind, runs in summary(results).items():
        lines.append(f"| {kind} | {runs['runs']} | {runs['moves_s']:.0f} | {ms(runs['p50'])} | {ms(runs['p99'])} "
                     f"| {ms(runs['echo_p99'])} | {runs['ratio']:.1f} | {runs['cpu_ms']:.2f} | {runs['errors']} |")
    errors = [(r.label, kind, count) for r in results for kind, count in sorted(r.errors.items())]
    if errors:
        lines += ["", "Errors:"] + [f"- {label}: {kind} x{count}" for label, kind, count in errors]
    lines += ["", "Targets (issue \"A 4x faster move path\"), on the medians:"]
    lines += [f"- {line}" for line in targets(results)]
    return "\n".join(lines)


def kind_of(result: RunResult) -> str:
    return result.label.split(" #")[0]


def server_cpu_ms_per_move(result: RunResult) -> float:
    moves = len(result.round_trips)
    busy = sum(result.cpu[key] for key in ("server", "postgres", "redis")) / 100 * result.seconds
    return 1000 * busy / moves if moves else float("inf")


def summary(results: list[RunResult]) -> dict[str, dict]:
    """Each kind of run (N=..., saturation): the median of its repeats, figure by figure."""
    kinds: dict[str, list[RunResult]] = {}
    for result in results:
        kinds.setdefault(kind_of(result), []).append(result)
    table = {}
    for kind, runs in kinds.items():
        p = [percentiles(r.round_trips) for r in runs]
        echo = [percentiles(r.echo_load)["p99"] or 0.0 for r in runs]
        p99 = [x["p99"] or float("inf") for x in p]
        table[kind] = {"runs": len(runs), "matches": runs[0].matches, "think": runs[0].think,
                       "moves_s": statistics.median(x["n"] / r.seconds for x, r in zip(p, runs, strict=True)),
                       "p50": statistics.median(x["p50"] or float("inf") for x in p), "p99": statistics.median(p99),
                       "echo_p99": statistics.median(echo),
                       "ratio": statistics.median(a / b if b else float("inf") for a, b in zip(p99, echo, strict=True)),
                       "cpu_ms": statistics.median(server_cpu_ms_per_move(r) for r in runs),
                       "errors": sum(sum(r.errors.values()) for r in runs)}
    return table


def targets(results: list[RunResult]) -> list[str]:
    table = summary(results)
    lines = []
    saturation = table.get("saturation")
    if saturation:
        lines.append(f"saturation >= 1,000 moves/s: {saturation['moves_s']:.0f} moves/s")
    for kind in table.values():
        if kind["think"] > 0:
            lines.append(f"{kind['matches']} matches, think {kind['think']:g} s: p99 {ms(kind['p99'])} ms "
                         f"(target <= 50 ms at 500), {kind['ratio']:.1f}x the echo p99 (target <= 3x), "
                         f"{kind['cpu_ms']:.2f} ms server CPU a move (target <= 1.5 ms)")
    lines.append(f"errors of any kind: {sum(kind['errors'] for kind in table.values())} (target 0)")
    return lines


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--warmup", type=float, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--placement", choices=("match", "shared"), default="match",
                        help="match: a port per server process, a match's sockets on one (default, as deployed); "
                             "shared: uvicorn's workers on one port")
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--no-saturation", action="store_true")
    parser.add_argument("--repeat", type=int, default=1,
                        help="run each kind this many times; the summary gives medians")
    parser.add_argument("--client-procs", type=int, default=0,
                        help="0: clients in this process; K: split the matches over K child processes")
    parser.add_argument("--postgres", default=POSTGRES, help="an admin URL of the PostgreSQL server")
    parser.add_argument("--redis-db", type=int, help="an empty Redis database (default: the first empty of 15..1)")
    parser.add_argument("--no-compression", action="store_true",
                        help="clients do not offer permessage-deflate (browsers do; default: offer it)")
    parser.add_argument("--app", default="config.asgi:application",
                        help="the ASGI application uvicorn serves (to compare a variant of the server)")
    parser.add_argument("--server-log", metavar="FILE", help="keep the server's output in FILE")
    parser.add_argument("--profile-server", metavar="FILE", help="run the server under cProfile (with --workers 1)")
    parser.add_argument("--shard", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args()


def main() -> int:
    args = parse_args()
    if args.shard:
        shard_main()
        return 0
    loopback_only(args.postgres)
    print(calibration_line(), flush=True)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    began = time.monotonic()
    if args.profile_server and args.workers != 1:
        raise SystemExit("--profile-server needs --workers 1")
    env = Environment(postgres=args.postgres, redis_db=args.redis_db, workers=args.workers,
                      placement=args.placement, app=args.app,
                      profile=args.profile_server, log_path=args.server_log)
    results: list[RunResult] = []
    status = 0
    watchdog = Watchdog(env.close)
    try:
        try:
            watchdog.arm(600)
            print("creating the database and migrating ...", flush=True)
            env.create_database()
            setup_django(env.django_env())
            print("starting uvicorn ...", flush=True)
            env.start_server()
        except Exception as problem:
            print(f"setup failed: {problem}", file=sys.stderr)
            return 2
        kinds = [(f"N={n}", n, args.think) for n in args.matches]
        if not args.no_saturation:
            kinds.append(("saturation", max(args.matches), 0.0))
        runs = [(f"{label} #{repeat + 1}" if args.repeat > 1 else label, count, think)
                for repeat in range(args.repeat) for label, count, think in kinds]
        for index, (label, count, think) in enumerate(runs):
            print(f"{label}: creating {count} matches ...", flush=True)
            watchdog.arm(300)
            try:
                matches = create_matches(count, f"r{index}")
            except Exception as problem:
                print(f"setup failed: {problem}", file=sys.stderr)
                return 2
            print(f"{label}: playing ({args.warmup:g} s warm-up + {args.seconds:g} s measured) ...", flush=True)
            watchdog.arm(args.warmup + args.seconds + DRAIN_S + 180 + count)
            try:
                result = asyncio.run(measure(env, label, matches, think, args))
            except Exception as problem:
                print(f"{label} failed: {type(problem).__name__}: {problem}", file=sys.stderr)
                status = 1
                break
            p = percentiles(result.round_trips)
            print(f"{label}: {p['n']} moves, p50 {ms(p['p50'])} ms, p99 {ms(p['p99'])} ms, "
                  f"errors {sum(result.errors.values())}", flush=True)
            results.append(result)
            if env.server.poll() is not None:
                print(f"the server exited:\n{env.server_log()}", file=sys.stderr)
                status = 3
                break
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    finally:
        watchdog.arm(120)
        server_log = env.server_log()
        env.close()
        watchdog.deadline = None
    print()
    print(report(results, args.workers, args.placement, args.client_procs))
    if server_log.strip():
        print("\nServer log (its end):\n" + "\n".join(server_log.strip().splitlines()[-30:]))
    print(f"\nTotal run time: {time.monotonic() - began:.0f} s")
    errors = sum(sum(r.errors.values()) for r in results)
    if errors and not status:
        print(f"FAILED: {errors} error(s) (listed above): a socket closed, a move refused or lost, a "
              f"rematch that failed. Overload must slow play down, never turn a child away.", file=sys.stderr)
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
