"""One move path wherever it runs: a socket's move goes through `move_path.submit_action` on every database
(PostgreSQL: the event loop's own connection; SQLite, as `make run` serves: the database thread), and the
service that judges it may read only what the move path read with the match. A field it did not read (a
lazy one on the partial assignment or a child) fails the move on SQLite too, not only on PostgreSQL's event
loop, where it fails with SynchronousOnlyOperation."""

import pytest
from django.core.exceptions import SynchronousOnlyOperation

from games import clock
from games.models import Match
from games.realtime import move_path
from games.services import match_store
from tests.realtime.test_match_socket import four_in_a_row_match, mover_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
DISCARD = {"type": "discard", "cards": [0, 1]}  # always legal for the player to move in Four-in-a-Row


async def test_a_socket_move_is_judged_and_committed_on_this_database():
    match, users, *_ = await four_in_a_row_match()
    mover = users[mover_of(match)]
    accepted = await move_path.submit_action(match_id=match.pk, user_id=mover.pk, action=DISCARD,
                                             client_id="first")
    assert accepted.version == match.version + 1
    again = await move_path.submit_action(match_id=match.pk, user_id=mover.pk, action=DISCARD,
                                          client_id="first")
    assert (again.version, again.duplicate) == (accepted.version, True)
    assert (await Match.objects.aget(pk=match.pk)).version == accepted.version


async def test_a_field_the_move_path_did_not_read_fails_the_move_on_every_database(monkeypatch):
    match, users, *_ = await four_in_a_row_match()
    mover = users[mover_of(match)]
    real_now = clock.match_now_ms

    def reads_a_lazy_field(judged: Match) -> int:
        judged.assignment.classroom_id  # noqa: B018  (not among what the move path reads with the match)
        return real_now(judged)

    monkeypatch.setattr(clock, "match_now_ms", reads_a_lazy_field)
    with pytest.raises((match_store.QueryWhileJudging, SynchronousOnlyOperation)):
        await move_path.submit_action(match_id=match.pk, user_id=mover.pk, action=DISCARD,
                                      client_id="lazy")
    assert (await Match.objects.aget(pk=match.pk)).version == match.version  # nothing was written
