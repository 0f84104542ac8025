"""What a game is and offers, declared once: its slug, title, players, options, level presets, computer
players and hints.

Each engine carries one `GameDefinition` (games/engines/<slug>_definition.py). The engine reads
its defaults and ranges from it, the models take their choices from it (games/models.py), the
bots' registry is checked against it (games/bots/__init__.py), the games endpoint serves it, an
assignment's options are checked against it (games/engines/option_check.py), and the frontend's
titles, assignment form, rules dialog and boards read it from the endpoint. Pure Python: no Django.

An option's range is what a teacher may choose. The engine's own setup may accept more from
tests, bots and the server (a 2.5 s time limit, a stored board): a teacher's choice always lies
within what the engine accepts (tests/engines/test_definitions.py checks the edges).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

OptionKind = Literal["integer", "boolean", "choice", "integer_list", "data", "focus"]


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class OptionSpec:
    """One setup option (docs/engine-contract.md, "Setup options").

    `default` None means the option is off when not given (no time limit, primes from the
    level); such an option also accepts null. `data` options (a stored board, a deck) are set
    by the server or by tests, never by a teacher, and are checked by the engine alone.
    """

    name: str
    kind: OptionKind
    label: str
    noun: str  # the option inside a sentence: "the board size"
    help: str = ""
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Choice, ...] = ()
    teacher_settable: bool = False
    in_form: bool = False  # the assignment form offers it (the others only through the API)

    def __post_init__(self) -> None:
        if self.in_form and not self.teacher_settable:
            raise ValueError(f"{self.name}: an option in the form must be teacher-settable")

    @property
    def nullable(self) -> bool:
        return self.default is None


@dataclass(frozen=True)
class LevelPreset:
    """A named set of option values (Fultiples' published grid levels)."""

    name: str
    title: str
    summary: str
    options: dict[str, Any]


@dataclass(frozen=True)
class ComputerPlayer:
    level: str
    label: str


@dataclass(frozen=True)
class HintRule:
    """What a hint suggests when the assignment allows hints.

    `rule` names the rule the board implements; `shows` says it in words for the teacher and
    the child. Hints are a UI help (docs/games.md): one suggestion with its reason, after a wait or a
    wrong try, computed by the board from its own seat's view; they never hide or disable a cell,
    so a wrong claim still reaches the server as drill data.
    """

    rule: str
    shows: str


@dataclass(frozen=True)
class Proposal:
    """What a new assignment's form proposes (not the engine's default, which docs/games.md fixes), and why."""

    options: dict[str, Any]
    why: str


# The computer players, easiest first: the one list of bot levels. Every game offers all three
# (games/bots/ plays them); the models' choices, the API and the pages take the levels from here.
COMPUTER_PLAYERS = (
    ComputerPlayer("easy", "Easy computer"),
    ComputerPlayer("medium", "Medium computer"),
    ComputerPlayer("hard", "Hard computer"),
)
BOT_LEVELS: tuple[str, ...] = tuple(player.level for player in COMPUTER_PLAYERS)


@dataclass(frozen=True)
class GameDefinition:
    """A game's identity (its slug and its title, each written only here), its players and its options.

    `simultaneous`: no turns, everybody plays at once (Multiplin).
    """

    slug: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    simultaneous: bool = False
    hints: HintRule | None = None
    level_presets: tuple[LevelPreset, ...] = ()
    computer_players: tuple[ComputerPlayer, ...] = COMPUTER_PLAYERS
    # Options a grid batch replaces: with a batch, each match takes the batch's next board.
    replaced_by_grid_batch: tuple[str, ...] = ()
    proposal: Proposal | None = None
    _by_name: dict[str, OptionSpec] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name = {spec.name: spec for spec in self.options}
        if len(by_name) != len(self.options):
            raise ValueError(f"{self.slug}: an option is declared twice")
        if self.proposal is not None and not set(self.proposal.options) <= set(by_name):
            raise ValueError(f"{self.slug}: the proposal names an option the game does not have")
        object.__setattr__(self, "_by_name", by_name)

    def starting_options(self) -> dict:
        """The options a new assignment starts with: the proposal's, else none (the engine's defaults)."""
        return dict(self.proposal.options) if self.proposal else {}

    @property
    def takes_grid_batches(self) -> bool:
        return bool(self.replaced_by_grid_batch)

    @property
    def bot_levels(self) -> tuple[str, ...]:
        return tuple(player.level for player in self.computer_players)

    def computer_label(self, level: str) -> str:
        """'Medium computer': how a computer player of this level is named everywhere (form, seats, lists)."""
        return next((player.label for player in self.computer_players if player.level == level),
                    f"{level.capitalize()} computer")

    @property
    def option_names(self) -> frozenset[str]:
        return frozenset(self._by_name)

    def option(self, name: str) -> OptionSpec:
        return self._by_name[name]

    def default(self, name: str) -> Any:
        return self._by_name[name].default

    def teacher_options(self) -> tuple[OptionSpec, ...]:
        return tuple(spec for spec in self.options if spec.teacher_settable)

    def as_dict(self) -> dict[str, Any]:
        """The definition as plain JSON data (what the games endpoint serves)."""
        return {
            "slug": self.slug,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "simultaneous": self.simultaneous,
            "options": [_option_dict(spec) for spec in self.options],
            "level_presets": [
                {"name": p.name, "title": p.title, "summary": p.summary, "options": _json(p.options)}
                for p in self.level_presets
            ],
            "computer_players": [{"level": p.level, "label": p.label} for p in self.computer_players],
            "hints": None if self.hints is None else {"rule": self.hints.rule, "shows": self.hints.shows},
            "replaced_by_grid_batch": list(self.replaced_by_grid_batch),
            "proposal": None if self.proposal is None else {
                "options": _json(self.proposal.options), "why": self.proposal.why},
        }


def _option_dict(spec: OptionSpec) -> dict[str, Any]:
    return {
        "name": spec.name,
        "kind": spec.kind,
        "label": spec.label,
        "noun": spec.noun,
        "help": spec.help,
        "default": _json(spec.default),
        "nullable": spec.nullable,
        "minimum": spec.minimum,
        "maximum": spec.maximum,
        "choices": [{"value": c.value, "label": c.label} for c in spec.choices],
        "teacher_settable": spec.teacher_settable,
        "in_form": spec.in_form,
    }


def _json(value: Any) -> Any:
    """Tuples become lists, so the served data is what JSON round-trips to."""
    if isinstance(value, (list, tuple)):
        return [_json(item) for item in value]
    if isinstance(value, dict):
        return {key: _json(item) for key, item in value.items()}
    return value


# --- options several games share ---------------------------------------------------------------

TEACHER_MAX_TIME_LIMIT_S = 3600


def time_limit_option() -> OptionSpec:
    return OptionSpec(
        name="time_limit_s", kind="integer", label="Time limit per turn (seconds)", noun="the time limit",
        help="Leave empty for no time limit.", default=None, minimum=1, maximum=TEACHER_MAX_TIME_LIMIT_S,
        teacher_settable=True, in_form=True,
    )


def strict_option() -> OptionSpec:
    return OptionSpec(
        name="strict", kind="boolean", label="Strict: a mistake ends the turn", noun="strict mode",
        default=False, teacher_settable=True, in_form=True,
    )


def first_seat_option(max_players: int, default: int | None = None) -> OptionSpec:
    return OptionSpec(
        name="first_seat", kind="integer", label="First seat", noun="the first seat",
        help="Who moves first, for tests and rematches; without it the game decides.", default=default,
        minimum=0, maximum=max_players - 1,
    )


def data_option(name: str, label: str, noun: str, help_text: str) -> OptionSpec:
    return OptionSpec(name=name, kind="data", label=label, noun=noun, help=help_text)


def focus_option() -> OptionSpec:
    """Focus (games/engines/focus.py): the facts a game brings up more often."""
    return OptionSpec(
        name="focus", kind="focus", label="Focus", noun="the focus",
        help="The game deals some facts more often: each child's weakest (as the reports rank them), or the "
             "tables and facts you pick.",
        default=None,
        choices=(Choice("none", "None: every fact as usual"), Choice("weakest", "Each child's weakest facts"),
                 Choice("facts", "These facts")),
        teacher_settable=True, in_form=True,
    )
