"""Every endpoint for: the owner, another teacher, a student of the class, a student of another
class, and an anonymous visitor."""

import pytest

from tests.conftest import client_for
from tests.factories import ClassroomFactory, StudentFactory, TeacherFactory

pytestmark = pytest.mark.django_db

ANON, OWNER, OTHER_TEACHER, OWN_STUDENT, OTHER_STUDENT = "anon", "owner", "other_teacher", "own", "other"


@pytest.fixture
def world():
    owner = TeacherFactory()
    klass = ClassroomFactory(teacher=owner)
    student = StudentFactory(classroom=klass)
    other_student = StudentFactory()
    return {
        "class": klass,
        "student": student,
        "users": {ANON: None, OWNER: owner, OTHER_TEACHER: TeacherFactory(),
                  OWN_STUDENT: student.user, OTHER_STUDENT: other_student.user},
    }


# (method, url template, body, expected status per actor)
TEACHER_ONLY = {ANON: 401, OWNER: None, OTHER_TEACHER: 404, OWN_STUDENT: 403, OTHER_STUDENT: 403}
ENDPOINTS = [
    ("get", "/api/classes/{class}/", None, {**TEACHER_ONLY, OWNER: 200}),
    ("patch", "/api/classes/{class}/", {"name": "Renamed"}, {**TEACHER_ONLY, OWNER: 200}),
    ("post", "/api/classes/{class}/regenerate-code/", None, {**TEACHER_ONLY, OWNER: 200}),
    ("get", "/api/classes/{class}/students/", None, {**TEACHER_ONLY, OWNER: 200}),
    ("post", "/api/classes/{class}/students/", {"names": "Zed"}, {**TEACHER_ONLY, OWNER: 201}),
    ("post", "/api/classes/{class}/cards/", {}, {**TEACHER_ONLY, OWNER: 202}),  # a job makes the PDF
    ("get", "/api/students/{student}/", None, {**TEACHER_ONLY, OWNER: 200}),
    ("patch", "/api/students/{student}/", {"last_name": "Ng"}, {**TEACHER_ONLY, OWNER: 200}),
    ("post", "/api/students/{student}/revoke-card/", None, {**TEACHER_ONLY, OWNER: 204}),
    ("post", "/api/students/{student}/unlock/", None, {**TEACHER_ONLY, OWNER: 204}),
    ("get", "/api/students/{student}/export/", None, {**TEACHER_ONLY, OWNER: 200}),
    ("delete", "/api/students/{student}/", None, {**TEACHER_ONLY, OWNER: 204}),
    ("delete", "/api/classes/{class}/", None, {**TEACHER_ONLY, OWNER: 204}),
]


@pytest.mark.parametrize("actor", [ANON, OWNER, OTHER_TEACHER, OWN_STUDENT, OTHER_STUDENT])
@pytest.mark.parametrize(("method", "template", "body", "expected"), ENDPOINTS,
                         ids=[f"{m} {t}" for m, t, _, _ in ENDPOINTS])
def test_endpoint_permissions(world, actor, method, template, body, expected):
    if template.endswith("/cards/") and actor == OWNER:
        StudentFactory(classroom=world["class"], card_token_hash="")  # someone without a card
    url = template.format(**{"class": world["class"].pk, "student": world["student"].pk})
    client = client_for(world["users"][actor])
    response = getattr(client, method)(url, body, format="json")
    assert response.status_code == expected[actor], response.content[:300]
    if response.status_code >= 400:
        assert set(response.json()["error"]) >= {"code", "message", "fields"}


@pytest.mark.parametrize(("actor", "status"), [(ANON, 401), (OWNER, 200), (OTHER_TEACHER, 200),
                                               (OWN_STUDENT, 403), (OTHER_STUDENT, 403)])
def test_class_list_shows_only_the_teachers_own_classes(world, actor, status):
    response = client_for(world["users"][actor]).get("/api/classes/")
    assert response.status_code == status
    if status == 200:
        ids = [c["id"] for c in response.json()["results"]]
        assert ids == ([world["class"].pk] if actor == OWNER else [])


@pytest.mark.parametrize("actor", [ANON, OWNER, OTHER_TEACHER, OWN_STUDENT, OTHER_STUDENT])
def test_csv_import_permissions(world, actor):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("r.csv", b"first_name,last_name\nAna,Lopez\n", content_type="text/csv")
    response = client_for(world["users"][actor]).post(
        f"/api/classes/{world['class'].pk}/students/import/", {"file": upload, "commit": "false"},
        format="multipart")
    assert response.status_code == {**TEACHER_ONLY, OWNER: 200}[actor]


@pytest.mark.parametrize(("actor", "status"), [(ANON, 401), (OWNER, 200), (OTHER_TEACHER, 200),
                                               (OWN_STUDENT, 200), (OTHER_STUDENT, 200)])
def test_me_answers_every_signed_in_user(world, actor, status):
    response = client_for(world["users"][actor]).get("/api/auth/me/")
    assert response.status_code == status
    if actor == OWN_STUDENT:
        assert response.json()["classroom"]["id"] == world["class"].pk
        assert response.json()["email"] is None


def test_class_names_for_sign_in_are_public_but_only_for_the_code(world, api):
    response = api.get(f"/api/student-login/{world['class'].join_code.lower()}/")
    assert response.status_code == 200
    assert [s["id"] for s in response.json()["students"]] == [world["student"].pk]
    assert api.get("/api/student-login/ZZZZZZ/").status_code == 404
