"""Which refusal an action gets when it breaks two rules at once, game by game: the order that
docs/engine-contract.md, "Which refusal comes first" states. And an action carrying a field its type does not take
is bad_action."""

import json

import pytest

from games.engines import IllegalAction, get_engine
from games.engines.multiplin import FACTOR_CARDS, PRODUCT_CARDS

MAGIC = [[4, 9, 2], [3, 5, 7], [8, 1, 6]]  # 1 at [2, 1]


def refused(game: str, state: dict, seat: int, action: dict, now_ms: int = 0) -> str:
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as caught:
        get_engine(game).apply(state, seat, action, now_ms)
    assert json.dumps(state, sort_keys=True) == before
    return caught.value.code


def over(state: dict) -> dict:
    state = json.loads(json.dumps(state))
    state["result"] = {"winners": [0], "reason": "test"}
    state["phase"] = "over"
    return state


# --- Fultiples: game_over, bad_action, not_your_turn, cell_taken ------------------------------------------
def fultiples() -> tuple[dict, int]:
    engine = get_engine("fultiples")
    state = engine.setup(players=2, options={"first_seat": 0}, seed=4, now_ms=0)
    state = engine.apply(state, 0, {"type": "mark", "cell": [0, 0]}, 0).state  # seat 1 to move; [0, 0] taken
    return state, 1


@pytest.mark.parametrize(("why", "action", "by_mover", "expected"), [
    ("over and off the board", {"type": "mark", "cell": [99, 0]}, True, "game_over"),
    ("over and an extra field", {"type": "mark", "cell": [0, 1], "note": 1}, False, "game_over"),
    ("not your turn, off the board", {"type": "mark", "cell": [99, 0]}, False, "bad_action"),
    ("not your turn, an extra field", {"type": "mark", "cell": [0, 1], "note": 1}, False, "bad_action"),
    ("not your turn, an unknown type", {"type": "jump", "cell": [0, 1]}, False, "bad_action"),
    ("not your turn, the cell taken", {"type": "mark", "cell": [0, 0]}, False, "not_your_turn"),
])
def test_fultiples_refusal_order(why, action, by_mover, expected):
    state, mover = fultiples()
    if why.startswith("over"):
        state = over(state)
    assert refused("fultiples", state, mover if by_mover else 1 - mover, action) == expected


# --- Four-in-a-Row: game_over, bad_action, not_your_turn, bad_card (cards, then values), cell_taken ------
def four_in_a_row() -> dict:
    """Seat 0 to move holding 3, W, 4; seat 1 holds 5, 6, 7; every square is 12 and [0, 0] has a marker."""
    engine = get_engine("four_in_a_row")
    deck = [3, "W", 4, 5, 6, 7, *[2] * 4, *[8] * 4, *[9] * 4]
    state = engine.setup(players=2, options={"first_seat": 0, "board": [[12] * 8 for _ in range(8)], "deck": deck},
                         seed=1, now_ms=0)
    state["markers"][0][0] = 1
    return state


@pytest.mark.parametrize(("why", "seat", "action", "expected"), [
    ("over and malformed", 0, {"type": "play", "cards": "x", "cell": [1, 1]}, "game_over"),
    ("not your turn, a discard with values", 1, {"type": "discard", "cards": [0, 1], "values": [5, 6]}, "bad_action"),
    ("not your turn, an extra field", 1, {"type": "play", "cards": [0, 1], "cell": [1, 1], "x": 0}, "bad_action"),
    ("not your turn, off the board", 1, {"type": "play", "cards": [0, 1], "cell": [8, 0]}, "bad_action"),
    ("not your turn, values not numbers", 1, {"type": "play", "cards": [0, 1], "values": ["a", 6], "cell": [1, 1]},
     "bad_action"),
    ("not your turn, no such card", 1, {"type": "discard", "cards": [0, 7]}, "not_your_turn"),
    ("no such card, values not numbers", 0, {"type": "play", "cards": [0, 7], "values": ["a", 2], "cell": [1, 1]},
     "bad_action"),
    ("no such card, the square taken", 0, {"type": "play", "cards": [0, 7], "cell": [0, 0]}, "bad_card"),
    ("the same card twice, the square taken", 0, {"type": "play", "cards": [0, 0], "cell": [0, 0]}, "bad_card"),
    ("a wild card without a value, the square taken", 0, {"type": "play", "cards": [0, 1], "cell": [0, 0]},
     "bad_card"),
    ("another value for a plain card, the square taken", 0,
     {"type": "play", "cards": [0, 2], "values": [4, 3], "cell": [0, 0]}, "bad_card"),
    ("the square taken, and a wrong product", 0, {"type": "play", "cards": [0, 2], "cell": [0, 0]}, "cell_taken"),
])
def test_four_in_a_row_refusal_order(why, seat, action, expected):
    state = four_in_a_row()
    if why.startswith("over"):
        state = over(state)
    assert refused("four_in_a_row", state, seat, action) == expected


