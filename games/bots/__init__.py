"""Computer players: three levels per game (easy, medium, hard), built only on the engine API."""

from __future__ import annotations

from games.bots.base import LEVELS, Bot, BotMove, MiddleBot
from games.bots.four_in_a_row import FourInARowEasy, FourInARowHard
from games.bots.fultiples import FultiplesEasy, FultiplesHard
from games.bots.multiplin import MultiplinEasy, MultiplinHard
from games.bots.stepping_divisors import SteppingEasy, SteppingHard
from games.engines import get_engine


class FultiplesMiddle(MiddleBot):
    easy_class, hard_class = FultiplesEasy, FultiplesHard


class FourInARowMiddle(MiddleBot):
    easy_class, hard_class = FourInARowEasy, FourInARowHard


class MultiplinMiddle(MiddleBot):
    easy_class, hard_class = MultiplinEasy, MultiplinHard


class SteppingMiddle(MiddleBot):
    easy_class, hard_class = SteppingEasy, SteppingHard


_BOTS: dict[tuple[str, str], type[Bot]] = {
    ("fultiples", "easy"): FultiplesEasy,
    ("fultiples", "medium"): FultiplesMiddle,
    ("fultiples", "hard"): FultiplesHard,
    ("four_in_a_row", "easy"): FourInARowEasy,
    ("four_in_a_row", "medium"): FourInARowMiddle,
    ("four_in_a_row", "hard"): FourInARowHard,
    ("multiplin", "easy"): MultiplinEasy,
    ("multiplin", "medium"): MultiplinMiddle,
    ("multiplin", "hard"): MultiplinHard,
    ("stepping_divisors", "easy"): SteppingEasy,
    ("stepping_divisors", "medium"): SteppingMiddle,
    ("stepping_divisors", "hard"): SteppingHard,
}


def get_bot(slug: str, level: str) -> Bot:
    """A computer player for a game at a level ("easy", "medium" or "hard")."""
    if level not in LEVELS:
        raise KeyError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    return _BOTS[(slug, level)](get_engine(slug))


__all__ = ["LEVELS", "Bot", "BotMove", "get_bot"]
