"""A child's tablet that floods its socket (a stuck key, a double-tapping hand, a page gone wrong): every
frame that is a message gets its answer, and the socket stays open. Only frames that are not messages
count toward the garbage limit (games.realtime.consumers.GARBAGE_LIMIT)."""

import json

import pytest

from tests.e2e.http_client import classroom_with_students, create_assignment, quick_match, sign_in_student

FLOOD = 200


@pytest.fixture
def two_seats(live_server):
    """Ana and Ben in one Fultiples match: (the client of the seat to move, the other's, the match id)."""
    teacher, klass, secrets = classroom_with_students(live_server, ["Ana Lopez", "Ben Okafor"])
    assignment = create_assignment(teacher, klass, "fultiples", {"level": "beginner"})
    ana = sign_in_student(live_server, klass, "Ana L.", secrets["Ana L."])
    ben = sign_in_student(live_server, klass, "Ben O.", secrets["Ben O."])
    match = quick_match(ana, ben, assignment)
    state = ana.request("GET", f"/api/matches/{match['id']}/")
    to_move = state["view"]["to_move"]
    return (ana, ben) if state["view"]["seat"] in to_move else (ben, ana), match["id"]


def answers_to(socket, client_ids: set[str]) -> dict[str, dict]:
    """Read until every one of `client_ids` is answered (a state or an error carrying it)."""
    answered: dict[str, dict] = {}
    others: list[dict] = []
    while set(answered) != client_ids:
        try:
            message = json.loads(socket.recv(timeout=30))
        except TimeoutError:
            missing = sorted(client_ids - set(answered))
            seen = [(m["type"], m.get("version"), m.get("code")) for m in others]
            raise AssertionError(f"{len(missing)} unanswered ({missing[:5]}); answered {len(answered)}; "
                                 f"other messages: {seen}") from None
        if message.get("client_id") not in client_ids:
            others.append(message)
        if message.get("client_id") in client_ids:
            assert message["client_id"] not in answered, f"{message['client_id']} answered twice"
            answered[message["client_id"]] = message
    return answered


def flood(socket, prefix: str, action: dict) -> set[str]:
    ids = {f"{prefix}-{number}" for number in range(FLOOD)}
    for client_id in sorted(ids):
        socket.send(json.dumps({"type": "action", "action": action, "client_id": client_id}))
    return ids


def test_every_one_of_a_burst_of_actions_is_answered_and_the_socket_stays_open(two_seats):
    (mover, waiter), match_id = two_seats
    with mover.websocket(match_id) as moving, waiter.websocket(match_id) as waiting:
        view = json.loads(moving.recv(timeout=20))["view"]
        json.loads(waiting.recv(timeout=20))
        free = next([r, c] for r, row in enumerate(view["marks"]) for c, mark in enumerate(row) if mark is None)

        # The seat not to move: every action is refused by the rules, each answered, none closes the socket.
        refused = answers_to(waiting, flood(waiting, "wait", {"type": "mark", "cell": free}))
        assert {message["type"] for message in refused.values()} == {"error"}

        # The seat to move: the first is played, the other 199 are refused (no longer its turn).
        played = answers_to(moving, flood(moving, "move", {"type": "mark", "cell": free}))
        kinds = [message["type"] for message in played.values()]
        assert kinds.count("state") == 1, kinds
        assert kinds.count("error") == FLOOD - 1

        for socket in (moving, waiting):  # both still open
            socket.send(json.dumps({"type": "sync"}))
            while json.loads(socket.recv(timeout=20))["type"] != "state":
                pass
