"""Multiplin's options and hint rule (docs/games.md section 3). See definition.py."""

from __future__ import annotations

from games.engines.definition import GameDefinition, HintRule, OptionSpec, data_option, focus_option

MAX_PLAYERS = 4

DEFINITION = GameDefinition(
    slug="multiplin",
    title="Multiplin",
    min_players=2,
    max_players=MAX_PLAYERS,
    simultaneous=True,  # no turns: everybody plays at once
    options=(
        OptionSpec(
            name="round_time_s", kind="integer", label="Round time (seconds)", noun="the round time",
            help="A round with no answer ends after this time.", default=60, minimum=5, maximum=600,
            teacher_settable=True, in_form=True,
        ),
        # At most 8 cards a hand: four players' hands and the table still fit the 40 factor cards.
        OptionSpec(
            name="hand_size", kind="integer", label="Cards in each hand", noun="the hand size",
            default=5, minimum=1, maximum=8, teacher_settable=True,
        ),
        OptionSpec(
            name="lockout_ms", kind="integer", label="Wait after a wrong answer (ms)",
            noun="the wait after a wrong answer", help="So that guessing does not pay.",
            default=1500, minimum=0, maximum=10_000, teacher_settable=True,
        ),
        OptionSpec(
            name="tie_window_ms", kind="integer", label="Tie window (ms)", noun="the tie window",
            help="Right answers this soon after the first one also win the round.",
            default=400, minimum=0, maximum=2000, teacher_settable=True,
        ),
        OptionSpec(
            name="auto_skip", kind="boolean", label="Skip a card nobody can make", noun="auto-skip",
            default=True, teacher_settable=True,
        ),
        OptionSpec(
            name="skip_after_ms", kind="integer", label="Show an impossible card for (ms)",
            noun="the time an impossible card stays up", default=5000, minimum=1, maximum=60_000,
            teacher_settable=True,
        ),
        OptionSpec(
            name="dealer", kind="integer", label="First dealer", noun="the first dealer",
            help="For tests; without it the dealer is drawn.", minimum=0, maximum=MAX_PLAYERS - 1,
        ),
        data_option("factor_deck", "Factor deck", "the factor deck", "The factor cards, top first."),
        data_option("product_deck", "Product deck", "the product deck", "The product cards, top first."),
        focus_option(),
    ),
    hints=HintRule(
        rule="cards_that_make_the_product",
        shows="After a wait or a wrong try, one card from your hand and one table card that make "
              "the product light up, with why (\"42 is 6 x 7\").",
    ),
)
