"""Children's sign-in limits that count failures, not successes (docs/security.md).

Every device in a school reaches the server from the school's one public address, so signing in
successfully is never limited: a whole school gets in from one address. What is limited is failure.
Per client address, a window of `SIGN_IN_WINDOW_S` (10 minutes) allows `SIGN_IN_FAILURE_ALLOWANCE`
(100) wrong class codes or wrong secrets, plus `SIGN_IN_FAILURES_PER_CHILD` (2) for every child who
signed in from that address in the window. Past that, class-code lookups and picture or password
sign-ins from the address are refused until the window ends. Each child also has their own lock-out
after five wrong tries (classroom.services.student_sign_in). A QR card's token (256 random bits)
cannot be guessed, so the card is not limited here.

The counters live in Django's cache (Redis when configured), keyed by address and window. The
address is the caller's to find (api.client_address reads it from the request).
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache

from classroom.errors import ServiceError

TOO_MANY_MESSAGE = "Too many wrong tries from this network. Wait {minutes} and try again, or ask your teacher."


class TooManyFailures(ServiceError):
    status = 429


def check(address: str) -> None:
    """Refuse (429) while the address has spent its failures for this window."""
    window, seconds_left = _window()
    failures = cache.get(_key("failed", address, window), 0)
    if failures >= _allowance(address, window):
        minutes = max(1, round(seconds_left / 60))
        raise TooManyFailures("too_many_failures",
                              TOO_MANY_MESSAGE.format(minutes=f"{minutes} minute{'s' if minutes != 1 else ''}"),
                              extra={"retry_after_s": seconds_left})


def record_failure(address: str) -> None:
    window, _ = _window()
    _increment(_key("failed", address, window))


def record_success(address: str, student_id: int) -> None:
    """A child signed in: the address may fail a little more (once per child per window)."""
    window, _ = _window()
    if cache.add(_key("child", address, window, student_id), 1, timeout=settings.SIGN_IN_WINDOW_S):
        _increment(_key("children", address, window))


def _allowance(address: str, window: int) -> int:
    children = cache.get(_key("children", address, window), 0)
    return settings.SIGN_IN_FAILURE_ALLOWANCE + settings.SIGN_IN_FAILURES_PER_CHILD * children


def _window() -> tuple[int, int]:
    length = settings.SIGN_IN_WINDOW_S
    now = time.time()
    return int(now // length), int(length - now % length) + 1


def _key(kind: str, address: str, window: int, *rest: object) -> str:
    return ":".join(["sign-in", kind, address, str(window), *map(str, rest)])


def _increment(key: str) -> None:
    cache.add(key, 0, timeout=settings.SIGN_IN_WINDOW_S)
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr: this is the first of a new window
        cache.add(key, 1, timeout=settings.SIGN_IN_WINDOW_S)
