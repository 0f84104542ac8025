"""Engine speed: median µs per apply and per legal_actions over random playouts, ms per hard-bot
decision, and Fultiples boards generated per second.

    .venv/bin/python bench/engines.py [--games 40]

Targets on the 2-core machine: apply <= 100 µs median in every game; hard bot <= 200 ms per move;
10,000 Fultiples boards in <= 3 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.bots import get_bot
from games.engines import ENGINES, IllegalAction, get_engine
from games.engines.fultiples_grid import LEVELS, generate_grid

PLAYERS = {"fultiples": 2, "four_in_a_row": 2, "multiplin": 4, "stepping_divisors": 2}


def due_transitions(engine, state: dict, now: int) -> dict:
    """What the server's scheduler does: tick when a deadline has passed (legal_actions takes no clock)."""
    due = engine.deadline(state)
    return engine.tick(state, now).state if due is not None and due <= now else state


def time_playouts(slug: str, games: int) -> tuple[list[float], list[float]]:
    engine = get_engine(slug)
    apply_us, legal_us = [], []
    for seed in range(games):
        choices = random.Random(seed)
        now = 0
        state = engine.setup(players=PLAYERS[slug], options={}, seed=seed, now_ms=now)
        for _ in range(3000):
            if state["result"] is not None:
                break
            now += 300
            state = due_transitions(engine, state, now)
            to_move = engine.view(state, None)["to_move"]
            if not to_move:
                state = engine.tick(state, max(now, engine.deadline(state) or now)).state
                continue
            seat = choices.choice(to_move)
            started = time.perf_counter()
            legal = engine.legal_actions(state, seat)
            legal_us.append((time.perf_counter() - started) * 1e6)
            if not legal:
                due = engine.deadline(state)
                if due is not None:
                    now = max(now, due)
                    state = engine.tick(state, now).state
                continue
            action = choices.choice(legal)
            started = time.perf_counter()
            try:
                state = engine.apply(state, seat, action, now).state
            except IllegalAction:
                continue
            apply_us.append((time.perf_counter() - started) * 1e6)
    return apply_us, legal_us


def time_hard_bot(slug: str, games: int) -> list[float]:
    engine = get_engine(slug)
    bot = get_bot(slug, "hard")
    timings = []
    for seed in range(games):
        choices = random.Random(seed)
        now = 0
        state = engine.setup(players=PLAYERS[slug], options={}, seed=seed, now_ms=now)
        for _ in range(400):
            if state["result"] is not None:
                break
            now += 500
            state = due_transitions(engine, state, now)
            to_move = engine.view(state, None)["to_move"]
            if not to_move:
                state = engine.tick(state, max(now, engine.deadline(state) or now)).state
                continue
            seat = to_move[0]
            started = time.perf_counter()
            move = bot.choose(state, seat, now, choices)
            timings.append((time.perf_counter() - started) * 1e3)
            if move is None:
                due = engine.deadline(state)
                if due is not None:
                    now = max(now, due)
                    state = engine.tick(state, now).state
                continue
            now += move.delay_ms
            try:
                state = engine.apply(state, seat, move.action, now).state
            except IllegalAction:
                due = engine.deadline(state)
                if due is not None:
                    now = max(now, due)
                    state = engine.tick(state, now).state
    return timings


def boards_per_second(count: int, level: str) -> tuple[float, float]:
    preset = LEVELS[level]
    started = time.perf_counter()
    for seed in range(count):
        generate_grid(**preset, rows=10, cols=10, seed=seed)
    elapsed = time.perf_counter() - started
    return count / elapsed, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="random playouts per game")
    parser.add_argument("--bot-games", type=int, default=5, help="games timed for the hard bot")
    parser.add_argument("--boards", type=int, default=10_000)
    args = parser.parse_args()

    print(f"{'game':<20}{'apply µs (median)':>19}{'p95':>9}{'legal µs (median)':>19}"
          f"{'hard bot ms (median)':>22}{'max':>9}{'n apply':>9}")
    for slug in sorted(ENGINES):
        apply_us, legal_us = time_playouts(slug, args.games)
        bot_ms = time_hard_bot(slug, args.bot_games)
        p95 = statistics.quantiles(apply_us, n=20)[18]
        print(f"{slug:<20}{statistics.median(apply_us):>19.1f}{p95:>9.1f}{statistics.median(legal_us):>19.1f}"
              f"{statistics.median(bot_ms):>22.2f}{max(bot_ms):>9.1f}{len(apply_us):>9}")
    for level in LEVELS:
        rate, elapsed = boards_per_second(args.boards, level)
        print(f"fultiples boards ({level}, 10x10): {args.boards} in {elapsed:.2f} s = {rate:,.0f} boards/s")


if __name__ == "__main__":
    main()
