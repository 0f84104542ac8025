"""How well a child knows a fact: one definition for the progress page, the reports' grids, their
totals and help groups, CSV and PDF. The words below are what pages show beside the figures.

- not played: no attempt counted on this fact yet;
- needs practice: right less than 3 times in 4 (under 75 %);
- learning: played, not yet mastered;
- mastered: right at least 9 times in 10 (90 %), over at least 3 tries.

Only facts from 2 x 2 to 12 x 12 count towards "facts you know": x1 facts are shown on the grid but
would make a child who never met 7 x 8 look strong, and facts off the grid (1 x 37 on a Fultiples
board) are not counted on it at all (games.reports.attribution).
"""

from __future__ import annotations

MASTERED_AT = 0.9
MASTERED_AFTER = 3
NEEDS_PRACTICE_BELOW = 0.75
KNOWN_FROM, KNOWN_TO = 2, 12

NOT_PLAYED, NEEDS_PRACTICE, LEARNING, MASTERED = "not_played", "needs_practice", "learning", "mastered"
NAMES = {MASTERED: "Mastered", LEARNING: "Learning", NEEDS_PRACTICE: "Needs practice", NOT_PLAYED: "Not played"}
WORDS = {
    MASTERED: "Mastered: right at least 9 times in 10, over 3 or more tries.",
    LEARNING: "Learning: played, not yet mastered.",
    NEEDS_PRACTICE: "Needs practice: right less than 3 times in 4.",
    NOT_PLAYED: "Not played yet.",
}


def state_of(attempts: int, right: int) -> str:
    if attempts <= 0:
        return NOT_PLAYED
    accuracy = right / attempts
    if accuracy < NEEDS_PRACTICE_BELOW:
        return NEEDS_PRACTICE
    if attempts >= MASTERED_AFTER and accuracy >= MASTERED_AT:
        return MASTERED
    return LEARNING


def counts_as_known(a: int, b: int) -> bool:
    """Whether a mastered fact counts towards "facts you know" (2 x 2 to 12 x 12)."""
    return min(a, b) >= KNOWN_FROM and max(a, b) <= KNOWN_TO


def known(facts: list[dict]) -> list[dict]:
    """The fact rows (with "a", "b", "state") a child knows."""
    return [fact for fact in facts if fact["state"] == MASTERED and counts_as_known(fact["a"], fact["b"])]
