"""A small HTTP + WebSocket client for tests that drive live servers without a browser."""

from __future__ import annotations

import io
import json
import re
import urllib.error
import urllib.request
from http.cookiejar import CookieJar

from pypdf import PdfReader


class ApiClient:
    """Session-cookie client with CSRF, for one user against one or more server URLs."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.request("GET", "/api/auth/csrf/")

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.jar if c.name == name), "")

    def request(self, method: str, path: str, body: dict | None = None, raw: bool = False):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        request.add_header("X-CSRFToken", self.cookie("csrftoken"))
        request.add_header("Referer", self.base_url + "/")
        try:
            with self.opener.open(request, timeout=20) as response:
                content = response.read()
        except urllib.error.HTTPError as error:
            raise AssertionError(f"{method} {path}: {error.code} {error.read()[:500]!r}") from None
        if raw:
            return content
        return json.loads(content) if content else None

    def websocket(self, match_id: int, base_url: str | None = None):
        from websockets.sync.client import connect

        base = (base_url or self.base_url).rstrip("/")
        return connect(base.replace("http", "ws", 1) + f"/ws/matches/{match_id}/",
                       additional_headers={"Cookie": f"sessionid={self.cookie('sessionid')}", "Origin": base},
                       open_timeout=10)


def picture_sequences(pdf: bytes) -> dict[str, list[str]]:
    """Each card's display name -> its picture slugs, read from the login-card PDF's text."""
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    found: dict[str, list[str]] = {}
    name = None
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        labels = re.findall(r"([123])\. ([A-Z][a-z]+)", line)
        if labels and name:
            found.setdefault(name, []).extend(label.lower() for _, label in labels)
        elif re.match(r"^[A-Z][a-z]+ [A-Z]\.\d*$", line):
            name = line
    return found


def signed_up_teacher(base_url: str, name: str = "Ms Test", email: str | None = None,
                      password: str = "a-long-pass-2026") -> ApiClient:
    """A new teacher, signed up and signed in as a teacher does: the form, then the emailed link."""
    import uuid

    from tests.e2e.server import emailed_link

    teacher = ApiClient(base_url)
    email = email or f"t{uuid.uuid4().hex[:8]}@x.test"
    teacher.request("POST", "/api/auth/signup/", {"name": name, "email": email, "password": password})
    uid, token = emailed_link(base_url, email, "activate")
    teacher.request("POST", "/api/auth/activate/", {"uid": uid, "token": token})
    return teacher


def classroom_with_students(base_url: str, names: list[str], starter: bool = False,
                            ) -> tuple[ApiClient, dict, dict[str, list[str]]]:
    """A new teacher with a class of `names`; returns the teacher, the class and the picture passwords.
    A new class starts with one Four-in-a-Row assignment; these tests assign the games they play, so it
    is removed, as a teacher would, unless `starter`."""
    teacher = signed_up_teacher(base_url)
    klass = teacher.request("POST", "/api/classes/", {"name": "Room 1"})
    if not starter:
        for assignment in teacher.request("GET", f"/api/classes/{klass['id']}/assignments/"):
            teacher.request("DELETE", f"/api/assignments/{assignment['id']}/")
    teacher.request("POST", f"/api/classes/{klass['id']}/students/", {"names": "\n".join(names)})
    return teacher, klass, picture_sequences(print_cards(teacher, klass))


def print_cards(teacher: ApiClient, klass: dict, students: list[int] | None = None, timeout: float = 60) -> bytes:
    """The login-card PDF, as the page gets it: asked for, made by the server's worker, downloaded."""
    import time

    body = {"students": students} if students is not None else {}
    export = teacher.request("POST", f"/api/classes/{klass['id']}/cards/", body)
    deadline = time.monotonic() + timeout
    while export["status"] not in ("done", "failed"):
        if time.monotonic() > deadline:
            raise AssertionError(f"the login cards were not made within {timeout} s: {export}")
        time.sleep(0.1)
        export = teacher.request("GET", f"/api/exports/{export['id']}/")
    assert export["status"] == "done", export["error"]
    return teacher.request("GET", export["file_url"], raw=True)


def sign_in_student(base_url: str, klass: dict, display_name: str, pictures: list[str],
                    avatar: dict | None = None) -> ApiClient:
    """A child signed in who has chosen an avatar already (`avatar`, or an owl), so their pages open
    at home rather than at the first sign-in's avatar picker."""
    student = ApiClient(base_url)
    roster = student.request("GET", f"/api/student-login/{klass['join_code']}/")
    student_id = next(s["id"] for s in roster["students"] if s["display_name"] == display_name)
    student.request("POST", "/api/student-login/", {"code": klass["join_code"], "student_id": student_id,
                                                   "pictures": pictures})
    student.request("PUT", "/api/my/avatar/", avatar or {"picture": "owl", "colour": "teal"})
    return student


def create_assignment(teacher: ApiClient, klass: dict, game: str, options: dict | None = None, **fields) -> dict:
    """The teacher assigns `game` to the whole class (open now), with engine `options`."""
    return teacher.request("POST", f"/api/classes/{klass['id']}/assignments/",
                           {"game": game, "options": options or {}, **fields})


def quick_match(first: ApiClient, second: ApiClient, assignment: dict) -> dict:
    """Two children tap Quick match one after the other: the match they are paired in, started."""
    tap = f"/api/assignments/{assignment['id']}/quick-match/"
    first.request("POST", tap)
    match = second.request("POST", tap)["match"]
    assert match["status"] == "active", match
    return match


def match_state(client: ApiClient, match_id: int) -> dict:
    """GET /api/matches/<id>/: the state message as this user may see it (their own view)."""
    return client.request("GET", f"/api/matches/{match_id}/")
