"""Evidence before a fact enters "Practise next" (issue 31): one slip never does, two wrong answers do,
through the child's progress (games.services.reports.my_progress, GET /api/my/progress/) as the page reads it."""

import pytest

from games.services.reports import my_progress
from tests.conftest import client_for
from tests.games.test_focus import answer

pytestmark = pytest.mark.django_db


def practise_next(user) -> list[tuple[int, int]]:
    return [(fact["a"], fact["b"]) for fact in my_progress(user=user)["next"]]


def test_one_slip_does_not_put_a_fact_in_practise_next_and_two_do(student):
    answer(student, 7, 8, 54)  # one slip: 0 of 1, the lowest rate there is
    answer(student, 3, 4, 12)
    assert practise_next(student.user) == []
    assert client_for(student.user).get("/api/my/progress/").json()["next"] == []
    answer(student, 8, 7, 63)  # a second wrong answer on the same fact, the other way round
    assert practise_next(student.user) == [(7, 8)]
    (fact,) = client_for(student.user).get("/api/my/progress/").json()["next"]
    assert (fact["a"], fact["b"]) == (7, 8)


def test_x1_facts_never_come_up_however_often_wrong(student):
    for given in (8, 6, 9):
        answer(student, 1, 7, given)
    answer(student, 6, 9, 56)
    answer(student, 6, 9, 45)
    assert practise_next(student.user) == [(6, 9)]
