"""Weeks of history for the demo class, made by playing real matches through the services: the
demo children sit in the seats and a personality (games.bots.personality) chooses each of their
moves, on a simulated clock four weeks back, so the first report a teacher opens shows patterns,
help groups, trends and replays. Idempotent: a class that has matches gets none."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from django.db import transaction

from classroom.errors import ServiceError
from classroom.models import Classroom, Student
from games import clock
from games.bots import get_bot
from games.bots.personality import ADDS_INSTEAD, SHAKY_ON_7_AND_8, STEADY, STRONG, Personality, choose
from games.engines import DEFINITIONS, get_engine
from games.models import GAME_CHOICES, Assignment, Attempt, Match, Move
from games.services.assignments import assignment_create
from games.services.matches import match_quick
from games.services.moves import match_end_by_teacher, match_submit_action
from games.services.tallies import tally_rebuild

WEEKS = 4
WEEK_MS = 7 * 24 * 3600 * 1000
MAX_ACTIONS = 120
HISTORY_GAMES = ("four_in_a_row", "fultiples")


def demo_history(*, classroom: Classroom, seed: int = 2026) -> int:
    """Assign each game once and play WEEKS weeks of matches between the class's children. Returns
    the number of matches played (0 when the class already has some)."""
    if Match.objects.filter(classroom=classroom).exists():
        return 0
    assignments = _one_assignment_per_game(classroom)
    children = list(Student.objects.filter(classroom=classroom).select_related("user").order_by("display_name"))
    weak_spots = [SHAKY_ON_7_AND_8, ADDS_INSTEAD, STRONG]  # the first three children; the others are steady
    personality = {child.pk: kind for child, kind in zip(children, weak_spots, strict=False)}
    rng = random.Random(seed)
    played = 0
    now = clock.now_ms()
    for week in range(WEEKS, 0, -1):
        with clock.simulated(now - week * WEEK_MS + rng.randint(0, 3600_000)) as sim, transaction.atomic():
            for game in HISTORY_GAMES:
                pairs = children[:]
                rng.shuffle(pairs)
                for first, second in zip(pairs[::2], pairs[1::2], strict=False):
                    match_quick(user=first.user, assignment_id=assignments[game].pk)
                    match = match_quick(user=second.user, assignment_id=assignments[game].pk)
                    _play(match, {first.user_id: personality.get(first.pk, STEADY),
                                  second.user_id: personality.get(second.pk, STEADY)}, sim, rng)
                    _date(match)
                    played += 1
                    sim.advance(rng.randint(60_000, 600_000))
    tally_rebuild(classroom_ids=[classroom.pk])  # the attempts were re-dated to their weeks
    return played


def _one_assignment_per_game(classroom: Classroom) -> dict[str, Assignment]:
    """Each game assigned once, at the options a new assignment starts with (the game's proposal: a
    Stepping By Divisors board the computer fills, so a child meets the maths at the first tap)."""
    existing = {a.game: a for a in Assignment.objects.filter(classroom=classroom)}
    for game, _ in GAME_CHOICES:
        if game not in existing:
            existing[game] = assignment_create(classroom=classroom, game=game,
                                               options=DEFINITIONS[game].starting_options(),
                                               bot_levels=list(DEFINITIONS[game].bot_levels))
    return existing


def _play(match: Match, personalities: dict[int, Personality], sim: clock.SimulatedClock, rng: random.Random) -> None:
    engine = get_engine(match.game)
    easy = get_bot(match.game, "easy")
    for _ in range(MAX_ACTIONS):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return
        state = match.dealt_state
        seat = engine.to_move(state)[0]
        child = match.seat_list(reload=True)[seat].user
        if child is None:  # the demo seats children only
            break
        now = sim.advance(rng.randint(1_500, 9_000))  # a child thinks
        if match.game == "four_in_a_row":
            action = choose(state, seat, personalities[child.pk], now, rng)
        else:
            move = easy.choose(state, seat, now, rng)
            action = move.action if move else None
        if action is None:
            break
        try:
            match_submit_action(match_id=match.pk, user=child, action=action)
        except ServiceError:
            break
    match_end_by_teacher(match_id=match.pk)  # a lesson's end: the bell


def _date(match: Match) -> None:
    """The match, its moves and its attempts carry the simulated time they were played at."""
    moves = list(Move.objects.filter(match=match).values_list("version", "now_ms"))
    when = {version: _datetime(ms) for version, ms in moves}
    for version, moment in when.items():
        Move.objects.filter(match=match, version=version).update(created_at=moment)
    if match.start_ms is None:  # never started: nothing was played
        return
    first, last = _datetime(match.start_ms), _datetime(max(ms for _, ms in moves) if moves else match.start_ms)
    Match.objects.filter(pk=match.pk).update(created_at=first, started_at=first, finished_at=last)
    Attempt.objects.filter(match=match).update(created_at=last)


def _datetime(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, tz=UTC)
