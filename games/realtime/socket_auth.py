"""Who a socket belongs to: the session cookie's account, as Channels' `AuthMiddlewareStack` finds it, without
its wrapper around every message the socket sends.

Channels' `SessionMiddleware` wraps `send` so that an HTTP response can save the session and set its cookie;
for a socket it only asks the session, on every frame sent, whether there is anything to save (there never
is: a socket's messages carry no cookie). The match socket sends a state to every player and watcher at
every move, so here the session is read from the cookie and put in the scope, and `send` is left alone.
Channels' `AuthMiddleware` then reads the account from it as before (in a database thread, with the checks
Django makes: a session of an older password is flushed and answers as signed out).
"""

from __future__ import annotations

from importlib import import_module

from channels.auth import AuthMiddleware
from channels.middleware import BaseMiddleware
from channels.sessions import CookieMiddleware
from django.conf import settings


class SocketSessionMiddleware(BaseMiddleware):
    """The cookie's session in `scope["session"]` (loaded when first read), for sockets only."""

    async def __call__(self, scope, receive, send):
        store = import_module(settings.SESSION_ENGINE).SessionStore
        scope = dict(scope, session=store(scope["cookies"].get(settings.SESSION_COOKIE_NAME)))
        return await self.inner(scope, receive, send)


def socket_auth_stack(inner):
    """`channels.auth.AuthMiddlewareStack` for sockets: cookies, the session, the account."""
    return CookieMiddleware(SocketSessionMiddleware(AuthMiddleware(inner)))
