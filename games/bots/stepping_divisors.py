"""PLACEHOLDER: being written."""

from games.bots.base import Bot


class SteppingEasy(Bot):  # type: ignore[misc]
    level = "easy"


class SteppingHard(Bot):  # type: ignore[misc]
    level = "hard"
