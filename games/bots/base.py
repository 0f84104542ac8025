"""The computer players' interface. Bots use only the engine API (engine-contract.md).

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

LEVELS = ("easy", "hard")


@dataclass(frozen=True)
class BotMove:
    action: Action
    delay_ms: int  # how long after being asked the bot wants the action played


class Bot(ABC):
    level: str

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @abstractmethod
    def choose(self, state: State, seat: int, now_ms: int, rng: random.Random) -> BotMove | None:
        """The bot's next action for `seat`, or None when it has nothing to do now."""
