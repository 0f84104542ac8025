"""Starting matches: quick match, challenges, playing the computer, lobbies, rematches; replay."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

from django.db import transaction
from django.utils import timezone

from classroom.errors import Forbidden, ServiceError
from classroom.models import User
from games import clock
from games.engines import get_engine
from games.models import Assignment, Challenge, Match, Move, Seat
from games.permissions import assignments_for_student
from games.services.batches import next_board_for
from games.services.broadcast import send_on_commit
from games.services.moves import _plan_and_save


def _open_assignment_for(user: User, assignment_id: int) -> Assignment:
    assignment = (assignments_for_student(user).select_related("classroom")
                  .filter(pk=assignment_id).first())
    if assignment is None:
        raise ServiceError("not_found", "No such assignment.")
    if not assignment.is_open():
        raise ServiceError("closed", "This assignment is not open right now.")
    return assignment


def _lock_children(*users: User | None) -> None:
    """Take each child's user row lock, in id order so that two requests never wait on each other in a
    circle. Every service that seats a child takes it first, so whatever arrives at once for one child
    (a double tap, a quick match and a challenge) is decided one request after the other."""
    ids = sorted({user.pk for user in users if user is not None})
    list(User.objects.select_for_update().filter(pk__in=ids).order_by("pk").values_list("pk", flat=True))


def _lock_pairing(assignment: Assignment) -> None:
    """One quick-match pairing at a time per assignment: each request sees the lobbies the one before
    it left. Taken after the children's locks (never before), so the lock order is always the same."""
    list(Assignment.objects.select_for_update().filter(pk=assignment.pk).values_list("pk", flat=True))


def _current_match(user: User) -> Match | None:
    return (Match.objects.filter(seats__user=user, status__in=[Match.Status.LOBBY, Match.Status.ACTIVE])
            .order_by("-created_at").first())


def _already_playing(current: Match) -> ServiceError:
    """The refusal that names the match the child is in (the page goes there)."""
    return ServiceError("already_playing", "Finish (or leave) your current match first.",
                        extra={"match_id": current.pk})


def _refuse_if_busy(user: User) -> None:
    current = _current_match(user)
    if current is not None:
        raise _already_playing(current)


def _new_match(assignment: Assignment, *, kind: str, players: int, host: User | None) -> Match:
    options = dict(assignment.options)
    if assignment.game == "fultiples":
        options.update(next_board_for(assignment) or {})
    return Match.objects.create(
        assignment=assignment, classroom=assignment.classroom, game=assignment.game, kind=kind,
        players=players, options=options, seed=secrets.randbits(62), host=host)


def _start(match: Match) -> Match:
    """Deal: the engine sets the game up with the server's seed and clock; version stays 0."""
    now = clock.now_ms()
    match.state = get_engine(match.game).setup(players=match.players, options=dict(match.options),
                                               seed=match.seed, now_ms=now)
    match.start_ms = now
    if match.classroom.games_paused_at is not None:  # the teacher has paused the class: wait with the others
        match.paused_at_ms = now
    match.status = Match.Status.ACTIVE
    match.started_at = timezone.now()
    Seat.objects.filter(match=match, user__isnull=False).update(last_active_ms=now)
    match.seat_list(reload=True)
    _plan_and_save(match, now)
    send_on_commit(match, [{"type": "started"}])
    return match


@transaction.atomic
def match_quick(*, user: User, assignment_id: int) -> Match:
    """Join the assignment's oldest open lobby, or open one; a lobby starts when it is full.

    A second tap while the first is waiting or playing answers with that same match."""
    assignment = _open_assignment_for(user, assignment_id)
    _lock_children(user)
    current = _current_match(user)
    if current is not None:
        if current.assignment_id == assignment.pk and current.kind == Match.Kind.QUICK:
            return current  # a second tap: the match the first one found
        raise _already_playing(current)
    _lock_pairing(assignment)
    lobby = _open_lobby(assignment)
    if lobby is None:
        lobby = _new_match(assignment, kind=Match.Kind.QUICK, players=assignment.players_per_match, host=user)
        Seat.objects.create(match=lobby, index=0, user=user)
        return lobby
    taken = Seat.objects.filter(match=lobby).count()
    Seat.objects.create(match=lobby, index=taken, user=user)
    if taken + 1 >= lobby.players:
        return _start(lobby)
    send_on_commit(lobby, [{"type": "joined"}])
    return lobby


