"""Issue 32, teacher pages that work on a phone: every page under /teacher, on a 360 x 740 phone and a
1024 x 768 tablet, never scrolls sideways, and each page's main buttons (the header's, the rows' actions,
the forms') are inside the screen from left to right. On the phone the header is compact, and the tables
(roster, assignments, the CSV preview) are stacked cards whose actions are full-width buttons.

The report's times-table grid and a batch's Fultiples grids may scroll inside their own box; the page
may not. The class, its children, assignments, a finished and a running match and a batch of grids are
made through the API. FIT_SCREENSHOTS=<dir> keeps a screenshot of each case (teacher-<page>-<width>.png,
the whole page)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.fultiples_moves import play_right_moves
from tests.e2e.http_client import classroom_with_students, create_assignment, sign_in_student

PHONE = {"width": 360, "height": 740}
TABLET = {"width": 1024, "height": 768}
HEADER = ".topbar a, .topbar button"
# Where a grid may scroll inside its own box: what is in it may be beyond the screen's edge.
OWN_SCROLL = ".rep-heat-scroll, .rep-preview-grid, .rep-grid-figure"
PHONE_HEADER_HEIGHT = 120  # px of 740: brand, sign out and the three links (it was 255)

# A CSV whose names are long and one row wrong: the preview's Problems column must show.
CSV = ("first_name,last_name\nMaximiliana-Josefina,Oyelaran-Featherstonehaugh\n"
       "Ana,\n,Lopez\nBartholomew,Ng\n")


@dataclass(frozen=True)
class TeacherPage:
    path: str  # formatted with class_id, student_id, finished, running
    ready: str  # shown once the page has loaded what it is measured with
    buttons: str  # the page's main buttons: at least one, each inside the screen sideways
    prepare: Callable[[Page], None] | None = None
    before: Callable[[Page], None] | None = None  # run before the page is opened


def twelve_by_twelve(page: Page) -> None:
    """The class report as the server sends it, with every fact up to 12 x 12 answered: the widest grid."""
    def widen(route) -> None:
        report = route.fetch().json()
        report["data"]["grid_size"] = 12
        report["data"]["facts"] = [{"a": a, "b": b, "attempts": 3, "right": 2, "wrong": 1, "accuracy": 0.667,
                                    "median_think_ms": 2500, "state": "learning"}
                                   for a in range(1, 13) for b in range(a, 13)]
        route.fulfill(json=report)

    page.route("**/api/classes/*/report/?*", widen)


def import_a_csv(page: Page) -> None:
    page.locator('.csv-import input[type="file"]').set_input_files(
        files=[{"name": "class.csv", "mimeType": "text/csv", "buffer": CSV.encode()}])


def open_the_assignment_form(page: Page) -> None:
    page.get_by_role("button", name="Assign a game").click()


def preview_a_batch(page: Page) -> None:
    page.locator(".rep-batch").get_by_role("button", name="Preview").first.click()


PAGES = {
    "classes": TeacherPage("/teacher", ".class-item", ".class-item .btn, .inline-form .btn"),
    "roster": TeacherPage("/teacher/classes/{class_id}", "table.roster tbody tr",
                          "table.roster .btn, .two-col .btn"),
    "import_csv": TeacherPage("/teacher/classes/{class_id}", ".preview-table tbody tr",
                              ".preview-table td, .two-col .btn", prepare=import_a_csv),
    "assignments": TeacherPage("/teacher/classes/{class_id}/assignments", "table.assignments tbody tr",
                               "table.assignments .btn, .class-nav .btn"),
    "assignment_form": TeacherPage("/teacher/classes/{class_id}/assignments", ".assignment-form",
                                   ".assignment-form .btn, .assignment-form select, .assignment-form input",
                                   prepare=open_the_assignment_form),
    "live": TeacherPage("/teacher/classes/{class_id}/live", ".live-match", ".live-match .btn, .class-controls .btn"),
    "class_report": TeacherPage("/teacher/classes/{class_id}/reports?period=live", ".rep-heat-table",
                                ".rep-filters select, .rep-exports .btn"),
    "class_report_30d": TeacherPage("/teacher/classes/{class_id}/reports", ".rep-heat-table",
                                    ".rep-filters select, .rep-exports .btn, .rep-section a"),
    "class_report_12x12": TeacherPage("/teacher/classes/{class_id}/reports", ".rep-heat-table",
                                      ".rep-filters select, .rep-exports .btn", before=twelve_by_twelve),
    "student_report": TeacherPage("/teacher/classes/{class_id}/reports/students/{student_id}?period=live",
                                  ".rep-heat-table", ".rep-filters select, .rep-back a"),
    "batches": TeacherPage("/teacher/batches", ".rep-grid", ".rep-batch .btn, .rep-preview-nav .btn, .rep-form .btn",
                           prepare=preview_a_batch),
    "all_classes": TeacherPage("/teacher/reports", ".rep-section table", ".rep-filters select, .rep-section a"),
    "replay": TeacherPage("/teacher/replays/{finished}", ".board-area", "main button, main a.btn, main select"),
    "watch": TeacherPage("/teacher/matches/{running}", ".board-area", ".match-header-actions a.btn, .btn-rules"),
}

MEASURE = """({header, buttons, ownScroll}) => {
  const vw = window.innerWidth;
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {left: Math.round(r.left), right: Math.round(r.right), width: Math.round(r.width),
            text: (el.innerText || el.getAttribute("aria-label") || el.name || el.tagName).trim().slice(0, 40)};
  };
  const outside = (selector) => [...document.querySelectorAll(selector)]
    .filter((el) => shown(el) && !el.closest(ownScroll))
    .map(box)
    .filter((b) => b.left < -0.5 || b.right > vw + 0.5);
  const count = (selector) => [...document.querySelectorAll(selector)].filter(shown).length;
  const topbar = document.querySelector(".topbar");
  return {
    sideways: document.documentElement.scrollWidth - vw,
    // what sticks out on the right, if anything (for the message)
    wide: [...document.querySelectorAll("body *")].filter((el) => shown(el) && !el.closest(ownScroll)
      && el.getBoundingClientRect().right > vw + 0.5).slice(-4).map((el) => el.tagName + "." + el.className),
    header: topbar ? Math.round(topbar.getBoundingClientRect().height) : null,
    headerOutside: outside(header),
    buttons: count(buttons),
    buttonsOutside: outside(buttons),
  };
}"""


def wait_for(what: Callable[[], dict], done: Callable[[dict], bool], message: str, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while not done(answer := what()):
        assert time.monotonic() < deadline, f"{message}: {answer}"
        time.sleep(0.25)
    return answer


@pytest.fixture(scope="module")
def classroom(live_server):
    """A teacher's class with Ana and Ben, two assignments (one for Ana only, with a long title), a few of Ana's
    answers in Fultiples, Ana's finished match and her running one against the computer, and a finished batch of
    advanced grids."""
    teacher, klass, secrets = classroom_with_students(live_server, ["Ana Lopez", "Ben Okafor"])
    create_assignment(teacher, klass, "four_in_a_row", {}, bot_levels=["easy"])
    ana = sign_in_student(live_server, klass, "Ana L.", secrets["Ana L."])
    students = teacher.request("GET", f"/api/classes/{klass['id']}/students/")
    students = students["results"] if isinstance(students, dict) else students
    ana_id = next(s["id"] for s in students if s["display_name"] == "Ana L.")
    create_assignment(teacher, klass, "fultiples", {"rows": 6, "cols": 6, "level": "beginner"},
                      title="Fultiples practice before the spelling test", students=[ana_id], bot_levels=["easy"])
    (fultiples,) = [a for a in ana.request("GET", "/api/my/assignments/") if a["game"] == "fultiples"]
    practice = ana.request("POST", f"/api/assignments/{fultiples['id']}/computer-match/", {"bot_level": "easy"})
    assert play_right_moves(ana, practice["match"]["id"], 3) >= 2  # answers for the reports to show
    ana.request("POST", f"/api/matches/{practice['match']['id']}/resign/")
    (assignment, *_) = [a for a in ana.request("GET", "/api/my/assignments/") if a["game"] == "four_in_a_row"]

    def computer_match() -> int:
        return ana.request("POST", f"/api/assignments/{assignment['id']}/computer-match/",
                           {"bot_level": "easy"})["match"]["id"]

    finished = computer_match()
    teacher.request("POST", f"/api/classes/{klass['id']}/live/end-all/")
    wait_for(lambda: teacher.request("GET", f"/api/matches/{finished}/"), lambda m: m["view"]["phase"] == "over",
             "the teacher's bell did not end the match")
    running = computer_match()
    batch = teacher.request("POST", "/api/batches/", {"count": 2, "level": "advanced"})
    batch = wait_for(lambda: teacher.request("GET", f"/api/batches/{batch['id']}/"),
                     lambda b: b["status"] in ("done", "failed"), "the batch was not made")
    assert batch["status"] == "done", batch
    return teacher, {"class_id": klass["id"], "student_id": ana_id, "finished": finished, "running": running}


@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
@pytest.mark.parametrize("name", PAGES)
def test_a_teacher_page_fits_the_screen_sideways(name, viewport, classroom, page_as):
    spec = PAGES[name]
    teacher, ids = classroom
    page = page_as(teacher, viewport)
    if spec.before:
        spec.before(page)
    page.goto(spec.path.format(**ids))
    if spec.prepare:
        spec.prepare(page)
    expect(page.locator(spec.ready).first).to_be_visible()
    page.evaluate("() => document.fonts.ready")
    fit = page.evaluate(MEASURE, {"header": HEADER, "buttons": spec.buttons, "ownScroll": OWN_SCROLL})
    if directory := os.environ.get("FIT_SCREENSHOTS"):
        page.screenshot(path=os.path.join(directory, f"teacher-{name}-{viewport['width']}.png"), full_page=True)

    assert fit["sideways"] <= 0, f"the page scrolls sideways by {fit['sideways']} px: {fit}"
    assert not fit["headerOutside"], f"the header's links or buttons are off the screen: {fit}"
    assert fit["buttons"] >= 1, f"none of {spec.buttons} is on the page: {fit}"
    assert not fit["buttonsOutside"], f"buttons off the screen sideways: {fit}"
    if viewport is PHONE and fit["header"] is not None:
        assert fit["header"] <= PHONE_HEADER_HEIGHT, f"the header takes {fit['header']} px of 740: {fit}"
