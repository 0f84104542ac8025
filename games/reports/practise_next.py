"""The three facts a child should practise next, and why, in words a seven-year-old reads: the same
on the child's progress page and on the teacher's page for that child.

The weakest first: facts that need practice before facts still being learnt, lower accuracy first,
then more wrong answers. The reason names how the child goes wrong when one way stands out.
"""

from __future__ import annotations

from games.reports.mastery import MASTERED, NEEDS_PRACTICE
from games.reports.mistakes import ADDITION, DIGIT_SWAP, NEIGHBOUR

HOW_MANY = 3
TIMES = "\N{MULTIPLICATION SIGN}"


def practise_next(facts: list[dict], commonest_mistake: dict[tuple[int, int], str]) -> list[dict]:
    """Up to three fact rows ("a", "b", "attempts", "right", "wrong", "accuracy", "state") to practise
    next, each as {"a", "b", "why"}."""
    return [{"a": fact["a"], "b": fact["b"], "why": why(fact, commonest_mistake.get((fact["a"], fact["b"])))}
            for fact in weakest(facts)[:HOW_MANY]]


def weakest(facts: list[dict]) -> list[dict]:
    """Every fact row with a wrong answer and not mastered, the weakest first: what "practise next" and
    the Focus option's "each child's weakest facts" both read."""
    candidates = [fact for fact in facts if fact["wrong"] and fact["state"] != MASTERED]
    candidates.sort(key=lambda f: (f["state"] != NEEDS_PRACTICE, f["accuracy"], -f["wrong"], f["a"], f["b"]))
    return candidates


def why(fact: dict, mistake: str | None) -> str:
    a, b = fact["a"], fact["b"]
    product = a * b
    if mistake == ADDITION:
        return f"You sometimes add instead: {a} + {b} is {a + b}, but {a} {TIMES} {b} is {product}."
    if mistake == NEIGHBOUR:
        return f"You sometimes land on the fact next door. {a} {TIMES} {b} is {product}."
    if mistake == DIGIT_SWAP:
        return f"You sometimes swap the digits. {a} {TIMES} {b} is {product}."
    if fact["state"] == NEEDS_PRACTICE:
        return f"You got it right {fact['right']} of {fact['attempts']} times. {a} {TIMES} {b} is {product}."
    return f"Nearly there: right {fact['right']} of {fact['attempts']} times. {a} {TIMES} {b} is {product}."
