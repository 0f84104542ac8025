"""The export API: asking for a PDF answers 202 at once (the web request renders nothing), the status
shows progress, the owner downloads the file; anyone else gets 404, a student 403, a visitor 401."""

import io

import pytest
from pypdf import PdfReader

from games.services import batches, export_kinds
from games.services.export_build import export_build
from tests.conftest import client_for
from tests.factories import StudentFactory, TeacherFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")


@pytest.fixture
def batch(teacher):
    made = batches.batch_create(teacher=teacher, count=4, level="beginner")
    return batches.batch_generate(batch_id=made.pk)


@pytest.fixture
def no_rendering(monkeypatch):
    """Any renderer called in this process fails the test: a request must leave it to the job."""

    def refuse(*args, **kwargs):
        raise AssertionError("a web request rendered a PDF")

    for name in ("render_batch_pdf", "render_cards_pdf", "report_pdf"):
        monkeypatch.setattr(export_kinds, name, refuse)
    return monkeypatch


def test_asking_for_a_batch_pdf_answers_202_and_renders_nothing(teacher, batch, no_rendering,
                                                                 django_capture_on_commit_callbacks):
    client = client_for(teacher)
    with django_capture_on_commit_callbacks(execute=False) as jobs:
        response = client.post(f"/api/batches/{batch.pk}/pdf/")
    assert response.status_code == 202
    body = response.json()
    assert response["Location"] == f"/api/exports/{body['id']}/"
    assert {key: body[key] for key in ("kind", "status", "done", "total", "file_url")} == {
        "kind": "batch_pdf", "status": "pending", "done": 0, "total": 4, "file_url": None}
    assert len(jobs) == 1
    assert client.get(f"/api/exports/{body['id']}/file/").status_code == 409


def test_the_owner_watches_the_progress_then_downloads_the_pdf(teacher, batch):
    client = client_for(teacher)
    export_id = client.post(f"/api/batches/{batch.pk}/pdf/").json()["id"]
    export_build(export_id=export_id)  # what the worker does
    status = client.get(f"/api/exports/{export_id}/").json()
    assert (status["status"], status["done"], status["total"]) == ("done", 4, 4)
    assert status["file_url"] == f"/api/exports/{export_id}/file/"
    response = client.get(status["file_url"])
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'attachment; filename="fultiples-grids-{batch.pk}.pdf"'
    assert len(PdfReader(io.BytesIO(b"".join(response.streaming_content))).pages) == 4
    again = client.post(f"/api/batches/{batch.pk}/pdf/")
    assert (again.status_code, again.json()["id"]) == (200, export_id)  # made already: ready at once


def test_a_batch_that_is_not_made_yet_answers_409(teacher):
    batch = batches.batch_create(teacher=teacher, count=2, level="beginner")
    response = client_for(teacher).post(f"/api/batches/{batch.pk}/pdf/")
    assert response.status_code == 409
    assert response.json()["error"]["message"] == "The grids are not ready yet."


@pytest.mark.parametrize(("who", "code"), [("other_teacher", 404), ("student", 403), ("anonymous", 401)])
def test_only_the_owner_sees_downloads_or_retries_an_export(teacher, batch, classroom, who, code):
    export_id = client_for(teacher).post(f"/api/batches/{batch.pk}/pdf/").json()["id"]
    export_build(export_id=export_id)
    user = {"other_teacher": TeacherFactory(), "student": StudentFactory(classroom=classroom).user,
            "anonymous": None}[who]
    client = client_for(user)
    for response in (client.get(f"/api/exports/{export_id}/"), client.get(f"/api/exports/{export_id}/file/"),
                     client.post(f"/api/exports/{export_id}/retry/"), client.post(f"/api/batches/{batch.pk}/pdf/")):
        assert response.status_code == code, response.content[:200]
        assert set(response.json()["error"]) >= {"code", "message", "fields"}


def test_a_failed_export_says_why_and_is_retried_on_the_same_id(teacher, batch, monkeypatch):
    client = client_for(teacher)
    export_id = client.post(f"/api/batches/{batch.pk}/pdf/").json()["id"]
    monkeypatch.setattr(export_kinds, "render_batch_pdf", lambda *a: (_ for _ in ()).throw(ValueError("broken font")))
    with pytest.raises(ValueError, match="broken font"):
        export_build(export_id=export_id)
    failed = client.get(f"/api/exports/{export_id}/").json()
    assert failed["status"] == "failed"
    assert "broken font" in failed["error"]
    monkeypatch.undo()
    retried = client.post(f"/api/exports/{export_id}/retry/")
    assert (retried.status_code, retried.json()["id"], retried.json()["status"]) == (202, export_id, "pending")
    export_build(export_id=export_id)
    assert client.get(f"/api/exports/{export_id}/").json()["status"] == "done"
    assert client.post(f"/api/exports/{export_id}/retry/").status_code == 400


def test_login_cards_are_asked_for_made_by_the_job_and_downloaded_once(classroom, no_rendering):
    client = client_for(classroom.teacher)
    client.post(f"/api/classes/{classroom.pk}/students/", {"names": "Ana Lopez\nBen\nCy Do"}, format="json")
    response = client.post(f"/api/classes/{classroom.pk}/cards/", {}, format="json")
    assert response.status_code == 202
    body = response.json()
    assert (body["kind"], body["total"], body["filename"]) == ("cards_pdf", 3, f"login-cards-{classroom.join_code}.pdf")
    no_rendering.undo()
    export_build(export_id=body["id"])
    pdf = client.get(f"/api/exports/{body['id']}/file/")
    assert pdf.status_code == 200
    assert PdfReader(io.BytesIO(b"".join(pdf.streaming_content))).pages[0].extract_text().count("Class code:") == 3
    gone = client.get(f"/api/exports/{body['id']}/file/")
    assert gone.status_code == 410
    assert "downloaded already" in gone.json()["error"]["message"]
    assert client.get(f"/api/exports/{body['id']}/").json()["file_url"] is None
    nothing_left = client.post(f"/api/classes/{classroom.pk}/cards/", {}, format="json")
    assert (nothing_left.status_code, nothing_left.json()["error"]["code"]) == (400, "no_students")


def test_a_report_pdf_is_asked_for_and_downloaded(classroom, no_rendering):
    StudentFactory(classroom=classroom)
    client = client_for(classroom.teacher)
    response = client.post(f"/api/classes/{classroom.pk}/report/pdf", {"period": "7d"}, format="json")
    assert response.status_code == 202
    no_rendering.undo()
    export_build(export_id=response.json()["id"])
    pdf = client.get(f"/api/exports/{response.json()['id']}/file/")
    assert pdf["Content-Type"] == "application/pdf"
    assert "multiplication facts" in PdfReader(io.BytesIO(b"".join(pdf.streaming_content))).pages[0].extract_text()
    assert client_for(TeacherFactory()).post(f"/api/classes/{classroom.pk}/report/pdf").status_code == 404
