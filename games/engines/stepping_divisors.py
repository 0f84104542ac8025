"""Stepping By Divisors (docs/games.md section 4): place 1..m^2 on a grid, then step by divisors.

Phase `place`: seats take turns writing the next number into any empty square. Phase
`divide`: the first seat writes divisor 1 on any square; then each move writes a divisor of a
free square's number on a square orthogonally next to one that has a divisor, different from
the current d, and costs the mover |new d - old d|. Lowest score wins.

Pure Python: no Django, nothing else of the project.
"""

from __future__ import annotations

from games.engines.base import (
    Action,
    Engine,
    IllegalAction,
    Outcome,
    Rng,
    State,
    attempt,
    cell_of,
    copy_state,
    fact_of_division,
    is_int,
    require,
)
from games.engines.focus import FocusError, FocusRange, focus_rng, rules_words
from games.engines.stepping_divisors_definition import DEFAULT_SIZE, DEFINITION, MAX_SIZE, MIN_SIZE

# A divisor above this is "out of range" (bad_action), so every attempt fits a 32-bit column.
MAX_DIVISOR = 2**31 - 1
# With a focus (and the grid filled by the computer), this share of the squares shows a focus product.
FOCUS_SHARE = 0.15
ACTION_FIELDS = {"place": frozenset({"type", "cell"}), "divide": frozenset({"type", "cell", "divisor"})}

# DIVISORS[n]: the divisors of n in increasing order, for every number a board can hold.
DIVISORS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in range(1, n + 1) if n % k == 0) if n else () for n in range(MAX_SIZE * MAX_SIZE + 1)
)

RULES_SUMMARY = f"""\
{DEFINITION.title} ({DEFINITION.min_players} to {DEFINITION.max_players} players)

The board is a square grid, {DEFAULT_SIZE} x {DEFAULT_SIZE} unless the teacher picks another size
({MIN_SIZE} x {MIN_SIZE} up to {MAX_SIZE} x {MAX_SIZE}).

Phase 1: writing the numbers.
Players take turns, starting with the first player. On your turn you write the next number
(1, then 2, then 3, and so on up to the last square) in any empty square you like.
Your teacher may skip this phase by giving a ready-made grid, or let the computer fill it.

Phase 2: stepping by divisors.
The current divisor d starts at 1. The first player begins by writing 1 next to any number.
Then players take turns. On your turn pick an empty square (one without a divisor yet) that
is right next to a square that already has one: up, down, left or right, not diagonally.
Write a divisor of its number: a number that divides it exactly, with nothing left over.
Your divisor must be different from the current d.
You score the difference between your divisor and the old d. Example: d is 4 and you write
7 next to 42; you score 7 - 4 = 3, and d is now 7. Small steps keep your score low.

The end.
The game ends when every square has a divisor. The LOWEST score wins; players with the same
lowest score share the win.

House rules.
- If the player to move has no possible move (this only happens when the last free squares
  hold 1 and d is already 1), the game ends there.
- A divisor that does not divide the number is a mistake: nothing is written and you try
  again. It is counted so your teacher can see which facts need practice. If the teacher
  switched on "strict", a mistake also ends your turn.
- If there is a time limit and you run out of time: in phase 1 your number goes into the
  first empty square (reading left to right, top to bottom); in phase 2 you miss your turn.
- Writing on a square that already has a divisor, a square not next to one, or the same
  divisor as d is not allowed and is not counted as a mistake.
""" + rules_words(
    "Here the focus needs the computer to fill the grid. Some of its numbers are swapped for the\n"
    "products of the focus facts (56 for 7 x 8), so those products are on the grid several times and\n"
    "some other numbers are not there at all. Every number is still between 1 and the last square."
)


def _clone(state: State) -> State:
    """A deep copy of a state, specialised to this engine's flat layout (much faster)."""
    new = dict(state)
    new["numbers"] = [row[:] for row in state["numbers"]]
    new["divisors"] = [row[:] for row in state["divisors"]]
    new["mistakes"] = list(state["mistakes"])
    new["scores"] = list(state["scores"])
    new["result"] = copy_state(state["result"])
    return new


def _touches_divisor(divisors: list[list[int | None]], row: int, col: int, m: int) -> bool:
    return (
        (row > 0 and divisors[row - 1][col] is not None)
        or (row + 1 < m and divisors[row + 1][col] is not None)
        or (col > 0 and divisors[row][col - 1] is not None)
        or (col + 1 < m and divisors[row][col + 1] is not None)
    )


