"""Four-in-a-Row bots: the easy bot plays legally with child-like near misses; the hard bot plays to win."""

import json
import random
import statistics
import time

import pytest

from games.bots import get_bot
from games.bots.arena import hard_vs_easy, play_game
from games.engines import get_engine

ENGINE = get_engine("four_in_a_row")
TWELVES = [[12] * 8 for _ in range(8)]


def game(board=None, deck=None, **options):
    options.setdefault("first_seat", 0)
    options["board"] = [list(row) for row in (board or TWELVES)]
    if deck is not None:
        options["deck"] = list(deck)
    return ENGINE.setup(players=2, options=options, seed=3, now_ms=0)


def with_markers(state, cells, seat):
    state = json.loads(json.dumps(state))
    for row, col in cells:
        state["markers"][row][col] = seat
    return state


def hard_choice(state, seat=0, seed=0):
    move = get_bot("four_in_a_row", "hard").choose(state, seat, 0, random.Random(seed))
    assert move is not None
    return move.action


def test_bots_wait_when_it_is_not_their_turn():
    state = game()
    for level in ("easy", "hard"):
        assert get_bot("four_in_a_row", level).choose(state, 1, 0, random.Random(1)) is None


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_bots_take_a_human_like_pause_but_beat_the_deadline(level):
    bot = get_bot("four_in_a_row", level)
    starts = [ENGINE.setup(players=2, seed=s, options={"first_seat": 0}) for s in range(30)]
    delays = [bot.choose(state, 0, 0, random.Random(s)).delay_ms for s, state in enumerate(starts)]
    assert all(1000 <= d <= 3000 for d in delays)
    assert len(set(delays)) > 1
    timed = ENGINE.setup(players=2, seed=1, options={"first_seat": 0, "time_limit_s": 1})
    assert bot.choose(timed, 0, 0, random.Random(1)).delay_ms < 1000


def test_easy_bot_sometimes_claims_a_neighbouring_product_and_otherwise_plays_legally():
    easy = get_bot("four_in_a_row", "easy")
    rng = random.Random(5)
    wrong = total = 0
    for seed in range(40):
        state = ENGINE.setup(players=2, seed=seed)
        for _ in range(12):
            if state["result"] is not None:
                break
            seat = state["turn"]
            action = easy.choose(state, seat, 0, rng).action
            out = ENGINE.apply(state, seat, action, 0)  # never refused: a near miss is still rule-legal
            total += 1
            if action in ENGINE.legal_actions(state, seat):
                assert not out.attempts or out.attempts[0]["correct"]
            else:
                wrong += 1
                (claim,) = out.attempts
                assert claim["correct"] is False
                a, b = claim["a"], claim["b"]
                assert claim["answer"] in {(a - 1) * b, (a + 1) * b, a * (b - 1), a * (b + 1)}
            state = out.state
    assert 0.05 <= wrong / total <= 0.3


def test_easy_bot_mostly_plays_rather_than_discards():
    easy = get_bot("four_in_a_row", "easy")
    rng = random.Random(2)
    kinds = [easy.choose(ENGINE.setup(players=2, seed=s, options={"first_seat": 0}), 0, 0, rng).action["type"]
             for s in range(100)]
    assert kinds.count("play") > kinds.count("discard") > 0


def test_hard_bot_completes_a_winning_run_when_it_can():
    state = with_markers(game(deck=[3, 4, "W", 2, 6, 5, 7, 8]), [(2, 0), (2, 1), (2, 2)], 0)
    state = with_markers(state, [(5, 0), (5, 1), (5, 2)], 1)
    state["scores"] = [2, 2]
    for seed in range(5):
        action = hard_choice(state, seed=seed)
        assert action["type"] == "play"
        assert action["cell"] == [2, 3]
        assert ENGINE.apply(state, 0, action, 0).state["result"]["winners"] == [0]


def test_hard_bot_scores_a_run_of_four():
    state = with_markers(game(deck=[3, 4, 9, 2, 6, 5, 7, 8]), [(0, 4), (1, 4), (3, 4)], 0)
    assert hard_choice(state)["cell"] == [2, 4]


