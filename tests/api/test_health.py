import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db


def test_healthz_is_200_when_the_database_answers(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["checks"]["database"] is True


@override_settings(REDIS_URL="redis://127.0.0.1:1/0")
def test_healthz_is_503_when_redis_does_not_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"] == {"database": True, "redis": False}


def test_healthz_is_503_when_the_database_does_not_answer(client, monkeypatch):
    from config import health

    monkeypatch.setattr(health, "check_database", lambda: False)
    assert client.get("/healthz").status_code == 503


@pytest.mark.services
def test_healthz_checks_the_real_redis(client, settings):
    import os

    settings.REDIS_URL = os.environ["REDIS_URL"]
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["checks"]["redis"] is True


def test_client_routes_fall_back_to_the_app_index(client, settings, tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    settings.FRONTEND_DIST = tmp_path
    response = client.get("/teacher/classes/12")
    assert response.status_code == 200
    assert b"id=root" in b"".join(response.streaming_content)
    assert client.get("/api/nowhere/").status_code == 404
