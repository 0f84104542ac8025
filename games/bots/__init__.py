"""Computer players: each game's three levels (games.engines.definition.BOT_LEVELS), built only on the
engine API. Each game's module has its easy and hard bot; the medium one mixes the two (base.MiddleBot)."""

from __future__ import annotations

from games.bots.base import Bot, BotMove, MiddleBot
from games.bots.four_in_a_row import FourInARowEasy, FourInARowHard
from games.bots.fultiples import FultiplesEasy, FultiplesHard
from games.bots.multiplin import MultiplinEasy, MultiplinHard
from games.bots.stepping_divisors import SteppingEasy, SteppingHard
from games.engines import DEFINITIONS, get_engine
from games.engines import four_in_a_row_definition as four_in_a_row
from games.engines import fultiples_definition as fultiples
from games.engines import multiplin_definition as multiplin
from games.engines import stepping_divisors_definition as stepping_divisors
from games.engines.definition import BOT_LEVELS


class FultiplesMiddle(MiddleBot):
    easy_class, hard_class = FultiplesEasy, FultiplesHard


class FourInARowMiddle(MiddleBot):
    easy_class, hard_class = FourInARowEasy, FourInARowHard


class MultiplinMiddle(MiddleBot):
    easy_class, hard_class = MultiplinEasy, MultiplinHard


class SteppingMiddle(MiddleBot):
    easy_class, hard_class = SteppingEasy, SteppingHard


# Each game's bots, by its definition's slug; each class names the level it plays (one of BOT_LEVELS).
_BOTS_OF_GAME: dict[str, tuple[type[Bot], ...]] = {
    fultiples.DEFINITION.slug: (FultiplesEasy, FultiplesMiddle, FultiplesHard),
    four_in_a_row.DEFINITION.slug: (FourInARowEasy, FourInARowMiddle, FourInARowHard),
    multiplin.DEFINITION.slug: (MultiplinEasy, MultiplinMiddle, MultiplinHard),
    stepping_divisors.DEFINITION.slug: (SteppingEasy, SteppingMiddle, SteppingHard),
}
_BOTS: dict[tuple[str, str], type[Bot]] = {
    (slug, bot.level): bot for slug, bots in _BOTS_OF_GAME.items() for bot in bots
}


def offered_levels() -> set[tuple[str, str]]:
    """(game, level) for every computer level the games' definitions offer: each has its bot, and no bot
    plays another (tests/games/test_game_definitions.py)."""
    return {(slug, level) for slug, definition in DEFINITIONS.items() for level in definition.bot_levels}


def get_bot(slug: str, level: str) -> Bot:
    """A computer player for a game at a level (one of BOT_LEVELS: "easy", "medium" or "hard")."""
    if level not in BOT_LEVELS:
        raise KeyError(f"unknown bot level {level!r}; known: {', '.join(BOT_LEVELS)}")
    return _BOTS[(slug, level)](get_engine(slug))


__all__ = ["BOT_LEVELS", "Bot", "BotMove", "get_bot"]
