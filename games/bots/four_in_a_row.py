"""PLACEHOLDER: being written."""

from games.bots.base import Bot


class FourInARowEasy(Bot):  # type: ignore[misc]
    level = "easy"


class FourInARowHard(Bot):  # type: ignore[misc]
    level = "hard"
