import pytest

from games.reports.mistakes import classify, classify_divisibility, classify_product


@pytest.mark.parametrize(("a", "b", "answer", "expected"), [
    (7, 8, 48, "neighbour"),   # 6 x 8
    (7, 8, 63, "neighbour"),   # 7 x 9
    (7, 8, 49, "neighbour"),   # 7 x 7
    (7, 8, 64, "neighbour"),   # 8 x 8
    (7, 8, 15, "addition"),
    (3, 4, 7, "addition"),
    (7, 8, 65, "digit_swap"),
    (4, 6, 42, "digit_swap"),  # 24 -> 42
    (7, 8, 54, "near_fact"),   # 6 x 9: "other" before issue 32
    (7, 8, 25, "other"),
    (7, 8, None, "other"),
    (2, 3, 6, "other"),        # not wrong: never called so, but no false type
    (3, 3, 33, "same_table"),  # 9 has one digit: no swap (33 = 3 x 11)
])
def test_wrong_products_are_classified(a, b, answer, expected):
    assert classify_product(a, b, answer) == expected


def test_a_neighbour_wins_over_addition_when_both_fit():
    assert classify_product(2, 2, 6) == "neighbour"  # 2 x 3 = 6 and not 2 + 2


@pytest.mark.parametrize(("a", "b", "expected"), [
    (8, 42, "near_miss"),   # share 2, neither divides
    (42, 8, "near_miss"),
    (9, 12, "near_miss"),
    (7, 30, "next_door"),   # coprime, but 7 is next to 6, a factor of 30 ("other" before issue 32)
    (7, 19, "other"),       # coprime, and no number next to either divides the other
    (1, 1, "other"),
])
def test_wrong_divisibility_claims_are_classified(a, b, expected):
    assert classify_divisibility(a, b) == expected


def test_a_correct_attempt_has_no_mistake_type():
    assert classify("multiply", 7, 8, 56, True) == ""
    assert classify("factor_pair", 6, 42, None, True) == ""
    assert classify("divisor", 42, 8, None, False) == "near_miss"
    assert classify("multiply", 7, 8, 15, False) == "addition"
