"""DRF permission classes over classroom.permissions (the single source of who may do what).

These check the role only; which classes, students, assignments and matches a user may touch is
decided by the permission filters and checks of classroom.permissions and games.permissions."""

from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import BasePermission

from classroom.permissions import is_student, is_teacher


class IsTeacher(BasePermission):
    message = "Only teachers can do this."

    def has_permission(self, request, view) -> bool:
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        return is_teacher(request.user)


class IsStudent(BasePermission):
    message = "Only students can do this."

    def has_permission(self, request, view) -> bool:
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        return is_student(request.user)
