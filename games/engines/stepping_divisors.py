"""PLACEHOLDER: being written by a helper; replace this whole file."""

from games.engines.base import Engine


class SteppingDivisors(Engine):
    slug = "stepping_divisors"
    title = "stepping_divisors"
    min_players = 2
    max_players = 2
    rules_summary = ""

    def setup(self, players, options=None, seed=0, now_ms=0):
        raise NotImplementedError

    apply = tick = deadline = view = legal_actions = setup
