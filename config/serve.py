"""The web server, as `make run`, Docker, the browser tests and the benchmarks start it.

    python -m config.serve [--host 127.0.0.1] [--port 8000] [--workers 1] [--log-level warning]

uvicorn with the project's choices in one place. Several workers are processes: each runs its
own match scheduler and talks to the others through PostgreSQL and the Redis channel layer (with
SQLite and the in-memory layer, use one). WebSocket compression (permessage-deflate) is off: a
state message is a few kilobytes, and compressing every one cost about a fifth of the server's CPU
per move and put the move p99 at 300 matches from 29 ms to 112 ms (bench/ws_latency.py).
"""

from __future__ import annotations

import argparse
import os

import uvicorn

APPLICATION = "config.asgi:application"
# uvicorn reads a WebSocket frame whole before the application sees it (16 MiB by default). The match
# socket answers a frame up to this size with `too_large` (games.services.player_messages allows 8 KiB);
# a larger one is not read at all: the server closes the connection with 1009, "message too big".
WS_MAX_FRAME_BYTES = 64 * 1024
# uvicorn's WebSocket protocol on the websockets library's sans-I/O core: frames are parsed and written
# in the connection's own callbacks, without the legacy protocol's extra tasks and stream per socket.
# bench/ws_latency.py, three alternating runs each: saturation 823 against 793 moves/s, 1.94 against
# 2.08 ms of server CPU a move there; the same CPU at 500 matches.
WS_PROTOCOL = "websockets-sansio"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve Multiplayground (uvicorn).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--log-level", default="warning")
    parser.add_argument("--app", default=APPLICATION, help="the ASGI application (a benchmark may serve a variant)")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from config.dirs import ensure_var_dirs

    ensure_var_dirs()
    uvicorn.run(args.app, host=args.host, port=args.port, workers=args.workers, log_level=args.log_level,
                ws=WS_PROTOCOL, ws_max_size=WS_MAX_FRAME_BYTES, ws_per_message_deflate=False)


if __name__ == "__main__":
    main()
