"""A Celery worker killed while it makes a teacher's PDF (`kill -9`: out of memory, a redeploy): once a worker
is back, the login cards and the report PDF are made and downloadable within 60 s, on the same export the
page is watching; nothing stays "running" for good (games.services.exports.exports_recover)."""

from __future__ import annotations

import os
import signal
import time

import psycopg
import pytest

from tests.e2e.http_client import ApiClient, classroom_with_students
from tests.e2e.server import LiveServer

pytestmark = pytest.mark.services

BACK_WITHIN_S = 60
CLASS_SIZE = 150  # cards enough that their job runs for a while (several milliseconds a card)


def export_status(database_url: str, export_id: int) -> str:
    with psycopg.connect(database_url) as connection:
        return connection.execute("SELECT status FROM games_export WHERE id = %s", [export_id]).fetchone()[0]


def killed_mid_job(server: LiveServer, export_id: int) -> bool:
    """Kill the worker while it makes this export. False if it was made before the worker could be
    stopped (the caller asks for another)."""
    worker = server.workers[-1]
    deadline = time.monotonic() + 60
    while export_status(server.env["DATABASE_URL"], export_id) == "pending":
        assert time.monotonic() < deadline, "the worker never started the job"
    os.kill(worker.pid, signal.SIGSTOP)  # frozen where it is: then look, then kill
    if export_status(server.env["DATABASE_URL"], export_id) != "running":
        os.kill(worker.pid, signal.SIGCONT)
        return False
    worker.kill()
    worker.wait(10)
    return True


def made_within(client: ApiClient, export_id: int, limit: float) -> bytes:
    """Watch the export as its page does (GET every half second) until it is made; its PDF."""
    deadline = time.monotonic() + limit
    while (export := client.request("GET", f"/api/exports/{export_id}/"))["status"] != "done":
        assert export["status"] != "failed", export
        assert time.monotonic() < deadline, f"not made within {limit} s of a worker being back: {export}"
        time.sleep(0.5)
    return client.request("GET", export["file_url"], raw=True)


def test_pdfs_whose_worker_was_killed_are_made_when_a_worker_is_back():
    server, (url,) = LiveServer.start()
    try:
        names = [f"{first} {last}" for first in ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo",
                                                 "Jade", "Kai", "Lena", "Mo", "Nia", "Omar")
                 for last in ("Lopez", "Okafor", "Smith", "Brown", "Young", "Zhou", "Diaz", "Kim", "Roy", "Vega")]
        assert len(names) == CLASS_SIZE
        teacher, klass, _ = classroom_with_students(url, names)
        roster = teacher.request("GET", f"/api/classes/{klass['id']}/students/")
        every_student = [student["id"] for student in roster.get("results", roster)] if isinstance(roster, dict) \
            else [student["id"] for student in roster]
        killed = {}
        for kind, path in (("cards", f"/api/classes/{klass['id']}/cards/"),
                           ("report", f"/api/classes/{klass['id']}/report/pdf")):
            games = ["", *(game["slug"] for game in teacher.request("GET", "/api/games/"))]
            filters = [{"period": period, "game": game} for game in games for period in ("30d", "7d", "all", "live")]
            for report_filter in filters:  # a report PDF made too fast to catch: another one
                export = teacher.request("POST", path, {"students": every_student} if kind == "cards"
                                         else report_filter)
                if killed_mid_job(server, export["id"]):
                    killed[kind] = export["id"]
                    break
            assert kind in killed, f"the {kind} job was never caught running"
            server.start_worker()  # a new worker, at once (the second one is killed in turn)
        started = time.monotonic()
        for kind, export_id in killed.items():
            pdf = made_within(teacher, export_id, BACK_WITHIN_S - (time.monotonic() - started))
            print(f"{kind}: made within {time.monotonic() - started:.1f} s of a new worker starting")
            assert pdf.startswith(b"%PDF")
    finally:
        server.stop()
