"""The Focus option: which multiplication facts a game brings up more often (issue 14).

A teacher sets one of three modes on an assignment:

- `{"mode": "none"}` (or no focus at all): the game deals as it always has;
- `{"mode": "weakest"}`: each child's weakest facts. The server fills in `facts` at match start
  from the reports' data (games/services/focus.py); the engine only ever sees facts;
- `{"mode": "facts", "tables": [7, 8], "facts": [[6, 7], [7, 8]]}`: the teacher's facts. A table t
  stands for t x 2 up to t x 12, as far as the game can deal them.

Each engine says which facts it can deal (`FocusRange`), expands the focus into facts with
`focus_facts`, and weights its own deal with them. A refusal is a `FocusError` whose message names
what is wrong and why, for the assignment form. Pure Python: no Django.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engines.primitives import Rng, is_int

Fact = tuple[int, int]
MODES = ("none", "weakest", "facts")
KEYS = frozenset({"mode", "tables", "facts"})
TABLE_PARTNERS = range(2, 13)  # a table t means t x 2 .. t x 12 (x1 facts teach nothing)
MAX_FACTS = 144
TIMES = "\N{MULTIPLICATION SIGN}"
# Focus draws come from their own generator, seeded from the game's seed, so the game's own draws
# (the board, the shuffle, the dice) stay exactly those of the same seed without focus.
_FOCUS_SALT = 0x0F0C_0F0C_5EED


class FocusError(ValueError):
    """A focus the game cannot use; the message is a sentence for the teacher."""


@dataclass(frozen=True)
class FocusRange:
    """Which facts a game can deal: `fits(a, b)` (a <= b), and `what` says the range in words."""

    fits: Callable[[int, int], bool]
    what: str


def fact_words(fact: Fact) -> str:
    return f"{fact[0]} {TIMES} {fact[1]}"


def parse_focus(value: Any) -> dict | None:
    """The focus in its plain form ({"mode", "tables", "facts"} with sorted, deduplicated facts), or
    None for no focus. Checks the shape only; raises FocusError."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise FocusError('Focus must be an object such as {"mode": "weakest"}.')
    unknown = sorted(str(key) for key in value if key not in KEYS)
    if unknown:
        raise FocusError(f"Focus does not take {', '.join(unknown)[:60]}.")
    mode = value.get("mode", "none")
    if mode not in MODES:
        raise FocusError("Focus must be none, weakest (each child's weakest facts) or facts (the facts you pick).")
    tables = value.get("tables") or []
    facts = value.get("facts") or []
    if not isinstance(tables, list) or not all(is_int(t) and 1 <= t <= 12 for t in tables):
        raise FocusError("Focus tables must be a list of times tables from 1 to 12.")
    if not isinstance(facts, list) or not all(_is_fact(f) for f in facts):
        raise FocusError(f"Focus facts must be a list of pairs such as [7, 8], each number from 1 to 12 "
                         f"(7 {TIMES} 8).")
    if len(facts) > MAX_FACTS or len(tables) > 12:
        raise FocusError(f"Focus takes at most {MAX_FACTS} facts and 12 tables.")
    if mode == "none":
        if tables or facts:
            raise FocusError("Focus none takes no tables or facts: choose the facts mode to pick them.")
        return None
    if mode == "facts" and not tables and not facts:
        raise FocusError("The focus list is empty: pick at least one table or one fact.")
    if mode == "weakest" and tables:
        raise FocusError("Focus on each child's weakest facts takes no tables: the reports choose the facts.")
    return {"mode": mode, "tables": sorted(set(tables)), "facts": [list(f) for f in sorted({_fact(f) for f in facts})]}


def _is_fact(item: Any) -> bool:
    return (isinstance(item, (list, tuple)) and len(item) == 2
            and all(is_int(n) and 1 <= n <= 12 for n in item))


def _fact(item: Any) -> Fact:
    a, b = item
    return (a, b) if a <= b else (b, a)


def focus_facts(value: Any, game_range: FocusRange, *, strict: bool) -> tuple[Fact, ...]:
    """The facts the game weights its deal towards, smaller factor first, sorted; () for no focus.

    `strict` (a teacher's list, checked when the assignment is saved and at setup): a fact outside
    the game's range, or a table of which the game can deal no fact, is refused with a FocusError.
    Not strict (the weakest facts the server found): facts the game cannot deal are left out.
    """
    focus = parse_focus(value)
    if focus is None:
        return ()
    chosen: set[Fact] = set()
    for fact in (_fact(f) for f in focus["facts"]):
        if game_range.fits(*fact):
            chosen.add(fact)
        elif strict and focus["mode"] == "facts":
            raise FocusError(f"Focus fact {fact_words(fact)} cannot come up in this game: {game_range.what}.")
    for table in focus["tables"]:
        facts = {_fact((table, k)) for k in TABLE_PARTNERS if game_range.fits(*_fact((table, k)))}
        if not facts and strict:
            raise FocusError(f"The {table}s table cannot come up in this game: {game_range.what}.")
        chosen |= facts
    return tuple(sorted(chosen))


def focus_rng(seed: int) -> Rng:
    return Rng.from_seed(seed ^ _FOCUS_SALT)


def factor_weights(facts: tuple[Fact, ...], values: tuple[int, ...]) -> dict[int, int]:
    """How often each card value takes part in a focus fact (a square such as 7 x 7 counts twice)."""
    weights = {value: 0 for value in values}
    for a, b in facts:
        for factor in (a, b):
            if factor in weights:
                weights[factor] += 1
    return weights


def weighted_pick(rng: Rng, weights: dict[int, int]) -> int:
    """A key drawn with probability proportional to its (positive) weight, in key order."""
    keys = sorted(key for key, weight in weights.items() if weight > 0)
    ticket = rng.below(sum(weights[key] for key in keys))
    for key in keys:
        ticket -= weights[key]
        if ticket < 0:
            return key
    raise AssertionError("unreachable")


def reweight_cards(cards: list, *, share: float, pick: Callable[[], Any], rng: Rng,
                   keep: Callable[[Any], bool] = lambda card: False) -> list:
    """The same deck with `share` of its cards (those `keep` allows) replaced in place by cards `pick` draws.

    Positions are chosen from `rng`, so the same seed and focus give the same deck; the deck keeps its
    size, and its order everywhere else.
    """
    deck = list(cards)
    spare = [i for i, card in enumerate(deck) if not keep(card)]
    rng.shuffle(spare)
    for index in spare[:round(share * len(spare))]:
        deck[index] = pick()
    return deck


def rules_words(game_words: str) -> str:
    """The rules summary's paragraph on focus, the same lead for every game."""
    return (
        "\nFocus (when the teacher sets it):\n"
        "Your teacher can ask the game to bring up some facts more often: each player's weakest facts,\n"
        "or facts the teacher picked. The game is still fair and played by the same rules.\n"
        f"{game_words}\n"
    )
