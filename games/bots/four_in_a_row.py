"""Computer players for Four-in-a-Row Multiplication.

Both bots decide only from `engine.view(state, seat)` and `engine.legal_actions(state, seat)`:
they never look at the deck or the other hand, and never call `engine.apply` to look ahead.
"""

from __future__ import annotations

import random

from games.bots.base import Bot, BotMove
from games.engines.base import Action, State
from games.engines.four_in_a_row import DIRECTIONS, FACTORS, WILD, tokens_for

NEAR_MISS_RATE = 0.15
WIN = 1_000_000
# Window weights by how many of the four cells already hold the mover's (attack) or the
# opponent's (defence) markers, the others being free.
ATTACK = (1.0, 3.0, 10.0)
DEFENCE = (0.0, 1.5, 5.0)
SCORE_TOKEN = 1000.0
BLOCK_TOKEN = 600.0
WILD_COST = 6.0
KEEP_WEIGHT = 0.05
PRODUCTS = frozenset(a * b for a in FACTORS for b in FACTORS)


def _delay(view: dict, now_ms: int, low: int, high: int, rng: random.Random) -> int:
    """A human-like pause, cut short so that the bot still beats its own deadline."""
    delay = rng.randint(low, high)
    deadline = view.get("deadline_ms")
    if deadline is not None:
        delay = min(delay, max(0, deadline - now_ms - 250))
    return delay


def _near_miss(play: Action, view: dict, rng: random.Random) -> Action | None:
    """The same cards on a free square showing a neighbouring product (7x8 on 48 or 63), if any."""
    a, b = play["values"]
    right = a * b
    near = {x * y for x, y in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)) if 2 <= x <= 9 and 2 <= y <= 9}
    near.discard(right)
    board, markers = view["board"], view["markers"]
    cells = [
        [r, c]
        for r, row in enumerate(board)
        for c, value in enumerate(row)
        if value in near and markers[r][c] is None
    ]
    if not cells:
        return None
    return {"type": "play", "cards": list(play["cards"]), "values": [a, b], "cell": rng.choice(cells)}


class FourInARowEasy(Bot):
    """A child: plays some legal product, discards now and then, sometimes picks a neighbouring product.

    It never takes a square that would complete the other player's four (a block): picking at random
    among all legal plays, it used to land on one about as often as the square's share of its plays
    (130 of 905 turns that offered one, seeds 0-299 against the hard bot), which a child reads as
    blocking on purpose. When every play would block, it discards.
    """

    level = "easy"

    def choose(self, state: State, seat: int, now_ms: int, rng: random.Random) -> BotMove | None:
        view = self.engine.view(state, seat)
        if seat not in view["to_move"]:
            return None
        legal = self.engine.legal_actions(state, seat)
        if not legal:
            return None
        plays = [action for action in legal if action["type"] == "play" and not blocks(view, seat, action)]
        discards = [action for action in legal if action["type"] == "discard"]
        action = None
        if plays and rng.random() < NEAR_MISS_RATE:
            action = _near_miss(rng.choice(plays), view, rng)
        if action is None:
            action = rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(discards)
        return BotMove(action, _delay(view, now_ms, 1500, 3000, rng))


def blocks(view: dict, seat: int, play: Action) -> bool:
    """Would this play take a square that completes the other player's run of four?"""
    row, col = play["cell"]
    return tokens_for(view["markers"], row, col, 1 - seat)[0] > 0


