"""Computer players for Stepping By Divisors. No hidden information, so they read the state.

- SteppingEasy: a child. Places numbers anywhere; in the divisor phase looks at one square and
  writes a divisor of it, usually the one nearest d, sometimes another from the times tables;
  now and then (about 15 %) it writes a "divisor" one off from a real one that does not divide
  (a mistake, which exercises the drill's mistake path).
- SteppingHard: keeps its steps small and looks ahead. With two players it searches negamax
  over "my future cost minus yours" (memoised; a beam of the cheapest moves two plies deep in
  the middle game, exhaustive over the last few squares). A leaf is scored by the step the
  player to move will face: half its cheapest step, half the average over the free squares, so
  positions where a careless opponent has many dear steps count as good. With more players it
  lets every other seat reply with its cheapest step, then takes its own cheapest, minimising
  its cost against the others' average. In phase 1 it puts each number next to numbers it
  shares divisors with, so cheap steps exist.

Both use a light model of the board rather than engine.apply, for speed (a few ms a decision);
they only return actions the rules allow (the easy bot's near misses are wrong on purpose).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from math import gcd

from games.bots.base import Bot, BotMove
from games.engines.base import State
from games.engines.stepping_divisors import DIVISORS

EASY_MISTAKE_RATE = 0.15
EASY_WANDER_RATE = 0.3  # a divisor from the times tables instead of the nearest one

HARD_DEPTH = 2  # plies searched in the middle game (two players)
HARD_BEAM = 7  # cheapest moves tried at each ply of the middle game
HARD_EXACT = 6  # with this many free squares or fewer, search to the end with no beam
LEAF_BEST = 0.25  # leaf weight of the cheapest step the player to move faces
LEAF_MEAN = 0.25  # leaf weight of the average step over the free squares next to a divisor
HARD_CHAIN_CANDIDATES = 14  # own moves examined by the many-player look-ahead

_NO_STEP = 1 << 30
_MAX_NUMBER = len(DIVISORS) - 1
_NEAR: dict[int, tuple[tuple[int, int], ...]] = {}
_NEIGHBOURS: dict[int, tuple[tuple[int, ...], ...]] = {}


def neighbours(m: int) -> tuple[tuple[int, ...], ...]:
    """For an m x m board, the flat indices orthogonally next to each flat index."""
    table = _NEIGHBOURS.get(m)
    if table is None:
        rows = []
        for i in range(m * m):
            r, c = divmod(i, m)
            near = []
            if r > 0:
                near.append(i - m)
            if r + 1 < m:
                near.append(i + m)
            if c > 0:
                near.append(i - 1)
            if c + 1 < m:
                near.append(i + 1)
            rows.append(tuple(near))
        table = _NEIGHBOURS[m] = tuple(rows)
    return table


def near_divisors(number: int) -> tuple[tuple[int, int], ...]:
    """Indexed by d: (largest divisor of number below d or 0, smallest above d or 0)."""
    table = _NEAR.get(number)
    if table is None:
        divs = DIVISORS[number]
        rows = []
        for d in range(_MAX_NUMBER + 2):
            at = bisect_left(divs, d)
            low = divs[at - 1] if at > 0 else 0
            above = at + 1 if at < len(divs) and divs[at] == d else at
            high = divs[above] if above < len(divs) else 0
            rows.append((low, high))
        table = _NEAR[number] = tuple(rows)
    return table


def closest_step(number: int, d: int) -> tuple[int, int]:
    """(cost, divisor): the divisor of number other than d nearest to d (the smaller on a tie).

    (_NO_STEP, 0) when there is none (number 1 with d 1).
    """
    low, high = near_divisors(number)[min(d, _MAX_NUMBER + 1)]
    if low and (not high or d - low <= high - d):
        return d - low, low
    if high:
        return high - d, high
    return _NO_STEP, 0


def _delay(rng: random.Random, low: int = 800, high: int = 2500) -> int:
    return rng.randint(low, high)


class _Board:
    """A light copy of the divide phase for look-ahead: flat numbers, taken squares, frontier."""

    __slots__ = ("free", "frontier", "mask", "near", "numbers", "steps", "taken")

    def __init__(self, state: State) -> None:
        m = state["size"]
        self.near = near = neighbours(m)
        self.numbers = [n for row in state["numbers"] for n in row]
        self.steps = [near_divisors(n) for n in self.numbers]
        self.taken = taken = [k is not None for row in state["divisors"] for k in row]
        self.frontier = {i for i in range(m * m) if not taken[i] and any(taken[j] for j in near[i])}
        self.free = taken.count(False)
        self.mask = sum(1 << i for i, t in enumerate(taken) if t)

    def play(self, index: int) -> tuple[int, list[int]]:
        """Write a divisor on `index`; return what undo needs."""
        taken = self.taken
        taken[index] = True
        self.free -= 1
        self.mask |= 1 << index
        frontier = self.frontier
        frontier.discard(index)
        added = [j for j in self.near[index] if not taken[j] and j not in frontier]
        frontier.update(added)
        return index, added

    def undo(self, move: tuple[int, list[int]]) -> None:
        index, added = move
        taken = self.taken
        taken[index] = False
        self.free += 1
        self.mask &= ~(1 << index)
        self.frontier.difference_update(added)
        if any(taken[j] for j in self.near[index]):
            self.frontier.add(index)

    def moves(self, d: int) -> list[tuple[int, int, int]]:
        """(cost, index, divisor) for the sensible moves from d: on each frontier square the
        nearest divisor below d, the nearest above, and 1 (the reset)."""
        out = []
        steps = self.steps
        row = min(d, _MAX_NUMBER + 1)
        for index in self.frontier:
            low, high = steps[index][row]
            if low:
                out.append((d - low, index, low))
                if low != 1:
                    out.append((d - 1, index, 1))
            if high:
                out.append((high - d, index, high))
        return out

    def step_costs(self, d: int, played: int = -1) -> tuple[int, float]:
        """(cheapest step from d, mean over frontier squares of each square's cheapest step),
        as they would be once a divisor is written on `played` (if given; no change is made).

        (-1, 0.0) when there is no move."""
        best = _NO_STEP
        total = count = 0
        steps = self.steps
        row = min(d, _MAX_NUMBER + 1)
        squares: set[int] | list[int] = self.frontier
        if played >= 0:
            taken = self.taken
            squares = [j for j in self.frontier if j != played]
            squares += [j for j in self.near[played] if not taken[j] and j not in self.frontier]
        for index in squares:
            low, high = steps[index][row]
            if low:
                cost = d - low
                if high and high - d < cost:
                    cost = high - d
            elif high:
                cost = high - d
            else:
                continue
            total += cost
            count += 1
            if cost < best:
                best = cost
        return (best, total / count) if count else (-1, 0.0)

    def cheapest(self, d: int) -> tuple[int, list[tuple[int, int]]]:
        """The lowest step cost from d and every (index, divisor) reaching it; (-1, []) if none."""
        best, found = _NO_STEP, []
        row = min(d, _MAX_NUMBER + 1)
        steps = self.steps
        for index in self.frontier:
            low, high = steps[index][row]
            for k in (low, high):
                if k:
                    cost = abs(k - d)
                    if cost < best:
                        best, found = cost, [(index, k)]
                    elif cost == best:
                        found.append((index, k))
        return (best, found) if found else (-1, [])


class SteppingEasy(Bot):
    level = "easy"

    def choose(self, state: State, seat: int, now_ms: int, rng: random.Random) -> BotMove | None:
        actions = self.engine.legal_actions(state, seat)
        if not actions:
            return None
        if state["phase"] == "place" or state["d"] is None:
            return BotMove(rng.choice(actions), _delay(rng))
        d = state["d"]
        if rng.random() < EASY_MISTAKE_RATE:
            wrong = self._near_miss(state, actions, d, rng)
            if wrong is not None:
                return BotMove(wrong, _delay(rng, 1200, 3000))
        # Look at one square; usually write its divisor nearest d, sometimes a times-table one.
        row, col = rng.choice(actions)["cell"]
        number = state["numbers"][row][col]
        divisor = closest_step(number, d)[1]
        if rng.random() < EASY_WANDER_RATE:
            small = [k for k in DIVISORS[number] if k != d and k <= 10]
            divisor = rng.choice(small) if small else divisor
        return BotMove({"type": "divide", "cell": [row, col], "divisor": divisor}, _delay(rng))

    @staticmethod
    def _near_miss(state: State, actions: list[dict], d: int, rng: random.Random) -> dict | None:
        """A real divisor off by one that does not divide the square's number (and is not d)."""
        for _ in range(6):
            action = rng.choice(actions)
            row, col = action["cell"]
            number = state["numbers"][row][col]
            guess = action["divisor"] + rng.choice((-1, 1))
            if guess >= 1 and guess != d and number % guess:
                return {"type": "divide", "cell": [row, col], "divisor": guess}
        return None


class SteppingHard(Bot):
    level = "hard"

    def choose(self, state: State, seat: int, now_ms: int, rng: random.Random) -> BotMove | None:
        if state["result"] is not None or state["turn"] != seat:
            return None
        if state["phase"] == "place":
            return BotMove(self._place(state, rng), _delay(rng))
        action = self._divide(state, rng)
        return None if action is None else BotMove(action, _delay(rng))

    # -------------------------------------------------------------- phase 1

    @staticmethod
    def _place(state: State, rng: random.Random) -> dict:
        """Put n where it shares the most divisors with its neighbours (cheap steps later)."""
        m = state["size"]
        n = state["next_number"]
        numbers = [v for row in state["numbers"] for v in row]
        near = neighbours(m)
        best, cells = -1.0, []
        for i, value in enumerate(numbers):
            if value is not None:
                continue
            score = 0.0
            for j in near[i]:
                other = numbers[j]
                if other is None:
                    score += 0.25  # room for a future partner
                else:
                    score += len(DIVISORS[gcd(n, other)]) - 1 + (0.5 if (n ^ other) & 1 else 0.0)
            if score > best:
                best, cells = score, [i]
            elif score == best:
                cells.append(i)
        row, col = divmod(rng.choice(cells), m)
        return {"type": "place", "cell": [row, col]}

    # -------------------------------------------------------------- phase 2

    def _divide(self, state: State, rng: random.Random) -> dict | None:
        m = state["size"]
        board = _Board(state)
        d = state["d"]
        if d is None:
            # The opening scores nothing: every square, judged by what the replies cost.
            options = [(0, i, 1) for i in range(m * m)]
            start = 1
        else:
            options = board.moves(d)
            start = d
        if not options:
            return None
        options.sort()
        if state["players"] == 2:
            scored = self._search_root(board, start, options)
        else:
            scored = self._chain_root(board, start, options, state["players"])
        best = min(value for value, _, _ in scored)
        # equal values: the cheaper step, then the smaller d (small d keeps later steps small)
        ties = [(abs(k - start), k, index) for value, index, k in scored if value <= best + 1e-9]
        low = min(tie[:2] for tie in ties)
        picks = [(index, k) for cost, k, index in ties if (cost, k) == low]
        index, k = rng.choice(picks)
        row, col = divmod(index, m)
        return {"type": "divide", "cell": [row, col], "divisor": k}

    def _search_root(self, board: _Board, d: int, options: list) -> list[tuple[float, int, int]]:
        opening = board.free == len(board.taken)
        if board.free <= HARD_EXACT:
            depth, beam = board.free, None  # to the end of the game
        elif opening:
            depth, beam = 2, HARD_BEAM  # every square, a shallower look
        else:
            depth, beam = HARD_DEPTH, HARD_BEAM
            options = options[: 2 * HARD_BEAM]
        memo: dict = {}
        scored = []
        for cost, index, k in options:
            step = board.play(index)
            rest = 0.0 if board.free == 0 else self._negamax(board, k, depth - 1, beam, memo)
            board.undo(step)
            scored.append(((0 if opening else cost) - rest, index, k))
        return scored

    def _negamax(self, board: _Board, d: int, depth: int, beam: int | None, memo: dict) -> float:
        """For the seat to move: (its future cost - the other's future cost), minimised."""
        key = (board.mask, d, depth)
        found = memo.get(key)
        if found is not None:
            return found
        if depth <= 0:
            value = self._leaf(board, d)
        else:
            moves = board.moves(d)
            if not moves:
                value = 0.0  # no legal move: the game ends here
            else:
                moves.sort()
                if beam is not None:
                    moves = moves[:beam]
                value = float(_NO_STEP)
                if depth == 1 and board.free > 1:
                    # the children are leaves: score them without playing the move
                    for cost, index, k in moves:
                        child = cost - self._leaf(board, k, index)
                        if child < value:
                            value = child
                    memo[key] = value
                    return value
                for cost, index, k in moves:
                    step = board.play(index)
                    rest = 0.0 if board.free == 0 else self._negamax(board, k, depth - 1, beam, memo)
                    board.undo(step)
                    if cost - rest < value:
                        value = cost - rest
        memo[key] = value
        return value

    @staticmethod
    def _leaf(board: _Board, d: int, played: int = -1) -> float:
        best, mean = board.step_costs(d, played)
        return LEAF_BEST * best + LEAF_MEAN * mean if best > 0 else 0.0

    def _chain_root(self, board: _Board, d: int, options: list, players: int) -> list[tuple[float, int, int]]:
        """Many players: each other seat replies with its cheapest step, then our cheapest."""
        opening = board.free == len(board.taken)
        scored = []
        for cost, index, k in options[:HARD_CHAIN_CANDIDATES] if not opening else options:
            own = 0 if opening else cost
            scored.append((own + self._chain(board, index, k, players), index, k))
        return scored

    def _chain(self, board: _Board, index: int, k: int, players: int) -> float:
        undo = [board.play(index)]
        d = k
        others = 0
        try:
            for turn in range(1, players):
                cost, moves = board.cheapest(d)
                if cost < 0:
                    return -others / (players - 1)  # the game ends: nothing more to pay
                if turn == players - 1 and len(moves) > 1:
                    move = self._worst_for_next(board, moves)
                else:
                    move = min(moves, key=lambda mv: (mv[1], mv[0]))
                others += cost
                undo.append(board.play(move[0]))
                d = move[1]
            mine, _ = board.cheapest(d)
            return max(mine, 0) - others / (players - 1)
        finally:
            for step in reversed(undo):
                board.undo(step)

    @staticmethod
    def _worst_for_next(board: _Board, moves: list[tuple[int, int]]) -> tuple[int, int]:
        """Among equally cheap replies, the one that leaves the next seat the dearest step."""
        worst, pick = -2, moves[0]
        for move in moves[:4]:
            step = board.play(move[0])
            cost, _ = board.cheapest(move[1])
            board.undo(step)
            if cost > worst:
                worst, pick = cost, move
        return pick
