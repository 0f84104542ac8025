"""The match socket with WebsocketCommunicator: seats, spectators, versions, bad frames, resync."""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.db import connection

from games.engines import get_engine
from games.realtime.consumers import CLOSE_GARBAGE, GARBAGE_LIMIT
from games.realtime.routing import websocket_urlpatterns
from games.services.assignments import assignment_create
from games.services.matches import match_quick
from tests.bad_messages import BAD_MESSAGES
from tests.factories import ClassroomFactory, StudentFactory

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

APP = URLRouter(websocket_urlpatterns)
WAIT = 10  # seconds; Channels' default of 1 s is too short for a database round trip on a loaded CI machine


class Communicator(WebsocketCommunicator):
    """A WebsocketCommunicator whose waits for an answer have a generous limit."""

    async def connect(self, timeout=WAIT):
        return await super().connect(timeout)

    async def receive_from(self, timeout=WAIT):
        return await super().receive_from(timeout)

    async def receive_json_from(self, timeout=WAIT):
        return await super().receive_json_from(timeout)

    async def receive_output(self, timeout=WAIT):
        return await super().receive_output(timeout)

    async def disconnect(self, code=1000, timeout=WAIT):
        return await super().disconnect(code, timeout)


@sync_to_async
def four_in_a_row_match():
    classroom = ClassroomFactory()
    ana, ben = (StudentFactory(classroom=classroom) for _ in range(2))
    stranger = StudentFactory()
    assignment = assignment_create(classroom=classroom, game="four_in_a_row")
    match_quick(user=ana.user, assignment_id=assignment.pk)
    match = match_quick(user=ben.user, assignment_id=assignment.pk)
    return match, [ana.user, ben.user], classroom.teacher, stranger.user, ClassroomFactory().teacher


async def connect(match, user):
    communicator = Communicator(APP, f"/ws/matches/{match.pk}/")
    communicator.scope["user"] = user
    connected, code = await communicator.connect()
    return communicator, connected, code


def mover_of(match):
    return get_engine(match.game).view(match.state, None)["to_move"][0]


async def test_each_seat_gets_its_own_hand_and_the_spectator_none():
    match, users, teacher, *_ = await four_in_a_row_match()
    sockets = []
    try:
        for user in [*users, teacher]:
            communicator, connected, _ = await connect(match, user)
            assert connected
            sockets.append(communicator)
        snapshots = [await c.receive_json_from() for c in sockets]
        assert [s["type"] for s in snapshots] == ["state"] * 3
        assert snapshots[0]["view"]["hand"] == match.state["hands"][0]
        assert snapshots[1]["view"]["hand"] == match.state["hands"][1]
        assert snapshots[2]["view"]["hand"] is None
        assert snapshots[2]["view"]["seat"] is None
        mover = mover_of(match)
        await sockets[mover].send_json_to({"type": "action", "action": {"type": "discard", "cards": [0, 1]},
                                           "client_id": "abc"})
        updates = [await c.receive_json_from() for c in sockets]
        assert {u["version"] for u in updates} == {match.version + 1}
        assert updates[0]["view"]["hand"] != updates[1]["view"]["hand"]
        assert updates[2]["view"]["hand"] is None
        assert "hands" not in json.dumps(updates[2])
    finally:
        for communicator in sockets:
            await communicator.disconnect()


async def test_strangers_and_other_teachers_cannot_connect():
    match, _, _, stranger, other_teacher = await four_in_a_row_match()
    for user in (stranger, other_teacher):
        communicator, connected, code = await connect(match, user)
        assert not connected
        assert code == 4403
        await communicator.disconnect()


async def test_wrong_seat_gets_an_error_only_to_the_sender_and_changes_nothing():
    match, users, *_ = await four_in_a_row_match()
    waiting = 1 - mover_of(match)
    waiter, _, _ = await connect(match, users[waiting])
    mover, _, _ = await connect(match, users[1 - waiting])
    try:
        await waiter.receive_json_from()
        await mover.receive_json_from()
        await waiter.send_json_to({"type": "action", "action": {"type": "discard", "cards": [0, 1]},
                                   "client_id": "x1"})
        error = await waiter.receive_json_from()
        assert error == {"type": "error", "code": "not_your_turn", "message": error["message"], "client_id": "x1"}
        assert await mover.receive_nothing(timeout=0.3)
        await waiter.send_json_to({"type": "sync", "since": match.version})
        assert (await waiter.receive_json_from())["version"] == match.version
    finally:
        await waiter.disconnect()
        await mover.disconnect()


