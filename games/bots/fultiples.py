"""Fultiples bots. Fultiples has no hidden information, so the bots read the whole view.

Easy: a random legal cell, and now and then (about 15 %) a child-like near miss: a cell whose
number is close to a multiple or a factor of the last number but is not one (42 after 8).
Hard: a two-ply search over the bot's moves and the replies they allow, on a small board model
of its own (window counts per five-cell line), with a third-ply check for wins the reply hands
back: it completes its own five, never opens a cell that lets the opponent finish theirs when
it can help it, and prefers moves that leave the opponent few good replies.
"""

from __future__ import annotations

import random
from functools import lru_cache

from games.bots.base import Bot, BotMove
from games.engines.base import State
from games.engines.fultiples import DIRECTIONS, WIN_LENGTH, related

NEAR_MISS_RATE = 0.15
# Value of a five-cell window holding k of one player's marks and none of the other's.
LINE_VALUE = (0, 1, 4, 16, 64, 100_000)
WIN = 1_000_000
CANDIDATES = 16  # moves searched two plies deep, best first by their one-ply value


def _delay(view: dict, now_ms: int, rng: random.Random, low: int, high: int) -> int:
    """A human-like pause, kept inside the turn's time limit."""
    delay = rng.randint(low, high)
    if view["deadline_ms"] is not None:
        delay = max(0, min(delay, view["deadline_ms"] - now_ms - 300))
    return delay


