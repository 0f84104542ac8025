"""The teacher's controls over a whole class: the bell ends every match and lobby, the pause stops
every match's clock (deadlines, computer players, idle seats) and the resume carries on from there."""

import pytest
from rest_framework.test import APIClient

from classroom.errors import ServiceError
from games.engines import get_engine
from games.models import Match, Move
from games.realtime.scheduler import run_due
from games.selectors import match_snapshot
from games.services.class_games import class_games_end, class_games_pause
from games.services.matches import match_against_computer, match_quick, match_replay
from games.services.moves import match_submit_action
from tests.factories import StudentFactory, TeacherFactory

pytestmark = pytest.mark.django_db


def two_player_match(assignment, first, second) -> Match:
    match_quick(user=first.user, assignment_id=assignment.pk)
    return match_quick(user=second.user, assignment_id=assignment.pk)


def mover_of(match: Match) -> int:
    return get_engine(match.game).view(match.state, None)["to_move"][0]


def test_the_bell_ends_every_running_match_and_lobby_of_the_class_and_no_other(make_assignment, pupils, classroom):
    assignment = make_assignment("fultiples")
    running = two_player_match(assignment, pupils[0], pupils[1])
    lobby = match_quick(user=pupils[2].user, assignment_id=assignment.pk)
    computer = match_against_computer(user=pupils[3].user, assignment_id=assignment.pk, bot_level="easy")
    other_class = StudentFactory()
    elsewhere = match_against_computer(user=other_class.user, bot_level="easy",
                                       assignment_id=_assignment_in(other_class.classroom).pk)

    assert class_games_end(classroom=classroom) == 3
    for match in (running, lobby, computer):
        match.refresh_from_db()
        assert match.status == Match.Status.ABORTED
        assert match.result == {"winners": [], "reason": "ended_by_teacher"}
    running_end = Move.objects.get(match=running, version=running.version)
    assert (running_end.source, running_end.events) == (Move.Source.END, [{"type": "ended_by_teacher"}])
    elsewhere.refresh_from_db()
    assert elsewhere.status == Match.Status.ACTIVE
    assert class_games_end(classroom=classroom) == 0  # a second bell changes nothing


def _assignment_in(classroom):
    from games.services.assignments import assignment_create

    return assignment_create(classroom=classroom, game="fultiples")


def test_a_paused_match_keeps_its_time_left_refuses_moves_and_resumes_where_it_was(
        make_assignment, pupils, classroom, fake_clock):
    match = two_player_match(make_assignment("fultiples", options={"time_limit_s": 10}), pupils[0], pupils[1])
    mover = mover_of(match)
    fake_clock.advance(4_000)  # 6 s of the turn left
    assert class_games_pause(classroom=classroom, paused=True) == 1
    match.refresh_from_db()
    assert match.next_due_ms is None
    paused_view = match_snapshot(match_id=match.pk, seat=mover)
    assert paused_view["match"]["paused"] is True

    fake_clock.advance(60_000)  # a long talk: nothing is due, nothing moves
    assert run_due() == 0
    free = next([r, c] for r, row in enumerate(match.state["marks"]) for c, m in enumerate(row) if m is None)
    with pytest.raises(ServiceError) as refused:
        match_submit_action(match_id=match.pk, user=match.seat_list(reload=True)[mover].user,
                            action={"type": "mark", "cell": free})
    assert refused.value.code == "paused"

    assert class_games_pause(classroom=classroom, paused=False) == 1
    match.refresh_from_db()
    assert match.next_due_ms == fake_clock.now + 6_000  # the 6 s left before the pause
    resumed_view = match_snapshot(match_id=match.pk, seat=mover)
    assert resumed_view["match"]["paused"] is False
    assert resumed_view["view"]["deadline_ms"] == fake_clock.now + 6_000  # on the server's clock for the page
    fake_clock.advance(5_999)
    assert run_due() == 0
    fake_clock.advance(1)
    assert run_due() == 1
    match.refresh_from_db()
    assert mover_of(match) == 1 - mover
    assert match_replay(match=match) == match.state
    versions = list(Move.objects.filter(match=match).order_by("version").values_list("version", flat=True))
    assert versions == list(range(1, match.version + 1))


