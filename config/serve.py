"""The web server, as `make run`, Docker, the browser tests and the benchmarks start it.

    python -m config.serve [--host 127.0.0.1] [--port 8000] [--workers 1] [--log-level warning]

uvicorn with the project's choices in one place:
- WebSocket messages are not compressed (permessage-deflate off). A state message is a few
  kilobytes; deflating every one of them for every socket cost more CPU than any other part of
  sending it, and raised the 200-match move round trip p99 from about 50 to about 110 ms
  (`bench/ws_latency.py`), for bytes a school network does not miss.
- Several workers are processes: each runs its own match scheduler and talks to the others
  through PostgreSQL and the Redis channel layer (with SQLite and the in-memory layer, use one).
"""

from __future__ import annotations

import argparse

import uvicorn

APPLICATION = "config.asgi:application"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve Multiplayground (uvicorn).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--log-level", default="warning")
    parser.add_argument("--app", default=APPLICATION, help="the ASGI application (a benchmark may serve a variant)")
    parser.add_argument("--ws-deflate", action="store_true", help="compress WebSocket messages (to compare)")
    args = parser.parse_args(argv)
    uvicorn.run(args.app, host=args.host, port=args.port, workers=args.workers, log_level=args.log_level,
                ws_per_message_deflate=args.ws_deflate)


if __name__ == "__main__":
    main()
