"""A child's data export holds everything stored about them, and deleting them leaves no stored report, file or
session that names them (games.services.student_data, games.services.student_erase). A walk over every model
fails when a new table with a path to a student is in neither list."""

import io
import json
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.sessions.models import Session
from django.db import models
from django.test import Client
from pypdf import PdfReader

from classroom import services
from classroom.models import Student, User
from games.models import Attempt, Challenge, Export, FocusFact, Match, Move, Report, Seat
from games.reports.mastery import MASTERED_AFTER
from games.services import exports, student_data
from games.services.export_build import export_build
from games.services.student_erase import REMOVED
from tests.conftest import client_for
from tests.factories import StudentFactory, built_snapshot
from tests.games.test_moves import cell_with_an_unrelated_cell, first_mover, related_cell, seat_user, two_player_match

pytestmark = pytest.mark.django_db

ALL_MODELS = apps.get_models(include_auto_created=True)


# --- the walk over every table ----------------------------------------------------------------------------
def test_every_table_with_a_path_to_a_student_is_exported_and_deleted_or_said_not_to_be_about_the_child():
    found = set(student_data.models_about_students(ALL_MODELS))
    listed = set(student_data.ABOUT_THE_CHILD) | set(student_data.NOT_ABOUT_THE_CHILD)
    assert found - listed == set(), "add these to ABOUT_THE_CHILD (export and deletion) or NOT_ABOUT_THE_CHILD"
    assert listed - found == set(), "these are listed but have no path to a student any more"
    assert not set(student_data.ABOUT_THE_CHILD) & set(student_data.NOT_ABOUT_THE_CHILD)


class Sticker(models.Model):  # noqa: DJ008 - never shown
    """A table someone might add: a sticker a child earned."""

    student = models.ForeignKey(Student, on_delete=models.CASCADE)

    class Meta:
        app_label = "privacy_walk_test"  # not an installed app: never in the real model list


class MatchNote(models.Model):  # noqa: DJ008 - never shown
    match = models.ForeignKey(Match, on_delete=models.CASCADE)

    class Meta:
        app_label = "privacy_walk_test"


class SeatNote(models.Model):  # noqa: DJ008 - never shown
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE)

    class Meta:
        app_label = "privacy_walk_test"


class Badge(models.Model):  # noqa: DJ008 - never shown
    holders = models.ManyToManyField(User)

    class Meta:
        app_label = "privacy_walk_test"


class Poster(models.Model):  # noqa: DJ008 - never shown
    """Not about anyone: no path to a student."""

    title = models.CharField(max_length=10)

    class Meta:
        app_label = "privacy_walk_test"


def test_the_walk_finds_a_new_table_with_a_student_a_user_a_match_or_a_seat():
    found = student_data.models_about_students([*ALL_MODELS, Sticker, MatchNote, SeatNote, Badge, Poster])
    new = set(found) - set(student_data.ABOUT_THE_CHILD) - set(student_data.NOT_ABOUT_THE_CHILD)
    assert new == {"privacy_walk_test.Sticker", "privacy_walk_test.MatchNote", "privacy_walk_test.SeatNote",
                   "privacy_walk_test.Badge"}


# --- a class where two children played -------------------------------------------------------------------
@pytest.fixture(autouse=True)
def media(settings, tmp_path) -> Path:
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return tmp_path / "media"


@pytest.fixture
def played(make_assignment, pupils, fake_clock):
    """Ana and Ben played a match (three moves, attempts for both), Ana has five wrong 7 x 8s (so she needs
    help), challenged Ben and was challenged back, and a class report (with its students' reports) is built."""
    ana, ben = pupils[0], pupils[1]
    match = two_player_match(make_assignment, [ana, ben])
    for _ in range(3):
        mover = first_mover(match)
        fake_clock.advance(1000)
        cell = cell_with_an_unrelated_cell(match.state) if match.state.get("last") is None else related_cell(
            match.state)
        match_submit_action(match=match, user=seat_user(match, mover), cell=cell)
        match.refresh_from_db()
    Attempt.objects.bulk_create([Attempt(student=ana.user, classroom=ana.classroom, match=match, game=match.game,
                                         kind="multiply", a=7, b=8, answer=54, correct=False, think_ms=3000,
                                         fact_a=7, fact_b=8, mistake_type="near") for _ in range(MASTERED_AFTER)])
    Challenge.objects.create(assignment=match.assignment, from_user=ana.user, to_user=ben.user)
    FocusFact.objects.create(assignment=match.assignment, student=ana, a=7, b=8)  # her focus (issue 14)
    Challenge.objects.create(assignment=match.assignment, from_user=ben.user, to_user=ana.user, status="declined")
    report = built_snapshot(ana.classroom, "7d")
    return ana, ben, match, report


