"""ASGI entry point: HTTP through Django, WebSockets through Channels, and the match scheduler
started with the server (lifespan)."""

import asyncio
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402 - after Django is set up
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.dirs import ensure_var_dirs  # noqa: E402
from games.realtime import db, scheduler  # noqa: E402
from games.realtime.routing import websocket_urlpatterns  # noqa: E402
from games.services import broadcast  # noqa: E402

ensure_var_dirs()  # when a server imports this module without config.serve (uvicorn config.asgi:application)


async def lifespan(scope, receive, send):
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            scheduler.ensure_running()
            broadcast.deliver_on(asyncio.get_running_loop())
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await scheduler.stop()
            await asyncio.to_thread(db.close_connections)
            await send({"type": "lifespan.shutdown.complete"})
            return


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
        "lifespan": lifespan,
    }
)