class FourInARowHard(Bot):
    """Plays to win: completes its own runs, blocks the opponent's, builds lines, keeps wild cards."""

    level = "hard"

    def choose(self, state: State, seat: int, now_ms: int, rng: random.Random) -> BotMove | None:
        view = self.engine.view(state, seat)
        if seat not in view["to_move"]:
            return None
        legal = self.engine.legal_actions(state, seat)
        if not legal:
            return None
        action = self.best_action(view, seat, legal, rng)
        return BotMove(action, _delay(view, now_ms, 1000, 2500, rng))

    def best_action(self, view: dict, seat: int, legal: list[Action], rng: random.Random) -> Action:
        """The chosen action, from what `seat` can see only."""
        hand = view["hand"]
        lines = {
            (r, c): line_value(view["markers"], seat, r, c)
            for r, row in enumerate(view["markers"])
            for c, marker in enumerate(row)
            if marker is None
        }
        potential: dict[int | str, float] = {}

        def kept_value(card: int | str) -> float:
            if card not in potential:
                potential[card] = card_potential(view["board"], lines, card)
            return potential[card]

        plays = [action for action in legal if action["type"] == "play"]
        if not plays:
            discards = [action for action in legal if action["type"] == "discard"]
            return max(discards, key=lambda action: sum(
                kept_value(card) for index, card in enumerate(hand) if index not in action["cards"]
            ))
        cells: dict[tuple[int, int], float] = {}
        best: list[Action] = []
        best_value = 0.0
        for action in plays:
            cell = (action["cell"][0], action["cell"][1])
            if cell not in cells:
                cells[cell] = cell_value(view, seat, *cell, lines[cell])
            i, j = action["cards"]
            value = cells[cell] - WILD_COST * ((hand[i] == WILD) + (hand[j] == WILD))
            kept = [card for index, card in enumerate(hand) if index not in (i, j)]
            value += KEEP_WEIGHT * sum(kept_value(card) for card in kept)
            if not best or value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return rng.choice(best)


def cell_value(view: dict, seat: int, row: int, col: int, lines: float | None = None) -> float:
    """How good a marker of `seat` on the free square (row, col) is: win, score, block, build."""
    markers = view["markers"]
    scores, target = view["scores"], view["target_score"]
    other = 1 - seat
    mine, _ = tokens_for(markers, row, col, seat)
    if mine and scores[seat] + mine >= target:
        return WIN
    theirs, _ = tokens_for(markers, row, col, other)
    value = SCORE_TOKEN * mine
    if theirs:
        value += BLOCK_TOKEN * theirs * (3 if scores[other] + theirs >= target else 1)
    value += line_value(markers, seat, row, col) if lines is None else lines
    return value


def line_value(markers: list[list[int | None]], seat: int, row: int, col: int) -> float:
    """Attack and defence weight of every window of four through (row, col)."""
    rows, cols = len(markers), len(markers[0])
    total = 0.0
    for dr, dc in DIRECTIONS:
        for back in range(4):
            r0, c0 = row - back * dr, col - back * dc
            r3, c3 = r0 + 3 * dr, c0 + 3 * dc
            if not (0 <= r0 < rows and 0 <= r3 < rows and 0 <= c0 < cols and 0 <= c3 < cols):
                continue
            own = opp = 0
            for k in range(4):
                r, c = r0 + k * dr, c0 + k * dc
                if (r, c) == (row, col):
                    continue
                marker = markers[r][c]
                if marker is None:
                    continue
                if marker == seat:
                    own += 1
                else:
                    opp += 1
            if opp == 0 and own < 3:
                total += ATTACK[own]
            elif own == 0 and opp < 3:
                total += DEFENCE[opp]
    return total


def card_potential(board: list[list[int]], lines: dict[tuple[int, int], float], card: int | str) -> float:
    """How much a card in hand is worth: the line weight of the free squares it can help reach.

    `lines` maps each free square to its line_value; a wild card reaches every square that is
    a product of two factors 2..9.
    """
    total = 0.0
    for (r, c), weight in lines.items():
        value = board[r][c]
        if card == WILD:
            if value in PRODUCTS:
                total += 1.0 + weight
        elif isinstance(card, int) and value % card == 0 and value // card in FACTORS:
            total += 1.0 + weight
    return total


__all__ = ["FourInARowEasy", "FourInARowHard", "blocks", "card_potential", "cell_value", "line_value"]
