"""Focus on each child's weakest facts, end to end through the services (issue 14): refused at save
with words naming what and why; resolved at match start from the reports' data (a fair mix for two
children); each child meets their own facts more often; the reports show before and since."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from classroom.errors import ServiceError
from games.bots import get_bot
from games.engines import get_engine
from games.models import Attempt, BoardBatch, FocusFact, Match
from games.reports.mistakes import classify
from games.services.assignments import assignment_create, assignment_update
from games.services.focus import fair_mix, weakest_facts
from games.services.matches import match_against_computer, match_quick, match_replay
from games.services.reports import my_progress, report_now
from tests.conftest import client_for
from tests.factories import built_snapshot

pytestmark = pytest.mark.django_db
WEAKEST = {"focus": {"mode": "weakest"}}


def answer(student, a, b, given, *, days_ago=0, think_ms=3000, match=None):
    match = match or Match.objects.create(classroom=student.classroom, game="multiplin", players=2, seed=1,
                                          status="finished")
    correct = a * b == given
    return Attempt.objects.create(
        student=student.user, classroom=student.classroom, match=match, game=match.game, kind="multiply", a=a, b=b,
        answer=given, correct=correct, think_ms=think_ms, fact_a=min(a, b), fact_b=max(a, b),
        mistake_type=classify("multiply", a, b, given, correct), created_at=timezone.now() - timedelta(days=days_ago))


def shaky(student, *facts, days_ago=3):
    """The child got each fact wrong twice and right once: "needs practice"."""
    for a, b in facts:
        answer(student, a, b, a * b + 1, days_ago=days_ago)
        answer(student, a, b, a * b - 1, days_ago=days_ago)
        answer(student, a, b, a * b, days_ago=days_ago)


# --- refused at save --------------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "options", "words"), [
    ("four_in_a_row", {"focus": {"mode": "facts", "facts": [[7, 11]]}}, "7 \N{MULTIPLICATION SIGN} 11"),
    ("four_in_a_row", {"focus": {"mode": "facts", "facts": []}}, "empty"),
    ("fultiples", {"level": "intermediate", "focus": {"mode": "facts", "tables": [5]}}, "5s table"),
    ("stepping_divisors", {"focus": {"mode": "weakest"}}, "Fill the grid automatically"),
    ("multiplin", {"focus": {"mode": "often"}}, "none, weakest"),
])
def test_a_focus_the_game_cannot_deal_is_refused_at_save_under_its_field(make_assignment, game, options, words):
    with pytest.raises(ServiceError) as refused:
        make_assignment(game, options=options)
    assert words in refused.value.message
    assert words in refused.value.fields["options.focus"][0]


def test_a_focus_is_refused_with_a_grid_batch_and_on_update(make_assignment, classroom):
    batch = BoardBatch.objects.create(teacher=classroom.teacher, primes=[2, 3, 5], scale_max=12, max_value=50, seed=1,
                                      total=1, done=1, status=BoardBatch.Status.DONE)
    with pytest.raises(ServiceError) as refused:
        assignment_create(classroom=classroom, game="fultiples", options=WEAKEST, batch=batch)
    assert "grid batch" in refused.value.fields["options.focus"][0]
    assignment = make_assignment("four_in_a_row", options=WEAKEST)
    with pytest.raises(ServiceError):
        assignment_update(assignment=assignment, options={"focus": {"mode": "facts", "tables": [11]}})


def test_the_api_answers_a_bad_focus_with_a_400_naming_the_field(classroom):
    response = client_for(classroom.teacher).post(f"/api/classes/{classroom.pk}/assignments/", {
        "game": "four_in_a_row", "options": {"focus": {"mode": "facts", "facts": [[2, 12]]}},
    }, format="json")
    assert response.status_code == 400
    body = response.json()["error"]
    assert "2 \N{MULTIPLICATION SIGN} 12 cannot come up" in body["message"]
    assert "options.focus" in body["fields"]


# --- resolved at match start ---------------------------------------------------------------------------

def test_weakest_facts_follow_the_reports_ranking_and_the_games_range(pupils):
    ana = pupils[0]
    shaky(ana, (7, 8), (6, 12))
    answer(ana, 3, 4, 13, days_ago=2)  # wrong twice: 0 of 2, weaker still
    answer(ana, 3, 4, 11, days_ago=2)
    answer(ana, 2, 9, 19, days_ago=2)  # wrong once: one slip is not one of the weakest
    answer(ana, 1, 7, 8, days_ago=2)  # x1 facts never
    answer(ana, 1, 7, 6, days_ago=2)
    assert weakest_facts(student=ana) == [(3, 4), (6, 12), (7, 8)]
    fits = get_engine("four_in_a_row").focus_range({}).fits
    assert weakest_facts(student=ana, fits=fits) == [(3, 4), (7, 8)]


def test_a_fair_mix_takes_each_childs_facts_in_turns():
    assert fair_mix([[(7, 8), (6, 7), (2, 9)], [(3, 4)], [(6, 7), (5, 5)]], limit=5) == [
        (7, 8), (3, 4), (6, 7), (5, 5), (2, 9)]


def test_two_children_get_a_fair_mix_of_their_own_weakest_facts(make_assignment, pupils, fake_clock):
    ana, ben = pupils[:2]
    shaky(ana, (7, 8), (6, 7), (8, 9), (4, 7))
    shaky(ben, (3, 6))
    assignment = make_assignment("multiplin", options=WEAKEST)
    match_quick(user=ana.user, assignment_id=assignment.pk)
    match = match_quick(user=ben.user, assignment_id=assignment.pk)
    stored = Match.objects.get(pk=match.pk)
    facts = stored.options["focus"]["facts"]
    assert stored.options["focus"]["mode"] == "weakest"
    assert [3, 6] in facts
    assert len(facts) == 5  # Ana's four and Ben's one: nobody crowded out
    assert set(FocusFact.objects.filter(student=ben).values_list("a", "b")) == {(3, 6)}
    assert len(FocusFact.objects.filter(student=ana)) == 4
    # the engine dealt with them, and the replay deals the same from the stored options
    assert match_replay(match=stored) == stored.state
    plain = get_engine("multiplin").setup(players=2, options={}, seed=stored.seed)
    products = {a * b for a, b in facts}

    def focus_cards(state):
        return sum(card in products for card in [state["product"], *state["product_deck"]])

    assert focus_cards(stored.state) >= 2 * focus_cards(plain)


def test_a_child_with_no_answers_yet_plays_an_unweighted_game(make_assignment, pupils, fake_clock):
    assignment = make_assignment("four_in_a_row", options=WEAKEST)
    match = match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="easy")
    stored = Match.objects.get(pk=match.pk)
    assert stored.options["focus"] == {"mode": "weakest", "facts": []}
    plain = get_engine("four_in_a_row").setup(players=2, options={}, seed=stored.seed, now_ms=stored.start_ms)
    assert stored.state == plain
    assert not FocusFact.objects.exists()


def test_the_teachers_facts_are_recorded_for_each_child_from_their_first_focused_match(
        make_assignment, pupils, fake_clock):
    assignment = make_assignment("four_in_a_row", options={"focus": {"mode": "facts", "tables": [7]}})
    match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="easy")
    rows = FocusFact.objects.filter(student=pupils[0])
    assert sorted((row.a, row.b) for row in rows) == [(2, 7), (3, 7), (4, 7), (5, 7), (6, 7), (7, 7), (7, 8), (7, 9)]


def test_each_child_meets_their_own_facts_more_often(make_assignment, pupils, fake_clock):
    """Done when: two children play "each child's weakest facts" and meet their own facts more often.
    The dealt games are played out by computer players for the children, with and without the focus."""
    from games.bots.arena import play_game

    ana, ben = pupils[:2]
    shaky(ana, (7, 8))
    shaky(ben, (6, 9))
    assignment = make_assignment("multiplin", options=WEAKEST)
    own = {ana.user_id: (7, 8), ben.user_id: (6, 9)}
    focused = {0: 0, 1: 0}
    plain = {0: 0, 1: 0}
    for _ in range(20):
        match_quick(user=ana.user, assignment_id=assignment.pk)
        match = Match.objects.get(pk=match_quick(user=ben.user, assignment_id=assignment.pk).pk)
        seats = {seat.index: own[seat.user_id] for seat in match.seats.all()}
        bots = [get_bot("multiplin", "hard") for _ in range(2)]
        for options, counts in ((match.options, focused), ({}, plain)):
            result = play_game("multiplin", bots, seed=match.seed, options=options)
            for item in result.attempts:
                if tuple(item["fact"] or ()) == seats[item["seat"]]:
                    counts[item["seat"]] += 1
        Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    for seat in (0, 1):
        assert focused[seat] >= 2 * max(1, plain[seat]), (focused, plain)


# --- shown: progress page and reports ----------------------------------------------------------------

def test_the_progress_page_shows_the_facts_being_focused_on(make_assignment, pupils):
    ana = pupils[0]
    shaky(ana, (7, 8), (11, 12))
    make_assignment("four_in_a_row", options=WEAKEST, title="Cards")
    make_assignment("multiplin", title="No focus")
    progress = my_progress(user=ana.user)
    assert progress["focus"] == [{"assignment_id": progress["focus"][0]["assignment_id"], "title": "Cards",
                                  "game": "four_in_a_row", "mode": "weakest", "facts": [[7, 8]]}]


def test_the_report_shows_accuracy_and_think_time_before_and_since(make_assignment, pupils, classroom, fake_clock):
    ana, ben = pupils[:2]
    answer(ana, 7, 8, 54, days_ago=5, think_ms=9000)
    answer(ana, 7, 8, 56, days_ago=5, think_ms=7000)
    answer(ana, 7, 8, 48, days_ago=4, think_ms=8000)
    assignment = make_assignment("four_in_a_row", options=WEAKEST, title="<b>Focus</b>")
    match_against_computer(user=ana.user, assignment_id=assignment.pk, bot_level="easy")
    assert FocusFact.objects.get(student=ana).since > timezone.now() - timedelta(minutes=1)
    answer(ana, 7, 8, 56, think_ms=3000)
    answer(ana, 8, 7, 56, think_ms=2000)
    answer(ben, 7, 8, 50)  # Ben has no focus: not in the rows
    data = report_now(classroom=classroom, period="live")["data"]
    [entry] = data["focus"]
    assert entry["title"] == "<b>Focus</b>"  # escaped where it is written (React), stored as typed
    assert entry["mode"] == "weakest"
    [row] = entry["rows"]
    assert (row["student"], row["a"], row["b"]) == (ana.display_name, 7, 8)
    assert row["before"] == {"attempts": 3, "right": 1, "accuracy": 0.333, "think_ms": 8000}
    assert row["after"] == {"attempts": 2, "right": 2, "accuracy": 1.0, "think_ms": 2500}
    assert entry["before"]["attempts"] == 3
    assert entry["after"]["accuracy"] == 1.0
    student_view = report_now(classroom=classroom, student=ana, period="live")["data"]
    assert student_view["focus"][0]["rows"] == [row]
    assert report_now(classroom=classroom, student=ben, period="live")["data"]["focus"] == []


# --- a child's data: exported, and anonymised when the child is removed ---------------------------------

def test_a_childs_focus_facts_are_exported_and_their_report_rows_anonymised_when_removed(
        make_assignment, pupils, classroom, fake_clock):
    from games.models import Report
    from games.services.student_data import student_export

    ana, ben = pupils[:2]
    shaky(ana, (7, 8))
    shaky(ben, (6, 9))
    assignment = make_assignment("multiplin", options=WEAKEST)
    match_quick(user=ana.user, assignment_id=assignment.pk)
    match_quick(user=ben.user, assignment_id=assignment.pk)
    report = built_snapshot(classroom, "7d")
    exported = student_export(student=ana)
    assert [(f["a"], f["b"]) for f in exported["focus_facts"]] == [(7, 8)]
    (rows,) = exported["class_report_rows"]
    assert [(row["student"], row["a"], row["b"]) for row in rows["focus"]] == [(ana.display_name, 7, 8)]

    ana.user.delete()
    data = Report.objects.get(pk=report.pk).data
    students = [(row["student_id"], row["student"]) for row in data["focus"][0]["rows"]]
    assert (None, "A removed student") in students
    assert ana.display_name not in str(data["focus"])
    assert (ben.pk, ben.display_name) in students
    assert not FocusFact.objects.filter(student_id=ana.pk).exists()
