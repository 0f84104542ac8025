"""Browser tests of the background jobs: a batch of 200 grids with its progress bar and PDF, and a
report that shows a mistake a child made in a match. A Celery worker runs beside the server."""

import io
import json
import time

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.e2e.http_client import classroom_with_students, sign_in_student
from tests.e2e.server import LiveServer


@pytest.fixture(scope="module")
def server_with_worker():
    server, (url,) = LiveServer.start(worker=True)
    yield url
    server.stop()


@pytest.fixture
def teacher_page(browser, server_with_worker):
    """A class with two students, and a browser signed in as its teacher."""
    teacher, klass, secrets = classroom_with_students(server_with_worker, ["Ana Lopez", "Ben Okafor"])
    context = browser.new_context(base_url=server_with_worker, accept_downloads=True,
                                  viewport={"width": 1024, "height": 768})
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": name, "value": teacher.cookie(name), "url": server_with_worker}
                         for name in ("sessionid", "csrftoken")])
    yield context.new_page(), teacher, klass, secrets
    context.close()


def test_a_batch_of_200_grids_fills_its_bar_and_prints_200_pages(teacher_page):
    page, *_ = teacher_page
    page.goto("/teacher/batches")
    page.get_by_label("How many grids").fill("200")
    page.get_by_role("radio", name="Intermediate").check()
    page.get_by_role("button", name="Make 200 grids").click()
    bar = page.get_by_role("progressbar").first
    expect(bar).to_have_attribute("aria-valuenow", "200", timeout=60_000)
    expect(bar).to_have_attribute("aria-valuemax", "200")
    expect(page.get_by_text("200 grids ready")).to_be_visible()
    with page.expect_download(timeout=60_000) as download:
        page.get_by_role("button", name="Download PDF").first.click()
    pdf = PdfReader(io.BytesIO(download.value.path().read_bytes()))
    assert len(pdf.pages) == 200
    assert "Based on the primes 2, 3 and 7" in pdf.pages[0].extract_text()


def wrong_cell(view: dict) -> list[int] | None:
    """A free cell that is neither a factor nor a multiple of the last number, preferring a near miss."""
    board, marks, last = view["board"], view["marks"], view["last"]
    previous = board[last[0]][last[1]]
    free = [(r, c, v) for r, row in enumerate(board) for c, v in enumerate(row) if marks[r][c] is None]
    unrelated = [(r, c, v) for r, c, v in free if previous % v and v % previous]
    near = [(r, c) for r, c, v in unrelated if any(v % p == 0 and previous % p == 0 for p in range(2, 10))]
    choice = near[0] if near else (unrelated[0][:2] if unrelated else None)
    return list(choice) if choice else None


def play_with_one_mistake(student, match_id: int) -> None:
    """Mark a first cell when it is our turn with nothing marked, then make one wrong claim."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = student.request("GET", f"/api/matches/{match_id}/")
        view = state["view"]
        if view["result"] is not None:
            raise AssertionError("the game ended before the mistake")
        if view["seat"] in view["to_move"]:
            if view["last"] is None or view["free_start"]:
                free = next([r, c] for r, row in enumerate(view["marks"]) for c, m in enumerate(row) if m is None)
                student.request("POST", f"/api/matches/{match_id}/actions/", {"action": {"type": "mark", "cell": free}})
                continue
            cell = wrong_cell(view)
            if cell is None:  # e.g. after a 1 every number fits: play on and try next turn
                previous = view["board"][view["last"][0]][view["last"][1]]
                cell = next([r, c] for r, row in enumerate(view["board"]) for c, v in enumerate(row)
                            if view["marks"][r][c] is None and (v % previous == 0 or previous % v == 0))
                student.request("POST", f"/api/matches/{match_id}/actions/", {"action": {"type": "mark", "cell": cell}})
                continue
            answer = student.request("POST", f"/api/matches/{match_id}/actions/",
                                     {"action": {"type": "mark", "cell": cell}})
            assert answer["version"] == state["version"] + 1
            return
        time.sleep(0.3)
    raise AssertionError("no chance to make the mistake within 60 s")


def test_the_students_report_shows_the_mistake_made_in_a_match(teacher_page, server_with_worker):
    page, teacher, klass, secrets = teacher_page
    teacher.request("POST", f"/api/classes/{klass['id']}/assignments/",
                    {"game": "fultiples", "options": {"rows": 6, "cols": 6, "level": "beginner"},
                     "bot_levels": ["easy"]})
    ana = sign_in_student(server_with_worker, klass, "Ana L.", secrets["Ana L."])
    (assignment,) = ana.request("GET", "/api/my/assignments/")
    match = ana.request("POST", f"/api/assignments/{assignment['id']}/computer-match/", {"bot_level": "easy"})
    play_with_one_mistake(ana, match["match"]["id"])

    page.goto(f"/teacher/classes/{klass['id']}/reports")
    expect(page.get_by_role("heading", name="No report yet")).to_be_visible()
    page.get_by_role("button", name="Build now").click()
    expect(page.get_by_role("heading", name="Mistakes by type")).to_be_visible(timeout=60_000)
    roster = teacher.request("GET", f"/api/classes/{klass['id']}/students/")["results"]
    ana_id = next(s["id"] for s in roster if s["display_name"] == "Ana L.")
    page.goto(f"/teacher/classes/{klass['id']}/reports/students/{ana_id}")
    mistakes = page.locator("section", has=page.get_by_role("heading", name="Mistakes by type"))
    expect(mistakes).to_contain_text("factor or multiple", ignore_case=True)
    expect(mistakes).to_contain_text("Near miss")
    report = teacher.request("GET", f"/api/students/{ana_id}/report/")
    assert json.dumps(report["data"]["mistakes"]).count("factor_pair") == 1
