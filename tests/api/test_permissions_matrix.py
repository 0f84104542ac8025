"""Every operation of the OpenAPI schema x {anonymous, a student of this class, a student of another
class, the class's teacher, another teacher}, with the answer each must get.

The operations come from the schema the code generates now, so an endpoint added without a row here
fails `test_every_operation_has_a_row` (and its own case below). Each actor meets the world of
tests/api/world.py as built (a savepoint rolled back after each), signed in with a real session.

Reading the rows: 401 is "sign in first", 403 "not your role", 404 "no such object, or not yours
(the same answer)". A few refusals come from the platform's rules with their own codes (noted).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from rest_framework.test import APIClient

from classroom.models import Student
from classroom.secrets import hash_token
from games.models import BoardBatch, Export, Match
from games.services import moves
from games.services.matches import match_leave_lobby, match_quick
from tests.api.openapi import operations
from tests.api.world import (
    ACTORS,
    ANON,
    OTHER_STUDENT,
    OTHER_TEACHER,
    OWN_STUDENT,
    OWNER,
    PICTURES,
    World,
    object_ids,
)
from tests.factories import ClassroomFactory, StudentFactory

pytestmark = pytest.mark.django_db


# --- Who may: the usual shapes of a row -------------------------------------------------------
def class_teacher(ok: int) -> dict[str, int]:
    """The teacher of the object's class; another teacher is told there is no such object."""
    return {ANON: 401, OWN_STUDENT: 403, OTHER_STUDENT: 403, OWNER: ok, OTHER_TEACHER: 404}


def any_teacher(ok: int) -> dict[str, int]:
    """Any teacher, about their own things (their list, a new object of their own)."""
    return {ANON: 401, OWN_STUDENT: 403, OTHER_STUDENT: 403, OWNER: ok, OTHER_TEACHER: ok}


def class_student(ok: int, stranger: int = 404) -> dict[str, int]:
    """The student the object concerns (Ana); a student of another class gets `stranger`."""
    return {ANON: 401, OWN_STUDENT: ok, OTHER_STUDENT: stranger, OWNER: 403, OTHER_TEACHER: 403}


def any_student(ok: int) -> dict[str, int]:
    """Any student, about their own things."""
    return {ANON: 401, OWN_STUDENT: ok, OTHER_STUDENT: ok, OWNER: 403, OTHER_TEACHER: 403}


def player_or_teacher(ok: int) -> dict[str, int]:
    """A match's player (Ana) or its class's teacher; nobody else learns it exists."""
    return {ANON: 401, OWN_STUDENT: ok, OTHER_STUDENT: 404, OWNER: ok, OTHER_TEACHER: 404}


def signed_in(ok: int) -> dict[str, int]:
    return {ANON: 401, OWN_STUDENT: ok, OTHER_STUDENT: ok, OWNER: ok, OTHER_TEACHER: ok}


def anybody(ok: int) -> dict[str, int]:
    return dict.fromkeys(ACTORS, ok)


# --- What some rows need first -----------------------------------------------------------------
def ana_to_move(world: World) -> None:
    """Ben plays first if it is his turn, so Ana's action is hers to play."""
    from games.engines import get_engine

    match = Match.objects.get(pk=world.match.pk)
    if get_engine(match.game).view(match.state, None)["to_move"][0] != 0:
        moves.match_submit_action(match_id=world.match.pk, user=world.ben.user,
                                  action={"type": "discard", "cards": [0, 1]})


def ana_free(world: World) -> None:
    """The teacher ends Ana's running match."""
    moves.match_end(match_id=world.match.pk, user=world.owner)


def ana_free_with_facts_to_practise(world: World) -> None:
    """Ana's match ends, and she got 7 x 8 wrong twice in the finished one: a fact to practise."""
    from games.models import Attempt

    ana_free(world)
    Attempt.objects.bulk_create([
        Attempt(student=world.ana.user, classroom=world.classroom, match=world.finished, game=world.finished.game,
                kind="multiply", a=7, b=8, answer=answer, correct=False, think_ms=3000, fact_a=7, fact_b=8,
                mistake_type="other")
        for answer in (54, 63)])


def ana_and_cy_free(world: World) -> None:
    """Ana's match ends and Cy leaves his lobby: Cy's challenge to Ana can be accepted."""
    ana_free(world)
    match_leave_lobby(user=world.cy.user, match_id=world.lobby.pk)


def ana_hosts_a_lobby(world: World) -> None:
    """Ana (free) opens a lobby of the three-player game and Ben joins it: Ana may start it."""
    ana_free(world)
    match_leave_lobby(user=world.cy.user, match_id=world.lobby.pk)
    world.lobby = match_quick(user=world.ana.user, assignment_id=world.lobby_assignment.pk)
    match_quick(user=world.ben.user, assignment_id=world.lobby_assignment.pk)


