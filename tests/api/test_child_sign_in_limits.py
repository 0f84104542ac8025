"""A child's sign-in limits (classroom/child_sign_in_limits.py): a stranger's wrong guesses slow down the
stranger's address, never the child at school; a guesser spread over many addresses is stopped per child
and per class; the teacher sees a warning and Unlock clears it; the QR card always works."""

import pytest

from classroom import child_sign_in_limits
from classroom.services import classroom_regenerate_code
from tests.api.test_student_login_api import csrf_client, sign_in
from tests.factories import StudentFactory

pytestmark = pytest.mark.django_db
SCHOOL = "203.0.113.7"
STRANGER = "198.51.100.9"
RIGHT, WRONG = ["sun", "moon", "star"], ["star", "moon", "sun"]


class Clock:
    """The limits' clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_900_000_000.0

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr(child_sign_in_limits, "time", fake)
    return fake


def roster_row(classroom, student):
    from tests.conftest import client_for

    rows = client_for(classroom.teacher).get(f"/api/classes/{classroom.pk}/students/").json()["results"]
    return next(row for row in rows if row["id"] == student.pk)


def test_a_strangers_guesses_at_five_children_keep_none_of_them_out_at_school(classroom):
    children = [StudentFactory(classroom=classroom) for _ in range(5)]
    stranger = csrf_client(STRANGER)
    for child in children:
        answers = [sign_in(stranger, child, WRONG) for _ in range(5)]
        assert [a.status_code for a in answers] == [400, 400, 400, 400, 429]
        assert [a.json()["error"].get("tries_left") for a in answers[:4]] == [4, 3, 2, 1]
        assert answers[4].json()["error"]["code"] == "wait"
    for child in children:
        device = csrf_client(SCHOOL)
        response = sign_in(device, child, RIGHT)
        assert response.status_code == 200, response.json()
        assert device.get("/api/auth/me/").json()["id"] == child.user_id
    assert sign_in(stranger, children[0], RIGHT).status_code == 429  # the stranger still waits


def test_the_waits_double_up_to_fifteen_minutes_for_that_address_only(student, clock, settings):
    """At school (a familiar address, so no daily cap): a child who keeps getting it wrong waits longer
    and longer at that address; other addresses do not wait."""
    classmate = StudentFactory(classroom=student.classroom)
    assert sign_in(csrf_client(SCHOOL), classmate, RIGHT).status_code == 200
    at_school = csrf_client(SCHOOL)
    for _ in range(settings.SIGN_IN_SLOW_AFTER - 1):
        assert sign_in(at_school, student, WRONG).status_code == 400
    waits = []
    for _ in range(6):
        refused = sign_in(at_school, student, WRONG)
        assert refused.status_code == 429
        waits.append(refused.json()["error"]["retry_after_s"])
        again = sign_in(at_school, student, RIGHT)  # even the right pictures wait
        assert again.status_code == 429
        assert "minute" in again.json()["error"]["message"]
        clock.now += waits[-1]
    assert [round(w / 60) for w in waits] == [1, 2, 4, 8, 15, 15]
    # The first four (the free tries) were a child's typos; the six past them tell the teacher.
    row = roster_row(student.classroom, student)
    assert (row["failed_sign_ins"], row["sign_in_warning"]) == (6, True)
    assert sign_in(csrf_client(STRANGER), classmate, WRONG).status_code == 400  # no wait elsewhere
    assert sign_in(at_school, student, RIGHT).status_code == 200  # after the wait, the right try gets in
    # ... and that forgives the address: five more wrong tries before it waits again
    device = csrf_client(SCHOOL)  # (signing in rotated the first one's CSRF token)
    assert [sign_in(device, student, WRONG).status_code for _ in range(5)] == [400] * 4 + [429]


def test_a_guesser_over_many_addresses_is_stopped_per_child_and_the_teacher_is_told(student, clock, settings):
    classmate = StudentFactory(classroom=student.classroom)
    assert sign_in(csrf_client(SCHOOL), classmate, RIGHT).status_code == 200  # the school address is familiar
    per_child = settings.SIGN_IN_UNFAMILIAR_PER_CHILD
    answers = [sign_in(csrf_client(f"198.51.100.{n}"), student, WRONG).status_code for n in range(per_child)]
    assert answers == [400] * per_child
    row = roster_row(student.classroom, student)
    assert row["sign_in_warning"] is True
    assert row["failed_sign_ins"] == per_child
    assert row["locked_until"] is not None
    # A new address with the right pictures is refused now; the child at school is not.
    refused = sign_in(csrf_client("192.0.2.200"), student, RIGHT)
    assert refused.status_code == 423
    assert refused.json()["error"]["code"] == "locked"
    assert sign_in(csrf_client(SCHOOL), student, RIGHT).status_code == 200
    # The teacher's Unlock clears the warning and the lock.
    from tests.conftest import client_for

    assert client_for(student.classroom.teacher).post(f"/api/students/{student.pk}/unlock/").status_code == 204
    row = roster_row(student.classroom, student)
    assert (row["sign_in_warning"], row["failed_sign_ins"], row["locked_until"]) == (False, 0, None)
    assert sign_in(csrf_client("192.0.2.200"), student, RIGHT).status_code == 200


def test_the_qr_card_works_while_the_child_is_locked_and_the_address_waits(student, settings):
    from classroom.services import cards_issue

    (card,) = cards_issue(classroom=student.classroom, students=[student])
    for n in range(settings.SIGN_IN_UNFAMILIAR_PER_CHILD):
        sign_in(csrf_client(f"198.51.100.{n}"), student, WRONG)
    device = csrf_client("198.51.100.0")
    assert sign_in(device, student, card.pictures).status_code in (423, 429)
    assert device.post("/api/student-login/token/", {"token": card.token}, format="json").status_code == 200


def test_a_guesser_over_many_addresses_is_stopped_per_class_until_a_new_class_code(classroom, settings):
    children = [StudentFactory(classroom=classroom) for _ in range(5)]
    assert sign_in(csrf_client(SCHOOL), children[0], RIGHT).status_code == 200
    per_class = settings.SIGN_IN_UNFAMILIAR_PER_CLASS
    for n in range(per_class):
        child = children[1 + n % 4]  # spread so that no child reaches their own allowance
        assert sign_in(csrf_client(f"198.51.100.{n}"), child, WRONG).status_code == 400
    untried = StudentFactory(classroom=classroom)
    assert sign_in(csrf_client("192.0.2.50"), untried, RIGHT).status_code == 423
    assert sign_in(csrf_client(SCHOOL), untried, RIGHT).status_code == 200  # school is familiar
    classroom_regenerate_code(classroom=classroom)
    classroom.refresh_from_db()
    untried.classroom = classroom
    assert sign_in(csrf_client("192.0.2.50"), untried, RIGHT).status_code == 200
