"""The Fultiples grid generator (docs/games.md section 1, seed 003), kept faithful to the source.

A cell is `choice(primes) * choice(valid_scalars)`, filled column by column; with probability
3 % x len(WILD_CARDS) = 9 % a cell is instead a wild number, and wild numbers rotate
1, 1, 1, 2, 2, 2, 3, 3, 3, 1, ... over the whole board in fill order. House rule: a product
above `max_value` is redrawn, so the cell is uniform over the (prime, scalar) pairs within the
cap; `valid_products` lists those products once per pair, and one draw from that list is the
same distribution as drawing a prime and a scalar until the product fits.

Parameter sets are checked before any drawing (`check_grid_options`); a refusal is a
`GridOptionError` naming the offending field, for the teacher's batch form.
Pure Python: no Django, no global `random` (a local `random.Random(seed)` per grid).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from games.engines.base import is_int

WILD_CARDS = (1, 2, 3)
WILD_CHANCE_PER_CARD = 0.03
WILD_PROBABILITY = WILD_CHANCE_PER_CARD * len(WILD_CARDS)  # 9 % per cell
WILD_REPEAT = 3  # each wild number is used three times before the next

MAX_SIDE = 30
MAX_SCALE = 1000
MAX_PRIME = 1000
MAX_VALUE = 100_000

# The published downloadable grids (docs/games.md): beginner <= 50, intermediate <= 100, advanced <= 200.
LEVELS: dict[str, dict[str, Any]] = {
    "beginner": {"primes": (2, 3, 5), "scale_max": 12, "max_value": 50},
    "intermediate": {"primes": (2, 3, 7), "scale_max": 20, "max_value": 100},
    "advanced": {"primes": (2, 3, 5, 7), "scale_max": 40, "max_value": 200},
}
DEFAULT_ROWS = DEFAULT_COLS = 10


class GridOptionError(ValueError):
    """An unusable generator parameter: `field` names the option, `message` says what is wrong."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def is_prime(n: int) -> bool:
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    factor = 3
    while factor * factor <= n:
        if n % factor == 0:
            return False
        factor += 2
    return True


def check_primes(primes: Any) -> tuple[int, ...]:
    """The primes as a sorted tuple, or GridOptionError("primes")."""
    if not isinstance(primes, (list, tuple)) or not primes:
        raise GridOptionError("primes", "give a list of primes, for example [2, 3, 7]")
    if not all(is_int(p) for p in primes):
        raise GridOptionError("primes", "every prime must be a whole number")
    if len(set(primes)) != len(primes):
        raise GridOptionError("primes", "each prime may be given only once")
    too_big = [p for p in primes if p > MAX_PRIME]
    if too_big:
        raise GridOptionError("primes", f"primes above {MAX_PRIME} are not supported: {too_big[0]}")
    not_prime = [p for p in primes if not is_prime(p)]
    if not_prime:
        raise GridOptionError("primes", f"{not_prime[0]} is not a prime number")
    if 2 not in primes or 3 not in primes:
        raise GridOptionError("primes", "the primes must include 2 and 3")
    return tuple(sorted(primes))


def _check_int(field: str, value: Any, low: int, high: int) -> int:
    if not is_int(value):
        raise GridOptionError(field, "must be a whole number")
    if not low <= value <= high:
        raise GridOptionError(field, f"must be between {low} and {high}, not {value}")
    return value


def check_shape(rows: Any, cols: Any) -> tuple[int, int]:
    return _check_int("rows", rows, 1, MAX_SIDE), _check_int("cols", cols, 1, MAX_SIDE)


def check_board(board: Any) -> list[list[int]]:
    """A stored board: a rectangle of 1..MAX_SIDE rows and columns of positive whole numbers."""
    if not isinstance(board, list) or not board or not all(isinstance(row, list) for row in board):
        raise GridOptionError("board", "a board is a list of rows, each a list of numbers")
    cols = len(board[0])
    if any(len(row) != cols for row in board):
        raise GridOptionError("board", "every row of the board must have the same length")
    if not (1 <= len(board) <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise GridOptionError("board", f"a board has 1 to {MAX_SIDE} rows and columns")
    if not all(is_int(n) and n > 0 for row in board for n in row):
        raise GridOptionError("board", "every cell must hold a positive whole number")
    return [list(row) for row in board]


def valid_scalars(primes: tuple[int, ...], scale_max: int) -> list[int]:
    """Scalars 2..=scale_max divisible by a chosen prime and by no excluded prime."""
    chosen = set(primes)
    excluded = [p for p in range(2, scale_max + 1) if p not in chosen and is_prime(p)]
    return [
        s for s in range(2, scale_max + 1) if any(s % p == 0 for p in chosen) and not any(s % q == 0 for q in excluded)
    ]


@lru_cache(maxsize=64)
def valid_products(primes: tuple[int, ...], scale_max: int, max_value: int) -> tuple[int, ...]:
    """prime x scalar for every (prime, scalar) pair within the cap, once per pair."""
    scalars = valid_scalars(primes, scale_max)
    return tuple(p * s for p in primes for s in scalars if p * s <= max_value)


def check_grid_options(*, primes: Any, scale_max: Any, rows: Any, cols: Any, max_value: Any) -> tuple[int, ...]:
    """Refuse an unusable or impossible parameter set before any drawing.

    Returns the valid products (see `valid_products`); raises GridOptionError naming the field.
    """
    primes = check_primes(primes)
    scale_max = _check_int("scale_max", scale_max, 2, MAX_SCALE)
    check_shape(rows, cols)
    max_value = _check_int("max_value", max_value, 1, MAX_VALUE)
    products = valid_products(primes, scale_max, max_value)
    if not products:
        smallest = min(p * s for p in primes for s in valid_scalars(primes, scale_max))
        raise GridOptionError(
            "max_value",
            f"no number fits under {max_value}: the smallest prime x scalar here is {smallest}",
        )
    return products


def level_options(level: Any) -> dict[str, Any]:
    """The generator preset of a level, or GridOptionError("level")."""
    if not isinstance(level, str) or level not in LEVELS:
        raise GridOptionError("level", f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    preset = LEVELS[level]
    return {
        "primes": list(preset["primes"]),
        "scale_max": preset["scale_max"],
        "max_value": preset["max_value"],
    }


def generate_grid(*, primes: Any, scale_max: Any, rows: Any, cols: Any, max_value: Any, seed: int) -> list[list[int]]:
    """A rows x cols grid (list of rows), the same for the same arguments."""
    products = check_grid_options(primes=primes, scale_max=scale_max, rows=rows, cols=cols, max_value=max_value)
    draw = random.Random(seed)
    uniform = draw.random
    pick = draw.choice
    wild_chance = WILD_PROBABILITY
    wild_cycle = len(WILD_CARDS) * WILD_REPEAT
    wilds = 0
    fill: list[int] = []  # in fill order: column by column, top to bottom
    append = fill.append
    for _ in range(rows * cols):
        if uniform() < wild_chance:
            append(WILD_CARDS[(wilds % wild_cycle) // WILD_REPEAT])
            wilds += 1
        else:
            append(pick(products))
    return [fill[row::rows] for row in range(rows)]


def generate_level_grid(
    level: str, *, seed: int, rows: int = DEFAULT_ROWS, cols: int = DEFAULT_COLS
) -> list[list[int]]:
    """A grid from a level preset."""
    return generate_grid(**level_options(level), rows=rows, cols=cols, seed=seed)
