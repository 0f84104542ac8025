"""One definition of how well a child knows a fact (games.reports.mastery), at each boundary."""

import pytest

from games.reports.build import progress_summary
from games.reports.mastery import LEARNING, MASTERED, NEEDS_PRACTICE, NOT_PLAYED, counts_as_known, state_of


@pytest.mark.parametrize(("attempts", "right", "state"), [
    (0, 0, NOT_PLAYED),
    (1, 0, NEEDS_PRACTICE),
    (4, 2, NEEDS_PRACTICE),       # 50 %
    (4, 3, LEARNING),             # 75 % is no longer "needs practice"
    (1, 1, LEARNING),             # right once is not mastered yet
    (2, 2, LEARNING),
    (3, 3, MASTERED),             # 3 tries, all right
    (10, 9, MASTERED),            # 90 %
    (10, 8, LEARNING),            # 80 %
    (20, 17, LEARNING),           # 85 %
])
def test_each_boundary_of_the_states(attempts, right, state):
    assert state_of(attempts, right) == state


def test_x1_facts_and_facts_off_the_grid_do_not_count_as_known():
    assert counts_as_known(7, 8)
    assert counts_as_known(12, 12)
    assert not counts_as_known(1, 7)
    assert not counts_as_known(2, 13)


def row(a, b, attempts, right):
    return {"a": a, "b": b, "attempts": attempts, "right": right, "wrong": attempts - right,
            "accuracy": right / attempts, "state": state_of(attempts, right)}


def test_the_progress_page_knows_only_mastered_grid_facts_and_practises_the_weakest_first():
    facts = [row(1, 5, 6, 6), row(7, 8, 4, 4), row(6, 7, 1, 1), row(3, 4, 10, 8), row(6, 9, 4, 1), row(2, 2, 3, 3)]
    progress = progress_summary(facts)
    assert progress["mastered"] == [[7, 8], [2, 2]]  # not 1 x 5 (x1), not 6 x 7 (right once)
    assert progress["practise"] == [[6, 9], [3, 4]]  # needs practice before learning
    assert set(progress["states"]) == {NOT_PLAYED, NEEDS_PRACTICE, LEARNING, MASTERED}


def test_three_facts_to_practise_next_weakest_first_each_with_a_reason_a_child_reads():
    from games.reports.practise_next import practise_next

    facts = [row(3, 4, 10, 8), row(6, 9, 4, 1), row(7, 8, 5, 2), row(2, 5, 4, 2), row(6, 6, 3, 3)]
    chosen = practise_next(facts, {(7, 8): "addition", (6, 9): "neighbour"})
    assert [(f["a"], f["b"]) for f in chosen] == [(6, 9), (7, 8), (2, 5)]  # 25 %, 40 %, 50 %; 6 x 6 is mastered
    assert chosen[0]["why"] == "You sometimes land on the fact next door. 6 \u00d7 9 is 54."
    assert chosen[1]["why"] == "You sometimes add instead. 7 + 8 is 15, but 7 \u00d7 8 is 56."
    assert chosen[2]["why"] == "You got it right 2 of 4 times. 2 \u00d7 5 is 10."
    assert practise_next([row(3, 4, 10, 8)], {})[0]["why"] == "Nearly there: right 8 of 10 times. 3 \u00d7 4 is 12."
    assert practise_next([row(6, 6, 3, 3)], {}) == []


def test_a_fact_needs_two_wrong_answers_on_the_grid_to_be_practised_next():
    from games.reports.practise_next import practise_next, weakest

    one_slip = [row(7, 8, 1, 0), row(2, 5, 2, 1), row(3, 4, 10, 9)]  # 0 %, 50 %, 90 %: one wrong answer each
    assert weakest(one_slip) == []
    assert practise_next(one_slip, {}) == []
    two = [row(7, 8, 2, 0), row(2, 5, 2, 1)]
    assert [(f["a"], f["b"]) for f in practise_next(two, {})] == [(7, 8)]
    # x1 facts and facts off the 2..12 grid never, however often wrong; mastered facts never
    assert weakest([row(1, 7, 5, 0), row(1, 1, 3, 0), row(2, 13, 4, 0), row(9, 9, 30, 27)]) == []
