"""Signing a person out everywhere at once: sessions and open sockets (docs/security.md, "Revocation").

Django checks, on every request and every socket's sign-in (channels.auth), that the session was made
with the account's current password hash; a session of an older one is flushed and answers as signed
out. So a teacher's new password ends their sessions, and a child's, whose account has no usable
password, are ended by giving the account a new unusable one. Sockets already open are told through
the channel layer: every socket of a signed-in person is in their group (`user_group`) and closes
with `SESSION_ENDED_CLOSE_CODE`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from classroom.models import User
from classroom.open_sessions import sessions_end

SESSION_ENDED_CLOSE_CODE = 4401
SESSION_ENDED_MESSAGE = {"type": "session.ended"}

log = logging.getLogger(__name__)


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def end_student_sessions(users: Iterable[User]) -> None:
    """End every session and socket of these children (their accounts never sign in by password). Once
    committed, their session rows go too, so an export no longer lists them as open."""
    users = [user for user in users if user.is_student]
    for user in users:
        user.set_unusable_password()
    User.objects.bulk_update(users, ["password"])
    user_ids = [user.pk for user in users]
    if user_ids:
        transaction.on_commit(lambda: sessions_end(user_ids))
    close_sockets_on_commit(user_ids)


def close_sockets_on_commit(user_ids: list[int]) -> None:
    """Once the change is committed, close these people's open sockets."""
    if user_ids:
        transaction.on_commit(lambda: _close_sockets(user_ids))


def _close_sockets(user_ids: list[int]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    for user_id in user_ids:
        try:
            async_to_sync(layer.group_send)(user_group(user_id), SESSION_ENDED_MESSAGE)
        except Exception:  # the sessions are ended; a socket left open fails its next sign-in check
            log.warning("could not close the sockets of user %s", user_id, exc_info=True)
