"""The middle computer player sits between easy and hard in every game; the easy Four-in-a-Row player
never takes the square that completes its opponent's four. Seeds are fixed and named in each message."""

from __future__ import annotations

import random

import pytest

from games.bots import get_bot
from games.bots.arena import play_game
from games.engines import IllegalAction, get_engine
from games.engines.definition import COMPUTER_PLAYERS
from games.engines.four_in_a_row import tokens_for

GAMES = {
    "four_in_a_row": None,
    "fultiples": None,
    "multiplin": None,
    "stepping_divisors": {"size": 5, "random_fill": True},
}
SEEDS = range(30)


def _wins(slug: str, level: str, against: str) -> tuple[int, int]:
    """Games `level` won of those decided, seats alternating, seeds 0..29."""
    wins = decided = 0
    for seed in SEEDS:
        seat = seed % 2
        bots = [get_bot(slug, level if s == seat else against) for s in range(2)]
        winners = (play_game(slug, bots, seed=seed, options=GAMES[slug]).result or {}).get("winners") or []
        if len(winners) == 1:
            decided += 1
            wins += winners[0] == seat
    return wins, decided


def test_every_game_declares_the_three_levels_the_bots_have():
    assert [p.level for p in COMPUTER_PLAYERS] == ["easy", "medium", "hard"]
    for slug in GAMES:
        for player in COMPUTER_PLAYERS:
            assert get_bot(slug, player.level).engine is get_engine(slug)


@pytest.mark.parametrize("slug", GAMES)
def test_the_middle_level_beats_easy_and_loses_to_hard(slug):
    wins, decided = _wins(slug, "medium", "easy")
    assert wins > decided * 0.6, f"{slug}: medium won {wins} of {decided} against easy (seeds 0-29)"
    wins, decided = _wins(slug, "hard", "medium")
    assert wins > decided * 0.6, f"{slug}: hard won {wins} of {decided} against medium (seeds 0-29)"


def test_the_easy_four_in_a_row_player_never_completes_its_opponents_four():
    engine = get_engine("four_in_a_row")
    easy, hard = get_bot("four_in_a_row", "easy"), get_bot("four_in_a_row", "hard")
    offered = 0
    for seed in range(150):
        state, rng, now = engine.setup(players=2, options={}, seed=seed, now_ms=0), random.Random(seed), 0
        while state["result"] is None and now < 400:
            seat = state["turn"]
            move = (easy if seat == 0 else hard).choose(state, seat, now, rng)
            now += 1
            if seat == 0 and any(tokens_for(state["markers"], *a["cell"], 1)[0]
                                 for a in engine.legal_actions(state, 0) if a["type"] == "play"):
                offered += 1
            try:
                outcome = engine.apply(state, seat, move.action, now)
            except IllegalAction:
                continue
            if seat == 0 and move.action["type"] == "play" and not any(not a["correct"] for a in outcome.attempts):
                row, col = move.action["cell"]
                assert not tokens_for(state["markers"], row, col, 1)[0], f"seed {seed}: easy blocked at {row},{col}"
            state = outcome.state
    assert offered > 100  # the seeds do offer blocks (about 900 turns before the fix took 130 of them)
