"""`make run`: the Celery worker, Celery beat and the web server, until Ctrl-C.

    python -m config.run [--host 127.0.0.1] [--port 8000] [--health-timeout 60]

Says the app is running only once the server answers /healthz, and stops everything on Ctrl-C
(or SIGTERM): the children run in their own process group, so the terminal's Ctrl-C reaches only
this process, which asks each child once to stop (SIGTERM), waits for it and kills it only if it
does not stop in time. A child that ends on its own stops the others too.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STOP_WAIT_S = 15
# The worker runs at a lower CPU priority than the web server: a PDF being made (seconds of CPU) waits
# for a free core rather than slowing the answers children are waiting for (bench/pdf_export.py).
NICE = ["nice", "-n", "10"]


class Stop(Exception):
    """Ctrl-C or SIGTERM arrived."""


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/healthz", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def wait_until_healthy(url: str, server: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not healthy(url):
        if server.poll() is not None:
            raise SystemExit(f"The web server stopped before it answered {url}/healthz "
                             f"(exit code {server.returncode}).")
        if time.monotonic() > deadline:
            raise SystemExit(f"The web server did not answer {url}/healthz within {timeout:g} s.")
        time.sleep(0.2)


def start(command: list[str]) -> subprocess.Popen:
    return subprocess.Popen(command, cwd=ROOT, start_new_session=True)


def stop(children: list[subprocess.Popen]) -> None:
    """Ask each child once, wait, then kill whatever is left of its process group, so that nothing a
    child started outlives it (and holds the terminal's output open)."""
    for child in children:
        if child.poll() is None:
            child.terminate()
    deadline = time.monotonic() + STOP_WAIT_S
    for child in children:
        try:
            child.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        with contextlib.suppress(ProcessLookupError):  # nothing was left
            os.killpg(child.pid, signal.SIGKILL)  # each child leads its own group (start_new_session)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run Multiplayground: Celery worker and beat, and the web server.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--health-timeout", type=float, default=60)
    args = parser.parse_args(argv)

    def on_signal(signum, frame):
        raise Stop

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from config.dirs import ensure_var_dirs

    ensure_var_dirs()
    from django.conf import settings

    url = f"http://{args.host}:{args.port}"
    children: list[subprocess.Popen] = []
    try:
        # Beat as a process of its own, as docker-compose.yml runs it: the worker's embedded beat is a
        # fork that a Ctrl-C during its start reached with the worker's handler (two shutdowns, CI).
        children.append(start([*NICE, sys.executable, "-m", "celery", "-A", "config", "--quiet", "worker",
                               "--pool=threads", "--concurrency=2", "--loglevel=warning"]))
        children.append(start([sys.executable, "-m", "celery", "-A", "config", "--quiet", "beat", "--loglevel=warning",
                               "--schedule", str(Path(settings.VAR_DIR) / "celerybeat-schedule")]))
        server = start([sys.executable, "-m", "config.serve", "--host", args.host, "--port", str(args.port)])
        children.append(server)
        wait_until_healthy(url, server, args.health_timeout)
        print(f"\nMultiplayground is running: open {url}  (Ctrl-C stops it)", flush=True)
        while all(child.poll() is None for child in children):
            time.sleep(0.5)
        ended = next(child for child in children if child.poll() is not None)
        print(f"\n{' '.join(ended.args[1:4])} stopped (exit code {ended.returncode}); stopping the rest.", flush=True)
        return 1
    except Stop:
        print("\nStopping the worker and the web server...", flush=True)
        return 0
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        stop(children)


if __name__ == "__main__":
    sys.exit(main())
