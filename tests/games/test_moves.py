"""The one write path: players, bots, timers, idle seats, the teacher; the log replays the state."""

import pytest

from classroom.errors import Forbidden, NotFound, ServiceError
from games.engines import get_engine
from games.models import Attempt, Match, Move
from games.realtime.scheduler import run_due
from games.services.matches import match_against_computer, match_quick, match_replay
from games.services.moves import match_advance, match_end, match_submit_action

pytestmark = pytest.mark.django_db


def two_player_match(make_assignment, pupils, game="fultiples", **kwargs):
    assignment = make_assignment(game, **kwargs)
    match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    return match_quick(user=pupils[1].user, assignment_id=assignment.pk)


def seat_user(match, index):
    return match.seat_list(reload=True)[index].user


def first_mover(match):
    return get_engine(match.game).view(match.state, None)["to_move"][0]


def related_cell(state, wrong=False):
    """A cell whose number is (or, with wrong=True, is not) a factor or multiple of the last mark."""
    view = get_engine("fultiples").view(state, None)
    last, board, marks = view["last"], view["board"], view["marks"]
    previous = board[last[0]][last[1]]
    for r, row in enumerate(board):
        for c, value in enumerate(row):
            if marks[r][c] is None and ((previous % value == 0 or value % previous == 0) != wrong):
                return [r, c]
    raise AssertionError("no such cell")


def cell_with_an_unrelated_cell(state):
    """An opening cell that leaves a wrong answer possible (a 1 on the grid divides everything)."""
    board = get_engine("fultiples").view(state, None)["board"]
    values = [value for row in board for value in row]
    for r, row in enumerate(board):
        for c, value in enumerate(row):
            if any(value % other and other % value for other in values):
                return [r, c]
    raise AssertionError("every number on this grid divides or is divided by every other")


def test_an_action_is_one_version_one_move_and_the_students_attempts(make_assignment, pupils, fake_clock):
    match = two_player_match(make_assignment, pupils)
    mover = first_mover(match)
    start = match.version  # a quick match: the lobby's join and start came first
    fake_clock.advance(1000)
    accepted = match_submit_action(match_id=match.pk, user=seat_user(match, mover),
                                   action={"type": "mark", "cell": cell_with_an_unrelated_cell(match.state)},
                                   client_id="c-1")
    assert accepted.version == start + 1
    match.refresh_from_db()
    other = 1 - mover
    fake_clock.advance(2000)
    cell = related_cell(match.state, wrong=True)
    match_submit_action(match_id=match.pk, user=seat_user(match, other), action={"type": "mark", "cell": cell})
    match.refresh_from_db()
    assert match.version == start + 2
    assert list(Move.objects.filter(match=match, source=Move.Source.PLAYER).values_list("version", "seat")) == [
        (start + 1, mover), (start + 2, other)]
    (attempt,) = Attempt.objects.filter(match=match)
    assert attempt.student_id == seat_user(match, other).pk
    assert attempt.correct is False
    assert attempt.think_ms == 2000
    assert attempt.kind == "factor_pair"


def test_a_repeated_client_id_is_answered_not_applied_twice(make_assignment, pupils, fake_clock):
    match = two_player_match(make_assignment, pupils)
    user = seat_user(match, first_mover(match))
    first = match_submit_action(match_id=match.pk, user=user, action={"type": "mark", "cell": [0, 0]},
                                client_id="same")
    again = match_submit_action(match_id=match.pk, user=user, action={"type": "mark", "cell": [0, 0]},
                                client_id="same")
    assert (first.version, first.duplicate) == (match.version + 1, False)
    assert (again.version, again.duplicate) == (match.version + 1, True)
    assert Move.objects.filter(match=match, source=Move.Source.PLAYER).count() == 1


def test_out_of_turn_and_strangers_are_refused_and_change_nothing(make_assignment, pupils, fake_clock):
    match = two_player_match(make_assignment, pupils)
    start = match.version
    waiting = seat_user(match, 1 - first_mover(match))
    with pytest.raises(ServiceError) as refusal:
        match_submit_action(match_id=match.pk, user=waiting, action={"type": "mark", "cell": [0, 0]})
    assert refusal.value.code == "not_your_turn"
    with pytest.raises(NotFound):  # a stranger learns nothing about the match, as on every match endpoint
        match_submit_action(match_id=match.pk, user=pupils[2].user, action={"type": "mark", "cell": [0, 0]})
    match.refresh_from_db()
    assert match.version == start
    assert not Move.objects.filter(version__gt=start).exists()


def test_a_turn_deadline_fires_with_nobody_acting_and_never_twice(make_assignment, pupils, fake_clock):
    match = two_player_match(make_assignment, pupils, options={"time_limit_s": 10})
    start = match.version
    mover = first_mover(match)
    assert match.next_due_ms == fake_clock.now + 10_000
    fake_clock.advance(9_999)
    assert run_due() == 0
    fake_clock.advance(1)
    assert run_due() == 1
    assert run_due() == 0
    match.refresh_from_db()
    assert match.version == start + 1
    assert Move.objects.get(match=match, version=start + 1).source == Move.Source.TIMER
    assert first_mover(match) == 1 - mover


def test_a_computer_player_moves_when_its_delay_is_up(make_assignment, pupils, fake_clock):
    assignment = make_assignment("fultiples", bot_levels=["hard"])
    match = match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="hard")
    if first_mover(match) == 0:
        match_submit_action(match_id=match.pk, user=pupils[0].user, action={"type": "mark", "cell": [0, 0]})
        match.refresh_from_db()
    due = match.next_due_ms
    fake_clock.now = due - 1
    assert match_advance(match_id=match.pk) == 0
    fake_clock.now = due
    assert match_advance(match_id=match.pk) == 1
    match.refresh_from_db()
    assert Move.objects.filter(match=match, source=Move.Source.BOT).count() == 1
    assert first_mover(match) == 0


