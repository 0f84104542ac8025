"""/healthz: 200 when the database (and Redis, when configured) answer, 503 otherwise."""

from __future__ import annotations

import functools

from django.conf import settings
from django.db import connection
from django.http import JsonResponse


def check_database() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone()[0] == 1
    except Exception:
        return False


@functools.cache
def _redis_client(url: str):  # the process's: a client and a connection for each check cost most of the request
    import redis

    return redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)


def check_redis() -> bool | None:
    if not settings.REDIS_URL:
        return None
    try:
        return bool(_redis_client(settings.REDIS_URL).ping())
    except Exception:
        return False


def healthz(request):
    checks = {"database": check_database()}
    redis_ok = check_redis()
    if redis_ok is not None:
        checks["redis"] = redis_ok
    healthy = all(checks.values())
    return JsonResponse({"status": "ok" if healthy else "unavailable", "checks": checks},
                        status=200 if healthy else 503)
