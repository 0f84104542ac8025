"""Assignments: a game given to a class or to some of its students, with its options."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from classroom.errors import ServiceError
from classroom.models import Classroom, Student, User
from classroom.services import classroom_create
from games.engines import DEFINITIONS, IllegalAction, get_engine
from games.engines.base import FocusRefusal
from games.engines.definition import BOT_LEVELS, GameDefinition
from games.engines.focus import parse_focus
from games.engines.option_check import teacher_option_problems
from games.models import Assignment, BoardBatch


def _definition(game: str) -> GameDefinition:
    if game not in DEFINITIONS:
        raise ServiceError("invalid", "Choose one of the four games.", {"game": ["Unknown game."]})
    return DEFINITIONS[game]


def check_game_options(*, game: str, players: int, options: dict) -> dict:
    """Options as the game's definition allows a teacher to give them and its engine's setup accepts.

    A problem with one option is reported under `options.<name>`; a refusal of the options
    together (from the engine's setup) under `options`.
    """
    definition = _definition(game)
    if not isinstance(players, int) or not definition.min_players <= players <= definition.max_players:
        message = f"{definition.title} is for {definition.min_players} to {definition.max_players} players."
        raise ServiceError("invalid", message, {"players_per_match": [message]})
    problems = teacher_option_problems(definition, options)
    if problems:
        fields: dict[str, list[str]] = {}
        for problem in problems:
            fields.setdefault("options" if problem.option is None else f"options.{problem.option}", []).append(
                problem.message)
        raise ServiceError("invalid", " ".join(problem.message for problem in problems), fields)
    try:
        get_engine(game).setup(players=players, options=dict(options), seed=0, now_ms=0)
    except IllegalAction as refusal:
        field = "options.focus" if isinstance(refusal, FocusRefusal) else "options"
        raise ServiceError("invalid", refusal.message, {field: [refusal.message]}) from None
    return dict(options)


def _check_focus_with_batch(options: dict, batch: BoardBatch | None) -> None:
    """A grid batch's boards are played as printed, so its matches cannot weight their board."""
    if batch is not None and parse_focus(options.get("focus")) is not None:
        message = "Focus cannot change a grid batch's printed boards: choose no batch, or focus none."
        raise ServiceError("invalid", message, {"options.focus": [message]})


def _check_bot_levels(game: str, levels: list) -> list[str]:
    offered = _definition(game).bot_levels
    if not isinstance(levels, list) or any(level not in offered for level in levels):
        raise ServiceError("invalid", f"Computer levels are {' and '.join(offered)}.",
                           {"bot_levels": [f"Choose {' or '.join(offered)}."]})
    return sorted(set(levels), key=offered.index)


def _check_dates(opens_at: datetime | None, closes_at: datetime | None) -> None:
    if opens_at and closes_at and closes_at <= opens_at:
        raise ServiceError("invalid", "The closing date must be after the opening date.",
                           {"closes_at": ["Must be after the opening date."]})


def _check_batch(classroom: Classroom, game: str, batch: BoardBatch | None) -> None:
    if batch is None:
        return
    if not _definition(game).takes_grid_batches or batch.teacher_id != classroom.teacher_id:
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
    _check_focus_with_batch(options, batch)
    levels = _check_bot_levels(game, bot_levels if bot_levels is not None else list(_definition(game).bot_levels))
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
    assignment.bot_levels = _check_bot_levels(assignment.game, assignment.bot_levels)
    if "batch" in changes:
        _check_batch(assignment.classroom, assignment.game, assignment.batch)
    _check_focus_with_batch(assignment.options, assignment.batch)
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


# The game a new class starts with: Four-in-a-Row is the shortest to learn (docs/teachers.md, "Classes").
STARTER_GAME = "four_in_a_row"
STARTER_BOT_LEVELS = list(BOT_LEVELS)


@transaction.atomic
def classroom_open(*, teacher: User, name: str) -> Classroom:
    """A teacher's new class with one ready assignment of STARTER_GAME at the game's proposed options, open
    now for the whole class, so a child who signs in always has something to play. The teacher changes or
    removes it as any assignment. It opens at the very instant the class was made: that marks it as the
    starter (games.selectors.teacher_checklist)."""
    classroom = classroom_create(teacher=teacher, name=name)
    assignment_create(classroom=classroom, game=STARTER_GAME, options=DEFINITIONS[STARTER_GAME].starting_options(),
                      bot_levels=STARTER_BOT_LEVELS, opens_at=classroom.created_at)
    return classroom
