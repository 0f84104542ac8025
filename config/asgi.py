"""ASGI entry point: HTTP through Django, WebSockets through Channels, and the match scheduler
started with the server (lifespan)."""

import asyncio
import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402 - after Django is set up
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.dirs import ensure_var_dirs  # noqa: E402
from games.realtime import async_db, db, scheduler  # noqa: E402
from games.realtime.routing import websocket_urlpatterns  # noqa: E402
from games.realtime.socket_auth import socket_auth_stack  # noqa: E402
from games.services import broadcast  # noqa: E402

ensure_var_dirs()  # when a server imports this module without config.serve (uvicorn config.asgi:application)


# Young objects the collector lets pile up before it looks (Python's default is 700): a move makes and
# drops thousands (rows, states, views, messages), nearly all freed by their last reference long before a
# collection would find them. At 10,000 the young collections run about a fourteenth as often.
YOUNG_THRESHOLD = 10_000


def settle_garbage_collector() -> None:
    """What the process loaded to start is kept out of the collector's scans (`gc.freeze`), and a full
    collection comes after 1,000 middle-aged ones instead of 10. With 600 sockets open, each full collection
    stopped the event loop for 70-120 ms, about once every two seconds, and those pauses were the move p99
    (bench/ws_latency.py: p99 180 ms, 60 ms after). Young collections wait for YOUNG_THRESHOLD new objects:
    at saturation 652 and 672 moves/s against 627 and 632 with Python's 700, 2.5-2.6 against 2.7 ms of server
    CPU a move, alternating runs. They still free cycles of short-lived objects; a full one still runs,
    every few minutes under load."""
    gc.collect()
    gc.freeze()
    _, middle, _ = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, 1000)


async def lifespan(scope, receive, send):
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            settle_garbage_collector()
            scheduler.ensure_running()
            broadcast.deliver_on(asyncio.get_running_loop())
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await scheduler.stop()
            await async_db.close()
            await asyncio.to_thread(db.close_connections)
            await send({"type": "lifespan.shutdown.complete"})
            return


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(socket_auth_stack(URLRouter(websocket_urlpatterns))),
        "lifespan": lifespan,
    }
)
