"""Fultiples (docs/games.md section 1): mark a factor or a multiple of the last number; five in a row wins.

States share unchanged parts with the state they came from (the board, untouched rows of
`marks`): `apply` and `tick` copy only what they change and never mutate their input.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import (
    Action,
    Engine,
    IllegalAction,
    Outcome,
    Rng,
    State,
    attempt,
    cell_of,
    fact_of_division,
    is_int,
    require,
)
from games.engines.focus import FocusError, FocusRange, focus_rng, rules_words
from games.engines.fultiples_definition import DEFAULT_LEVEL, DEFINITION
from games.engines.fultiples_grid import (
    DEFAULT_COLS,
    DEFAULT_ROWS,
    WILD_CARDS,
    GridOptionError,
    check_board,
    check_grid_options,
    check_primes,
    generate_grid,
    level_options,
)

OPTION_KEYS = DEFINITION.option_names
MAX_TIME_LIMIT_S = 24 * 3600
WIN_LENGTH = 5
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
# With a focus, this share of the generated numbers (wild numbers aside) is redrawn from the focus
# facts' products and factors.
FOCUS_SHARE = 0.25
ACTION_FIELDS = {"mark": frozenset({"type", "cell"})}


def focus_board(board: list[list[int]], focus: tuple[tuple[int, int], ...], products: set[int],
                seed: int) -> list[list[int]]:
    """The generated board with FOCUS_SHARE of its numbers (wild numbers stay) redrawn from the focus
    facts: each fact's product and those of its factors the generator can make (`products`), so a
    mark of one after the other rests on the fact. Every number is still one the grid could hold."""
    values = []
    for a, b in focus:
        values.append(a * b)
        values.extend(factor for factor in sorted({a, b}) if factor in products)
    rng = focus_rng(seed)
    new = [list(row) for row in board]
    for col in range(len(new[0])):  # the generator's fill order: column by column
        for row in range(len(new)):
            if new[row][col] not in WILD_CARDS and rng.random() < FOCUS_SHARE:
                new[row][col] = rng.choice(values)
    return new


def related(a: int, b: int) -> bool:
    """True when one number divides the other (equal numbers and 1 count)."""
    return a % b == 0 or b % a == 0


class Fultiples(Engine):
    definition = DEFINITION
    slug = DEFINITION.slug
    title = DEFINITION.title
    min_players = DEFINITION.min_players
    max_players = DEFINITION.max_players
    rules_summary = (
        "Fultiples: a game of factors and multiples for 2 players.\n"
        "Each player rolls a die; the higher roll goes first (a tie is rolled again).\n"
        "The first player marks any number on the grid.\n"
        "Then take turns. Mark a free number that is a factor or a multiple of the number "
        "marked just before, whoever marked it.\n"
        "A number is a factor and a multiple of itself, and 1 is a factor of every number.\n"
        "Five or more of your marks in a row (across, down or diagonal) win at once.\n"
        "A wrong number is a mistake: try again (in strict games a mistake ends your turn).\n"
        "House rule: if no free number is a factor or multiple of the last one, mark any free number.\n"
        "House rule: a full board without five in a row is a draw.\n"
        "With a time limit, a player who runs out of time misses the turn; the other player "
        "goes on from the same last number."
    ) + rules_words(
        "Here some numbers of the grid are swapped for the products of the focus facts and their factors,\n"
        "numbers the grid's primes can make, so those facts come up more often."
    )

    def focus_range(self, options: dict) -> FocusRange:
        if "board" in options:
            raise FocusError("Focus cannot change a stored board: a grid batch's boards are played as printed.")
        params = self._grid_params(options)
        try:
            products = set(check_grid_options(**params))
        except GridOptionError as error:
            raise FocusError(f"Focus needs a grid the game can make, and {error}.") from None
        on_board = products | set(WILD_CARDS)

        def fits(a: int, b: int) -> bool:
            return a * b in products and (a in on_board or b in on_board)

        return FocusRange(fits=fits, what=(
            f"its grid ({', '.join(map(str, sorted(params['primes'])))} times scalars up to "
            f"{params['scale_max']}, numbers up to {params['max_value']}) must hold the product and a factor"))

    # --- setup -------------------------------------------------------------------------------

    def setup(self, players: int, options: dict | None = None, seed: int = 0, now_ms: int = 0) -> State:
        require(is_int(players) and players == 2, "bad_options", "Fultiples is a game for 2 players")
        options = {} if options is None else options
        require(isinstance(options, dict), "bad_options", "options must be an object")
        unknown = sorted(set(options) - OPTION_KEYS)
        require(not unknown, "bad_options", f"unknown option: {', '.join(map(str, unknown))}")
        time_limit_s = options.get("time_limit_s")
        require(
            time_limit_s is None or (is_int(time_limit_s) and 1 <= time_limit_s <= MAX_TIME_LIMIT_S),
            "bad_options",
            f"time_limit_s must be a whole number of seconds from 1 to {MAX_TIME_LIMIT_S}",
        )
        strict = options.get("strict", False)
        require(isinstance(strict, bool), "bad_options", "strict must be true or false")
        first_seat = options.get("first_seat")
        require(
            first_seat is None or (is_int(first_seat) and 0 <= first_seat < players),
            "bad_options",
            "first_seat must be 0 or 1",
        )
        rng = Rng.from_seed(seed)
        try:
            board, primes = self._board(options, rng)
        except GridOptionError as error:
            raise IllegalAction("bad_options", str(error)) from error
        focus = self.setup_focus(options)
        if focus:
            board = focus_board(board, focus, set(check_grid_options(**self._grid_params(options))), seed)
        dice = None
        if first_seat is None:
            dice = self._roll_dice(rng, players)
            first_seat = dice["first_seat"]
        return {
            "game": self.slug,
            "players": players,
            "phase": "play",
            "result": None,
            "mistakes": [0] * players,
            "rng": rng.state,
            "board": board,
            "primes": primes,
            "marks": [[None] * len(board[0]) for _ in board],
            "last": None,
            "turn": first_seat,
            "turn_started_ms": now_ms,
            "time_limit_ms": None if time_limit_s is None else time_limit_s * 1000,
            "strict": strict,
            "dice": dice,
        }

    @staticmethod
    def _board(options: dict, rng: Rng) -> tuple[list[list[int]], list[int] | None]:
        """The stored or generated board and the primes shown above it."""
        level_options(options.get("level", DEFAULT_LEVEL))  # refuses an unknown level, with a stored board too
        primes = options.get("primes")
        if "board" in options:
            board = check_board(options["board"])
            for field, size in (("rows", len(board)), ("cols", len(board[0]))):
                if field in options and options[field] != size:
                    raise GridOptionError(field, f"the board has {size} {field}, not {options[field]!r}")
            for field in ("scale_max", "max_value"):
                if field in options and not (is_int(options[field]) and options[field] > 0):
                    raise GridOptionError(field, "must be a positive whole number")
            return board, None if primes is None else list(check_primes(primes))
        params = Fultiples._grid_params(options)
        board = generate_grid(**params, seed=rng.next64())  # validates every parameter first
        return board, sorted(params["primes"])

    @staticmethod
    def _grid_params(options: dict) -> dict:
        """The generator's parameters: the level's, with any the options give instead."""
        level = level_options(options.get("level", DEFAULT_LEVEL))
        primes = options.get("primes")
        return {
            "primes": level["primes"] if primes is None else primes,
            "scale_max": options.get("scale_max", level["scale_max"]),
            "max_value": options.get("max_value", level["max_value"]),
            "rows": options.get("rows", DEFAULT_ROWS),
            "cols": options.get("cols", DEFAULT_COLS),
        }

    @staticmethod
    def _roll_dice(rng: Rng, players: int) -> dict:
        """Each seat rolls a die until one roll is highest; every roll is kept for the players."""
        rolls = []
        while True:
            roll = [rng.randint(1, 6) for _ in range(players)]
            rolls.append(roll)
            best = max(roll)
            if roll.count(best) == 1:
                return {"type": "dice", "rolls": rolls, "first_seat": roll.index(best)}

    # --- time ----------------------------------------------------------------------------------

    def deadline(self, state: State) -> int | None:
        if state["result"] is not None or state["time_limit_ms"] is None:
            return None
        return state["turn_started_ms"] + state["time_limit_ms"]

    def _due(self, state: State, now_ms: int) -> tuple[State, list[dict]]:
        """The timeout due at or before now_ms, if any (at most one: the new turn starts at now_ms)."""
        due = self.deadline(state)
        if due is None or now_ms < due:
            return state, []
        late = state["turn"]
        new = dict(state)
        new["turn"] = (late + 1) % state["players"]
        new["turn_started_ms"] = now_ms
        return new, [{"type": "timeout", "seat": late, "to_move": new["turn"]}]

    def tick(self, state: State, now_ms: int) -> Outcome:
        new, events = self._due(state, now_ms)
        return Outcome(state=dict(new) if new is state else new, events=events)

    # --- moves ---------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: Action, now_ms: int) -> Outcome:
        state, events = self._due(state, now_ms)
        self.check_seat(state, seat)
        require(state["result"] is None, "game_over", "the game is over")
        self.check_action_shape(action, ACTION_FIELDS)
        board = state["board"]
        row, col = cell_of(action, len(board), len(board[0]))
        require(seat == state["turn"], "not_your_turn", "it is not your turn")
        require(state["marks"][row][col] is None, "cell_taken", "that cell is already marked")
        number = board[row][col]
        last = state["last"]
        if last is None:
            return self._mark(state, seat, row, col, now_ms, events, [])
        previous = board[last[0]][last[1]]
        if related(previous, number):
            claim = self._attempt(state, seat, previous, number, now_ms, correct=True)
            return self._mark(state, seat, row, col, now_ms, events, [claim])
        if not self._has_related_cell(state, previous):
            return self._mark(state, seat, row, col, now_ms, events, [])
        return self._mistake(state, seat, row, col, previous, number, now_ms, events)

    @staticmethod
    def _attempt(state: State, seat: int, a: int, b: int, now_ms: int, *, correct: bool) -> dict:
        return attempt(
            seat=seat,
            kind="factor_pair",
            a=a,
            b=b,
            answer=None,
            correct=correct,
            think_ms=max(0, now_ms - state["turn_started_ms"]),
            fact=fact_of_division(a, b) if correct else None,
        )

    def _mistake(self, state, seat, row, col, previous, number, now_ms, events) -> Outcome:
        claim = self._attempt(state, seat, previous, number, now_ms, correct=False)
        new = dict(state)
        mistakes = list(state["mistakes"])
        mistakes[seat] += 1
        new["mistakes"] = mistakes
        passed = state["strict"]
        if passed:
            new["turn"] = (seat + 1) % state["players"]
            new["turn_started_ms"] = now_ms
        events = [
            *events,
            {
                "type": "mistake",
                "seat": seat,
                "cell": [row, col],
                "a": previous,
                "b": number,
                "turn_passed": passed,
            },
        ]
        return Outcome(state=new, events=events, attempts=[claim])

    def _mark(self, state, seat, row, col, now_ms, events, attempts) -> Outcome:
        marks = list(state["marks"])
        marked_row = list(marks[row])
        marked_row[col] = seat
        marks[row] = marked_row
        new = dict(state)
        new["marks"] = marks
        new["last"] = [row, col]
        events = [
            *events,
            {"type": "mark", "seat": seat, "cell": [row, col], "number": state["board"][row][col]},
        ]
        if self._makes_five(marks, seat, row, col):
            new["result"] = {"winners": [seat], "reason": "five_in_a_row"}
        elif all(None not in line for line in marks):
            new["result"] = {"winners": [], "reason": "board_full"}
        if new["result"] is not None:
            new["phase"] = "over"
            events.append({"type": "game_over", "result": new["result"]})
        else:
            new["turn"] = (seat + 1) % state["players"]
            new["turn_started_ms"] = now_ms
        return Outcome(state=new, events=events, attempts=attempts)

    @staticmethod
    def _makes_five(marks: list[list[Any]], seat: int, row: int, col: int) -> bool:
        rows, cols = len(marks), len(marks[0])
        for dr, dc in DIRECTIONS:
            run = 1
            for sign in (1, -1):
                r, c = row + sign * dr, col + sign * dc
                while 0 <= r < rows and 0 <= c < cols and marks[r][c] == seat:
                    run += 1
                    r += sign * dr
                    c += sign * dc
            if run >= WIN_LENGTH:
                return True
        return False

    @staticmethod
    def _has_related_cell(state: State, previous: int) -> bool:
        for numbers, owners in zip(state["board"], state["marks"], strict=True):
            for number, owner in zip(numbers, owners, strict=True):
                if owner is None and related(previous, number):
                    return True
        return False

    def _free_start(self, state: State) -> bool:
        last = state["last"]
        return last is None or not self._has_related_cell(state, state["board"][last[0]][last[1]])

    # --- reading -------------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        view = self.common_view(state, seat)
        # Shared with the state, not copied (see `Engine.view`): a move builds a view per seat and watcher.
        view.update(
            board=state["board"],
            marks=state["marks"],
            last=state["last"],
            free_start=state["result"] is None and self._free_start(state),
            primes=state["primes"],
            dice=state["dice"],
        )
        return view

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["result"] is not None or seat != state["turn"]:
            return []
        board, marks, last = state["board"], state["marks"], state["last"]
        free = [(r, c) for r, owners in enumerate(marks) for c, owner in enumerate(owners) if owner is None]
        if last is not None:
            previous = board[last[0]][last[1]]
            near = [(r, c) for r, c in free if related(previous, board[r][c])]
            free = near or free
        return [{"type": "mark", "cell": [r, c]} for r, c in free]
