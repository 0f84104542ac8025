"""Reads for classes and rosters."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from classroom.models import Classroom, Student, User
from classroom.permissions import classrooms_managed_by


def classroom_list_for_teacher(*, teacher: User) -> QuerySet[Classroom]:
    return classrooms_managed_by(teacher).annotate(student_count=Count("students")).order_by(
        "archived_at", "name", "id")


def student_list_for_classroom(*, classroom: Classroom) -> QuerySet[Student]:
    return Student.objects.filter(classroom=classroom).order_by("display_name", "id")


def classroom_by_join_code(*, code: str) -> Classroom | None:
    return Classroom.objects.filter(join_code=(code or "").strip().upper(), archived_at__isnull=True).first()


def student_count_for_classroom(*, classroom: Classroom) -> int:
    return Student.objects.filter(classroom=classroom).count()


def classroom_of_student(*, user: User) -> Classroom | None:
    """The class of a student's account; None for a teacher."""
    if not user.is_student:
        return None
    return Classroom.objects.filter(students__user=user).first()