def test_four_in_a_row_values_for_plain_cards_are_their_faces_and_a_discard_takes_none():
    engine = get_engine("four_in_a_row")
    state = four_in_a_row()
    # 3 x 4 = 12: the faces given as values are accepted, as the contract allows.
    out = engine.apply(state, 0, {"type": "play", "cards": [0, 2], "values": [3, 4], "cell": [1, 1]}, 0)
    assert out.attempts[0]["correct"] is True
    assert refused("four_in_a_row", state, 0, {"type": "discard", "cards": [0, 2], "values": [3, 4]}) == "bad_action"


# --- Multiplin: game_over, bad_action, stale_round, already_solved, locked_out, bad_card -------------------
def multiplin() -> dict:
    """Seat 0 holds 2 3 4 5 6, seat 1 holds 7 8 9 10 1; the table is 1..8; the product is 12 (round 1)."""
    from collections import Counter

    def full(prefix, cards):
        rest = Counter(cards)
        rest.subtract(prefix)
        return list(prefix) + sorted(rest.elements())

    factor = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 1, 2, 3, 4, 5, 6, 7, 8]
    options = {"factor_deck": full(factor, FACTOR_CARDS), "product_deck": full([12, 40], PRODUCT_CARDS),
               "tie_window_ms": 400, "lockout_ms": 1500}
    return get_engine("multiplin").setup(players=2, options=options, seed=3, now_ms=0)


def test_multiplin_refusal_order():
    engine = get_engine("multiplin")
    state = multiplin()
    now = state["round"]
    stale = state["round"] - 1
    assert refused("multiplin", over(state), 0, {"type": "solve", "round": "x", "hand": 0, "table": 0}) == "game_over"
    assert refused("multiplin", state, 0, {"type": "pass", "round": stale, "hand": 0}) == "bad_action"
    assert refused("multiplin", state, 0, {"type": "solve", "round": stale, "hand": "a", "table": 0}) == "bad_action"
    assert refused("multiplin", state, 0, {"type": "solve", "round": stale, "hand": 9, "table": 0}) == "stale_round"
    # Seat 0 solves 12 with its 2 (hand 0) and the table's 6 (slot 5); then tries again within the tie window.
    solved = engine.apply(state, 0, {"type": "solve", "round": now, "hand": 0, "table": 5}, 100).state
    assert refused("multiplin", solved, 0, {"type": "solve", "round": stale, "hand": 0, "table": 5}, 150) \
        == "stale_round"
    assert refused("multiplin", solved, 0, {"type": "solve", "round": now, "hand": 9, "table": 5}, 150) \
        == "already_solved"
    assert refused("multiplin", solved, 0, {"type": "pass", "round": now}, 150) == "already_solved"
    # Seat 1 misses (7 x 1 is not 12) and is locked out; a bad card while locked out is locked_out.
    locked = engine.apply(state, 1, {"type": "solve", "round": now, "hand": 0, "table": 0}, 100).state
    assert refused("multiplin", locked, 1, {"type": "solve", "round": now, "hand": 9, "table": 0}, 200) == "locked_out"
    assert refused("multiplin", locked, 1, {"type": "solve", "round": stale, "hand": 0, "table": 0}, 200) \
        == "stale_round"
    assert refused("multiplin", state, 1, {"type": "solve", "round": now, "hand": 9, "table": 0}) == "bad_card"


