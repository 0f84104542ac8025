"""A report as of now: every period reads the attempts when the page asks, so an answer shows at the next read
with nothing to build; "live" is the last two hours of a lesson; only the class's teacher reads it."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Attempt, Match
from games.reports.mistakes import classify
from games.services.tallies import tally_add
from tests.conftest import client_for
from tests.factories import StudentFactory, TeacherFactory

pytestmark = pytest.mark.django_db


def answer(student, match, a, b, given, *, minutes_ago=0):
    correct = a * b == given
    attempt = Attempt.objects.create(
        student=student.user, classroom=student.classroom, match=match, game=match.game, kind="multiply", a=a,
        b=b, answer=given, correct=correct, think_ms=2000, fact_a=min(a, b), fact_b=max(a, b),
        mistake_type=classify("multiply", a, b, given, correct),
        created_at=timezone.now() - timedelta(minutes=minutes_ago))
    tally_add([{name: getattr(attempt, name) for name in ("classroom_id", "created_at", "game", "fact_a", "fact_b",
                                                          "correct")}])  # as the move that writes an attempt does
    return attempt


def fact(data, a, b):
    return next((f for f in data["facts"] if (f["a"], f["b"]) == (a, b)), None)


def test_live_shows_an_answer_at_the_next_read_and_only_the_last_two_hours_count(classroom):
    ana = StudentFactory(classroom=classroom, display_name="Ana L.")
    match = Match.objects.create(classroom=classroom, game="multiplin", players=2, seed=1, status="active")
    answer(ana, match, 7, 8, 56, minutes_ago=150)  # before the lesson
    teacher = client_for(classroom.teacher)
    before = teacher.get(f"/api/classes/{classroom.pk}/report/?period=live").json()
    assert before["period"] == "live"
    assert fact(before["data"], 7, 8) is None

    answer(ana, match, 7, 8, 48)  # a neighbouring product, just now
    after = teacher.get(f"/api/classes/{classroom.pk}/report/?period=live").json()
    assert fact(after["data"], 7, 8)["wrong"] == 1
    assert fact(after["data"], 7, 8)["attempts"] == 1
    assert [row["student"] for row in after["data"]["activity"]] == ["Ana L."]
    student_view = teacher.get(f"/api/students/{ana.pk}/report/?period=live").json()
    assert fact(student_view["data"], 7, 8)["wrong"] == 1
    assert student_view["title"] == "Ana L.: multiplication facts (the last two hours, all games)"
    one_game = teacher.get(f"/api/students/{ana.pk}/report/?period=live&game=four_in_a_row").json()
    assert one_game["title"] == "Ana L.: multiplication facts (the last two hours, Four-in-a-Row Multiplication)"


@pytest.mark.parametrize("period", ["7d", "30d", "all"])
def test_every_period_includes_the_answer_given_a_moment_ago(classroom, period):
    ana = StudentFactory(classroom=classroom, display_name="Ana L.")
    match = Match.objects.create(classroom=classroom, game="multiplin", players=2, seed=1, status="active")
    teacher = client_for(classroom.teacher)
    before = teacher.get(f"/api/classes/{classroom.pk}/report/?period={period}").json()
    assert before["data"]["totals"]["attempts"] == 0
    answer(ana, match, 6, 7, 42)
    after = teacher.get(f"/api/classes/{classroom.pk}/report/?period={period}").json()
    assert after["period"] == period
    assert fact(after["data"], 6, 7)["right"] == 1
    assert after["data"]["totals"] == {"attempts": 1, "right": 1, "accuracy": 1.0, "facts_seen": 1,
                                       "facts_mastered": 0}


def test_a_new_class_has_a_report_at_once(classroom):
    response = client_for(classroom.teacher).get(f"/api/classes/{classroom.pk}/report/")
    assert response.status_code == 200  # not a 404 "no report yet"
    assert response.json()["data"]["facts"] == []


@pytest.mark.parametrize("who", ["other_teacher", "student", "anonymous"])
def test_only_the_class_teacher_reads_the_live_view(classroom, who):
    ana = StudentFactory(classroom=classroom)
    user = {"other_teacher": TeacherFactory(), "student": ana.user, "anonymous": None}[who]
    client = client_for(user)
    expected = {"other_teacher": 404, "student": 403, "anonymous": 401}[who]
    assert client.get(f"/api/classes/{classroom.pk}/report/?period=live").status_code == expected
    assert client.get(f"/api/students/{ana.pk}/report/?period=live").status_code == expected


@pytest.mark.parametrize(("query", "field", "message"), [
    ("game=chess", "game", ["Choose one of the four games, or all."]),
    ("period=1y", "period", ["Choose live, 7d, 30d or all."]),
])
def test_unknown_filters_are_a_clear_refusal(classroom, query, field, message):
    client = client_for(classroom.teacher)
    for path in ("report/", "report/facts.csv"):
        response = client.get(f"/api/classes/{classroom.pk}/{path}?{query}")
        assert response.status_code == 400
        assert response.json()["error"]["fields"][field] == message
