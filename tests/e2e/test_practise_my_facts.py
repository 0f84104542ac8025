""""Practise my facts" in Chromium (issue 31): a child who got one fact wrong twice in a game against the
computer opens My progress, sees it under Practise next, taps "Practise my facts" and lands in a new
match against the easy computer whose options carry that fact as its focus.

The misses are made through the API (the same wrong Four-in-a-Row play twice: a mistake keeps the turn
and the hand unless the game is strict); the progress page and the tap are Chromium's."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from games.engines import get_engine
from tests.e2e.test_live_play import ANA, class_of_two
from tests.e2e.test_live_report import a_wrong_play

TIMES = "\N{MULTIPLICATION SIGN}"


def a_wrong_play_on_a_dealable_fact(view: dict) -> tuple[dict, tuple[int, int]]:
    """A wrong Four-in-a-Row play counted against a fact that game can deal (so a practice match can
    bring it up)."""
    return a_wrong_play(view, keep=lambda fact: get_engine("four_in_a_row").focus_range({}).fits(*fact))


def test_a_child_with_two_misses_taps_practise_my_facts_and_plays_the_computer_on_that_fact(live_server, page_as):
    _, _, students = class_of_two(live_server, "four_in_a_row", {}, bot_levels=["easy"])
    ana = students[ANA]
    (assignment,) = ana.request("GET", "/api/my/assignments/")
    first = ana.request("POST", f"/api/assignments/{assignment['id']}/computer-match/", {"bot_level": "easy"})["match"]
    deadline = time.monotonic() + 30  # Ana's turn (the computer may start)
    while (view := ana.request("GET", f"/api/matches/{first['id']}/")["view"])["seat"] not in view["to_move"]:
        assert time.monotonic() < deadline, "Ana's turn never came"
        time.sleep(0.25)
    action, (a, b) = a_wrong_play_on_a_dealable_fact(view)
    for _ in range(2):  # the same wrong play twice: two misses on one fact
        ana.request("POST", f"/api/matches/{first['id']}/actions/", {"action": action})
    assert ana.request("GET", f"/api/matches/{first['id']}/")["view"]["mistakes"][view["seat"]] == 2
    ana.request("POST", f"/api/matches/{first['id']}/resign/")  # free to start another

    page = page_as(ana)
    page.goto("/progress")
    practise_next = page.locator("section", has=page.get_by_role("heading", name="Practise next"))
    expect(practise_next.get_by_role("listitem").first).to_contain_text(f"{a} {TIMES} {b}")
    practise_next.get_by_role("button", name="Practise my facts").click()

    expect(page).to_have_url(re.compile(r"/play/\d+$"))
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    assert match_id != first["id"]
    match = ana.request("GET", f"/api/matches/{match_id}/")["match"]
    assert (match["kind"], match["status"], match["assignment_id"]) == ("computer", "active", assignment["id"])
    assert match["settings"]["focus"] == {"mode": "facts", "facts": [[a, b]]}
    assert [seat["bot"] for seat in match["seats"]] == [None, "easy"]
    assert ana.request("GET", "/api/my/current-match/")["match"]["id"] == match_id
