"""The one write path for a match: players (REST and socket), bots, timers, seats, the teacher.

Every change, a move or not: lock the match row, apply it (the engine, with the server's now_ms,
for a move), save the match with version + 1, insert one Move (and a move's students' Attempt
rows), plan the computer players and the next time the scheduler must look, then broadcast on
commit. `_commit` is the one place that does the last four; moves reach it through `_record`,
every other change (a seat taken or left, the start, the end, a pause, a rematch) through
`match_change`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from classroom.errors import Forbidden, NotFound, ServiceError
from classroom.models import User
from games import clock
from games.bots import get_bot
from games.engines import IllegalAction, Outcome, get_engine
from games.models import Attempt, Match, Move, Seat
from games.permissions import can_manage_match
from games.reports.attribution import attributed_fact
from games.reports.mistakes import classify
from games.services import match_store
from games.services.broadcast import send_on_commit
from games.services.tallies import tally_add

MAX_CLIENT_ID = 64
TAKEOVER_LEVEL = "easy"
# What a change may change on the match row (a lobby started early has fewer players; the host leaves a
# lobby); the rest (seed, options, class) is saved when the match is made.
CHANGED_FIELDS = ["players", "host", "state", "version", "status", "result", "start_ms", "started_at",
                  "finished_at", "next_due_ms", "paused_at_ms", "behind_ms"]


@dataclass(frozen=True)
class Accepted:
    version: int
    duplicate: bool = False


@dataclass(frozen=True)
class Change:
    """A change of a match that is not a move, as the move log keeps it: its kind (a Move.Source), what
    changed (`action`, e.g. {"type": "leave", "user_id": 7}), what the sockets are told, and whose seat."""

    source: str
    action: dict
    events: list[dict]
    seat: int | None = None


@dataclass(frozen=True)
class Changed:
    match: Match  # as it is after the change (or as it was, if there was nothing to change)
    changed: bool


def match_change(*, match_id: int, change: Callable[[Match], Change | None]) -> Changed:
    """The write path for every change that is not a move: `change` gets the match under its row lock,
    with its seats, and changes them (writing its seats' rows itself), or refuses with a ServiceError,
    or returns None when there is nothing to do. A change is then recorded as a move is: version + 1,
    one Move row, the match row saved, the computer players planned, broadcast on commit."""
    with transaction.atomic():
        match = _locked(match_id)
        made = change(match)
        if made is None:
            return Changed(match=match, changed=False)
        _commit_change(match, made, clock.match_now_ms(match))
        return Changed(match=match, changed=True)


def match_submit_action(*, match_id: int, user: User, action: dict, client_id: str | None = None) -> Accepted:
    """A student's action. A repeated client_id is answered with its version, not applied twice."""
    return submit_by_user_id(match_id=match_id, user_id=user.pk, action=action, client_id=client_id)


def submit_by_user_id(*, match_id: int, user_id: int, action: dict, client_id: str | None = None) -> Accepted:
    """`match_submit_action` for the student with this id: the database's own transaction and row lock."""
    check_client_id(client_id)
    with transaction.atomic(), match_store.batched_writes():
        match = _locked(match_id, repeat_of=client_id)
        with match_store.judged_without_queries():
            return submit_on_locked(match, user_id=user_id, action=action, client_id=client_id)


def check_client_id(client_id: object) -> None:
    """A client_id is absent or a short string (it is stored with the move and sent back)."""
    if client_id is not None and (not isinstance(client_id, str) or not 0 < len(client_id) <= MAX_CLIENT_ID):
        raise ServiceError("bad_action", "The client_id must be a short string.")


def submit_on_locked(match: Match, *, user_id: int, action: dict, client_id: str | None) -> Accepted:
    """`match_submit_action` once the match is locked (read with `repeat_of=client_id`): the one place a
    student's action is judged and recorded, whichever connection (games.realtime.move_path) carries it."""
    seat = next((s for s in match.seat_list() if s.user_id == user_id), None)
    if seat is None:  # as every other match endpoint answers somebody who may not see it
        raise NotFound("not_found", "No such match.")
    if seat.repeat_of is not None:  # only ever set for this action's client_id
        return Accepted(version=seat.repeat_of, duplicate=True)
    if match.status != Match.Status.ACTIVE:
        code = "game_over" if match.status in (Match.Status.FINISHED, Match.Status.ABORTED) else "not_started"
        raise ServiceError(code, "This match is not being played.")
    if match.paused_at_ms is not None:
        raise ServiceError("paused", PAUSED_MESSAGE)
    now = clock.match_now_ms(match)
    try:
        outcome = get_engine(match.game).apply(match.dealt_state, seat.index, action, now)
    except IllegalAction as refusal:
        raise ServiceError(refusal.code, refusal.message) from None
    if seat.taken_over:  # the student is back: the stand-in steps aside, a change before the move
        _commit_change(match, _hand_back(seat, now), now)
    else:
        seat.last_active_ms = now
        match_store.update(seat, ["last_active_ms"])
    _record(match, outcome, seat=seat.index, source=Move.Source.PLAYER, action=action,
            client_id=client_id or None, now=now)
    return Accepted(version=match.version)


def match_advance(*, match_id: int) -> int:
    """Whatever is due now: engine deadlines, bot turns, idle seats. Returns changes made.

    Safe to call from any process at any time: it re-reads the match under its lock and does
    nothing that is not due, so a deadline or a bot move never happens twice.
    """
    changes = 0
    with transaction.atomic(), match_store.batched_writes():
        match = _locked(match_id)
        if match.status != Match.Status.ACTIVE or match.paused_at_ms is not None:
            if match.next_due_ms is not None:
                Match.objects.filter(pk=match.pk).update(next_due_ms=None)
            return 0
        now = clock.match_now_ms(match)
        engine = get_engine(match.game)
        for _ in range(20):  # a few things may be due at once; each is one version
            if match.status != Match.Status.ACTIVE:
                break
            due = engine.deadline(match.dealt_state)
            if due is not None and due <= now:
                _record(match, engine.tick(match.dealt_state, now), seat=None, source=Move.Source.TIMER,
                        action=None, client_id=None, now=now)
                changes += 1
                continue
            if _play_due_bot(match, now):
                changes += 1
                continue
            break
        if match.status == Match.Status.ACTIVE:
            changes += _take_over_idle_seats(match, now)
    return changes


def match_end(*, match_id: int, user: User) -> Match:
    """The class's teacher ends a running match (or a lobby) for everybody."""

    def end(match: Match) -> Change | None:
        if not can_manage_match(user, match):
            raise Forbidden("forbidden", "Only the class's teacher can end a match.")
        return _end_by_teacher(match)

    return match_change(match_id=match_id, change=end).match


def match_end_by_teacher(*, match_id: int) -> bool:
    """End one match for the teacher (the caller has checked who asks). False if it was over."""
    return match_change(match_id=match_id, change=_end_by_teacher).changed


def match_pause(*, match_id: int, paused: bool) -> bool:
    """Stop or restart a running match's clock (games.clock.match_now_ms): its deadlines, computer
    players and idle timers wait, and moves are refused, until it resumes. False if nothing changed."""

    def pause(match: Match) -> Change | None:
        paused_at = match.paused_at_ms
        if match.status != Match.Status.ACTIVE or (paused_at is not None) == paused:
            return None
        wall = clock.now_ms()
        if paused_at is None:  # it runs: pause it
            match.paused_at_ms = wall
        else:
            match.behind_ms += wall - paused_at
            match.paused_at_ms = None
        return Change(source=Move.Source.PAUSE, action={"type": "pause" if paused else "resume"},
                      events=[{"type": "paused" if paused else "resumed"}])

    return match_change(match_id=match_id, change=pause).changed


def seat_take_back(*, match_id: int, user: User) -> None:
    """The student returns: their stand-in bot steps aside."""

    def take_back(match: Match) -> Change | None:
        seat = next((s for s in match.seat_list() if s.user_id == user.pk), None)
        if seat is None or not seat.taken_over:
            return None
        return _hand_back(seat, clock.match_now_ms(match))

    match_change(match_id=match_id, change=take_back)


def _hand_back(seat: Seat, now: int) -> Change:
    """The stand-in computer player gives the seat back to its student."""
    seat.taken_over = False
    seat.last_active_ms = now
    seat.bot_due_ms = seat.bot_action = seat.bot_version = None
    match_store.update(seat, ["taken_over", "last_active_ms", "bot_due_ms", "bot_action", "bot_version"])
    return Change(source=Move.Source.SEAT, seat=seat.index, action={"type": "take_back", "user_id": seat.user_id},
                  events=[{"type": "taken_back", "seat": seat.index}])


# --- internals --------------------------------------------------------------------------------
PAUSED_MESSAGE = "Your teacher has paused the game. Eyes on your teacher!"


def _end_by_teacher(match: Match) -> Change | None:
    if match.status in (Match.Status.FINISHED, Match.Status.ABORTED):
        return None
    match.status = Match.Status.ABORTED
    match.result = {"winners": [], "reason": "ended_by_teacher"}
    match.finished_at = timezone.now()
    return Change(source=Move.Source.END, action={"type": "end"}, events=[{"type": "ended_by_teacher"}])


def _locked(match_id: int, *, repeat_of: str | None = None) -> Match:
    match = match_store.lock_match(match_id, repeat_of=repeat_of)
    if match is None:
        raise NotFound("not_found", "No such match.")
    return match


def _record(match: Match, outcome: Outcome, *, seat: int | None, source: str, action: dict | None,
            client_id: str | None, now: int) -> None:
    """Save one accepted move: the engine's new state (and result), then the change with its attempts."""
    match.state = outcome.state
    result = outcome.state.get("result")
    if result is not None:
        match.status = Match.Status.FINISHED
        match.result = result
        match.finished_at = timezone.now()
    _commit(match, source=source, seat=seat, action=action, events=outcome.events, client_id=client_id, now=now,
            attempts=outcome.attempts)


def _commit_change(match: Match, change: Change, now: int) -> None:
    _commit(match, source=change.source, seat=change.seat, action=change.action, events=change.events,
            client_id=None, now=now)


def _commit(match: Match, *, source: str, seat: int | None, action: dict | None, events: list[dict],
            client_id: str | None, now: int, attempts: list[dict] | None = None) -> None:
    """Record one change of the locked match, whatever its kind: version + 1, its Move row (and a move's
    attempts), the match row saved with the computer players planned, and the broadcast on commit."""
    match.version += 1
    match_store.insert(Move, [{"match_id": match.pk, "version": match.version, "seat": seat, "source": source,
                               "action": action, "client_id": client_id, "now_ms": now, "events": events}])
    if attempts:
        _store_attempts(match, attempts)
    plan_and_save(match, now)
    send_on_commit(match, events)


def _store_attempts(match: Match, attempts: list[dict]) -> None:
    """Students' attempts only (not a computer player's, nor a stand-in bot's), each with its mistake type
    and the grid fact it counts for or against (games.reports)."""
    students = {seat.index: seat.user_id for seat in match.seat_list()
                if seat.user_id and not seat.bot_playing}
    at = timezone.now()
    rows = []
    for item in attempts:
        student = students.get(item["seat"])
        if student is None:
            continue
        mistake_type = classify(item["kind"], item["a"], item["b"], item.get("answer"), item["correct"])
        fact = attributed_fact(kind=item["kind"], a=item["a"], b=item["b"], answer=item.get("answer"),
                               correct=item["correct"], mistake_type=mistake_type) or (None, None)
        rows.append({
            "student_id": student, "classroom_id": match.classroom_id, "match_id": match.pk, "version": match.version,
            "game": match.game, "kind": item["kind"], "a": item["a"], "b": item["b"], "answer": item.get("answer"),
            "correct": item["correct"], "think_ms": max(0, int(item.get("think_ms") or 0)), "fact_a": fact[0],
            "fact_b": fact[1], "mistake_type": mistake_type, "created_at": at})
    match_store.insert(Attempt, rows)
    tally_add(rows)


def plan_and_save(match: Match, now: int) -> None:
    """Plan each computer player that may act, and when the scheduler must next look; save the match row."""
    engine = get_engine(match.game)
    dues: list[int] = []
    if match.status == Match.Status.ACTIVE:
        to_move = set(engine.to_move(match.dealt_state))
        idle_limit_ms = _idle_limit_ms(match)
        for seat in match.seat_list():
            if seat.index not in to_move:
                if seat.bot_due_ms is not None:
                    seat.bot_due_ms = seat.bot_action = seat.bot_version = None
                    match_store.update(seat, ["bot_due_ms", "bot_action", "bot_version"])
                continue
            if seat.bot_playing:
                _plan_bot(match, seat, now)
                if seat.bot_due_ms is not None:
                    dues.append(seat.bot_due_ms)
            elif seat.user_id and idle_limit_ms:
                dues.append(seat.last_active_ms + idle_limit_ms)
        deadline = engine.deadline(match.dealt_state)
        if deadline is not None:
            dues.append(deadline)
    # The scheduler compares with the server's clock: a due time on the match's clock is `behind_ms` earlier.
    match.next_due_ms = min(dues) + match.behind_ms if dues and match.paused_at_ms is None else None
    match_store.update(match, CHANGED_FIELDS)


def _plan_bot(match: Match, seat: Seat, now: int) -> None:
    if seat.bot_version == match.version and seat.bot_due_ms is not None:
        return
    bot = get_bot(match.game, seat.bot_level or TAKEOVER_LEVEL)
    rng = random.Random(f"{match.seed}:{match.version}:{seat.index}")
    move = bot.choose(match.dealt_state, seat.index, now, rng)
    if move is None:
        seat.bot_due_ms = seat.bot_action = None
    else:
        # A plan made before the latest change keeps its time: the bot's reaction clock runs on.
        due = now + int(max(0, move.delay_ms) * settings.BOT_DELAY_SCALE)
        if seat.bot_due_ms is not None and seat.bot_version is not None:
            due = max(now, min(due, seat.bot_due_ms))
        seat.bot_due_ms, seat.bot_action = due, move.action
    seat.bot_version = match.version
    match_store.update(seat, ["bot_due_ms", "bot_action", "bot_version"])


def _play_due_bot(match: Match, now: int) -> bool:
    engine = get_engine(match.game)
    for seat in match.seat_list():
        if not (seat.bot_playing and seat.bot_due_ms is not None and seat.bot_due_ms <= now):
            continue
        if seat.bot_version != match.version:
            _plan_bot(match, seat, now)
            if seat.bot_due_ms is None or seat.bot_due_ms > now:
                continue
        action = seat.bot_action
        seat.bot_due_ms = seat.bot_action = seat.bot_version = None
        changed = ["bot_due_ms", "bot_action", "bot_version"]
        try:
            if action is None:  # a due plan has its action (_plan_bot); without one, think again
                raise IllegalAction("bad_action", "no planned action")
            outcome = engine.apply(match.dealt_state, seat.index, action, now)
        except IllegalAction:
            match_store.update(seat, changed)
            plan_and_save(match, now)  # the game moved on under the plan; think again
            return False
        if seat.taken_over:  # the child must see that a stand-in played for them
            seat.stand_in_moves += 1
            changed.append("stand_in_moves")
            outcome.events.append({"type": "stand_in_played", "seat": seat.index})
        match_store.update(seat, changed)
        _record(match, outcome, seat=seat.index, source=Move.Source.BOT, action=action, client_id=None, now=now)
        return True
    return False


def _idle_limit_ms(match: Match) -> int:
    """How long a child may stay silent before a stand-in plays for them; 0: never. Never in a match
    against the computer: the child chose to play it, and a stand-in there would play the computer for them."""
    if match.kind == Match.Kind.COMPUTER:
        return 0
    return (match.assignment.idle_takeover_s if match.assignment else 180) * 1000


def _take_over_idle_seats(match: Match, now: int) -> int:
    """A student silent longer than the assignment allows, while they may act, gets an easy stand-in: one
    change per seat taken over. Returns how many."""
    limit_ms = _idle_limit_ms(match)
    if not limit_ms:
        return 0
    to_move = set(get_engine(match.game).to_move(match.dealt_state))
    idle = [seat for seat in match.seat_list() if seat.user_id and not seat.bot_level and not seat.taken_over
            and seat.index in to_move and now - seat.last_active_ms >= limit_ms]
    for seat in idle:
        seat.taken_over = True
        seat.bot_due_ms = seat.bot_action = seat.bot_version = None
        match_store.update(seat, ["taken_over", "bot_due_ms", "bot_action", "bot_version"])
        _commit_change(match, Change(source=Move.Source.SEAT, seat=seat.index,
                                     action={"type": "take_over", "user_id": seat.user_id, "bot_level": TAKEOVER_LEVEL},
                                     events=[{"type": "taken_over", "seat": seat.index}]), now)
    return len(idle)
