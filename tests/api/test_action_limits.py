"""REST actions have the socket's limits and refusals: each malformed body gets the code and message a socket
frame gets, never a 500, and nothing of it reaches the move log."""

import pytest

from games.engines import get_engine
from games.models import Move
from games.services.assignments import assignment_create
from games.services.matches import match_quick
from games.services.player_messages import MAX_MESSAGE_BYTES
from tests.bad_messages import BAD_MESSAGES, GOOD_ACTION
from tests.conftest import client_for
from tests.factories import ClassroomFactory, StudentFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def mover():
    """A running Four-in-a-Row match and the REST client of the student to move."""
    classroom = ClassroomFactory()
    ana, ben = (StudentFactory(classroom=classroom) for _ in range(2))
    assignment = assignment_create(classroom=classroom, game="four_in_a_row")
    match_quick(user=ana.user, assignment_id=assignment.pk)
    match = match_quick(user=ben.user, assignment_id=assignment.pk)
    seat = get_engine(match.game).to_move(match.state)[0]
    return match, client_for([ana, ben][seat].user)


def post(client, match, body: str | bytes, content_type: str = "application/json"):
    return client.generic("POST", f"/api/matches/{match.pk}/actions/", body, content_type=content_type)


@pytest.mark.parametrize("bad", BAD_MESSAGES, ids=lambda bad: bad.name)
def test_each_malformed_action_gets_the_sockets_code_and_message_and_nothing_is_stored(mover, bad):
    match, client = mover
    moves = Move.objects.filter(match=match).count()
    response = post(client, match, bad.rest_body().encode("utf-8", "surrogatepass"))
    assert response.status_code == (413 if bad.code == "too_large" else 400), response.content[:300]
    error = response.json()["error"]
    assert error["code"] == bad.code
    assert error["message"].startswith(bad.message), error["message"]
    assert Move.objects.filter(match=match).count() == moves
    assert post(client, match, '{"action": ' + GOOD_ACTION + "}").json()["version"] == match.version + 1


def test_a_one_megabyte_action_is_refused_unread_and_not_stored(mover):
    match, client = mover
    body = '{"action": {"type": "discard", "cards": [0, 1], "junk": "' + "x" * 1_000_000 + '"}}'
    response = post(client, match, body)
    assert (response.status_code, response.json()["error"]["code"]) == (413, "too_large")
    assert not Move.objects.filter(match=match, source=Move.Source.PLAYER).exists()


def test_an_action_just_under_the_limit_with_a_field_it_does_not_take_is_not_stored(mover):
    match, client = mover
    head = '{"action": {"type": "discard", "cards": [0, 1], "junk": "'
    body = head + "x" * (MAX_MESSAGE_BYTES - len(head) - 3) + '"}}'
    assert len(body.encode()) == MAX_MESSAGE_BYTES
    response = post(client, match, body)
    assert (response.status_code, response.json()["error"]["code"]) == (400, "bad_action")
    assert not Move.objects.filter(match=match, source=Move.Source.PLAYER).exists()


def test_what_the_move_log_keeps_is_the_action_as_its_type_takes_it(mover):
    match, client = mover
    response = post(client, match, '{"action": ' + GOOD_ACTION + ', "client_id": "k-1"}')
    assert response.status_code == 200
    move = Move.objects.get(match=match, version=response.json()["version"])
    assert (move.action, move.client_id) == ({"type": "discard", "cards": [0, 1]}, "k-1")


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded"])
def test_a_body_that_is_not_json_is_refused_as_such(mover, content_type):
    match, client = mover
    response = post(client, match, "action=discard", content_type=content_type)
    assert response.status_code == 415
    assert response.json()["error"]["code"] == "unsupported_media_type"
