"""The computer players' interface. Bots use only the engine API (docs/engine-contract.md).

A bot reads the game through `engine.view(state, seat)` and `engine.legal_actions(state, seat)`.
It may call `engine.apply` on the state to look ahead only in games without hidden
information (Fultiples, Stepping By Divisors); in the card games that would read the deck.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass

from games.engines import Engine
from games.engines.base import Action, State


@dataclass(frozen=True)
class BotMove:
    action: Action
    delay_ms: int  # how long after being asked the bot wants the action played


class Bot(ABC):
    level: str  # one of games.engines.definition.BOT_LEVELS

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @abstractmethod
    def choose(self, state: State, seat: int, now_ms: int, rng: random.Random) -> BotMove | None:
        """The bot's next action for `seat`, or None when it has nothing to do now."""


class MiddleBot(Bot):
    """The middle level: on each decision, the hard bot's choice with probability `hard_share`, else the
    easy bot's. Between the two in strength (tests/engines/test_bot_levels.py measures it), and it still
    slips now and then as a child does."""

    level = "medium"
    hard_share = 0.5
    easy_class: type[Bot]
    hard_class: type[Bot]

    def __init__(self, engine: Engine) -> None:
        super().__init__(engine)
        self.easy = self.easy_class(engine)
        self.hard = self.hard_class(engine)

    def choose(self, state: State, seat: int, now_ms: int, rng: random.Random) -> BotMove | None:
        bot = self.hard if rng.random() < self.hard_share else self.easy
        return bot.choose(state, seat, now_ms, rng)
