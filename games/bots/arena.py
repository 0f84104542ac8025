"""Plays whole games between bots in simulated time: for tests, benchmarks and tuning.

Time only moves forward to the next thing due: a bot's planned action or the engine's
deadline. A plan that the engine refuses (the round moved on, say) is dropped and the bot
is asked again, as a live match would.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.bots.base import Bot
from games.engines import IllegalAction, get_engine
from games.engines.base import State


@dataclass
class ArenaResult:
    state: State
    result: dict | None
    actions: int = 0
    mistakes: int = 0
    refused: int = 0
    attempts: list[dict] = field(default_factory=list)
    ended_ms: int = 0  # the simulated time of the last action or tick, from 0 at the deal


def play_game(
    slug: str,
    bots: list[Bot],
    *,
    seed: int,
    options: dict | None = None,
    max_actions: int = 5000,
) -> ArenaResult:
    """Play one game with `bots[seat]` in each seat until it is over (or max_actions)."""
    engine = get_engine(slug)
    now = 0
    state = engine.setup(players=len(bots), options=options or {}, seed=seed, now_ms=now)
    rng = random.Random(seed * 7919 + 13)
    plans: dict[int, tuple[int, dict]] = {}
    out = ArenaResult(state=state, result=None)
    while state["result"] is None and out.actions < max_actions:
        for seat in engine.view(state, None)["to_move"]:
            if seat not in plans:
                move = bots[seat].choose(state, seat, now, rng)
                if move is not None:
                    plans[seat] = (now + max(0, move.delay_ms), move.action)
        due = engine.deadline(state)
        next_plan = min(plans.items(), key=lambda item: (item[1][0], item[0]), default=None)
        if due is not None and (next_plan is None or due <= next_plan[1][0]):
            now = max(now, due)
            state = engine.tick(state, now).state
            plans.clear()
            continue
        if next_plan is None:
            raise RuntimeError(f"{slug}: nobody can act and nothing is due (seed {seed})")
        seat, (when, action) = next_plan
        now = max(now, when)
        del plans[seat]
        try:
            outcome = engine.apply(state, seat, action, now)
        except IllegalAction:
            out.refused += 1
            continue
        out.actions += 1
        out.attempts.extend(outcome.attempts)
        out.mistakes += sum(1 for a in outcome.attempts if not a["correct"])
        state = outcome.state
    out.state = state
    out.result = state["result"]
    out.ended_ms = now
    return out


def hard_vs_easy(slug: str, games: int, *, players: int = 2, options: dict | None = None) -> dict:
    """Hard bot in one seat (rotating), easy bots elsewhere. Counts wins among decided games."""
    from games.bots import get_bot

    hard_wins = decided = draws = 0
    for number in range(games):
        hard_seat = number % players
        bots = [get_bot(slug, "hard" if s == hard_seat else "easy") for s in range(players)]
        result = play_game(slug, bots, seed=number, options=options).result
        winners = (result or {}).get("winners") or []
        if not winners or len(winners) == players:
            draws += 1
            continue
        decided += 1
        if hard_seat in winners:
            hard_wins += 1
    return {
        "games": games,
        "decided": decided,
        "draws": draws,
        "hard_wins": hard_wins,
        "hard_rate": hard_wins / decided if decided else 0.0,
    }
