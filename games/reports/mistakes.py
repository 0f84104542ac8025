"""How a child is wrong: the mistake type of a wrong attempt (games.md, "Attempt kinds").

Wrong products (`multiply`): *neighbour* (a product with one factor off by one: 7 x 8 answered
48 or 63), *addition* (7 + 8 = 15), *digit swap* (56 answered 65), else *other*. Wrong
factor/multiple and divisor claims: *near miss* (the numbers share a factor but neither divides
the other: 42 after 8) else *other*. Classified once, when the attempt is stored, so reports only
count by type in SQL.
"""

from __future__ import annotations

from math import gcd

NEIGHBOUR, ADDITION, DIGIT_SWAP, NEAR_MISS, OTHER = "neighbour", "addition", "digit_swap", "near_miss", "other"
MISTAKE_TYPES = [NEIGHBOUR, ADDITION, DIGIT_SWAP, NEAR_MISS, OTHER]
LABELS = {
    NEIGHBOUR: "Neighbouring product (one factor off by one)",
    ADDITION: "Added instead of multiplied",
    DIGIT_SWAP: "Digits swapped",
    NEAR_MISS: "Near miss (shares a factor, but does not divide)",
    OTHER: "Other",
}


def classify_product(a: int, b: int, answer: int | None) -> str:
    """The type of a wrong product claim `a x b = answer`."""
    if answer is None:
        return OTHER
    product = a * b
    neighbours = {(a - 1) * b, (a + 1) * b, a * (b - 1), a * (b + 1)}
    if answer in neighbours and answer != product:
        return NEIGHBOUR
    if answer == a + b:
        return ADDITION
    if product >= 10 and answer != product and str(answer) == str(product)[::-1]:
        return DIGIT_SWAP
    return OTHER


def classify_divisibility(a: int, b: int) -> str:
    """The type of a wrong factor/multiple or divisor claim about `a` and `b`."""
    if a > 0 and b > 0 and gcd(a, b) > 1 and a % b and b % a:
        return NEAR_MISS
    return OTHER


def classify(kind: str, a: int, b: int, answer: int | None, correct: bool) -> str:
    """'' for a correct attempt, else its mistake type."""
    if correct:
        return ""
    if kind == "multiply":
        return classify_product(a, b, answer)
    return classify_divisibility(a, b)
