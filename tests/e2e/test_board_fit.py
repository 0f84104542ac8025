"""Issue 31, one screen for a turn: on a 360 x 740 phone and a 1024 x 768 tablet, every board (at its
proposed options and at its largest) and the child's hand or controls are on the screen together, without
scrolling the page, and nothing overflows sideways. Board cells and cards are tap targets of at least 44 px
on the tablet and 32 px on the phone.

Where a board cannot fit at its largest options (Fultiples' 30 x 30, Stepping By Divisors' 12 x 12 on a
phone) the board scrolls inside its own box, and that box is on the screen with the hand.

A child plays the easy computer; the class, the child and the assignments are made through the API
(test_live_play.py's helpers), the match is opened in Chromium. FIT_SCREENSHOTS=<dir> keeps a screenshot of
each case (fit-<game>-<width>-<options>.png)."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import expect

from games.engines import DEFINITIONS
from tests.e2e.http_client import classroom_with_students, create_assignment, sign_in_student

PHONE = {"width": 360, "height": 740}
TABLET = {"width": 1024, "height": 768}
SMALLEST_TARGET = {360: 32, 1024: 44}
LONGEST_TURN = 3600  # definition.py's TEACHER_MAX_TIME_LIMIT_S: the header shows a timer
HEADER = [".match-title", ".btn-rules", ".match-header-actions a.btn"]


@dataclass(frozen=True)
class Game:
    board: str  # the grid: it, or the box it scrolls in, must be on the screen
    controls: list[str]  # what the child taps or reads on each turn: every one on the screen
    targets: str  # cells and cards: the smallest is the smallest tap target
    largest: dict
    largest_players: int = 2
    may_scroll: bool = False  # its largest board may scroll inside its own box
    opens: str | None = None  # tapped first, to open the controls of a turn (Stepping's divisor box)
    extra_controls: list[str] = field(default_factory=list)
    # Measured at the child's turn with a last number (the instruction at its longest, the dice folded),
    # as most turns are, rather than at the very start.
    mid_game: bool = False


GAMES = {
    # No proposal: the defaults (intermediate, 10 x 10). Largest: a 30 x 30 board of numbers up to 200.
    "fultiples": Game(
        board=".fultiples-grid", controls=[".fultiples-instruction", ".fultiples-messages", ".fultiples-legend",
                                           ".fultiples-dice"],
        targets=".fultiples-cell", mid_game=True,
        largest={"level": "advanced", "rows": 30, "cols": 30, "time_limit_s": LONGEST_TURN}, may_scroll=True),
    # The board is always 8 x 8, the hand 3 cards; the largest target score shows "0 / 100".
    "four_in_a_row": Game(
        board=".four_in_a_row-grid", controls=[".four_in_a_row-status", ".four_in_a_row-hand",
                                              ".four_in_a_row-discard", ".four_in_a_row-scores"],
        targets=".four_in_a_row-cell, .four_in_a_row-card, .four_in_a_row-discard",
        largest={"target_score": 100, "time_limit_s": LONGEST_TURN}),
    # The table of 8 cards is the board; the hand grows to 8 cards, the table to 4 players.
    "multiplin": Game(
        board=".multiplin-table", controls=[".multiplin-product", ".multiplin-hand", ".multiplin-pass",
                                           ".multiplin-round"],
        targets=".multiplin-card, .multiplin-pass", largest={"hand_size": 8}, largest_players=4),
    # Proposed: 6 x 6 filled by the computer. Largest: 12 x 12 and six players. The child moves first: a tap
    # on a square opens the divisor box (Write it).
    "stepping_divisors": Game(
        board=".stepping_divisors-grid", controls=[".stepping_divisors-d", ".stepping_divisors-form",
                                                  ".stepping_divisors-input", ".stepping_divisors-write",
                                                  ".stepping_divisors-cancel"],
        targets=".stepping_divisors-cell, .stepping_divisors-write, .stepping_divisors-cancel",
        largest={"size": 12, "random_fill": True, "time_limit_s": LONGEST_TURN}, largest_players=6,
        may_scroll=True, opens='[data-cell="0,0"]'),
}

MEASURE = """({board, controls, targets}) => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {left: Math.round(r.left), top: Math.round(r.top), right: Math.round(r.right),
            bottom: Math.round(r.bottom)};
  };
  const inside = (b) => b.left >= -0.5 && b.top >= -0.5 && b.right <= vw + 0.5 && b.bottom <= vh + 0.5;
  const grid = document.querySelector(board);
  // The box the board scrolls in, if it does: the nearest ancestor that scrolls and has more than it shows.
  let scroller = null;
  for (let el = grid.parentElement; el && el !== document.body; el = el.parentElement) {
    const s = getComputedStyle(el);
    const scrolls = /(auto|scroll)/.test(s.overflowX + " " + s.overflowY);
    if (scrolls && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
      scroller = el;
      break;
    }
  }
  const shown = controls.map((selector) => {
    const boxes = [...document.querySelectorAll(selector)].map(box);
    return {selector, count: boxes.length, outside: boxes.filter((b) => !inside(b))};
  });
  const sizes = [...document.querySelectorAll(targets)].map((el) => {
    const r = el.getBoundingClientRect();
    return Math.min(r.width, r.height);
  });
  return {
    sideways: document.documentElement.scrollWidth - vw,
    scrollY: window.scrollY,
    grid: box(grid),
    gridInside: inside(box(grid)),
    scroller: scroller && {box: box(scroller), inside: inside(box(scroller)), cls: scroller.className,
                           width: scroller.clientWidth, height: scroller.clientHeight},
    shown,
    smallest: Math.round(Math.min(...sizes) * 10) / 10,
    targets: sizes.length,
  };
}"""


@pytest.fixture(scope="module")
def classroom(live_server):
    """A teacher, a class with Ana, and each game's assignment at its proposed and its largest options
    (the easy computer allowed): {(game, "proposed" | "largest"): assignment id}."""
    teacher, klass, secrets = classroom_with_students(live_server, ["Ana Lopez"])
    assignments = {}
    for game, spec in GAMES.items():
        assignments[game, "proposed"] = create_assignment(teacher, klass, game, DEFINITIONS[game].starting_options(),
                                                          bot_levels=["easy"])["id"]
        assignments[game, "largest"] = create_assignment(teacher, klass, game, spec.largest, bot_levels=["easy"],
                                                         players_per_match=spec.largest_players)["id"]
    return teacher, klass, sign_in_student(live_server, klass, "Ana L.", secrets["Ana L."]), assignments


@pytest.fixture
def ends_every_game(classroom):
    """The teacher's bell ends the match a case opened, so the next case's child may start another."""
    yield
    teacher, klass, _, _ = classroom
    teacher.request("POST", f"/api/classes/{klass['id']}/live/end-all/", {})


def to_a_turn_with_a_last_number(child, match_id: int) -> None:
    """Fultiples: the child's first mark (any number) if they start, then wait for their turn after the
    computer's mark."""
    deadline = time.monotonic() + 30
    while True:
        view = child.request("GET", f"/api/matches/{match_id}/")["view"]
        if view["seat"] in view["to_move"]:
            if view["last"] is not None:
                return
            child.request("POST", f"/api/matches/{match_id}/actions/", {"action": {"type": "mark", "cell": [0, 0]}})
            continue
        assert time.monotonic() < deadline, f"the child's turn after a mark never came: {view}"
        time.sleep(0.2)


