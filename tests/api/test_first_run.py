"""A new class starts with one ready assignment, and the teacher's first-run checklist ticks itself off
from what their classes hold (issue 32)."""

import pytest

from classroom.models import Student
from games.engines import DEFINITIONS
from games.services.assignments import STARTER_GAME
from tests.conftest import client_for
from tests.factories import StudentFactory, TeacherFactory

pytestmark = pytest.mark.django_db


def done(client) -> dict[str, bool]:
    response = client.get("/api/me/checklist/")
    assert response.status_code == 200
    return {step["key"]: step["done"] for step in response.json()["steps"]}


def test_a_new_class_starts_with_four_in_a_row_ready_to_play(teacher):
    client = client_for(teacher)
    klass = client.post("/api/classes/", {"name": "Room 7"}, format="json").json()
    (starter,) = client.get(f"/api/classes/{klass['id']}/assignments/").json()
    assert starter["game"] == STARTER_GAME == "four_in_a_row"
    assert starter["options"] == DEFINITIONS[STARTER_GAME].starting_options()
    assert starter["bot_levels"] == ["easy", "medium", "hard"]
    assert starter["students"] == []  # the whole class
    ana = StudentFactory(classroom_id=klass["id"])
    (mine,) = client_for(ana.user).get("/api/my/assignments/").json()
    assert mine["id"] == starter["id"]
    # The teacher removes it as any assignment; the class then has none.
    assert client.delete(f"/api/assignments/{starter['id']}/").status_code == 204
    assert client.get(f"/api/classes/{klass['id']}/assignments/").json() == []
    assert client_for(ana.user).get("/api/my/assignments/").json() == []


def test_the_checklist_ticks_each_step_from_what_the_teacher_did(teacher):
    client = client_for(teacher)
    first = client.get("/api/me/checklist/").json()
    assert [step["key"] for step in first["steps"]] == ["class", "students", "cards", "assign", "watch"]
    assert first["class_id"] is None
    assert first["all_done"] is False
    assert not any(done(client).values())

    klass = client.post("/api/classes/", {"name": "Room 7"}, format="json").json()
    assert client.get("/api/me/checklist/").json()["class_id"] == klass["id"]
    # The starter assignment comes with the class: it does not tick "assign a game".
    assert done(client) == {"class": True, "students": False, "cards": False, "assign": False, "watch": False}

    client.post(f"/api/classes/{klass['id']}/students/", {"names": "Ana Lopez\nBen Okafor"}, format="json")
    assert done(client)["students"] is True
    assert done(client)["cards"] is False

    assert client.post(f"/api/classes/{klass['id']}/cards/", {}, format="json").status_code == 202
    assert done(client)["cards"] is True

    (starter,) = client.get(f"/api/classes/{klass['id']}/assignments/").json()
    client.delete(f"/api/assignments/{starter['id']}/")
    assert done(client)["assign"] is False  # removing the starter is not choosing a game
    made = client.post(f"/api/classes/{klass['id']}/assignments/", {"game": "multiplin", "options": {}},
                       format="json")
    assert made.status_code == 201
    assert done(client)["assign"] is True

    ana = client.get(f"/api/classes/{klass['id']}/students/").json()["results"][0]
    child = Student.objects.get(pk=ana["id"]).user
    played = client_for(child).post(f"/api/assignments/{made.json()['id']}/computer-match/",
                                    {"bot_level": "easy"}, format="json")
    assert played.status_code == 201
    final = client.get("/api/me/checklist/").json()
    assert all(step["done"] for step in final["steps"])
    assert final["all_done"] is True


def test_the_checklist_counts_only_the_teachers_own_classes(teacher):
    other = TeacherFactory()
    client_for(other).post("/api/classes/", {"name": "Theirs"}, format="json")
    assert not any(done(client_for(teacher)).values())