def failed_batch(world: World) -> None:
    BoardBatch.objects.filter(pk=world.batch.pk).update(status=BoardBatch.Status.FAILED)


def failed_export(world: World) -> None:
    Export.objects.filter(pk=world.export.pk).update(status=Export.Status.FAILED)


def ana_has_a_card(world: World) -> None:
    Student.objects.filter(pk=world.ana.pk).update(card_token_hash=hash_token("ana-card"))


def pending_sign_up(world: World) -> None:
    type(world.owner).objects.create_user(username="pending@school.test", email="pending@school.test",
                                          password="a long new passphrase 9", is_active=False)


def activation_link(world: World) -> dict:
    from classroom.services import activation_tokens

    pending = type(world.owner).objects.get(email="pending@school.test")
    return {"uid": urlsafe_base64_encode(force_bytes(pending.pk)), "token": activation_tokens.make_token(pending)}


def roster_file(world: World) -> dict:
    return {"file": SimpleUploadedFile("r.csv", b"first_name,last_name\nZed,Ng\n", content_type="text/csv"),
            "commit": "false"}


def reset_link(world: World) -> dict:
    owner = type(world.owner).objects.get(pk=world.owner.pk)  # as stored now: a sign-in changes the token
    return {"uid": urlsafe_base64_encode(force_bytes(owner.pk)),
            "token": default_token_generator.make_token(owner), "new_password": "a new long passphrase 7"}


@dataclass(frozen=True)
class Row:
    expect: dict[str, int]
    body: object = None  # or a function of the world
    params: Callable[[World], dict] = field(default=lambda world: {})  # besides object_ids
    setup: Callable[[World], None] | None = None
    multipart: bool = False


