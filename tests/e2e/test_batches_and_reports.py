"""Browser tests of the background jobs: a batch of 200 grids with its progress bar and its PDF (made
by a job too, asked for from the keyboard), and a report that shows a mistake a child made in a match.
A Celery worker runs beside the server."""

import io
import json
import time
from math import gcd

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.e2e.http_client import classroom_with_students, sign_in_student
from tests.e2e.server import LiveServer


@pytest.fixture(scope="module")
def server_with_worker():
    server, (url,) = LiveServer.start()
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
    button = page.get_by_role("button", name="Download PDF").first
    button.focus()
    with page.expect_download(timeout=60_000) as download:
        page.keyboard.press("Enter")  # asks for the PDF; a job makes it; the page downloads it when made
    assert download.value.suggested_filename.startswith("fultiples-grids-")
    pdf = PdfReader(io.BytesIO(download.value.path().read_bytes()))
    assert len(pdf.pages) == 200
    assert "Based on the primes 2, 3 and 7" in pdf.pages[0].extract_text()
    expect(page.get_by_role("status").filter(has_text=f"downloaded as {download.value.suggested_filename}")
           ).to_have_count(1)  # what a screen reader hears
    expect(page.get_by_role("button", name="Save again")).to_be_visible()
    expect(page.get_by_role("button", name="Download PDF").first).to_be_focused()  # the keyboard stays put


def free_cells(view: dict) -> list[tuple[int, int, int]]:
    return [(r, c, v) for r, row in enumerate(view["board"]) for c, v in enumerate(row) if view["marks"][r][c] is None]


def near_miss_cell(view: dict) -> list[int] | None:
    """A free cell whose number shares a factor with the last number while neither divides the other
    (42 after 8). After a prime (2, 3 or 5 on a beginner grid) there is none: every number that shares
    its factor is a multiple of it."""
    board, last = view["board"], view["last"]
    previous = board[last[0]][last[1]]
    near = [[r, c] for r, c, v in free_cells(view) if previous % v and v % previous and gcd(previous, v) > 1]
    return near[0] if near else None


def right_cell(view: dict) -> list[int]:
    """A free cell that is a factor or a multiple of the last number: a correct move."""
    previous = view["board"][view["last"][0]][view["last"][1]]
    return next([r, c] for r, c, v in free_cells(view) if v % previous == 0 or previous % v == 0)


def play_until_a_near_miss(student, match_id: int) -> tuple[int, int] | None:
    """Play correct moves until the board offers a near miss, then make that one wrong claim and return
    it as (last number, claimed number); None if the game ends first (about 1 game in 1,000)."""
    mark = f"/api/matches/{match_id}/actions/"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = student.request("GET", f"/api/matches/{match_id}/")
        view = state["view"]
        if view["result"] is not None:
            return None
        if view["seat"] not in view["to_move"]:
            time.sleep(0.3)
            continue
        if view["last"] is None or view["free_start"]:
            student.request("POST", mark, {"action": {"type": "mark", "cell": list(free_cells(view)[0][:2])}})
            continue
        cell = near_miss_cell(view)
        if cell is None:
            student.request("POST", mark, {"action": {"type": "mark", "cell": right_cell(view)}})
            continue
        answer = student.request("POST", mark, {"action": {"type": "mark", "cell": cell}})
        assert answer["version"] == state["version"] + 1
        after = student.request("GET", f"/api/matches/{match_id}/")["view"]
        claim = (view["board"][view["last"][0]][view["last"][1]], view["board"][cell[0]][cell[1]])
        assert after["mistakes"][view["seat"]] == view["mistakes"][view["seat"]] + 1, (
            f"the claim {claim[1]} after {claim[0]} was not counted as a mistake; board {view['board']}")
        return claim
    raise AssertionError("no turn of ours within 60 s")


def test_the_students_report_shows_the_mistake_made_in_a_match(teacher_page, server_with_worker):
    page, teacher, klass, secrets = teacher_page
    teacher.request("POST", f"/api/classes/{klass['id']}/assignments/",
                    {"game": "fultiples", "options": {"rows": 6, "cols": 6, "level": "beginner"},
                     "bot_levels": ["easy"]})
    ana = sign_in_student(server_with_worker, klass, "Ana L.", secrets["Ana L."])
    (assignment,) = ana.request("GET", "/api/my/assignments/")
    for _ in range(5):  # a game that ends before the board offers a near miss is replaced by a new one
        match = ana.request("POST", f"/api/assignments/{assignment['id']}/computer-match/", {"bot_level": "easy"})
        claim = play_until_a_near_miss(ana, match["match"]["id"])
        if claim is not None:
            break
    else:
        raise AssertionError("five games ended before any offered a near miss")

    page.goto(f"/teacher/classes/{klass['id']}/reports")
    expect(page.get_by_role("heading", name="No report yet")).to_be_visible()
    page.get_by_role("button", name="Build now").click()
    expect(page.get_by_role("heading", name="Mistakes by type")).to_be_visible(timeout=60_000)
    roster = teacher.request("GET", f"/api/classes/{klass['id']}/students/")["results"]
    ana_id = next(s["id"] for s in roster if s["display_name"] == "Ana L.")
    page.goto(f"/teacher/classes/{klass['id']}/reports/students/{ana_id}")
    mistakes = page.locator("section", has=page.get_by_role("heading", name="Mistakes by type"))
    expect(mistakes).to_contain_text("factor or multiple", ignore_case=True)
    expect(mistakes).to_contain_text("Shares a factor, but neither is a multiple of the other")
    report = teacher.request("GET", f"/api/students/{ana_id}/report/")
    assert json.dumps(report["data"]["mistakes"]).count("factor_pair") == 1
