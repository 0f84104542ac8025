"""Browser tests of the background jobs: a batch of 200 grids with its progress bar and its PDF (made
by a job too, asked for from the keyboard); and the reports, which show a mistake a child made in a match a
moment ago with nothing to build. A Celery worker runs beside the server."""

import io
import json

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.e2e.fultiples_moves import play_until_a_near_miss
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


def test_the_reports_show_a_mistake_made_a_moment_ago_with_nothing_to_build(teacher_page, server_with_worker):
    page, teacher, klass, secrets = teacher_page
    teacher.request("POST", f"/api/classes/{klass['id']}/assignments/",
                    {"game": "fultiples", "options": {"rows": 6, "cols": 6, "level": "beginner"},
                     "bot_levels": ["easy"]})
    roster = teacher.request("GET", f"/api/classes/{klass['id']}/students/")["results"]
    ana_id = next(s["id"] for s in roster if s["display_name"] == "Ana L.")
    # The teacher opens Ana's report before she plays, and leaves it open.
    page.goto(f"/teacher/classes/{klass['id']}/reports/students/{ana_id}")
    expect(page.get_by_text("No answers yet in the last 30 days. When Ana L. plays")).to_be_visible()
    ana = sign_in_student(server_with_worker, klass, "Ana L.", secrets["Ana L."])
    (assignment,) = ana.request("GET", "/api/my/assignments/")
    for _ in range(5):  # a game that ends before the board offers a near miss is replaced by a new one
        match = ana.request("POST", f"/api/assignments/{assignment['id']}/computer-match/", {"bot_level": "easy"})
        claim = play_until_a_near_miss(ana, match["match"]["id"])
        if claim is not None:
            break
    else:
        raise AssertionError("five games ended before any offered a near miss")

    # The open page shows it by itself (it reads the figures again every few seconds): no button, no build.
    mistakes = page.locator("section", has=page.get_by_role("heading", name="Mistakes by type"))
    expect(mistakes).to_contain_text("factor or multiple", ignore_case=True, timeout=60_000)
    expect(mistakes).to_contain_text("Shares a factor, but neither is a multiple of the other")
    expect(page.get_by_role("button", name="Build now")).to_have_count(0)
    report = teacher.request("GET", f"/api/students/{ana_id}/report/")
    assert json.dumps(report["data"]["mistakes"]).count("factor_pair") == 1
    # The class's report, opened now, has it too.
    page.goto(f"/teacher/classes/{klass['id']}/reports")
    expect(page.locator("section", has=page.get_by_role("heading", name="Mistakes by type"))).to_contain_text(
        "Shares a factor, but neither is a multiple of the other")
