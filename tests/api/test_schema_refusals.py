"""The OpenAPI schema documents each operation's refusals in the one error shape (api/schema.py); the
schema fuzz (test_schema_fuzz.py) checks that no answer falls outside what is documented."""

import pytest

from tests.api.openapi import api_schema, operations

PUBLIC = {("GET", "/api/auth/csrf/"), ("POST", "/api/auth/login/"), ("POST", "/api/auth/activate/"),
          ("POST", "/api/auth/logout/"),
          ("POST", "/api/auth/password-reset/"), ("POST", "/api/auth/password-reset/confirm/"),
          ("POST", "/api/auth/signup/"), ("POST", "/api/student-login/"), ("GET", "/api/student-login/{code}/"),
          ("POST", "/api/student-login/token/")}


def responses(method: str, path: str) -> dict:
    return api_schema()["paths"][path][method.lower()]["responses"]


@pytest.mark.parametrize(("method", "path"), operations(), ids=[f"{m} {p}" for m, p in operations()])
def test_each_operation_documents_its_refusals_in_the_error_shape(method, path):
    documented = responses(method, path)
    refusals = {status for status in documented if status.startswith("4")}
    assert any(status.startswith("2") for status in documented)
    assert "400" in refusals
    assert ("401" in refusals) == ((method, path) not in PUBLIC)
    if "{" in path:
        assert "404" in refusals
    if method != "GET":
        assert "403" in refusals  # CSRF, at least
    operation = api_schema()["paths"][path][method.lower()]
    assert ("415" in refusals) == ("requestBody" in operation)
    for status in refusals:
        assert documented[status]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
        assert documented[status]["description"]


def test_refusals_a_view_decides_itself_are_documented():
    assert {"423", "429"} <= set(responses("POST", "/api/student-login/"))  # locked child, spent address
    assert "429" in responses("GET", "/api/student-login/{code}/")
    assert "429" in responses("POST", "/api/auth/login/")  # the teachers' rate
    assert "409" in responses("POST", "/api/batches/{id}/pdf/")  # not ready yet
    assert "409" in responses("POST", "/api/classes/{class_id}/report/pdf")
    assert {"409", "410"} <= set(responses("GET", "/api/exports/{export_id}/file/"))  # not made yet, not kept
    assert "413" in responses("POST", "/api/matches/{match_id}/actions/")  # a match action's 8 KiB


def test_the_error_shape_is_a_component():
    error = api_schema()["components"]["schemas"]["ErrorDetail"]
    assert set(error["properties"]) == {"code", "message", "fields"}
    assert set(error["required"]) == {"code", "message", "fields"}
