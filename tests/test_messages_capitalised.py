"""Every message the server sends a person starts with a capital letter: the services' own sentences,
the engines' refusals (written lower case to be composed: "it is not your turn") and option checks,
and the API's error bodies. The messages are enumerated from the source (every string literal given
to an error or a `require`), then sent through the boundary they leave by."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from api.errors import error_body
from classroom.errors import Forbidden, NotFound, ServiceError

ROOT = Path(__file__).resolve().parents[1]
# The call and the index of its message argument.
CARRIERS = {"ServiceError": 1, "Forbidden": 1, "NotFound": 1, "Locked": 1, "IllegalAction": 1, "require": 2,
            "GridOptionError": 1}
SERVICE_ERRORS = {"ServiceError", "Forbidden", "NotFound", "Locked"}


def enumerated_messages() -> list[tuple[str, str, str]]:
    """(where, carrier, the message's leading literal text) for every literal message in the server code."""
    found = []
    for package in ("api", "classroom", "games", "config"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                index = CARRIERS.get(name)
                if index is None or len(node.args) <= index:
                    continue
                arg = node.args[index]
                if isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
                    arg = arg.values[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value:
                    found.append((f"{path.relative_to(ROOT)}:{node.lineno}", name, arg.value))
    return found


MESSAGES = enumerated_messages()


def test_the_enumeration_finds_the_messages():
    carriers = {carrier for _, carrier, _ in MESSAGES}
    assert len(MESSAGES) > 120
    assert {"ServiceError", "Forbidden", "require", "GridOptionError"} <= carriers


def test_the_services_write_their_own_sentences_with_a_capital_letter():
    lower = [f"{where}: {text!r}" for where, carrier, text in MESSAGES
             if carrier in SERVICE_ERRORS and not text[:1].isupper() and not text.startswith("{")]
    assert not lower, lower


@pytest.mark.parametrize(("where", "carrier", "text"), MESSAGES, ids=[m[0] for m in MESSAGES])
def test_every_message_leaves_the_server_with_a_capital_letter(where, carrier, text):
    for error in (ServiceError("code", text, {"field": [text]}), Forbidden("code", text), NotFound("code", text)):
        assert error.message[:1].isupper(), f"{where}: {error.message!r}"
        assert all(m[:1].isupper() for m in error.fields.get("field", [])), f"{where}: {error.fields}"
    body = error_body("code", text, {"field": [text]})["error"]
    assert body["message"][:1].isupper(), f"{where}: {body}"
    assert body["fields"]["field"][0][:1].isupper(), f"{where}: {body}"


@pytest.mark.django_db
def test_an_engines_refusal_reaches_the_child_with_a_capital_letter():
    from games.services.assignments import assignment_create
    from games.services.matches import match_against_computer
    from games.services.moves import match_submit_action
    from tests.factories import StudentFactory

    child = StudentFactory()
    assignment = assignment_create(classroom=child.classroom, game="fultiples", bot_levels=["easy"])
    match = match_against_computer(user=child.user, assignment_id=assignment.pk, bot_level="easy")
    for action in ({"type": "fly"}, {"type": "mark", "cell": [99, 99]}, {"type": "mark", "cell": "x"}, {}):
        with pytest.raises(ServiceError) as refusal:
            match_submit_action(match_id=match.pk, user=child.user, action=action)
        assert refusal.value.message[:1].isupper(), refusal.value.message
    with pytest.raises(ServiceError) as refusal:
        assignment_create(classroom=child.classroom, game="multiplin", options={"auto_skip": "yes"})
    assert all(m[:1].isupper() for messages in refusal.value.fields.values() for m in messages), refusal.value.fields
