"""Starting matches: quick match, challenges, playing the computer, lobbies, rematches; replay.

A match is made at version 0: a lobby with its host, or a match made full and dealt at once. Every
change after that (a child joins or leaves the lobby, the lobby starts, a child leaves the match, a
rematch is made from it) goes through the write path of the moves, `moves.match_change`."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone

from classroom.errors import Forbidden, NotFound, ServiceError
from classroom.models import User
from games import clock
from games.engines import get_engine
from games.models import Assignment, Challenge, Match, Move, Seat
from games.permissions import assignments_for_student
from games.selectors import replay_states
from games.services import match_store
from games.services.batches import next_board_for
from games.services.broadcast import send_on_commit
from games.services.focus import focus_for_match, own_focus_of
from games.services.moves import Change, match_change, plan_and_save


def _open_assignment_for(user: User, assignment_id: int) -> Assignment:
    assignment = (assignments_for_student(user).select_related("classroom")
                  .filter(pk=assignment_id).first())
    if assignment is None:
        raise NotFound("not_found", "We couldn't find that game.")
    if not assignment.is_open():
        raise ServiceError("closed", "This game is not open right now.")
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


def _new_match(assignment: Assignment, *, kind: str, players: int, host: User | None,
               options_over: dict | None = None) -> Match:
    """A new match of the assignment with its options (and the next grid of its batch), `options_over`
    replacing some of them (a practice match's focus)."""
    options = {**assignment.options, **(options_over or {})}
    if assignment.game == "fultiples":
        options.update(next_board_for(assignment) or {})
    return Match.objects.create(
        assignment=assignment, classroom=assignment.classroom, game=assignment.game, kind=kind,
        players=players, options=options, seed=secrets.randbits(62), host=host)


def _deal(match: Match) -> int:
    """Deal: the engine sets the game up with the server's seed and clock. Returns the match's now_ms."""
    now = clock.now_ms()
    focus_for_match(match)
    match.state = get_engine(match.game).setup(players=match.players, options=dict(match.options),
                                               seed=match.seed, now_ms=now)
    match.start_ms = now
    if match.classroom.games_paused_at is not None:  # the teacher has paused the class: wait with the others
        match.paused_at_ms = now
    match.status = Match.Status.ACTIVE
    match.started_at = timezone.now()
    Seat.objects.filter(match=match, user__isnull=False).update(last_active_ms=now)
    match.seat_list(reload=True)
    return now


def _start_new(match: Match) -> Match:
    """A match made full is dealt as it is made: version 0 is its dealt state."""
    plan_and_save(match, _deal(match))
    send_on_commit(match, [{"type": "started"}])
    return match


def _start_lobby(match: Match) -> Change:
    """The lobby's match is dealt: one change (START), at the version after the lobby's last one."""
    match.players = len(match.seat_list())
    _deal(match)
    return Change(source=Move.Source.START, action={"type": "start", "players": match.players},
                  events=[{"type": "started"}])


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
    lobby = match_change(match_id=lobby.pk, change=lambda match: _join(match, user)).match
    if len(lobby.seat_list()) >= lobby.players:
        lobby = match_change(match_id=lobby.pk, change=_start_lobby).match
    return lobby


def _join(match: Match, user: User) -> Change:
    """The child takes the next seat of the lobby (which _open_lobby found with a free seat)."""
    seats = match.seat_list()
    seat = Seat.objects.create(match=match, index=len(seats), user=user)
    match.use_seats([*seats, seat])
    return Change(source=Move.Source.SEAT, seat=seat.index, action={"type": "join", "user_id": user.pk},
                  events=[{"type": "joined"}])


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


def match_start_lobby(*, user: User, match_id: int) -> Match:
    """The host starts a lobby of 2 or more players before it is full."""

    def start(match: Match) -> Change:
        if match.host_id != user.pk:
            raise Forbidden("not_host", "Only the player who opened the lobby can start it.")
        if match.status != Match.Status.LOBBY:
            raise ServiceError("not_lobby", "This match has already started.")
        if len(match.seat_list()) < get_engine(match.game).min_players:
            raise ServiceError("too_few", "Wait for at least one more player.")
        return _start_lobby(match)

    return match_change(match_id=match_id, change=start).match


def match_leave_lobby(*, user: User, match_id: int) -> None:
    """The child leaves the lobby before the match starts (a second tap finds them gone: nothing to do)."""

    def leave(match: Match) -> Change | None:
        if match.status != Match.Status.LOBBY:
            raise ServiceError("not_lobby", "This match has already started.")
        return _leave_lobby(match, user)

    match_change(match_id=match_id, change=leave)


def _leave_lobby(match: Match, user: User) -> Change | None:
    """Take the child's seat out of the locked lobby, the seats after it moving down one (seat numbers stay
    0..n-1); the host's role passes to the first seat left; the last one out closes the lobby. None if the
    child is not in it."""
    seats = match.seat_list()
    gone = next((seat for seat in seats if seat.user_id == user.pk), None)
    if gone is None:
        return None
    Seat.objects.filter(pk=gone.pk).delete()
    remaining = [seat for seat in seats if seat is not gone]
    for index, seat in enumerate(remaining):
        if seat.index != index:
            seat.index = index
            match_store.update(seat, ["index"])
    match.use_seats(remaining)
    action = {"type": "leave_lobby", "user_id": user.pk}
    if not remaining:
        match.status = Match.Status.ABORTED
        action["closed"] = True
    elif match.host_id == user.pk:
        match.host_id = remaining[0].user_id
        action["host_user_id"] = match.host_id
    return Change(source=Move.Source.LEAVE, seat=gone.index, action=action, events=[{"type": "left"}])


@transaction.atomic
def match_against_computer(*, user: User, assignment_id: int, bot_level: str) -> Match:
    """The student in seat 0 and the assignment's computer players in the other seats."""
    assignment = _open_assignment_for(user, assignment_id)
    if not assignment.bots_allowed or bot_level not in assignment.bot_levels:
        raise ServiceError("invalid", "Your teacher has not allowed that computer player here.",
                           {"bot_level": ["Not allowed in this assignment."]})
    return start_against_computer(user=user, assignment=assignment, bot_level=bot_level)


def start_against_computer(*, user: User, assignment: Assignment, bot_level: str,
                           options_over: dict | None = None) -> Match:
    """A new match of `assignment` (open, and allowing `bot_level`: the caller checked) with the student in
    seat 0 and computer players of `bot_level` in the others, dealt at once; `options_over` replaces some of
    the assignment's options. A lobby the child waits in is left first; any other match of theirs is refused
    with `already_playing`. Call inside a transaction (match_against_computer, practice_match)."""
    _lock_children(user)
    current = _current_match(user)
    if current is not None and current.status == Match.Status.LOBBY:  # tired of waiting: leave the lobby
        match_change(match_id=current.pk, change=lambda lobby: _leave_lobby(lobby, user)
                     if lobby.status == Match.Status.LOBBY else None)
    _refuse_if_busy(user)
    match = _new_match(assignment, kind=Match.Kind.COMPUTER, players=assignment.players_per_match, host=user,
                       options_over=options_over)
    Seat.objects.create(match=match, index=0, user=user)
    Seat.objects.bulk_create([Seat(match=match, index=i, bot_level=bot_level) for i in range(1, match.players)])
    return _start_new(match)


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
        raise NotFound("not_found", "No such challenge.")
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
    _start_new(match)
    challenge.status = Challenge.Status.ACCEPTED
    challenge.match = match
    challenge.save(update_fields=["status", "match", "answered_at"])
    return challenge


@transaction.atomic
def match_rematch(*, user: User, match_id: int) -> Match:
    """The same players (and computer players) again, in a new match. The old match logs the rematch (its
    players' pages follow it there)."""
    old = Match.objects.filter(pk=match_id).first()
    if old is None:
        raise NotFound("not_found", "No such match.")
    seats = list(Seat.objects.filter(match=old).select_related("user").order_by("index"))
    if user.pk not in {seat.user_id for seat in seats}:
        raise Forbidden("not_your_match", "You did not play in this match.")
    _lock_children(*(seat.user for seat in seats))  # before the match's lock, as every service takes them
    made: list[Match] = []

    def rematch(match: Match) -> Change:
        if match.status not in (Match.Status.FINISHED, Match.Status.ABORTED):
            raise ServiceError("not_over", "This match is still being played.")
        assignment = (Assignment.objects.filter(pk=match.assignment_id).first()
                      if match.assignment_id is not None else None)
        if assignment is None or not assignment.is_open():
            raise ServiceError("closed", "This game is closed now.")
        for seat in sorted(seats, key=lambda seat: seat.user_id != user.pk):  # the asker's own match first:
            child = seat.user  # read with the seats
            current = _current_match(child) if child is not None else None  # the page goes there (GameOver)
            if child is not None and current is not None:
                raise ServiceError("already_playing", f"{child.name} is already in another match.",
                                   extra={"match_id": current.pk} if child.pk == user.pk else None)
        new = _new_match(assignment, kind=match.kind, players=match.players, host=user,
                         options_over=own_focus_of(match, assignment))
        Seat.objects.bulk_create([Seat(match=new, index=s.index, user=s.user, bot_level=s.bot_level) for s in seats])
        made.append(_start_new(new))
        mine = next(seat.index for seat in seats if seat.user_id == user.pk)
        return Change(source=Move.Source.REMATCH, seat=mine, action={"type": "rematch", "match_id": new.pk},
                      events=[{"type": "rematch", "match_id": new.pk}])

    match_change(match_id=match_id, change=rematch)
    return made[0]


def match_leave(*, user: User, match_id: int) -> Match:
    """A student leaves a running match: an easy computer player takes their seat for good so the
    others can finish. With no student left, the match ends."""

    def leave(match: Match) -> Change:
        seat = next((s for s in match.seat_list() if s.user_id == user.pk), None)
        if seat is None:
            raise Forbidden("not_your_match", "You are not playing in this match.")
        if match.status != Match.Status.ACTIVE:
            raise ServiceError("not_active", "This match is not being played.")
        seat.left_by, seat.user = seat.user, None
        seat.bot_level = seat.bot_level or "easy"
        seat.taken_over = False
        seat.bot_due_ms = seat.bot_action = seat.bot_version = None
        match_store.update(seat, ["left_by", "user", "bot_level", "taken_over", "bot_due_ms", "bot_action",
                                  "bot_version"])
        action = {"type": "leave", "user_id": user.pk, "bot_level": seat.bot_level}
        if not any(s.user_id for s in match.seat_list()):
            match.status = Match.Status.ABORTED
            match.result = {"winners": [], "reason": "everyone_left"}
            match.finished_at = timezone.now()
            action["ends"] = True
        return Change(source=Move.Source.LEAVE, seat=seat.index, action=action,
                      events=[{"type": "left_match", "seat": seat.index}])

    return match_change(match_id=match_id, change=leave).match


def match_replay(*, match: Match) -> dict | None:
    """Rebuild the state from the seed and the move log: it must equal match.state."""
    if match.start_ms is None:
        return None
    state = None
    for _, state in replay_states(match=match):  # noqa: B007 - the last state is the answer
        pass
    return state