def frontier(state: State) -> list[tuple[int, int]]:
    """The free squares (no divisor yet) orthogonally next to a square that has one, reading order."""
    m = state["size"]
    divisors = state["divisors"]
    return [
        (r, c) for r in range(m) for c in range(m) if divisors[r][c] is None and _touches_divisor(divisors, r, c, m)
    ]


def _has_move(state: State) -> bool:
    """Whether the seat to move has any legal divide move (the same for every seat)."""
    d = state["d"]
    if d is None:
        return True  # the opening: divisor 1 on any square
    m = state["size"]
    numbers = state["numbers"]
    divisors = state["divisors"]
    for r in range(m):
        drow = divisors[r]
        nrow = numbers[r]
        for c in range(m):
            # A number n > 1 has at least the two divisors 1 and n, so one differs from d.
            if drow[c] is None and (d != 1 or nrow[c] != 1) and _touches_divisor(divisors, r, c, m):
                return True
    return False


def _grid_ok(grid) -> int | None:
    """m when grid is an m x m list of lists holding 1..m^2 once each (3 <= m <= 12), else None."""
    if not isinstance(grid, list) or not MIN_SIZE <= len(grid) <= MAX_SIZE:
        return None
    m = len(grid)
    seen = set()
    for row in grid:
        if not isinstance(row, list) or len(row) != m:
            return None
        for value in row:
            if not is_int(value) or not 1 <= value <= m * m:
                return None
            seen.add(value)
    return m if len(seen) == m * m else None


def focus_numbers(numbers: list[list[int]], focus: tuple[tuple[int, int], ...], seed: int) -> list[list[int]]:
    """The shuffled grid with FOCUS_SHARE of its squares (not 1, not a focus product) given a focus
    fact's product instead, the facts taking turns. Each number once, as on a plain grid, stepped
    on once a game; a focus product now several times, each a chance to step by its factors.
    Every number still lies between 1 and m x m."""
    m = len(numbers)
    products = [a * b for a, b in focus]
    rng = focus_rng(seed)
    spare = [(r, c) for r in range(m) for c in range(m) if numbers[r][c] != 1 and numbers[r][c] not in products]
    rng.shuffle(spare)
    grid = [list(row) for row in numbers]
    for i, (r, c) in enumerate(spare[:round(FOCUS_SHARE * m * m)]):
        grid[r][c] = products[i % len(products)]
    return grid


