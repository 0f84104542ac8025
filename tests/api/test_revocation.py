"""Revocation ends sessions at once: a revoked card, a password the teacher sets and a new class code
sign the child out everywhere; a teacher's new password signs out their other sessions, not this one."""

import pytest
from django.core import mail

from tests.api.test_student_login_api import csrf_client, sign_in
from tests.conftest import client_for
from tests.factories import ClassroomFactory, StudentFactory

pytestmark = pytest.mark.django_db
RIGHT = ["sun", "moon", "star"]


def signed_in_child(student):
    device = csrf_client()
    assert sign_in(device, student, RIGHT).status_code == 200
    assert device.get("/api/auth/me/").status_code == 200
    return device


def test_revoking_the_card_signs_the_child_out(student, django_capture_on_commit_callbacks):
    from classroom.open_sessions import sessions_of

    device = signed_in_child(student)
    teacher = client_for(student.classroom.teacher)
    assert len(sessions_of([student.user_id])) == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert teacher.post(f"/api/students/{student.pk}/revoke-card/").status_code == 204
    assert sessions_of([student.user_id]) == []  # the row is gone too: an export lists no open session
    assert device.get("/api/auth/me/").status_code in (401, 403)


def test_a_password_the_teacher_sets_signs_the_child_out(student):
    device = signed_in_child(student)
    teacher = client_for(student.classroom.teacher)
    changed = teacher.patch(f"/api/students/{student.pk}/", {"password": "kiwifrog42"}, format="json")
    assert changed.status_code == 200
    assert device.get("/api/auth/me/").status_code in (401, 403)


def test_a_name_change_does_not_sign_the_child_out(student):
    device = signed_in_child(student)
    teacher = client_for(student.classroom.teacher)
    assert teacher.patch(f"/api/students/{student.pk}/", {"first_name": "Anna"}, format="json").status_code == 200
    assert device.get("/api/auth/me/").status_code == 200


def test_a_new_class_code_signs_out_the_class_and_nobody_else(classroom):
    ours = [signed_in_child(StudentFactory(classroom=classroom)) for _ in range(3)]
    theirs = signed_in_child(StudentFactory(classroom=ClassroomFactory()))
    response = client_for(classroom.teacher).post(f"/api/classes/{classroom.pk}/regenerate-code/")
    assert response.status_code == 200
    assert [device.get("/api/auth/me/").status_code in (401, 403) for device in ours] == [True] * 3
    assert theirs.get("/api/auth/me/").status_code == 200


def test_a_teachers_new_password_signs_out_their_other_sessions_but_not_this_one(teacher):
    def signed_in():
        client = csrf_client()
        response = client.post("/api/auth/login/", {"email": teacher.email, "password": "correct horse battery"},
                               format="json")
        assert response.status_code == 200
        client.defaults["HTTP_X_CSRFTOKEN"] = client.cookies["csrftoken"].value
        return client

    other, this = signed_in(), signed_in()
    assert this.post("/api/auth/password-reset/", {"email": teacher.email}, format="json").status_code == 202
    uid, token = mail.outbox[0].body.split("/reset/")[1].split()[0].split("/")
    confirmed = this.post("/api/auth/password-reset/confirm/",
                          {"uid": uid, "token": token, "new_password": "fresh-pass-2026"}, format="json")
    assert confirmed.status_code == 204
    assert other.get("/api/auth/me/").status_code in (401, 403)
    assert this.get("/api/auth/me/").status_code == 200
