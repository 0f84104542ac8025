import pytest
from rest_framework.test import APIClient

from api.client_address import client_address
from tests.factories import ClassroomFactory, StudentFactory

pytestmark = pytest.mark.django_db
SCHOOL = "203.0.113.7"  # one school's public address


def csrf_client(address: str = "127.0.0.1") -> APIClient:
    client = APIClient(enforce_csrf_checks=True, REMOTE_ADDR=address)
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


def test_two_classes_of_thirty_sign_in_from_one_school_address_with_a_wrong_try_each():
    """Every device of a school comes from one address: success is never limited, and a wrong try
    per child is within what 60 children's sign-ins allow."""
    classes = [ClassroomFactory() for _ in range(2)]
    children = [StudentFactory(classroom=klass) for klass in classes for _ in range(30)]
    signed_in = 0
    for child in children:
        device = csrf_client(SCHOOL)
        names = device.get(f"/api/student-login/{child.classroom.join_code}/")
        assert names.status_code == 200, names.json()
        assert sign_in(device, child, ["star", "moon", "sun"]).status_code == 400  # a wrong try first
        response = sign_in(device, child, ["sun", "moon", "star"])
        assert response.status_code == 200, response.json()
        signed_in += device.get("/api/auth/me/").json()["role"] == "student"
    assert signed_in == 60


def test_wrong_class_codes_are_stopped_per_address_and_other_addresses_are_not(classroom, settings):
    guesser = csrf_client("198.51.100.9")
    answers = [guesser.get(f"/api/student-login/ZZZZ{n:02d}/").status_code
               for n in range(settings.SIGN_IN_FAILURE_ALLOWANCE + 1)]
    assert answers == [404] * settings.SIGN_IN_FAILURE_ALLOWANCE + [429]
    refused = guesser.get(f"/api/student-login/{classroom.join_code}/")  # even a right code, now
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "too_many_failures"
    assert "minute" in refused.json()["error"]["message"]
    assert csrf_client(SCHOOL).get(f"/api/student-login/{classroom.join_code}/").status_code == 200


def test_wrong_secrets_across_many_children_are_stopped_per_address(classroom, settings):
    # enough children, and a class allowance large enough, that the per-child and per-class limits
    # (tests/api/test_child_sign_in_limits.py) do not stop the guesser first
    settings.SIGN_IN_UNFAMILIAR_PER_CLASS = 10_000
    count = settings.SIGN_IN_FAILURE_ALLOWANCE // 2
    children = [StudentFactory(classroom=classroom) for _ in range(count)]
    guesser = csrf_client("198.51.100.9")
    statuses = [sign_in(guesser, children[n % count], ["car", "car", "car"]).status_code
                for n in range(settings.SIGN_IN_FAILURE_ALLOWANCE + 1)]
    assert statuses[-1] == 429
    assert set(statuses[:-1]) == {400}
    untried = StudentFactory(classroom=classroom)
    assert sign_in(guesser, untried, ["sun", "moon", "star"]).status_code == 429
    assert sign_in(csrf_client(SCHOOL), untried, ["sun", "moon", "star"]).status_code == 200


def test_a_made_up_forwarded_address_does_not_escape_the_limit(classroom, settings):
    guesser = csrf_client("198.51.100.9")
    statuses = [guesser.get(f"/api/student-login/ZZZZ{n:02d}/", HTTP_X_FORWARDED_FOR=f"10.0.{n}.1").status_code
                for n in range(settings.SIGN_IN_FAILURE_ALLOWANCE + 1)]
    assert statuses[-1] == 429


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_allowance(classroom, settings):
    settings.TRUSTED_PROXIES = ["172.18.0.0/16"]
    proxy = csrf_client("172.18.0.5")
    for n in range(settings.SIGN_IN_FAILURE_ALLOWANCE):
        proxy.get(f"/api/student-login/ZZZZ{n:02d}/", HTTP_X_FORWARDED_FOR="198.51.100.9")
    assert proxy.get(f"/api/student-login/{classroom.join_code}/",
                     HTTP_X_FORWARDED_FOR="198.51.100.9").status_code == 429
    assert proxy.get(f"/api/student-login/{classroom.join_code}/",
                     HTTP_X_FORWARDED_FOR="203.0.113.50").status_code == 200


