"""Live play in the browser: two children play Fultiples to the end (with a mistake on the way),
a child plays Multiplin against the hard computer, the teacher watches a match live, and a child
reloads mid-match and carries on.

Classes, students and assignments are made through the API (fast); every move is a click in
Chromium. The tests decide each move from the state the server gives that child
(GET /api/matches/<id>/ with their cookies) and click the cell or card by its accessible name."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.http_client import ApiClient, classroom_with_students, create_assignment, match_state, sign_in_student

NAMES = ["Ana Lopez", "Ben Okafor"]
ANA, BEN = "Ana L.", "Ben O."
SMALL_FULTIPLES = {"rows": 6, "cols": 6, "level": "beginner"}
# Quick Multiplin rounds: a short round timer, an unsolvable card skipped after 1 s, a short lock-out.
QUICK_MULTIPLIN = {"round_time_s": 10, "skip_after_ms": 1000, "lockout_ms": 300, "tie_window_ms": 100}
SLOW = 15_000  # ms: for what waits on the server (a computer's move, a round ending)


# --- set-up through the API ---------------------------------------------------------------

def class_of_two(live_server: str, game: str, options: dict, **fields) -> tuple[ApiClient, dict, dict[str, ApiClient]]:
    """A teacher, a class with Ana and Ben (signed in through the API) and one assignment."""
    teacher, klass, secrets = classroom_with_students(live_server, NAMES)
    create_assignment(teacher, klass, game, options, **fields)
    students = {name: sign_in_student(live_server, klass, name, secrets[name]) for name in (ANA, BEN)}
    return teacher, klass, students


def your_turn(page: Page):
    """The board's turn line. Not `get_by_text`: the screen readers' announcer may be saying the same
    words at that moment (a hidden live region), and two matches make the locator fail."""
    return page.get_by_role("paragraph").filter(has_text=re.compile(r"^Your turn!$"))


def quick_match(students: dict[str, ApiClient]) -> int:
    """Ana and Ben press Quick match (through the API): the match starts when the second joins."""
    (assignment,) = students[ANA].request("GET", "/api/my/assignments/")
    students[ANA].request("POST", f"/api/assignments/{assignment['id']}/quick-match/")
    match = students[BEN].request("POST", f"/api/assignments/{assignment['id']}/quick-match/")["match"]
    assert match["status"] == "active"
    return match["id"]


def seats_of(state: dict) -> dict[str, int]:
    return {seat["name"]: seat["index"] for seat in state["match"]["seats"]}


# --- Fultiples -----------------------------------------------------------------------------

def related(a: int, b: int) -> bool:
    return a % b == 0 or b % a == 0


def run_through(marks: list, seat: int, row: int, col: int) -> int:
    """The longest line of `seat`'s marks through (row, col) if that cell were marked."""
    rows, cols = len(marks), len(marks[0])
    best = 1
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        length = 1
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < rows and 0 <= c < cols and marks[r][c] == seat:
                length += 1
                r, c = r + sign * dr, c + sign * dc
        best = max(best, length)
    return best


def legal_cell(view: dict) -> tuple[int, int]:
    """A legal cell for the player to move, the one that makes their longest line (games end sooner)."""
    board, marks, last, seat = view["board"], view["marks"], view["last"], view["to_move"][0]
    free = [(r, c) for r, row in enumerate(board) for c, _ in enumerate(row) if marks[r][c] is None]
    if last is not None and not view["free_start"]:
        previous = board[last[0]][last[1]]
        free = [(r, c) for r, c in free if related(previous, board[r][c])]
    assert free, f"no legal cell in {view}"
    return max(free, key=lambda cell: run_through(marks, seat, *cell))


def wrong_cell(view: dict) -> tuple[int, int] | None:
    """A free cell that is neither a factor nor a multiple of the last number, if there is one."""
    if view["last"] is None or view["free_start"]:
        return None
    board, marks = view["board"], view["marks"]
    previous = board[view["last"][0]][view["last"][1]]
    for r, row in enumerate(board):
        for c, value in enumerate(row):
            if marks[r][c] is None and not related(previous, value):
                return r, c
    return None


def cell(page: Page, row: int, col: int):
    """A cell of the Fultiples grid by its accessible name ("Row 3, column 4: 42, free")."""
    return page.get_by_role("button", name=re.compile(rf"^Row {row + 1}, column {col + 1}: "))


