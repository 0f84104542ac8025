"""Moves in a Fultiples match made through the API, as a child would make them: right ones, and a near miss (a
number that shares a factor with the last one while neither divides the other)."""

from __future__ import annotations

import time
from math import gcd


def free_cells(view: dict) -> list[tuple[int, int, int]]:
    return [(r, c, v) for r, row in enumerate(view["board"]) for c, v in enumerate(row) if view["marks"][r][c] is None]


def near_miss_cell(view: dict) -> list[int] | None:
    """A free cell whose number shares a factor with the last number while neither divides the other
    (42 after 8). After a prime (2, 3 or 5 on a beginner grid) there is none: every number that shares
    its factor is a multiple of it."""
    board, last = view["board"], view["last"]
    previous = board[last[0]][last[1]]
    near = [[r, c] for r, c, v in free_cells(view) if previous % v and v % previous and gcd(previous, v) > 1]
    return near[0] if near else None


def right_cell(view: dict) -> list[int]:
    """A free cell that is a factor or a multiple of the last number: a correct move."""
    previous = view["board"][view["last"][0]][view["last"][1]]
    return next([r, c] for r, c, v in free_cells(view) if v % previous == 0 or previous % v == 0)


def play_until_a_near_miss(student, match_id: int) -> tuple[int, int] | None:
    """Play correct moves until the board offers a near miss, then make that one wrong claim and return
    it as (last number, claimed number); None if the game ends first (about 1 game in 1,000)."""
    mark = f"/api/matches/{match_id}/actions/"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = student.request("GET", f"/api/matches/{match_id}/")
        view = state["view"]
        if view["result"] is not None:
            return None
        if view["seat"] not in view["to_move"]:
            time.sleep(0.3)
            continue
        if view["last"] is None or view["free_start"]:
            student.request("POST", mark, {"action": {"type": "mark", "cell": list(free_cells(view)[0][:2])}})
            continue
        cell = near_miss_cell(view)
        if cell is None:
            student.request("POST", mark, {"action": {"type": "mark", "cell": right_cell(view)}})
            continue
        answer = student.request("POST", mark, {"action": {"type": "mark", "cell": cell}})
        assert answer["version"] == state["version"] + 1
        after = student.request("GET", f"/api/matches/{match_id}/")["view"]
        claim = (view["board"][view["last"][0]][view["last"][1]], view["board"][cell[0]][cell[1]])
        assert after["mistakes"][view["seat"]] == view["mistakes"][view["seat"]] + 1, (
            f"the claim {claim[1]} after {claim[0]} was not counted as a mistake; board {view['board']}")
        return claim
    raise AssertionError("no turn of ours within 60 s")


def play_right_moves(student, match_id: int, count: int) -> int:
    """Make up to `count` right moves (fewer if the game ends first); returns how many were made."""
    mark = f"/api/matches/{match_id}/actions/"
    made, deadline = 0, time.monotonic() + 60
    while made < count and time.monotonic() < deadline:
        view = student.request("GET", f"/api/matches/{match_id}/")["view"]
        if view["result"] is not None:
            break
        if view["seat"] not in view["to_move"]:
            time.sleep(0.3)
            continue
        first = view["last"] is None or view["free_start"]
        cell = list(free_cells(view)[0][:2]) if first else right_cell(view)
        student.request("POST", mark, {"action": {"type": "mark", "cell": cell}})
        made += 1
    return made
