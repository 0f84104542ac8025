"""Each attempt counts for or against the fact the child actually got right or wrong, decided when the attempt
is stored (docs/teachers.md, "How the reports count")."""

import pytest

from games.reports.attribution import attributed_fact, facts_of
from games.reports.mistakes import classify


def fact(kind, a, b, answer, correct):
    return attributed_fact(kind=kind, a=a, b=b, answer=answer, correct=correct,
                           mistake_type=classify(kind, a, b, answer, correct))


@pytest.mark.parametrize(("a", "b", "answer", "correct", "expected", "why"), [
    (7, 8, 56, True, (7, 8), "a right product counts for its fact"),
    (8, 7, 56, True, (7, 8), "7 x 8 and 8 x 7 are one fact"),
    (7, 8, 48, False, (7, 8), "a neighbouring product (6 x 8) is a confusion of 7 x 8"),
    (7, 8, 15, False, (7, 8), "an addition is a confusion of 7 x 8"),
    (7, 8, 65, False, (7, 8), "swapped digits are a confusion of 7 x 8"),
    (4, 4, 63, False, (7, 9), "4 on 4 for the card 63 misses 7 x 9, not 4 x 4"),
    (3, 5, 24, False, (3, 8), "24 is 3 x 8 or 4 x 6: the one sharing a card (3)"),
    (5, 7, 24, False, None, "24 with no card in common: no square of the grid"),
    (2, 3, 36, False, (3, 12), "36 is 3 x 12, 4 x 9 or 6 x 6: only 3 x 12 shares a card"),
    (3, 4, 36, False, None, "3 and 4 for 36 share a card with 3 x 12 and 4 x 9: no one square"),
    (9, 9, 7, False, (1, 7), "a prime target within the grid is 1 x 7"),
    (3, 3, 97, False, None, "a target off the grid: no square"),
])
def test_a_product_attempt_counts_for_or_against_the_right_fact(a, b, answer, correct, expected, why):
    assert fact("multiply", a, b, answer, correct) == expected, why


@pytest.mark.parametrize(("kind", "a", "b", "correct", "expected"), [
    ("factor_pair", 42, 6, True, (6, 7)),
    ("factor_pair", 6, 42, True, (6, 7)),
    ("factor_pair", 37, 1, True, None),  # 1 x 37 on a Fultiples board: right, but no square of the grid
    ("factor_pair", 42, 8, False, None),  # a near miss rests on no fact
    ("divisor", 56, 8, True, (7, 8)),
    ("divisor", 56, 5, False, None),
])
def test_a_factor_or_divisor_claim_counts_for_the_fact_it_rests_on(kind, a, b, correct, expected):
    assert fact(kind, a, b, None, correct) == expected


def test_the_facts_of_a_product():
    assert facts_of(24) == [(2, 12), (3, 8), (4, 6)]
    assert facts_of(63) == [(7, 9)]
    assert facts_of(11) == [(1, 11)]
    assert facts_of(97) == []