def mark(page: Page, row: int, col: int, who: str) -> None:
    """Click a cell once the page knows it is this child's turn; wait until it shows the mark."""
    button = cell(page, row, col)
    expect(button).not_to_have_attribute("aria-disabled", "true")
    button.click()
    expect(button).to_have_accessible_name(re.compile(f"marked by {re.escape(who)}"))


def watch_celebrations(page: Page) -> None:
    """Record, from now on, where each celebration's badge and the board stand when the badge appears."""
    page.evaluate("""() => {
        window.__celebrations = [];
        const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        new MutationObserver(() => {
            const badge = document.querySelector(".celebration-badge");
            const board = document.querySelector(".board-area [role=grid]");
            if (badge && board) window.__celebrations.push({badge: box(badge), board: box(board)});
        }).observe(document.body, {childList: true, subtree: true});
    }""")


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def marked_cells(page: Page) -> list[str]:
    grid = page.get_by_role("grid", name=re.compile(r"^Number grid"))
    return sorted(grid.get_by_role("button", name=re.compile("marked by")).evaluate_all(
        "buttons => buttons.map(b => b.getAttribute('aria-label'))"))


def expected_headline(result: dict, seats: dict[str, int], viewer: str) -> str:
    winners = result["winners"]
    if not winners:
        return "It's a draw!"
    if seats[viewer] in winners:
        return "You won!"
    (winner,) = [name for name, seat in seats.items() if seat in winners]
    return f"{winner} won this time. Good game!"


def test_two_children_play_fultiples_to_the_end_with_a_mistake(live_server, page_as):
    _, _, students = class_of_two(live_server, "fultiples", SMALL_FULTIPLES)
    # Ana on a phone, Ben on a tablet
    pages = {ANA: page_as(students[ANA], {"width": 360, "height": 740}),
             BEN: page_as(students[BEN], {"width": 1024, "height": 768})}

    # Ana presses Quick match and waits in the lobby; Ben's Quick match starts the game for both.
    pages[ANA].goto("/home")
    pages[ANA].get_by_role("button", name="Quick match").click()
    expect(pages[ANA].get_by_role("heading", name="Waiting for players")).to_be_visible()
    pages[BEN].goto("/home")
    pages[BEN].get_by_role("button", name="Quick match").click()
    for page in pages.values():
        expect(page.get_by_role("grid", name="Number grid, 6 rows and 6 columns")).to_be_visible()
    match_id = int(pages[ANA].url.rstrip("/").rsplit("/", 1)[-1])
    assert pages[BEN].url == pages[ANA].url

    state = match_state(students[ANA], match_id)
    seats = seats_of(state)
    names = {seat: name for name, seat in seats.items()}
    mistake_made = False
    for _ in range(80):
        state = match_state(students[ANA], match_id)
        if state["match"]["status"] != "active":
            break
        view = state["view"]
        mover = names[view["to_move"][0]]
        page = pages[mover]
        wrong = wrong_cell(view) if not mistake_made and mover == ANA else None
        if wrong is not None:
            # One deliberate mistake: a gentle message, the cell stays free, and Ana tries again.
            previous = view["board"][view["last"][0]][view["last"][1]]
            chosen = view["board"][wrong[0]][wrong[1]]
            button = cell(page, *wrong)
            expect(button).not_to_have_attribute("aria-disabled", "true")
            watch_celebrations(page)
            button.click()
            # In a child's words: the bigger number is not in the smaller one's times table, then
            # what would fit with the last number (fultiples/view.ts `mistakeText`).
            small, big = sorted((previous, chosen))
            expect(page.get_by_test_id("fultiples-mistake")).to_have_text(re.compile(
                rf"^Not quite\. {big} is not in the {small} times table\. "
                rf".*\b{previous}\b.* times tables?\. Try again!$"))
            expect(button).to_have_accessible_name(re.compile(", free"))
            # The "Oops" pop-up stands clear of the board: the child sees the square they tried.
            page.wait_for_function("window.__celebrations.length > 0")
            (shown,) = page.evaluate("window.__celebrations")[:1]
            assert not overlaps(shown["badge"], shown["board"]), f"the pop-up covers the board: {shown}"
            expect(page.get_by_role("listitem").filter(has_text="1 mistake")).to_contain_text(f"{ANA} (you)")
            # Ben sees Ana's name but never her mistakes: a child's count is their own.
            players = pages[BEN].get_by_role("list", name="Players")
            expect(players.locator("li.player").filter(has_text=ANA)).not_to_contain_text("mistake")
            expect(players.locator("li.player").filter(has_text=f"{BEN} (you)")).to_contain_text("no mistakes")
            expect(your_turn(page)).to_be_visible()
            mistake_made = True
            continue
        mark(page, *legal_cell(view), who=mover)
    else:
        raise AssertionError("the match did not end within 80 moves")
    assert mistake_made, "no move gave Ana the chance of a mistake"

    result = state["match"]["result"]
    assert state["match"]["status"] == "finished"
    assert result["reason"] in {"five_in_a_row", "board_full"}
    assert state["view"]["mistakes"][seats[ANA]] == 1
    for name, page in pages.items():
        panel = page.get_by_role("region", name="Game over")
        expect(panel).to_be_visible()
        expect(panel).to_contain_text(expected_headline(result, seats, name))
        expect(panel.get_by_role("button", name="Play again")).to_be_visible()
        if result["reason"] == "five_in_a_row":  # the winning line is shown on the board
            line = page.get_by_role("button", name=re.compile(r"\. Five in a row!$"))
            expect(line.first).to_be_visible()
            assert line.count() >= 5


