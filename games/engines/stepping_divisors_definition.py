"""Stepping By Divisors' options and hint rule (docs/games.md section 4). See definition.py."""

from __future__ import annotations

from games.engines.definition import (
    GameDefinition,
    HintRule,
    OptionSpec,
    Proposal,
    data_option,
    first_seat_option,
    focus_option,
    strict_option,
    time_limit_option,
)

MIN_SIZE = 3
MAX_SIZE = 12
DEFAULT_SIZE = 8
MAX_PLAYERS = 6

DEFINITION = GameDefinition(
    slug="stepping_divisors",
    title="Stepping By Divisors",
    min_players=2,
    max_players=MAX_PLAYERS,
    options=(
        OptionSpec(
            name="size", kind="integer", label="Board size", noun="the board size",
            help=f"{MIN_SIZE} to {MAX_SIZE} squares a side ({DEFAULT_SIZE} is usual).",
            default=DEFAULT_SIZE, minimum=MIN_SIZE, maximum=MAX_SIZE, teacher_settable=True, in_form=True,
        ),
        time_limit_option(),
        strict_option(),
        OptionSpec(
            name="random_fill", kind="boolean", label="Fill the grid automatically", noun="automatic filling",
            help="The computer writes the numbers, so the players start with the divisors.",
            default=False, teacher_settable=True, in_form=True,
        ),
        first_seat_option(MAX_PLAYERS, default=0),
        data_option("prefill", "Numbers", "the numbers",
                    "A full grid holding 1 to m x m once each: the game starts with the divisors."),
        focus_option(),
    ),
    hints=HintRule(
        rule="squares_with_a_divisor_step",
        shows="After a wait or a wrong try, one square you may step on lights up, with a divisor that fits "
              "and why (\"42 is 6 x 7\").",
    ),
    # The engine's default (8 x 8, filled by hand) is docs/games.md's; a new assignment proposes this.
    proposal=Proposal(
        options={"size": 6, "random_fill": True},
        why="Proposed: a 6 x 6 board the computer fills, so the divisor maths starts at the first "
            "taps. Filled by hand, an 8 x 8 board takes 64 taps before any maths.",
    ),
)
