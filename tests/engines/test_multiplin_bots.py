"""Multiplin bots: easy errs like a child, hard never errs; both wait out lock-outs."""

import random

from games.bots import get_bot
from games.bots.arena import hard_vs_easy, play_game
from games.bots.multiplin import MultiplinEasy, MultiplinHard, near_misses, solutions
from games.engines import get_engine
from games.engines.multiplin import FACTOR_CARDS, PRODUCT_CARDS

ENGINE = get_engine("multiplin")
# seat 0: 2 3 4 5 6, seat 1: 7 8 9 10 1; table 1 2 3 4 5 6 7 8
DEAL_2P = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 1, 2, 3, 4, 5, 6, 7, 8]


def game(product, factor=DEAL_2P, players=2):
    rest = list(FACTOR_CARDS)
    for card in factor:
        rest.remove(card)
    products = list(PRODUCT_CARDS)
    products.remove(product)
    options = {"factor_deck": factor + rest, "product_deck": [product, *products]}
    return ENGINE.setup(players=players, options=options, seed=1, now_ms=0)


def is_near_miss(a, b, answer):
    return a * b != answer and any(
        answer % x == 0 and abs(answer // x - y) == 1 for x, y in ((a, b), (b, a))
    )


def test_easy_sometimes_makes_a_wrong_claim_and_it_is_a_near_miss():
    wrong = []
    for seed in range(10):
        result = play_game("multiplin", [get_bot("multiplin", "easy") for _ in range(2)], seed=seed)
        wrong += [a for a in result.attempts if not a["correct"]]
    assert wrong
    assert all(is_near_miss(a["a"], a["b"], a["answer"]) for a in wrong)


def test_hard_never_makes_a_wrong_claim():
    for seed in range(30):
        bots = [get_bot("multiplin", "hard"), get_bot("multiplin", "easy"), get_bot("multiplin", "hard")]
        result = play_game("multiplin", bots, seed=seed)
        assert result.result is not None
        assert not [a for a in result.attempts if not a["correct"] and a["seat"] != 1]


def test_neither_bot_acts_while_locked_out():
    state = ENGINE.apply(game(42), 1, {"type": "solve", "round": 1, "hand": 1, "table": 4}, 1000).state
    assert state["locked_until_ms"][1] == 2500
    for bot in (MultiplinEasy(ENGINE), MultiplinHard(ENGINE)):
        for seed in range(200):
            move = bot.choose(state, 1, 1200, random.Random(seed))
            assert move is not None
            assert 1200 + move.delay_ms >= 2500, (bot.level, move)


def test_neither_bot_acts_after_solving_or_passing():
    solved = ENGINE.apply(game(42), 0, {"type": "solve", "round": 1, "hand": 4, "table": 6}, 1000).state
    passed = ENGINE.apply(game(42), 1, {"type": "pass", "round": 1}, 1000).state
    for bot in (MultiplinEasy(ENGINE), MultiplinHard(ENGINE)):
        for seed in range(50):
            assert bot.choose(solved, 0, 1100, random.Random(seed)) is None
            assert bot.choose(passed, 1, 1100, random.Random(seed)) is None


def test_hard_is_fast_but_not_instant_and_passes_at_once_without_a_solution():
    hard = MultiplinHard(ENGINE)
    state = game(42)
    for seed in range(100):
        move = hard.choose(state, 0, 0, random.Random(seed))
        assert move.action == {"type": "solve", "round": 1, "hand": 4, "table": 6}
        assert 1200 <= move.delay_ms <= 2500
        move = hard.choose(game(64), 0, 0, random.Random(seed))  # 2 3 4 5 6 cannot make 64
        assert move.action == {"type": "pass", "round": 1}
        assert move.delay_ms == 0


def test_easy_is_slow_and_passes_after_a_while():
    easy = MultiplinEasy(ENGINE)
    state = game(81)  # nobody can make 81
    delays = [easy.choose(state, 0, 0, random.Random(seed)) for seed in range(100)]
    assert all(move.delay_ms >= 3000 for move in delays)
    assert any(move.action["type"] == "pass" for move in delays)
    state = game(42)
    solves = [easy.choose(state, 0, 0, random.Random(seed)) for seed in range(200)]
    right = [m for m in solves if m.action == {"type": "solve", "round": 1, "hand": 4, "table": 6}]
    assert len(right) > 100
    assert all(3000 <= m.delay_ms <= 7000 for m in right)


def test_bots_read_only_their_own_view():
    """Other hands and the decks do not change a decision: scramble them, get the same move."""
    state = game(42)
    scrambled = dict(state, hands=[state["hands"][0], [5, 5, 5, 5, 5]],
                     factor_deck=sorted(state["factor_deck"]), product_deck=state["product_deck"][::-1])
    for bot in (MultiplinEasy(ENGINE), MultiplinHard(ENGINE)):
        for seed in range(30):
            assert bot.choose(state, 0, 0, random.Random(seed)) == bot.choose(
                scrambled, 0, 0, random.Random(seed))


def test_solutions_and_near_misses_from_a_view():
    view = ENGINE.view(game(42), 0)
    assert solutions(view) == [(4, 6)]
    misses = near_misses(view)
    assert (4, 5) in misses
    assert (4, 7) in misses
    assert all(is_near_miss(view["hand"][h], view["table"][t], 42) for h, t in misses)


def test_hard_beats_easy_in_at_least_80_percent_of_decided_games():
    result = hard_vs_easy("multiplin", 200)
    assert result["decided"] >= 150
    assert result["hard_rate"] >= 0.8, result
