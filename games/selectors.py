"""Reads for assignments and matches."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from django.db.models import F, Q, QuerySet
from django.utils import timezone

from classroom.errors import ServiceError
from classroom.models import Classroom, Student, User
from classroom.permissions import classrooms_managed_by, is_acting
from games.engines import DEFINITIONS, ENGINES, get_engine
from games.match_views import SPECTATOR, as_ended, ended_outside_the_rules, events_for, match_meta, views_for
from games.models import Assignment, Board, BoardBatch, Export, Match, Move, Report, Seat
from games.permissions import (
    assignments_for_student,
    assignments_managed_by,
    can_manage_match,
    can_view_match,
    match_replay_filter,
    played_seat_of,
    seat_index_of,
)


def game_list() -> list[dict]:
    """Every game's definition (options, presets, players, computer players, hints) and rules page."""
    return [{**DEFINITIONS[slug].as_dict(), "rules_summary": engine.rules_summary,
             "bot_levels": list(DEFINITIONS[slug].bot_levels)} for slug, engine in ENGINES.items()]


@dataclass(frozen=True)
class MatchAccess:
    seat: int | None  # None: watching
    taken_over: bool  # the seat is played by a stand-in computer player
    snapshot: dict  # the state message for this seat (or the spectators), as read with the access


def match_access(*, user: User, match_id: int) -> MatchAccess | None:
    """A seated student gets their seat; the class's teacher watches; anyone else nothing. One read gives
    the access and the state to show (a socket opening, the REST snapshot)."""
    if not is_acting(user):
        return None
    match = (Match.objects.select_related("classroom", "assignment").prefetch_related("seats__user")
             .filter(pk=match_id).first())
    if match is None or not can_view_match(user, match):
        return None
    seat = seat_index_of(user, match)
    taken_over = seat is not None and any(s.taken_over for s in match.seat_list() if s.index == seat)
    return MatchAccess(seat=seat, taken_over=taken_over, snapshot=snapshot_of(match=match, seat=seat))


def match_snapshot(*, match_id: int, seat: int | None) -> dict:
    """The current state message for one seat (or a spectator)."""
    match = Match.objects.select_related("assignment").prefetch_related("seats__user").get(pk=match_id)
    return snapshot_of(match=match, seat=seat)


def match_version(*, match_id: int) -> int | None:
    """The match's current version (None once it is deleted): one indexed read."""
    return Match.objects.filter(pk=match_id).values_list("version", flat=True).first()


def snapshot_of(*, match: Match, seat: int | None) -> dict:
    """The state message of a match object in hand (a service's answer), without reading it again."""
    views = views_for(match)
    return {"type": "state", "version": match.version,
            "view": views.get(SPECTATOR if seat is None else str(seat)), "events": [], "match": match_meta(match)}


def match_practice_for(*, user: User, match: Match) -> dict:
    """What one student practised in a match: each times-table fact they answered (7 x 8 and 8 x 7 as
    one; 2 x 2 to 12 x 12 only, games.reports.mastery.counts_as_known: no x1 facts, nothing off the
    grid), with right and wrong counts, most practised first, and the match's focus facts (the facts
    its deal was weighted toward, from its options: a practice match's, or an assignment's Focus), in
    the same range. Read from the same attempts as the reports; `answers` and `right` count them all."""
    from django.db.models import Count
    from django.db.models.functions import Greatest, Least

    from games.engines.focus import FocusError
    from games.reports.mastery import counts_as_known

    rows = (match.attempts.filter(student=user, fact_a__isnull=False)
            .annotate(low=Least("fact_a", "fact_b"), high=Greatest("fact_a", "fact_b"))
            .values("low", "high").annotate(right=Count("pk", filter=Q(correct=True)),
                                            wrong=Count("pk", filter=Q(correct=False)))
            .order_by("low", "high"))
    facts = sorted(({"a": row["low"], "b": row["high"], "right": row["right"], "wrong": row["wrong"]} for row in rows
                    if counts_as_known(row["low"], row["high"])),
                   key=lambda fact: -(fact["right"] + fact["wrong"]))
    totals = match.attempts.filter(student=user).aggregate(answers=Count("pk"),
                                                           right=Count("pk", filter=Q(correct=True)))
    try:
        focus = ENGINES[match.game].focus_of(match.options or {}, strict=False)
    except FocusError:  # options that leave no room for a focus (a grid batch's board): none was dealt
        focus = ()
    return {"facts": facts, "answers": totals["answers"], "right": totals["right"],
            "focus": [[a, b] for a, b in focus if counts_as_known(a, b)]}