ROWS: dict[tuple[str, str], Row] = {
    # Assignments: the teacher's to manage, the class's children's to play
    ("GET", "/api/assignments/{id}/"): Row(class_teacher(200)),
    ("PATCH", "/api/assignments/{id}/"): Row(class_teacher(200), {"title": "Renamed"}),
    ("DELETE", "/api/assignments/{id}/"): Row(class_teacher(204)),
    ("POST", "/api/assignments/{id}/close/"): Row(class_teacher(200)),
    # A stranger's assignment is "not_found" (404), as an object in the path that the caller may not see.
    ("POST", "/api/assignments/{assignment_id}/quick-match/"): Row(class_student(201, stranger=404)),
    ("POST", "/api/assignments/{assignment_id}/computer-match/"): Row(class_student(201, stranger=404),
                                                                       {"bot_level": "easy"}, setup=ana_free),
    ("POST", "/api/assignments/{assignment_id}/challenges/"): Row(class_student(201, stranger=404),
                                                                   lambda w: {"opponent": w.cy.user.pk}),
    # Sign-in and accounts: open to anybody
    ("GET", "/api/auth/csrf/"): Row(anybody(204)),
    ("POST", "/api/auth/login/"): Row(anybody(200), lambda w: {"email": w.owner.email,
                                                               "password": "correct horse battery"}),
    ("POST", "/api/auth/logout/"): Row(anybody(204)),
    ("GET", "/api/auth/me/"): Row(signed_in(200)),
    ("POST", "/api/auth/password-reset/"): Row(anybody(202), lambda w: {"email": w.owner.email}),
    ("POST", "/api/auth/password-reset/confirm/"): Row(anybody(204), reset_link),
    ("POST", "/api/auth/activate/"): Row(anybody(200), activation_link, setup=pending_sign_up),
    ("POST", "/api/auth/signup/"): Row(anybody(202), {"name": "New Teacher", "email": "new@school.test",
                                                      "password": "a long new passphrase 9"}),
    ("POST", "/api/student-login/"): Row(anybody(200), lambda w: {"code": w.classroom.join_code,
                                                                  "student_id": w.ana.pk, "pictures": PICTURES}),
    ("GET", "/api/student-login/{code}/"): Row(anybody(200)),
    ("POST", "/api/student-login/token/"): Row(anybody(200), {"token": "ana-card"}, setup=ana_has_a_card),
    # Grid batches: a teacher's own
    ("GET", "/api/batches/"): Row(any_teacher(200)),
    ("POST", "/api/batches/"): Row(any_teacher(201), {"count": 2, "level": "beginner"}),
    ("GET", "/api/batches/{id}/"): Row(class_teacher(200)),
    ("DELETE", "/api/batches/{id}/"): Row(class_teacher(204)),
    ("GET", "/api/batches/{id}/boards/"): Row(class_teacher(200)),
    ("POST", "/api/batches/{id}/pdf/"): Row(class_teacher(200)),  # 200: its PDF is made already
    ("POST", "/api/batches/{id}/retry/"): Row(class_teacher(200), setup=failed_batch),
    # Challenges: the child challenged answers. Another child's is "not_found" (404).
    ("POST", "/api/challenges/{challenge_id}/accept/"): Row(class_student(200, stranger=404), setup=ana_and_cy_free),
    ("POST", "/api/challenges/{challenge_id}/decline/"): Row(class_student(200, stranger=404)),
    # Classes and what hangs on them: the class's teacher's
    ("GET", "/api/classes/"): Row(any_teacher(200)),
    ("POST", "/api/classes/"): Row(any_teacher(201), {"name": "Room 9"}),
    ("GET", "/api/classes/{id}/"): Row(class_teacher(200)),
    ("PATCH", "/api/classes/{id}/"): Row(class_teacher(200), {"name": "Renamed"}),
    ("DELETE", "/api/classes/{id}/"): Row(class_teacher(204)),
    ("POST", "/api/classes/{id}/cards/"): Row(class_teacher(202), lambda w: {"students": [w.ana.pk]}),
    ("POST", "/api/classes/{id}/regenerate-code/"): Row(class_teacher(200)),
    ("GET", "/api/classes/{class_id}/assignments/"): Row(class_teacher(200)),
    ("POST", "/api/classes/{class_id}/assignments/"): Row(class_teacher(201), {"game": "fultiples"}),
    ("GET", "/api/classes/{class_id}/live/"): Row(class_teacher(200)),
    ("POST", "/api/classes/{class_id}/live/end-all/"): Row(class_teacher(200)),
    ("POST", "/api/classes/{class_id}/live/pause/"): Row(class_teacher(200), {"paused": True}),
    ("GET", "/api/classes/{class_id}/report/"): Row(class_teacher(200)),
    ("GET", "/api/classes/{class_id}/report/facts.csv"): Row(class_teacher(200)),
    ("GET", "/api/classes/{class_id}/report/students.csv"): Row(class_teacher(200)),
    ("POST", "/api/classes/{class_id}/report/pdf"): Row(class_teacher(202), {"period": "7d"}),  # a job makes it
    ("GET", "/api/classes/{class_id}/students/"): Row(class_teacher(200)),
    ("POST", "/api/classes/{class_id}/students/"): Row(class_teacher(201), {"names": "Zed Ng"}),
    ("POST", "/api/classes/{class_id}/students/import/"): Row(class_teacher(200), roster_file, multipart=True),
    ("GET", "/api/games/"): Row(signed_in(200)),
    # Matches: who sits in it plays; the class's teacher watches and ends
    ("GET", "/api/matches/{match_id}/"): Row(player_or_teacher(200)),
    ("POST", "/api/matches/{match_id}/actions/"): Row(class_student(200), {"action": {"type": "discard",
                                                                                     "cards": [0, 1]}},
                                                      setup=ana_to_move),
    ("POST", "/api/matches/{match_id}/end/"): Row(class_teacher(200)),
    ("POST", "/api/matches/{match_id}/leave/"): Row(class_student(204), params=lambda w: {"match_id": w.lobby.pk},
                                                    setup=ana_hosts_a_lobby),
    ("GET", "/api/matches/{match_id}/lobby/"): Row(class_student(200), params=lambda w: {"match_id": w.lobby.pk},
                                                   setup=ana_hosts_a_lobby),
    ("POST", "/api/matches/{match_id}/start/"): Row(class_student(200), params=lambda w: {"match_id": w.lobby.pk},
                                                    setup=ana_hosts_a_lobby),
    ("GET", "/api/matches/{match_id}/practice/"): Row(class_student(200)),
    ("POST", "/api/matches/{match_id}/rematch/"): Row(class_student(201),
                                                      params=lambda w: {"match_id": w.finished.pk}, setup=ana_free),
    ("GET", "/api/matches/{match_id}/replay/"): Row(player_or_teacher(200),
                                                    params=lambda w: {"match_id": w.finished.pk}),
    ("POST", "/api/matches/{match_id}/resign/"): Row(class_student(200)),
    ("POST", "/api/matches/{match_id}/take-back/"): Row(class_student(200)),
    # A teacher's own first-run checklist
    ("GET", "/api/me/checklist/"): Row(any_teacher(200)),
    # A student's own pages
    ("GET", "/api/my/assignments/"): Row(any_student(200)),
    ("PUT", "/api/my/avatar/"): Row(any_student(200), {"picture": "owl", "colour": "teal"}),
    ("GET", "/api/my/classmates/"): Row(any_student(200)),
    ("GET", "/api/my/challenges/"): Row(any_student(200)),
    ("GET", "/api/my/current-match/"): Row(any_student(200)),
    ("GET", "/api/my/matches/"): Row(any_student(200)),
    ("GET", "/api/my/progress/"): Row(any_student(200)),
    # The child's own facts: a student of another class has none to practise yet (a rule's 400)
    ("POST", "/api/my/practice-match/"): Row({**any_student(201), OTHER_STUDENT: 400},
                                             setup=ana_free_with_facts_to_practise),
    # Reports: the class's teacher's
    ("GET", "/api/reports/all-classes/"): Row(any_teacher(200)),
    ("GET", "/api/students/{student_id}/report/"): Row(class_teacher(200)),
    ("GET", "/api/students/{student_id}/report/facts.csv"): Row(class_teacher(200)),
    ("POST", "/api/students/{student_id}/report/pdf"): Row(class_teacher(202)),
    # PDF exports: their owner's (here the class's teacher's batch PDF)
    ("GET", "/api/exports/{export_id}/"): Row(class_teacher(200)),
    ("GET", "/api/exports/{export_id}/file/"): Row(class_teacher(200)),
    ("POST", "/api/exports/{export_id}/retry/"): Row(class_teacher(202), setup=failed_export),
    # One student: the class's teacher's
    ("GET", "/api/students/{id}/"): Row(class_teacher(200)),
    ("PATCH", "/api/students/{id}/"): Row(class_teacher(200), {"last_name": "Ng"}),
    ("DELETE", "/api/students/{id}/"): Row(class_teacher(204)),
    ("GET", "/api/students/{id}/export/"): Row(class_teacher(200)),
    ("POST", "/api/students/{id}/revoke-card/"): Row(class_teacher(204)),
    ("POST", "/api/students/{id}/unlock/"): Row(class_teacher(204)),
}


