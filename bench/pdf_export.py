"""A cheap endpoint's latency before and while a 5,000-grid PDF is made.

    .venv/bin/python bench/pdf_export.py [--grids 5000] [--before 10] [--sqlite]

Starts the app as the browser tests do (tests/e2e/server.py: one uvicorn process and a Celery worker,
on a fresh database: PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set, else what
`make run` uses: SQLite and the filesystem broker; --sqlite forces that); the worker runs at nice 10,
as `make run` and docker-compose.yml start it. A teacher makes a batch of
--grids grids (a job, not measured), then:

1. before: for --before seconds, GET /healthz (a database round trip) and GET /api/auth/me/ (the
   session and the user) one after the other on one kept-alive connection each, timed;
2. during: the teacher asks for the batch's PDF (POST /api/batches/<id>/pdf/ answers 202 at once) and,
   until the export is "done", the same two requests go on being timed, with the export's status
   read every half second as the page does;
3. after: --before seconds more, as in 1, to tell the job's effect from a change of the machine's
   load (this machine is shared: compare during with both).

Prints p50, p95 and max of each endpoint before and during, how long the PDF took, the progress
seen, and the PDF's size and pages. Before the exports, the web process rendered this PDF itself
(GET /api/batches/<id>/pdf/, 11.6 s), and GET /healthz meanwhile went from p50 2.3 / p95 3.6 /
max 73 ms to p50 15.7 / p95 155 / max 217 ms on SQLite (a quiet machine; under a load average of 8,
from 2.1 / 8.9 / 172 to 11.7 / 81.5 / 352 ms); now a worker renders it and the web process only
answers the status. Everything it sends goes to
127.0.0.1; every loop is bounded (--timeout).
"""

from __future__ import annotations

import argparse
import http.client
import io
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.http_client import signed_up_teacher  # noqa: E402
from tests.e2e.server import LiveServer  # noqa: E402


class Timer:
    """GETs on one kept-alive connection; the latency of each, in ms."""

    def __init__(self, url: str, path: str, cookies: str = "") -> None:
        host, port = url.removeprefix("http://").split(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=30)
        self.path, self.headers = path, {"Cookie": cookies} if cookies else {}
        self.samples: list[float] = []
        self.errors = 0

    def once(self) -> None:
        started = time.perf_counter()
        try:
            self.connection.request("GET", self.path, headers=self.headers)
            response = self.connection.getresponse()
            response.read()
            ok = response.status == 200
        except (OSError, http.client.HTTPException):
            self.connection.close()
            ok = False
        if ok:
            self.samples.append((time.perf_counter() - started) * 1000)
        else:
            self.errors += 1

    def take(self) -> tuple[list[float], int]:
        samples, errors = self.samples, self.errors
        self.samples, self.errors = [], 0
        return samples, errors


def figures(samples: list[float]) -> str:
    if not samples:
        return "no answer"
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{len(ordered):6d} {statistics.median(ordered):8.1f} {p95:8.1f} {ordered[-1]:8.1f}"


def wait_for(read, done, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if done(value):
            return value
        if time.monotonic() > deadline:
            raise SystemExit(f"{what} took longer than {timeout:g} s: {value}")
        time.sleep(0.5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grids", type=int, default=5000)
    parser.add_argument("--before", type=float, default=10, help="seconds of timing before the export")
    parser.add_argument("--sqlite", action="store_true", help="SQLite and the filesystem broker, as make run")
    parser.add_argument("--timeout", type=float, default=300, help="the most any wait may take, in seconds")
    args = parser.parse_args()

    server, (url,) = LiveServer.start(sqlite=args.sqlite or not os.environ.get("DATABASE_URL"))
    try:
        teacher = signed_up_teacher(url, name="Ms Bench", email="bench@x.test")
        batch = teacher.request("POST", "/api/batches/", {"count": args.grids, "level": "advanced"})
        wait_for(lambda: teacher.request("GET", f"/api/batches/{batch['id']}/"),
                 lambda b: b["status"] in ("done", "failed"), args.timeout, "making the grids")
        cookies = f"sessionid={teacher.cookie('sessionid')}"
        timers = {"GET /healthz": Timer(url, "/healthz"), "GET /api/auth/me/": Timer(url, "/api/auth/me/", cookies)}

        def sample() -> None:
            for timer in timers.values():
                timer.once()

        started = time.monotonic()
        while time.monotonic() - started < args.before:
            sample()
        before = {name: timer.take() for name, timer in timers.items()}

        asked = time.monotonic()
        export = teacher.request("POST", f"/api/batches/{batch['id']}/pdf/")
        answered_ms = (time.monotonic() - asked) * 1000
        progress = [export["done"]]
        next_status = time.monotonic() + 0.5
        while export["status"] not in ("done", "failed"):
            if time.monotonic() - asked > args.timeout:
                raise SystemExit(f"the PDF was not made within {args.timeout:g} s: {export}")
            sample()
            if time.monotonic() >= next_status:
                export = teacher.request("GET", f"/api/exports/{export['id']}/")
                progress.append(export["done"])
                next_status = time.monotonic() + 0.5
        made_s = time.monotonic() - asked
        during = {name: timer.take() for name, timer in timers.items()}
        if export["status"] != "done":
            raise SystemExit(f"the PDF failed: {export['error']}")
        pdf = teacher.request("GET", export["file_url"], raw=True)
        started = time.monotonic()
        while time.monotonic() - started < args.before:
            sample()
        after = {name: timer.take() for name, timer in timers.items()}
    finally:
        server.stop()

    from pypdf import PdfReader

    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    database = "SQLite, filesystem broker" if args.sqlite or not os.environ.get("DATABASE_URL") else \
        "PostgreSQL, Redis broker"
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"\n{args.grids:,} grids, one web process and one Celery worker ({database}), on {os.cpu_count()} cores "
          f"(load average {load}: other work on the machine moves the figures)")
    print(f"POST /api/batches/<id>/pdf/ answered 202 in {answered_ms:.1f} ms; the worker made the PDF in "
          f"{made_s:.1f} s ({pages:,} pages, {len(pdf) / 1e6:.1f} MB)")
    print(f"progress seen by the page (every 0.5 s): {json.dumps(sorted(set(progress)))}")
    print(f"\n{'latency, ms':24} {'':6} {'n':>6} {'p50':>8} {'p95':>8} {'max':>8}")
    for name in timers:
        for label, figures_of in (("before", before), ("during", during), ("after", after)):
            samples, errors = figures_of[name]
            line = f"{name:24} {label:6} {figures(samples)}"
            print(line + (f"   {errors} failed" if errors else ""))
    failed = sum(errors for _, errors in [*before.values(), *during.values(), *after.values()])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
