"""The Focus option in the engines (issue 14): focus none changes nothing; any focus keeps decks,
cards and grids legal, the game deterministic and able to end; bad focuses are refused in words."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines import get_engine
from games.engines.base import FocusRefusal, IllegalAction
from games.engines.focus import FocusError, parse_focus
from games.engines.four_in_a_row import standard_deck, standard_products
from games.engines.fultiples_grid import WILD_CARDS, valid_products
from games.engines.multiplin import FACTOR_CARDS, PRODUCT_CARDS
from games.engines.option_check import teacher_option_problems
from tests.engines.focus_baseline import playout_digests

BASELINE = json.loads((Path(__file__).parent / "data" / "focus_none_baseline.json").read_text())
PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = {
    "fultiples": (2, {}),
    "four_in_a_row": (2, {}),
    "multiplin": (3, {}),
    "stepping_divisors": (2, {"random_fill": True, "size": 6}),
}


def facts_of(slug: str, options: dict) -> list[tuple[int, int]]:
    fits = get_engine(slug).focus_range({**options, "focus": {"mode": "weakest"}}).fits
    return [(a, b) for a in range(1, 13) for b in range(a, 13) if fits(a, b)]


def with_focus(options: dict, facts) -> dict:
    return {**options, "focus": {"mode": "facts", "facts": [list(f) for f in facts]}}


# --- focus none: exactly today's games ---------------------------------------------------------

def _none_focus_cases() -> list:
    """Each baseline game with no focus and with each way of saying "none"; a focus the game's options
    refuse (Stepping's needs the grid filled for the children) is no case at all."""
    nones = [None, {"mode": "none"}, {"mode": "weakest"}, {"mode": "weakest", "facts": []}]
    return [pytest.param(case, none, id=f"{case['game']}-{case['players']}-{case['seed']}-{none}")
            for case in BASELINE for none in nones
            if none is None or not get_engine(case["game"]).focus_problem({**case["options"], "focus": none})]


@pytest.mark.parametrize(("case", "none"), _none_focus_cases())
def test_focus_none_gives_the_states_recorded_on_main(case, none):
    """The baseline was recorded before the focus option existed (tests/engines/focus_baseline.py). A
    weakest focus with no facts yet (a child with no answers) deals as without focus."""
    options = dict(case["options"]) if none is None else {**case["options"], "focus": none}
    now = playout_digests(case["game"], case["players"], options, case["seed"])
    assert now["digests"] == case["digests"]
    if isinstance(case["setup"], dict):
        assert now["setup"] == case["setup"]


# --- any focus: legal, deterministic, the game still ends ---------------------------------------

@st.composite
def game_and_focus(draw):
    slug = draw(st.sampled_from(sorted(GAMES)))
    players, options = GAMES[slug]
    facts = draw(st.lists(st.sampled_from(facts_of(slug, options)), min_size=1, max_size=8, unique=True))
    return slug, players, with_focus(options, facts), draw(st.integers(0, 2**40))


@PROPERTY
@given(game_and_focus())
def test_decks_keep_their_sizes_and_cards(case):
    slug, players, options, seed = case
    state = get_engine(slug).setup(players=players, options=options, seed=seed)
    plain = get_engine(slug).setup(players=players, options={k: v for k, v in options.items() if k != "focus"},
                                   seed=seed)
    if slug == "four_in_a_row":
        cards = [*state["deck"], *state["hands"][0], *state["hands"][1]]
        assert len(cards) == len(standard_deck())
        assert cards.count("W") == 2
        assert all(card == "W" or 2 <= card <= 9 for card in cards)
        assert state["turn"] == plain["turn"]
        squares = [n for row in state["board"] for n in row]
        assert len(state["board"]) == 8
        assert all(len(row) == 8 for row in state["board"])
        assert set(squares) <= set(standard_products())
    elif slug == "multiplin":
        factors = [*state["factor_deck"], *state["table"], *(c for hand in state["hands"] for c in hand)]
        products = [*state["product_deck"], state["product"]]
        assert len(factors) == len(FACTOR_CARDS)
        assert set(factors) <= set(FACTOR_CARDS)
        assert len(products) == len(PRODUCT_CARDS)
        assert set(products) <= set(PRODUCT_CARDS)
        assert [len(hand) for hand in state["hands"]] == [len(hand) for hand in plain["hands"]]
    elif slug == "fultiples":
        board = state["board"]
        allowed = set(valid_products((2, 3, 7), 20, 100)) | set(WILD_CARDS)
        assert (len(board), len(board[0])) == (len(plain["board"]), len(plain["board"][0]))
        assert {n for row in board for n in row} <= allowed
        assert state["dice"] == plain["dice"]
        # the wild numbers stay where they were
        assert [[n in WILD_CARDS for n in row] for row in board] == [[n in WILD_CARDS for n in row]
                                                                        for row in plain["board"]]
    else:
        m = state["size"]
        numbers = [n for row in state["numbers"] for n in row]
        assert len(numbers) == m * m
        assert all(1 <= n <= m * m for n in numbers)
        assert 1 in numbers


@PROPERTY
@given(game_and_focus(), st.integers(0, 2**32))
def test_games_with_focus_are_deterministic_and_end(case, walk):
    slug, players, options, seed = case
    first, second = (_playout(slug, players, options, seed, walk) for _ in range(2))
    assert first == second
    assert first["result"] is not None, f"{slug} seed {seed} walk {walk} did not end"


def _playout(slug: str, players: int, options: dict, seed: int, walk: int, limit: int = 4000) -> dict:
    engine = get_engine(slug)
    state = engine.setup(players=players, options=options, seed=seed, now_ms=0)
    choices = random.Random(walk)
    now = 0
    for _ in range(limit):
        if state["result"] is not None:
            break
        now += 500
        moves = [(seat, action) for seat in engine.to_move(state) for action in engine.legal_actions(state, seat)]
        due = engine.deadline(state)
        if not moves or (due is not None and due <= now):
            state = engine.tick(state, max(now, due or now)).state
            now = max(now, due or now)
            continue
        seat, action = choices.choice(moves)
        state = json.loads(json.dumps(engine.apply(state, seat, action, now).state))
    return state


# --- the focus weights the deal ------------------------------------------------------------------

def test_four_in_a_row_deck_holds_the_focus_numbers_more_often():
    counts = Counter()
    for seed in range(200):
        state = get_engine("four_in_a_row").setup(2, with_focus({}, [(7, 8)]), seed=seed)
        counts.update(card for card in [*state["deck"], *state["hands"][0], *state["hands"][1]] if card in (7, 8))
    assert (counts[7] + counts[8]) / 200 >= 2 * 8  # eight 7s and 8s in a plain deck


def test_multiplin_product_deck_holds_the_focus_products_more_often():
    hits = 0
    for seed in range(200):
        state = get_engine("multiplin").setup(2, with_focus({}, [(6, 7)]), seed=seed)
        hits += [*state["product_deck"], state["product"]].count(42)
    assert hits / 200 >= 5  # once in a plain deck


def test_fultiples_grid_holds_the_focus_product_and_its_factor():
    state = get_engine("fultiples").setup(2, with_focus({}, [(7, 8)]), seed=3)
    numbers = Counter(n for row in state["board"] for n in row)
    assert numbers[56] >= 5
    assert numbers[8] >= 5


def test_stepping_grid_shows_the_focus_products_several_times():
    state = get_engine("stepping_divisors").setup(2, with_focus({"random_fill": True}, [(7, 8), (6, 9)]), seed=3)
    numbers = Counter(n for row in state["numbers"] for n in row)
    assert numbers[56] >= 3
    assert numbers[54] >= 3


def test_four_in_a_row_board_shows_the_focus_products_more_often():
    state = get_engine("four_in_a_row").setup(2, with_focus({}, [(7, 8)]), seed=5)
    assert sum(row.count(56) for row in state["board"]) >= 5  # twice on a plain board


def test_a_given_deck_is_dealt_as_given_even_with_focus():
    deck = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3]
    state = get_engine("four_in_a_row").setup(2, {"deck": deck, **with_focus({}, [(7, 8)])}, seed=1)
    assert [*state["hands"][0], *state["hands"][1], *state["deck"]] == deck


