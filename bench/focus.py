"""How much more often focus facts come up (issue 14): per engine, seeded games between computer
players, once without and once with a focus, counting the attempts that rest on a focus fact.

    .venv/bin/python bench/focus.py [--games 1000] [--level hard]

Each seed plays the same game twice: without focus, and with a focus of two facts drawn from the
seed among the facts the game can deal. The figure is the share of attempts on those two facts with
focus divided by the share without. Target (issue 14): at least 2x in every game.
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
from games.bots.arena import play_game
from games.engines import get_engine

GAMES = {
    "fultiples": (2, {}),
    "four_in_a_row": (2, {}),
    "multiplin": (2, {}),
    "stepping_divisors": (2, {"random_fill": True}),
}


def candidate_facts(slug: str, options: dict) -> list[tuple[int, int]]:
    """The facts from 2 x 2 to 12 x 12 this game can deal with these options."""
    fits = get_engine(slug).focus_range({**options, "focus": {"mode": "weakest"}}).fits
    return [(a, b) for a in range(2, 13) for b in range(a, 13) if fits(a, b)]


def on_focus(attempt: dict, focus: set[tuple[int, int]]) -> bool:
    fact = attempt.get("fact")
    return fact is not None and tuple(sorted(fact)) in focus


def measure(slug: str, games: int, level: str) -> dict:
    players, options = GAMES[slug]
    facts = candidate_facts(slug, options)
    counts = {"plain": [0, 0], "focus": [0, 0]}  # [attempts on the focus facts, all attempts]
    unfinished = 0
    per_game_ratio_inputs = []
    started = time.perf_counter()
    for seed in range(games):
        focus = sorted(random.Random(seed).sample(facts, 2))
        focus_set = set(focus)
        for mode, extra in (("plain", {}), ("focus", {"focus": {"mode": "facts", "facts": [list(f) for f in focus]}})):
            bots = [get_bot(slug, level) for _ in range(players)]
            result = play_game(slug, bots, seed=seed, options={**options, **extra})
            unfinished += result.result is None
            hits = sum(on_focus(attempt, focus_set) for attempt in result.attempts)
            counts[mode][0] += hits
            counts[mode][1] += len(result.attempts)
            per_game_ratio_inputs.append((mode, hits))
    plain_share = counts["plain"][0] / max(1, counts["plain"][1])
    focus_share = counts["focus"][0] / max(1, counts["focus"][1])
    per_game = {mode: [hits for m, hits in per_game_ratio_inputs if m == mode] for mode in counts}
    return {
        "plain_share": plain_share,
        "focus_share": focus_share,
        "ratio": focus_share / plain_share if plain_share else float("inf"),
        "plain_per_game": statistics.mean(per_game["plain"]),
        "focus_per_game": statistics.mean(per_game["focus"]),
        "unfinished": unfinished,
        "seconds": time.perf_counter() - started,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--level", default="hard", choices=["easy", "hard"])
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    args = parser.parse_args()
    print(f"{args.games} seeded games per engine, {args.level} computer players in every seat, "
          "a focus of 2 facts drawn from each seed")
    print(f"{'game':<18} {'share without':>13} {'share with':>10} {'ratio':>6} "
          f"{'per game without':>16} {'with':>6} {'unfinished':>10} {'time':>7}")
    below = []
    for slug in args.game or GAMES:
        row = measure(slug, args.games, args.level)
        print(f"{slug:<18} {row['plain_share']:>13.2%} {row['focus_share']:>10.2%} {row['ratio']:>5.1f}x "
              f"{row['plain_per_game']:>16.2f} {row['focus_per_game']:>6.2f} {row['unfinished']:>10} "
              f"{row['seconds']:>6.1f}s")
        if row["ratio"] < 2:
            below.append(slug)
    print("target >= 2x:", "met in every game" if not below else f"NOT met in {', '.join(below)}")
    return 1 if below else 0


if __name__ == "__main__":
    raise SystemExit(main())
