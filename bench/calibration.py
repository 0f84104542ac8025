"""The CPU calibration line every bench prints first, so figures from machines of different speed (these
differ by 2-3x and are shared) are read against each other: a fixed pure-Python workload's time."""

from __future__ import annotations

import platform
import statistics
import time

LOOPS = 200_000


def _workload() -> int:
    total = 0
    for i in range(LOOPS):
        total += (i * i) % 7
    return total


def calibration_line(repeats: int = 5) -> str:
    """"CPU calibration: 12.3 ms for 200,000 loops (median of 5; Python 3.11.2)"."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        _workload()
        times.append((time.perf_counter() - start) * 1000)
    return (f"CPU calibration: {statistics.median(times):.1f} ms for {LOOPS:,} loops "
            f"(median of {repeats}; Python {platform.python_version()})")
