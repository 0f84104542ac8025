"""Assignments: a game given to a class or to some of its students, with its options."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from classroom.errors import ServiceError
from classroom.models import Classroom, Student
from games.bots import LEVELS
from games.engines import ENGINES, IllegalAction, get_engine
from games.models import Assignment, BoardBatch

ENGINE_OPTION_KEYS = {
    "fultiples": {"level", "time_limit_s", "strict", "rows", "cols", "primes", "scale_max", "max_value"},
    "four_in_a_row": {"time_limit_s", "strict", "target_score"},
    "multiplin": {"round_time_s", "lockout_ms", "tie_window_ms", "auto_skip", "skip_after_ms"},
    "stepping_divisors": {"size", "time_limit_s", "strict", "random_fill"},
}


def check_game_options(*, game: str, players: int, options: dict) -> dict:
    """Options as the engine's own setup accepts them; its refusal becomes a field error."""
    if game not in ENGINES:
        raise ServiceError("invalid", "Choose one of the four games.", {"game": ["Unknown game."]})
    engine = get_engine(game)
    if not isinstance(players, int) or not engine.min_players <= players <= engine.max_players:
        message = f"{engine.title} is for {engine.min_players} to {engine.max_players} players."
        raise ServiceError("invalid", message, {"players_per_match": [message]})
    if not isinstance(options, dict):
        raise ServiceError("invalid", "Options must be an object.", {"options": ["Options must be an object."]})
    unknown = set(options) - ENGINE_OPTION_KEYS[game]
    if unknown:
        message = f"Unknown option for {engine.title}: {', '.join(sorted(unknown))}."
        raise ServiceError("invalid", message, {"options": [message]})
    try:
        engine.setup(players=players, options=dict(options), seed=0, now_ms=0)
    except IllegalAction as refusal:
        raise ServiceError("invalid", refusal.message, {"options": [refusal.message]}) from None
    return dict(options)


def _check_bot_levels(levels: list) -> list[str]:
    if not isinstance(levels, list) or any(level not in LEVELS for level in levels):
        raise ServiceError("invalid", "Computer levels are easy and hard.", {"bot_levels": ["Choose easy or hard."]})
    return sorted(set(levels), key=LEVELS.index)


def _check_dates(opens_at: datetime | None, closes_at: datetime | None) -> None:
    if opens_at and closes_at and closes_at <= opens_at:
        raise ServiceError("invalid", "The closing date must be after the opening date.",
                           {"closes_at": ["Must be after the opening date."]})


def _check_batch(classroom: Classroom, game: str, batch: BoardBatch | None) -> None:
    if batch is None:
        return
    if game != "fultiples" or batch.teacher_id != classroom.teacher_id:
        raise ServiceError("invalid", "Use one of your own grid batches, with Fultiples.",
                           {"batch": ["Choose one of your grid batches (Fultiples only)."]})
    if batch.status != BoardBatch.Status.DONE:
        raise ServiceError("invalid", "That batch is not ready yet.", {"batch": ["Wait until the batch is ready."]})


def _check_students(classroom: Classroom, students: list[Student]) -> None:
    if any(student.classroom_id != classroom.pk for student in students):
        raise ServiceError("invalid", "Those students are not all in this class.",
                           {"students": ["Choose students of this class."]})


@transaction.atomic
def assignment_create(*, classroom: Classroom, game: str, players_per_match: int = 2, options: dict | None = None,
                      title: str = "", hints: bool = False, bots_allowed: bool = True,
                      bot_levels: list | None = None, idle_takeover_s: int = 180, computer_offer_after_s: int = 20,
                      opens_at: datetime | None = None, closes_at: datetime | None = None,
                      students: list[Student] | None = None, batch: BoardBatch | None = None) -> Assignment:
    options = check_game_options(game=game, players=players_per_match, options=options or {})
    _check_batch(classroom, game, batch)
    levels = _check_bot_levels(bot_levels if bot_levels is not None else list(LEVELS))
    _check_dates(opens_at or timezone.now(), closes_at)
    _check_students(classroom, students or [])
    assignment = Assignment.objects.create(
        classroom=classroom, game=game, title=title.strip()[:100], players_per_match=players_per_match,
        options=options, hints=hints, bots_allowed=bots_allowed, bot_levels=levels,
        idle_takeover_s=idle_takeover_s, computer_offer_after_s=computer_offer_after_s,
        opens_at=opens_at or timezone.now(), closes_at=closes_at, batch=batch)
    if students:
        assignment.students.set(students)
    return assignment


@transaction.atomic
def assignment_update(*, assignment: Assignment, **changes) -> Assignment:
    """Change what the teacher may change. The game of an assignment stays what it was (for another
    game the teacher makes a new assignment): a `game` among the changes is ignored."""
    changes.pop("game", None)
    students = changes.pop("students", None)
    for key, value in changes.items():
        setattr(assignment, key, value)
    assignment.options = check_game_options(game=assignment.game, players=assignment.players_per_match,
                                            options=assignment.options)
    assignment.bot_levels = _check_bot_levels(assignment.bot_levels)
    if "batch" in changes:
        _check_batch(assignment.classroom, assignment.game, assignment.batch)
    _check_dates(assignment.opens_at, assignment.closes_at)
    assignment.save()
    if students is not None:
        _check_students(assignment.classroom, students)
        assignment.students.set(students)
    return assignment


def assignment_close(*, assignment: Assignment) -> Assignment:
    """Students can start no new match; running matches play on."""
    if assignment.closed_at is None:
        assignment.closed_at = timezone.now()
        assignment.save(update_fields=["closed_at"])
    return assignment


def assignment_delete(*, assignment: Assignment) -> None:
    """Matches and their attempts stay (they are the children's drill data); they lose the link."""
    assignment.delete()
