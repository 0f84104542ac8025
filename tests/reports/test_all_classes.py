"""All my classes: one grid over a teacher's classes, and each class beside the others."""

import pytest

from games.models import Match
from tests.conftest import client_for
from tests.factories import ClassroomFactory, StudentFactory
from tests.reports.test_live_report import answer, fact

pytestmark = pytest.mark.django_db


def test_one_grid_over_every_class_of_the_teacher_and_each_class_beside_the_others(teacher):
    room_a, room_b = ClassroomFactory(teacher=teacher, name="Room A"), ClassroomFactory(teacher=teacher, name="Room B")
    elsewhere = ClassroomFactory(name="Not mine")
    for room, given in ((room_a, 56), (room_b, 48), (elsewhere, 15)):
        child = StudentFactory(classroom=room)
        match = Match.objects.create(classroom=room, game="multiplin", players=2, seed=1, status="finished")
        answer(child, match, 7, 8, given)
        answer(child, match, 3, 4, 12)
    report = client_for(teacher).get("/api/reports/all-classes/?period=7d").json()
    data = report["data"]
    assert fact(data, 7, 8)["attempts"] == 2  # Room A's right answer and Room B's wrong one, not the stranger's
    assert fact(data, 7, 8)["right"] == 1
    assert [(row["name"], row["attempts"], row["accuracy"]) for row in data["classes"]] == [
        ("Room A", 2, 1.0), ("Room B", 2, 0.5)]
    assert [(f["a"], f["b"]) for f in data["classes"][1]["weakest"]] == [(7, 8)]
    assert data["classes"][0]["weakest"] == []


def test_a_teacher_without_classes_gets_an_empty_grid_and_others_are_refused(teacher, classroom):
    from tests.factories import TeacherFactory

    empty = client_for(TeacherFactory()).get("/api/reports/all-classes/").json()["data"]
    assert (empty["facts"], empty["classes"]) == ([], [])
    student = StudentFactory(classroom=classroom)
    assert client_for(student.user).get("/api/reports/all-classes/").status_code == 403
    assert client_for(None).get("/api/reports/all-classes/").status_code == 401
    assert client_for(teacher).get("/api/reports/all-classes/?period=forever").status_code == 400
