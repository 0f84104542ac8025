"""The server's clock for the engines: epoch milliseconds. Tests replace `now_ms`."""

import time


def now_ms() -> int:
    return int(time.time() * 1000)
