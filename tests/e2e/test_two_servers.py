"""Two ASGI server processes on two ports sharing PostgreSQL and Redis: a student on each plays a
whole Fultiples match to the end over WebSockets, and a turn deadline fires with nobody acting."""

import json
import threading

import pytest

from tests.e2e.http_client import classroom_with_students, quick_match, sign_in_student
from tests.e2e.server import LiveServer

pytestmark = pytest.mark.services


def choose_cell(view: dict) -> list[int]:
    """A legal cell: a factor or multiple of the last number (any free cell on a free start)."""
    board, marks, last = view["board"], view["marks"], view["last"]
    free = [[r, c] for r, row in enumerate(board) for c, _ in enumerate(row) if marks[r][c] is None]
    if view["free_start"] or last is None:
        return free[0]
    previous = board[last[0]][last[1]]
    for r, c in free:
        value = board[r][c]
        if previous % value == 0 or value % previous == 0:
            return [r, c]
    return free[0]


def play(socket, log: list, *, idle_after: int | None = None) -> None:
    """Answer every turn of this seat until the game is over, starting with any message already in
    `log`. With `idle_after`, sit out this seat's turns until a deadline passes one at a later version."""
    while True:
        if not log or log[-1].get("handled"):
            log.append(json.loads(socket.recv(timeout=30)))
        message = log[-1]
        message["handled"] = True
        if message["type"] != "state":
            continue
        view = message["view"]
        if view["result"] is not None:
            return
        if idle_after is not None and any(e["type"] == "timeout" for e in message["events"]) \
                and message["version"] > idle_after:
            idle_after = None
        if view["seat"] in view["to_move"] and idle_after is None:
            socket.send(json.dumps({"type": "action", "action": {"type": "mark", "cell": choose_cell(view)},
                                    "client_id": f"{view['seat']}-{message['version']}"}))


def test_two_processes_play_a_whole_match_and_a_deadline_fires():
    server, (first_url, second_url) = LiveServer.start(ports=2)
    try:
        teacher, klass, secrets = classroom_with_students(first_url, ["Ana Lopez", "Ben Okafor"])
        teacher.request("POST", f"/api/classes/{klass['id']}/assignments/", {
            "game": "fultiples", "options": {"rows": 6, "cols": 6, "level": "beginner", "time_limit_s": 2}})
        ana = sign_in_student(first_url, klass, "Ana L.", secrets["Ana L."])
        ben = sign_in_student(second_url, klass, "Ben O.", secrets["Ben O."])
        (assignment,) = ana.request("GET", "/api/my/assignments/")
        match = quick_match(ana, ben, assignment)
        logs: dict[str, list] = {"ana": [], "ben": []}
        with ana.websocket(match["id"]) as ana_socket, ben.websocket(match["id"]) as ben_socket:
            # The first deadline may pass before Ben's socket is there (a slow machine takes seconds to
            # connect), so Ana sits out her turns until one passes after Ben's first snapshot.
            logs["ben"].append(json.loads(ben_socket.recv(timeout=30)))
            ben_from = logs["ben"][0]["version"]
            threads = [
                threading.Thread(target=play, args=(ana_socket, logs["ana"]), kwargs={"idle_after": ben_from}),
                threading.Thread(target=play, args=(ben_socket, logs["ben"])),
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=120)
            assert not any(thread.is_alive() for thread in threads)
        final = [m for m in logs["ana"] if m["type"] == "state"][-1]
        assert final["view"]["result"] is not None
        assert final["match"]["status"] == "finished"
        timeouts = [e for m in logs["ben"] if m["type"] == "state" for e in m["events"] if e["type"] == "timeout"]
        assert timeouts, "the deadline did not fire"
        versions = sorted({m["version"] for m in logs["ben"] if m["type"] == "state"})
        assert versions[-1] == final["version"]
        history = ana.request("GET", "/api/my/matches/")
        assert history[0]["id"] == match["id"]
    finally:
        server.stop()