# --- refusals: which and why ----------------------------------------------------------------------

@pytest.mark.parametrize(("slug", "options", "words"), [
    ("four_in_a_row", with_focus({}, [(7, 11)]), "7 \N{MULTIPLICATION SIGN} 11 cannot come up"),
    ("four_in_a_row", {"focus": {"mode": "facts", "tables": [10]}}, "10s table cannot come up"),
    ("multiplin", with_focus({}, [(11, 12)]), "1 to 10"),
    ("fultiples", {"focus": {"mode": "facts", "tables": [5]}}, "5s table cannot come up"),
    ("fultiples", {"level": "beginner", **with_focus({}, [(7, 8)])}, "numbers up to 50"),
    ("stepping_divisors", with_focus({"random_fill": True, "size": 5}, [(6, 7)]), "1 to 25"),
    ("stepping_divisors", with_focus({}, [(2, 3)]), "Fill the grid automatically"),
])
def test_a_focus_the_game_cannot_deal_is_refused_in_words(slug, options, words):
    engine = get_engine(slug)
    problem = engine.focus_problem(options)
    assert problem is not None
    assert words in problem
    with pytest.raises(FocusRefusal) as refused:
        engine.setup(players=2, options=options, seed=1)
    assert refused.value.code == "bad_options"
    assert words in refused.value.message


