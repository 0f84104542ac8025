"""What a match looks like to each of its seats and to a spectator: the views a committed change sends and a
snapshot or a replay shows. Reads nothing but the match and its seats as they are in memory, so the
broadcast (games.services.broadcast) and the selectors (games.selectors) both build on it."""

from __future__ import annotations

from collections.abc import Mapping

from games.engines import DEFINITIONS, get_engine
from games.models import Match

SPECTATOR = "spectator"


def match_meta(match: Match) -> dict:
    """Who sits where, and the match's status: what a board needs beside the engine's view."""
    assignment = match.assignment
    running = match.status in (Match.Status.LOBBY, Match.Status.ACTIVE)
    return {
        "id": match.pk,
        "game": match.game,
        "kind": match.kind,
        "status": match.status,
        "players": match.players,
        "host_user_id": match.host_id,
        "classroom_id": match.classroom_id,  # the teacher's view reads the class's avatars with it
        "hints": bool(assignment and assignment.hints),
        "assignment_id": match.assignment_id,
        "result": match.result,
        # Paused by the teacher: the page freezes its timer at this server time and greys the board. A match
        # that is over is not paused, even if the teacher ended it during the pause.
        "paused": running and match.paused_at_ms is not None,
        "paused_at_ms": match.paused_at_ms if running else None,
        # The match's settings (time limit, strict, target score, size...), never a stored board.
        "settings": {key: value for key, value in (match.options or {}).items() if key != "board"},
        "seats": [
            {
                "index": seat.index,
                "name": seat.user.name if seat.user_id and seat.user else
                (DEFINITIONS[match.game].computer_label(seat.bot_level) if seat.bot_level else "Empty seat"),
                "user_id": seat.user_id,
                "bot": seat.bot_level or None,
                "taken_over": seat.taken_over,
                "stand_in_moves": seat.stand_in_moves,
            }
            for seat in match.seat_list()
        ],
    }


def views_for(match: Match) -> Mapping[str, dict | None]:
    """The view for every seat (keys "0", "1", ...) and for spectators (each None before the deal)."""
    state = match.state
    if state is None:
        return {SPECTATOR: None, **{str(i): None for i in range(match.players)}}
    engine = get_engine(match.game)
    views = {str(i): engine.view(state, i) for i in range(match.players)}
    views[SPECTATOR] = engine.view(state, None)
    if ended_outside_the_rules(match):
        views = {key: as_ended(view, match.result) for key, view in views.items()}
    if match.behind_ms:
        views = {key: on_server_clock(view, match.behind_ms) for key, view in views.items()}
    return views


def ended_outside_the_rules(match: Match) -> bool:
    """Ended by the teacher, or by every child leaving: the engine's state still has a game on."""
    return match.status == Match.Status.ABORTED and match.state is not None and match.state.get("result") is None


def as_ended(view: dict, result: dict | None) -> dict:
    """An engine's view of a match that ended outside its rules, shown as the engine shows a game that is
    over: phase "over", nobody to move, no deadline, the match's result."""
    view = {**view, "phase": "over", "to_move": [], "deadline_ms": None, "result": result}
    if "free_start" in view:  # Fultiples' "mark any number" holds only in a game that goes on
        view["free_start"] = False
    return view


def on_server_clock(view: dict, behind_ms: int) -> dict:
    """A view's times (on the match's clock) as server times, which is what pages count down against."""
    view = dict(view)
    if view.get("deadline_ms") is not None:
        view["deadline_ms"] += behind_ms
    locks = view.get("locked_until_ms")
    if isinstance(locks, list):
        view["locked_until_ms"] = [None if until is None else until + behind_ms for until in locks]
    elif isinstance(locks, dict):
        view["locked_until_ms"] = {seat: None if until is None else until + behind_ms for seat, until in locks.items()}
    return view


def events_for(events: list[dict], seat: int | None) -> list[dict]:
    """Events as one seat may see them. A mistake names the claim only to the one who made it:
    in the card games its numbers are cards that stay in a hidden hand."""
    return [event if event.get("type") != "mistake" or event.get("seat") == seat
            else {"type": "mistake", "seat": event.get("seat")} for event in events]
