"""Reads for assignments and matches."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils import timezone

from classroom.models import Classroom, User
from games.models import Assignment, Match
from games.permissions import assignments_for_student, can_watch, seat_index_of
from games.services.broadcast import SPECTATOR, match_meta, views_for


@dataclass(frozen=True)
class MatchAccess:
    seat: int | None  # None: watching


def match_access(*, user: User, match_id: int) -> MatchAccess | None:
    """A seated student gets their seat; the class's teacher watches; anyone else nothing."""
    if user is None or not user.is_authenticated:
        return None
    match = Match.objects.select_related("classroom").prefetch_related("seats").filter(pk=match_id).first()
    if match is None:
        return None
    seat = seat_index_of(user, match)
    if seat is not None:
        return MatchAccess(seat=seat)
    if can_watch(user, match):
        return MatchAccess(seat=None)
    return None


def match_snapshot(*, match_id: int, seat: int | None) -> dict:
    """The current state message for one seat (or a spectator)."""
    match = Match.objects.select_related("assignment").prefetch_related("seats__user").get(pk=match_id)
    views = views_for(match)
    return {"type": "state", "version": match.version,
            "view": views.get(SPECTATOR if seat is None else str(seat)), "events": [], "match": match_meta(match)}


def open_assignments_for_student(*, user: User) -> QuerySet[Assignment]:
    now = timezone.now()
    return (assignments_for_student(user).filter(closed_at__isnull=True, opens_at__lte=now)
            .exclude(closes_at__lte=now).order_by("opens_at", "id"))


def current_match_for(*, user: User) -> Match | None:
    return (Match.objects.filter(seats__user=user, status__in=[Match.Status.LOBBY, Match.Status.ACTIVE])
            .order_by("-created_at").first())


def match_history_for(*, user: User) -> QuerySet[Match]:
    return (Match.objects.filter(seats__user=user, status__in=[Match.Status.FINISHED, Match.Status.ABORTED])
            .prefetch_related("seats__user").order_by("-finished_at", "-id"))


def running_matches_for_class(*, classroom: Classroom) -> QuerySet[Match]:
    return (Match.objects.filter(classroom=classroom, status__in=[Match.Status.LOBBY, Match.Status.ACTIVE])
            .prefetch_related("seats__user").select_related("assignment").order_by("created_at"))
