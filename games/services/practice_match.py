""""Practise my facts" (issue 31): one tap on the progress page starts a game against the computer
dealt toward the child's Practise next facts.

The facts are the child's Practise next facts (games.reports.practise_next: at least two wrong
answers, not mastered, 2 x 2 to 12 x 12, the weakest first; the three the progress page lists).
The game is one of the child's open assignments that allows the computer: the one whose game can
deal the most of those facts (each engine's `focus_range(options).fits`, as the Focus option
uses), then the one with the easiest computer, then the first on the child's home page. An
assignment with a Fultiples grid batch deals printed boards as printed, so it deals none.

The match is the assignment's own game against its easiest allowed computer player (easy where
the teacher allows it), its options carrying the focus {"mode": "facts", "facts": [...]} of the
facts that game can deal (games/engines/focus.py), so the engine weights its deal with them and
the replay deals the same. It starts like "Play the computer" (games.services.matches): a lobby
the child waits in is left first, any other match answers `already_playing` with its id.

The practice facts are the child's own choice for this one match: games.services.focus records only an
assignment's own focus as the child's focus facts (games.models.FocusFact), so the reports' "Focus:
before and since" and the progress page's "My focus facts" stay about what the teacher set.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from classroom.errors import ServiceError
from classroom.models import User
from games.engines import get_engine
from games.engines.definition import BOT_LEVELS
from games.engines.focus import Fact, FocusError
from games.models import Assignment, Match
from games.reports.practise_next import HOW_MANY
from games.selectors import open_assignments_for_student
from games.services.focus import weakest_facts
from games.services.matches import start_against_computer

LEVELS = BOT_LEVELS  # easiest first: the easiest the teacher allows is the one a practice match plays

NOTHING_TO_PRACTISE = "You have no facts to practise yet. Play a game first!"
NO_COMPUTER = "Ask your teacher to let you play the computer."
NO_GAME_FOR_FACTS = "Your games do not have these facts yet. Ask your teacher for help."


@dataclass(frozen=True)
class PracticePlan:
    """Where a practice match is played: the assignment, its computer level, and the facts its game deals."""

    assignment: Assignment
    bot_level: str
    facts: tuple[Fact, ...]


def practice_facts(*, user: User) -> list[Fact]:
    """The child's Practise next facts, weakest first (the three the progress page lists)."""
    return weakest_facts(student=user.student)[:HOW_MANY]


def dealable(assignment: Assignment, facts: list[Fact]) -> tuple[Fact, ...]:
    """Those of `facts` the assignment's game can deal with its options; none with a grid batch."""
    if assignment.batch_id is not None:
        return ()
    try:
        fits = get_engine(assignment.game).focus_range(dict(assignment.options)).fits
    except FocusError:  # e.g. Stepping By Divisors filled by hand: no room for a focus
        return ()
    return tuple(fact for fact in facts if fits(*fact))


def easiest_level(assignment: Assignment) -> str | None:
    """The easiest computer player the assignment allows, or None when it allows none."""
    if not assignment.bots_allowed:
        return None
    return next((level for level in LEVELS if level in (assignment.bot_levels or [])), None)


def practice_plan(*, user: User, facts: list[Fact]) -> PracticePlan:
    """The assignment, level and facts of a practice match, or a ServiceError saying why there is none:
    `no_computer` (no open assignment allows the computer) or `no_game_for_facts` (none deals any)."""
    plans = []
    for position, assignment in enumerate(open_assignments_for_student(user=user)):
        level = easiest_level(assignment)
        if level is not None:
            plans.append((PracticePlan(assignment, level, dealable(assignment, facts)), position))
    if not plans:
        raise ServiceError("no_computer", NO_COMPUTER)
    plan, _ = min(plans, key=lambda item: (-len(item[0].facts), LEVELS.index(item[0].bot_level), item[1]))
    if not plan.facts:
        raise ServiceError("no_game_for_facts", NO_GAME_FOR_FACTS)
    return plan


@transaction.atomic
def practice_match(*, user: User) -> Match:
    """Start a match against the computer dealt toward the child's Practise next facts (see the module)."""
    facts = practice_facts(user=user)
    if not facts:
        raise ServiceError("nothing_to_practise", NOTHING_TO_PRACTISE)
    plan = practice_plan(user=user, facts=facts)
    focus = {"mode": "facts", "facts": [list(fact) for fact in plan.facts]}
    return start_against_computer(user=user, assignment=plan.assignment, bot_level=plan.bot_level,
                                  options_over={"focus": focus})
