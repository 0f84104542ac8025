"""Who may do what with classes and students.

Every permission is written once, as a pair that must agree: an object check
`can_<verb>_<thing>(user, obj) -> bool` and a queryset filter `<thing>_<verb>_filter(user) -> Q` that
selects exactly the objects the check allows. The API, the match socket and the selectors all use
these; `PERMISSIONS` lists every pair, and tests/test_permissions_agree.py proves on generated data
that each check and its filter agree. Filters never join a many-valued relation (they use Exists
instead), so they select each object once and compose with `select_for_update` and `annotate`.

Nobody who is signed out or whose account is switched off (`is_active` false) may do anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db.models import Model, Q, QuerySet

from classroom.models import Classroom, Student, User

M = TypeVar("M", bound=Model)

NOTHING = Q(pk__in=[])  # a filter that selects nothing (Django answers it without a query)


@dataclass(frozen=True)
class Permission(Generic[M]):
    """One permission: the object check and the filter of the same rule, for objects of `model`."""

    name: str
    model: type[M]
    check: Callable[[Any, M], bool]
    filter: Callable[[Any], Q]

    def queryset(self, user: User | Any) -> QuerySet[M]:
        """Every object this user has the permission for."""
        return self.model._default_manager.filter(self.filter(user))


# --- Who is acting ----------------------------------------------------------------------------
def is_acting(user: User | Any) -> bool:
    """Signed in with an active account (an AnonymousUser or None is not)."""
    return user is not None and user.is_authenticated and user.is_active


def is_teacher(user: User | Any) -> bool:
    return is_acting(user) and user.is_teacher


def is_student(user: User | Any) -> bool:
    return is_acting(user) and user.is_student


# --- Manage a class: its teacher --------------------------------------------------------------
def can_manage_class(user: User | Any, classroom: Classroom) -> bool:
    return is_teacher(user) and classroom.teacher_id == user.pk


def class_manage_filter(user: User | Any) -> Q:
    return Q(teacher=user) if is_teacher(user) else NOTHING


MANAGE_CLASS = Permission("manage_class", Classroom, can_manage_class, class_manage_filter)


def classrooms_managed_by(user: User | Any) -> QuerySet[Classroom]:
    return MANAGE_CLASS.queryset(user)


# --- Manage a student (edit, remove, cards, reports): the teacher of their class --------------
def can_manage_student(user: User | Any, student: Student) -> bool:
    return is_teacher(user) and student.classroom.teacher_id == user.pk


def student_manage_filter(user: User | Any) -> Q:
    return Q(classroom__teacher=user) if is_teacher(user) else NOTHING


MANAGE_STUDENT = Permission("manage_student", Student, can_manage_student, student_manage_filter)


def students_managed_by(user: User | Any) -> QuerySet[Student]:
    return MANAGE_STUDENT.queryset(user)


PERMISSIONS: tuple[Permission, ...] = (MANAGE_CLASS, MANAGE_STUDENT)
