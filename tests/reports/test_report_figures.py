"""Report figures checked against a fixture whose numbers are worked out by hand below."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Attempt, Match, Report, Seat
from games.reports.mistakes import classify
from games.selectors import latest_nightly_snapshot
from games.services.report_snapshots import snapshot_build, snapshot_request
from games.services.reports import my_progress
from tests.factories import StudentFactory, built_snapshot

pytestmark = pytest.mark.django_db


def attempt(student, match, kind, a, b, answer, correct, think_ms, fact, days_ago=1):
    return Attempt(student=student.user, classroom=student.classroom, match=match, game=match.game, kind=kind,
                   a=a, b=b, answer=answer, correct=correct, think_ms=think_ms,
                   fact_a=fact[0] if fact else None, fact_b=fact[1] if fact else None,
                   mistake_type=classify(kind, a, b, answer, correct),
                   created_at=timezone.now() - timedelta(days=days_ago))


@pytest.fixture
def fixture(classroom):
    ana = StudentFactory(classroom=classroom, first_name="Ana", display_name="Ana L.")
    ben = StudentFactory(classroom=classroom, first_name="Ben", display_name="Ben O.")
    start = timezone.now() - timedelta(days=1, minutes=10)
    match = Match.objects.create(classroom=classroom, game="four_in_a_row", players=2, seed=1, status="finished",
                                 started_at=start, finished_at=start + timedelta(minutes=6))
    Seat.objects.create(match=match, index=0, user=ana.user)
    Seat.objects.create(match=match, index=1, user=ben.user)
    fult = Match.objects.create(classroom=classroom, game="fultiples", players=2, seed=2, status="finished",
                                started_at=start, finished_at=start + timedelta(minutes=3))
    Seat.objects.create(match=fult, index=0, user=ana.user)
    left = Match.objects.create(classroom=classroom, game="fultiples", players=2, seed=3, status="finished",
                                started_at=start, finished_at=start + timedelta(minutes=4))
    Seat.objects.create(match=left, index=0, user=None, left_by=ben.user, bot_level="easy")  # Ben left it
    Attempt.objects.bulk_create([
        # Ana, 7 x 8: right (think 2000), wrong 54 (3000), wrong 8 x 7 = 63 neighbour (5000), right (1000)
        attempt(ana, match, "multiply", 7, 8, 56, True, 2000, [7, 8]),
        attempt(ana, match, "multiply", 7, 8, 54, False, 3000, [7, 8]),
        attempt(ana, match, "multiply", 8, 7, 63, False, 5000, [7, 8]),
        attempt(ana, match, "multiply", 7, 8, 56, True, 1000, [7, 8]),
        # Ana, 3 x 4 answered 7: addition (think 4000)
        attempt(ana, match, "multiply", 3, 4, 7, False, 4000, [3, 4]),
        # Ana in Fultiples: 6 then 42 right (fact 6 x 7, think 1500); 8 then 42 wrong (near miss, no fact)
        attempt(ana, fult, "factor_pair", 6, 42, None, True, 1500, [6, 7]),
        attempt(ana, fult, "factor_pair", 8, 42, None, False, 2500, None),
        # Ben, 7 x 8 right twice (think 3000, 4000); an old attempt outside a 7-day period
        attempt(ben, match, "multiply", 8, 7, 56, True, 3000, [7, 8]),
        attempt(ben, match, "multiply", 7, 8, 56, True, 4000, [7, 8]),
        attempt(ben, match, "multiply", 2, 3, 5, False, 9000, [2, 3], days_ago=20),
    ])
    return {"ana": ana, "ben": ben}


def build(classroom, period="30d", game=""):
    report = built_snapshot(classroom, period, game=game)
    assert report.status == "done"
    assert report.done == report.total == 3
    return report


def fact(data, a, b):
    return next(f for f in data["facts"] if (f["a"], f["b"]) == (a, b))


def test_class_grid_counts_both_orders_as_one_fact_with_median_think_time(classroom, fixture):
    data = build(classroom).data
    seven_eight = fact(data, 7, 8)
    # Ana 4 + Ben 2 = 6 attempts, 4 right; think times 1000 2000 3000 3000 4000 5000 -> median 3000
    assert (seven_eight["attempts"], seven_eight["right"], seven_eight["wrong"]) == (6, 4, 2)
    assert seven_eight["accuracy"] == round(4 / 6, 3)
    assert seven_eight["median_think_ms"] == 3000
    assert fact(data, 6, 7)["attempts"] == 1  # a correct factor_pair sits on the grid too
    assert fact(data, 2, 3)["wrong"] == 1
    assert data["grid_size"] == 10


def test_student_report_figures(classroom, fixture):
    report = build(classroom)
    ana = Report.objects.get(parent=report, student=fixture["ana"]).data
    seven_eight = fact(ana, 7, 8)
    # 1000 2000 3000 5000 -> median (2000 + 3000) / 2 = 2500
    assert (seven_eight["attempts"], seven_eight["right"], seven_eight["median_think_ms"]) == (4, 2, 2500)
    assert [(f["a"], f["b"]) for f in ana["most_missed"]] == [(7, 8), (3, 4)]
    mistakes = {(m["kind"], m["mistake_type"]): m["count"] for m in ana["mistakes"]}
    assert mistakes == {("multiply", "near_fact"): 1, ("multiply", "neighbour"): 1, ("multiply", "addition"): 1,
                        ("factor_pair", "near_miss"): 1}
    judgements = {j["kind"]: (j["attempts"], j["right"]) for j in ana["judgements"]}
    assert judgements == {"multiply": (5, 2), "factor_pair": (2, 1)}
    assert ana["totals"] == {"attempts": 7, "right": 3, "accuracy": round(3 / 7, 3), "facts_seen": 3,
                             "facts_mastered": 0}
    assert sum(week["attempts"] for week in ana["by_week"]) == 7


def test_students_who_need_help_and_activity(classroom, fixture):
    data = build(classroom).data
    # Ana: 7 x 8 with 4 attempts at 50 % -> needs help; Ben: 2 attempts -> not enough to judge
    assert data["needs_help"] == {"7x8": [{"student": "Ana L.", "student_id": fixture["ana"].pk, "attempts": 4,
                                           "accuracy": 0.5}]}
    activity = {row["student"]: row for row in data["activity"]}
    assert (activity["Ana L."]["matches"], activity["Ana L."]["minutes"], activity["Ana L."]["attempts"]) == (2, 9.0, 7)
    # Ben also played (and left) a third match: it counts as played, not its minutes.
    assert (activity["Ben O."]["matches"], activity["Ben O."]["minutes"], activity["Ben O."]["attempts"]) == (2, 6.0, 3)


def test_period_and_game_filters(classroom, fixture):
    week = build(classroom, period="7d").data
    assert [(f["a"], f["b"]) for f in week["facts"]] == [(3, 4), (6, 7), (7, 8)]  # Ben's 2 x 3 is 20 days old
    fultiples = build(classroom, game="fultiples").data
    assert [(f["a"], f["b"]) for f in fultiples["facts"]] == [(6, 7)]


def test_the_latest_built_report_is_found_for_the_page(classroom, fixture):
    report = build(classroom)
    assert latest_nightly_snapshot(classroom=classroom, period="30d") == report
    assert latest_nightly_snapshot(classroom=classroom, period="30d", student=fixture["ben"]).parent == report
    assert latest_nightly_snapshot(classroom=classroom, period="7d") is None


def test_my_progress_lists_facts_mastered_and_to_practise(classroom, fixture):
    ana = my_progress(user=fixture["ana"].user)
    assert ana["mastered"] == []
    # 3 x 4 (answered 7 once) is one slip: not a fact to practise, nor to practise next
    assert ana["practise"] == [[7, 8]]
    # why, from how Ana went wrong: 7 x 8 answered 54 (near_fact: 6 x 9) and 63 (neighbour)
    assert [(f["a"], f["b"], f["why"]) for f in ana["next"]] == [
        (7, 8, "You sometimes land on the fact next door. 7 \u00d7 8 is 56."),
    ]
    ben = my_progress(user=fixture["ben"].user)
    assert ben["practise"] == []  # 2 x 3 answered 5 once: one slip


def test_report_api_now_csv_and_pdf_with_no_build(classroom, fixture, settings, tmp_path):
    import csv
    import io

    from pypdf import PdfReader

    from tests.conftest import client_for

    client = client_for(classroom.teacher)
    now = client.get(f"/api/classes/{classroom.pk}/report/?period=30d").json()
    assert now["data"]["needs_help"]["7x8"][0]["student"] == "Ana L."
    assert now["data"]["totals"]["attempts"] == 10
    assert now["snapshot"] is None  # no nightly snapshot yet: nothing to compare with
    assert not Report.objects.exists()  # reading a report stores nothing
    ana = client.get(f"/api/students/{fixture['ana'].pk}/report/").json()
    assert ana["title"] == "Ana L.: multiplication facts (last 30 days, all games)"
    assert ana["data"]["totals"]["attempts"] == 7
    facts = client.get(f"/api/classes/{classroom.pk}/report/facts.csv?period=30d")
    assert facts["Content-Disposition"] == f'attachment; filename="class-{classroom.pk}-30d-facts.csv"'
    rows = list(csv.DictReader(io.StringIO(facts.content.decode())))
    assert {"Fact": "7 x 8", "Tries": "6", "Right": "4", "Right (%)": "66.7",
            "How well known": "Needs practice"}.items() <= rows[-1].items()
    students = client.get(f"/api/classes/{classroom.pk}/report/students.csv").content.decode().splitlines()
    assert students[0] == "Student,Matches,Minutes played,Answers,Right (%)"
    assert students[1].startswith("Ana L.,2,9.0,7,")
    mine = client.get(f"/api/students/{fixture['ana'].pk}/report/facts.csv").content.decode()
    assert "7 x 8,7,8,4,2,2,50.0" in mine
    from games.services.export_build import export_build

    settings.MEDIA_ROOT = str(tmp_path)

    def pdf_of(path):  # asked for, made by the job, downloaded (tests/api/test_exports_api.py)
        export = client.post(path, {"period": "30d"}, format="json").json()
        export_build(export_id=export["id"])
        response = client.get(f"/api/exports/{export['id']}/file/")
        assert response["Content-Type"] == "application/pdf"
        return PdfReader(io.BytesIO(b"".join(response.streaming_content)))

    text = pdf_of(f"/api/classes/{classroom.pk}/report/pdf").pages[0].extract_text()
    assert "Most missed facts" in text
    assert "7 x 8" in text
    assert "Ana L." in pdf_of(f"/api/students/{fixture['ana'].pk}/report/pdf").pages[0].extract_text()
    printed = Report.objects.filter(made_for=Report.MadeFor.PRINT)
    assert printed.count() == 2  # the snapshots the PDFs were printed from, never compared against
    assert client.get(f"/api/classes/{classroom.pk}/report/").json()["snapshot"] is None


def test_a_nightly_snapshot_is_shown_beside_the_figures_of_now(classroom, fixture):
    from tests.conftest import client_for

    built_snapshot(classroom, "30d")
    client = client_for(classroom.teacher)
    now = client.get(f"/api/classes/{classroom.pk}/report/").json()
    assert now["snapshot"]["totals"]["attempts"] == 10
    assert client.get(f"/api/classes/{classroom.pk}/report/?period=7d").json()["snapshot"] is None
    assert client.get(f"/api/students/{fixture['ana'].pk}/report/").json()["snapshot"]["totals"]["attempts"] == 7


def test_a_double_click_on_print_prints_one_snapshot(classroom, fixture, django_capture_on_commit_callbacks):
    from tests.conftest import client_for

    client = client_for(classroom.teacher)
    with django_capture_on_commit_callbacks(execute=False) as jobs:
        first = client.post(f"/api/classes/{classroom.pk}/report/pdf", {"period": "7d"}, format="json")
        second = client.post(f"/api/classes/{classroom.pk}/report/pdf", {"period": "7d"}, format="json")
    assert (first.status_code, second.status_code) == (202, 202)
    assert first.json()["id"] == second.json()["id"]
    assert len(jobs) == 1
    assert Report.objects.filter(made_for=Report.MadeFor.PRINT).count() == 1


@pytest.mark.parametrize("who", ["other_teacher", "student", "anonymous"])
def test_reports_are_only_for_the_classes_teacher(classroom, fixture, other_teacher, who):
    from tests.conftest import client_for

    user = {"other_teacher": other_teacher, "student": fixture["ana"].user, "anonymous": None}[who]
    client = client_for(user)
    expected = {"other_teacher": 404, "student": 403, "anonymous": 401}[who]
    ana = fixture["ana"].pk
    assert client.get(f"/api/classes/{classroom.pk}/report/").status_code == expected
    assert client.get(f"/api/classes/{classroom.pk}/report/facts.csv").status_code == expected
    assert client.get(f"/api/students/{ana}/report/?period=live").status_code == expected
    assert client.post(f"/api/students/{ana}/report/pdf", {}, format="json").status_code == expected


def test_students_read_only_their_own_progress(classroom, fixture):
    from tests.conftest import client_for

    mine = client_for(fixture["ana"].user).get("/api/my/progress/").json()
    assert mine["practise"] == [[7, 8]]  # 3 x 4: one slip
    assert client_for(classroom.teacher).get("/api/my/progress/").status_code == 403


def test_asking_again_while_a_report_builds_returns_the_same_build(classroom, fixture):
    first = snapshot_request(classroom=classroom)
    assert snapshot_request(classroom=classroom) == first
    assert snapshot_request(classroom=classroom, period="7d") != first
    snapshot_build(report_id=first.pk)
    assert snapshot_request(classroom=classroom) != first


@pytest.mark.parametrize("accuracy", [0.0, 0.3, 0.5, 0.7, 0.8, 0.87, 0.9, 0.96, 1.0])
def test_the_pdf_grid_colours_each_band_on_the_one_scale(accuracy):
    from games.reports.heat_scale import bucket_of, scale
    from games.reports.pdf import grid_cell

    text, background, text_colour = grid_cell({"accuracy": accuracy, "attempts": 10})
    bucket = bucket_of(accuracy)
    assert (background, text_colour) == (scale()["colours"][bucket], scale()["text"][bucket])
    assert text.startswith(f"{accuracy:.0%}")


def test_the_pdf_marks_a_fact_not_played_and_has_a_legend_and_no_internal_words(classroom, fixture):
    import io

    from pypdf import PdfReader

    from games.reports.pdf import grid_cell, report_pdf

    assert grid_cell(None)[:2] == ("\u2013", None)  # an en dash
    report = build(classroom)
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(report_pdf(report))).pages)
    assert "Under 50%" in text
    assert "95\u2013100%" in text
    assert "not played" in text
    assert "Factor or multiple" in text
    assert "factor pair" not in text.lower()
    assert "factor_pair" not in text


@pytest.mark.parametrize("name", ["=HYPERLINK(\"http://x\")", "+SUM(1)", "-2+3", "@SUM(1)", "\tTab", "\rCR"])
def test_a_name_that_starts_like_a_formula_is_written_as_text_in_every_csv(classroom, name):
    import csv
    import io

    from games.reports.export import facts_csv, students_csv

    report = {
        "facts": [{"a": 7, "b": 8, "attempts": 2, "right": 1, "wrong": 1, "accuracy": 0.5, "median_think_ms": 1500,
                   "state": "needs_practice"}],
        "activity": [{"student": name, "matches": 1, "minutes": 2.0, "attempts": 2, "accuracy": 0.5}]}
    (row,) = list(csv.reader(io.StringIO(students_csv(report))))[1:]
    assert row[0] == "'" + name
    assert row[1:] == ["1", "2.0", "2", "50.0"]
    assert list(csv.reader(io.StringIO(facts_csv(report))))[1][0] == "7 x 8"
