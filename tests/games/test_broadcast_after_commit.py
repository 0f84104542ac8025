"""A move (a child's, a computer player's, a deadline's) is sent to the sockets only once its transaction has
committed, and a move whose transaction rolls back is never sent. Real transactions here: the commit is the
database's, not a captured callback."""

import pytest
from django.db import transaction

from games.engines import get_engine
from games.models import Match, Move
from games.services import broadcast, match_store
from games.services.matches import match_against_computer, match_quick
from games.services.moves import match_advance, match_submit_action

pytestmark = pytest.mark.django_db(transaction=True)


class WriteFailed(Exception):
    pass


@pytest.fixture
def sent(monkeypatch) -> list[tuple[int, int, bool]]:
    """What reaches the channel layer: (match id, version, whether a transaction was still open then)."""
    messages: list[tuple[int, int, bool]] = []

    def send(match_id: int, message: dict) -> None:
        messages.append((match_id, message["version"], transaction.get_connection().in_atomic_block))

    monkeypatch.setattr(broadcast, "send", send)
    return messages


@pytest.fixture
def failing_writes(monkeypatch):
    """The move's batch of writes fails at the database, after the move has planned its broadcast."""

    def fail(statements):
        raise WriteFailed("the database refused the batch")

    def arm():
        monkeypatch.setattr(match_store, "_send", fail)

    return arm


def mover_of(match: Match) -> int:
    return get_engine(match.game).to_move(match.state)[0]


def childs_move(make_assignment, pupils):
    assignment = make_assignment("fultiples")
    match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    match = match_quick(user=pupils[1].user, assignment_id=assignment.pk)
    user = match.seat_list(reload=True)[mover_of(match)].user
    return match, lambda: match_submit_action(match_id=match.pk, user=user, action={"type": "mark", "cell": [0, 0]})


def deadline(make_assignment, pupils, fake_clock):
    assignment = make_assignment("four_in_a_row", options={"time_limit_s": 5})
    match_quick(user=pupils[0].user, assignment_id=assignment.pk)
    match = match_quick(user=pupils[1].user, assignment_id=assignment.pk)
    fake_clock.advance(5_000)
    return match, lambda: match_advance(match_id=match.pk)


def computer_turn(make_assignment, pupils, fake_clock):
    assignment = make_assignment("fultiples", bot_levels=["easy"])
    match = match_against_computer(user=pupils[0].user, assignment_id=assignment.pk, bot_level="easy")
    if mover_of(match) == 0:
        match_submit_action(match_id=match.pk, user=pupils[0].user, action={"type": "mark", "cell": [0, 0]})
    fake_clock.advance(30_000)
    return match, lambda: match_advance(match_id=match.pk)


MOVES = {"a child's move": lambda make, pupils, clock: childs_move(make, pupils), "a deadline": deadline,
         "a computer player's move": computer_turn}


@pytest.mark.parametrize("kind", MOVES)
def test_a_move_is_sent_once_after_its_commit(kind, make_assignment, pupils, fake_clock, sent):
    match, move = MOVES[kind](make_assignment, pupils, fake_clock)
    before = Match.objects.get(pk=match.pk).version
    sent.clear()
    move()
    assert [(match_id, version) for match_id, version, _ in sent] == [(match.pk, before + 1)]
    assert [in_transaction for *_, in_transaction in sent] == [False]  # sent after the commit, not inside it


@pytest.mark.parametrize("kind", MOVES)
def test_a_move_whose_transaction_rolls_back_is_never_sent(kind, make_assignment, pupils, fake_clock, sent,
                                                           failing_writes):
    match, move = MOVES[kind](make_assignment, pupils, fake_clock)
    before = Match.objects.get(pk=match.pk).version
    moves = Move.objects.filter(match=match).count()
    sent.clear()
    failing_writes()
    with pytest.raises(WriteFailed):
        move()
    assert sent == []
    assert Match.objects.get(pk=match.pk).version == before
    assert Move.objects.filter(match=match).count() == moves
