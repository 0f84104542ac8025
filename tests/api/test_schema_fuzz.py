"""Schema fuzzing with schemathesis: every operation of the OpenAPI schema, as a teacher and as a
student, with bodies and parameters drawn from the schema, against the world of tests/api/world.py
(a path's id is either one the schema draws or one of the world's objects, both classes').

Every answer must be no server error, a status the operation documents, with the documented
content type and a body that matches the schema documented for that status. `make test` runs a
short pass (FUZZ_EXAMPLES=8 per operation and role, about half a minute);
docs/development.md, "The long schema fuzz" says how to run a long one."""

from __future__ import annotations

import os

import pytest
import schemathesis
from django.core.cache import cache
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.api.openapi import api_schema, operations
from tests.api.world import OWN_STUDENT, OWNER, World

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "8"))
# positive: what the schema allows; negative: what it does not (each refused with a documented 4xx).
MODES = [GenerationMode(mode) for mode in os.environ.get("FUZZ_MODES", "positive").split(",")]
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
SCHEMA = schemathesis.openapi.from_dict(api_schema())
APP = WSGIHandler()  # in this process, on the test's database connection


@pytest.fixture(autouse=True)
def _connection_kept_between_requests():
    """Django closes the database connection around each request; here the test's transaction holds
    the world, so the requests share it (as Django's test client does)."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    yield
    for signal in (request_started, request_finished):
        signal.connect(close_old_connections)


def world_ids(world: World, path: str) -> dict[str, list]:
    """Real objects for each path parameter, this class's and the other class's."""
    ids = {
        "class_id": [world.classroom.pk, world.other_classroom.pk],
        "student_id": [world.ana.pk, world.stranger.pk],
        "assignment_id": [world.assignment.pk, world.lobby_assignment.pk],
        "match_id": [world.match.pk, world.finished.pk, world.lobby.pk],
        "challenge_id": [world.challenge.pk],
        "report_id": [world.report.pk, world.student_report.pk],
        "code": [world.classroom.join_code, world.other_classroom.join_code],
        "export_id": [world.export.pk],
    }
    ids["id"] = {"classes": ids["class_id"], "students": ids["student_id"], "assignments": ids["assignment_id"],
                 "batches": [world.batch.pk]}.get(path.split("/")[2], [])
    return ids


def signed_in(user) -> dict[str, dict[str, str]]:
    """A signed-in browser's session and CSRF cookies, and the CSRF header its page sends."""
    client = Client()
    client.force_login(user)
    token = _get_new_csrf_string()
    return {"cookies": {"sessionid": client.cookies["sessionid"].value, "csrftoken": token},
            "headers": {"X-CSRFToken": token}}


def fuzz(operation, ids: dict[str, list], browser: dict) -> None:
    @settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(case=st.one_of(*(operation.as_strategy(generation_mode=mode) for mode in MODES)), data=st.data())
    def run(case, data):
        for name, value in (case.path_parameters or {}).items():
            if ids.get(name):
                case.path_parameters[name] = data.draw(st.sampled_from([value, *ids[name]]), label=name)
        cache.clear()  # the sign-in and rate limits would soon answer 429 to everything
        response = case.call(app=APP, **browser)
        case.validate_response(response, checks=CHECKS)

    run()


@pytest.mark.parametrize(("method", "path"), operations(), ids=[f"{m} {p}" for m, p in operations()])
@pytest.mark.parametrize("actor", [OWNER, OWN_STUDENT])
def test_every_operation_answers_as_documented(shared_world, actor, method, path):
    # The examples of one test see each other's changes; the next test sees the world as built.
    fuzz(SCHEMA[path][method], world_ids(shared_world, path), signed_in(shared_world.user(actor)))
