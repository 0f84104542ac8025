"""Multiplin computer players. They see only their own view and their own legal actions.

There are no turns: a bot is asked whenever it may act and answers with one planned action
and a reaction delay. Both bots wait out their own lock-out and stay quiet once they have
solved or passed this round.
"""

from __future__ import annotations

import random

from games.bots.base import Bot, BotMove
from games.engines.base import State

EASY_REACTION_MS = (3000, 7000)
EASY_PASS_MS = (7000, 11000)
EASY_NEAR_MISS_RATE = 0.15
EASY_OVERLOOK_RATE = 0.3  # chance of not spotting each solution in a round
HARD_REACTION_MS = (1200, 2500)


def solutions(view: dict) -> list[tuple[int, int]]:
    """Every (hand index, table slot) of the viewer's hand and the table that makes the product."""
    product, hand = view["product"], view["hand"] or []
    if product is None:
        return []
    return [
        (hand_index, slot)
        for hand_index, card in enumerate(hand)
        for slot, on_table in enumerate(view["table"])
        if on_table is not None and card * on_table == product
    ]


def near_misses(view: dict) -> list[tuple[int, int]]:
    """Child-like wrong pairs: one factor right, the other one off by one (42 -> 6 x 6, 6 x 8)."""
    product, hand = view["product"], view["hand"] or []
    if product is None:
        return []
    found = []
    for hand_index, card in enumerate(hand):
        for slot, on_table in enumerate(view["table"]):
            if on_table is None or card * on_table == product:
                continue
            if (product % card == 0 and abs(product // card - on_table) == 1) or (
                product % on_table == 0 and abs(product // on_table - card) == 1
            ):
                found.append((hand_index, slot))
    return found


def _waiting(view: dict, seat: int, now_ms: int) -> int | None:
    """None when the bot has nothing more to do this round, else its remaining lock-out (ms)."""
    if view["result"] is not None or view["product"] is None:
        return None
    if seat in view["solvers"] or seat in view["passed"]:
        return None
    until = view["locked_until_ms"][seat]
    return max(0, until - now_ms) if until is not None else 0


def _solve(view: dict, pair: tuple[int, int]) -> dict:
    return {"type": "solve", "round": view["round"], "hand": pair[0], "table": pair[1]}


class MultiplinEasy(Bot):
    """A slow child: 3-7 s to react, a near miss now and then (~15 %), overlooks a solution now
    and then (each one with a 30 % chance), and passes when it sees none after a long look."""

    level = "easy"

    def choose(self, state: State, seat: int, now_ms: int, rng: random.Random) -> BotMove | None:
        view = self.engine.view(state, seat)
        wait = _waiting(view, seat, now_ms)
        if wait is None:
            return None
        reaction = rng.randint(*EASY_REACTION_MS)
        if rng.random() < EASY_NEAR_MISS_RATE:
            wrong = near_misses(view)
            if wrong:
                return BotMove(_solve(view, rng.choice(wrong)), wait + reaction)
        seen = [pair for pair in solutions(view) if rng.random() >= EASY_OVERLOOK_RATE]
        if seen:
            return BotMove(_solve(view, rng.choice(seen)), wait + reaction)
        return BotMove({"type": "pass", "round": view["round"]}, wait + rng.randint(*EASY_PASS_MS))


class MultiplinHard(Bot):
    """Quick and always right (1.2-2.5 s); passes at once when it holds no solution."""

    level = "hard"

    def choose(self, state: State, seat: int, now_ms: int, rng: random.Random) -> BotMove | None:
        view = self.engine.view(state, seat)
        wait = _waiting(view, seat, now_ms)
        if wait is None:
            return None
        if wait == 0:
            legal = self.engine.legal_actions(state, seat)
            found = [(a["hand"], a["table"]) for a in legal if a["type"] == "solve"]
        else:  # locked out: legal_actions hides the solves, so read them off the view
            found = solutions(view)
        if not found:
            return BotMove({"type": "pass", "round": view["round"]}, wait)
        hand = view["hand"]
        # Give away a card it holds twice before a card it holds once: keeps the hand varied.
        most = max(hand.count(hand[pair[0]]) for pair in found)
        best = [pair for pair in found if hand.count(hand[pair[0]]) == most]
        return BotMove(_solve(view, rng.choice(best)), wait + rng.randint(*HARD_REACTION_MS))
