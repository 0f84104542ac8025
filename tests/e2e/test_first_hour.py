"""Issue 32 in the browser: a teacher who has just signed up opens /teacher, sees the first-run
checklist with nothing done, makes a class, and sees "Make a class" tick itself off; the new class
already has its starter game for the children."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import pages_on
from tests.e2e.http_client import signed_up_teacher


def test_first_hour_checklist_ticks_when_the_teacher_makes_a_class(browser, live_server):
    teacher = signed_up_teacher(live_server)
    with pages_on(browser, live_server) as make:
        page = make(cookies_of=teacher)
        page.goto("/teacher")
        checklist = page.get_by_role("region", name="Getting started")
        expect(checklist).to_be_visible()
        expect(checklist.get_by_text("0 of 5 steps done.", exact=False)).to_be_visible()
        make_class = checklist.locator('li[data-step="class"]')
        expect(make_class).to_have_attribute("data-done", "false")
        checklist.get_by_role("link", name="Make a class").click()

        page.get_by_label("Class name").fill("Room 4")
        page.get_by_role("button", name="Create class").click()
        expect(make_class).to_have_attribute("data-done", "true")
        expect(checklist.get_by_text("1 of 5 steps done.", exact=False)).to_be_visible()
        # The next steps now lead into the new class.
        checklist.get_by_role("link", name="Add your students' names").click()
        expect(page.get_by_role("heading", level=1, name="Room 4")).to_be_visible()
        expect(page.get_by_label("Names, one student per line")).to_be_focused()

    (klass,) = teacher.request("GET", "/api/classes/")["results"]
    (starter,) = teacher.request("GET", f"/api/classes/{klass['id']}/assignments/")
    assert starter["game"] == "four_in_a_row"
