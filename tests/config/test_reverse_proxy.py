"""The reverse proxy of the Docker set-up (deploy/nginx.conf, docker-compose.yml's "proxy").

The app server (uvicorn) keeps a connection whose headers never finish open for ever and takes any
body; in production it sits behind nginx, which does not. The first tests read the Compose file and the
configuration; the others run deploy/nginx.conf with Debian's nginx in front of a small recording
upstream (nginx is installed by .ci/run; without it these skip, and REQUIRE_SERVICES=1 makes that a
failure)."""

from __future__ import annotations

import http.server
import re
import socket
import threading
import time
from pathlib import Path

import pytest
import yaml

from tests.nginx_proxy import CONF, nginx_binary, start_nginx

ROOT = Path(__file__).resolve().parents[2]


def _compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def _directive(name: str) -> str:
    match = re.search(rf"^\s*{name}\s+([^;]+);", CONF.read_text(), re.MULTILINE)
    assert match, f"{name} is missing from deploy/nginx.conf"
    return match.group(1).strip()


def _seconds(value: str) -> int:
    number, unit = re.fullmatch(r"(\d+)([sm]?)", value).groups()
    return int(number) * (60 if unit == "m" else 1)


def test_only_the_proxy_is_published_and_only_it_is_trusted():
    services = _compose()["services"]
    assert set(services) >= {"proxy", "web", "worker", "beat", "postgres", "redis"}
    published = {name for name, service in services.items() if service.get("ports")}
    assert published == {"proxy"}, "the app server must never face the internet itself"
    proxy_address = services["proxy"]["networks"]["internal"]["ipv4_address"]
    for name in ("web", "worker", "beat"):
        assert services[name]["environment"]["TRUSTED_PROXIES"] == proxy_address
    assert services["proxy"]["build"]["target"] == "proxy"
    assert services["web"]["build"]["target"] == "app"


def test_the_configuration_bounds_slow_and_large_requests():
    assert _seconds(_directive("client_header_timeout")) <= 30
    assert _seconds(_directive("client_body_timeout")) <= 60
    assert _seconds(_directive("send_timeout")) <= 60
    limit = _directive("client_max_body_size")
    assert limit.endswith("m")
    assert 1 <= int(limit[:-1]) <= 10
    text = CONF.read_text()
    # The proxy sets the forwarded address itself: appending ($proxy_add_x_forwarded_for) would pass on
    # whatever a client made up.
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in text
    assert "proxy_add_x_forwarded_for" not in text
    assert "proxy_set_header Upgrade $http_upgrade;" in text


# --- The configuration, run ------------------------------------------------------------------
class _Recorder(http.server.BaseHTTPRequestHandler):
    seen: list[dict] = []

    def _answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        self.seen.append({"path": self.path, "upstream": self.server.server_address[1],
                          **{k.lower(): v for k, v in self.headers.items()}})
        body = b"upstream"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _answer  # noqa: N815 (http.server's names)

    def log_message(self, *args):
        pass


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_for(condition, limit: float, what: str):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError(f"{what} within {limit} s")


@pytest.fixture(scope="module")
def proxy(tmp_path_factory):
    nginx_binary()
    _Recorder.seen = []
    upstreams = [http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Recorder) for _ in range(2)]
    for upstream in upstreams:
        threading.Thread(target=upstream.serve_forever, daemon=True).start()
    work = tmp_path_factory.mktemp("nginx")
    (work / "static").mkdir()
    (work / "static" / "app.css").write_text("body{}")
    port = _free_port()
    # The header timeout the production file sets, shortened so the test waits less.
    shorter = {f"client_header_timeout {_directive('client_header_timeout')};": "client_header_timeout 2s;"}
    process = start_nginx(work, port, [upstream.server_address[1] for upstream in upstreams],
                          static_dir=work / "static", replacements=shorter)
    yield {"port": port, "upstreams": [upstream.server_address[1] for upstream in upstreams], "servers": upstreams}
    process.terminate()
    process.wait(10)
    for upstream in upstreams:  # a test may have replaced one
        upstream.shutdown()
        upstream.server_close()


