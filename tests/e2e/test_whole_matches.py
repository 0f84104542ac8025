"""A child plays one whole match of each game against the computer on a 1024 x 768 touch screen, once
with taps only and once with the keyboard only; axe-core finds no accessibility violation on any page.

Short options and quicker computer players (BOT_DELAY_SCALE=0.4 for this module's server: still slow enough
that the page is seen to leave the child's turn) end each match in
seconds. The child's moves are decided from the state the server gives that child (as in
test_live_play.py) and made in the page: `tap()` on a touch context, or Tab / arrow keys / Enter. The
axe-core script is injected from frontend/node_modules (pinned in package.json), never fetched.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from games.bots.four_in_a_row import FourInARowHard
from games.engines import get_engine
from tests.e2e.conftest import pages_on
from tests.e2e.http_client import classroom_with_students, create_assignment, match_state, sign_in_student
from tests.e2e.server import ROOT, LiveServer, match_seed
from tests.e2e.test_live_play import legal_cell, solution

AXE = ROOT / "frontend" / "node_modules" / "axe-core" / "axe.min.js"
TABLET = {"width": 1024, "height": 768}
ANA = "Ana L."
GAMES = {
    "fultiples": ("Fultiples", {"rows": 6, "cols": 6, "level": "beginner"}),
    "four_in_a_row": ("Four-in-a-Row Multiplication", {"target_score": 1}),
    "multiplin": ("Multiplin", {"hand_size": 2, "round_time_s": 10, "skip_after_ms": 1000, "lockout_ms": 300,
                                "tie_window_ms": 100}),
    "stepping_divisors": ("Stepping By Divisors", {"size": 3, "random_fill": True}),
}
MOVES = 80  # a whole match ends long before this
SLOW = 15_000


@pytest.fixture(scope="module")
def fast_server():
    if not (ROOT / "frontend" / "dist" / "index.html").exists():
        pytest.fail("The frontend is not built: run `make test` (or `make frontend`).")
    server, urls = LiveServer.start(env={"BOT_DELAY_SCALE": "0.4"})
    yield urls[0]
    server.stop()


@pytest.fixture(scope="module")
def classroom(fast_server):
    """A teacher, a class with Ana, and one assignment of each game (the easy computer allowed)."""
    teacher, klass, secrets = classroom_with_students(fast_server, ["Ana Lopez"])
    for game, (_, options) in GAMES.items():
        create_assignment(teacher, klass, game, options, bot_levels=["easy"])
    return teacher, klass, sign_in_student(fast_server, klass, ANA, secrets[ANA])


@pytest.fixture
def ends_every_game(classroom):
    """Whatever a test leaves running (a match it failed in the middle of), the teacher's bell ends it, so
    the next test's child is free to start another rather than being sent back to it."""
    yield
    teacher, klass, _ = classroom
    teacher.request("POST", f"/api/classes/{klass['id']}/live/end-all/", {})


@pytest.fixture
def tablet(browser, fast_server):
    """A new 1024 x 768 touch page, signed in with the given client's cookies; uncaught errors fail the test."""
    with pages_on(browser, fast_server) as make:
        yield lambda client: make(TABLET, has_touch=True, cookies_of=client)


# --- axe-core -----------------------------------------------------------------------------------

