import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def csrf_client() -> APIClient:
    client = APIClient(enforce_csrf_checks=True)
    client.get("/api/auth/csrf/")
    client.defaults["HTTP_X_CSRFTOKEN"] = client.cookies["csrftoken"].value
    return client


def sign_in(client, student, pictures):
    return client.post("/api/student-login/", {"code": student.classroom.join_code, "student_id": student.pk,
                                               "pictures": pictures}, format="json")


def test_picture_sign_in_lands_a_session(student):
    client = csrf_client()
    response = sign_in(client, student, ["sun", "moon", "star"])
    assert response.status_code == 200
    assert client.get("/api/auth/me/").json()["role"] == "student"


def test_wrong_pictures_then_lock_returns_423(student):
    client = csrf_client()
    for _ in range(4):
        response = sign_in(client, student, ["star", "moon", "sun"])
        assert response.status_code == 400
        assert response.json()["error"]["code"] == "wrong_secret"
    locked = sign_in(client, student, ["star", "moon", "sun"])
    assert locked.status_code == 423
    assert locked.json()["error"]["code"] == "locked"
    assert "teacher" in locked.json()["error"]["message"]


def test_qr_token_signs_in_until_the_card_is_revoked(student):
    from classroom.services import cards_issue, student_revoke_card

    (card,) = cards_issue(classroom=student.classroom, students=[student])
    client = csrf_client()
    response = client.post("/api/student-login/token/", {"token": card.token}, format="json")
    assert response.status_code == 200
    assert response.json()["id"] == student.user_id
    student_revoke_card(student=student)
    refused = csrf_client().post("/api/student-login/token/", {"token": card.token}, format="json")
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "bad_token"


def test_sign_in_requests_are_throttled_per_address(student, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {"student_login": "3/min", "teacher_login": "3/min"}}
    from rest_framework.settings import api_settings
    from rest_framework.throttling import SimpleRateThrottle

    SimpleRateThrottle.THROTTLE_RATES = api_settings.DEFAULT_THROTTLE_RATES
    client = csrf_client()
    statuses = [client.get(f"/api/student-login/{student.classroom.join_code}/").status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    assert client.get(f"/api/student-login/{student.classroom.join_code}/").json()["error"]["code"] == "throttled"