@pytest.mark.parametrize(("value", "words"), [
    ({"mode": "facts"}, "empty"),
    ({"mode": "facts", "facts": []}, "empty"),
    ({"mode": "sometimes"}, "none, weakest"),
    ({"mode": "facts", "facts": [[7, 13]]}, "from 1 to 12"),
    ({"mode": "facts", "facts": [7, 8]}, "pairs"),
    ({"mode": "facts", "tables": [0]}, "tables"),
    ({"mode": "none", "facts": [[2, 3]]}, "takes no tables or facts"),
    ({"mode": "weakest", "tables": [7]}, "takes no tables"),
    ({"mode": "facts", "facts": [[2, 3]], "why": "<b>"}, "does not take why"),
    ("weakest", "must be an object"),
])
def test_the_shape_of_a_focus_is_checked(value, words):
    with pytest.raises(FocusError, match=words):
        parse_focus(value)
    problems = teacher_option_problems(get_engine("multiplin").definition, {"focus": value})
    assert [p.option for p in problems] == ["focus"]
    assert words in problems[0].message
    with pytest.raises(IllegalAction):
        get_engine("multiplin").setup(players=2, options={"focus": value}, seed=0)


def test_tables_and_facts_are_expanded_sorted_and_once():
    engine = get_engine("four_in_a_row")
    facts = engine.focus_of({"focus": {"mode": "facts", "tables": [9], "facts": [[9, 3], [2, 2]]}})
    assert facts == ((2, 2), (2, 9), (3, 9), (4, 9), (5, 9), (6, 9), (7, 9), (8, 9), (9, 9))


def test_weakest_facts_the_game_cannot_deal_are_left_out_not_refused():
    engine = get_engine("four_in_a_row")
    options = {"focus": {"mode": "weakest", "facts": [[7, 8], [11, 12]]}}
    assert engine.focus_of(options) == ((7, 8),)
    engine.setup(players=2, options=options, seed=1)


def test_every_rules_summary_describes_the_focus():
    for slug in GAMES:
        text = get_engine(slug).rules_summary
        assert "Focus (when the teacher sets it)" in text
        assert "more often" in text


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_computer_players_still_play_sensibly_with_a_focus(slug):
    """With weighted decks and grids every game ends and the hard computer still beats the easy one, as
    without focus (tests/engines/test_*_bots.py)."""
    from games.bots.arena import hard_vs_easy

    options = with_focus({"random_fill": True} if slug == "stepping_divisors" else {}, [(6, 7), (7, 8)])
    record = hard_vs_easy(slug, 60, options=options)
    assert record["decided"] >= 40
    assert record["hard_rate"] >= 0.75, record