def test_a_computer_player_waits_during_the_pause(make_assignment, pupils, classroom, fake_clock):
    assignment = make_assignment("four_in_a_row", bot_levels=["easy"])
    match = match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="easy")
    if mover_of(match) == 0:  # let the computer be the one to move
        match_submit_action(match_id=match.pk, user=pupils[0].user,
                            action=next(iter(get_engine("four_in_a_row").legal_actions(match.state, 0))))
        match.refresh_from_db()
    version = match.version
    class_games_pause(classroom=classroom, paused=True)
    fake_clock.advance(120_000)
    assert run_due() == 0
    match.refresh_from_db()
    assert match.version == version + 1  # only the pause itself
    class_games_pause(classroom=classroom, paused=False)
    fake_clock.advance(30_000)
    run_due()
    match.refresh_from_db()
    assert match.version > version + 2  # the computer played after the resume


def test_a_match_that_starts_while_the_class_is_paused_starts_paused(make_assignment, pupils, classroom):
    assignment = make_assignment("fultiples")
    class_games_pause(classroom=classroom, paused=True)
    match = two_player_match(assignment, pupils[0], pupils[1])
    assert match.status == Match.Status.ACTIVE
    assert match.paused_at_ms is not None
    class_games_pause(classroom=classroom, paused=False)
    match.refresh_from_db()
    assert match.paused_at_ms is None


@pytest.mark.parametrize("who", ["other_teacher", "student", "anonymous"])
def test_only_the_class_teacher_may_ring_the_bell_or_pause(classroom, pupils, who):
    client = APIClient()
    if who == "other_teacher":
        client.force_authenticate(TeacherFactory())
    elif who == "student":
        client.force_authenticate(pupils[0].user)
    for path, body in (("end-all", {}), ("pause", {"paused": True})):
        response = client.post(f"/api/classes/{classroom.pk}/live/{path}/", body, format="json")
        assert response.status_code == {"other_teacher": 404, "student": 403, "anonymous": 401}[who]
    classroom.refresh_from_db()
    assert classroom.games_paused_at is None


def test_the_class_teacher_rings_the_bell_and_pauses_through_the_api(classroom, pupils, make_assignment):
    two_player_match(make_assignment("fultiples"), pupils[0], pupils[1])
    client = APIClient()
    client.force_authenticate(classroom.teacher)
    assert client.post(f"/api/classes/{classroom.pk}/live/pause/", {"paused": True}, format="json").json() == \
        {"paused": True, "changed": 1}
    assert client.get(f"/api/classes/{classroom.pk}/live/").json()["paused"] is True
    assert client.post(f"/api/classes/{classroom.pk}/live/end-all/").json() == {"ended": 1}
    assert client.post(f"/api/classes/{classroom.pk}/live/pause/", {"paused": "maybe"},
                       format="json").status_code == 400


def test_each_child_sees_the_facts_they_practised_in_an_ended_match(make_assignment, pupils, classroom):
    match = two_player_match(make_assignment("four_in_a_row"), pupils[0], pupils[1])
    engine = get_engine("four_in_a_row")
    for _ in range(4):  # a few legal plays, whoever is to move
        match.refresh_from_db()
        seat = mover_of(match)
        action = next(a for a in engine.legal_actions(match.state, seat) if a["type"] == "play")
        match_submit_action(match_id=match.pk, user=match.seat_list(reload=True)[seat].user, action=action)
    class_games_end(classroom=classroom)
    for pupil in pupils[:2]:
        client = APIClient()
        client.force_authenticate(pupil.user)
        practice = client.get(f"/api/matches/{match.pk}/practice/").json()
        stored = pupil.user.attempts.filter(match=match)
        assert practice["answers"] == stored.count() > 0
        assert practice["right"] == stored.filter(correct=True).count()
        assert sum(f["right"] + f["wrong"] for f in practice["facts"]) == stored.exclude(fact_a=None).count()
        assert all(f["a"] <= f["b"] for f in practice["facts"])
    assert APIClient().get(f"/api/matches/{match.pk}/practice/").status_code == 401
    stranger = APIClient()
    stranger.force_authenticate(pupils[2].user)
    assert stranger.get(f"/api/matches/{match.pk}/practice/").status_code == 404
