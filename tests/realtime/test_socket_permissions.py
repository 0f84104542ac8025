"""The match socket x {anonymous, a student of this class, a student of another class, the class's
teacher, another teacher}, as the REST permission matrix (tests/api/test_permissions_matrix.py) does
for every operation: through the real ASGI stack (origin check, session cookie), for every socket
route the server mounts, so a new route without a row fails."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games.realtime.routing import websocket_urlpatterns
from tests.api.world import ACTORS, ANON, OTHER_STUDENT, OTHER_TEACHER, OWN_STUDENT, OWNER, build_world
from tests.realtime.test_match_socket import Communicator

REFUSED = 4403  # the consumer's close code for "not yours"
WATCHING = "watching"  # the class's teacher: no seat, no hand
# For each route, each match of the world asked about: per actor, the seat the socket shows, WATCHING
# or REFUSED. Ana plays in the running match; Cy, not one of the five, waits in the lobby.
ROWS = {
    "ws/matches/<int:match_id>/": {
        "running": {ANON: REFUSED, OWN_STUDENT: 0, OTHER_STUDENT: REFUSED, OWNER: WATCHING, OTHER_TEACHER: REFUSED},
        "lobby": {ANON: REFUSED, OWN_STUDENT: REFUSED, OTHER_STUDENT: REFUSED, OWNER: WATCHING,
                  OTHER_TEACHER: REFUSED},
    },
}


def test_every_socket_route_has_a_row():
    assert {str(route.pattern) for route in websocket_urlpatterns} == set(ROWS)


@sync_to_async
def cookie_of(user) -> bytes | None:
    if user is None:
        return None
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def socket_answer(match_id: int, user) -> int | str:
    """The seat the socket shows this user, WATCHING, or the code it closed with."""
    from config.asgi import application

    headers = [(b"origin", b"http://127.0.0.1")]
    cookie = await cookie_of(user)
    if cookie:
        headers.append((b"cookie", cookie))
    communicator = Communicator(application, f"/ws/matches/{match_id}/", headers=headers)
    connected, code = await communicator.connect()
    try:
        if not connected:
            return code
        snapshot = await communicator.receive_json_from()
        assert snapshot["type"] == "state"
        view = snapshot["view"]  # None while a lobby has no game dealt
        if view is None or view["seat"] is None:
            assert view is None or view.get("hand") is None
            return WATCHING
        return view["seat"]
    finally:
        await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_match_socket_answers_each_actor_as_expected(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)  # the world's grid PDF
    world = await sync_to_async(build_world)()
    matches = {"running": world.match.pk, "lobby": world.lobby.pk}
    seen = {name: {actor: await socket_answer(match_id, world.user(actor)) for actor in ACTORS}
            for name, match_id in matches.items()}
    assert seen == ROWS["ws/matches/<int:match_id>/"]
    assert await socket_answer(world.match.pk, world.cy.user) == REFUSED  # a classmate who does not play in it
