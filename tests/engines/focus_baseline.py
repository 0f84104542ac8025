"""Records (and recomputes) the engines' states for fixed seeds: the baseline that focus "none"
must reproduce exactly. The JSON beside it was recorded on main before the focus option existed:

    python -m tests.engines.focus_baseline > tests/engines/data/focus_none_baseline.json
"""

from __future__ import annotations

import hashlib
import json
import random

from games.engines import get_engine

# (game, players, options) run for every seed below.
SETUPS: tuple[tuple[str, int, dict], ...] = (
    ("fultiples", 2, {}),
    ("fultiples", 2, {"level": "beginner"}),
    ("fultiples", 2, {"level": "advanced", "rows": 7, "cols": 9}),
    ("four_in_a_row", 2, {}),
    ("multiplin", 2, {}),
    ("multiplin", 4, {"hand_size": 4}),
    ("stepping_divisors", 2, {"random_fill": True}),
    ("stepping_divisors", 3, {"size": 5}),
)
SEEDS = (0, 1, 7, 42, 2024)
PLAYOUT_STEPS = 60


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


def playout_digests(slug: str, players: int, options: dict, seed: int) -> dict:
    """The setup state, and digests of the events, attempts and states of a seeded random playout of legal actions."""
    engine = get_engine(slug)
    state = engine.setup(players=players, options=options, seed=seed, now_ms=0)
    start = json.loads(json.dumps(state))
    choices = random.Random(seed)
    digests: list[str] = []
    trail = hashlib.sha256()
    now = 0
    for step in range(1, PLAYOUT_STEPS + 1):
        if state["result"] is not None:
            break
        now += 700
        due = engine.deadline(state)
        if due is not None and due <= now:
            state = engine.tick(state, now).state
        moves = [(seat, action) for seat in engine.view(state, None)["to_move"]
                 for action in engine.legal_actions(state, seat)]
        if not moves:
            state = engine.tick(state, max(now, engine.deadline(state) or now)).state
        else:
            seat, action = choices.choice(moves)
            out = engine.apply(state, seat, action, now)
            state = out.state
            trail.update(json.dumps([out.events, out.attempts], sort_keys=True).encode())
        trail.update(json.dumps(state, sort_keys=True).encode())
        if step % 10 == 0:
            digests.append(trail.hexdigest())  # a checkpoint every 10 steps: where a change began
    digests.append(trail.hexdigest())
    return {"setup": start if seed == SEEDS[0] else _digest(start), "digests": digests}


def record() -> list[dict]:
    return [
        {"game": slug, "players": players, "options": options, "seed": seed,
         **playout_digests(slug, players, options, seed)}
        for slug, players, options in SETUPS
        for seed in SEEDS
    ]


if __name__ == "__main__":
    print(json.dumps(record(), sort_keys=True))
