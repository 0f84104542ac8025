"""Redis away in the middle of a lesson (a restart, a failover, a network blink), two server processes on
PostgreSQL and a Redis of the test's own: pages, sign-in and new sockets still answer (sessions come from the
database), nothing is logged as a traceback, and once Redis is back a move on one process reaches the partner
on the other within seconds."""

import json
import time
from pathlib import Path

import pytest

from tests.e2e.http_client import classroom_with_students, create_assignment, quick_match, sign_in_student
from tests.e2e.server import LiveServer
from tests.e2e.test_two_servers import choose_cell
from tests.own_redis import OwnRedis

pytestmark = pytest.mark.services

RESUMED_WITHIN_S = 2 + 1  # the target, and the listener's reconnect interval (RECONNECT_S)
DURING_WITHIN_S = 5


def play_a_move(sockets: dict, seen: dict) -> float:
    """The seat to move plays; seconds until its partner's socket shows the new state. `seen` is updated."""
    mover = next(name for name, state in seen.items() if state["view"]["seat"] in state["view"]["to_move"])
    partner = next(name for name in sockets if name != mover)
    sockets[mover].send(json.dumps({"type": "action", "client_id": f"{mover}-{seen[mover]['version']}",
                                    "action": {"type": "mark", "cell": choose_cell(seen[mover]["view"])}}))
    sent = time.monotonic()
    seen[mover] = next_state(sockets[mover], 20)
    while (state := next_state(sockets[partner], 30))["version"] < seen[mover]["version"]:
        pass
    seen[partner] = state
    return time.monotonic() - sent


def next_state(socket, limit: float) -> dict:
    deadline = time.monotonic() + limit
    while True:
        message = json.loads(socket.recv(timeout=max(0.01, deadline - time.monotonic())))
        if message["type"] == "state":
            return message


def test_pages_sign_in_and_sockets_answer_while_redis_is_away_and_partners_hear_each_other_after(tmp_path):
    redis = OwnRedis(tmp_path)
    server, (first, second) = LiveServer.start(ports=2, env={"REDIS_URL": redis.url})
    try:
        teacher, klass, secrets = classroom_with_students(first, ["Ana Lopez", "Ben Okafor"])
        assignment = create_assignment(teacher, klass, "fultiples", {"level": "beginner"})
        ana = sign_in_student(first, klass, "Ana L.", secrets["Ana L."])
        ben = sign_in_student(second, klass, "Ben O.", secrets["Ben O."])
        match = quick_match(ana, ben, assignment)

        redis.stop()
        assert ana.request("GET", "/api/auth/me/")["role"] == "student"  # any answer but 2xx fails the test
        assert teacher.request("GET", f"/api/classes/{klass['id']}/live/") is not None
        ben = sign_in_student(second, klass, "Ben O.", secrets["Ben O."])  # a child signing in again
        with ana.websocket(match["id"]) as ana_socket, ben.websocket(match["id"]) as ben_socket:
            sockets = {"ana": ana_socket, "ben": ben_socket}
            seen = {name: next_state(socket, 20) for name, socket in sockets.items()}  # accepted
            # During the outage, a move on one process reaches the partner on the other from the database.
            heard_after = play_a_move(sockets, seen)
            print(f"during the outage: heard on the other process after {heard_after:.1f} s")
            assert heard_after <= DURING_WITHIN_S

            redis.start()
            back = time.monotonic()
            heard_after = play_a_move(sockets, seen)
            print(f"after it: heard on the other process {time.monotonic() - back:.1f} s after Redis was back")
            assert time.monotonic() - back <= RESUMED_WITHIN_S
    finally:
        server.stop()
        redis.stop()
    logs = "".join(path.read_text() for path in Path(server.env["VAR_DIR"]).glob("uvicorn-*.log")) \
        if Path(server.env["VAR_DIR"]).exists() else ""
    assert "Traceback" not in logs