def _open_lobby(assignment: Assignment) -> Match | None:
    """The oldest quick lobby with a free seat, locked. A lobby that a host started, the last child left
    or the teacher ended since the list was read is passed over for the next."""
    candidates = (Match.objects.filter(assignment=assignment, status=Match.Status.LOBBY, kind=Match.Kind.QUICK)
                  .order_by("created_at", "pk").values_list("pk", flat=True))
    for match_id in candidates:
        lobby = Match.objects.select_for_update().filter(pk=match_id, status=Match.Status.LOBBY).first()
        if lobby is not None and Seat.objects.filter(match=lobby).count() < lobby.players:
            return lobby
    return None


@transaction.atomic
def match_start_lobby(*, user: User, match_id: int) -> Match:
    """The host starts a lobby of 2 or more players before it is full."""
    match = Match.objects.select_for_update().get(pk=match_id)
    if match.host_id != user.pk:
        raise Forbidden("not_host", "Only the player who opened the lobby can start it.")
    if match.status != Match.Status.LOBBY:
        raise ServiceError("not_lobby", "This match has already started.")
    seats = Seat.objects.filter(match=match).count()
    if seats < get_engine(match.game).min_players:
        raise ServiceError("too_few", "Wait for at least one more player.")
    match.players = seats
    return _start(match)


@transaction.atomic
def match_leave_lobby(*, user: User, match_id: int) -> None:
    match = Match.objects.select_for_update().get(pk=match_id)
    if match.status != Match.Status.LOBBY:
        raise ServiceError("not_lobby", "This match has already started.")
    _leave_lobby(match, user)


def _leave_lobby(match: Match, user: User) -> None:
    """Take the child's seat out of a locked lobby; the last one out closes it."""
    Seat.objects.filter(match=match, user=user).delete()
    remaining = list(Seat.objects.filter(match=match).order_by("index"))
    if not remaining:
        match.status = Match.Status.ABORTED
        match.save(update_fields=["status"])
        return
    for index, seat in enumerate(remaining):  # keep seat numbers 0..n-1
        if seat.index != index:
            seat.index = index
            seat.save(update_fields=["index"])
    if match.host_id == user.pk:
        match.host_id = remaining[0].user_id
        match.save(update_fields=["host"])
    send_on_commit(match, [{"type": "left"}])


@transaction.atomic
def match_against_computer(*, user: User, assignment_id: int, bot_level: str) -> Match:
    """The student in seat 0 and the assignment's computer players in the other seats."""
    assignment = _open_assignment_for(user, assignment_id)
    if not assignment.bots_allowed or bot_level not in assignment.bot_levels:
        raise ServiceError("invalid", "Your teacher has not allowed that computer player here.",
                           {"bot_level": ["Not allowed in this assignment."]})
    _lock_children(user)
    current = _current_match(user)
    if current is not None and current.status == Match.Status.LOBBY:  # tired of waiting: leave the lobby
        _leave_lobby(Match.objects.select_for_update().get(pk=current.pk), user)
    _refuse_if_busy(user)
    match = _new_match(assignment, kind=Match.Kind.COMPUTER, players=assignment.players_per_match, host=user)
    Seat.objects.create(match=match, index=0, user=user)
    Seat.objects.bulk_create([Seat(match=match, index=i, bot_level=bot_level) for i in range(1, match.players)])
    return _start(match)


@transaction.atomic
def challenge_create(*, user: User, assignment_id: int, opponent_user_id: int) -> Challenge:
    assignment = _open_assignment_for(user, assignment_id)
    if opponent_user_id == user.pk:
        raise ServiceError("invalid", "Challenge a classmate, not yourself.", {"opponent": ["Choose a classmate."]})
    opponent = User.objects.filter(pk=opponent_user_id, role=User.Role.STUDENT).first()
    if opponent is None or not assignments_for_student(opponent).filter(pk=assignment.pk).exists():
        raise ServiceError("invalid", "That classmate does not have this game.", {"opponent": ["Not in this game."]})
    Challenge.objects.filter(assignment=assignment, from_user=user, status=Challenge.Status.PENDING).update(
        status=Challenge.Status.CANCELLED)
    return Challenge.objects.create(assignment=assignment, from_user=user, to_user=opponent)