def assignment_list_for_teacher(*, teacher: User) -> QuerySet[Assignment]:
    """Every assignment of the teacher's classes, with the students each names."""
    return assignments_managed_by(teacher).prefetch_related("students")


def assignment_list_for_classroom(*, classroom: Classroom) -> QuerySet[Assignment]:
    return Assignment.objects.filter(classroom=classroom).prefetch_related("students")


def open_assignments_for_student(*, user: User) -> QuerySet[Assignment]:
    now = timezone.now()
    return (assignments_for_student(user).filter(closed_at__isnull=True, opens_at__lte=now)
            .exclude(closes_at__lte=now).order_by("opens_at", "id"))


def current_match_for(*, user: User) -> Match | None:
    return (Match.objects.filter(seats__user=user, status__in=[Match.Status.LOBBY, Match.Status.ACTIVE])
            .order_by("-created_at").first())


def match_history_for(*, user: User) -> QuerySet[Match]:
    """Finished matches the student played, also the ones they left before the end: the ones they
    may replay."""
    return (Match.objects.filter(match_replay_filter(user), status__in=[Match.Status.FINISHED, Match.Status.ABORTED])
            .prefetch_related("seats__user").order_by("-finished_at", "-id"))


def running_matches_for_class(*, classroom: Classroom) -> QuerySet[Match]:
    return (Match.objects.filter(classroom=classroom, status__in=[Match.Status.LOBBY, Match.Status.ACTIVE])
            .prefetch_related("seats__user").select_related("assignment").order_by("created_at"))


def recently_finished_for_class(*, classroom: Classroom, limit: int = 10) -> QuerySet[Match]:
    """The class's matches that ended in the last two hours, newest first: the live view's "watch again"."""
    from datetime import timedelta

    since = timezone.now() - timedelta(hours=2)
    return (Match.objects.filter(classroom=classroom, status__in=[Match.Status.FINISHED, Match.Status.ABORTED],
                                 finished_at__gte=since, start_ms__isnull=False)
            .prefetch_related("seats__user", "seats__left_by").select_related("assignment")
            .order_by("-finished_at")[:limit])


def classmates_by_assignment(*, user: User, assignments: list[Assignment]) -> dict[int, list[dict]]:
    """For each assignment, the other students who have it: the ones this student may challenge."""
    from classroom.models import Student

    classmates = list(Student.objects.filter(classroom_id=user.student.classroom_id).exclude(user=user)
                      .order_by("display_name").values("pk", "user_id", "display_name"))
    result = {}
    for assignment in assignments:
        chosen = {student.pk for student in assignment.students.all()}
        result[assignment.pk] = [{"user_id": c["user_id"], "name": c["display_name"]} for c in classmates
                                 if not chosen or c["pk"] in chosen]
    return result


def open_challenges_for(*, user: User):
    from datetime import timedelta

    from django.db.models import Q

    from games.models import Challenge

    recent = timezone.now() - timedelta(minutes=10)
    return (Challenge.objects.filter(Q(to_user=user) | Q(from_user=user))
            .filter(Q(status=Challenge.Status.PENDING) | Q(answered_at__gte=recent))
            .select_related("from_user", "to_user", "assignment").order_by("-created_at"))