def _mark(cell: int, cols: int) -> dict:
    return {"type": "mark", "cell": [cell // cols, cell % cols]}


class FultiplesEasy(Bot):
    level = "easy"

    def choose(self, state: State, seat: int, now_ms: int, rng: random.Random) -> BotMove | None:
        view = self.engine.view(state, seat)
        if seat not in view["to_move"]:
            return None
        action = None
        if rng.random() < NEAR_MISS_RATE:
            action = self.near_miss(view, rng)
        if action is None:
            legal = self.engine.legal_actions(state, seat)
            if not legal:
                return None
            action = rng.choice(legal)
        return BotMove(action, _delay(view, now_ms, rng, 1200, 3000))

    @staticmethod
    def near_miss(view: dict, rng: random.Random) -> dict | None:
        """A free cell whose number is nearest to a multiple or factor of the last number, but wrong."""
        if view["free_start"] or view["last"] is None:
            return None
        board, marks = view["board"], view["marks"]
        previous = board[view["last"][0]][view["last"][1]]
        divisors = [d for d in range(1, previous + 1) if previous % d == 0]
        scored = []
        for r, row in enumerate(board):
            for c, number in enumerate(row):
                if marks[r][c] is not None or related(previous, number):
                    continue
                if number > previous:
                    off = min(number % previous, previous - number % previous)
                else:
                    off = min(abs(number - d) for d in divisors)
                scored.append((off, r, c))
        if not scored:
            return None
        scored.sort()
        _, r, c = rng.choice(scored[:3])
        return {"type": "mark", "cell": [r, c]}


@lru_cache(maxsize=32)
def _board_model(rows: int, cols: int, values: tuple[int, ...]) -> tuple:
    """Static facts of a board: five-cell windows, the windows through each cell, the cells that
    share a window with each cell, and the cells whose numbers are related to each cell's."""
    windows = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in DIRECTIONS:
                end_r, end_c = r + dr * (WIN_LENGTH - 1), c + dc * (WIN_LENGTH - 1)
                if 0 <= end_r < rows and 0 <= end_c < cols:
                    windows.append(tuple((r + dr * k) * cols + c + dc * k for k in range(WIN_LENGTH)))
    through: list[list[int]] = [[] for _ in values]
    for index, window in enumerate(windows):
        for cell in window:
            through[cell].append(index)
    near = tuple(frozenset(cell for index in ids for cell in windows[index]) for ids in through)
    cells_of: dict[int, list[int]] = {}
    for cell, value in enumerate(values):
        cells_of.setdefault(value, []).append(cell)
    related_to = {a: sorted(cell for b, cells in cells_of.items() if related(a, b) for cell in cells) for a in cells_of}
    partners = tuple(tuple(other for other in related_to[a] if other != cell) for cell, a in enumerate(values))
    return tuple(windows), tuple(tuple(ids) for ids in through), near, partners


class _Position:
    """Marks and per-window mark counts, with cheap place/undo for the search."""

    def __init__(self, view: dict) -> None:
        board = view["board"]
        self.rows, self.cols = len(board), len(board[0])
        self.values = values = tuple(n for row in board for n in row)
        self.windows, self.through, self.near, self.related = _board_model(self.rows, self.cols, values)
        self.owner = [-1 if o is None else o for row in view["marks"] for o in row]
        self.count = ([0] * len(self.windows), [0] * len(self.windows))
        for index, window in enumerate(self.windows):
            for cell in window:
                if self.owner[cell] >= 0:
                    self.count[self.owner[cell]][index] += 1

    def place(self, cell: int, seat: int) -> None:
        self.owner[cell] = seat
        counts = self.count[seat]
        for index in self.through[cell]:
            counts[index] += 1

    def undo(self, cell: int, seat: int) -> None:
        self.owner[cell] = -1
        counts = self.count[seat]
        for index in self.through[cell]:
            counts[index] -= 1

    def empty(self) -> list[int]:
        return [cell for cell, o in enumerate(self.owner) if o < 0]

    def replies(self, cell: int) -> list[int]:
        """Where the next player may mark after `cell` was marked (any free cell if none is related)."""
        owner = self.owner
        near = [other for other in self.related[cell] if owner[other] < 0]
        return near or self.empty()

    def reaches(self, cell: int, targets: set[int]) -> bool:
        """After `cell` is marked, may the next player mark one of the free cells `targets`?"""
        targets = targets - {cell}
        if not targets:
            return False
        value, values = self.values[cell], self.values
        if any(related(value, values[target]) for target in targets):
            return True
        owner = self.owner
        return not any(owner[other] < 0 for other in self.related[cell])  # a free start

    def wins(self, seat: int, windows: tuple[int, ...] | range | None = None) -> set[int]:
        """Free cells that complete five for `seat` (looking only at `windows` when given)."""
        mine, theirs, owner = self.count[seat], self.count[1 - seat], self.owner
        found: set[int] = set()
        for index in range(len(self.windows)) if windows is None else windows:
            if mine[index] == WIN_LENGTH - 1 and theirs[index] == 0:
                found.update(cell for cell in self.windows[index] if owner[cell] < 0)
        return found

    def gain(self, cell: int, seat: int) -> int:
        """Heuristic value for `seat` of marking `cell`: lines built plus opposing lines cut."""
        mine, theirs = self.count[seat], self.count[1 - seat]
        total = 0
        for index in self.through[cell]:
            a, b = mine[index], theirs[index]
            if b == 0:
                total += LINE_VALUE[a + 1] - LINE_VALUE[a]
            elif a == 0:
                total += LINE_VALUE[b + 1] // 2
        return total


class FultiplesHard(Bot):
    level = "hard"

    def choose(self, state: State, seat: int, now_ms: int, rng: random.Random) -> BotMove | None:
        view = self.engine.view(state, seat)
        if seat not in view["to_move"]:
            return None
        legal = self.engine.legal_actions(state, seat)
        if not legal:
            return None
        cols = len(view["board"][0])
        moves = [r * cols + c for r, c in (a["cell"] for a in legal)]
        cell = self.best_move(_Position(view), moves, seat, rng)
        return BotMove(_mark(cell, cols), _delay(view, now_ms, rng, 800, 2200))

    @staticmethod
    def best_move(pos: _Position, moves: list[int], me: int, rng: random.Random) -> int:
        """Win now if possible; else the safe move whose gain minus the best reply is highest."""
        opp = 1 - me
        my_wins, their_wins = pos.wins(me), pos.wins(opp)
        winning = [m for m in moves if m in my_wins]
        if winning:
            return rng.choice(winning)
        ranked = sorted(moves, key=lambda m: (-pos.gain(m, me), rng.random()))
        if their_wins:
            ranked = [m for m in ranked if not pos.reaches(m, their_wins)] or ranked
        reply_gains: dict[int, int] = {}  # the opponent's gain per cell in the current position
        best, best_value = ranked[0], None
        for move in ranked[:CANDIDATES]:
            reply = FultiplesHard._best_reply(pos, move, me, my_wins, their_wins, reply_gains)
            value = pos.gain(move, me) - reply
            if best_value is None or value > best_value:
                best, best_value = move, value
        return best

    @staticmethod
    def _best_reply(
        pos: _Position,
        move: int,
        me: int,
        my_wins: set[int],
        their_wins: set[int],
        reply_gains: dict[int, int],
    ) -> int:
        """The opponent's best heuristic reply value after `me` marks `move` (WIN if they win)."""
        opp = 1 - me
        their_wins = their_wins - {move}
        pos.place(move, me)
        try:
            replies = pos.replies(move)
            if not replies:  # the board is full: a draw
                return 0
            if their_wins.intersection(replies):
                return WIN
            my_wins = (my_wins - {move}) | pos.wins(me, pos.through[move])
            near = pos.near[move]
            best = -WIN
            for reply in replies:
                if my_wins and pos.reaches(reply, my_wins):
                    continue  # this reply hands `me` a five
                if reply in near:
                    gain = pos.gain(reply, opp)
                else:
                    known = reply_gains.get(reply)
                    if known is None:
                        known = reply_gains[reply] = pos.gain(reply, opp)
                    gain = known
                if gain > best:
                    best = gain
            return best
        finally:
            pos.undo(move, me)