async def test_a_spectator_cannot_act():
    match, _, teacher, *_ = await four_in_a_row_match()
    communicator, _, _ = await connect(match, teacher)
    try:
        await communicator.receive_json_from()
        await communicator.send_json_to({"type": "action", "action": {"type": "discard", "cards": [0, 1]}})
        assert (await communicator.receive_json_from())["code"] == "spectator"
    finally:
        await communicator.disconnect()


async def answer_then_still_playing(communicator, match, send) -> dict:
    """Send a bad frame (with `send`), return the answer, and check the socket still plays."""
    await send()
    reply = await communicator.receive_json_from()
    await communicator.send_json_to({"type": "action", "action": {"type": "discard", "cards": [0, 1]}})
    assert (await communicator.receive_json_from())["version"] == match.version + 1
    return reply


@pytest.mark.parametrize("bad", BAD_MESSAGES, ids=lambda bad: bad.name)
async def test_each_malformed_action_message_gets_its_error_and_the_socket_stays_usable(bad):
    match, users, *_ = await four_in_a_row_match()
    communicator, _, _ = await connect(match, users[mover_of(match)])
    try:
        await communicator.receive_json_from()
        reply = await answer_then_still_playing(communicator, match,
                                                lambda: communicator.send_to(text_data=bad.socket_frame()))
        assert (reply["type"], reply["code"]) == ("error", bad.code)
        assert reply["message"].startswith(bad.message), reply["message"]
    finally:
        await communicator.disconnect()


MALFORMED_FRAMES = {
    "binary": (b'{"type": "sync"}', "bad_frame"),
    "an unknown type": ('{"type": "dance"}', "unknown_type"),
    "a type that is not a string": ('{"type": 5}', "unknown_type"),
    "no type": ('{"action": {"type": "discard", "cards": [0, 1]}}', "unknown_type"),
    "a sync with a field it does not take": ('{"type": "sync", "since": 0, "action": {}}', "bad_frame"),
    "a sync from a version that is not a number": ('{"type": "sync", "since": "3"}', "bad_frame"),
    "a sync from a negative version": ('{"type": "sync", "since": -1}', "bad_frame"),
    "a huge frame": ("x" * 100_000, "too_large"),
}


@pytest.mark.parametrize(("frame", "code"), MALFORMED_FRAMES.values(), ids=MALFORMED_FRAMES.keys())
async def test_malformed_frames_get_an_error_and_the_socket_stays_usable(frame, code):
    match, users, *_ = await four_in_a_row_match()
    communicator, _, _ = await connect(match, users[mover_of(match)])
    try:
        await communicator.receive_json_from()
        key = "bytes_data" if isinstance(frame, bytes) else "text_data"
        reply = await answer_then_still_playing(communicator, match, lambda: communicator.send_to(**{key: frame}))
        assert (reply["type"], reply["code"]) == ("error", code)
        assert reply["message"]
    finally:
        await communicator.disconnect()


async def test_a_refused_frame_that_carries_a_client_id_answers_with_it():
    match, users, *_ = await four_in_a_row_match()
    communicator, _, _ = await connect(match, users[mover_of(match)])
    try:
        await communicator.receive_json_from()
        await communicator.send_json_to({"type": "action", "action": {"type": "discard", "cards": [0, 1]},
                                         "client_id": "c-7", "extra": True})
        reply = await communicator.receive_json_from()
        assert (reply["code"], reply["client_id"]) == ("bad_frame", "c-7")
    finally:
        await communicator.disconnect()


async def test_a_client_that_keeps_sending_garbage_is_closed_after_the_limit():
    match, users, *_ = await four_in_a_row_match()
    communicator, _, _ = await connect(match, users[mover_of(match)])
    try:
        await communicator.receive_json_from()
        for _ in range(GARBAGE_LIMIT - 1):
            await communicator.send_to(text_data="garbage")
            assert (await communicator.receive_json_from())["code"] == "bad_frame"
        # Refusals of the rules are not garbage: a real client gets them when it races the clock.
        await communicator.send_json_to({"type": "action", "action": {"type": "discard", "cards": [0, 9]}})
        assert (await communicator.receive_json_from())["code"] == "bad_card"
        await communicator.send_json_to({"type": "sync"})
        assert (await communicator.receive_json_from())["type"] == "state"
        await communicator.send_to(text_data="garbage")
        assert (await communicator.receive_json_from())["code"] == "bad_frame"  # the last one is still answered
        assert await communicator.receive_output() == {"type": "websocket.close", "code": CLOSE_GARBAGE}
    finally:
        await communicator.disconnect()


