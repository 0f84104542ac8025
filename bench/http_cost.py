"""Server CPU per request for the HTTP endpoints a lesson uses, through the real server and in-process.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/mpg_bench REDIS_URL=redis://127.0.0.1:6379/5 \\
        .venv/bin/python bench/http_cost.py [--requests 60] [--endpoints NAME ...]

Setup, through HTTP, against one uvicorn process on a fresh PostgreSQL database (tests/e2e/server.py,
`LiveServer.start(ports=1)`, with the Celery worker that prints the login cards): a teacher with a class of
30, Four-in-a-Row assigned, two children signed in who tap Quick match, so a match is live.

Then, for each GET a lesson's pages make (teacher, child, or nobody signed in), after 5 warm-ups:
- through the server: --requests sequential requests on one keep-alive connection with that user's cookies,
  timed as the uvicorn process's CPU (utime + stime from /proc/<pid>/stat, 10 ms ticks) across the batch;
- in-process: the same requests in this process through django.test.Client (same database, Redis and
  session cookie), timed with time.process_time().
The ratio is what uvicorn, ASGI and the sockets add to Django's own work. PostgreSQL's and Redis's CPU is
in neither; the server's idle CPU (its match scheduler) is printed, not subtracted. Exits 1 if any answer is
not 200 (204 for /api/auth/csrf/, which only sets the cookie).
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.calibration import calibration_line  # noqa: E402 (after the path above)
from tests.e2e.http_client import (  # noqa: E402
    ApiClient,
    classroom_with_students,
    create_assignment,
    sign_in_student,
)
from tests.e2e.server import LiveServer  # noqa: E402

WARMUP = 5
IDLE_S = 3
GAME = "four_in_a_row"
NAMES = ["Ana Lopez", "Ben Okafor", "Cara Smith", "Dan Nguyen", "Eva Khan", "Finn Muller", "Gina Rossi",
         "Hugo Silva", "Ida Kowalski", "Jon Tanaka", "Kai Lopez", "Lena Okafor", "Mia Smith", "Nico Nguyen",
         "Omar Khan", "Pia Muller", "Quinn Rossi", "Rosa Silva", "Sam Kowalski", "Tara Tanaka", "Uma Lopez",
         "Vic Okafor", "Wen Smith", "Xena Nguyen", "Yuri Khan", "Zoe Muller", "Alma Rossi", "Bruno Silva",
         "Cleo Kowalski", "Dario Tanaka"]


@dataclass
class Endpoint:
    name: str
    who: str  # "teacher", "child" or "anonymous": whose cookies it is sent with
    method: str
    path: str
    expected: int = 200  # /api/auth/csrf/ answers 204 by design: it only sets the cookie
    server_ms: float | None = None
    local_ms: float | None = None
    errors: dict[str, int] = field(default_factory=dict)  # "server 404" -> count

    def error(self, where: str, status: int) -> None:
        key = f"{where} {status}"
        self.errors[key] = self.errors.get(key, 0) + 1


@dataclass
class Lesson:
    """What the setup made: the users' clients and the ids the endpoints' paths need."""

    clients: dict[str, ApiClient]
    class_id: int
    join_code: str
    match_id: int
    student_id: int


def set_up(url: str) -> Lesson:
    """A class of 30, Four-in-a-Row assigned, two children in a quick match (the second tap starts it)."""
    teacher, klass, secrets = classroom_with_students(url, NAMES)
    if len(secrets) != len(NAMES):
        raise RuntimeError(f"{len(secrets)} picture passwords read from the login cards, not {len(NAMES)}")
    assignment = create_assignment(teacher, klass, GAME, players_per_match=2)
    children = [sign_in_student(url, klass, name, secrets[name]) for name in sorted(secrets)[:2]]
    answers = [child.request("POST", f"/api/assignments/{assignment['id']}/quick-match/") for child in children]
    match = answers[-1]["match"]
    if match["status"] != "active" or answers[0]["match"]["id"] != match["id"]:
        raise RuntimeError(f"the two quick-match taps did not start one match: {[a['match'] for a in answers]}")
    students = teacher.request("GET", f"/api/classes/{klass['id']}/students/")
    rows = students["results"] if isinstance(students, dict) else students
    return Lesson(clients={"teacher": teacher, "child": children[0], "anonymous": ApiClient(url)},
                  class_id=klass["id"], join_code=klass["join_code"], match_id=match["id"],
                  student_id=rows[0]["id"])


def lesson_endpoints(lesson: Lesson) -> list[Endpoint]:
    """The GETs the teacher's and the children's pages make during a lesson (repeating them changes nothing)."""
    c, m = lesson.class_id, lesson.match_id
    return [
        Endpoint("healthz", "anonymous", "GET", "/healthz"),
        Endpoint("csrf", "anonymous", "GET", "/api/auth/csrf/", expected=204),
        Endpoint("class-names", "anonymous", "GET", f"/api/student-login/{lesson.join_code}/"),
        Endpoint("me-child", "child", "GET", "/api/auth/me/"),
        Endpoint("my-assignments", "child", "GET", "/api/my/assignments/"),
        Endpoint("my-current-match", "child", "GET", "/api/my/current-match/"),
        Endpoint("my-challenges", "child", "GET", "/api/my/challenges/"),
        Endpoint("my-matches", "child", "GET", "/api/my/matches/"),
        Endpoint("my-progress", "child", "GET", "/api/my/progress/"),
        Endpoint("match", "child", "GET", f"/api/matches/{m}/"),
        Endpoint("games", "child", "GET", "/api/games/"),
        Endpoint("me-teacher", "teacher", "GET", "/api/auth/me/"),
        Endpoint("checklist", "teacher", "GET", "/api/me/checklist/"),
        Endpoint("classes", "teacher", "GET", "/api/classes/"),
        Endpoint("class-students", "teacher", "GET", f"/api/classes/{c}/students/"),
        Endpoint("class-assignments", "teacher", "GET", f"/api/classes/{c}/assignments/"),
        Endpoint("class-live", "teacher", "GET", f"/api/classes/{c}/live/"),
        Endpoint("class-report-live", "teacher", "GET", f"/api/classes/{c}/report/?period=live"),
        Endpoint("class-report-30d", "teacher", "GET", f"/api/classes/{c}/report/?period=30d"),
        Endpoint("student-report-30d", "teacher", "GET", f"/api/students/{lesson.student_id}/report/?period=30d"),
        Endpoint("all-classes-report", "teacher", "GET", "/api/reports/all-classes/?period=30d"),
    ]


def exists(endpoint: Endpoint) -> bool:
    """Whether the path names a view of its own (not the frontend's catch-all, not nothing)."""
    from django.urls import Resolver404, resolve

    try:
        return resolve(urlsplit(endpoint.path).path).url_name != "spa"
    except Resolver404:
        return False


def cookie_header(client: ApiClient) -> str:
    return "; ".join(f"{cookie.name}={cookie.value}" for cookie in client.jar)


def process_cpu_s(pid: int) -> float:
    """utime + stime of a process, all its threads, in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    # Counted from the state field (the 3rd of stat(5)): utime and stime are the 14th and 15th.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def through_server(endpoint: Endpoint, url: str, client: ApiClient, pid: int, requests: int) -> None:
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=20)
    headers = {"Cookie": cookie_header(client), "Accept": "application/json"}

    def send() -> None:
        connection.request(endpoint.method, endpoint.path, headers=headers)
        response = connection.getresponse()
        response.read()
        if response.status != endpoint.expected:
            endpoint.error("server", response.status)

    try:
        for _ in range(WARMUP):
            send()
        before = process_cpu_s(pid)
        for _ in range(requests):
            send()
        endpoint.server_ms = (process_cpu_s(pid) - before) * 1000 / requests
    finally:
        connection.close()


def in_process(endpoint: Endpoint, client: ApiClient, requests: int) -> None:
    from django.test import Client

    local = Client(enforce_csrf_checks=False, HTTP_HOST="127.0.0.1")
    for cookie in client.jar:  # the session cookie (and csrftoken), as the server path sends them
        local.cookies[cookie.name] = cookie.value

    def send() -> None:
        response = local.generic(endpoint.method, endpoint.path, HTTP_ACCEPT="application/json")
        if response.status_code != endpoint.expected:
            endpoint.error("in-process", response.status_code)

    for _ in range(WARMUP):
        send()
    before = time.process_time()
    for _ in range(requests):
        send()
    endpoint.local_ms = (time.process_time() - before) * 1000 / requests


def server_pid(server: LiveServer) -> int:
    """The uvicorn process: `config.serve` with one process runs uvicorn in itself (config/serve.py)."""
    (process,) = [p for p in server.processes if p not in server.workers]
    return process.pid


def figure(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def ratio(endpoint: Endpoint) -> float | None:
    if endpoint.server_ms is None or not endpoint.local_ms:
        return None
    return endpoint.server_ms / endpoint.local_ms


def print_table(endpoints: list[Endpoint], requests: int) -> None:
    print(f"\nCPU per request, {requests} sequential requests after {WARMUP} warm-ups "
          f"(server: uvicorn process, 1/{os.sysconf('SC_CLK_TCK')} s ticks; in-process: django.test.Client)\n")
    print("| endpoint | who | through server ms CPU/request | in-process ms CPU/request | ratio | status |")
    print("|---|---|---:|---:|---:|---|")
    for e in endpoints:
        status = ", ".join(f"{count}x {key}" for key, count in e.errors.items()) or str(e.expected)
        print(f"| {e.name} `{e.path}` | {e.who} | {figure(e.server_ms)} | {figure(e.local_ms)} | "
              f"{figure(ratio(e), 1)} | {status} |")

    def median(values: list[float | None]) -> float | None:
        present = [v for v in values if v is not None]
        return statistics.median(present) if present else None

    print(f"| **median over {len(endpoints)} endpoints** | | {figure(median([e.server_ms for e in endpoints]))} | "
          f"{figure(median([e.local_ms for e in endpoints]))} | {figure(median([ratio(e) for e in endpoints]), 1)} | |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=60, help="measured requests per endpoint and path")
    parser.add_argument("--endpoints", nargs="+", metavar="NAME", help="only these (names as in the table)")
    args = parser.parse_args()
    print(calibration_line())
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or not os.environ.get("REDIS_URL"):
        raise SystemExit("needs DATABASE_URL (postgres://...) and REDIS_URL: see the usage in the docstring")
    started = time.perf_counter()
    errors = 0
    server, (url,) = LiveServer.start(ports=1)
    try:
        lesson = set_up(url)
        print(f"setup: a class of {len(NAMES)}, {GAME} assigned, match {lesson.match_id} live "
              f"({time.perf_counter() - started:.1f} s)")
        # Django here must read the live server's settings: its fresh database, Redis, ALLOWED_HOSTS.
        os.environ.update(server.env)
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        endpoints = []
        for endpoint in lesson_endpoints(lesson):
            if args.endpoints and endpoint.name not in args.endpoints:
                continue
            if not exists(endpoint):
                print(f"skipped {endpoint.name}: no view at {endpoint.path}")
                continue
            endpoints.append(endpoint)
        unknown = set(args.endpoints or []) - {e.name for e in lesson_endpoints(lesson)}
        if unknown:
            print(f"skipped, no endpoint of that name: {', '.join(sorted(unknown))}")
        pid = server_pid(server)
        before = process_cpu_s(pid)
        time.sleep(IDLE_S)
        print(f"server idle: {(process_cpu_s(pid) - before) * 1000 / IDLE_S:.1f} ms CPU a second (over {IDLE_S} s)")
        for endpoint in endpoints:
            client = lesson.clients[endpoint.who]
            through_server(endpoint, url, client, pid, args.requests)
            in_process(endpoint, client, args.requests)
        print_table(endpoints, args.requests)
        errors = sum(sum(e.errors.values()) for e in endpoints)
        print(f"\nanswers not of the expected status: {errors}")
    finally:
        try:
            if "django.db" in sys.modules:  # this process's pooled connections, before the database is dropped
                from django.db import connections

                connections.close_all()
        finally:
            server.stop()
    print(f"total run time: {time.perf_counter() - started:.1f} s")
    if errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
