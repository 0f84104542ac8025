"""Who may see and change which classes and students. Written once: an object check plus a
queryset filter, used by the API, the consumers and the selectors alike."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from classroom.models import Classroom, Student, User


def classrooms_visible_to(user: User) -> QuerySet[Classroom]:
    """Teachers see their own classes; a student sees only their own class."""
    if not user.is_authenticated:
        return Classroom.objects.none()
    if user.is_teacher:
        return Classroom.objects.filter(teacher=user)
    return Classroom.objects.filter(students__user=user)


def classrooms_managed_by(user: User) -> QuerySet[Classroom]:
    if not user.is_authenticated or not user.is_teacher:
        return Classroom.objects.none()
    return Classroom.objects.filter(teacher=user)


def can_view_class(user: User, classroom: Classroom) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_teacher:
        return classroom.teacher_id == user.pk
    return Student.objects.filter(user=user, classroom=classroom).exists()


def can_manage_class(user: User, classroom: Classroom) -> bool:
    return user.is_authenticated and user.is_teacher and classroom.teacher_id == user.pk


def students_managed_by(user: User) -> QuerySet[Student]:
    """The students whose records this user may change: a teacher's own classes' students."""
    if not user.is_authenticated or not user.is_teacher:
        return Student.objects.none()
    return Student.objects.filter(classroom__teacher=user)


def students_visible_to(user: User) -> QuerySet[Student]:
    """A teacher sees their classes' students; a student sees their own classmates."""
    if not user.is_authenticated:
        return Student.objects.none()
    if user.is_teacher:
        return Student.objects.filter(classroom__teacher=user)
    return Student.objects.filter(Q(classroom__students__user=user)).distinct()
