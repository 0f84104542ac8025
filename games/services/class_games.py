"""The teacher's controls over every game of a class at once: the bell (end them all) and the pause."""

from __future__ import annotations

from django.utils import timezone

from classroom.models import Classroom
from games.models import Match
from games.services import moves

OPEN = [Match.Status.LOBBY, Match.Status.ACTIVE]


def class_games_end(*, classroom: Classroom) -> int:
    """End every running match and lobby of the class, each on its own write path. Returns how many."""
    ids = list(Match.objects.filter(classroom=classroom, status__in=OPEN).values_list("pk", flat=True))
    return sum(moves.match_end_by_teacher(match_id=match_id) for match_id in ids)


def class_games_pause(*, classroom: Classroom, paused: bool) -> int:
    """Pause (or resume) every running match of the class; a match that starts while the class is
    paused starts paused. Returns how many matches changed."""
    Classroom.objects.filter(pk=classroom.pk).update(games_paused_at=timezone.now() if paused else None)
    classroom.refresh_from_db(fields=["games_paused_at"])
    ids = list(Match.objects.filter(classroom=classroom, status=Match.Status.ACTIVE).values_list("pk", flat=True))
    return sum(moves.match_pause(match_id=match_id, paused=paused) for match_id in ids)