@pytest.mark.parametrize("options", ["proposed", "largest"])
@pytest.mark.parametrize("viewport", [PHONE, TABLET], ids=["phone", "tablet"])
@pytest.mark.parametrize("game", GAMES)
def test_the_board_and_the_hand_fit_one_screen(game, viewport, options, classroom, page_as, ends_every_game):
    spec = GAMES[game]
    _, _, ana, assignments = classroom
    match = ana.request("POST", f"/api/assignments/{assignments[game, options]}/computer-match/",
                        {"bot_level": "easy"})["match"]
    page = page_as(ana, viewport)
    page.goto(f"/play/{match['id']}")
    fits_one_screen(page, spec, viewport, options, f"fit-{game}-{viewport['width']}-{options}")
    if spec.mid_game:  # and again on a later turn
        to_a_turn_with_a_last_number(ana, match["id"])
        page.reload()
        fits_one_screen(page, spec, viewport, options, f"fit-{game}-{viewport['width']}-{options}-later")


def fits_one_screen(page, spec: Game, viewport: dict, options: str, name: str) -> None:
    expect(page.locator(spec.board)).to_be_visible()
    if spec.opens:
        page.locator(spec.opens).click()
    for selector in spec.controls:
        expect(page.locator(selector).first).to_be_visible()
    page.evaluate("() => Promise.all(document.getAnimations().filter((a) => "
                  "a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => null)))")
    fit = page.evaluate(MEASURE, {"board": spec.board, "controls": spec.controls + HEADER, "targets": spec.targets})
    if directory := os.environ.get("FIT_SCREENSHOTS"):
        page.screenshot(path=os.path.join(directory, f"{name}.png"))

    assert fit["sideways"] <= 0, f"the page scrolls sideways by {fit['sideways']} px: {fit}"
    assert fit["scrollY"] == 0, f"the page scrolled to show something: {fit}"
    if fit["scroller"] is None:
        assert fit["gridInside"], f"the board is not all on the screen: {fit}"
    else:
        assert spec.may_scroll, f"the board scrolls in its box: {fit}"
        assert options == "largest", f"the board scrolls in its box at the proposed options: {fit}"
        assert fit["scroller"]["inside"], f"the board's scrolling box is not on the screen: {fit}"
        # A box to play in, not a keyhole: half the screen's width at least and a third of its height.
        assert fit["scroller"]["width"] >= viewport["width"] / 2, fit
        assert fit["scroller"]["height"] >= viewport["height"] / 3, fit
    for shown in fit["shown"]:
        assert shown["count"] >= 1, f"{shown['selector']} is not on the page: {fit}"
        assert not shown["outside"], f"{shown['selector']} is not all on the screen: {fit}"
    assert fit["smallest"] >= SMALLEST_TARGET[viewport["width"]], f"a tap target is too small: {fit}"
