"""Fultiples bots: the easy bot's near misses, the hard bot's tactics, speed and strength."""

import random
import time

import pytest

from games.bots import BotMove, get_bot
from games.bots.arena import hard_vs_easy, play_game
from games.engines import get_engine

ENGINE = get_engine("fultiples")
EASY = get_bot("fultiples", "easy")
HARD = get_bot("fultiples", "hard")


def position(board, layout, last, turn, **options):
    """A state with marks from `layout` (rows of '.', '0', '1'), `last` the previous cell."""
    state = ENGINE.setup(players=2, options={"board": board, "first_seat": turn, **options}, seed=1, now_ms=0)
    marks = [[None if ch == "." else int(ch) for ch in row.split()] for row in layout]
    return {**state, "marks": marks, "last": list(last), "turn": turn}


def cells_chosen(bot, state, seat, tries=20):
    return {tuple(bot.choose(state, seat, 0, random.Random(n)).action["cell"]) for n in range(tries)}


def test_easy_bot_mostly_plays_legal_moves_and_sometimes_a_near_miss():
    actions = mistakes = refused = 0
    for seed in range(30):
        out = play_game("fultiples", [EASY, EASY], seed=seed)
        actions += out.actions
        mistakes += out.mistakes
        refused += out.refused
    assert refused == 0  # every action is legal or an arithmetic mistake, never a rule violation
    assert 0.05 < mistakes / actions < 0.25


def test_easy_bot_near_miss_is_close_to_a_multiple_or_factor():
    # previous number 8; unrelated free numbers and how far each is from a multiple or factor of 8
    board = [
        [8, 41, 42, 13],
        [20, 17, 30, 50],
        [5, 16, 24, 13],
    ]
    state = position(board, ["0 . . .", ". . . .", ". . . ."], last=(0, 0), turn=1)
    wrong = set()
    legal = {tuple(a["cell"]) for a in ENGINE.legal_actions(state, 1)}
    for n in range(400):
        move = EASY.choose(state, 1, 0, random.Random(n))
        cell = tuple(move.action["cell"])
        if cell not in legal:
            wrong.add(board[cell[0]][cell[1]])
    assert wrong == {41, 17, 5}  # one away from 40, 16 and 4


def test_easy_bot_never_misses_on_a_free_start():
    board = [[5, 7, 11], [13, 17, 19]]
    state = position(board, ["0 . .", ". . ."], last=(0, 0), turn=1)
    legal = ENGINE.legal_actions(state, 1)
    for n in range(100):
        assert EASY.choose(state, 1, 0, random.Random(n)).action in legal


@pytest.mark.parametrize("bot", [EASY, HARD], ids=["easy", "hard"])
def test_bots_do_nothing_when_it_is_not_their_turn_or_the_game_is_over(bot):
    state = ENGINE.setup(players=2, options={"first_seat": 0}, seed=3, now_ms=0)
    assert bot.choose(state, 1, 0, random.Random(1)) is None
    over = {**state, "result": {"winners": [1], "reason": "five_in_a_row"}, "phase": "over"}
    assert bot.choose(over, 0, 0, random.Random(1)) is None


@pytest.mark.parametrize("bot", [EASY, HARD], ids=["easy", "hard"])
def test_bots_pause_like_a_person_but_inside_the_time_limit(bot):
    state = ENGINE.setup(players=2, options={"first_seat": 0}, seed=3, now_ms=0)
    delays = [bot.choose(state, 0, 0, random.Random(n)).delay_ms for n in range(50)]
    assert all(800 <= d <= 3000 for d in delays)
    assert len(set(delays)) > 10
    limited = ENGINE.setup(players=2, options={"first_seat": 0, "time_limit_s": 2}, seed=3, now_ms=0)
    move = bot.choose(limited, 0, 1000, random.Random(1))
    assert isinstance(move, BotMove)
    assert move.delay_ms <= 1000 - 300


def test_hard_bot_takes_a_winning_five():
    layout = [
        ". . . . . . 1",
        ". . . . . . 1",
        ". . . . . . 1",
        "0 0 0 0 . . 1",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]
    state = position([[2] * 7 for _ in range(7)], layout, last=(3, 6), turn=0)
    assert cells_chosen(HARD, state, 0) == {(3, 4)}  # winning beats blocking (4, 6)


def test_hard_bot_blocks_an_open_four():
    # seat 1 has 6 6 6 6 on row 3 with both ends free: 12 at (3, 0) and 35 at (3, 5).
    # After 6, seat 0 may mark 12 (blocks; 35 is not related to 12), 210 or 1 (both let 35 in).
    board = [[11] * 7 for _ in range(7)]
    board[3][:6] = [12, 6, 6, 6, 6, 35]
    board[0][3] = board[6][3] = 210
    board[5][5] = 1
    board[1][1] = 4  # a reply for seat 1 after 12, so 12 is not a free start
    layout = [
        "0 . . . . . 0",
        ". . . . . . .",
        ". . . . . . .",
        ". 1 1 1 1 . .",
        ". . . . . . .",
        ". . . . . . .",
        "0 . . . . . 0",
    ]
    state = position(board, layout, last=(3, 4), turn=0)
    assert sorted(tuple(a["cell"]) for a in ENGINE.legal_actions(state, 0)) == [(0, 3), (3, 0), (5, 5), (6, 3)]
    assert cells_chosen(HARD, state, 0) == {(3, 0)}


def test_hard_bot_never_opens_the_opponents_winning_cell_when_it_can_help_it():
    # seat 1 needs 35 at (3, 4); seat 0 cannot reach it, but 210 and 1 would hand it over.
    board = [[11] * 7 for _ in range(7)]
    board[3][:5] = [6, 6, 6, 6, 35]
    board[0][3] = board[6][3] = 210
    board[5][5] = 1
    board[1][1] = 12
    board[1][5] = 4
    layout = [
        "0 . . . . . 0",
        ". . . . . . .",
        ". . . . . . .",
        "1 1 1 1 . . .",
        ". . . . . . .",
        ". . . . . . .",
        "0 . . . . . 0",
    ]
    state = position(board, layout, last=(3, 3), turn=0)
    assert cells_chosen(HARD, state, 0) == {(1, 1)}


def test_hard_bot_decides_within_200_ms():
    slowest = 0.0
    for seed in range(3):
        state, now, rng = ENGINE.setup(players=2, options={}, seed=seed, now_ms=0), 0, random.Random(seed)
        while state["result"] is None:
            seat = state["turn"]
            started = time.perf_counter()
            move = HARD.choose(state, seat, now, rng)
            slowest = max(slowest, time.perf_counter() - started)
            now += move.delay_ms
            state = ENGINE.apply(state, seat, move.action, now).state
    assert slowest < 0.2


def test_hard_beats_easy_in_at_least_80_percent_of_decided_games():
    score = hard_vs_easy("fultiples", 200)
    assert score["decided"] >= 150
    assert score["hard_rate"] >= 0.8
