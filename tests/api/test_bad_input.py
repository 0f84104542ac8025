"""Bad input on REST gets a 400 with a sentence, never a 500: JSON nested too deep, a NUL or half a
surrogate pair in the address or anywhere in a body, a number where a whole number belongs."""

import json

import pytest
from django.http import QueryDict
from rest_framework import serializers

from api.parsers import MAX_JSON_DEPTH, data_problem
from api.strict_numbers import WHOLE_NUMBER_MESSAGE
from games.models import BoardBatch
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def refusal(response, status=400) -> str:
    assert response.status_code == status, response.content[:300]
    body = response.json()["error"]
    assert set(body) >= {"code", "message", "fields"}
    return " ".join([body["message"], *(m for messages in body["fields"].values() for m in messages)])


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_json_nested_100000_deep_is_refused(teacher):
    response = client_for(teacher).post("/api/classes/", nested(100_000), content_type="application/json")
    assert "nested more than 32 levels" in refusal(response)


def test_json_past_the_depth_limit_is_refused_inside_a_field(teacher, classroom):
    options = {"level": json.loads(nested(MAX_JSON_DEPTH))}  # one level more with the body around it
    response = client_for(teacher).post(f"/api/classes/{classroom.pk}/assignments/",
                                        {"game": "fultiples", "options": options}, format="json")
    assert "nested more than" in refusal(response)


def test_the_depth_limit_counts_containers():
    assert data_problem(json.loads(nested(MAX_JSON_DEPTH))) is None
    assert data_problem(json.loads(nested(MAX_JSON_DEPTH + 1))) is not None
    assert data_problem({"a": [{"b": "x"}]}) is None


@pytest.mark.parametrize("query", ["period=%00", "game=%00", "game=7%00s", "%00=1"])
def test_a_nul_in_a_query_parameter_is_refused(teacher, classroom, query):
    response = client_for(teacher).get(f"/api/classes/{classroom.pk}/report/?{query}")
    assert "NUL" in refusal(response)


def test_a_nul_in_the_class_code_is_refused(api):
    assert "NUL" in refusal(api.get("/api/student-login/AB%00CD/"))


@pytest.mark.parametrize("text", ["a\x00b", "\ud800"])
def test_a_nul_or_half_a_surrogate_pair_anywhere_in_a_json_body_is_refused(teacher, classroom, text):
    client = client_for(teacher)
    url = f"/api/classes/{classroom.pk}/assignments/"
    for body in ({"game": "fultiples", "options": {"level": text}}, {"game": "fultiples", "options": {text: 1}},
                 {"game": "fultiples", "title": text}):
        message = refusal(client.post(url, json.dumps(body), content_type="application/json"))
        assert "NUL" in message or "surrogate" in message
    assert not classroom.assignments.exists()


def test_a_nul_in_a_form_body_is_refused(teacher, classroom):
    response = client_for(teacher).post(f"/api/classes/{classroom.pk}/students/", "names=Ana%00Lopez",
                                        content_type="application/x-www-form-urlencoded")
    assert "NUL" in refusal(response)
    assert not classroom.students.exists()


def test_nan_is_not_json(teacher):
    response = client_for(teacher).post("/api/batches/", '{"count": NaN, "level": "beginner"}',
                                        content_type="application/json")
    refusal(response)


@pytest.mark.parametrize("count", [1000.0, 12.5, "1000", "1000.0", True, [3], 2**64])
def test_a_count_must_be_a_whole_json_number(teacher, count):
    response = client_for(teacher).post("/api/batches/", {"count": count, "level": "beginner"}, format="json")
    assert "count" in response.json()["error"]["fields"]
    refusal(response)
    assert not BoardBatch.objects.exists()


def test_a_whole_number_is_accepted(teacher):
    response = client_for(teacher).post("/api/batches/", {"count": 3, "level": "beginner"}, format="json")
    assert response.status_code == 201, response.content


def test_an_object_id_must_be_a_whole_number(teacher, classroom, student):
    client = client_for(teacher)
    url = f"/api/classes/{classroom.pk}/assignments/"
    for students in ([float(student.pk)], [str(student.pk)], [True]):
        response = client.post(url, {"game": "fultiples", "students": students}, format="json")
        assert WHOLE_NUMBER_MESSAGE in refusal(response)
    ok = client.post(url, {"game": "fultiples", "students": [student.pk]}, format="json")
    assert ok.status_code == 201, ok.content


def test_form_data_spells_numbers_as_text():
    class Form(serializers.Serializer):
        count = serializers.IntegerField()

    assert Form(data=QueryDict("count=12")).is_valid()
    assert not Form(data=QueryDict("count=12.0")).is_valid()
    assert not Form(data={"count": "12"}).is_valid()


def test_a_path_no_route_matches_answers_in_the_error_shape(teacher):
    assert refusal(client_for(teacher).get("/api/classes/-5/"), status=404)
    assert refusal(client_for(teacher).get("/api/no-such-thing/"), status=404)


@pytest.mark.parametrize("match_id", [2**63, 10**30])
def test_an_id_past_the_database_range_names_nothing(student, match_id):
    client = client_for(student.user)
    assert refusal(client.get(f"/api/matches/{match_id}/"), status=404)
    assert refusal(client.post(f"/api/matches/{match_id}/actions/", {"action": {"type": "x"}}, format="json"),
                   status=404)