def history_row(match: Match, *, user: User) -> dict:
    seats = match.seat_list()
    mine = next(seat for seat in seats if user.pk in (seat.user_id, seat.left_by_id))
    winners = (match.result or {}).get("winners") or []
    duration = (match.finished_at - match.started_at).total_seconds() if match.started_at and match.finished_at \
        else None
    from games.engines import get_engine

    final = get_engine(match.game).view(match.state, None) if match.state else {}
    return {
        "id": match.pk, "game": match.game, "status": match.status, "result": match.result, "my_seat": mine.index,
        "scores": final.get("scores"),
        "won": mine.user_id == user.pk and mine.index in winners,  # a seat's stand-in does not win for a leaver
        "left": mine.user_id != user.pk,
        "players": [seat.user.name if seat.user else DEFINITIONS[match.game].computer_label(seat.bot_level)
                    for seat in seats],
        "started_at": match.started_at, "finished_at": match.finished_at,
        "duration_s": int(duration) if duration is not None else None,
    }


def lobby_for(*, user: User, match: Match) -> dict:
    """What a child waiting in a lobby needs so that nobody waits for ever: since when the lobby has
    waited, when the computer is offered and at which levels, and which classmates with this game
    are online and free (in no open match), so a challenge goes to someone who can answer it."""
    from classroom.models import Student
    from classroom.presence import ONLINE_FOR

    assignment = match.assignment
    levels = list(assignment.bot_levels) if assignment and assignment.bots_allowed else []
    busy = Seat.objects.filter(match__status__in=[Match.Status.LOBBY, Match.Status.ACTIVE], user__isnull=False)
    classmates = (Student.objects.filter(classroom_id=match.classroom_id,
                                         last_seen_at__gt=timezone.now() - ONLINE_FOR)
                  .exclude(user=user).exclude(user_id__in=busy.values("user_id")))
    if assignment is not None and assignment.students.exists():
        classmates = classmates.filter(pk__in=assignment.students.values("pk"))
    return {
        "waiting_since": match.created_at,
        "computer_offer_after_s": assignment.computer_offer_after_s if assignment else 0,
        "bot_levels": levels,
        "free_classmates": [{"user_id": s.user_id, "name": s.display_name}
                            for s in classmates.order_by("display_name")],
    }


def match_replay(*, user: User, match_id: int) -> dict | None:
    """The replay of match `match_id` as this user may see it, or None: no such match, or not theirs to see."""
    match = (Match.objects.filter(match_replay_filter(user), pk=match_id)
             .select_related("assignment", "classroom").first())
    return replay_for(user=user, match=match) if match else None


def replay_for(*, user: User, match: Match) -> dict | None:
    """A finished match step by step, as this user may see it, or None if they may not: a student
    who played in it sees each step as their own seat saw it then (their view, events as their seat
    heard them; never another seat's hand, the deck, or another seat's action); the class's teacher
    sees every seat's view and every action."""

    mine = played_seat_of(user, match)
    teacher = can_manage_match(user, match)
    if mine is None and not teacher:
        return None
    if match.status not in (Match.Status.FINISHED, Match.Status.ABORTED) or match.start_ms is None:
        raise ServiceError("not_finished", "A match can be watched again once it is over.")
    engine = get_engine(match.game)
    shown = [*range(match.players), None] if teacher else [mine]
    steps = []
    # A match ended outside its rules is over from its ending change on (the teacher's end, the last child's leave).
    ends_here = ended_outside_the_rules(match)
    ended = False
    wrong = _wrong_answers_by_version(match, None if teacher else user)
    for move, state in replay_states(match=match):
        events = move.events if move else []
        ended = ended or bool(ends_here and move is not None and (
            move.source == Move.Source.END or (move.source == Move.Source.LEAVE and (move.action or {}).get("ends"))))

        def view_of(seat: int | None, state=state, ended=ended) -> dict | None:
            if state is None:
                return None
            view = engine.view(state, seat)
            return as_ended(view, match.result) if ended else view

        # Every change is a step, at its version; before the deal (a lobby's joins and leaves) there is no board.
        first = "start" if state is not None else "lobby"
        step = {"version": move.version if move else 0, "source": move.source if move else first,
                "seat": move.seat if move else None,
                "views": {SPECTATOR if seat is None else str(seat): view_of(seat) for seat in shown},
                "events": {SPECTATOR if seat is None else str(seat): events_for(events, seat) for seat in shown}}
        if move is not None and move.version in wrong:
            step["wrong"] = wrong[move.version]
        if teacher:
            step["action"] = move.action if move else None
        steps.append(step)
    return {"match": match_meta(match), "seat": None if teacher else mine, "steps": steps}