def match_submit_action(*, match, user, cell):
    from games.services.moves import match_submit_action as submit

    return submit(match_id=match.pk, user=user, action={"type": "mark", "cell": cell})


def signed_in(user: User) -> str:
    client = Client()
    client.force_login(user)
    return client.session.session_key


# --- the export -------------------------------------------------------------------------------------------
def test_the_export_holds_everything_stored_about_the_child_and_names_no_other_child(played, teacher):
    ana, ben, match, report = played
    signed_in(ana.user)
    exports.export_cards_pdf(owner=teacher, classroom=ana.classroom, students=[ana, ben], site_url="http://x/")
    data = student_data.student_export(student=ana)

    assert (data["format"], data["version"]) == ("multiplayground-student-export", 1)
    assert data["student"]["display_name"] == ana.display_name
    assert data["student"]["class"] == {"id": ana.classroom_id, "name": ana.classroom.name}
    assert data["account"]["id"] == ana.user_id
    assert data["sign_in"]["has_picture_password"] is True
    assert len(data["sign_in"]["open_sessions"]) == 1
    assert "hash" in data["left_out"]["secrets"]
    assert [a["id"] for a in data["attempts"]] == list(
        Attempt.objects.filter(student=ana.user).order_by("created_at", "pk").values_list("pk", flat=True))
    (played_match,) = data["matches"]
    seat = next(s for s in match.seat_list(reload=True) if s.user_id == ana.user_id)
    assert played_match["id"] == match.pk
    assert played_match["seat"]["index"] == seat.index
    assert played_match["moves"] == [
        {"version": m.version, "source": m.source, "action": m.action, "at": m.created_at.isoformat()}
        for m in Move.objects.filter(match=match, seat=seat.index).order_by("version")]
    assert any(move["source"] == "player" for move in played_match["moves"])
    assert sorted(p["who"] for p in played_match["players"]) == ["another student", "this student"]
    assert sorted(c["direction"] for c in data["challenges"]) == ["received", "sent"]
    assert [r["id"] for r in data["reports"]] == [report.parts.get(student=ana).pk]
    (rows,) = data["class_report_rows"]
    assert rows["report_id"] == report.pk
    assert [row["student_id"] for row in rows["activity"]] == [ana.pk]
    assert [row["fact"] for row in rows["needs_help"]] == ["7x8"]
    assert [card["status"] for card in data["login_cards"]] == ["pending"]

    text = json.dumps(data)
    for secret in (ana.picture_secret_hash, ana.card_token_hash, ana.user.password):
        assert secret not in text
    assert ben.display_name not in text
    assert ben.first_name not in text
    # Every table about the child has its place in the export, filled in this world.
    for section, _ in student_data.ABOUT_THE_CHILD.values():
        for key in section.split(", "):
            top = key.split("[")[0]
            assert data[top], f"{top} is empty"


def test_the_api_hands_the_export_to_the_childs_teacher_only(played, teacher):
    ana = played[0]
    response = client_for(teacher).get(f"/api/students/{ana.pk}/export/")
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="student-{ana.pk}.json"'
    body = json.loads(response.content)
    assert len(body["attempts"]) == Attempt.objects.filter(student=ana.user).count() > 0
    assert client_for(StudentFactory().classroom.teacher).get(f"/api/students/{ana.pk}/export/").status_code == 404


# --- deletion ---------------------------------------------------------------------------------------------
def stored_texts(media: Path) -> dict[str, str]:
    texts = {}
    for path in media.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            texts[path.name] = ("\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
                                if data.startswith(b"%PDF") else data.decode("utf-8", "replace"))
    return texts


