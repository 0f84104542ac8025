"""Random playouts through the engine contract, shared by the property tests of every game."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from games.engines import IllegalAction, get_engine

# State keys that hold secrets: no view may carry a key of these names at any depth.
SECRET_KEYS = {"seed", "rng", "hands", "deck", "factor_deck", "product_deck", "discard"}

JUNK_ACTIONS = [
    None,
    {},
    {"type": "nonsense"},
    {"type": "mark", "cell": "x"},
    {"type": "mark", "cell": [99, 99]},
    {"type": "play", "cards": [0, 0], "cell": [0, 0]},
    {"type": "solve", "round": -1, "hand": 0, "table": 0},
    {"type": "divide", "cell": [0, 0], "divisor": 0},
]


@dataclass
class Step:
    kind: str  # "apply" or "tick"
    now_ms: int
    seat: int | None = None
    action: dict | None = None


@dataclass
class Playout:
    slug: str
    players: int
    seed: int
    options: dict
    steps: list[Step] = field(default_factory=list)
    states: list[dict] = field(default_factory=list)
    outcomes: list[tuple[list, list]] = field(default_factory=list)


def snapshot(value) -> str:
    return json.dumps(value, sort_keys=True)


def random_playout(slug: str, *, players: int, seed: int, choices: random.Random,
                   options: dict | None = None, max_steps: int = 400,
                   mistake_rate: float = 0.1) -> Playout:
    """Play a random game: mostly legal actions, some wrong claims and junk, some ticks.

    Checks on every step that the engine did not mutate its input and that each state
    survives a JSON round trip unchanged; and at the end, that every view taken on the way still
    shows its own step (a view may share the state's lists: a later move must not change it).
    """
    engine = get_engine(slug)
    options = dict(options or {})
    now = 0
    state = engine.setup(players=players, options=options, seed=seed, now_ms=now)
    log = Playout(slug=slug, players=players, seed=seed, options=options, states=[state])
    shown: list[tuple[list[dict], str]] = []
    for _ in range(max_steps):
        if state["result"] is not None:
            break
        assert json.loads(json.dumps(state)) == state, "state is not JSON-compatible"
        before = snapshot(state)
        views = [engine.view(state, seat) for seat in [*range(players), None]]
        shown.append((views, snapshot(views)))
        now += choices.choice([0, 10, 250, 900, 2500])
        due = engine.deadline(state)
        roll = choices.random()
        if due is not None and roll < 0.08:
            now = max(now, due)
            outcome = engine.tick(state, now)
            log.steps.append(Step("tick", now))
        else:
            seat, action = _pick_action(engine, state, choices, roll, mistake_rate)
            try:
                outcome = engine.apply(state, seat, action, now)
            except IllegalAction as refusal:
                assert isinstance(refusal.code, str)
                assert refusal.code
                assert snapshot(state) == before, "a refused action mutated the state"
                continue
            log.steps.append(Step("apply", now, seat, action))
        assert snapshot(state) == before, "the engine mutated its input state"
        state = outcome.state
        log.states.append(state)
        log.outcomes.append((outcome.events, outcome.attempts))
    for views, then in shown:
        assert snapshot(views) == then, "a later move changed a view taken before it"
    return log


def _pick_action(engine, state, choices, roll, mistake_rate):
    to_move = engine.view(state, None)["to_move"] or list(range(state["players"]))
    seat = choices.choice(to_move)
    if roll < 0.12:
        return choices.randrange(state["players"]), choices.choice(JUNK_ACTIONS)
    legal = engine.legal_actions(state, seat)
    if legal and roll > mistake_rate + 0.12:
        return seat, choices.choice(legal)
    if legal:
        return seat, _wrong_variant(choices.choice(legal), choices)
    return seat, choices.choice(JUNK_ACTIONS[2:])


def _wrong_variant(action: dict, choices: random.Random) -> dict:
    """A plausible but probably wrong claim: another cell, value, divisor, or table slot."""
    wrong = dict(action)
    if "divisor" in wrong:
        wrong["divisor"] = max(1, wrong["divisor"] + choices.choice([-1, 1, 2]))
    elif "table" in wrong:
        wrong["table"] = choices.randrange(8)
    elif "cell" in wrong:
        wrong["cell"] = [choices.randrange(8), choices.randrange(8)]
    return wrong


def replay(log: Playout) -> list[dict]:
    """Run the recorded steps again from setup; return every state along the way."""
    engine = get_engine(log.slug)
    state = engine.setup(players=log.players, options=log.options, seed=log.seed, now_ms=0)
    states = [state]
    for step in log.steps:
        if step.kind == "tick":
            state = engine.tick(state, step.now_ms).state
        else:
            state = engine.apply(state, step.seat, step.action, step.now_ms).state
        states.append(state)
    return states


def secret_keys_in(value) -> set[str]:
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key in SECRET_KEYS:
                found.add(key)
            found |= secret_keys_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= secret_keys_in(item)
    return found
