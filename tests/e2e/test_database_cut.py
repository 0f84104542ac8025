"""PostgreSQL ends every connection of the app (a restart, a failover, an operator's
pg_terminate_backend): the next requests and sockets must not be handed a dead pooled connection.
Before the pool checked its connections, the first requests after the cut answered 500."""

import json
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from tests.e2e.http_client import classroom_with_students, create_assignment, sign_in_student
from tests.e2e.server import LiveServer

pytestmark = pytest.mark.services


def terminate_backends(database_url: str) -> int:
    """End every connection to this database but this one; how many there were."""
    name = urlsplit(database_url).path.lstrip("/")
    admin = urlunsplit(urlsplit(database_url)._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        rows = connection.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [name]).fetchall()
    return len(rows)


def test_requests_and_a_socket_after_the_database_ended_every_connection():
    server, (url,) = LiveServer.start()
    try:
        teacher, klass, secrets = classroom_with_students(url, ["Ana Lopez"])
        assignment = create_assignment(teacher, klass, "fultiples", bot_levels=["easy"])
        ana = sign_in_student(url, klass, "Ana L.", secrets["Ana L."])
        match = ana.request("POST", f"/api/assignments/{assignment['id']}/computer-match/",
                            {"bot_level": "easy"})["match"]
        for _ in range(5):  # fill the pool with connections that will be dead
            teacher.request("GET", "/api/classes/")
        assert terminate_backends(server.env["DATABASE_URL"]) >= 2, "the server held no connection to cut"

        # ApiClient.request fails the test on any answer that is not 2xx.
        for number in range(20):
            client = teacher if number % 2 else ana
            client.request("GET", "/api/classes/" if client is teacher else "/api/my/assignments/")
        with ana.websocket(match["id"]) as socket:
            first = json.loads(socket.recv(timeout=20))
        assert first["type"] == "state", first
    finally:
        server.stop()
