"""The two smallest pieces the engine modules share: the seeded RNG and the int check.

They live here, below both `base` and `focus`, so the import goes one way (base -> focus -> primitives)
and no engine module imports another in a circle (the "No import circles" contract in pyproject.toml).
`games.engines.base` re-exports both, so the engines keep importing them from there.

Pure Python: nothing here (or anywhere under games.engines) may import Django or the project.
"""

from __future__ import annotations

from typing import Any, TypeGuard

_MASK64 = (1 << 64) - 1


def is_int(value: Any) -> TypeGuard[int]:
    """True for a real int (bool is not a number here); where it holds, the type checker knows `value` is an int."""
    return isinstance(value, int) and not isinstance(value, bool)


class Rng:
    """SplitMix64: a small deterministic generator whose whole state is one int.

    Engines keep `rng.state` in the game state, so a state dict carries its own randomness
    and survives a JSON round trip. Never use the global `random` module in an engine.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        # Mix the seed once so that small neighbouring seeds do not start out alike.
        rng = cls(seed)
        rng.state = rng.next64()
        return rng

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1 (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in low..high inclusive."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: list | tuple) -> Any:
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place, on a list the caller owns."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
