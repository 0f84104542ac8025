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
