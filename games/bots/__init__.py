"""Computer players: two levels per game, built only on the engine API."""

from __future__ import annotations

from games.bots.base import LEVELS, Bot, BotMove
from games.bots.four_in_a_row import FourInARowEasy, FourInARowHard
from games.bots.fultiples import FultiplesEasy, FultiplesHard
from games.bots.multiplin import MultiplinEasy, MultiplinHard
from games.bots.stepping_divisors import SteppingEasy, SteppingHard
from games.engines import get_engine

_BOTS: dict[tuple[str, str], type[Bot]] = {
    ("fultiples", "easy"): FultiplesEasy,
    ("fultiples", "hard"): FultiplesHard,
    ("four_in_a_row", "easy"): FourInARowEasy,
    ("four_in_a_row", "hard"): FourInARowHard,
    ("multiplin", "easy"): MultiplinEasy,
    ("multiplin", "hard"): MultiplinHard,
    ("stepping_divisors", "easy"): SteppingEasy,
    ("stepping_divisors", "hard"): SteppingHard,
}


def get_bot(slug: str, level: str) -> Bot:
    """A computer player for a game at a level ("easy" or "hard")."""
    if level not in LEVELS:
        raise KeyError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    return _BOTS[(slug, level)](get_engine(slug))


__all__ = ["LEVELS", "Bot", "BotMove", "get_bot"]