# --- Multiplin against the computer --------------------------------------------------------

def solution(view: dict) -> tuple[int, int] | None:
    """(hand index, table slot) making the product with one of the viewer's cards, if any."""
    for hand_index, card in enumerate(view["hand"] or []):
        for slot, on_table in enumerate(view["table"]):
            if on_table is not None and card * on_table == view["product"]:
                return hand_index, slot
    return None


def round_over(page: Page, round_number: int):
    """The page shows another round than this one, or the game is over."""
    return page.get_by_role("heading", name="Game over").or_(
        page.get_by_text(re.compile(rf"^Round (?!{round_number}\b)\d+"))).first


BOARD_FIT = """() => {
  const page = document.scrollingElement;
  const wrap = document.querySelector(".fultiples-grid-wrap");
  const cells = [...document.querySelectorAll(".fultiples-cell")];
  const faces = [...document.querySelectorAll(".fultiples-face")];
  return {
    pageOverflow: page.scrollWidth - page.clientWidth,
    gridOverflow: wrap.scrollWidth - wrap.clientWidth,
    smallest: Math.min(...cells.map((c) => {
      const box = c.getBoundingClientRect();
      return Math.min(box.width, box.height);
    })),
    numbersCut: faces.filter((f) => f.scrollWidth > f.clientWidth + 0.5).map((f) => f.textContent),
    cells: cells.length,
  };
}"""


@pytest.mark.parametrize(("width", "height", "smallest"), [(360, 740, 28), (1024, 768, 44)])
def test_the_default_board_fits_the_screen_whole_with_every_number_readable(live_server, page_as, width, height,
                                                                            smallest):
    """A child planning a run must see every column: the default 10 x 10 board (the advanced level, numbers up to
    200) fits a 360 px phone without sideways scrolling, its cells above WCAG's 24 px minimum target, and 44 px
    touch targets on a tablet; no number is cut off."""
    _, _, students = class_of_two(live_server, "fultiples", {"level": "advanced"})
    match_id = quick_match(students)
    page = page_as(students[ANA], {"width": width, "height": height})
    page.goto(f"/play/{match_id}")
    expect(page.get_by_role("grid", name="Number grid, 10 rows and 10 columns")).to_be_visible()
    fit = page.evaluate(BOARD_FIT)
    assert fit["cells"] == 100
    assert fit["pageOverflow"] <= 0, fit
    assert fit["gridOverflow"] <= 0, fit
    assert fit["smallest"] >= smallest, fit
    assert fit["numbersCut"] == [], fit