def mentions(value, student_id: int, name: str) -> list:
    """Where `value` (report JSON) names the child or carries their id under a student key."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("student_id", "student") and item in (student_id, name):
                found.append((key, item))
            found += mentions(item, student_id, name)
    elif isinstance(value, list):
        for item in value:
            found += mentions(item, student_id, name)
    elif isinstance(value, str) and name in value:
        found.append(value)
    return found


def test_after_deletion_no_stored_report_file_or_session_names_the_child(played, teacher, media,
                                                                         django_capture_on_commit_callbacks):
    ana, ben, match, report = played
    ana_id, ana_user_id, name = ana.pk, ana.user_id, ana.display_name
    session_key = signed_in(ana.user)
    bens_session = signed_in(ben.user)
    report_pdf = export_build(export_id=exports.export_report_pdf(owner=teacher, report=report).pk)
    own_pdf = export_build(export_id=exports.export_report_pdf(owner=teacher, report=report.parts.get(student=ana)).pk)
    assert name in stored_texts(media)[Path(own_pdf.file.name).name]  # her report's title
    made_cards = export_build(export_id=exports.export_cards_pdf(
        owner=teacher, classroom=ana.classroom, students=[ana, ben], site_url="http://x/").pk)
    waiting_cards = exports.export_cards_pdf(owner=teacher, classroom=ana.classroom, students=[ana, ben],
                                             site_url="http://x/")
    assert any(name in text for text in stored_texts(media).values())  # the world names her before
    assert mentions(Report.objects.get(pk=report.pk).data, ana_id, name)
    answers_before = sum(row["attempts"] for row in report.data["activity"])

    with django_capture_on_commit_callbacks(execute=True):
        services.student_delete(student=ana)

    for stored in Report.objects.all():
        assert not mentions(stored.data, ana_id, name), stored.pk
        assert stored.student_id != ana_id
    data = Report.objects.get(pk=report.pk).data
    removed = [row for row in data["activity"] if row["student"] == REMOVED]
    assert [(row["student_id"], row["attempts"] > 0) for row in removed] == [(None, True)]
    assert sum(row["attempts"] for row in data["activity"]) == answers_before  # the counts stay
    assert [row["student"] for row in data["needs_help"]["7x8"]] == [REMOVED]
    for file_name, text in stored_texts(media).items():
        assert name not in text, file_name
    with pytest.raises(exports.Gone):
        exports.export_download(export=Export.objects.get(pk=report_pdf.pk))
    made_cards.refresh_from_db()
    assert (made_cards.status, made_cards.file.name, made_cards.students) == ("failed", "", [ben.pk])
    assert "removed" in made_cards.error
    waiting_cards.refresh_from_db()
    assert (waiting_cards.status, waiting_cards.students) == ("pending", [ben.pk])
    assert not Session.objects.filter(session_key=session_key).exists()
    assert Session.objects.filter(session_key=bens_session).exists()
    assert not Move.objects.filter(action__user_id=ana_user_id).exists()
    assert not Attempt.objects.filter(student_id=ana_user_id).exists()
    assert not Challenge.objects.filter(from_user_id=ana_user_id).exists()
    assert Match.objects.filter(pk=match.pk).exists()  # Ben's match stays, with nobody in her seat
    assert ana_user_id not in {seat.user_id for seat in Seat.objects.filter(match=match)}
    # A new PDF of the report is made from the anonymised figures.
    again = export_build(export_id=exports.export_report_pdf(owner=teacher, report=report).pk)
    assert (again.pk != report_pdf.pk, again.status) == (True, "done")
    assert all(name not in text for text in stored_texts(media).values())
    assert REMOVED in stored_texts(media)[Path(again.file.name).name]


def test_deleting_a_class_signs_its_students_out_and_leaves_nothing(played, media, django_capture_on_commit_callbacks):
    ana = played[0]
    session_key = signed_in(ana.user)
    with django_capture_on_commit_callbacks(execute=True):
        services.classroom_delete(classroom=ana.classroom)
    assert not Session.objects.filter(session_key=session_key).exists()
    assert not Report.objects.exists()
    assert not User.objects.filter(role=User.Role.STUDENT).exists()


def test_a_student_deleted_while_signed_in_is_signed_out_on_the_next_request(student):
    client = Client()
    client.force_login(student.user)
    assert client.get("/api/auth/me/").status_code == 200
    services.student_delete(student=student)
    assert client.get("/api/auth/me/").status_code in (401, 403)
    assert not Session.objects.exists()  # the row is gone, not merely pointing at a deleted user
