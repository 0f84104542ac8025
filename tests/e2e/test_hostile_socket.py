"""A hostile client against the real server (uvicorn, `config.serve`): bad frames are answered and the socket
stays open; a frame too large to read is closed by the server (1009) without reaching the app; a client that
keeps sending garbage is closed with 1008; and the next connection plays on."""

import json

import pytest
from websockets.exceptions import ConnectionClosed

from config.serve import WS_MAX_FRAME_BYTES
from games.realtime.consumers import CLOSE_GARBAGE, GARBAGE_LIMIT
from tests.e2e.http_client import classroom_with_students, create_assignment, sign_in_student


@pytest.fixture
def playing(live_server):
    """Ana against the computer in Fultiples: her client and the match."""
    teacher, klass, secrets = classroom_with_students(live_server, ["Ana Lopez"])
    assignment = create_assignment(teacher, klass, "fultiples", bot_levels=["easy"])
    ana = sign_in_student(live_server, klass, "Ana L.", secrets["Ana L."])
    match = ana.request("POST", f"/api/assignments/{assignment['id']}/computer-match/", {"bot_level": "easy"})
    return ana, match["match"]["id"]


def answer(socket) -> dict:
    while True:
        message = json.loads(socket.recv(timeout=20))
        if message["type"] == "error":
            return message


def closed_with(socket) -> int:
    """The close code the server sent, once the socket has been read to its end."""
    try:
        while True:
            socket.recv(timeout=20)
    except ConnectionClosed as closed:
        return closed.rcvd.code


def test_bad_frames_are_answered_and_a_frame_too_large_to_read_is_closed_by_the_server(playing):
    ana, match_id = playing
    with ana.websocket(match_id) as socket:
        assert json.loads(socket.recv(timeout=20))["type"] == "state"
        for frame in ('{"type": "action", "action": {"type": "mark", "cell": [NaN, 0]}}',
                      '{"type": "action", "action": ' + "[" * 4000 + "]" * 4000 + "}",
                      '{"type": "action", "action": {"type": "mark\\u0000", "cell": [0, 0]}}'):
            socket.send(frame)
            assert answer(socket)["code"] == "bad_frame"
        socket.send("x" * (WS_MAX_FRAME_BYTES // 2))
        assert answer(socket)["code"] == "too_large"
        socket.send(json.dumps({"type": "sync"}))
        assert json.loads(socket.recv(timeout=20))["type"] == "state"  # still open
        socket.send("x" * (WS_MAX_FRAME_BYTES + 1))
        assert closed_with(socket) == 1009
    with ana.websocket(match_id) as again:
        assert json.loads(again.recv(timeout=20))["type"] == "state"


def test_a_client_that_keeps_sending_garbage_is_closed_with_policy_violation(playing):
    ana, match_id = playing
    with ana.websocket(match_id) as socket:
        assert json.loads(socket.recv(timeout=20))["type"] == "state"
        for _ in range(GARBAGE_LIMIT):
            socket.send(b"\x00\x01")
            assert answer(socket)["code"] == "bad_frame"
        assert closed_with(socket) == CLOSE_GARBAGE
