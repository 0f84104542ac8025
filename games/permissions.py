"""Who may play, watch, replay or manage which assignments and matches.

Each permission is a pair that must agree, as in classroom.permissions (which explains the pattern):
an object check `can_<verb>_<thing>(user, obj)` and a filter `<thing>_<verb>_filter(user) -> Q`.
`PERMISSIONS` lists them; tests/test_permissions_agree.py proves each check and its filter agree.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet

from classroom.models import Student, User
from classroom.permissions import NOTHING, Permission, is_acting, is_student, is_teacher
from games.models import Assignment, Match, Seat


# --- Manage an assignment (edit, close, delete): the teacher of its class ----------------------
def can_manage_assignment(user: User | Any, assignment: Assignment) -> bool:
    return is_teacher(user) and assignment.classroom.teacher_id == user.pk


def assignment_manage_filter(user: User | Any) -> Q:
    return Q(classroom__teacher=user) if is_teacher(user) else NOTHING


MANAGE_ASSIGNMENT = Permission("manage_assignment", Assignment, can_manage_assignment, assignment_manage_filter)


def assignments_managed_by(user: User | Any) -> QuerySet[Assignment]:
    return MANAGE_ASSIGNMENT.queryset(user)


# --- Play an assignment: a student of its class it was given to (everyone, or naming them) -----
def can_play_assignment(user: User | Any, assignment: Assignment) -> bool:
    if not is_student(user):
        return False
    try:
        student = user.student
    except Student.DoesNotExist:
        return False
    if student.classroom_id != assignment.classroom_id:
        return False
    chosen = {other.pk for other in assignment.students.all()}
    return not chosen or student.pk in chosen


def assignment_play_filter(user: User | Any) -> Q:
    if not is_student(user):
        return NOTHING
    chosen = Assignment.students.through.objects.filter(assignment=OuterRef("pk"))
    # A user is at most one student, so this join selects each assignment at most once.
    return Q(classroom__students__user=user) & (~Q(Exists(chosen)) | Q(Exists(chosen.filter(student__user=user))))


PLAY_ASSIGNMENT = Permission("play_assignment", Assignment, can_play_assignment, assignment_play_filter)


def assignments_for_student(user: User | Any) -> QuerySet[Assignment]:
    """The assignments given to this student: their class's, for everyone or naming them."""
    return PLAY_ASSIGNMENT.queryset(user)


# --- Manage a match (watch it live, see every seat in its replay, end it): the class's teacher -
def can_manage_match(user: User | Any, match: Match) -> bool:
    return is_teacher(user) and match.classroom.teacher_id == user.pk


def match_manage_filter(user: User | Any) -> Q:
    return Q(classroom__teacher=user) if is_teacher(user) else NOTHING


MANAGE_MATCH = Permission("manage_match", Match, can_manage_match, match_manage_filter)


# --- View a match (its state, lobby, practice; the socket): who sits in it, or its manager -----
def seat_index_of(user: User | Any, match: Match) -> int | None:
    """The user's seat in the match, or None (a spectator, a student who left, or a stranger)."""
    if not is_acting(user):
        return None
    return next((seat.index for seat in match.seat_list() if seat.user_id == user.pk), None)


def can_view_match(user: User | Any, match: Match) -> bool:
    return seat_index_of(user, match) is not None or can_manage_match(user, match)


def match_view_filter(user: User | Any) -> Q:
    if not is_acting(user):
        return NOTHING
    return Q(Exists(Seat.objects.filter(match=OuterRef("pk"), user=user))) | match_manage_filter(user)


VIEW_MATCH = Permission("view_match", Match, can_view_match, match_view_filter)


def matches_visible_to(user: User | Any) -> QuerySet[Match]:
    return VIEW_MATCH.queryset(user)


# --- Replay a match (and find it in one's history): who played in it, even if they left -------
def played_seat_of(user: User | Any, match: Match) -> int | None:
    """The seat the user played in, also one they left, or None."""
    if not is_acting(user):
        return None
    return next((seat.index for seat in match.seat_list() if user.pk in (seat.user_id, seat.left_by_id)), None)


def can_replay_match(user: User | Any, match: Match) -> bool:
    return played_seat_of(user, match) is not None or can_manage_match(user, match)


def match_replay_filter(user: User | Any) -> Q:
    if not is_acting(user):
        return NOTHING
    played = Seat.objects.filter(Q(user=user) | Q(left_by=user), match=OuterRef("pk"))
    return Q(Exists(played)) | match_manage_filter(user)


REPLAY_MATCH = Permission("replay_match", Match, can_replay_match, match_replay_filter)


PERMISSIONS: tuple[Permission, ...] = (MANAGE_ASSIGNMENT, PLAY_ASSIGNMENT, MANAGE_MATCH, VIEW_MATCH, REPLAY_MATCH)
