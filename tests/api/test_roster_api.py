import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from pypdf import PdfReader

from games.services.export_build import export_build
from tests.conftest import client_for
from tests.factories import StudentFactory

pytestmark = pytest.mark.django_db


def upload(data: bytes, name="roster.csv"):
    return SimpleUploadedFile(name, data, content_type="text/csv")


def test_create_class_and_paste_names(teacher):
    client = client_for(teacher)
    klass = client.post("/api/classes/", {"name": "Room 7"}, format="json").json()
    assert len(klass["join_code"]) == 6
    response = client.post(f"/api/classes/{klass['id']}/students/", {"names": "Ana Lopez\n\nBen\n"}, format="json")
    assert response.status_code == 201
    assert [s["display_name"] for s in response.json()["created"]] == ["Ana L.", "Ben"]
    roster = client.get(f"/api/classes/{klass['id']}/students/").json()
    assert roster["count"] == 2
    assert roster["results"][0]["has_card"] is False


def test_empty_class_name_is_a_field_error(teacher):
    response = client_for(teacher).post("/api/classes/", {"name": "  "}, format="json")
    assert response.status_code == 400
    assert "name" in response.json()["error"]["fields"]


def test_csv_preview_shows_problems_and_import_refuses_until_fixed(classroom):
    client = client_for(classroom.teacher)
    url = f"/api/classes/{classroom.pk}/students/import/"
    data = b"first_name,last_name\nAna,Lopez\n,Nobody\n"
    preview = client.post(url, {"file": upload(data), "commit": "false"}, format="multipart").json()
    assert preview["valid"] is False
    assert preview["rows"][0]["display_name"] == "Ana L."
    assert preview["rows"][1]["problems"] == ["First name is missing."]
    refused = client.post(url, {"file": upload(data), "commit": "true"}, format="multipart")
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "invalid_rows"
    assert refused.json()["rows"][1]["line"] == 3
    assert classroom.students.count() == 0
    ok = client.post(url, {"file": upload(b"first_name,last_name\nAna,Lopez\n"), "commit": "true"},
                     format="multipart")
    assert ok.json()["created"] == 1


@pytest.mark.parametrize(
    "data", [b"\x00\x01\x02binary", b"name\nAna\n", ("first_name,last_name\n" + "A,B\n" * 1001).encode()])
def test_malformed_csv_is_a_400_with_a_message_never_a_500(classroom, data):
    response = client_for(classroom.teacher).post(
        f"/api/classes/{classroom.pk}/students/import/", {"file": upload(data)}, format="multipart")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_file"
    assert response.json()["error"]["message"]


def test_import_without_a_file_is_a_clear_error(classroom):
    response = client_for(classroom.teacher).post(
        f"/api/classes/{classroom.pk}/students/import/", {}, format="multipart")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_file"


def test_cards_pdf_for_new_students_then_nothing_left_to_print(classroom, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    client = client_for(classroom.teacher)
    client.post(f"/api/classes/{classroom.pk}/students/", {"names": "Ana Lopez\nBen\nCy Do"}, format="json")
    export = client.post(f"/api/classes/{classroom.pk}/cards/", {}, format="json")
    assert export.status_code == 202  # a job makes the PDF (tests/api/test_exports_api.py)
    export_build(export_id=export.json()["id"])
    response = client.get(f"/api/exports/{export.json()['id']}/file/")
    assert response["Content-Type"] == "application/pdf"
    text = PdfReader(io.BytesIO(b"".join(response.streaming_content))).pages[0].extract_text()
    assert text.count("Class code:") == 3
    again = client.post(f"/api/classes/{classroom.pk}/cards/", {}, format="json")
    assert again.status_code == 400
    assert again.json()["error"]["code"] == "no_students"


def test_cards_for_a_student_of_another_class_are_refused(classroom):
    stranger = StudentFactory()
    response = client_for(classroom.teacher).post(
        f"/api/classes/{classroom.pk}/cards/", {"students": [stranger.pk]}, format="json")
    assert response.status_code == 400


def test_roster_list_uses_the_same_number_of_queries_for_3_and_30_students(classroom):
    client = client_for(classroom.teacher)
    url = f"/api/classes/{classroom.pk}/students/"

    def queries_for(count):
        StudentFactory.create_batch(count - classroom.students.count(), classroom=classroom)
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).json()["count"] == count
        return len(captured)

    assert queries_for(3) == queries_for(30)


def test_class_list_uses_the_same_number_of_queries_for_1_and_10_classes(teacher):
    from tests.factories import ClassroomFactory

    client = client_for(teacher)

    def queries_for(count):
        ClassroomFactory.create_batch(count - teacher.classrooms.count(), teacher=teacher)
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/api/classes/").json()["count"] == count
        return len(captured)

    assert queries_for(1) == queries_for(10)


def test_student_export_downloads_json(student):
    response = client_for(student.classroom.teacher).get(f"/api/students/{student.pk}/export/")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    assert b'"display_name"' in response.content