def test_the_qr_card_works_while_the_address_is_over_its_allowance(student, settings):
    from classroom.services import cards_issue

    (card,) = cards_issue(classroom=student.classroom, students=[student])
    device = csrf_client("198.51.100.9")
    for n in range(settings.SIGN_IN_FAILURE_ALLOWANCE):
        device.get(f"/api/student-login/ZZZZ{n:02d}/")
    assert device.get(f"/api/student-login/{student.classroom.join_code}/").status_code == 429
    assert device.post("/api/student-login/token/", {"token": card.token}, format="json").status_code == 200


@pytest.mark.parametrize(("peer", "forwarded", "trusted", "expected"), [
    ("198.51.100.9", "1.2.3.4", [], "198.51.100.9"),
    ("172.18.0.5", "1.2.3.4", ["172.18.0.0/16"], "1.2.3.4"),
    ("172.18.0.5", "6.6.6.6, 1.2.3.4", ["172.18.0.0/16"], "1.2.3.4"),  # only the proxy's own hop is believed
    ("172.18.0.5", "1.2.3.4, 172.18.0.9", ["172.18.0.0/16"], "1.2.3.4"),
    ("172.18.0.5", "", ["172.18.0.0/16"], "172.18.0.5"),
    ("172.18.0.5", "not-an-address", ["172.18.0.0/16"], "not-an-address"),
])
def test_the_client_address(settings, peer, forwarded, trusted, expected):
    settings.TRUSTED_PROXIES = trusted
    assert client_address({"REMOTE_ADDR": peer, "HTTP_X_FORWARDED_FOR": forwarded}) == expected


def test_a_card_read_again_in_the_same_browser_keeps_the_session_other_tabs_hold(student):
    """Issue 32: a second tab's QR sign-in used to give the session a new key and delete the old one,
    so the first tab's requests still on their way with the old cookie answered 401."""
    from classroom.services import cards_issue

    (card,) = cards_issue(classroom=student.classroom, students=[student])
    client = csrf_client()
    assert client.post("/api/student-login/token/", {"token": card.token}, format="json").status_code == 200
    first_key = client.cookies["sessionid"].value
    other_tab = APIClient(REMOTE_ADDR="127.0.0.1")  # the first tab's request, sent with the cookie it had
    other_tab.cookies["sessionid"] = first_key
    client.defaults["HTTP_X_CSRFTOKEN"] = client.cookies["csrftoken"].value
    again = client.post("/api/student-login/token/", {"token": card.token}, format="json")
    assert again.status_code == 200
    assert again.json()["id"] == student.user_id
    assert client.cookies["sessionid"].value == first_key
    assert other_tab.get("/api/auth/me/").json()["id"] == student.user_id
    again_by_pictures = sign_in(client, student, card.pictures)
    assert again_by_pictures.status_code == 200
    assert other_tab.get("/api/auth/me/").status_code == 200


def test_another_childs_card_in_the_same_browser_still_replaces_the_session(student):
    """A different child's card on the same tablet: a new session, and the old one is gone."""
    from classroom.services import cards_issue

    ben = StudentFactory(classroom=student.classroom)
    ana_card, ben_card = cards_issue(classroom=student.classroom, students=[student, ben])
    client = csrf_client()
    assert client.post("/api/student-login/token/", {"token": ana_card.token}, format="json").status_code == 200
    ana_key = client.cookies["sessionid"].value
    client.defaults["HTTP_X_CSRFTOKEN"] = client.cookies["csrftoken"].value
    ben_signs_in = client.post("/api/student-login/token/", {"token": ben_card.token}, format="json")
    assert ben_signs_in.json()["id"] == ben.user_id
    assert client.cookies["sessionid"].value != ana_key
    old_tab = APIClient(REMOTE_ADDR="127.0.0.1")
    old_tab.cookies["sessionid"] = ana_key
    assert old_tab.get("/api/auth/me/").status_code == 401


def test_a_revoked_session_is_not_kept_by_reading_a_new_card(student):
    """A session the teacher ended (Revoke card) is not reused by the new card's sign-in."""
    from classroom.services import cards_issue, student_revoke_card

    (card,) = cards_issue(classroom=student.classroom, students=[student])
    client = csrf_client()
    client.post("/api/student-login/token/", {"token": card.token}, format="json")
    old_key = client.cookies["sessionid"].value
    student_revoke_card(student=student)
    (new_card,) = cards_issue(classroom=student.classroom, students=[student])
    client.defaults["HTTP_X_CSRFTOKEN"] = client.cookies["csrftoken"].value
    assert client.post("/api/student-login/token/", {"token": new_card.token}, format="json").status_code == 200
    assert client.cookies["sessionid"].value != old_key
    assert client.get("/api/auth/me/").json()["id"] == student.user_id
