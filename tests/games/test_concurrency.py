"""Four Multiplin players answering at the same instant, from four threads, on PostgreSQL."""

import threading

import pytest
from django.db import connection

from classroom.errors import ServiceError
from games.engines import get_engine
from games.models import Match, Move
from games.realtime.scheduler import run_due
from games.services.assignments import assignment_create
from games.services.matches import match_quick
from games.services.moves import match_submit_action
from tests.factories import StudentFactory

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ROUNDS = 15


def answer_for(view: dict) -> dict:
    """A correct solve when the seat has one, else a pass."""
    for i, card in enumerate(view["hand"]):
        for k, table_card in enumerate(view["table"]):
            if table_card is not None and card * table_card == view["product"]:
                return {"type": "solve", "round": view["round"], "hand": i, "table": k}
    return {"type": "pass", "round": view["round"]}


def all_cards(state: dict) -> tuple[list, list]:
    factors = [c for hand in state["hands"] for c in hand] + [c for c in state["table"] if c is not None]
    factors += state["factor_deck"]
    products = list(state["product_deck"]) + ([state["product"]] if state.get("product") is not None else [])
    return sorted(factors), sorted(products)


def test_simultaneous_answers_one_solve_per_seat_cards_conserved_versions_without_gaps(classroom, fake_clock):
    students = [StudentFactory(classroom=classroom) for _ in range(4)]
    assignment = assignment_create(classroom=classroom, game="multiplin", players_per_match=4)
    for student in students:
        match = match_quick(user=student.user, assignment_id=assignment.pk)
    assert match.status == Match.Status.ACTIVE
    engine = get_engine("multiplin")
    initial_cards = all_cards(match.state)
    seat_users = {seat.index: seat.user for seat in match.seat_list(reload=True)}
    for _ in range(ROUNDS):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        fake_clock.advance(1500)
        answers = {seat: answer_for(engine.view(match.state, seat)) for seat in range(4)}
        barrier = threading.Barrier(4)
        refusals: list[str] = []

        def play(seat: int, answers=answers, refusals=refusals, barrier=barrier) -> None:
            try:
                barrier.wait()
                for _ in range(2):  # the same answer twice: the second must be refused or a no-op
                    try:
                        match_submit_action(match_id=match.pk, user=seat_users[seat], action=answers[seat])
                    except ServiceError as refusal:
                        refusals.append(refusal.code)
            finally:
                connection.close()

        threads = [threading.Thread(target=play, args=(seat,)) for seat in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert set(refusals) <= {"already_solved", "stale_round", "bad_card", "locked_out"}
        fake_clock.advance(1000)  # past the tie window: the round settles
        run_due()
    match.refresh_from_db()
    moves = list(Move.objects.filter(match=match).order_by("version"))
    assert [move.version for move in moves] == list(range(1, match.version + 1))
    solves: dict[tuple, int] = {}
    for move in moves:
        if move.action and move.action["type"] == "solve" and not any(e["type"] == "mistake" for e in move.events):
            key = (move.action["round"], move.seat)
            solves[key] = solves.get(key, 0) + 1
    assert solves
    assert max(solves.values()) == 1
    assert all_cards(match.state) == initial_cards


RACES = 6  # matches raced per kind of change: the two calls meet in either order


def _race_once(classroom, kind: str) -> tuple[Match, list[object]]:
    """A Fultiples match of two; the mover's mark and a change of the match, from two threads at once."""
    from games.services.matches import match_leave
    from games.services.moves import match_end, match_pause
    from tests.concurrency import run_together

    ana, ben = (StudentFactory(classroom=classroom) for _ in range(2))
    assignment = assignment_create(classroom=classroom, game="fultiples")
    match_quick(user=ana.user, assignment_id=assignment.pk)
    match = match_quick(user=ben.user, assignment_id=assignment.pk)
    seats = match.seat_list(reload=True)
    mover = get_engine("fultiples").to_move(match.state)[0]
    changes = {
        "end": lambda: match_end(match_id=match.pk, user=classroom.teacher),
        "pause": lambda: match_pause(match_id=match.pk, paused=True),
        "leave": lambda: match_leave(user=seats[1 - mover].user, match_id=match.pk),  # the other child leaves
    }
    results = run_together([
        lambda: match_submit_action(match_id=match.pk, user=seats[mover].user, action={"type": "mark", "cell": [0, 0]}),
        changes[kind],
    ], after_each=lambda: connection.close())  # each thread closes its own connection
    match.refresh_from_db()
    return match, results


@pytest.mark.parametrize(("kind", "source", "refusal"), [
    ("end", Move.Source.END, "game_over"), ("pause", Move.Source.PAUSE, "paused"), ("leave", Move.Source.LEAVE, None)])
def test_a_move_and_a_change_of_the_match_at_once_take_turns(classroom, fake_clock, kind, source, refusal):
    """Both lock the match row: one waits for the other, versions stay gapless, and the move sees the change
    only if the change came first (then an end or a pause refuses it)."""
    for _ in range(RACES):
        match, (moved, changed) = _race_once(classroom, kind)
        assert not isinstance(changed, Exception), changed
        moves = list(Move.objects.filter(match=match).order_by("version"))
        assert [move.version for move in moves] == list(range(1, match.version + 1))
        (change,) = [move for move in moves if move.source == source]
        played = [move for move in moves if move.source == Move.Source.PLAYER]
        if isinstance(moved, Exception):
            assert isinstance(moved, ServiceError), moved
            assert moved.code == refusal
            assert played == []
        else:
            (play,) = played
            assert play.version == moved.version
            assert refusal is None or play.version < change.version  # a move after an end or a pause is refused
        from games.services.matches import match_replay

        assert match_replay(match=match) == match.state
        if match.status == Match.Status.ACTIVE:
            from games.services.moves import match_end_by_teacher

            match_end_by_teacher(match_id=match.pk)  # free the children for the next race


def _marks_at_once(classroom, marks: list[tuple[list[int], str]]) -> tuple[Match, list[object]]:
    """A running Fultiples match of two; the mover sends each (cell, client_id) mark from its own thread, all at
    the same instant. Returns the match (re-read) and each call's result or exception."""
    from tests.concurrency import run_together

    ana, ben = (StudentFactory(classroom=classroom) for _ in range(2))
    assignment = assignment_create(classroom=classroom, game="fultiples")
    match_quick(user=ana.user, assignment_id=assignment.pk)
    match = match_quick(user=ben.user, assignment_id=assignment.pk)
    mover = match.seat_list(reload=True)[get_engine("fultiples").to_move(match.state)[0]].user
    results = run_together([
        lambda cell=cell, client_id=client_id: match_submit_action(
            match_id=match.pk, user=mover, action={"type": "mark", "cell": cell}, client_id=client_id)
        for cell, client_id in marks], after_each=lambda: connection.close())  # each thread closes its own
    match.refresh_from_db()
    return match, results


def _free_the_children(match: Match) -> None:
    from games.services.moves import match_end_by_teacher

    match_end_by_teacher(match_id=match.pk)  # so that they can play the next race


def test_two_actions_racing_on_one_match_one_wins_and_versions_stay_gapless(classroom, fake_clock):
    """The mover's two tabs send two different first marks at the same instant: the row lock makes one wait for
    the other, which then finds the turn gone (not_your_turn), never a second move on the same version."""
    for _ in range(RACES):
        match, results = _marks_at_once(classroom, [([0, 0], "tab-1"), ([0, 1], "tab-2")])
        accepted = [result for result in results if not isinstance(result, Exception)]
        refused = [result for result in results if isinstance(result, Exception)]
        assert len(accepted) == 1, results
        assert isinstance(refused[0], ServiceError), refused[0]
        assert refused[0].code == "not_your_turn"
        assert match.version == accepted[0].version
        moves = list(Move.objects.filter(match=match).order_by("version").values_list("version", flat=True))
        assert moves == list(range(1, match.version + 1))
        assert Move.objects.filter(match=match, source=Move.Source.PLAYER).count() == 1
        _free_the_children(match)


def test_a_retried_action_arriving_with_its_first_try_is_applied_once(classroom, fake_clock):
    """A reconnecting page sends its pending action again with the same client_id while the first is still on its
    way: both are answered with the one version, and the move is stored once."""
    for _ in range(RACES):
        match, results = _marks_at_once(classroom, [([0, 0], "again"), ([0, 0], "again")])
        assert not any(isinstance(result, Exception) for result in results), results
        assert {result.version for result in results} == {match.version}
        assert sorted(result.duplicate for result in results) == [False, True]
        assert Move.objects.filter(match=match, source=Move.Source.PLAYER).count() == 1
        _free_the_children(match)


def test_two_server_processes_sweeping_at_once_fire_each_deadline_and_computer_turn_once(classroom, fake_clock,
                                                                                         caplog):
    """Every server process runs the scheduler; two sweeps that meet on the same due matches (each thread here is
    a process: its own connection) advance each once. The other finds nothing due and nothing fails."""
    from games.services.matches import match_against_computer
    from tests.concurrency import run_together

    students = [StudentFactory(classroom=classroom) for _ in range(6)]
    timed = assignment_create(classroom=classroom, game="four_in_a_row", options={"time_limit_s": 5})
    versus = assignment_create(classroom=classroom, game="fultiples", bot_levels=["easy"])
    matches = []
    for ana, ben in zip(students[0:4:2], students[1:4:2], strict=True):  # two matches whose turn times out
        match_quick(user=ana.user, assignment_id=timed.pk)
        matches.append(match_quick(user=ben.user, assignment_id=timed.pk))
    engine = get_engine("fultiples")
    for student in students[4:]:  # two against the computer, the child having played if it was their turn
        match = match_against_computer(user=student.user, assignment_id=versus.pk, bot_level="easy")
        if 0 in engine.to_move(match.state):
            match_submit_action(match_id=match.pk, user=student.user, action=engine.legal_actions(match.state, 0)[0])
        matches.append(match)
    fake_clock.advance(10_000)
    due = [match for match in matches if Match.objects.get(pk=match.pk).next_due_ms <= fake_clock.now]
    assert len(due) == 4  # two turn deadlines, two computer players' moves
    before = {match.pk: Match.objects.get(pk=match.pk).version for match in due}
    caplog.set_level("ERROR", logger="games.realtime.scheduler")
    for _ in range(3):
        results = run_together([run_due, run_due], after_each=lambda: connection.close())
        assert not any(isinstance(result, Exception) for result in results), results
    assert [record.getMessage() for record in caplog.records] == []
    for match in due:
        match.refresh_from_db()
        changes = list(Move.objects.filter(match=match, version__gt=before[match.pk]).order_by("version"))
        assert [move.version for move in changes] == list(range(before[match.pk] + 1, match.version + 1))
        sources = [move.source for move in changes]
        assert sources == (["timer"] if match.game == "four_in_a_row" else ["bot"]), sources  # once, not twice
