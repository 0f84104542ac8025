"""deploy/nginx.conf, run with Debian's nginx in front of servers on this machine: the production file,
with only its addresses and paths changed (.ci/run installs nginx-light; without it a test skips, and
REQUIRE_SERVICES=1 makes that a failure)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONF = ROOT / "deploy" / "nginx.conf"
TEMP_DIRS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")


def nginx_binary() -> str:
    nginx = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.path.exists(p)), None)
    if nginx is None:
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail("nginx is not installed (.ci/run installs Debian's nginx-light)")
        pytest.skip("nginx is not installed; REQUIRE_SERVICES=1 makes this a failure")
    return nginx


def start_nginx(work: Path, port: int, upstream_ports: list[int], *, static_dir: Path | None = None,
                replacements: dict[str, str] | None = None) -> subprocess.Popen:
    """nginx listening on 127.0.0.1:`port`, its `web:8000` and `web:8001` being the given ports; returns once
    it accepts connections. `replacements` change other lines (a shorter timeout for a test)."""
    nginx = nginx_binary()
    conf = CONF.read_text().replace("listen 80;", f"listen 127.0.0.1:{port};").replace("worker_processes auto;", "")
    for index, upstream in enumerate(upstream_ports):
        conf = conf.replace(f"server web:{8000 + index}", f"server 127.0.0.1:{upstream}")
    if static_dir is not None:
        conf = conf.replace("/srv/static/", f"{static_dir}/")
    for old, new in (replacements or {}).items():
        assert old in conf, f"{old!r} is not in deploy/nginx.conf"
        conf = conf.replace(old, new)
    for temp in TEMP_DIRS:
        (work / temp).mkdir(exist_ok=True)
    conf = conf.replace("http {", "http {\n" + "".join(f"    {temp}_temp_path {work}/{temp};\n" for temp in TEMP_DIRS)
                        + f"    access_log {work}/access.log;\n", 1)
    (work / "nginx.conf").write_text(conf)
    globals_ = f"pid {work}/nginx.pid; error_log {work}/error.log; daemon off; worker_processes 1;"
    if os.geteuid() == 0:  # nginx's workers would run as nobody, who cannot read pytest's private tmp
        globals_ += " user root;"
    process = subprocess.Popen([nginx, "-p", str(work), "-e", f"{work}/error.log", "-c", str(work / "nginx.conf"),
                                "-g", globals_], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return process
        except OSError:
            assert process.poll() is None, process.stdout.read().decode()
            assert time.monotonic() < deadline, "nginx did not listen within 20 s"
            time.sleep(0.05)
