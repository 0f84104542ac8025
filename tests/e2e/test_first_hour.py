"""Issue 32 in the browser: a teacher who has just signed up opens /teacher, sees the first-run
checklist with nothing done, makes a class, and sees "Make a class" tick itself off; the new class
already has its starter game for the children. And the whole first hour, from sign-up to a child playing
and the teacher's report showing the last minute."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from tests.e2e.conftest import pages_on
from tests.e2e.http_client import signed_up_teacher
from tests.e2e.test_roster_and_sign_in import (
    parse_cards,
    student_opens_picture_page,
    tap_pictures,
    teacher_creates_class_with_roster,
    teacher_downloads_cards,
    teacher_signs_up,
)
from tests.e2e.test_whole_matches import move_four_in_a_row, start_against_the_computer


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


STARTER = "Four-in-a-Row Multiplication"  # the title of a new class's starter game


def click(page, target) -> None:
    target.click()


def test_a_new_teacher_gets_a_class_playing_and_reads_the_last_minute(new_page, tmp_path):
    """The whole first hour with no dead end: sign up, make a class, paste names, print the cards; a child
    signs in with their card's pictures and plays the class's starter game; the teacher's report, open all
    along, shows the child's answers of the last minute with nothing to build."""
    teacher = new_page()
    teacher_signs_up(teacher)
    code = teacher_creates_class_with_roster(teacher, "Room 5")
    cards = parse_cards(teacher_downloads_cards(teacher, tmp_path))
    ana = next(card for card in cards if card.display_name == "Ana L.")
    teacher.get_by_role("link", name="Reports", exact=True).click()
    expect(teacher.get_by_text("No answers yet in the last 30 days. When the class plays")).to_be_visible()

    child = new_page()
    student_opens_picture_page(child, code, ana.display_name)
    tap_pictures(child, ana.pictures)
    child.get_by_role("radio", name="Fox").click()
    child.get_by_role("radio", name="Purple").click()
    child.get_by_role("button", name="That's me!").click()
    match_id = start_against_the_computer(child, STARTER, click)  # the starter game: nothing was assigned

    def state() -> dict:
        return child.evaluate(f"fetch('/api/matches/{match_id}/').then(r => r.json())")

    def answers() -> int:
        totals = teacher.locator(".rep-totals div").filter(has_text="Answers").locator("dd")
        return int(totals.inner_text().replace(",", "")) if totals.count() else 0

    deadline = time.monotonic() + 120
    while answers() == 0:  # a swap of two cards is no answer: play until one is, as a child does
        assert time.monotonic() < deadline, "no answer reached the teacher's open report within 2 minutes"
        now = state()
        view = now["view"]
        if now["match"]["status"] != "active":
            match_id = start_against_the_computer(child, STARTER, click)
        elif view["seat"] in view["to_move"] and child.locator(".turn-mine").count():
            move_four_in_a_row(child, view, click)
            expect(child.locator(".turn-mine")).to_have_count(0, timeout=15_000)
        teacher.wait_for_timeout(500)
    expect(teacher.get_by_role("heading", name="Times tables")).to_be_visible()
    expect(teacher.get_by_role("button", name=re.compile("Build"))).to_have_count(0)
