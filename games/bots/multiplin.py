"""PLACEHOLDER: being written."""

from games.bots.base import Bot


class MultiplinEasy(Bot):  # type: ignore[misc]
    level = "easy"


class MultiplinHard(Bot):  # type: ignore[misc]
    level = "hard"
