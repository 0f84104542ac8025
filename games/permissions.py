"""Who may play, watch or manage which matches and assignments (object checks + queryset filters)."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from classroom.models import User
from games.models import Assignment, Match


def assignments_managed_by(user: User) -> QuerySet[Assignment]:
    if not user.is_authenticated or not user.is_teacher:
        return Assignment.objects.none()
    return Assignment.objects.filter(classroom__teacher=user)


def assignments_for_student(user: User) -> QuerySet[Assignment]:
    """The assignments given to this student: their class's, for everyone or naming them."""
    if not user.is_authenticated or not user.is_student:
        return Assignment.objects.none()
    student = user.student
    return Assignment.objects.filter(classroom_id=student.classroom_id).filter(
        Q(students__isnull=True) | Q(students=student)).distinct()


def matches_visible_to(user: User) -> QuerySet[Match]:
    """Students see matches they sit in; teachers see their classes' matches."""
    if not user.is_authenticated:
        return Match.objects.none()
    if user.is_teacher:
        return Match.objects.filter(classroom__teacher=user)
    return Match.objects.filter(seats__user=user).distinct()


def seat_index_of(user: User, match: Match) -> int | None:
    """The user's seat in the match, or None (a spectator or a stranger)."""
    if not user.is_authenticated:
        return None
    for seat in match.seat_list():
        if seat.user_id == user.pk:
            return seat.index
    return None


def can_watch(user: User, match: Match) -> bool:
    return user.is_authenticated and user.is_teacher and match.classroom.teacher_id == user.pk


def can_connect(user: User, match: Match) -> bool:
    return seat_index_of(user, match) is not None or can_watch(user, match)
