"""Shared pieces of the rule engines: the refusal, the outcome, the base class (the seeded RNG and the
int check are in primitives.py, re-exported here).

Pure Python: nothing here (or anywhere under games.engines) may import Django or the project.
"""

from __future__ import annotations

import marshal
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from games.engines.definition import GameDefinition
from games.engines.focus import FocusError, FocusRange, focus_facts, parse_focus
from games.engines.primitives import Rng as Rng  # re-exported: the engines take it from here
from games.engines.primitives import is_int

State = dict[str, Any]
Action = dict[str, Any]


class IllegalAction(Exception):
    """A rule violation: the engine refuses and changes nothing. `code` is from the contract."""

    def __init__(self, code: str, message: str = "") -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message or code


class FocusRefusal(IllegalAction):
    """bad_options because of the focus option (games/engines/focus.py): the form shows it by that field."""

    def __init__(self, message: str) -> None:
        super().__init__("bad_options", message)


@dataclass
class Outcome:
    state: State
    events: list[dict] = field(default_factory=list)
    attempts: list[dict] = field(default_factory=list)


def copy_state(value: Any) -> Any:
    """A deep copy of a JSON-compatible value, several times faster than copy.deepcopy or a copy written in
    Python (about 8 against 27 microseconds for a Fultiples state): every move copies its match's state.
    marshal's format 2 keeps no references, so a list the value holds twice comes back as two lists, as
    a copy through JSON would. A value that cannot change (a number, a text, None) is itself: views copy
    many small parts."""
    if value is None or isinstance(value, (int, str, float)):
        return value
    return marshal.loads(marshal.dumps(value, 2))


def _shown(name: Any) -> str:
    """A name a player sent, quoted and cut short for a refusal's message."""
    text = repr(name)
    return text if len(text) <= 40 else text[:37] + "..."


def require(condition: bool, code: str, message: str) -> None:
    """Raise IllegalAction(code, message) unless condition holds."""
    if not condition:
        raise IllegalAction(code, message)


def cell_of(action: Action, rows: int, cols: int) -> tuple[int, int]:
    """The [row, col] of an action, checked to lie on a rows x cols board, or bad_action."""
    cell = action.get("cell")
    if not (isinstance(cell, (list, tuple)) and len(cell) == 2 and all(is_int(v) for v in cell)):
        raise IllegalAction("bad_action", "cell must be [row, col]")
    row, col = cell
    require(0 <= row < rows and 0 <= col < cols, "bad_action", "cell is off the board")
    return row, col


def attempt(
    *,
    seat: int,
    kind: str,
    a: int,
    b: int,
    answer: int | None,
    correct: bool,
    think_ms: int,
    fact: list[int] | None,
) -> dict:
    """An attempt dict exactly as the contract spells it."""
    return {
        "seat": seat,
        "kind": kind,
        "a": a,
        "b": b,
        "answer": answer,
        "correct": correct,
        "think_ms": think_ms,
        "fact": fact,
    }


def fact_of_division(a: int, b: int) -> list[int] | None:
    """The multiplication fact a correct divisibility claim rests on, smaller factor first.

    For `b` dividing `a` it is [b, a // b] sorted; for `factor_pair` call it with the larger
    number first. None when neither divides the other.
    """
    big, small = (a, b) if a >= b else (b, a)
    if small <= 0 or big % small:
        return None
    return sorted([small, big // small])


class Engine(ABC):
    """One game's rules. Subclasses implement the abstract methods; states are plain dicts.

    Every state carries at least: `game`, `players`, `phase`, `result`, `mistakes`.
    """

    definition: GameDefinition  # options, presets, players, computer players, hints (definition.py)
    slug: str
    title: str
    min_players: int
    max_players: int
    rules_summary: str

    def focus_range(self, options: dict) -> FocusRange:
        """Which facts this game can deal with these options; raises FocusError when these options
        leave no room for a focus."""
        raise NotImplementedError

    def focus_of(self, options: dict, *, strict: bool = True) -> tuple[tuple[int, int], ...]:
        """The focus facts of these options (games/engines/focus.py), () without a focus. A teacher's
        fact outside the game's range raises FocusError; `strict=False` leaves such facts out."""
        if parse_focus(options.get("focus")) is None:
            return ()
        return focus_facts(options["focus"], self.focus_range(options), strict=strict)

    def focus_problem(self, options: dict) -> str | None:
        """Why the focus of these options cannot be dealt, in a sentence for the teacher, or None."""
        try:
            self.focus_of(options)
        except FocusError as error:
            return str(error)
        return None

    def setup_focus(self, options: dict) -> tuple[tuple[int, int], ...]:
        """focus_of for setup: a refusal is bad_options."""
        try:
            return self.focus_of(options)
        except FocusError as error:
            raise FocusRefusal(str(error)) from None

    @abstractmethod
    def setup(self, players: int, options: dict | None = None, seed: int = 0, now_ms: int = 0) -> State:
        """A new game; raises IllegalAction("bad_options") for unusable options."""

    @abstractmethod
    def apply(self, state: State, seat: int, action: Action, now_ms: int) -> Outcome:
        """Due transitions up to now_ms, then the action. Never mutates `state`."""

    @abstractmethod
    def tick(self, state: State, now_ms: int) -> Outcome:
        """Only the time-driven transitions due at or before now_ms."""

    @abstractmethod
    def deadline(self, state: State) -> int | None:
        """When tick is next due (ms), or None."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict:
        """What `seat` may see (None: a spectator). Never another seat's hand, a deck order or the seed.

        A view may share lists and dicts with the state rather than copy them (a move builds one per seat and
        watcher): it stays as it was because no engine changes a state it is given, and no caller may change
        a view."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every rule-legal and arithmetically correct action `seat` may take now."""

    def check_seat(self, state: State, seat: Any) -> None:
        require(is_int(seat) and 0 <= seat < state["players"], "bad_action", "no such seat")

    def check_action_shape(self, action: Any, fields: dict[str, frozenset[str]]) -> str:
        """The action's type, once the action is an object of a type this game knows (`fields`: each
        type's fields, "type" included) carrying no field that type does not take; else bad_action."""
        require(isinstance(action, dict), "bad_action", "an action is an object")
        kind = action.get("type")
        require(isinstance(kind, str), "bad_action", "an action needs a type")
        require(kind in fields, "bad_action", f"unknown action type {_shown(kind)}; this game has {', '.join(fields)}")
        extra = sorted(_shown(name) for name in action if name not in fields[kind])
        require(not extra, "bad_action", f"{kind} does not take {', '.join(extra)}")
        return kind

    def to_move(self, state: State) -> list[int]:
        """The seats that may act now (a view's `to_move`), without building the view."""
        return [] if state["result"] is not None else [state["turn"]]

    def common_view(self, state: State, seat: int | None) -> dict:
        """The keys every view has (docs/engine-contract.md, Views)."""
        return {
            "game": self.slug,
            "seat": seat,
            "players": state["players"],
            "phase": "over" if state["result"] is not None else state["phase"],
            "to_move": self.to_move(state),
            "deadline_ms": self.deadline(state),
            "mistakes": list(state["mistakes"]),
            "result": state["result"],
        }
