"""The four rule engines (docs/engine-contract.md). Pure Python: no Django import anywhere below."""

from games.engines.base import Engine, IllegalAction, Outcome
from games.engines.definition import GameDefinition
from games.engines.four_in_a_row import FourInARow
from games.engines.fultiples import Fultiples
from games.engines.multiplin import Multiplin
from games.engines.stepping_divisors import SteppingDivisors

ENGINES: dict[str, Engine] = {
    engine.slug: engine
    for engine in (Fultiples(), FourInARow(), Multiplin(), SteppingDivisors())
}

# Each game's options, presets, players, computer players and hints (definition.py).
DEFINITIONS: dict[str, GameDefinition] = {slug: engine.definition for slug, engine in ENGINES.items()}


def get_engine(slug: str) -> Engine:
    """The engine for a game slug; KeyError names the known slugs."""
    try:
        return ENGINES[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}; known: {', '.join(sorted(ENGINES))}") from None


__all__ = ["DEFINITIONS", "ENGINES", "Engine", "GameDefinition", "IllegalAction", "Outcome", "get_engine"]
