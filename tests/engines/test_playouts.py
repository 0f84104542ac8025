"""Contract properties that hold for every game, checked over random playouts (hypothesis)."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines import ENGINES, IllegalAction, get_engine
from tests.engines.playout import random_playout, replay, secret_keys_in

GAMES = sorted(ENGINES)
PLAYOUT_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def players_for(slug: str, pick: int) -> int:
    engine = get_engine(slug)
    return engine.min_players + pick % (engine.max_players - engine.min_players + 1)


@pytest.mark.parametrize("slug", GAMES)
@PLAYOUT_SETTINGS
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10), walk=st.integers(0, 2**32))
def test_playout_never_mutates_input_and_stays_json(slug, seed, pick, walk):
    log = random_playout(slug, players=players_for(slug, pick), seed=seed, choices=random.Random(walk))
    for state in log.states:
        assert json.loads(json.dumps(state)) == state


@pytest.mark.parametrize("slug", GAMES)
@PLAYOUT_SETTINGS
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10), walk=st.integers(0, 2**32))
def test_replaying_the_log_reproduces_every_state(slug, seed, pick, walk):
    log = random_playout(slug, players=players_for(slug, pick), seed=seed, choices=random.Random(walk))
    assert replay(log) == log.states


@pytest.mark.parametrize("slug", GAMES)
@PLAYOUT_SETTINGS
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10), walk=st.integers(0, 2**32))
def test_no_view_holds_a_secret_or_another_seats_hand(slug, seed, pick, walk):
    engine = get_engine(slug)
    log = random_playout(slug, players=players_for(slug, pick), seed=seed, choices=random.Random(walk))
    for state in [*log.states[:: max(1, len(log.states) // 12)], log.states[-1]]:
        for seat in [None, *range(state["players"])]:
            view = engine.view(state, seat)
            assert secret_keys_in(view) == set()
            assert str(state.get("rng", "no rng")) not in json.dumps(view)
            if "hands" in state:
                own = None if seat is None else state["hands"][seat]
                assert view["hand"] == own


@pytest.mark.parametrize("slug", GAMES)
@PLAYOUT_SETTINGS
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10), walk=st.integers(0, 2**32))
def test_to_move_is_the_views_to_move_and_a_view_stays_as_it_was_after_later_moves(slug, seed, pick, walk):
    """The platform plans from `to_move` without building a view. A view may share the state's lists (it is
    read, never changed: Engine.view); `random_playout` checks that no later move changes one."""
    engine = get_engine(slug)
    log = random_playout(slug, players=players_for(slug, pick), seed=seed, choices=random.Random(walk))
    for state in log.states:
        assert engine.to_move(state) == engine.view(state, None)["to_move"]


@pytest.mark.parametrize("slug", GAMES)
@PLAYOUT_SETTINGS
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10), walk=st.integers(0, 2**32))
def test_every_attempt_has_the_contract_shape(slug, seed, pick, walk):
    log = random_playout(slug, players=players_for(slug, pick), seed=seed, choices=random.Random(walk))
    for events, attempts in log.outcomes:
        for attempt in attempts:
            assert set(attempt) == {"seat", "kind", "a", "b", "answer", "correct", "think_ms", "fact"}
            assert attempt["think_ms"] >= 0
            if attempt["correct"] or attempt["kind"] == "multiply":
                low, high = attempt["fact"]
                assert low <= high
            else:
                assert attempt["fact"] is None
        mistakes = [e for e in events if e.get("type") == "mistake"]
        wrong = [a for a in attempts if not a["correct"]]
        assert len(mistakes) == len(wrong)


@pytest.mark.parametrize("slug", GAMES)
def test_a_finished_game_accepts_no_action(slug):
    engine = get_engine(slug)
    for walk in range(40):
        log = random_playout(slug, players=engine.min_players, seed=walk, choices=random.Random(walk),
                             max_steps=3000, mistake_rate=0.0)
        final, before = log.states[-1], log.states[-2]
        if final["result"] is None:
            continue
        for seat in range(final["players"]):
            for action in engine.legal_actions(before, seat):
                with pytest.raises(IllegalAction) as refusal:
                    engine.apply(final, seat, action, final.get("now_ms", 0) + 1)
                assert refusal.value.code == "game_over"
            assert engine.legal_actions(final, seat) == []
        assert engine.view(final, None)["phase"] == "over"
        return
    pytest.fail(f"{slug}: no random playout finished in 40 tries")
