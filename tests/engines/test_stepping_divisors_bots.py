"""Stepping By Divisors bots: the easy bot's drill mistakes, the hard bot's small steps and wins."""

import random
import statistics
import time

import pytest

from games.bots import get_bot
from games.bots.arena import hard_vs_easy, play_game
from games.bots.stepping_divisors import SteppingEasy, SteppingHard
from games.engines import get_engine

ENGINE = get_engine("stepping_divisors")


def to_move(state):
    (seat,) = ENGINE.view(state, None)["to_move"]
    return seat


def decisions(bots, *, seed, options=None, players=2):
    """Play one game with bots[seat]; yield (state, seat, move) for every decision taken."""
    rng = random.Random(seed)
    state = ENGINE.setup(players=players, options=options or {}, seed=seed, now_ms=0)
    now = 0
    while state["result"] is None:
        seat = to_move(state)
        move = bots[seat].choose(state, seat, now, rng)
        assert move is not None
        yield state, seat, move
        now += move.delay_ms
        state = ENGINE.apply(state, seat, move.action, now).state


def is_near_miss(state, action):
    """A divide on a square the rules allow, with a divisor != d that does not divide."""
    if action.get("type") != "divide" or state["d"] is None:
        return False
    row, col = action["cell"]
    legal_cells = {tuple(a["cell"]) for a in ENGINE.legal_actions(state, to_move(state))}
    divisor = action["divisor"]
    number = state["numbers"][row][col]
    return (row, col) in legal_cells and divisor >= 1 and divisor != state["d"] and number % divisor != 0


def test_registry_gives_the_stepping_bots():
    assert isinstance(get_bot("stepping_divisors", "easy"), SteppingEasy)
    assert isinstance(get_bot("stepping_divisors", "hard"), SteppingHard)


def test_easy_bot_sometimes_makes_a_wrong_claim_and_otherwise_plays_legally():
    easy = SteppingEasy(ENGINE)
    legal = wrong = 0
    for seed in range(4):
        for state, seat, move in decisions([easy, easy], seed=seed):
            if move.action in ENGINE.legal_actions(state, seat):
                legal += 1
            else:
                assert is_near_miss(state, move.action), move.action
                wrong += 1
            assert 800 <= move.delay_ms <= 3000
    divide_decisions = legal + wrong - 4 * 64  # the placing moves are never wrong
    assert 0.05 <= wrong / divide_decisions <= 0.3


def test_easy_bot_near_misses_are_off_by_one_from_a_real_divisor():
    easy = SteppingEasy(ENGINE)
    for state, _seat, move in decisions([easy, easy], seed=11, options={"random_fill": True}):
        if is_near_miss(state, move.action):
            row, col = move.action["cell"]
            number = state["numbers"][row][col]
            assert any(number % (move.action["divisor"] + delta) == 0 for delta in (-1, 1))


def test_easy_bot_mistakes_show_up_as_mistakes_not_refusals():
    bots = [get_bot("stepping_divisors", "easy"), get_bot("stepping_divisors", "easy")]
    result = play_game("stepping_divisors", bots, seed=3, options={"random_fill": True})
    assert result.refused == 0
    assert result.mistakes > 0
    assert result.result is not None


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_bots_wait_when_it_is_not_their_turn(level):
    bot = get_bot("stepping_divisors", level)
    state = ENGINE.setup(players=2, options={"size": 3}, seed=1, now_ms=0)
    assert bot.choose(state, 1, 0, random.Random(1)) is None


@pytest.mark.parametrize(("players", "size"), [(2, 3), (2, 5), (3, 4), (6, 3)])
def test_hard_bot_plays_only_legal_actions_in_both_phases(players, size):
    hard = SteppingHard(ENGINE)
    phases = set()
    for state, seat, move in decisions([hard] * players, seed=size, players=players, options={"size": size}):
        assert move.action in ENGINE.legal_actions(state, seat)
        assert 800 <= move.delay_ms <= 2500
        phases.add(state["phase"])
    assert phases == {"place", "divide"}


def test_hard_bot_picks_small_steps():
    hard, easy = SteppingHard(ENGINE), SteppingEasy(ENGINE)
    steps = {0: [], 1: []}
    over_cheapest = []
    for seed in range(6):
        for state, seat, move in decisions([hard, easy], seed=seed, options={"random_fill": True}):
            legal = ENGINE.legal_actions(state, seat)
            if state["d"] is None or move.action not in legal:
                continue
            step = abs(move.action["divisor"] - state["d"])
            steps[seat].append(step)
            if seat == 0:
                over_cheapest.append(step - min(abs(a["divisor"] - state["d"]) for a in legal))
    assert statistics.median(steps[0]) == 1
    assert statistics.mean(steps[0]) < statistics.mean(steps[1]) / 2
    assert sum(1 for extra in over_cheapest if extra == 0) / len(over_cheapest) >= 0.6


def _minimax(state):
    """Brute force over every legal action: (mover's future score - the other's), minimised."""
    if state["result"] is not None:
        return 0
    seat = to_move(state)
    return min(
        abs(action["divisor"] - state["d"]) - _minimax(ENGINE.apply(state, seat, action, 0).state)
        for action in ENGINE.legal_actions(state, seat)
    )


def test_hard_bot_plays_the_last_squares_perfectly():
    hard = SteppingHard(ENGINE)
    checked = 0
    for seed in range(40):
        walk = random.Random(seed)
        state = ENGINE.setup(players=2, options={"size": walk.choice([3, 4]), "random_fill": True}, seed=seed)
        while state["result"] is None and sum(k is None for row in state["divisors"] for k in row) > 4:
            seat = to_move(state)
            state = ENGINE.apply(state, seat, walk.choice(ENGINE.legal_actions(state, seat)), 0).state
        if state["result"] is not None:
            continue
        seat = to_move(state)
        action = hard.choose(state, seat, 0, walk).action
        got = abs(action["divisor"] - state["d"]) - _minimax(ENGINE.apply(state, seat, action, 0).state)
        assert got == _minimax(state), (seed, action)
        checked += 1
    assert checked >= 25


def test_hard_bot_decides_well_within_200_ms():
    hard, easy = SteppingHard(ENGINE), SteppingEasy(ENGINE)
    timings = []
    for seed, size in ((1, 8), (2, 12)):
        rng = random.Random(seed)
        state = ENGINE.setup(players=2, options={"size": size}, seed=seed)
        while state["result"] is None:
            seat = to_move(state)
            started = time.perf_counter()
            move = (hard if seat == 0 else easy).choose(state, seat, 0, rng)
            if seat == 0:
                timings.append(time.perf_counter() - started)
            state = ENGINE.apply(state, seat, move.action, 0).state
    assert max(timings) < 0.2
    assert statistics.median(timings) < 0.02


def test_hard_beats_easy_in_at_least_80_percent_of_decided_games():
    # the default 8 x 8 board, both phases; 200 games take about 10 s
    record = hard_vs_easy("stepping_divisors", 200)
    assert record["decided"] >= 150
    assert record["hard_rate"] >= 0.8, record


def test_hard_beats_two_easy_bots_more_often_than_its_fair_share():
    record = hard_vs_easy("stepping_divisors", 30, players=3)
    assert record["hard_rate"] >= 0.6, record
