"""The words printed with a Fultiples grid: the web page (api/batches.py) and the PDF (games/grid_pdf.py)
say the same."""

from __future__ import annotations


def primes_line(primes: list[int]) -> str:
    """'Based on the primes 2, 3 and 7', as on the published grids."""
    listed = [str(p) for p in primes]
    joined = listed[0] if len(listed) == 1 else f"{', '.join(listed[:-1])} and {listed[-1]}"
    return f"Based on the primes {joined}"