@transaction.atomic
def challenge_answer(*, user: User, challenge_id: int, accept: bool) -> Challenge:
    challenge = Challenge.objects.select_for_update(of=("self",)).select_related("assignment").filter(
        pk=challenge_id, to_user=user).first()
    if challenge is None:
        raise ServiceError("not_found", "No such challenge.")
    if challenge.status != Challenge.Status.PENDING:
        raise ServiceError("answered", "This challenge has already been answered.")
    challenge.answered_at = timezone.now()
    if not accept:
        challenge.status = Challenge.Status.DECLINED
        challenge.save(update_fields=["status", "answered_at"])
        return challenge
    assignment = _open_assignment_for(user, challenge.assignment_id)
    _lock_children(challenge.from_user, user)
    for player in (challenge.from_user, user):
        current = _current_match(player)
        if current is not None:
            raise ServiceError("already_playing", f"{player.name} is already in a match.",
                               extra={"match_id": current.pk} if player == user else None)
    players = get_engine(assignment.game).min_players
    match = _new_match(assignment, kind=Match.Kind.CHALLENGE, players=players, host=challenge.from_user)
    Seat.objects.bulk_create([Seat(match=match, index=0, user=challenge.from_user),
                              Seat(match=match, index=1, user=user)])
    _start(match)
    challenge.status = Challenge.Status.ACCEPTED
    challenge.match = match
    challenge.save(update_fields=["status", "match", "answered_at"])
    return challenge


@transaction.atomic
def match_rematch(*, user: User, match_id: int) -> Match:
    """The same players (and computer players) again, in a new match."""
    old = Match.objects.select_related("assignment").get(pk=match_id)
    seats = list(Seat.objects.filter(match=old).order_by("index"))
    if user.pk not in {seat.user_id for seat in seats}:
        raise Forbidden("not_your_match", "You did not play in this match.")
    if old.status not in (Match.Status.FINISHED, Match.Status.ABORTED):
        raise ServiceError("not_over", "This match is still being played.")
    if old.assignment is None or not old.assignment.is_open():
        raise ServiceError("closed", "This assignment is closed.")
    _lock_children(*(seat.user for seat in seats))
    for seat in seats:
        current = _current_match(seat.user) if seat.user_id else None
        if current is not None:
            raise ServiceError("already_playing", f"{seat.user.name} is already in another match.",
                               extra={"match_id": current.pk} if seat.user_id == user.pk else None)
    match = _new_match(old.assignment, kind=old.kind, players=old.players, host=user)
    Seat.objects.bulk_create([Seat(match=match, index=s.index, user=s.user, bot_level=s.bot_level) for s in seats])
    _start(match)
    send_on_commit(old, [{"type": "rematch", "match_id": match.pk}])
    return match


@transaction.atomic
def match_leave(*, user: User, match_id: int) -> Match:
    """A student leaves a running match: an easy computer player takes their seat for good so the
    others can finish. With no student left, the match ends."""
    match = Match.objects.select_for_update().get(pk=match_id)
    seat = Seat.objects.filter(match=match, user=user).first()
    if seat is None:
        raise Forbidden("not_your_match", "You are not playing in this match.")
    if match.status != Match.Status.ACTIVE:
        raise ServiceError("not_active", "This match is not being played.")
    seat.left_by, seat.user = seat.user, None
    seat.bot_level = seat.bot_level or "easy"
    seat.taken_over = False
    seat.bot_due_ms = seat.bot_action = seat.bot_version = None
    seat.save()
    now = clock.match_now_ms(match)
    match.seat_list(reload=True)
    if not any(s.user_id for s in match.seat_list()):
        match.status = Match.Status.ABORTED
        match.result = {"winners": [], "reason": "everyone_left"}
        match.finished_at = timezone.now()
        match.next_due_ms = None
        match.save()
    else:
        _plan_and_save(match, now)
    send_on_commit(match, [{"type": "left_match", "seat": seat.index}])
    return match


def replay_states(*, match: Match) -> Iterator[tuple[Move | None, dict]]:
    """The match's states rebuilt from the seed and the move log: (None, the dealt state), then
    (move, the state after it) for every move. A teacher's move (pause, resume, end) changes no state."""
    engine = get_engine(match.game)
    state = engine.setup(players=match.players, options=dict(match.options), seed=match.seed,
                         now_ms=match.start_ms)
    yield None, state
    for move in Move.objects.filter(match=match).order_by("version"):
        if move.source == Move.Source.TIMER:
            state = engine.tick(state, move.now_ms).state
        elif move.source in (Move.Source.PLAYER, Move.Source.BOT):
            state = engine.apply(state, move.seat, move.action, move.now_ms).state
        yield move, state


def match_replay(*, match: Match) -> dict | None:
    """Rebuild the state from the seed and the move log: it must equal match.state."""
    if match.start_ms is None:
        return None
    state = None
    for _, state in replay_states(match=match):  # noqa: B007 - the last state is the answer
        pass
    return state
