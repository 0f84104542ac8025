"""The web server, as `make run`, Docker, the browser tests and the benchmarks start it.

    python -m config.serve [--host 127.0.0.1] [--port 8000] [--workers 1 | --processes 1] [--log-level warning]

uvicorn with the project's choices in one place. Several workers are processes on one port (the
kernel hands each new connection to one of them); several `--processes` are servers on ports
`--port`, `--port`+1, ..., for a proxy that sends every socket of one match to the same port
(deploy/nginx.conf): then a move's state reaches both players inside one process, and a process that
dies is started again alone while the others play on (serve_processes). Either way each
process runs its own match scheduler and talks to the others through PostgreSQL and the Redis
channel layer (with SQLite and the in-memory layer, use one). WebSocket compression (permessage-deflate) is off: a
state message is a few kilobytes, and compressing every one cost about a fifth of the server's CPU
per move and put the move p99 at 300 matches from 29 ms to 112 ms (bench/ws_latency.py).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time

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
# A process that dies is started again at once; one that dies more often than this within the window is
# broken (a bad setting, a lost database), and starting it again would only hide that.
CRASHES_ALLOWED = 5
CRASH_WINDOW_S = 60


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Serve Multiplayground (uvicorn).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=1, help="processes sharing --port")
    parser.add_argument("--processes", type=int, default=1,
                        help="servers of one process each, on --port and the ports after it")
    parser.add_argument("--log-level", default="warning")
    parser.add_argument("--app", default=APPLICATION, help="the ASGI application (a benchmark may serve a variant)")
    args = parser.parse_args(argv)
    if args.workers < 1 or args.processes < 1:
        parser.error("--workers and --processes are 1 or more")
    if args.workers > 1 and args.processes > 1:
        parser.error("choose --workers (one port) or --processes (a port each), not both")
    if args.processes > 1:
        sys.exit(serve_processes(args))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from config.dirs import ensure_var_dirs

    ensure_var_dirs()
    uvicorn.run(args.app, host=args.host, port=args.port, workers=args.workers, log_level=args.log_level,
                ws=WS_PROTOCOL, ws_max_size=WS_MAX_FRAME_BYTES, ws_per_message_deflate=False,
                # Whom to believe about the client's address is the app's one setting, TRUSTED_PROXIES
                # (api.client_address). uvicorn's own default rewrites the address from X-Forwarded-For
                # for any peer on 127.0.0.1, so a made-up header from a same-host tunnel slipped past
                # every sign-in limit.
                proxy_headers=False)


def serve_processes(args: argparse.Namespace) -> int:
    """One single-process server per port, supervised one by one: a process that dies is started again
    alone, so a crash drops only its own sockets (the proxy sends them to the others meanwhile) and the
    others' children play on. One that keeps dying (`CRASHES_ALLOWED` times within `CRASH_WINDOW_S`)
    stops them all with its exit code, for the deployment to restart or alert. SIGINT or SIGTERM stops
    them all, each once, gracefully."""
    children: dict[int, subprocess.Popen] = {}  # by pid
    signalled: set[int] = set()  # once each: uvicorn takes a second signal as "exit now"
    crashes: dict[int, list[float]] = {}  # by port: when its process died, within the window
    stopping = False

    def stop(*_) -> None:
        nonlocal stopping
        stopping = True
        for child in children.values():
            if child.returncode is None and child.pid not in signalled:
                signalled.add(child.pid)
                child.send_signal(signal.SIGTERM)

    def spawn(port: int) -> None:
        child = subprocess.Popen(
            [sys.executable, "-m", "config.serve", "--host", args.host, "--port", str(port),
             "--log-level", args.log_level, "--app", args.app],
            start_new_session=True)  # a terminal's Ctrl-C reaches them through this process only
        children[child.pid] = child

    # Before the first child starts: a signal meanwhile must not leave a child without its supervisor.
    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    for index in range(args.processes):
        if stopping:
            break
        spawn(args.port + index)
    if stopping:  # a signal came while they were starting: the last one may have missed it
        stop()
    status = 0
    while children:
        pid, wait_status = os.wait()
        child = children.pop(pid, None)
        if child is None:
            continue
        child.returncode = os.waitstatus_to_exitcode(wait_status)
        if stopping:
            continue
        port = int(child.args[child.args.index("--port") + 1])
        now = time.monotonic()
        recent = crashes[port] = [at for at in crashes.get(port, []) if now - at < CRASH_WINDOW_S] + [now]
        if len(recent) > CRASHES_ALLOWED:
            print(f"config.serve: the server on port {port} exited ({child.returncode}) {len(recent)} times within "
                  f"{CRASH_WINDOW_S} s; stopping the others", file=sys.stderr, flush=True)
            status = child.returncode or 1
            stop()
            continue
        print(f"config.serve: the server on port {port} exited ({child.returncode}); starting it again",
              file=sys.stderr, flush=True)
        spawn(port)
    return status


if __name__ == "__main__":
    main()