def test_a_child_plays_multiplin_against_the_hard_computer_to_the_end(live_server, page_as):
    _, _, students = class_of_two(live_server, "multiplin", QUICK_MULTIPLIN, bot_levels=["hard"])
    page = page_as(students[ANA])
    page.goto("/home")
    page.get_by_role("button", name="Play the computer").click()
    page.get_by_role("button", name="Hard computer").click()
    expect(page.get_by_role("heading", level=1, name="Multiplin")).to_be_visible()
    expect(page.get_by_role("group", name="Your cards")).to_be_visible()
    match_id = int(page.url.rstrip("/").rsplit("/", 1)[-1])

    solved = passed = 0
    for _ in range(60):
        state = match_state(students[ANA], match_id)
        if state["match"]["status"] != "active":
            break
        view = state["view"]
        n = view["round"]
        this_round = page.get_by_text(re.compile(rf"^Round {n}\b"))
        expect(this_round.or_(round_over(page, n)).first).to_be_visible()
        if not this_round.is_visible():
            continue  # the page has moved on already
        seat = view["seat"]
        free = seat not in view["solvers"] and seat not in view["passed"]
        pair = solution(view) if free and view["product"] is not None else None
        if pair is not None:
            hand_index, slot = pair
            hand = page.get_by_role("group", name="Your cards")
            table = page.get_by_role("group", name="Table")
            card = view["hand"][hand_index]
            hand.get_by_role("button", name=re.compile(rf"^Your card {hand_index + 1}: {card}\b")).click()
            table.get_by_role("button", name=re.compile(
                rf"^Table row {slot // 4 + 1}, column {slot % 4 + 1}: {view['table'][slot]}\b")).click()
            solved += 1
        elif free and view["product"] is not None:
            page.get_by_role("button", name="Pass: I cannot find one").click()
            passed += 1
        expect(round_over(page, n)).to_be_visible(timeout=SLOW)
    else:
        raise AssertionError("the match did not end within 60 rounds")

    result = state["match"]["result"]
    assert state["match"]["status"] == "finished"
    assert result["reason"] == "empty_hand"
    assert solved + passed > 0
    panel = page.get_by_role("region", name="Game over")
    expect(panel).to_be_visible()
    headline = {(True, False): "You won!", (False, True): "The computer won this time. Good game!",
                (True, True): "You won, together with the computer!"}
    expect(panel).to_contain_text(headline[(0 in result["winners"], 1 in result["winners"])])


# --- the teacher watches; a child reloads ---------------------------------------------------

def test_the_teacher_watches_a_match_live(live_server, page_as):
    teacher, klass, students = class_of_two(live_server, "fultiples", SMALL_FULTIPLES)
    match_id = quick_match(students)
    state = match_state(students[ANA], match_id)
    names = {seat: name for name, seat in seats_of(state).items()}
    mover = names[state["view"]["to_move"][0]]

    watcher = page_as(teacher)
    watcher.goto(f"/teacher/classes/{klass['id']}/live")
    expect(watcher.get_by_role("heading", name="Matches now (1)")).to_be_visible()
    watcher.get_by_role("link", name=f"Watch Fultiples: {ANA} and {BEN}").click()
    expect(watcher).to_have_url(re.compile(rf"/teacher/matches/{match_id}$"))
    expect(watcher.get_by_text("You are watching. Only the players can move.")).to_be_visible()
    grid = watcher.get_by_role("grid", name="Number grid, 6 rows and 6 columns")
    expect(grid).to_be_visible()
    expect(grid.get_by_role("button", name=re.compile("marked by"))).to_have_count(0)
    expect(watcher.get_by_text(f"{mover}'s turn", exact=True)).to_be_visible()
    navigations = []
    watcher.on("framenavigated", lambda frame: navigations.append(frame.url))

    player = page_as(students[mover])
    player.goto(f"/play/{match_id}")
    row, col = legal_cell(state["view"])
    mark(player, row, col, who=mover)

    # The spectator's page shows the mark without a reload, and whose turn it is now.
    expect(cell(watcher, row, col)).to_have_accessible_name(re.compile(f"marked by {re.escape(mover)}, last number"))
    other = ANA if mover == BEN else BEN
    expect(watcher.get_by_text(f"{other}'s turn", exact=True)).to_be_visible()
    # A spectator cannot move: every cell is read-only.
    expect(grid.get_by_role("button", name=re.compile(", free")).first).to_have_attribute("aria-disabled", "true")
    assert navigations == []