async def test_a_repeated_client_id_is_answered_and_not_applied_twice():
    match, users, *_ = await four_in_a_row_match()
    communicator, _, _ = await connect(match, users[mover_of(match)])
    try:
        await communicator.receive_json_from()
        frame = {"type": "action", "action": {"type": "discard", "cards": [0, 1]}, "client_id": "dup"}
        await communicator.send_json_to(frame)
        assert (await communicator.receive_json_from())["version"] == match.version + 1
        await communicator.send_json_to(frame)
        again = await communicator.receive_json_from()
        assert again["version"] == match.version + 1
        assert again["client_id"] == "dup"
        assert await communicator.receive_nothing(timeout=0.3)
    finally:
        await communicator.disconnect()


async def test_reconnecting_resumes_at_the_same_version():
    match, users, *_ = await four_in_a_row_match()
    mover = mover_of(match)
    first, _, _ = await connect(match, users[mover])
    await first.receive_json_from()
    await first.send_json_to({"type": "action", "action": {"type": "discard", "cards": [0, 1]}})
    assert (await first.receive_json_from())["version"] == match.version + 1
    await first.disconnect()
    again, _, _ = await connect(match, users[mover])
    try:
        snapshot = await again.receive_json_from()
        assert snapshot["version"] == match.version + 1
        assert snapshot["view"]["to_move"] == [1 - mover]
    finally:
        await again.disconnect()


async def test_the_session_cookie_authenticates_through_the_real_stack(settings):
    from django.test import Client

    from config.asgi import application

    match, users, *_ = await four_in_a_row_match()
    client = Client()
    await sync_to_async(client.force_login)(users[0])
    cookie = f"sessionid={client.cookies['sessionid'].value}"
    communicator = Communicator(application, f"/ws/matches/{match.pk}/",
                                         headers=[(b"cookie", cookie.encode()), (b"origin", b"http://127.0.0.1")])
    connected, _ = await communicator.connect()
    try:
        assert connected
        assert (await communicator.receive_json_from())["view"]["seat"] == 0
    finally:
        await communicator.disconnect()
    anonymous = Communicator(application, f"/ws/matches/{match.pk}/",
                                      headers=[(b"origin", b"http://127.0.0.1")])
    connected, _ = await anonymous.connect()
    assert not connected
    await anonymous.disconnect()


async def test_a_session_from_before_a_password_change_is_refused_through_the_real_stack_and_flushed():
    """The socket's sign-in (games.realtime.socket_auth) makes Django's check: a session made with the account's
    old password hash is signed out, and the session itself is deleted."""
    from django.contrib.sessions.models import Session
    from django.test import Client

    from config.asgi import application

    match, users, *_ = await four_in_a_row_match()
    client = Client()
    await sync_to_async(client.force_login)(users[0])
    key = client.cookies["sessionid"].value

    @sync_to_async
    def new_password() -> None:
        try:
            users[0].set_password("a-new-password-for-ana")
            users[0].save(update_fields=["password"])
        finally:
            connection.close()

    @sync_to_async
    def session_kept(session_key: str) -> bool:
        try:
            return Session.objects.filter(session_key=session_key).exists()
        finally:
            connection.close()

    await new_password()
    stale = Communicator(application, f"/ws/matches/{match.pk}/",
                         headers=[(b"cookie", f"sessionid={key}".encode()), (b"origin", b"http://127.0.0.1")])
    connected, code = await stale.connect()
    assert not connected
    assert code == 4403
    await stale.disconnect()
    assert not await session_kept(key)


async def test_a_mistakes_numbers_reach_only_the_player_who_made_it():
    match, users, teacher, *_ = await four_in_a_row_match()
    mover = mover_of(match)
    hand = match.state["hands"][mover]
    values = [2 if card == "W" else card for card in hand[:2]]
    board = match.state["board"]
    wrong = next([r, c] for r, row in enumerate(board) for c, v in enumerate(row) if v != values[0] * values[1])
    sockets = [(await connect(match, user))[0] for user in [users[mover], users[1 - mover], teacher]]
    try:
        for communicator in sockets:
            await communicator.receive_json_from()
        await sockets[0].send_json_to({"type": "action", "client_id": "m", "action": {
            "type": "play", "cards": [0, 1], "values": values, "cell": wrong}})
        own, other, spectator = [await c.receive_json_from() for c in sockets]
        (own_mistake,) = [e for e in own["events"] if e["type"] == "mistake"]
        assert own_mistake["a"] * own_mistake["b"] == values[0] * values[1]
        for message in (other, spectator):
            assert [e for e in message["events"] if e["type"] == "mistake"] == [{"type": "mistake", "seat": mover}]
    finally:
        for communicator in sockets:
            await communicator.disconnect()


