"""PLACEHOLDER: being written."""

from games.bots.base import Bot


class FultiplesEasy(Bot):  # type: ignore[misc]
    level = "easy"


class FultiplesHard(Bot):  # type: ignore[misc]
    level = "hard"
