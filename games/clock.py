"""The server's clock for the engines: epoch milliseconds. Tests replace `now_ms`."""

import time


def now_ms() -> int:
    return int(time.time() * 1000)


def match_now_ms(match) -> int:
    """A match's own clock: the server's, less the time the match spent paused; while paused it
    stands still. Everything a match does with time (engine deadlines, computer players' plans,
    idle seats) is on this clock, so a pause stops all of it and the engines never know."""
    wall = match.paused_at_ms if match.paused_at_ms is not None else now_ms()
    return wall - match.behind_ms
