"""A child's avatar (their own only, from the set) and the class's sounds setting."""

import pytest
from django.utils import timezone

from classroom.models import Student
from tests.conftest import client_for
from tests.factories import ClassroomFactory, StudentFactory

pytestmark = pytest.mark.django_db


def test_a_child_has_no_avatar_until_they_choose_one(student):
    me = client_for(student.user).get("/api/auth/me/").json()
    assert me["avatar"] is None


def test_a_child_chooses_their_own_avatar(student):
    client = client_for(student.user)
    response = client.put("/api/my/avatar/", {"picture": "owl", "colour": "teal"}, format="json")
    assert response.status_code == 200
    assert response.json()["avatar"] == {"picture": "owl", "colour": "teal"}
    assert client.get("/api/auth/me/").json()["avatar"] == {"picture": "owl", "colour": "teal"}
    student.refresh_from_db()
    assert (student.avatar, student.avatar_colour) == ("owl", "teal")


@pytest.mark.parametrize(("body", "field"), [
    ({"picture": "dragon", "colour": "teal"}, "picture"),
    ({"picture": "owl", "colour": "#ff0000"}, "colour"),
    ({"picture": "<script>", "colour": "teal"}, "picture"),
    ({"picture": "owl"}, "colour"),
])
def test_a_choice_outside_the_set_is_refused_in_words(student, body, field):
    response = client_for(student.user).put("/api/my/avatar/", body, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert field in error["fields"]
    assert error["message"][0].isupper()
    student.refresh_from_db()
    assert student.avatar == ""


def test_a_teacher_has_no_avatar_to_set(teacher):
    response = client_for(teacher).put("/api/my/avatar/", {"picture": "owl", "colour": "teal"}, format="json")
    assert response.status_code == 403


def test_the_avatar_is_only_ever_the_callers_own(student, classroom):
    other = StudentFactory(classroom=classroom)
    client_for(student.user).put("/api/my/avatar/", {"picture": "fox", "colour": "red"}, format="json")
    other.refresh_from_db()
    assert other.avatar == ""


def test_classmates_show_avatars_and_who_is_online(student, classroom):
    online = StudentFactory(classroom=classroom, avatar="cat", avatar_colour="pink", last_seen_at=timezone.now())
    offline = StudentFactory(classroom=classroom)
    stranger = StudentFactory(classroom=ClassroomFactory(), last_seen_at=timezone.now())
    rows = {row["user_id"]: row for row in client_for(student.user).get("/api/my/classmates/").json()}
    assert set(rows) == {student.user_id, online.user_id, offline.user_id}
    assert stranger.user_id not in rows
    assert rows[online.user_id]["online"] is True
    assert rows[online.user_id]["avatar"] == {"picture": "cat",
                                                                                       "colour": "pink"}
    assert rows[offline.user_id]["online"] is False
    assert rows[offline.user_id]["avatar"] is None
    assert rows[student.user_id]["me"] is True
    assert rows[online.user_id]["me"] is False
    assert set(rows[online.user_id]) == {"user_id", "name", "avatar", "online", "me"}


def test_the_teacher_sees_avatars_on_the_roster_and_live_view(teacher, classroom):
    child = StudentFactory(classroom=classroom, avatar="robot", avatar_colour="blue")
    client = client_for(teacher)
    roster = client.get(f"/api/classes/{classroom.pk}/students/").json()["results"]
    assert [(s["avatar"], s["avatar_colour"]) for s in roster if s["id"] == child.pk] == [("robot", "blue")]
    live = client.get(f"/api/classes/{classroom.pk}/live/").json()["students"]
    assert [(s["avatar"], s["avatar_colour"]) for s in live if s["id"] == child.pk] == [("robot", "blue")]


def test_the_teacher_allows_sounds_for_the_class(teacher, classroom, student):
    assert client_for(student.user).get("/api/auth/me/").json()["classroom"]["sounds"] is False
    response = client_for(teacher).patch(f"/api/classes/{classroom.pk}/", {"sounds": True}, format="json")
    assert response.status_code == 200
    assert response.json()["sounds"] is True
    assert client_for(student.user).get("/api/auth/me/").json()["classroom"]["sounds"] is True


def test_a_child_cannot_change_the_class_sounds(student, classroom):
    response = client_for(student.user).patch(f"/api/classes/{classroom.pk}/", {"sounds": True}, format="json")
    assert response.status_code == 403
    assert Student.objects.get(pk=student.pk).classroom.sounds is False
