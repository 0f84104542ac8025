"""A child's open match socket closes (4401) the moment their sessions end: a revoked card, a password
the teacher sets, a new class code. Other players' sockets stay open."""

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.cached_db import SessionStore

from classroom import services
from classroom.sign_out import SESSION_ENDED_CLOSE_CODE
from games.realtime.routing import websocket_urlpatterns
from games.realtime.socket_auth import socket_auth_stack
from tests.realtime.test_match_socket import Communicator, four_in_a_row_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

APP = socket_auth_stack(URLRouter(websocket_urlpatterns))  # as config.asgi serves sockets


@sync_to_async
def session_cookie(user) -> str:
    """A real session for the user, as signing in makes one: the socket's sign-in check reads it."""
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return session.session_key


def socket_with(match, key: str) -> Communicator:
    return Communicator(APP, f"/ws/matches/{match.pk}/", headers=[(b"cookie", f"sessionid={key}".encode())])


async def open_socket(match, user) -> tuple[Communicator, str]:
    key = await session_cookie(user)
    communicator = socket_with(match, key)
    connected, code = await communicator.connect()
    assert connected, code
    assert (await communicator.receive_json_from())["type"] == "state"
    return communicator, key


@sync_to_async
def student_of(user):
    return user.student


@pytest.mark.parametrize("ending", ["revoke", "password", "new_code", "removed", "admin_delete"])
async def test_ending_a_childs_sessions_closes_their_match_socket_at_once(ending):
    match, (ana, ben), *_ = await four_in_a_row_match()
    (ana_socket, ana_session), (ben_socket, _) = await open_socket(match, ana), await open_socket(match, ben)
    try:
        student = await student_of(ana)
        if ending == "revoke":
            await sync_to_async(services.student_revoke_card)(student=student)
        elif ending == "removed":
            await sync_to_async(services.student_delete)(student=student)
        elif ending == "admin_delete":  # the Django admin deletes the account row itself
            await sync_to_async(ana.delete)()
        elif ending == "password":
            await sync_to_async(services.student_update)(student=student, password="kiwifrog42")
        else:
            classroom = await sync_to_async(lambda: student.classroom)()
            await sync_to_async(services.classroom_regenerate_code)(classroom=classroom)
        closed = await ana_socket.receive_output()
        assert closed == {"type": "websocket.close", "code": SESSION_ENDED_CLOSE_CODE}
        if ending == "new_code":  # the whole class is signed out
            assert (await ben_socket.receive_output())["code"] == SESSION_ENDED_CLOSE_CODE
        else:
            assert await ben_socket.receive_nothing(timeout=0.3)
        # and her old session no longer opens one
        again = socket_with(match, ana_session)
        connected, code = await again.connect()
        assert (connected, code) == (False, 4403)
        await again.disconnect()
    finally:
        await ben_socket.disconnect()