def _wrong_answers_by_version(match: Match, student: User | None) -> dict[int, list[dict]]:
    """The match's wrong answers as recorded (kind, numbers, the answer claimed) by version, for the replay
    to say what was answered and what was right: every child's for the teacher (`student` None), else
    only that child's own (another's could show their hand)."""
    from games.models import Attempt

    rows = Attempt.objects.filter(match=match, correct=False, version__isnull=False)
    if student is not None:
        rows = rows.filter(student=student)
    wrong: dict[int, list[dict]] = {}
    for version, kind, a, b, answer in rows.order_by("version", "pk").values_list("version", "kind", "a", "b",
                                                                                  "answer"):
        if version is not None:  # always (the filter above): an attempt without a version is in no step
            wrong.setdefault(version, []).append({"kind": kind, "a": a, "b": b, "answer": answer})
    return wrong


def live_match_row(match: Match) -> dict:
    """A running match for the teacher's live view: players, whose turn, and the score so far."""
    from games.engines import get_engine

    view = get_engine(match.game).view(match.state, None) if match.state else {}
    return {**match_meta(match), "version": match.version, "created_at": match.created_at,
            "scores": view.get("scores"), "hand_sizes": view.get("hand_sizes"), "to_move": view.get("to_move", [])}


def class_live_for(*, classroom: Classroom) -> dict:
    """The teacher's live view of a class: who is online, the running matches and lobbies, the matches
    that ended in the last two hours, and whether the class's games are paused."""
    from classroom.presence import is_online

    students = [{"id": s.pk, "user_id": s.user_id, "display_name": s.display_name, "online": is_online(s),
                 "avatar": s.avatar, "avatar_colour": s.avatar_colour}
                for s in classroom.students.order_by("display_name")]
    matches = [live_match_row(match) for match in running_matches_for_class(classroom=classroom)]
    finished = [{**with_leavers_named(match, match_meta(match)), "finished_at": match.finished_at}
                for match in recently_finished_for_class(classroom=classroom)]
    return {"students": students, "matches": matches, "finished": finished,
            "paused": classroom.games_paused_at is not None}


def with_leavers_named(match: Match, meta: dict) -> dict:
    """A seat a child left reads "Ana L. (left)", not the computer that played on for them: a teacher
    looking back wants to know who played. (The live broadcast names the computer, who plays now.)"""
    for seat_meta, seat in zip(meta["seats"], match.seat_list(), strict=True):
        if seat.user_id is None and seat.left_by is not None:
            seat_meta["name"] = f"{seat.left_by.name} (left)"
    return meta


def due_match_ids(*, now_ms: int, limit: int = 100) -> list[int]:
    """Active matches whose deadline, computer turn or idle take-over is due (the scheduler's sweep)."""
    return list(Match.objects.filter(status=Match.Status.ACTIVE, next_due_ms__lte=now_ms)
                .order_by("next_due_ms").values_list("pk", flat=True)[:limit])


def reports_of_teacher(user) -> QuerySet[Report]:
    """The stored reports of a teacher's classes (class and student reports)."""
    return Report.objects.filter(classroom__teacher=user).select_related("classroom", "student")


def batches_of_teacher(user) -> QuerySet[BoardBatch]:
    return BoardBatch.objects.filter(teacher=user)


