"""Who is online: a student's last request or socket message, written at most every 30 s."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from classroom.models import Student, User

WRITE_EVERY = timedelta(seconds=30)
ONLINE_FOR = timedelta(seconds=90)


def student_seen(*, user: User) -> None:
    if not user.is_authenticated or not user.is_student:
        return
    now = timezone.now()
    Student.objects.filter(user=user).exclude(last_seen_at__gt=now - WRITE_EVERY).update(last_seen_at=now)


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
