"""The live report in Chromium: the teacher keeps the class's live grid open while a child plays
Four-in-a-Row; the child's wrong claim appears on the teacher's grid without a reload."""

from __future__ import annotations

import time
from collections.abc import Callable

from playwright.sync_api import expect

from games.reports.attribution import attributed_fact
from games.reports.mistakes import classify
from tests.e2e.test_live_play import ANA, class_of_two


def a_wrong_play(view: dict, keep: Callable[[tuple[int, int]], bool] = lambda fact: max(fact) <= 10,
                 ) -> tuple[dict, tuple[int, int]]:
    """Two cards of the hand (a wild card stands for 7) on a free square whose number is not their
    product, and the fact the reports will count it against, one that `keep` keeps (by default one on the
    10 x 10 grid the page shows)."""
    hand = view["hand"]
    for i in range(len(hand)):
        for j in range(i + 1, len(hand)):
            a, b = (7 if card == "W" else card for card in (hand[i], hand[j]))
            for r, row in enumerate(view["board"]):
                for c, number in enumerate(row):
                    if view["markers"][r][c] is None and number != a * b:
                        fact = attributed_fact(kind="multiply", a=a, b=b, answer=number, correct=False,
                                               mistake_type=classify("multiply", a, b, number, False))
                        if fact is not None and keep(fact):
                            return {"type": "play", "cards": [i, j], "values": [a, b], "cell": [r, c]}, fact
    raise AssertionError(f"no wrong play on a fact to keep in {view}")


def test_a_childs_mistake_appears_on_the_teachers_open_live_grid(live_server, page_as):
    teacher, klass, students = class_of_two(live_server, "four_in_a_row", {}, bot_levels=["easy"])
    ana = students[ANA]
    (assignment,) = ana.request("GET", "/api/my/assignments/")
    match = ana.request("POST", f"/api/assignments/{assignment['id']}/computer-match/", {"bot_level": "easy"})["match"]

    page = page_as(teacher)
    page.goto(f"/teacher/classes/{klass['id']}/reports?period=live")
    title = f"{klass['name']}: multiplication facts (the last two hours, all games)"
    expect(page.get_by_role("heading", name=title)).to_be_visible()

    deadline = time.monotonic() + 30  # Ana's turn (the computer may start)
    while (view := ana.request("GET", f"/api/matches/{match['id']}/")["view"])["seat"] not in view["to_move"]:
        assert time.monotonic() < deadline, "Ana's turn never came"
        time.sleep(0.25)
    action, (a, b) = a_wrong_play(view)
    expect(page.get_by_text("No answers yet in the last two hours.")).to_be_visible()  # the grid comes with one
    ana.request("POST", f"/api/matches/{match['id']}/actions/", {"action": action})
    cell = page.locator(f'td[data-fact="{a}x{b}"]')
    expect(cell).to_contain_text("0% right (0 of 1 try)", timeout=10_000)  # no reload, no click
    expect(cell).not_to_have_class("rep-heat-cell rep-heat-unseen")
