"""Fultiples' options, level presets and hint rule (docs/games.md section 1). See definition.py."""

from __future__ import annotations

from games.engines.definition import (
    Choice,
    GameDefinition,
    HintRule,
    LevelPreset,
    OptionSpec,
    data_option,
    first_seat_option,
    focus_option,
    strict_option,
    time_limit_option,
)
from games.engines.fultiples_grid import DEFAULT_COLS, DEFAULT_ROWS, LEVELS, MAX_PRIME, MAX_SCALE, MAX_SIDE, MAX_VALUE

DEFAULT_LEVEL = "intermediate"
# 2 is always among the primes and always a valid scalar, so 2 x 2 = 4 fits under every cap from 4.
SMALLEST_CAP = 4

LEVEL_PRESETS = tuple(
    LevelPreset(
        name=name,
        title=name.capitalize(),
        summary=f"numbers up to {preset['max_value']}",
        options={"primes": list(preset["primes"]), "scale_max": preset["scale_max"], "max_value": preset["max_value"]},
    )
    for name, preset in LEVELS.items()
)

DEFINITION = GameDefinition(
    slug="fultiples",
    title="Fultiples",
    min_players=2,
    max_players=2,
    options=(
        OptionSpec(
            name="level", kind="choice", label="Level", noun="the level", default=DEFAULT_LEVEL,
            choices=tuple(Choice(p.name, f"{p.title} ({p.summary})") for p in LEVEL_PRESETS),
            teacher_settable=True, in_form=True,
        ),
        time_limit_option(),
        strict_option(),
        OptionSpec(
            name="rows", kind="integer", label="Rows", noun="the number of rows", default=DEFAULT_ROWS,
            minimum=1, maximum=MAX_SIDE, teacher_settable=True,
        ),
        OptionSpec(
            name="cols", kind="integer", label="Columns", noun="the number of columns", default=DEFAULT_COLS,
            minimum=1, maximum=MAX_SIDE, teacher_settable=True,
        ),
        OptionSpec(
            name="primes", kind="integer_list", label="Primes", noun="the primes",
            help="Instead of the level's primes; they must include 2 and 3.", minimum=2, maximum=MAX_PRIME,
            teacher_settable=True,
        ),
        OptionSpec(
            name="scale_max", kind="integer", label="Largest scalar", noun="the largest scalar",
            help="Instead of the level's largest scalar.", minimum=2, maximum=MAX_SCALE, teacher_settable=True,
        ),
        OptionSpec(
            name="max_value", kind="integer", label="Largest number", noun="the largest number",
            help="Instead of the level's cap.", minimum=SMALLEST_CAP, maximum=MAX_VALUE, teacher_settable=True,
        ),
        first_seat_option(2),
        data_option("board", "Board", "the board", "A stored grid (a grid batch's next board), instead of a new one."),
        focus_option(),
    ),
    hints=HintRule(
        rule="factor_or_multiple_of_last",
        shows="After a wait or a wrong try, one free number that is a factor or a multiple of the "
              "last number lights up, with why (\"42 is 6 x 7\").",
    ),
    level_presets=LEVEL_PRESETS,
    replaced_by_grid_batch=("level", "rows", "cols", "primes", "scale_max", "max_value"),
)