def assert_accessible(page: Page, what: str) -> None:
    """axe-core, with its default rules (WCAG 2.x A and AA and its best practices; not its experimental
    rules), finds nothing on the page as it is once its animations have ended."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    violations = page.evaluate("""async () => {
        // A piece landing or a card sliding in is half transparent for a moment, and axe would measure its
        // colour contrast mid-way: wait for the animations that end (not a looping one) to end first.
        const ending = document.getAnimations().filter(a => a.effect?.getComputedTiming().iterations !== Infinity);
        await Promise.all(ending.map(a => a.finished.catch(() => null)));
        const result = await axe.run(document);
        return result.violations.map(v =>
            `${v.id}: ${v.help} (${v.nodes.map(n => n.target.join(' ')).slice(0, 4).join(', ')})`);
    }""")
    assert not violations, f"{what} ({page.url}): {violations}"


# --- two ways of pressing -------------------------------------------------------------------------

def tap(page: Page, target: Locator) -> None:
    expect(target).to_be_visible()
    target.tap()


def press_by_keyboard(page: Page, target: Locator) -> None:
    """Reach `target` with Tab (and, inside a grid or group with arrow keys, the arrow keys towards it),
    then press Enter: what a child without a mouse or touch screen does."""
    expect(target).to_be_visible()
    handle = target.element_handle()
    for _ in range(150):
        where = page.evaluate("""t => {
            const a = document.activeElement;
            if (a === t) return 'there';
            const group = t.closest('[role=grid], [role=group]');
            if (!group || !a || !group.contains(a) || a.tabIndex < 0 && a === document.body) return 'tab';
            const ra = a.getBoundingClientRect(), rt = t.getBoundingClientRect();
            const dx = rt.x - ra.x, dy = rt.y - ra.y;
            if (Math.abs(dy) > ra.height / 2) return dy > 0 ? 'ArrowDown' : 'ArrowUp';
            if (Math.abs(dx) > ra.width / 2) return dx > 0 ? 'ArrowRight' : 'ArrowLeft';
            return 'tab';
        }""", handle)
        if where == "there":
            break
        if where == "tab":
            page.keyboard.press("Tab")
            continue
        before = page.evaluate_handle("() => document.activeElement")
        page.keyboard.press(where)
        if page.evaluate("b => document.activeElement === b", before):  # a group without arrow keys (the hand)
            page.keyboard.press("Shift+Tab" if where in ("ArrowLeft", "ArrowUp") else "Tab")
    else:
        raise AssertionError(f"the keyboard did not reach {target}")
    page.keyboard.press("Enter")


Press = Callable[[Page, Locator], None]


def type_number(page: Page, box: Locator, number: int, press: Press) -> None:
    """Type into a number box: tapped then typed on the tablet's keyboard, or reached with Tab."""
    if press is tap:
        box.tap()
    else:
        handle = box.element_handle()
        for _ in range(30):
            if page.evaluate("b => document.activeElement === b", handle):
                break
            page.keyboard.press("Tab")
    expect(box).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(number))


# --- one match --------------------------------------------------------------------------------------

def start_against_the_computer(page: Page, title: str, press: Press) -> int:
    page.goto("/home")
    card = page.get_by_role("listitem").filter(has=page.get_by_role("heading", name=title, exact=True))
    expect(card).to_be_visible()
    assert_accessible(page, "the student home")
    press(page, card.get_by_role("button", name="Play the computer"))
    press(page, card.get_by_role("button", name="Easy computer"))
    expect(page.get_by_role("heading", level=1, name=title)).to_be_visible()
    return int(page.url.rstrip("/").rsplit("/", 1)[-1])


def cell(page: Page, row: int, col: int) -> Locator:
    """A square of any of the grids by its accessible name ("Row 3, column 4: 42, free")."""
    return page.get_by_role("grid").get_by_role("button", name=re.compile(rf"^Row {row + 1}, column {col + 1}: "))


def move_fultiples(page: Page, view: dict, press: Press) -> None:
    row, col = legal_cell(view)
    press(page, cell(page, row, col))


def move_four_in_a_row(page: Page, view: dict, press: Press) -> None:
    import random

    engine = get_engine("four_in_a_row")
    legal = [a for a in _four_in_a_row_legal(view, engine)]
    action = FourInARowHard(engine).best_action(view, view["seat"], legal, random.Random(0))
    hand = page.get_by_role("group", name=re.compile("Your cards|Your hand"))
    for index in action["cards"]:
        press(page, hand.get_by_role("button").nth(index))
    if action["type"] == "discard":
        press(page, page.get_by_role("button", name="Swap these two"))
    else:
        wilds = [(index, value) for index, value in zip(sorted(action["cards"]), _values_in_card_order(action),
                                                         strict=True) if view["hand"][index] == "W"]
        for ordinal, (_, value) in enumerate(wilds):
            picker = page.get_by_role("group", name=re.compile("^Value for the")).nth(ordinal)
            press(page, picker.get_by_role("button", name=str(value), exact=True))
        press(page, cell(page, *action["cell"]))