# --- Stepping By Divisors: game_over, bad_action, wrong_phase, not_your_turn, cell_taken, not_adjacent,
# same_divisor; the arithmetic last --------------------------------------------------------------------
def stepping(phase: str) -> dict:
    """Seat 1 to move. Phase place: [0, 0] holds 1. Phase divide on MAGIC: 1 written on 5 (the centre),
    then 7 on [1, 2]: d = 7."""
    engine = get_engine("stepping_divisors")
    if phase == "place":
        state = engine.setup(players=2, options={"size": 3, "first_seat": 0}, seed=1, now_ms=0)
        return engine.apply(state, 0, {"type": "place", "cell": [0, 0]}, 0).state
    state = engine.setup(players=2, options={"prefill": MAGIC, "first_seat": 1}, seed=1, now_ms=0)
    state = engine.apply(state, 1, {"type": "divide", "cell": [1, 1], "divisor": 1}, 0).state
    return engine.apply(state, 0, {"type": "divide", "cell": [1, 2], "divisor": 7}, 0).state


@pytest.mark.parametrize(("why", "phase", "seat", "action", "expected"), [
    ("over and malformed", "place", 1, {"type": "place", "cell": "x"}, "game_over"),
    ("wrong phase, a bad divisor", "place", 1, {"type": "divide", "cell": [1, 1], "divisor": 0}, "bad_action"),
    ("wrong phase, an extra field", "place", 1, {"type": "divide", "cell": [1, 1], "divisor": 2, "x": 1},
     "bad_action"),
    ("not your turn, a place with a divisor", "place", 0, {"type": "place", "cell": [1, 1], "divisor": 2},
     "bad_action"),
    ("not your turn, off the board", "place", 0, {"type": "place", "cell": [3, 0]}, "bad_action"),
    ("not your turn, the wrong phase", "place", 0, {"type": "divide", "cell": [1, 1], "divisor": 2}, "wrong_phase"),
    ("not your turn, the cell taken", "place", 0, {"type": "place", "cell": [0, 0]}, "not_your_turn"),
    ("not your turn, a divisor that is not one", "divide", 0, {"type": "divide", "cell": [0, 2], "divisor": 4},
     "not_your_turn"),
    ("taken, not adjacent and the same divisor", "divide", 1, {"type": "divide", "cell": [1, 1], "divisor": 7},
     "cell_taken"),
    ("not adjacent and the same divisor", "divide", 1, {"type": "divide", "cell": [2, 0], "divisor": 7},
     "not_adjacent"),
    ("not adjacent and not a divisor", "divide", 1, {"type": "divide", "cell": [2, 0], "divisor": 5},
     "not_adjacent"),
    ("the same divisor and not a divisor", "divide", 1, {"type": "divide", "cell": [0, 2], "divisor": 7},
     "same_divisor"),
])
def test_stepping_divisors_refusal_order(why, phase, seat, action, expected):
    state = stepping(phase)
    if why.startswith("over"):
        state = over(state)
    assert refused("stepping_divisors", state, seat, action) == expected


# --- every game: a field the action does not take ----------------------------------------------------------
def first_action_of_each_type(game: str, state: dict) -> list[tuple[int, dict]]:
    engine = get_engine(game)
    found: dict[str, tuple[int, dict]] = {}
    for seat in engine.to_move(state):
        for action in engine.legal_actions(state, seat):
            found.setdefault(action["type"], (seat, action))
    return list(found.values())


STATES = {
    "fultiples": lambda: get_engine("fultiples").setup(players=2, options={}, seed=1, now_ms=0),
    "four_in_a_row": four_in_a_row,
    "multiplin": multiplin,
    "stepping_divisors/place": lambda: stepping("place"),
    "stepping_divisors/divide": lambda: stepping("divide"),
}


@pytest.mark.parametrize("name", list(STATES))
def test_an_action_with_a_field_it_does_not_take_is_bad_action(name):
    game = name.split("/")[0]
    state = STATES[name]()
    actions = first_action_of_each_type(game, state)
    assert actions
    for seat, action in actions:
        get_engine(game).apply(state, seat, action, 0)  # legal as it is
        for extra in ({"client_id": "x"}, {"values": [2, 2]}, {"blob": "x" * 1000}):
            if set(extra) <= set(action):
                continue
            code = refused(game, state, seat, {**action, **extra})
            assert code == "bad_action", (action, extra)
