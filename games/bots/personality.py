"""Demo children: a Four-in-a-Row player with a child's own weak spot, built on the engine API only.

Each personality plays the legal products it knows and, at its own rate, makes the mistake that is
its own: one is shaky on the 7s and 8s (the fact next door on those tables), one adds instead of
multiplying, one is strong (the hard computer, which rarely errs). The mistakes are real claims the
engine judges, so the attempts, reports and replays they make are the real thing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.bots import get_bot
from games.engines import IllegalAction, get_engine
from games.engines.base import Action, State


@dataclass(frozen=True)
class Personality:
    name: str
    mistake_rate: float = 0.0
    weak_tables: frozenset[int] = frozenset()  # mistakes only on these tables (empty: any)
    adds: bool = False  # a mistake is a + b instead of a x b


SHAKY_ON_7_AND_8 = Personality("shaky on 7s and 8s", mistake_rate=0.6, weak_tables=frozenset({7, 8}))
ADDS_INSTEAD = Personality("adds instead of multiplying", mistake_rate=0.35, adds=True)
STRONG = Personality("strong")
STEADY = Personality("steady", mistake_rate=0.1)


def choose(state: State, seat: int, personality: Personality, now_ms: int, rng: random.Random) -> Action | None:
    """Four-in-a-Row: the action this child takes now (None when it is not their turn)."""
    engine = get_engine("four_in_a_row")
    if not personality.mistake_rate:
        move = get_bot("four_in_a_row", "hard").choose(state, seat, now_ms, rng)
        return move.action if move else None
    legal = engine.legal_actions(state, seat)
    if not legal:
        return None
    if rng.random() < personality.mistake_rate:
        mistake = _own_mistake(state, seat, personality, now_ms, rng)
        if mistake is not None:
            return mistake
    plays = [action for action in legal if action["type"] == "play"]
    return rng.choice(plays or legal)


def _own_mistake(state: State, seat: int, personality: Personality, now_ms: int, rng: random.Random) -> Action | None:
    """A wrong play of this personality's kind, if the hand and the board offer one."""
    engine = get_engine("four_in_a_row")
    hand, board, markers = state["hands"][seat], state["board"], state["markers"]
    fitting = []
    for i in range(len(hand)):
        for j in range(i + 1, len(hand)):
            if "W" in (hand[i], hand[j]):
                continue
            a, b = hand[i], hand[j]
            if personality.weak_tables and not ({a, b} & personality.weak_tables):
                continue
            wanted = {a + b} if personality.adds else {(a - 1) * b, (a + 1) * b, a * (b - 1), a * (b + 1)}
            for r, row in enumerate(board):
                for c, number in enumerate(row):
                    if markers[r][c] is None and number in wanted and number != a * b:
                        fitting.append({"type": "play", "cards": [i, j], "cell": [r, c]})
    rng.shuffle(fitting)
    for action in fitting:
        try:
            engine.apply(state, seat, action, now_ms)
        except IllegalAction:
            continue
        return action
    return None
