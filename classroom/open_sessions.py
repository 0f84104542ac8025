"""The open sessions of given users: listed for a child's data export, ended when the child is deleted.

A session row names its user only inside its signed data, so finding a user's sessions reads every
unexpired row (about 20 us a row: 10,000 open sessions take a fifth of a second). Ending one goes
through the session engine, so the cached copy (SESSION_ENGINE cached_db) goes with the row."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from importlib import import_module

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.models import Session
from django.utils import timezone


def sessions_of(user_ids: Iterable[int]) -> list[tuple[str, datetime]]:
    """(session key, expiry) of each unexpired session signed in as one of `user_ids`."""
    wanted = {str(user_id) for user_id in user_ids}
    found = []
    for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator(chunk_size=2000):
        if str(session.get_decoded().get(SESSION_KEY)) in wanted:
            found.append((session.session_key, session.expire_date))
    return found


def sessions_end(user_ids: Iterable[int]) -> int:
    """Sign these users out everywhere: delete their sessions. Returns how many were ended."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    keys = [key for key, _ in sessions_of(user_ids)]
    for key in keys:
        store(session_key=key).delete()
    return len(keys)
