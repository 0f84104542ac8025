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


def classmates_of_student(*, user: User) -> list[dict]:
    """Everyone in a student's class, themself included (`me`): name, avatar, and who is online now,
    so a child sees who can answer a challenge. Nothing else about a classmate."""
    from classroom.avatars import avatar_of
    from classroom.presence import is_online

    classroom = classroom_of_student(user=user)
    if classroom is None:
        return []
    return [{"user_id": s.user_id, "name": s.display_name, "avatar": avatar_of(s.avatar, s.avatar_colour),
             "online": is_online(s), "me": s.user_id == user.pk}
            for s in student_list_for_classroom(classroom=classroom)]


def avatar_of_user(*, user: User) -> dict[str, str] | None:
    """A student's avatar ({picture, colour}), or None: a teacher, or a child who has not chosen one."""
    from classroom.avatars import avatar_of

    if not user.is_student:
        return None
    row = Student.objects.filter(user=user).values("avatar", "avatar_colour").first()
    return avatar_of(row["avatar"], row["avatar_colour"]) if row else None
