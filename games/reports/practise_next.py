"""The three facts a child should practise next, and why, in words a seven-year-old reads: the same
on the child's progress page and on the teacher's page for that child.

Which facts qualify: a fact the child got wrong at least twice (MIN_WRONG: a single slip never
puts a fact here, whatever its rate; 0 of 1 is not evidence), not mastered, and on the times-table grid from 2 x 2 to
12 x 12 (games.reports.mastery.counts_as_known: x1 facts teach nothing, 1 x 37 on a Fultiples board
is no times-table fact). The same rule chooses the Focus option's "each child's weakest facts"
(games/services/focus.py) and the facts of "Practise my facts" (games/services/practice_match.py).

The weakest first: facts that need practice before facts still being learnt, lower accuracy first,
then more wrong answers. The reason names how the child goes wrong when one way stands out.
"""

from __future__ import annotations

from games.reports.mastery import MASTERED, NEEDS_PRACTICE, counts_as_known
from games.reports.mistakes import ADDITION, DIGIT_SWAP, NEIGHBOUR

HOW_MANY = 3
MIN_WRONG = 2  # wrong answers a fact needs before it is one to practise: one slip is not enough
TIMES = "\N{MULTIPLICATION SIGN}"


def practise_next(facts: list[dict], commonest_mistake: dict[tuple[int, int], str]) -> list[dict]:
    """Up to three fact rows ("a", "b", "attempts", "right", "wrong", "accuracy", "state") to practise
    next, each as {"a", "b", "why"}."""
    return [{"a": fact["a"], "b": fact["b"], "why": why(fact, commonest_mistake.get((fact["a"], fact["b"])))}
            for fact in weakest(facts)[:HOW_MANY]]


def weakest(facts: list[dict]) -> list[dict]:
    """Every fact row with at least MIN_WRONG wrong answers, not mastered, from 2 x 2 to 12 x 12, the
    weakest first: what "practise next", "Practise my facts" and the Focus option's "each child's
    weakest facts" all read."""
    candidates = [fact for fact in facts if qualifies(fact)]
    candidates.sort(key=lambda f: (f["state"] != NEEDS_PRACTICE, f["accuracy"], -f["wrong"], f["a"], f["b"]))
    return candidates


def qualifies(fact: dict) -> bool:
    """Enough evidence that the child needs this fact: two wrong answers or more, not mastered, on the grid."""
    return (fact["wrong"] >= MIN_WRONG and fact["state"] != MASTERED
            and counts_as_known(fact["a"], fact["b"]))


def why(fact: dict, mistake: str | None) -> str:
    a, b = fact["a"], fact["b"]
    product = a * b
    if mistake == ADDITION:
        return f"You sometimes add instead. {a} + {b} is {a + b}, but {a} {TIMES} {b} is {product}."
    if mistake == NEIGHBOUR:
        return f"You sometimes land on the fact next door. {a} {TIMES} {b} is {product}."
    if mistake == DIGIT_SWAP:
        return f"You sometimes swap the digits. {a} {TIMES} {b} is {product}."
    if fact["state"] == NEEDS_PRACTICE:
        return f"You got it right {fact['right']} of {fact['attempts']} times. {a} {TIMES} {b} is {product}."
    return f"Nearly there: right {fact['right']} of {fact['attempts']} times. {a} {TIMES} {b} is {product}."
