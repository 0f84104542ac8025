"""The teacher's controls for the whole class, in Chromium: while Ana and Ben play, the teacher pauses
every game (both children's boards wait under "Eyes on your teacher!", a move is refused), resumes
(they play on), then rings the bell (both screens say the teacher ended the game and what they
practised)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.http_client import match_state
from tests.e2e.test_live_play import ANA, BEN, SMALL_FULTIPLES, class_of_two, legal_cell, mark, quick_match


def test_the_teacher_pauses_resumes_and_ends_every_game_while_two_children_play(live_server, page_as):
    teacher, klass, students = class_of_two(live_server, "fultiples", {**SMALL_FULTIPLES, "time_limit_s": 120})
    match_id = quick_match(students)
    pages = {name: page_as(students[name]) for name in (ANA, BEN)}
    for page in pages.values():
        page.goto(f"/play/{match_id}")
        expect(page.get_by_role("grid", name="Number grid, 6 rows and 6 columns")).to_be_visible()
    # one move each, so both children have something practised
    for _ in range(2):
        view = match_state(students[ANA], match_id)["view"]
        mover = next(name for name, seat in ((ANA, view["seat"]), (BEN, 1 - view["seat"])) if seat in view["to_move"])
        mark(pages[mover], *legal_cell(view), who=mover)

    live = page_as(teacher)
    live.goto(f"/teacher/classes/{klass['id']}/live")
    live.get_by_role("button", name="Pause every game").click()
    expect(live.get_by_role("button", name="Resume every game")).to_be_visible()
    for page in pages.values():
        expect(page.get_by_role("status").filter(has_text="Eyes on your teacher!")).to_be_visible()
        expect(page.locator(".board-area")).to_have_attribute("inert", "")
    view = match_state(students[ANA], match_id)["view"]
    mover = ANA if view["seat"] in view["to_move"] else BEN
    move = {"action": {"type": "mark", "cell": list(legal_cell(match_state(students[mover], match_id)["view"]))}}
    with pytest.raises(AssertionError, match="paused"):  # a move sent anyway (an old tab) is refused
        students[mover].request("POST", f"/api/matches/{match_id}/actions/", move)

    live.get_by_role("button", name="Resume every game").click()
    for page in pages.values():
        expect(page.get_by_role("status").filter(has_text="Eyes on your teacher!")).to_have_count(0)
    view = match_state(students[mover], match_id)["view"]
    mark(pages[mover], *legal_cell(view), who=mover)  # play goes on

    live.get_by_role("button", name="End every game").click()
    dialog = live.get_by_role("dialog", name="End every game of the class?")
    dialog.get_by_role("button", name="End every game").click()
    for name, page in pages.items():
        over = page.get_by_role("region", name="Game over")
        expect(over).to_contain_text("The teacher ended the match.")
        # each child made one claim; whether it rests on a grid fact (the list of facts) depends on the board
        expect(over.get_by_text(re.compile(r"^You answered 1 time, [01] right\.$"))).to_be_visible()
        assert match_state(students[name], match_id)["match"]["status"] == "aborted"
    expect(live.get_by_role("heading", name="Matches now (0)")).to_be_visible()
