"""Every PDF (a report, login cards, a grid batch) built by its job from hostile names: no error, the text
shown as typed (never read as markup), and a build never opens a URL, a socket or a file by name."""

import contextlib
import io
import socket
import subprocess
import urllib.request
from pathlib import Path

import pytest
import reportlab.lib.utils
import reportlab.pdfbase.pdfdoc
from django.utils import timezone
from pypdf import PdfReader
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import Paragraph, SimpleDocTemplate

from classroom.models import Student
from classroom.pdf_text import FONT
from games.models import Attempt, BoardBatch
from games.services import batches, exports
from games.services.export_build import export_build
from tests.factories import ClassroomFactory, MatchFactory, StudentFactory, built_snapshot

pytestmark = pytest.mark.django_db

HOSTILE = ['<b>Room 7', '<img src="http://127.0.0.1:9/x.png"/>', "&amp;", "<para>", "</para><para>", 'a"b\'c',
           "<font size=90>x</font>"]
UNICODE = ["Łukasz Żółć", "Иван", "Ἀλέξανδρος"]  # drawn by DejaVu Sans when it is installed
NOT_DRAWN = ["مريم", "Zoë 🦊"]  # must not break a build; emoji have no glyph, RTL is drawn unshaped


class Fetched(AssertionError):
    pass


@pytest.fixture
def nothing_fetched(monkeypatch):
    """Any URL, socket or file opened by name during a build fails the build (and so the test). Fonts are
    read when classroom.pdf_text is imported, before this."""
    def refuse(*args, **kwargs):
        raise Fetched(f"a PDF build tried to open {args[:2]!r}")

    def open_only_streams(name, mode="b"):
        if hasattr(name, "read"):  # an image drawn from memory (the QR code)
            return name
        refuse(name)

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(urllib.request, "urlopen", refuse)
    monkeypatch.setattr(reportlab.lib.utils, "rlUrlRead", refuse)
    monkeypatch.setattr(reportlab.lib.utils, "open_for_read", open_only_streams)
    monkeypatch.setattr(reportlab.pdfbase.pdfdoc, "open_for_read", open_only_streams)


@pytest.fixture(autouse=True)
def media(settings, tmp_path) -> Path:
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return tmp_path / "media"


def pdf_text(export) -> str:
    assert export.status == "done", export.error
    path = Path(export.file.path)
    text = "\n".join(page.extract_text() for page in PdfReader(path).pages)
    with contextlib.suppress(FileNotFoundError):  # poppler's reading as well, when installed
        text += "\n" + subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True,
                                      check=True, text=True).stdout
    return " ".join(text.split())


def test_the_guard_catches_a_build_that_would_fetch():
    """What the guard is for: reportlab's markup fetches an <img> source when a name is not escaped."""
    def build_unescaped(name: str) -> None:
        SimpleDocTemplate(io.BytesIO()).build([Paragraph(name, getSampleStyleSheet()["Normal"])])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reportlab.lib.utils, "rlUrlRead", lambda *a, **k: (_ for _ in ()).throw(Fetched(a)))
        patch.setattr(reportlab.lib.utils, "open_for_read", lambda *a, **k: (_ for _ in ()).throw(Fetched(a)))
        with pytest.raises(Exception, match=r"127\.0\.0\.1:9"):  # reportlab wraps the guard's error
            build_unescaped('<img src="http://127.0.0.1:9/x.png"/>')


@pytest.mark.parametrize("name", [*HOSTILE, *UNICODE, *NOT_DRAWN, "W" * 100])
def test_every_pdf_kind_is_built_with_a_hostile_name_shown_as_typed(name, teacher, nothing_fetched):
    classroom = ClassroomFactory(teacher=teacher, name=name[:100])
    student = StudentFactory(classroom=classroom, display_name=name[:60], first_name=name[:50])
    other = StudentFactory(classroom=classroom, display_name="Ben L.")
    match = MatchFactory(classroom=classroom)
    Attempt.objects.bulk_create([Attempt(student=who.user, classroom=classroom, match=match, game="fultiples",
                                         kind="multiply", a=7, b=8, answer=54, correct=False, think_ms=2000, fact_a=7,
                                         fact_b=8, created_at=timezone.now()) for who in (student, other)
                                 for _ in range(6)])
    report = built_snapshot(classroom, "7d")
    assert sorted(row["student"] for row in report.data["needs_help"]["7x8"]) == sorted([name[:60], "Ben L."])
    class_pdf = export_build(export_id=exports.export_report_pdf(owner=teacher, report=report).pk)
    student_pdf = export_build(export_id=exports.export_report_pdf(
        owner=teacher, report=report.parts.get(student=student)).pk)
    cards = export_build(export_id=exports.export_cards_pdf(owner=teacher, classroom=classroom,
                                                            students=[student, other], site_url="http://x/").pk)
    batch = batches.batch_create(teacher=teacher, count=2, level="beginner", name=name[:100])
    batches.batch_generate(batch_id=batch.pk)
    grids = export_build(export_id=exports.export_batch_pdf(owner=teacher, batch=BoardBatch.objects.get(
        pk=batch.pk)).pk)

    texts = {kind: pdf_text(made) for kind, made in
             [("class report", class_pdf), ("student report", student_pdf), ("cards", cards), ("grids", grids)]}
    if name in NOT_DRAWN:
        return  # built without an error is what is asked
    if name.startswith("W" * 100):
        # Cut with an ellipsis to stay on the card beside its QR code, not drawn over the next card.
        assert "W" * 10 + "\u2026" in texts["cards"]
        assert "W" * 60 not in texts["cards"]
        return
    shown = name if FONT != "Helvetica" or name not in UNICODE else None
    if shown is None:
        pytest.skip("DejaVu Sans is not installed: Helvetica draws Western European letters only")
    assert name in texts["class report"]  # the title (class name) and the tables (student names)
    assert texts["class report"].count(name) >= 3
    assert name in texts["student report"]  # the title: the child's name
    assert name in texts["cards"]
    assert texts["cards"].count(name) >= 2  # the child's name and the class's


def test_a_long_needs_help_list_wraps_on_the_page_instead_of_running_off_it(teacher, nothing_fetched):
    classroom = ClassroomFactory(teacher=teacher)
    students = [StudentFactory(classroom=classroom, display_name=f"Student number {i:02d} L.") for i in range(30)]
    match = MatchFactory(classroom=classroom)
    Attempt.objects.bulk_create([Attempt(student=who.user, classroom=classroom, match=match, game="fultiples",
                                         kind="multiply", a=7, b=8, answer=54, correct=False, think_ms=2000, fact_a=7,
                                         fact_b=8, created_at=timezone.now()) for who in students for _ in range(6)])
    report = built_snapshot(classroom, "7d")
    made = export_build(export_id=exports.export_report_pdf(owner=teacher, report=report).pk)
    text = pdf_text(made)
    for who in students:
        assert who.display_name in text
    assert Student.objects.count() == 30
    for page in PdfReader(Path(made.file.path)).pages:
        width, ends = float(page.mediabox.width), []

        def visit(piece, cm, tm, font, size, ends=ends):
            if piece.strip():  # where the piece starts, plus a generous width per character
                x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
                ends.append((x + 0.3 * size * len(piece.strip()), piece))

        page.extract_text(visitor_text=visit)
        assert [piece for end, piece in ends if end > width] == []
