"""Who is online: a student's last request or socket message, written at most every 30 s."""

from __future__ import annotations

import time
from datetime import timedelta

from django.utils import timezone

from classroom.models import Student, User

WRITE_EVERY = timedelta(seconds=30)
ONLINE_FOR = timedelta(seconds=90)


# When this process last wrote each student's presence: it writes again only WRITE_EVERY later, so a
# student's requests in between cost no query at all (another process may write sooner; that is harmless).
_written_at: dict[int, float] = {}
_FORGET_AFTER = 10_000  # entries kept at most: a school's students, many times over


def student_seen(*, user: User) -> None:
    if not user.is_authenticated or not user.is_student:
        return
    now = time.monotonic()
    if now - _written_at.get(user.pk, -WRITE_EVERY.total_seconds()) < WRITE_EVERY.total_seconds():
        return
    if len(_written_at) >= _FORGET_AFTER:
        _written_at.clear()
    _written_at[user.pk] = now
    moment = timezone.now()
    Student.objects.filter(user=user).exclude(last_seen_at__gt=moment - WRITE_EVERY).update(last_seen_at=moment)


def is_online(student: Student) -> bool:
    return student.last_seen_at is not None and student.last_seen_at > timezone.now() - ONLINE_FOR


class PresenceMiddleware:
    """Marks a signed-in student as seen on each request (cheap: one conditional UPDATE at most)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and user.is_student:
            student_seen(user=user)
        return response
