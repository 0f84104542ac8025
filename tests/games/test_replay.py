"""Watching a finished match again, step by step: the teacher sees every seat; a student sees each
step only as their own seat saw it then (never another seat's hand, the deck, or their actions)."""

import json

import pytest

from games.engines import get_engine
from games.models import Match
from games.realtime.scheduler import run_due
from games.selectors import match_snapshot
from games.services.class_games import class_games_end
from games.services.matches import match_against_computer, match_quick
from games.services.moves import match_submit_action
from tests.conftest import client_for
from tests.factories import StudentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(make_assignment, pupils, classroom, fake_clock):
    """Ana against the easy computer at Four-in-a-Row, a few turns each, then the teacher's bell."""
    assignment = make_assignment("four_in_a_row", bot_levels=["easy"])
    match = match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="easy")
    engine = get_engine("four_in_a_row")
    for _ in range(6):
        match.refresh_from_db()
        if 0 in engine.to_move(match.state):
            action = next(iter(engine.legal_actions(match.state, 0)))
            match_submit_action(match_id=match.pk, user=pupils[0].user, action=action)
        fake_clock.advance(5_000)
        run_due()
    class_games_end(classroom=classroom)
    match.refresh_from_db()
    assert match.version >= 4
    return match


def test_a_student_replays_their_match_as_their_seat_saw_it_and_nothing_more(played, pupils):
    replay = client_for(pupils[0].user).get(f"/api/matches/{played.pk}/replay/").json()
    engine = get_engine("four_in_a_row")
    assert replay["seat"] == 0
    assert [step["version"] for step in replay["steps"]] == list(range(played.version + 1))
    for step in replay["steps"]:
        assert set(step["views"]) == {"0"}
        assert set(step["events"]) == {"0"}
        assert "action" not in step
        assert step["views"]["0"]["hand_sizes"][1] >= 0  # the computer's hand: a count, never its cards
    # The last step is the match as the child's page shows it now: ended by the teacher.
    shown_now = match_snapshot(match_id=played.pk, seat=0)["view"]
    assert replay["steps"][-1]["views"]["0"] == json.loads(json.dumps(shown_now))
    assert replay["steps"][-2]["views"]["0"] == json.loads(json.dumps(engine.view(played.state, 0)))
    words = json.dumps(replay)
    assert '"deck"' not in words
    assert '"hands"' not in words


def test_the_teacher_replays_every_seat_with_the_actions(played, classroom):
    replay = client_for(classroom.teacher).get(f"/api/matches/{played.pk}/replay/").json()
    assert replay["seat"] is None
    assert all(set(step["views"]) == {"0", "1", "spectator"} for step in replay["steps"])
    assert any(step["action"] for step in replay["steps"][1:])
    assert replay["steps"][-1]["events"]["spectator"] == [{"type": "ended_by_teacher"}]


def test_strangers_get_nothing_and_a_running_match_cannot_be_replayed(played, make_assignment, pupils, classroom):
    stranger = StudentFactory()
    assert client_for(stranger.user).get(f"/api/matches/{played.pk}/replay/").status_code == 404
    assert client_for(pupils[1].user).get(f"/api/matches/{played.pk}/replay/").status_code == 404  # a classmate
    assert client_for(None).get(f"/api/matches/{played.pk}/replay/").status_code in (401, 403)
    running = make_assignment("fultiples")
    match_quick(user=pupils[2].user, assignment_id=running.pk)
    live = match_quick(user=pupils[3].user, assignment_id=running.pk)
    refused = client_for(pupils[2].user).get(f"/api/matches/{live.pk}/replay/")
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "not_finished"
    assert Match.objects.filter(pk=live.pk, status="active").exists()


def test_the_live_view_lists_matches_finished_in_the_last_two_hours_to_watch_again(played, classroom):
    live = client_for(classroom.teacher).get(f"/api/classes/{classroom.pk}/live/").json()
    assert [match["id"] for match in live["finished"]] == [played.pk]
    assert live["finished"][0]["result"]["reason"] == "ended_by_teacher"


def test_a_mistake_in_a_students_report_opens_the_replay_at_that_move(make_assignment, pupils, classroom,
                                                                       fake_clock):
    from datetime import timedelta

    from django.utils import timezone

    from games.models import Attempt, Move
    from games.reports.build import student_report
    from games.reports.queries import Scope

    match = match_quick(user=pupils[0].user, assignment_id=make_assignment("multiplin").pk)
    match = match_quick(user=pupils[1].user, assignment_id=match.assignment_id)
    state = match.state
    state["hands"][0][0], state["table"][0], state["product"] = 4, 4, 63
    Match.objects.filter(pk=match.pk).update(state=state)
    fake_clock.advance(1000)
    match_submit_action(match_id=match.pk, user=pupils[0].user,
                        action={"type": "solve", "round": state["round"], "hand": 0, "table": 0})
    wrong = Attempt.objects.get(match=match, correct=False)
    assert Move.objects.get(match=match, version=wrong.version).seat == 0
    scope = Scope(classroom_id=classroom.pk, start=None, end=timezone.now() + timedelta(seconds=1),
                  student_user_id=pupils[0].user_id)
    (mistake,) = student_report(scope)["recent_mistakes"]
    assert (mistake["a"], mistake["b"], mistake["answer"]) == (4, 4, 63)
    assert (mistake["match_id"], mistake["version"]) == (match.pk, wrong.version)
    class_games_end(classroom=classroom)
    replay = client_for(classroom.teacher).get(f"/api/matches/{match.pk}/replay/").json()
    at = replay["steps"][mistake["version"]]
    assert at["events"]["spectator"][0]["type"] == "mistake"
    # What was answered, for the replay's words ("Ana answered 63 for 4 x 4. The right answer is 16.")
    assert at["wrong"] == [{"kind": "multiply", "a": 4, "b": 4, "answer": 63}]
    assert all("wrong" not in step for step in replay["steps"] if step is not at)
    # The child who answered sees it in their replay; the other child does not (it would show Ana's card).
    mine = client_for(pupils[0].user).get(f"/api/matches/{match.pk}/replay/").json()
    assert mine["steps"][mistake["version"]]["wrong"] == at["wrong"]
    theirs = client_for(pupils[1].user).get(f"/api/matches/{match.pk}/replay/").json()
    assert all("wrong" not in step for step in theirs["steps"])


def test_the_live_views_finished_list_names_a_child_who_left_not_the_computer_that_played_on(
        make_assignment, pupils, classroom, fake_clock):
    from games.services.matches import match_leave

    assignment = make_assignment("four_in_a_row", bot_levels=["easy"])
    match = match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    match = match_quick(user=pupils[1].user, assignment_id=assignment.pk)
    match_leave(user=pupils[0].user, match_id=match.pk)
    class_games_end(classroom=classroom)
    live = client_for(classroom.teacher).get(f"/api/classes/{classroom.pk}/live/").json()
    names = [seat["name"] for seat in live["finished"][0]["seats"]]
    assert f"{pupils[0].user.name} (left)" in names
    assert pupils[1].user.name in names
