"""Watching a finished match again in Chromium: the child from their game history, the teacher from
the live page; the child sees only their own seat, the teacher chooses whose board to see."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from tests.e2e.test_live_play import ANA, class_of_two


def test_a_child_and_the_teacher_watch_a_finished_match_again(live_server, page_as):
    teacher, klass, students = class_of_two(live_server, "four_in_a_row", {}, bot_levels=["easy"])
    ana = students[ANA]
    (assignment,) = ana.request("GET", "/api/my/assignments/")
    match_id = ana.request("POST", f"/api/assignments/{assignment['id']}/computer-match/",
                           {"bot_level": "easy"})["match"]["id"]
    plays, deadline = 0, time.monotonic() + 60
    while plays < 2:  # two of Ana's turns (the computer plays between them)
        assert time.monotonic() < deadline, "Ana's turns never came"
        view = ana.request("GET", f"/api/matches/{match_id}/")["view"]
        if view["seat"] not in view["to_move"]:
            time.sleep(0.25)
            continue
        hand = view["hand"]
        values = [card if card != "W" else 2 for card in hand[:2]]
        free = next([r, c] for r, row in enumerate(view["markers"]) for c, m in enumerate(row) if m is None)
        ana.request("POST", f"/api/matches/{match_id}/actions/",
                    {"action": {"type": "play", "cards": [0, 1], "values": values, "cell": free}})
        plays += 1
    teacher.request("POST", f"/api/classes/{klass['id']}/live/end-all/")

    child = page_as(ana)
    child.goto("/home")
    child.get_by_role("link", name=re.compile(r"^Watch again: Four-in-a-Row")).click()
    expect(child.get_by_text("The start: the cards are dealt and the board is set.")).to_be_visible()
    expect(child.locator(".board-area")).to_have_attribute("inert", "")
    expect(child.locator(".four_in_a_row-discard")).to_be_hidden()  # nothing to press in a replay
    child.get_by_role("button", name="Next ▶").click()
    expect(child.get_by_text(re.compile(r"^Move 1: "))).to_be_visible()
    child.get_by_role("button", name="End »").click()
    expect(child.get_by_text(re.compile(r"^Move \d+: The teacher ended the match\.$"))).to_be_visible()
    expect(child.get_by_label("See the board as")).to_have_count(0)  # only their own seat

    staff = page_as(teacher)
    staff.goto(f"/teacher/classes/{klass['id']}/live")
    staff.get_by_role("link", name=re.compile(r"^Watch again: Four-in-a-Row")).click()
    expect(staff.get_by_text("The start: the cards are dealt and the board is set.")).to_be_visible()
    see_as = staff.get_by_label("See the board as")
    expect(see_as.locator("option")).to_have_count(3)  # Ana, the computer, everyone
    see_as.select_option(label="the computer")
    staff.get_by_role("button", name="End »").click()
    expect(staff.get_by_text(re.compile(r"The teacher ended the match\.$"))).to_be_visible()