def test_hard_bot_blocks_the_opponents_run_of_three():
    state = with_markers(game(deck=[3, 4, 9, 2, 6, 5, 7, 8]), [(4, 2), (4, 3), (4, 4)], 1)
    state = with_markers(state, [(4, 1), (0, 0), (0, 1)], 0)
    for seed in range(5):
        assert hard_choice(state, seed=seed)["cell"] == [4, 5]


def test_hard_bot_blocks_a_diagonal_with_the_only_card_pair_that_fits():
    board = [[10] * 8 for _ in range(8)]
    board[6][6] = 56
    board[1][7] = 56
    for r in range(8):
        board[r][0] = 18
    state = with_markers(game(board=board, deck=[7, 2, 8, 9, 6, 5, 4, 4]), [(3, 3), (4, 4), (5, 5)], 1)
    action = hard_choice(state)
    assert action == {"type": "play", "cards": [0, 2], "values": [7, 8], "cell": [6, 6]}


def test_hard_bot_builds_lines_next_to_its_own_markers():
    state = with_markers(game(deck=[3, 4, 9, 2, 6, 5, 7, 8]), [(3, 3), (3, 4)], 0)
    row, col = hard_choice(state)["cell"]
    assert max(abs(row - 3), min(abs(col - 3), abs(col - 4))) <= 1


def test_hard_bot_keeps_its_wild_card_when_a_plain_play_is_as_good():
    state = game(deck=[3, "W", 4, 2, 6, 5, 7, 8])
    action = hard_choice(state)
    assert action["cards"] == [0, 2]


def test_hard_bot_discards_the_cards_it_cannot_use():
    board = [[11] * 8 for _ in range(8)]
    board[7][7] = 2 * 9  # reachable with a 9 (or a wild card) and a 2 later, never with a 5 or a 7
    no_play = game(board=board, deck=[5, "W", 7, 2, 6, 5, 7, 8])
    assert [a for a in ENGINE.legal_actions(no_play, 0) if a["type"] == "play"] == []
    assert hard_choice(no_play) == {"type": "discard", "cards": [0, 2]}  # keeps the wild card
    state = game(board=board, deck=[5, 9, 7, 2, 6, 5, 7, 8])
    assert hard_choice(state) == {"type": "discard", "cards": [0, 2]}


def test_hard_bot_decides_from_its_view_only():
    state = with_markers(game(deck=[3, 4, 9, 2, 6, 5, 7, 8, 9, 9, 2, 2, 3]), [(2, 2), (3, 3)], 0)
    state = with_markers(state, [(2, 3), (5, 5)], 1)
    other = json.loads(json.dumps(state))
    other["hands"][1] = ["W", "W", 9]
    other["deck"] = list(reversed(other["deck"]))
    other["discard"] = [2, 2]
    other["rng"] = 12345
    for seed in range(5):
        assert hard_choice(state, seed=seed) == hard_choice(other, seed=seed)


def test_hard_bot_decides_within_200_ms():
    hard = get_bot("four_in_a_row", "hard")
    easy = get_bot("four_in_a_row", "easy")
    rng = random.Random(0)
    times = []
    for seed in range(8):
        state = ENGINE.setup(players=2, seed=seed)
        while state["result"] is None:
            seat = state["turn"]
            start = time.perf_counter()
            move = hard.choose(state, seat, 0, rng)
            times.append(time.perf_counter() - start)
            if seat == 1:
                move = easy.choose(state, seat, 0, rng)
            state = ENGINE.apply(state, seat, move.action, 0).state
    assert max(times) < 0.2
    assert statistics.median(times) < 0.02


def test_two_hard_bots_finish_a_game_under_strict_and_time_limits():
    hard = [get_bot("four_in_a_row", "hard"), get_bot("four_in_a_row", "hard")]
    out = play_game("four_in_a_row", hard, seed=4, options={"strict": True, "time_limit_s": 5})
    assert out.result is not None
    assert out.mistakes == 0
    assert out.refused == 0


def test_hard_beats_easy_in_at_least_80_percent_of_decided_games():
    summary = hard_vs_easy("four_in_a_row", 200)
    assert summary["decided"] >= 150
    assert summary["hard_rate"] >= 0.8