def boards_of_batch(batch: BoardBatch) -> QuerySet[Board]:
    return Board.objects.filter(batch=batch).order_by("index")


# --- A teacher's first-run checklist ---------------------------------------------------------

CHECKLIST_STEPS = ("class", "students", "cards", "assign", "watch")


def teacher_checklist(*, teacher: User) -> dict:
    """The first-run steps, each ticked from what the teacher's classes hold (archived ones too):
    `class` a class exists; `students` a class has a student; `cards` a student has a card or a
    login-card PDF was asked for; `assign` the teacher chose a game themselves, that is an assignment
    other than a class's untouched starter (it comes with the class, so it proves nothing); `watch` a
    match was played, or started, in one of their classes. `class_id` is where to do the next steps
    (the newest active class, else the newest one), None without a class."""
    ids = list(classrooms_managed_by(teacher).order_by(F("archived_at").asc(nulls_first=True), "-created_at", "-id")
               .values_list("id", flat=True))
    # A class's starter opens at the instant the class was made (games.services.assignments.classroom_open); a
    # teacher's own assignment, or the starter with its dates changed, does not.
    chose = Assignment.objects.filter(classroom_id__in=ids).exclude(opens_at=F("classroom__created_at"))
    done = {
        "class": bool(ids),
        "students": Student.objects.filter(classroom_id__in=ids).exists(),
        "cards": (Student.objects.filter(classroom_id__in=ids, card_issued_at__isnull=False).exists()
                  or Export.objects.filter(owner=teacher, kind=Export.Kind.CARDS_PDF).exists()),
        "assign": chose.exists(),
        "watch": Match.objects.filter(classroom_id__in=ids).exists(),
    }
    return {"steps": [{"key": key, "done": done[key]} for key in CHECKLIST_STEPS],
            "all_done": all(done.values()), "class_id": ids[0] if ids else None}


def latest_nightly_snapshot(*, classroom: Classroom, period: str, game: str = "", student: Student | None = None
                    ) -> Report | None:
    """The latest nightly snapshot of these filters, to compare the figures of now against."""
    reports = Report.objects.filter(classroom=classroom, period=period, game=game, status=Report.Status.DONE,
                                    made_for=Report.MadeFor.NIGHTLY)
    if student is None:
        return reports.filter(scope=Report.Scope.CLASS).order_by("-built_at").first()
    return reports.filter(scope=Report.Scope.STUDENT, student=student).order_by("-built_at").first()


def replay_states(*, match: Match) -> Iterator[tuple[Move | None, dict | None]]:
    """The match's states rebuilt from the seed and the move log: (None, the state at version 0), then
    (move, the state after it) for every move. The state is None before the deal: a match made full is
    dealt at version 0, a lobby's match at its START move. Only moves (a player's, a computer player's,
    a tick) change a dealt state; the other changes (seats, leaving, pause, end, rematch) leave it as it was."""
    engine = get_engine(match.game)
    moves = list(Move.objects.filter(match=match).order_by("version"))
    start_ms = match.start_ms
    if start_ms is None:  # the callers check: a match never started has nothing to replay
        raise ValueError(f"Match {match.pk} never started.")

    def dealt() -> dict:
        return engine.setup(players=match.players, options=dict(match.options), seed=match.seed, now_ms=start_ms)

    state = None if any(move.source == Move.Source.START for move in moves) else dealt()
    yield None, state
    for move in moves:
        if move.source == Move.Source.START:
            state = dealt()
        elif move.source in (Move.Source.TIMER, Move.Source.PLAYER, Move.Source.BOT):
            if state is None:
                raise ValueError(f"Match {match.pk}: move {move.version} comes before the deal.")
            if move.source == Move.Source.TIMER:
                state = engine.tick(state, move.now_ms).state
            elif move.seat is None or move.action is None:
                raise ValueError(f"Match {match.pk}: move {move.version} has no seat or no action.")
            else:
                state = engine.apply(state, move.seat, move.action, move.now_ms).state
        yield move, state