def _request(port: int, raw: bytes, until: bytes | None = None) -> bytes:
    """Send `raw`; read until the connection closes (or, on a kept-alive one, until `until` arrives)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(raw)
        data = b""
        while (until is None or until not in data) and (chunk := conn.recv(65536)):
            data += chunk
        return data


def test_connections_that_never_finish_their_headers_are_closed(proxy):
    sockets = [socket.create_connection(("127.0.0.1", proxy["port"]), timeout=30) for _ in range(50)]
    try:
        for conn in sockets:
            conn.sendall(b"GET / HTTP/1.1\r\nHost: school\r\nX-Slow: ")  # and never the end
        closed = set()

        def all_closed():
            for index, conn in enumerate(sockets):
                if index in closed:
                    continue
                conn.settimeout(0.01)
                try:
                    if conn.recv(65536) == b"":
                        closed.add(index)
                except TimeoutError:
                    pass
                except OSError:
                    closed.add(index)
            return len(closed) == len(sockets)

        _wait_for(all_closed, 30, "nginx did not close the 50 slow connections")
    finally:
        for conn in sockets:
            conn.close()


def test_a_made_up_forwarded_address_is_replaced_by_the_real_one(proxy):
    answer = _request(proxy["port"], b"GET /api/auth/me/ HTTP/1.1\r\nHost: school\r\n"
                                     b"X-Forwarded-For: 6.6.6.6\r\nConnection: close\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 200")
    seen = _Recorder.seen[-1]
    assert seen["x-forwarded-for"] == "127.0.0.1"
    assert seen["host"] == "school"


def test_a_body_over_the_limit_is_refused_before_the_app(proxy):
    before = len(_Recorder.seen)
    body = b"x" * (2 * 1024 * 1024)
    answer = _request(proxy["port"], b"POST /api/classes/ HTTP/1.1\r\nHost: school\r\nConnection: close\r\n"
                                     b"Content-Length: %d\r\n\r\n" % len(body) + body)
    assert answer.startswith(b"HTTP/1.1 413")
    assert len(_Recorder.seen) == before


def test_a_websocket_upgrade_is_passed_on(proxy):
    _request(proxy["port"], b"GET /ws/matches/1/ HTTP/1.1\r\nHost: school\r\nUpgrade: websocket\r\n"
                            b"Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n", until=b"upstream")
    seen = _Recorder.seen[-1]
    assert seen["path"] == "/ws/matches/1/"
    assert seen["upgrade"] == "websocket"
    assert seen["connection"].lower() == "upgrade"


def _open_match_socket(port: int, match_id: int) -> int:
    """Open /ws/matches/<match_id>/ through the proxy: the upstream port that received it."""
    _request(port, f"GET /ws/matches/{match_id}/ HTTP/1.1\r\nHost: school\r\nUpgrade: websocket\r\n"
                   "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                   "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n".encode(), until=b"upstream")
    seen = _Recorder.seen[-1]
    assert seen["path"] == f"/ws/matches/{match_id}/"
    return seen["upstream"]


def test_every_socket_of_one_match_reaches_the_same_server_process(proxy):
    placed = {match_id: _open_match_socket(proxy["port"], match_id) for match_id in range(1, 41)}
    for match_id in (1, 7, 23, 40):  # the other player, a reconnect: the same process each time
        for _ in range(3):
            assert _open_match_socket(proxy["port"], match_id) == placed[match_id]
    # ... and the matches are spread over both processes, not all on one.
    counts = [list(placed.values()).count(upstream) for upstream in proxy["upstreams"]]
    assert min(counts) >= 8, counts


def test_pages_and_the_api_go_to_either_server_process(proxy):
    for _ in range(8):
        _request(proxy["port"], b"GET /api/auth/me/ HTTP/1.1\r\nHost: school\r\nConnection: close\r\n\r\n")
    assert {seen["upstream"] for seen in _Recorder.seen[-8:]} == set(proxy["upstreams"])


def test_static_files_are_served_by_the_proxy(proxy):
    before = len(_Recorder.seen)
    answer = _request(proxy["port"], b"GET /static/app.css HTTP/1.1\r\nHost: school\r\nConnection: close\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 200")
    assert answer.endswith(b"body{}")
    assert len(_Recorder.seen) == before


def test_a_server_process_that_is_down_is_skipped_and_found_again_at_once(proxy):
    """A crashed process's sockets go to the other one while it restarts, and once it is back the next
    socket of its matches reaches it again: nginx never marks it failed (max_fails=0). With the default
    marking, reconnects were answered 502 "no live upstreams" for minutes after a crash."""
    placed = {match_id: _open_match_socket(proxy["port"], match_id) for match_id in range(100, 120)}
    down_port = proxy["upstreams"][0]
    on_it = [match_id for match_id, upstream in placed.items() if upstream == down_port]
    assert on_it, placed
    down = proxy["servers"][0]
    down.shutdown()
    down.server_close()  # the port now refuses connections, as a crashed process's does
    for match_id in on_it:
        assert _open_match_socket(proxy["port"], match_id) == proxy["upstreams"][1]
    back = http.server.ThreadingHTTPServer(("127.0.0.1", down_port), _Recorder)  # "restarted"
    threading.Thread(target=back.serve_forever, daemon=True).start()
    proxy["servers"][0] = back
    for match_id in on_it:
        assert _open_match_socket(proxy["port"], match_id) == down_port