def _values_in_card_order(action: dict) -> list[int]:
    pairs = sorted(zip(action["cards"], action["values"], strict=True))
    return [value for _, value in pairs]


def _four_in_a_row_legal(view: dict, engine) -> list[dict]:
    """The seat's legal actions, from its own view (the engine's rule, without its hidden state)."""
    state = {"result": None, "turn": view["seat"], "board": view["board"], "markers": view["markers"],
             "hands": {view["seat"]: view["hand"]}}
    return engine.legal_actions(state, view["seat"])


def move_multiplin(page: Page, view: dict, press: Press) -> bool:
    """Answer this round; False if the child has nothing to do in it (answered, passed, no product yet)."""
    seat = view["seat"]
    if seat in view["solvers"] or seat in view["passed"] or view["product"] is None:
        return False
    n = view["round"]
    pair = solution(view)
    if pair is None:
        press(page, page.get_by_role("button", name="Pass: I cannot find one"))
    else:
        hand_index, slot = pair
        card = view["hand"][hand_index]
        press(page, page.get_by_role("group", name="Your cards").get_by_role(
            "button", name=re.compile(rf"^Your card {hand_index + 1}: {card}\b")))
        press(page, page.get_by_role("group", name="Table").get_by_role("button", name=re.compile(
            rf"^Table row {slot // 4 + 1}, column {slot % 4 + 1}: {view['table'][slot]}\b")))
    expect(page.get_by_role("heading", name="Game over").or_(
        page.get_by_text(re.compile(rf"^Round (?!{n}\b)\d+"))).first).to_be_visible(timeout=SLOW)
    return True


def move_stepping(page: Page, view: dict, press: Press) -> None:
    numbers, divisors, d = view["numbers"], view["divisors"], view["d"]
    size = len(numbers)
    free = [(r, c) for r in range(size) for c in range(size) if divisors[r][c] is None]
    if d is None:
        row, col = free[0]
        divisor = 1
    else:
        def next_to_a_divisor(r: int, c: int) -> bool:
            return any(0 <= r + dr < size and 0 <= c + dc < size and divisors[r + dr][c + dc] is not None
                       for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))

        choices = [(r, c, k) for r, c in free if next_to_a_divisor(r, c)
                   for k in range(1, numbers[r][c] + 1) if numbers[r][c] % k == 0 and k != d]
        row, col, divisor = min(choices, key=lambda choice: abs(choice[2] - d))
    press(page, cell(page, row, col))
    box = page.get_by_label(re.compile(r"^Little number for \d+$"))
    type_number(page, box, divisor, press)
    press(page, page.get_by_role("button", name="Write it"))


MOVERS = {"fultiples": move_fultiples, "four_in_a_row": move_four_in_a_row, "multiplin": move_multiplin,
          "stepping_divisors": move_stepping}


def play_to_the_end(page: Page, client, game: str, press: Press) -> dict:
    title, _ = GAMES[game]
    match_id = start_against_the_computer(page, title, press)
    assert_accessible(page, f"{title}: the board")
    rules = page.get_by_role("button", name=re.compile("How to play"))
    press(page, rules)
    dialog = page.get_by_role("dialog", name=f"How to play {title}")
    expect(dialog.get_by_test_id("howto-picture")).to_be_visible()  # step 1: a picture of the board
    expect(dialog.get_by_text(re.compile(r"^Step 1 of [3-5]$"))).to_be_visible()
    assert_accessible(page, f"{title}: the rules")
    press(page, dialog.get_by_role("button", name=re.compile("Next")))
    expect(dialog.get_by_text(re.compile(r"^Step 2 of [3-5]$"))).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    try:
        state = play_moves(page, client, game, press, match_id)
    except BaseException as failure:  # which deal it was: the same seed replays it (games.engines, games.bots)
        failure.add_note(f"{game}: match {match_id}, seed {match_seed(client.base_url, match_id)}")
        raise
    panel = page.get_by_role("region", name="Game over")
    expect(panel).to_be_visible(timeout=SLOW)
    assert_accessible(page, f"{title}: game over")
    return state


