import pytest
from django.core import mail
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def csrf_client() -> APIClient:
    client = APIClient(enforce_csrf_checks=True)
    client.get("/api/auth/csrf/")
    client.defaults["HTTP_X_CSRFTOKEN"] = client.cookies["csrftoken"].value
    return client


def test_sign_up_signs_the_teacher_in():
    client = csrf_client()
    response = client.post("/api/auth/signup/", {"name": "Ms Rivera", "email": "r@school.test",
                                                 "password": "a-long-pass-42"}, format="json")
    assert response.status_code == 201
    assert response.json()["role"] == "teacher"
    assert client.get("/api/auth/me/").json()["email"] == "r@school.test"


def test_sign_up_without_csrf_token_is_refused():
    client = APIClient(enforce_csrf_checks=True)
    response = client.post("/api/auth/signup/", {"name": "X", "email": "x@school.test",
                                                 "password": "a-long-pass-42"}, format="json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "forbidden"


def test_sign_up_errors_are_shown_per_field(teacher):
    response = csrf_client().post("/api/auth/signup/", {"name": "", "email": teacher.email,
                                                        "password": "123"}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert "name" in error["fields"]


def test_duplicate_email_and_weak_password_messages(teacher):
    response = csrf_client().post("/api/auth/signup/", {"name": "Y", "email": teacher.email,
                                                        "password": "password"}, format="json")
    fields = response.json()["error"]["fields"]
    assert "already exists" in fields["email"][0]
    assert any("too common" in m for m in fields["password"])


def test_login_and_logout(teacher):
    client = csrf_client()
    bad = client.post("/api/auth/login/", {"email": teacher.email, "password": "wrong"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == "bad_credentials"
    good = client.post("/api/auth/login/", {"email": teacher.email.upper(), "password": "correct horse battery"},
                       format="json")
    assert good.status_code == 200
    client.defaults["HTTP_X_CSRFTOKEN"] = client.cookies["csrftoken"].value  # rotated on login
    assert client.post("/api/auth/logout/").status_code == 204
    assert client.get("/api/auth/me/").status_code == 401


def test_password_reset_api_does_not_reveal_accounts(teacher):
    client = csrf_client()
    assert client.post("/api/auth/password-reset/", {"email": "nobody@x.test"}, format="json").status_code == 202
    assert client.post("/api/auth/password-reset/", {"email": teacher.email}, format="json").status_code == 202
    assert len(mail.outbox) == 1
    uid, token = mail.outbox[0].body.split("/reset/")[1].split()[0].split("/")
    response = client.post("/api/auth/password-reset/confirm/",
                           {"uid": uid, "token": token, "new_password": "x"}, format="json")
    assert response.status_code == 400
    assert "new_password" in response.json()["error"]["fields"]
    response = client.post("/api/auth/password-reset/confirm/",
                           {"uid": uid, "token": token, "new_password": "fresh-pass-2026"}, format="json")
    assert response.status_code == 204


def test_unknown_api_route_uses_the_error_shape(api):
    response = api.get("/api/nothing-here/")
    assert response.status_code == 404
