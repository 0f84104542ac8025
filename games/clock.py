"""The server's clock for the engines: epoch milliseconds. Tests replace `now_ms`; the demo data
plays its past weeks on a simulated clock (`simulated`)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator

_simulated = threading.local()


def now_ms() -> int:
    fixed = getattr(_simulated, "ms", None)
    return fixed if fixed is not None else int(time.time() * 1000)


class SimulatedClock:
    def advance(self, ms: int) -> int:
        _simulated.ms += ms
        return _simulated.ms


@contextlib.contextmanager
def simulated(start_ms: int) -> Iterator[SimulatedClock]:
    """In this thread, `now_ms` reads a clock that starts at `start_ms` and moves only when told."""
    _simulated.ms = start_ms
    try:
        yield SimulatedClock()
    finally:
        _simulated.ms = None


def match_now_ms(match) -> int:
    """A match's own clock: the server's, less the time the match spent paused; while paused it
    stands still. Everything a match does with time (engine deadlines, computer players' plans,
    idle seats) is on this clock, so a pause stops all of it and the engines never know."""
    wall = match.paused_at_ms if match.paused_at_ms is not None else now_ms()
    return wall - match.behind_ms
