"""How long a child's game against the easy computer lasts (issue 31: "ends within about 5 minutes"), per
game, at the options a new assignment starts with (the game's proposal, else its defaults).

    .venv/bin/python bench/game_length.py [--games 200] [--think-low 4] [--think-high 12]

The child is played by the medium computer's choices (it slips now and then, as a child does) with a
child's thinking time: each of its moves comes a uniform 4 to 12 seconds (a seven-year-old's, by
default) after it could move. The easy computer keeps its own delays (1 to 3 s). Time is simulated
(games.bots.arena), so the figures do not depend on this machine's speed; the calibration line is
printed all the same. "moves" counts both players' actions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.calibration import calibration_line
from games.bots import get_bot
from games.bots.arena import play_game
from games.bots.base import Bot, BotMove
from games.engines import DEFINITIONS
from games.engines.base import State

GAMES = ("four_in_a_row", "multiplin", "fultiples", "stepping_divisors")
CHILD_SEAT = 0


class Child(Bot):
    """The medium computer's choices at a child's pace."""

    level = "child"

    def __init__(self, slug: str, think_ms: tuple[int, int]) -> None:
        self.inner = get_bot(slug, "medium")
        super().__init__(self.inner.engine)
        self.think_ms = think_ms

    def choose(self, state: State, seat: int, now_ms: int, rng: random.Random) -> BotMove | None:
        move = self.inner.choose(state, seat, now_ms, rng)
        if move is None:
            return None
        return BotMove(move.action, rng.randint(*self.think_ms))


def measure(slug: str, games: int, think_ms: tuple[int, int]) -> dict:
    options = DEFINITIONS[slug].starting_options()
    minutes, actions, unfinished = [], [], 0
    for seed in range(games):
        bots = [Child(slug, think_ms), get_bot(slug, "easy")]
        out = play_game(slug, bots, seed=seed, options=options)
        if out.result is None:
            unfinished += 1
            continue
        minutes.append(out.ended_ms / 60_000)
        actions.append(out.actions)
    minutes.sort()
    return {"options": options, "median_min": statistics.median(minutes), "p90_min": minutes[int(len(minutes) * 0.9)],
            "max_min": minutes[-1], "actions": statistics.median(actions), "unfinished": unfinished}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--think-low", type=float, default=4.0, help="the child's shortest think, seconds")
    parser.add_argument("--think-high", type=float, default=12.0, help="the child's longest think, seconds")
    args = parser.parse_args()
    print(calibration_line())
    think = (int(args.think_low * 1000), int(args.think_high * 1000))
    print(f"{args.games} games a game, the child thinking {args.think_low:g} to {args.think_high:g} s a move, "
          "against the easy computer")
    print(f"{'game':<20} {'options':<34} {'median':>8} {'p90':>8} {'max':>8} {'moves':>6} unfinished")
    for slug in GAMES:
        row = measure(slug, args.games, think)
        print(f"{slug:<20} {row['options']!s:<34} {row['median_min']:>6.1f} m {row['p90_min']:>6.1f} m "
              f"{row['max_min']:>6.1f} m {row['actions']:>6.0f} {row['unfinished']}")


if __name__ == "__main__":
    main()
