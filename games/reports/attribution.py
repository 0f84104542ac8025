"""Which multiplication fact an attempt counts for or against on the reports' times-table grid.

The engines' attempt dicts stay as the contract spells them; counting is the reports' job, done
once when the attempt is stored (like its mistake type), so every report reads one fact per row:

- A right answer counts for the fact it rests on: a x b for a product, the fact a correct factor or
  divisor claim rests on (42 after 6 rests on 6 x 7).
- A wrong product that confuses a x b (a neighbouring product, an addition, swapped digits: 7 x 8
  answered 56's neighbour 48) counts against a x b: that is the fact the child has wrong.
- Any other wrong product missed a target (Multiplin's product card, Four-in-a-Row's square): it
  counts against the target's fact: 4 on 4 for the card 63 counts against 7 x 9, not 4 x 4. When the
  target has several facts (24 is 3 x 8 and 4 x 6), the one that shares a card with the play (3 and
  5 for 24: 3 x 8); when none or several do, no fact: the attempt still counts in accuracy and in
  the mistakes by type, but on no square of the grid.
- A wrong factor/multiple or divisor claim rests on no fact (42 after 8 is no times-table fact).
- Only facts of the grid count on it: both factors from 1 to GRID_MAX (12). 1 x 37 on a Fultiples
  board is a right answer, but no square of the grid.
"""

from __future__ import annotations

from games.engines.base import fact_of_division
from games.reports.mistakes import ADDITION, DIGIT_SWAP, NEIGHBOUR

GRID_MAX = 12
CONFUSIONS = {NEIGHBOUR, ADDITION, DIGIT_SWAP}
Fact = tuple[int, int]


def on_grid(fact: Fact | list[int] | None) -> Fact | None:
    """The fact, smaller factor first, if it is a square of the times-table grid."""
    if not fact:
        return None
    low, high = sorted(fact)
    return (low, high) if low >= 1 and high <= GRID_MAX else None


def facts_of(product: int) -> list[Fact]:
    """The grid's facts whose product is `product` (2..12 x 2..12; 1 x n only when nothing else)."""
    found = [(a, product // a) for a in range(2, GRID_MAX + 1)
             if product % a == 0 and a <= product // a <= GRID_MAX]
    if not found and 1 <= product <= GRID_MAX:
        found = [(1, product)]
    return found


def attributed_fact(*, kind: str, a: int, b: int, answer: int | None, correct: bool,
                    mistake_type: str) -> Fact | None:
    """The grid fact this attempt counts for (right) or against (wrong), or None."""
    if kind == "multiply":
        if correct or mistake_type in CONFUSIONS or answer is None:
            return on_grid((a, b))
        targets = facts_of(answer)
        if len(targets) == 1:
            return targets[0]
        sharing = [fact for fact in targets if a in fact or b in fact]
        return sharing[0] if len(sharing) == 1 else None
    if correct:  # factor_pair and divisor: the fact the claim rests on
        return on_grid(fact_of_division(a, b))
    return None
