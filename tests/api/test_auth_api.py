import pytest
from django.core import mail
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def csrf_client() -> APIClient:
    client = APIClient(enforce_csrf_checks=True)
    client.get("/api/auth/csrf/")
    client.defaults["HTTP_X_CSRFTOKEN"] = client.cookies["csrftoken"].value
    return client


def link_in(message) -> tuple[str, str]:
    """The uid and token of the link in an email (/activate/<uid>/<token> or /reset/<uid>/<token>)."""
    path = next(word for word in message.body.split() if "/activate/" in word or "/reset/" in word)
    uid, token = path.rstrip("/").split("/")[-2:]
    return uid, token


SIGN_UP = {"name": "Ms Rivera", "email": "r@school.test", "password": "a-long-pass-42"}


def test_sign_up_emails_a_link_that_opens_the_account_and_signs_in_once():
    client = csrf_client()
    response = client.post("/api/auth/signup/", SIGN_UP, format="json")
    assert response.status_code == 202
    assert "Check your email" in response.json()["message"]
    assert client.get("/api/auth/me/").status_code == 401  # not signed in yet
    assert client.post("/api/auth/login/", {"email": "r@school.test", "password": "a-long-pass-42"},
                       format="json").status_code == 400  # nor able to, before the link
    (message,) = mail.outbox
    assert message.to == ["r@school.test"]
    uid, token = link_in(message)
    opened = client.post("/api/auth/activate/", {"uid": uid, "token": token}, format="json")
    assert opened.status_code == 200
    assert opened.json()["role"] == "teacher"
    assert client.get("/api/auth/me/").json()["email"] == "r@school.test"
    again = csrf_client().post("/api/auth/activate/", {"uid": uid, "token": token}, format="json")
    assert again.status_code == 400
    assert again.json()["error"]["code"] == "bad_token"


def test_sign_up_answers_the_same_for_a_new_and_a_taken_email_and_tells_the_owner(teacher):
    new = csrf_client().post("/api/auth/signup/", SIGN_UP, format="json")
    taken = csrf_client().post("/api/auth/signup/", {**SIGN_UP, "email": teacher.email.upper()}, format="json")
    assert (taken.status_code, taken.json()) == (new.status_code, new.json())
    assert "sessionid" not in taken.cookies
    assert "sessionid" not in new.cookies
    to_owner = next(m for m in mail.outbox if m.to == [teacher.email])
    assert "tried to create" in to_owner.body
    assert "/activate/" not in to_owner.body
    teacher.refresh_from_db()
    assert teacher.check_password("correct horse battery")  # nothing changed for the owner
    assert teacher.name != "Ms Rivera"


def test_signing_up_again_before_the_link_sends_a_new_link_and_the_old_one_dies():
    csrf_client().post("/api/auth/signup/", SIGN_UP, format="json")
    csrf_client().post("/api/auth/signup/", {**SIGN_UP, "password": "another-long-pass-7"}, format="json")
    first, second = (link_in(m) for m in mail.outbox)
    client = csrf_client()
    assert client.post("/api/auth/activate/", dict(zip(["uid", "token"], first, strict=True)),
                       format="json").status_code == 400
    assert client.post("/api/auth/activate/", dict(zip(["uid", "token"], second, strict=True)),
                       format="json").status_code == 200


def test_a_password_reset_link_does_not_open_an_account(teacher):
    from django.contrib.auth.tokens import default_token_generator
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    csrf_client().post("/api/auth/signup/", SIGN_UP, format="json")
    from classroom.models import User

    pending = User.objects.get(email="r@school.test")
    forged = {"uid": urlsafe_base64_encode(force_bytes(pending.pk)),
              "token": default_token_generator.make_token(pending)}
    assert csrf_client().post("/api/auth/activate/", forged, format="json").status_code == 400


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


def test_weak_password_messages_and_no_word_about_the_email(teacher):
    response = csrf_client().post("/api/auth/signup/", {"name": "Y", "email": teacher.email,
                                                        "password": "password"}, format="json")
    fields = response.json()["error"]["fields"]
    assert "email" not in fields
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
    unknown = client.post("/api/auth/password-reset/", {"email": "nobody@x.test"}, format="json")
    known = client.post("/api/auth/password-reset/", {"email": teacher.email}, format="json")
    assert (unknown.status_code, unknown.content) == (known.status_code, known.content) == (202, b"")
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
