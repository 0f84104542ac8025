"""Fultiples rules (docs/games.md section 1), one example per rule and house rule, plus properties."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import IllegalAction, get_engine

ENGINE = get_engine("fultiples")
COMMON_VIEW_KEYS = {"game", "seat", "players", "phase", "to_move", "deadline_ms", "mistakes", "result"}


def uniform(number: int, size: int = 7) -> list[list[int]]:
    return [[number] * size for _ in range(size)]


def start(board, *, seed: int = 1, now_ms: int = 0, **options):
    options.setdefault("first_seat", 0)
    return ENGINE.setup(players=2, options={"board": board, **options}, seed=seed, now_ms=now_ms)


def mark(state, seat, row, col, at=0):
    return ENGINE.apply(state, seat, {"type": "mark", "cell": [row, col]}, at)


def play(state, moves, at=0):
    """Alternate marks from the seat to move; each must be accepted without a mistake."""
    for row, col in moves:
        out = mark(state, state["turn"], row, col, at)
        assert not [a for a in out.attempts if not a["correct"]], (row, col)
        state = out.state
    return state


def refusal(state, seat, action, at=0) -> str:
    with pytest.raises(IllegalAction) as error:
        ENGINE.apply(state, seat, action, at)
    return error.value.code


def frozen(state) -> str:
    return json.dumps(state, sort_keys=True)


# --- setup -------------------------------------------------------------------------------------


def test_engine_metadata_and_rules_page():
    assert (ENGINE.slug, ENGINE.title, ENGINE.min_players, ENGINE.max_players) == (
        "fultiples",
        "Fultiples",
        2,
        2,
    )
    summary = ENGINE.rules_summary.lower()
    assert "factor" in summary
    assert "multiple" in summary
    assert "five" in summary
    assert "house rule" in summary
    assert "draw" in summary
    assert len(ENGINE.rules_summary.splitlines()) >= 5


@pytest.mark.parametrize(
    "options",
    [
        {"level": "expert"},
        {"rows": 0},
        {"cols": 31},
        {"rows": "10"},
        {"max_value": 0},
        {"scale_max": -3},
        {"max_value": 3},
        {"primes": [2, 5]},
        {"primes": [2, 3, 9]},
        {"first_seat": 2},
        {"first_seat": True},
        {"time_limit_s": 0},
        {"time_limit_s": "30"},
        {"strict": "yes"},
        {"colour": "red"},
        {"board": [[2, 3], [4]]},
        {"board": [[2, 0], [4, 5]]},
        {"board": []},
        {"board": [[2, 3], [4, 5]], "rows": 3},
    ],
)
def test_setup_refuses_bad_options(options):
    with pytest.raises(IllegalAction) as error:
        ENGINE.setup(players=2, options=options, seed=3, now_ms=0)
    assert error.value.code == "bad_options"


def test_setup_refuses_other_player_counts():
    with pytest.raises(IllegalAction) as error:
        ENGINE.setup(players=3, options={}, seed=3, now_ms=0)
    assert error.value.code == "bad_options"


def test_bad_grid_parameters_name_the_field_in_the_message():
    with pytest.raises(IllegalAction) as error:
        ENGINE.setup(players=2, options={"max_value": 3}, seed=3, now_ms=0)
    assert "max_value" in error.value.message


def test_default_board_is_a_10x10_intermediate_grid_with_its_primes_shown():
    view = ENGINE.view(ENGINE.setup(players=2, options={}, seed=11, now_ms=0), None)
    assert len(view["board"]) == 10
    assert all(len(row) == 10 for row in view["board"])
    assert all(1 <= n <= 100 for row in view["board"] for n in row)
    assert view["primes"] == [2, 3, 7]


def test_level_and_shape_options_shape_the_generated_board():
    state = ENGINE.setup(players=2, options={"level": "advanced", "rows": 6, "cols": 8}, seed=4, now_ms=0)
    assert len(state["board"]) == 6
    assert len(state["board"][0]) == 8
    assert max(n for row in state["board"] for n in row) <= 200
    assert ENGINE.view(state, 0)["primes"] == [2, 3, 5, 7]


def test_custom_primes_override_the_level():
    state = ENGINE.setup(players=2, options={"primes": [3, 2, 11], "scale_max": 12}, seed=4, now_ms=0)
    assert ENGINE.view(state, 0)["primes"] == [2, 3, 11]
    assert all(n <= 3 or n % 2 == 0 or n % 3 == 0 or n % 11 == 0 for row in state["board"] for n in row)


def test_setup_is_deterministic_from_the_seed():
    first = ENGINE.setup(players=2, options={}, seed=99, now_ms=0)
    assert ENGINE.setup(players=2, options={}, seed=99, now_ms=0) == first
    assert ENGINE.setup(players=2, options={}, seed=100, now_ms=0)["board"] != first["board"]


def test_dice_decide_the_first_seat_and_ties_are_rolled_again():
    saw_a_tie = False
    for seed in range(60):
        state = ENGINE.setup(players=2, options={}, seed=seed, now_ms=0)
        dice = ENGINE.view(state, 1)["dice"]
        *ties, final = dice["rolls"]
        assert all(a == b for a, b in ties)
        assert final[0] != final[1]
        assert all(1 <= roll <= 6 for roll in final)
        assert dice["first_seat"] == final.index(max(final)) == state["turn"]
        assert ENGINE.view(state, None)["to_move"] == [state["turn"]]
        saw_a_tie |= bool(ties)
    assert saw_a_tie


def test_first_seat_overrides_the_dice():
    for seed in range(10):
        state = ENGINE.setup(players=2, options={"first_seat": 1}, seed=seed, now_ms=0)
        assert ENGINE.view(state, 0)["to_move"] == [1]
        assert ENGINE.view(state, 0)["dice"] is None


def test_first_seat_does_not_change_the_board():
    rolled = ENGINE.setup(players=2, options={}, seed=8, now_ms=0)
    chosen = ENGINE.setup(players=2, options={"first_seat": 1}, seed=8, now_ms=0)
    assert rolled["board"] == chosen["board"]


# --- the marks ---------------------------------------------------------------------------------


def test_the_first_mark_is_free_and_records_no_attempt():
    state = start([[7, 9], [11, 13]])
    view = ENGINE.view(state, 0)
    assert view["free_start"] is True
    assert view["last"] is None
    out = mark(state, 0, 1, 1, at=500)
    assert out.attempts == []
    assert out.state["marks"] == [[None, None], [None, 0]]
    assert out.state["last"] == [1, 1]


def test_a_mark_must_be_a_factor_or_multiple_of_the_previous_mark():
    board = [[6, 42, 8, 3], [5, 5, 5, 5]]
    state = mark(start(board), 0, 0, 0).state
    wrong = mark(state, 1, 0, 2, at=100)
    assert [a["correct"] for a in wrong.attempts] == [False]
    assert wrong.state["marks"] == state["marks"]
    assert mark(state, 1, 0, 1).attempts[0]["correct"] is True  # 42 is a multiple of 6
    assert mark(state, 1, 0, 3).attempts[0]["correct"] is True  # 3 is a factor of 6


def test_the_previous_mark_counts_whoever_made_it():
    board = [[6, 42, 12, 7], [5, 5, 5, 5]]
    state = play(start(board), [(0, 0), (0, 1)])  # 6, then 42 by seat 1
    twelve = mark(state, 0, 0, 2).attempts[0]  # 12 fits 6, but the previous mark is 42
    assert (twelve["a"], twelve["b"], twelve["correct"]) == (42, 12, False)
    assert mark(state, 0, 0, 3).attempts[0]["correct"] is True  # 7 divides 42


def test_equal_numbers_count_as_factors():
    state = mark(start([[9, 9], [4, 4]]), 0, 0, 0).state
    out = mark(state, 1, 0, 1)
    assert out.attempts[0]["correct"] is True
    assert out.attempts[0]["fact"] == [1, 9]


def test_one_divides_everything():
    board = [[97, 1, 89], [4, 4, 4]]
    state = mark(start(board), 0, 0, 0).state
    after_one = mark(state, 1, 0, 1)
    assert after_one.attempts[0]["correct"] is True
    out = mark(after_one.state, 0, 0, 2)
    assert (out.attempts[0]["a"], out.attempts[0]["b"], out.attempts[0]["correct"]) == (1, 89, True)
    assert out.attempts[0]["fact"] == [1, 89]


def test_factor_pair_attempt_records_previous_and_chosen_numbers_with_the_fact():
    board = [[6, 42, 6], [5, 5, 5]]
    state = mark(start(board), 0, 0, 0, at=1000).state
    out = mark(state, 1, 0, 1, at=3500)
    assert out.attempts == [
        {
            "seat": 1,
            "kind": "factor_pair",
            "a": 6,
            "b": 42,
            "answer": None,
            "correct": True,
            "think_ms": 2500,
            "fact": [6, 7],
        }
    ]
    back = mark(out.state, 0, 0, 2, at=4000)
    assert (back.attempts[0]["a"], back.attempts[0]["b"], back.attempts[0]["fact"]) == (42, 6, [6, 7])


def test_a_mistake_changes_only_the_mistake_counter_and_keeps_the_turn():
    board = [[6, 8, 12], [5, 5, 5]]
    state = mark(start(board), 0, 0, 0, at=1000).state
    out = mark(state, 1, 0, 1, at=3000)
    assert out.attempts == [
        {
            "seat": 1,
            "kind": "factor_pair",
            "a": 6,
            "b": 8,
            "answer": None,
            "correct": False,
            "think_ms": 2000,
            "fact": None,
        }
    ]
    assert [e["type"] for e in out.events] == ["mistake"]
    changed = {key for key in state if out.state[key] != state[key]}
    assert changed == {"mistakes"}
    assert out.state["mistakes"] == [0, 1]
    again = mark(out.state, 1, 0, 2, at=4500)
    assert again.attempts[0]["correct"] is True
    assert again.attempts[0]["think_ms"] == 3500


def test_under_strict_a_mistake_passes_the_turn():
    board = [[6, 8, 12], [5, 5, 5]]
    state = mark(start(board, strict=True, time_limit_s=10), 0, 0, 0, at=1000).state
    out = mark(state, 1, 0, 1, at=3000)
    assert [a["correct"] for a in out.attempts] == [False]
    view = ENGINE.view(out.state, 0)
    assert view["to_move"] == [0]
    assert view["last"] == [0, 0]
    assert view["mistakes"] == [0, 1]
    assert view["deadline_ms"] == 13000
    assert out.state["marks"] == state["marks"]
    # seat 0 now moves from the same previous number (6)
    assert mark(out.state, 0, 0, 2, at=3100).attempts[0]["a"] == 6


def test_a_line_with_an_opponents_mark_in_it_does_not_win():
    moves = [(3, 0), (3, 2), (3, 1), (0, 0), (3, 3), (0, 2), (3, 4), (0, 4)]
    state = play(start(uniform(2)), moves)
    out = mark(state, 0, 3, 5)  # row 3 reads 0 0 1 0 0 0: six marks in line, not five of one seat
    assert out.state["result"] is None
    assert ENGINE.view(out.state, 0)["to_move"] == [1]


@pytest.mark.parametrize(
    "line",
    [
        [(2, 0), (2, 1), (2, 2), (2, 3), (2, 4)],
        [(0, 5), (1, 5), (2, 5), (3, 5), (4, 5)],
        [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)],
        [(0, 6), (1, 5), (2, 4), (3, 3), (4, 2)],
    ],
    ids=["horizontal", "vertical", "diagonal", "anti-diagonal"],
)
def test_five_in_a_row_wins_at_once_in_any_direction(line):
    elsewhere = [(6, 0), (6, 2), (5, 0), (6, 4)]
    moves = [cell for pair in zip(line[:4], elsewhere, strict=True) for cell in pair]
    state = play(start(uniform(2)), moves)
    assert state["result"] is None
    out = mark(state, 0, *line[4], at=50)
    assert out.state["result"] == {"winners": [0], "reason": "five_in_a_row"}
    view = ENGINE.view(out.state, 1)
    assert view["phase"] == "over"
    assert view["to_move"] == []
    assert view["deadline_ms"] is None
    assert {"type": "game_over", "result": out.state["result"]} in out.events


def test_more_than_five_in_a_row_also_wins():
    own = [(3, 0), (3, 1), (3, 2), (3, 4), (3, 5)]
    other = [(0, 0), (0, 2), (0, 4), (6, 0), (6, 2)]
    state = play(start(uniform(2)), [cell for pair in zip(own, other, strict=True) for cell in pair])
    assert state["result"] is None
    assert mark(state, 0, 3, 3).state["result"] == {"winners": [0], "reason": "five_in_a_row"}


def test_a_finished_game_refuses_every_action():
    line = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]
    other = [(6, 0), (6, 2), (5, 0), (6, 4)]
    moves = [cell for pair in zip(line[:4], other, strict=True) for cell in pair] + [line[4]]
    over = play(start(uniform(2)), moves)
    assert refusal(over, 1, {"type": "mark", "cell": [4, 4]}) == "game_over"
    assert refusal(over, 0, {"type": "mark", "cell": [4, 4]}) == "game_over"
    assert ENGINE.legal_actions(over, 1) == []
    assert ENGINE.legal_actions(over, 0) == []


def test_full_board_without_five_is_a_draw():
    state = play(start([[2, 4, 8], [16, 32, 64]]), [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)])
    assert state["result"] is None
    out = mark(state, 1, 1, 2)
    assert out.state["result"] == {"winners": [], "reason": "board_full"}
    assert ENGINE.view(out.state, None)["phase"] == "over"


# --- house rule: no legal cell -----------------------------------------------------------------


def test_free_start_when_no_unmarked_cell_is_related():
    board = [[5, 7, 11], [13, 17, 19]]
    state = mark(start(board), 0, 0, 0).state
    view = ENGINE.view(state, 1)
    assert view["free_start"] is True
    assert len(ENGINE.legal_actions(state, 1)) == 5
    out = mark(state, 1, 1, 2)
    assert out.attempts == []
    assert out.state["last"] == [1, 2]


def test_free_start_ends_once_a_related_cell_is_free_again():
    board = [[5, 7, 14], [13, 17, 19]]
    state = mark(start(board), 0, 0, 0).state
    state = mark(state, 1, 0, 1).state  # free start: 7, now 14 is related
    assert ENGINE.view(state, 0)["free_start"] is False
    assert [a["correct"] for a in mark(state, 0, 1, 0).attempts] == [False]


# --- time --------------------------------------------------------------------------------------


def test_no_deadline_without_a_time_limit():
    state = start(uniform(2))
    assert ENGINE.deadline(state) is None
    assert ENGINE.tick(state, 10**9).state == state


def test_tick_before_the_deadline_changes_nothing():
    state = start(uniform(2), time_limit_s=5, now_ms=1000)
    assert ENGINE.deadline(state) == 6000
    out = ENGINE.tick(state, 5999)
    assert out.state == state
    assert out.events == []


def test_timeout_loses_the_turn_and_keeps_the_previous_cell():
    board = [[6, 12, 18], [5, 5, 5]]
    state = mark(start(board, time_limit_s=5), 0, 0, 0, at=1000).state
    out = ENGINE.tick(state, 6000)
    assert out.events == [{"type": "timeout", "seat": 1, "to_move": 0}]
    view = ENGINE.view(out.state, 0)
    assert view["to_move"] == [0]
    assert view["last"] == [0, 0]
    assert view["deadline_ms"] == 11000
    assert out.state["marks"] == state["marks"]
    assert mark(out.state, 0, 0, 2, at=7000).attempts[0]["a"] == 6


def test_the_deadline_restarts_with_every_turn():
    state = start(uniform(2), time_limit_s=10)
    assert ENGINE.deadline(state) == 10000
    state = mark(state, 0, 0, 0, at=4000).state
    assert ENGINE.deadline(state) == 14000
    state = mark(state, 1, 0, 1, at=13000).state
    assert ENGINE.deadline(state) == 23000


def test_apply_performs_a_due_timeout_first_at_the_calls_time():
    board = [[6, 12, 18], [5, 5, 5]]
    state = mark(start(board, time_limit_s=5), 0, 0, 0, at=1000).state  # seat 1 due at 6000
    assert refusal(state, 1, {"type": "mark", "cell": [0, 1]}, at=9000) == "not_your_turn"
    out = mark(state, 0, 0, 1, at=9000)
    assert out.events[0] == {"type": "timeout", "seat": 1, "to_move": 0}
    assert out.attempts[0]["think_ms"] == 0  # seat 0's turn began at 9000, when the timeout happened
    assert ENGINE.deadline(out.state) == 14000


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        None,
        {},
        {"type": "jump"},
        {"type": "mark"},
        {"type": "mark", "cell": [0]},
        {"type": "mark", "cell": [0, "1"]},
        {"type": "mark", "cell": [True, 0]},
        {"type": "mark", "cell": [2, 0]},
        {"type": "mark", "cell": [0, -1]},
    ],
)
def test_malformed_actions_are_bad_action(action):
    assert refusal(start([[2, 4], [8, 16]]), 0, action) == "bad_action"


def test_an_unknown_seat_is_bad_action():
    assert refusal(start([[2, 4], [8, 16]]), 2, {"type": "mark", "cell": [0, 0]}) == "bad_action"


def test_rule_checks_come_before_arithmetic_checks():
    board = [[5, 10, 2], [3, 3, 3]]
    state = play(start(board), [(0, 0), (0, 1), (0, 2)])  # 5, 10, 2: seat 1 to move after 2
    # (0, 0) holds 5 and (1, 0) holds 3, neither related to 2: the rule refusal wins, no attempt
    assert refusal(state, 1, {"type": "mark", "cell": [0, 0]}) == "cell_taken"
    assert refusal(state, 0, {"type": "mark", "cell": [1, 0]}) == "not_your_turn"
    assert state["mistakes"] == [0, 0]


def test_refusals_and_moves_never_mutate_the_input():
    board = [[6, 8, 12], [5, 5, 5]]
    state = mark(start(board, time_limit_s=5), 0, 0, 0, at=1000).state
    before = frozen(state)
    mark(state, 1, 0, 2, at=2000)  # correct
    mark(state, 1, 0, 1, at=2000)  # mistake
    mark(state, 0, 0, 2, at=7000)  # after a timeout
    ENGINE.tick(state, 9000)
    refusal(state, 1, {"type": "mark", "cell": [0, 0]})
    assert frozen(state) == before


def test_a_view_shares_the_states_lists_and_a_later_move_leaves_it_as_it_was():
    """Views are not copies (a move builds one per seat and watcher; Engine.view): what keeps a view right
    is that no move changes the state it was built from."""
    state = mark(start([[6, 8, 12], [5, 5, 5]]), 0, 0, 0, at=1000).state
    view = ENGINE.view(state, 1)
    assert view["marks"] is state["marks"]
    assert view["board"] is state["board"]
    shown = frozen(view)
    after = mark(state, 1, 0, 2, at=2000).state
    assert after["marks"][0][2] == 1
    assert frozen(view) == shown


# --- views and legal actions -------------------------------------------------------------------


def test_view_has_the_contract_keys_and_no_secret():
    state = ENGINE.setup(players=2, options={"time_limit_s": 30}, seed=12345, now_ms=0)
    for seat in (None, 0, 1):
        view = ENGINE.view(state, seat)
        assert COMMON_VIEW_KEYS | {"board", "marks", "last", "free_start", "primes"} <= set(view)
        assert view["seat"] == seat
        assert view["phase"] == "play"
        assert view["deadline_ms"] == 30000
        assert "rng" not in view
        assert "seed" not in view
        assert str(state["rng"]) not in json.dumps(view)


def test_legal_actions_are_exactly_the_related_unmarked_cells():
    board = [[6, 12, 7], [5, 3, 6]]
    state = mark(start(board), 0, 0, 0).state
    cells = sorted(tuple(a["cell"]) for a in ENGINE.legal_actions(state, 1))
    assert cells == [(0, 1), (1, 1), (1, 2)]
    assert ENGINE.legal_actions(state, 0) == []


# --- properties --------------------------------------------------------------------------------

small_boards = st.integers(3, 6).flatmap(
    lambda size: st.lists(st.lists(st.integers(1, 40), min_size=size, max_size=size), min_size=size, max_size=size)
)


@settings(max_examples=40, deadline=None)
@given(board=small_boards, picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=40))
def test_legal_actions_are_exactly_the_marks_accepted_without_a_mistake(board, picks):
    state = start(board)
    for pick in picks:
        if state["result"] is not None:
            break
        seat = state["turn"]
        legal = {tuple(a["cell"]) for a in ENGINE.legal_actions(state, seat)}
        for r, row in enumerate(state["marks"]):
            for c, owner in enumerate(row):
                if owner is not None:
                    continue
                attempts = mark(state, seat, r, c).attempts
                accepted = all(a["correct"] for a in attempts)
                assert accepted == ((r, c) in legal)
        ordered = sorted(legal)
        state = mark(state, seat, *ordered[pick % len(ordered)]).state


def _longest_run(marks, seat):
    rows, cols, best = len(marks), len(marks[0]), 0
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                run = 0
                while (
                    0 <= r + run * dr < rows and 0 <= c + run * dc < cols and marks[r + run * dr][c + run * dc] == seat
                ):
                    run += 1
                best = max(best, run)
    return best


@settings(max_examples=40, deadline=None)
@given(number=st.integers(1, 12), size=st.integers(5, 8), picks=st.lists(st.integers(0, 10**6), max_size=64))
def test_the_game_ends_exactly_when_someone_has_five_or_the_board_is_full(number, size, picks):
    state = start(uniform(number, size))
    for pick in picks:
        if state["result"] is not None:
            break
        legal = ENGINE.legal_actions(state, state["turn"])
        state = ENGINE.apply(state, state["turn"], legal[pick % len(legal)], 0).state
        runs = [_longest_run(state["marks"], seat) for seat in (0, 1)]
        full = all(owner is not None for row in state["marks"] for owner in row)
        if max(runs) >= 5:
            assert state["result"] == {"winners": [runs.index(max(runs))], "reason": "five_in_a_row"}
        elif full:
            assert state["result"] == {"winners": [], "reason": "board_full"}
        else:
            assert state["result"] is None