def test_every_operation_has_a_row():
    schema_operations = set(operations())
    missing = sorted(schema_operations - set(ROWS))
    stale = sorted(set(ROWS) - schema_operations)
    assert not missing, f"operations with no row in the permission matrix (add one): {missing}"
    assert not stale, f"rows for operations the schema no longer has: {stale}"


def answer(world: World, actor: str, method: str, path: str, row: Row):
    world = dataclasses.replace(world)  # a setup may point an attribute elsewhere (Ana's new lobby)
    client = APIClient()
    if world.user(actor) is not None:  # a copy: signing in changes the user's row, which is rolled back after
        user = world.user(actor)
        client.force_login(type(user).objects.get(pk=user.pk))
    if row.setup:
        row.setup(world)
    url = path.format(**{**object_ids(world, path), **row.params(world)})
    body = row.body(world) if callable(row.body) else row.body
    send = getattr(client, method.lower())
    return send(url, body, format="multipart" if row.multipart else "json") if body is not None else send(url)


@pytest.mark.parametrize(("method", "path"), operations(), ids=[f"{m} {p}" for m, p in operations()])
def test_each_actor_gets_the_expected_answer(shared_world, method, path):
    row = ROWS.get((method, path))
    if row is None:
        pytest.fail(f"{method} {path} has no row in the permission matrix: add one to ROWS")
    seen, shapeless = {}, []
    for actor in ACTORS:
        cache.clear()  # sign-in limits start empty for each actor
        with transaction.atomic():  # each actor meets the world as built
            response = answer(shared_world, actor, method, path, row)
            transaction.set_rollback(True)
        seen[actor] = response.status_code
        if response.status_code >= 400 and set(response.json().get("error", {})) < {"code", "message", "fields"}:
            shapeless.append(actor)
    assert seen == row.expect
    assert not shapeless, f"refusals outside the error shape for {shapeless}"


@pytest.mark.parametrize(("actor", "mine"), [(OWNER, True), (OTHER_TEACHER, False)])
def test_the_class_list_shows_only_the_teachers_own_classes(shared_world, actor, mine):
    world = shared_world
    ClassroomFactory(teacher=world.other_teacher)
    client = APIClient()
    client.force_login(world.user(actor))
    ids = {c["id"] for c in client.get("/api/classes/").json()["results"]}
    assert (world.classroom.pk in ids) == mine
    assert world.other_classroom.pk in ids if actor == OTHER_TEACHER else world.other_classroom.pk not in ids


def test_me_tells_a_student_their_class_and_no_email(shared_world):
    world = shared_world
    client = APIClient()
    client.force_login(world.ana.user)
    me = client.get("/api/auth/me/").json()
    assert me["classroom"]["id"] == world.classroom.pk
    assert me["email"] is None


def test_class_names_for_sign_in_are_public_but_only_for_the_code(shared_world, api):
    world = shared_world
    StudentFactory(classroom=world.other_classroom)
    response = api.get(f"/api/student-login/{world.classroom.join_code.lower()}/")
    assert response.status_code == 200
    assert {s["id"] for s in response.json()["students"]} == {world.ana.pk, world.ben.pk, world.cy.pk}
    assert api.get("/api/student-login/ZZZZZZ/").status_code == 404
