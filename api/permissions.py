"""DRF permission classes over classroom.permissions (the single source of who may do what)."""

from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import BasePermission


class IsTeacher(BasePermission):
    message = "Only teachers can do this."

    def has_permission(self, request, view) -> bool:
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        return request.user.is_teacher


class IsStudent(BasePermission):
    message = "Only students can do this."

    def has_permission(self, request, view) -> bool:
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        return request.user.is_student