def test_a_child_reloads_mid_match_and_carries_on(live_server, page_as):
    _, _, students = class_of_two(live_server, "fultiples", SMALL_FULTIPLES)
    match_id = quick_match(students)
    seats = seats_of(match_state(students[ANA], match_id))
    page = page_as(students[ANA])
    page.goto(f"/play/{match_id}")
    expect(page.get_by_role("grid", name="Number grid, 6 rows and 6 columns")).to_be_visible()

    # Play until there are three marks and it is Ana's turn (Ben moves through the API).
    moves = 0
    while True:
        view = match_state(students[ANA], match_id)["view"]
        mover = view["to_move"][0]
        if moves >= 3 and mover == seats[ANA]:
            break
        row, col = legal_cell(view)
        if mover == seats[ANA]:
            mark(page, row, col, who=ANA)
        else:
            students[BEN].request("POST", f"/api/matches/{match_id}/actions/",
                                  {"action": {"type": "mark", "cell": [row, col]}, "client_id": f"ben-{moves}"})
        moves += 1
    expect(your_turn(page)).to_be_visible()
    before = marked_cells(page)
    assert len(before) == moves

    page.reload()
    expect(page.get_by_role("grid", name="Number grid, 6 rows and 6 columns")).to_be_visible()
    expect(page.get_by_role("grid").get_by_role("button", name=re.compile("marked by"))).to_have_count(moves)
    assert marked_cells(page) == before
    expect(your_turn(page)).to_be_visible()

    row, col = legal_cell(view)
    mark(page, row, col, who=ANA)
    after = match_state(students[BEN], match_id)["view"]
    assert after["marks"][row][col] == seats[ANA]
    assert after["to_move"] == [seats[BEN]]


# --- challenges and leaving a match ----------------------------------------------------------

def check_now(page: Page) -> None:
    """The home page checks challenges every 5 s, and at once when the tab becomes visible again."""
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")


def test_a_challenge_declined_then_accepted_and_a_child_leaves_the_match(live_server, page_as):
    _, _, students = class_of_two(live_server, "fultiples", SMALL_FULTIPLES)
    ana, ben = page_as(students[ANA]), page_as(students[BEN])
    for page in (ana, ben):
        page.goto("/home")
        expect(page.get_by_role("button", name="Quick match")).to_be_visible()

    def challenge_ana() -> None:
        ben.get_by_role("button", name="Challenge a classmate").click()
        # Her name, with "online" after it while she is on her home page (the avatar is decorative).
        ben.get_by_role("button", name=re.compile(rf"^{re.escape(ANA)}( online)?$")).click()
        expect(ben.get_by_role("status").filter(has_text=f"You asked {ANA} to play")).to_be_visible()

    def answer(button: str) -> None:
        offer = ana.get_by_role("listitem").filter(has_text=f"{BEN} wants to play Fultiples with you!")
        check_now(ana)
        offer.get_by_role("button", name=button).click(timeout=SLOW)

    # No thanks: Ben hears so, and may ask again.
    challenge_ana()
    answer("No thanks")
    check_now(ben)
    expect(ben.get_by_text(f"{ANA} said no thanks. Try someone else!")).to_be_visible(timeout=SLOW)
    expect(ana.get_by_role("heading", name="Someone wants to play!")).to_have_count(0)

    # Accepted: Ana goes into the match, and Ben's page follows her there.
    challenge_ana()
    answer("Accept")
    expect(ana).to_have_url(re.compile(r"/play/\d+$"))
    match_id = int(ana.url.rsplit("/", 1)[-1])
    check_now(ben)
    expect(ben).to_have_url(re.compile(rf"/play/{match_id}$"), timeout=SLOW)
    for page in (ana, ben):
        expect(page.get_by_role("grid", name="Number grid, 6 rows and 6 columns")).to_be_visible()

    # Ana leaves for good: a computer takes her seat and Ben plays on against it.
    ana.get_by_role("button", name="Leave this match").click()
    dialog = ana.get_by_role("dialog", name="Leave this match?")
    expect(dialog).to_contain_text("A computer will finish this match for you.")
    dialog.get_by_role("button", name="Leave the match").click()
    expect(ana).to_have_url(re.compile(r"/home$"))
    expect(ana.get_by_role("heading", level=1, name=f"Hi {ANA}!")).to_be_visible()
    expect(ana.get_by_role("link", name="Back to your match")).to_have_count(0)

    expect(ben.get_by_role("list", name="Players").first).to_contain_text("Easy computer")
    state = match_state(students[BEN], match_id)
    assert state["match"]["status"] == "active"
    computer = next(seat for seat in state["match"]["seats"] if seat["bot"] == "easy")
    assert computer["user_id"] is None
    if state["view"]["to_move"] != [state["view"]["seat"]]:  # the computer moves first
        expect(your_turn(ben)).to_be_visible(timeout=SLOW)
        state = match_state(students[BEN], match_id)
    mark(ben, *legal_cell(state["view"]), who=BEN)
