"""Four-in-a-Row Multiplication's options and hint rule (docs/games.md section 2). See definition.py."""

from __future__ import annotations

from games.engines.definition import (
    GameDefinition,
    HintRule,
    OptionSpec,
    data_option,
    first_seat_option,
    focus_option,
    strict_option,
    time_limit_option,
)

DEFAULT_TARGET = 3

DEFINITION = GameDefinition(
    slug="four_in_a_row",
    title="Four-in-a-Row Multiplication",
    min_players=2,
    max_players=2,
    options=(
        OptionSpec(
            name="target_score", kind="integer", label="Tokens to win", noun="the target score",
            help=f"Usually {DEFAULT_TARGET}.", default=DEFAULT_TARGET, minimum=1, maximum=100,
            teacher_settable=True, in_form=True,
        ),
        time_limit_option(),
        strict_option(),
        first_seat_option(2),
        data_option("board", "Board", "the board", "8 rows of 8 squares, instead of the shuffled times table."),
        data_option("deck", "Deck", "the deck", "The cards, top first (2 to 9, or \"W\" for a wild card)."),
        focus_option(),
    ),
    hints=HintRule(
        rule="squares_showing_the_product",
        shows="After a wait or a wrong try, two of your cards and one free square showing their "
              "product light up, with why (\"42 is 6 x 7\").",
    ),
)