async def test_the_senders_state_carries_its_client_id_and_the_server_clock():
    match, users, *_ = await four_in_a_row_match()
    mover, _, _ = await connect(match, users[mover_of(match)])
    other, _, _ = await connect(match, users[1 - mover_of(match)])
    try:
        snapshot = await mover.receive_json_from()
        await other.receive_json_from()
        assert isinstance(snapshot["server_ms"], int)
        assert "deck" not in snapshot["match"]["settings"]
        await mover.send_json_to({"type": "action", "action": {"type": "discard", "cards": [0, 1]},
                                  "client_id": "mine"})
        assert (await mover.receive_json_from())["client_id"] == "mine"
        assert "client_id" not in await other.receive_json_from()
    finally:
        await mover.disconnect()
        await other.disconnect()


async def test_a_student_who_leaves_the_match_stops_getting_the_seats_view():
    from games.services.matches import match_leave

    match, users, *_ = await four_in_a_row_match()
    leaver, _, _ = await connect(match, users[0])
    try:
        await leaver.receive_json_from()
        await sync_to_async(match_leave)(user=users[0], match_id=match.pk)
        output = await leaver.receive_output()
        assert output == {"type": "websocket.close", "code": 4403}
    finally:
        await leaver.disconnect()


@pytest.mark.parametrize("kind", ["leave", "take_over"])
async def test_a_change_of_the_match_reaches_the_sockets_and_a_resync_at_its_version(kind):
    """A child leaving, a stand-in taking an idle seat: each is a version, broadcast to the sockets after its
    commit, and what a socket that missed it gets when it asks to sync."""
    from games.models import Seat
    from games.services.matches import match_leave
    from games.services.moves import match_advance

    match, users, teacher, *_ = await four_in_a_row_match()
    mover = mover_of(match)

    def take_over():
        Seat.objects.filter(match=match, index=mover).update(last_active_ms=0)  # silent for ages
        assert match_advance(match_id=match.pk) == 1

    change = {"leave": lambda: match_leave(user=users[1 - mover], match_id=match.pk), "take_over": take_over}[kind]
    seat = 1 - mover if kind == "leave" else mover
    event = {"leave": {"type": "left_match", "seat": seat}, "take_over": {"type": "taken_over", "seat": seat}}[kind]
    flag = {"leave": ("bot", "easy"), "take_over": ("taken_over", True)}[kind]
    watcher, _, _ = await connect(match, teacher)
    try:
        assert (await watcher.receive_json_from())["version"] == match.version
        await sync_to_async(change)()
        live = await watcher.receive_json_from()
        assert (live["version"], live["events"]) == (match.version + 1, [event])
        assert live["match"]["seats"][seat][flag[0]] == flag[1]
        await watcher.send_json_to({"type": "sync", "since": match.version})
        snapshot = await watcher.receive_json_from()
        assert snapshot["version"] == match.version + 1
        assert snapshot["match"]["seats"][seat][flag[0]] == flag[1]
    finally:
        await watcher.disconnect()


async def test_a_child_back_at_the_socket_takes_the_seat_back_as_a_version():
    from games.models import Seat
    from games.services.moves import match_advance

    match, users, teacher, *_ = await four_in_a_row_match()
    mover = mover_of(match)

    def take_over():
        Seat.objects.filter(match=match, index=mover).update(last_active_ms=0)
        match_advance(match_id=match.pk)

    await sync_to_async(take_over)()
    watcher, _, _ = await connect(match, teacher)
    try:
        assert (await watcher.receive_json_from())["version"] == match.version + 1
        child, _, _ = await connect(match, users[mover])  # connecting takes the seat back
        try:
            snapshot = await child.receive_json_from()
            assert snapshot["version"] == match.version + 2
            assert snapshot["match"]["seats"][mover]["taken_over"] is False
            live = await watcher.receive_json_from()
            assert (live["version"], live["events"]) == (match.version + 2, [{"type": "taken_back", "seat": mover}])
        finally:
            await child.disconnect()
    finally:
        await watcher.disconnect()
