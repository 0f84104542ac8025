"""Requests that arrive at once, for the burst tests: each call on its own thread, released together."""

from __future__ import annotations

import threading
from collections.abc import Callable


def run_together(calls: list[Callable[[], object]], *, after_each: Callable[[], None] | None = None,
                 timeout: float = 120) -> list[object]:
    """Run every call on its own thread, all released by one barrier. Returns each call's result, or
    the exception it raised (the caller decides which are expected). `after_each` runs on each thread
    when its call is done (e.g. closing that thread's database connection)."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            results[index] = calls[index]()
        except Exception as error:  # handed to the caller, never lost in a thread
            results[index] = error
        finally:
            if after_each is not None:
                after_each()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    assert not any(thread.is_alive() for thread in threads), "a request never finished"
    return results