def test_computer_players_attempts_are_nobodys(make_assignment, pupils, fake_clock):
    assignment = make_assignment("multiplin", players_per_match=2, bot_levels=["easy"])
    match = match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="easy")
    for _ in range(200):
        fake_clock.advance(1000)
        run_due()
    assert Move.objects.filter(match=match, source=Move.Source.BOT).exists()
    assert not Attempt.objects.filter(match=match).exclude(student=pupils[0].user).exists()


def test_replaying_the_log_reproduces_the_state(make_assignment, pupils, fake_clock):
    assignment = make_assignment("four_in_a_row", bot_levels=["easy"], options={"time_limit_s": 5})
    match = match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="easy")
    for _ in range(120):  # the student never acts: timeouts and the bot play on
        fake_clock.advance(1500)
        run_due()
    match.refresh_from_db()
    assert match.version > 20
    assert match_replay(match=match) == match.state


def test_an_idle_student_is_taken_over_and_takes_the_seat_back(make_assignment, pupils, fake_clock):
    match = two_player_match(make_assignment, pupils, idle_takeover_s=60)
    mover = first_mover(match)
    fake_clock.advance(60_000)
    run_due()
    seat = match.seat_list(reload=True)[mover]
    assert seat.taken_over is True
    for _ in range(5):
        fake_clock.advance(3000)
        run_due()
    match.refresh_from_db()
    assert Move.objects.filter(match=match, source=Move.Source.BOT, seat=mover).exists()
    # The child sees it: the seat counts the stand-in's moves, and each says so in the move log.
    stood_in = Move.objects.filter(match=match, source=Move.Source.BOT, seat=mover)
    assert all({"type": "stand_in_played", "seat": mover} in move.events for move in stood_in)
    assert match.seat_list(reload=True)[mover].stand_in_moves == stood_in.count()
    from games.match_views import match_meta

    assert match_meta(match)["seats"][mover]["stand_in_moves"] == stood_in.count()
    assert not Attempt.objects.filter(student=seat.user).exists()  # the stand-in's attempts are not the child's
    from games.services.moves import seat_take_back

    seat_take_back(match_id=match.pk, user=seat.user)
    assert match.seat_list(reload=True)[mover].taken_over is False


def test_no_stand_in_plays_for_a_child_in_a_match_against_the_computer(make_assignment, pupils, fake_clock):
    assignment = make_assignment("fultiples", idle_takeover_s=60, bots_allowed=True, bot_levels=["easy"])
    match = match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="easy")
    for _ in range(40):  # long past the idle limit, whoever is to move
        fake_clock.advance(3000)
        run_due()
    match.refresh_from_db()
    assert match.seat_list(reload=True)[0].taken_over is False
    assert not Move.objects.filter(match=match, seat=0, source__in=[Move.Source.BOT, Move.Source.SEAT]).exists()


def test_the_teacher_ends_a_match(make_assignment, pupils, fake_clock, classroom):
    match = two_player_match(make_assignment, pupils)
    with pytest.raises(Forbidden):
        match_end(match_id=match.pk, user=pupils[0].user)
    ended = match_end(match_id=match.pk, user=classroom.teacher)
    assert ended.status == Match.Status.ABORTED
    assert ended.result["reason"] == "ended_by_teacher"
    with pytest.raises(ServiceError) as refusal:
        match_submit_action(match_id=match.pk, user=pupils[0].user, action={"type": "mark", "cell": [0, 0]})
    assert refusal.value.code == "game_over"


def test_a_finished_match_records_its_result(make_assignment, pupils, fake_clock):
    assignment = make_assignment("stepping_divisors", bot_levels=["easy"], options={"size": 3, "random_fill": True})
    match = match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="easy")
    engine = get_engine("stepping_divisors")
    for _ in range(300):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        if 0 in engine.view(match.state, 0)["to_move"]:
            action = engine.legal_actions(match.state, 0)[0]
            match_submit_action(match_id=match.pk, user=pupils[0].user, action=action)
        else:
            fake_clock.advance(3000)
            run_due()
    assert match.status == Match.Status.FINISHED
    assert match.result["winners"]
    assert match.finished_at is not None
    assert match.next_due_ms is None


def test_another_players_client_id_is_not_answered_as_a_duplicate(make_assignment, pupils, fake_clock):
    match = two_player_match(make_assignment, pupils)
    mover = first_mover(match)
    match_submit_action(match_id=match.pk, user=seat_user(match, mover), action={"type": "mark", "cell": [0, 0]},
                        client_id="shared")
    with pytest.raises(NotFound):
        match_submit_action(match_id=match.pk, user=pupils[2].user, action={"type": "mark", "cell": [0, 0]},
                            client_id="shared")


def test_a_wrong_multiplin_try_is_stored_against_the_product_cards_fact_not_the_cards_played(
        make_assignment, pupils, fake_clock):
    """The issue's example: 4 dropped on 4 for the product card 63 is a miss of 7 x 9, not of 4 x 4."""
    match = two_player_match(make_assignment, pupils, game="multiplin")
    state = match.state
    state["hands"][0][0], state["table"][0], state["product"] = 4, 4, 63
    Match.objects.filter(pk=match.pk).update(state=state)
    fake_clock.advance(1000)
    match_submit_action(match_id=match.pk, user=seat_user(match, 0),
                        action={"type": "solve", "round": state["round"], "hand": 0, "table": 0})
    stored = Attempt.objects.get(match=match)
    assert (stored.a, stored.b, stored.answer, stored.correct) == (4, 4, 63, False)
    assert (stored.fact_a, stored.fact_b) == (7, 9)