def play_moves(page: Page, client, game: str, press: Press, match_id: int) -> dict:
    """The child's moves until the match is over (the computer's in between); the last state."""
    for _ in range(MOVES):
        state = match_state(client, match_id)
        if state["match"]["status"] != "active":
            break
        view = state["view"]
        acted = False
        if view["seat"] in view["to_move"]:
            turns = game != "multiplin"
            if turns:  # the page is on this turn too ("Your turn!" in the header)
                expect(page.locator(".turn-mine")).to_be_visible(timeout=SLOW)
            acted = MOVERS[game](page, view, press) is not False
            if turns:  # the move is made: the page leaves the child's turn (the computer is slow enough)
                expect(page.locator(".turn-mine")).to_have_count(0, timeout=SLOW)
        if not acted:
            # The computer's turn, or (Multiplin) a round the child has answered already: wait for the server
            # to move on, rather than spend the loop's turns asking again at once.
            version = state["version"]
            for _ in range(100):
                if match_state(client, match_id)["version"] != version:
                    break
                page.wait_for_timeout(100)
    else:
        raise AssertionError(f"{game}: the match did not end within {MOVES} moves")
    return state


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_match_against_the_computer_with_taps_only(game, classroom, tablet, ends_every_game):
    _, _, ana = classroom
    state = play_to_the_end(tablet(ana), ana, game, tap)
    assert state["match"]["status"] == "finished"
    assert isinstance(match_seed(ana.base_url, state["match"]["id"]), int)  # what a failure would print


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_match_against_the_computer_with_the_keyboard_only(game, classroom, tablet, ends_every_game):
    _, _, ana = classroom
    state = play_to_the_end(tablet(ana), ana, game, press_by_keyboard)
    assert state["match"]["status"] == "finished"


def test_no_accessibility_violations_on_the_other_pages(classroom, tablet, new_page):
    teacher, klass, ana = classroom
    page = tablet(teacher)
    base = f"/teacher/classes/{klass['id']}"
    for path in ("/teacher", base, f"{base}/assignments", f"{base}/live", f"{base}/reports", "/teacher/batches",
                 "/teacher/reports"):
        page.goto(path)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        page.wait_for_load_state("networkidle")
        assert_accessible(page, path)
    # The CSV import's preview shows every column at 1024 px, Problems included, without scrolling sideways.
    page.goto(base)
    page.locator("input[type=file]").set_input_files(files=[{
        "name": "kids.csv", "mimeType": "text/csv",
        "buffer": b"first_name,last_name\nZed,\n,Nobody\nMaximilianaaaaaaaaaaaaa,Vandersteenhovenmeulenbroek\n"}])
    preview = page.locator(".preview-table")
    expect(preview.get_by_role("columnheader", name="Problems")).to_be_visible()
    assert preview.evaluate("t => t.parentElement.scrollWidth <= t.parentElement.clientWidth")
    assert_accessible(page, "the CSV import preview")
    page.goto(f"{base}/assignments")
    page.get_by_role("button", name=re.compile("Assign a game|New assignment")).first.click()
    page.get_by_label("Game", exact=True).select_option("stepping_divisors")
    expect(page.get_by_text(re.compile("^Proposed: a 6 x 6 board"))).to_be_visible()
    assert_accessible(page, "the assignment form")
    signed_out = tablet(type("Nobody", (), {"jar": []})())
    for path in ("/", "/student", f"/student/{klass['join_code']}", "/teacher/login"):
        signed_out.goto(path)
        expect(signed_out.get_by_role("heading", level=1)).to_be_visible()
        signed_out.wait_for_load_state("networkidle")
        assert_accessible(signed_out, path)
    home = tablet(ana)
    home.goto("/home")
    expect(home.get_by_role("heading", level=1)).to_be_visible()
    assert_accessible(home, "/home")