class SteppingDivisors(Engine):
    definition = DEFINITION
    slug = DEFINITION.slug
    title = DEFINITION.title
    min_players = DEFINITION.min_players
    max_players = DEFINITION.max_players
    rules_summary = RULES_SUMMARY

    def focus_range(self, options: dict) -> FocusRange:
        if options.get("prefill") is not None or options.get("random_fill") is not True:
            raise FocusError('Focus in Stepping By Divisors needs "Fill the grid automatically": the computer '
                             "fills the grid, putting the focus products on it more often.")
        size = options.get("size")
        m = size if is_int(size) and MIN_SIZE <= size <= MAX_SIZE else DEFAULT_SIZE
        return FocusRange(fits=lambda a, b: a >= 2 and a * b <= m * m,
                          what=f"a {m} x {m} board holds the numbers 1 to {m * m}, so its facts are 2 x 2 up to "
                               f"products of {m * m}")

    # ------------------------------------------------------------------ setup

    def setup(self, players: int, options: dict | None = None, seed: int = 0, now_ms: int = 0) -> State:
        options = {} if options is None else options
        require(isinstance(options, dict), "bad_options", "options must be an object")
        require(
            is_int(players) and self.min_players <= players <= self.max_players,
            "bad_options",
            f"players must be {self.min_players} to {self.max_players}",
        )
        require(is_int(seed), "bad_options", "seed must be an integer")

        first_seat = options.get("first_seat", 0)
        require(is_int(first_seat) and 0 <= first_seat < players, "bad_options", "first_seat is not a seat")

        strict = options.get("strict", False)
        require(isinstance(strict, bool), "bad_options", "strict must be true or false")
        random_fill = options.get("random_fill", False)
        require(isinstance(random_fill, bool), "bad_options", "random_fill must be true or false")

        limit = options.get("time_limit_s")
        if limit is not None:
            require(
                isinstance(limit, (int, float)) and not isinstance(limit, bool) and 0 < limit <= 86400,
                "bad_options",
                "time_limit_s must be a positive number of seconds",
            )
            limit = round(limit * 1000)
            require(limit > 0, "bad_options", "time_limit_s is too small")

        size = options.get("size")
        if size is not None:
            require(
                is_int(size) and MIN_SIZE <= size <= MAX_SIZE,
                "bad_options",
                f"size must be {MIN_SIZE} to {MAX_SIZE}",
            )
        prefill = options.get("prefill")
        if prefill is not None:
            grid_side = _grid_ok(prefill)
            if grid_side is None:
                raise IllegalAction("bad_options", "prefill must be an m x m grid (m 3 to 12) holding 1..m^2 once each")
            m = grid_side
            require(size is None or size == m, "bad_options", "size disagrees with the prefill grid")
            require(not random_fill, "bad_options", "prefill and random_fill exclude each other")
        else:
            m = DEFAULT_SIZE if size is None else size

        focus = self.setup_focus(options)
        rng = Rng.from_seed(seed)
        if prefill is not None:
            numbers = [list(row) for row in prefill]
        elif random_fill:
            order = list(range(1, m * m + 1))
            rng.shuffle(order)
            numbers = [order[r * m : (r + 1) * m] for r in range(m)]
            if focus:
                numbers = focus_numbers(numbers, focus, seed)
        else:
            numbers = [[None] * m for _ in range(m)]
        filled = prefill is not None or random_fill

        return {
            "game": self.slug,
            "players": players,
            "phase": "divide" if filled else "place",
            "result": None,
            "mistakes": [0] * players,
            "size": m,
            "numbers": numbers,
            "divisors": [[None] * m for _ in range(m)],
            "d": None,
            "next_number": None if filled else 1,
            "scores": [0] * players,
            "turn": first_seat,
            "first_seat": first_seat,
            "turn_started_ms": now_ms,
            "time_limit_ms": limit,
            "strict": strict,
            "divided": 0,
            "rng": rng.state,
        }

    # ------------------------------------------------------------------ time

    def deadline(self, state: State) -> int | None:
        if state["result"] is not None or state["time_limit_ms"] is None:
            return None
        return state["turn_started_ms"] + state["time_limit_ms"]

    def tick(self, state: State, now_ms: int) -> Outcome:
        new = _clone(state)
        events: list[dict] = []
        self._advance(new, now_ms, events)
        return Outcome(new, events, [])

    def _advance(self, state: State, now_ms: int, events: list[dict]) -> None:
        """Perform the timeout due at or before now_ms, if any (in place, on a private copy).

        A timeout starts the next turn's clock at now_ms, so at most one is ever due.
        """
        due = self.deadline(state)
        if due is None or due > now_ms:
            return
        seat = state["turn"]
        events.append({"type": "timeout", "seat": seat, "phase": state["phase"]})
        if state["phase"] == "place":
            m = state["size"]
            numbers = state["numbers"]
            row, col = next((r, c) for r in range(m) for c in range(m) if numbers[r][c] is None)
            self._place(state, seat, row, col, now_ms, events)
        else:
            self._pass_turn(state, now_ms)

    def _pass_turn(self, state: State, now_ms: int) -> None:
        state["turn"] = (state["turn"] + 1) % state["players"]
        state["turn_started_ms"] = now_ms

    # ------------------------------------------------------------------ moves

    def apply(self, state: State, seat: int, action: Action, now_ms: int) -> Outcome:
        self.check_seat(state, seat)
        new = _clone(state)
        events: list[dict] = []
        self._advance(new, now_ms, events)
        require(new["result"] is None, "game_over", "the game is over")
        # Refusal order (docs/engine-contract.md, "Which refusal comes first"): the action's form, the phase, whose
        # turn, then the square.
        kind = self.check_action_shape(action, ACTION_FIELDS)
        m = new["size"]
        row, col = cell_of(action, m, m)
        divisor = 0  # a place action has none
        if kind == "divide":
            given = action.get("divisor")
            if not (is_int(given) and 1 <= given <= MAX_DIVISOR):
                raise IllegalAction("bad_action", "divisor must be a positive whole number")
            divisor = given
        require(kind == new["phase"], "wrong_phase", f"{kind} is not allowed in phase {new['phase']}")
        require(seat == new["turn"], "not_your_turn", "it is not your turn")
        if kind == "place":
            require(new["numbers"][row][col] is None, "cell_taken", "that square already has a number")
            self._place(new, seat, row, col, now_ms, events)
            return Outcome(new, events, [])
        return self._divide(new, seat, row, col, divisor, now_ms, events)

    def _place(self, state: State, seat: int, row: int, col: int, now_ms: int, events: list[dict]) -> None:
        number = state["next_number"]
        state["numbers"][row][col] = number
        events.append({"type": "place", "seat": seat, "cell": [row, col], "number": number})
        m = state["size"]
        if number == m * m:
            state["phase"] = "divide"
            state["next_number"] = None
            state["turn"] = state["first_seat"]
            state["turn_started_ms"] = now_ms
            events.append({"type": "phase", "phase": "divide"})
        else:
            state["next_number"] = number + 1
            self._pass_turn(state, now_ms)

    def _divide(self, state: State, seat: int, row: int, col: int, divisor: int, now_ms: int,
                events: list[dict]) -> Outcome:
        divisors = state["divisors"]
        require(divisors[row][col] is None, "cell_taken", "that square already has a divisor")
        m = state["size"]
        old = state["d"]
        number = state["numbers"][row][col]
        attempts: list[dict] = []
        if old is None:
            require(divisor == 1, "bad_action", "the first divisor written is 1")
            gained = 0
        else:
            require(
                _touches_divisor(divisors, row, col, m),
                "not_adjacent",
                "pick a square next to one with a divisor",
            )
            require(divisor != old, "same_divisor", f"the divisor must differ from d = {old}")
            think_ms = max(0, now_ms - state["turn_started_ms"])
            if number % divisor:
                state["mistakes"][seat] += 1
                attempts.append(
                    attempt(
                        seat=seat,
                        kind="divisor",
                        a=number,
                        b=divisor,
                        answer=None,
                        correct=False,
                        think_ms=think_ms,
                        fact=None,
                    )
                )
                events.append({"type": "mistake", "seat": seat, "cell": [row, col], "divisor": divisor})
                if state["strict"]:
                    self._pass_turn(state, now_ms)
                return Outcome(state, events, attempts)
            attempts.append(
                attempt(
                    seat=seat,
                    kind="divisor",
                    a=number,
                    b=divisor,
                    answer=None,
                    correct=True,
                    think_ms=think_ms,
                    fact=fact_of_division(number, divisor),
                )
            )
            gained = abs(divisor - old)
        divisors[row][col] = divisor
        state["d"] = divisor
        state["divided"] += 1
        state["scores"][seat] += gained
        events.append({"type": "divide", "seat": seat, "cell": [row, col], "divisor": divisor, "score": gained})
        if state["divided"] == m * m:
            self._finish(state, "complete", events)
        else:
            self._pass_turn(state, now_ms)
            if not _has_move(state):
                self._finish(state, "no_move", events)
        return Outcome(state, events, attempts)

    def _finish(self, state: State, reason: str, events: list[dict]) -> None:
        scores = state["scores"]
        low = min(scores)
        state["result"] = {"winners": [s for s, v in enumerate(scores) if v == low], "reason": reason}
        events.append({"type": "game_over", "result": copy_state(state["result"])})

    # ------------------------------------------------------------------ reading

    def view(self, state: State, seat: int | None) -> dict:
        out = self.common_view(state, seat)
        out.update(
            size=state["size"],
            numbers=[row[:] for row in state["numbers"]],
            divisors=[row[:] for row in state["divisors"]],
            d=state["d"],
            next_number=state["next_number"],
            scores=list(state["scores"]),
        )
        return out

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state["result"] is not None or seat != state["turn"]:
            return []
        m = state["size"]
        if state["phase"] == "place":
            numbers = state["numbers"]
            return [{"type": "place", "cell": [r, c]} for r in range(m) for c in range(m) if numbers[r][c] is None]
        d = state["d"]
        if d is None:
            return [{"type": "divide", "cell": [r, c], "divisor": 1} for r in range(m) for c in range(m)]
        numbers = state["numbers"]
        return [
            {"type": "divide", "cell": [r, c], "divisor": k}
            for r, c in frontier(state)
            for k in DIVISORS[numbers[r][c]]
            if k != d
        ]


__all__ = ["DIVISORS", "SteppingDivisors", "frontier"]
