"""How a child is wrong: the mistake type of a wrong attempt (docs/games.md, "Attempt kinds"), and the words
a teacher reads for it. Classified once, when the attempt is stored, so reports only count by type in SQL.

Wrong products (`multiply`, a x b answered `answer`), the first that fits:
- *neighbour*: a product with one factor off by one (7 x 8 answered 48 or 63);
- *addition*: a + b (7 x 8 answered 15);
- *digit_swap*: the product's digits swapped (56 answered 65);
- *one_ten_rule*: a x 1 or a x 10 answered anything else (1 x 8 answered 12): the x1 / x10 rule;
- *same_table*: in the a or the b times table, more than one step off (7 x 8 answered 42 = 7 x 6);
- *near_fact*: both factors one off (7 x 8 answered 54 = 6 x 9);
- *count_slip*: 1 to SLIP away from the product (6 x 8 answered 50);
- *tens_slip*: the right last digit, wrong tens (7 x 8 answered 36);
- *next_table*: in the times table next to a or b (7 x 8 answered 27 = 9 x 3);
- else *other*: none of these links, so a guess as far as one answer can tell.
Wrong factor/multiple (`factor_pair`, b chosen after a) and divisor (`divisor`, b written for a) claims:
- *near_miss*: the numbers share a factor but neither divides the other (42 after 8);
- *reversed* (divisors only): b is a multiple of a, not a divisor (14 for 7);
- *too_big* (divisors only): b is bigger than a (9 for 5);
- *next_door*: one away from a right number: the larger number is next to a multiple of the smaller
  (25 after 8: 24 is 8 x 3), or the smaller is next to a factor of the larger (4 for 9: 3 divides 9);
- else *other*.

Stored rows keep the type they were given: rows stored as *other* before the kinds from one_ten_rule
on existed stay *other*. Reports count by the stored value; the grid (attribution.py) counts every
kind after digit_swap as it counted *other*, so the new kinds change no square.
"""

from __future__ import annotations

from math import gcd

NEIGHBOUR, ADDITION, DIGIT_SWAP, NEAR_MISS, OTHER = "neighbour", "addition", "digit_swap", "near_miss", "other"
ONE_TEN_RULE, SAME_TABLE, NEAR_FACT, COUNT_SLIP, TENS_SLIP, NEXT_TABLE = (
    "one_ten_rule", "same_table", "near_fact", "count_slip", "tens_slip", "next_table")
REVERSED, TOO_BIG, NEXT_DOOR = "reversed", "too_big", "next_door"
# In the order reports break ties in (games.reports.queries.commonest_mistake_per_fact): other last.
MISTAKE_TYPES = [NEIGHBOUR, ADDITION, DIGIT_SWAP, ONE_TEN_RULE, SAME_TABLE, NEAR_FACT, COUNT_SLIP, TENS_SLIP,
                 NEXT_TABLE, NEAR_MISS, REVERSED, TOO_BIG, NEXT_DOOR, OTHER]
PRODUCT_TYPES = [NEIGHBOUR, ADDITION, DIGIT_SWAP, ONE_TEN_RULE, SAME_TABLE, NEAR_FACT, COUNT_SLIP, TENS_SLIP,
                 NEXT_TABLE, OTHER]
DIVISIBILITY_TYPES = [NEAR_MISS, REVERSED, TOO_BIG, NEXT_DOOR, OTHER]
SLIP = 3  # a count_slip is at most this far from the product
TABLE_MAX = 12  # "in the 7 times table": 7 x 1 .. 7 x 12
TIMES = "\N{MULTIPLICATION SIGN}"

# What a teacher reads for each type: what went wrong, with an example (the reports' "Mistakes by type").
LABELS = {
    NEIGHBOUR: f"The fact next door: 7 {TIMES} 8 answered 48 (6 {TIMES} 8) or 63 (7 {TIMES} 9), one step off.",
    ADDITION: f"Added instead of multiplied: 7 + 8 = 15 for 7 {TIMES} 8.",
    DIGIT_SWAP: f"Digits swapped: 65 for 7 {TIMES} 8 = 56.",
    ONE_TEN_RULE: f"Missed the {TIMES} 1 or {TIMES} 10 rule: 1 {TIMES} 8 answered 12 (it is 8), "
                  f"10 {TIMES} 6 answered 36 (it is 60).",
    SAME_TABLE: f"Right times table, wrong fact: 7 {TIMES} 8 answered 42, which is 7 {TIMES} 6.",
    NEAR_FACT: f"A fact close by, both numbers one off: 7 {TIMES} 8 answered 54, which is 6 {TIMES} 9.",
    COUNT_SLIP: f"A small slip: 6 {TIMES} 8 answered 50, 2 away from 48.",
    TENS_SLIP: f"Right last digit, wrong tens: 7 {TIMES} 8 answered 36 (the 6 is right, 56 is not 36).",
    NEXT_TABLE: f"The times table next door: 7 {TIMES} 8 answered 27, which is in the 9 times table, "
                f"not the 7s or 8s.",
    NEAR_MISS: "Shares a factor, but neither is a multiple of the other: 42 after 8 (both are even, "
               "but 42 is not in the 8 times table).",
    REVERSED: "A multiple, not a divisor: 14 written for 7 (7 goes into 14, not 14 into 7).",
    TOO_BIG: "A divisor bigger than the number: 9 written for 5 (a divisor is never bigger).",
    NEXT_DOOR: "One away from a right number: 25 after 8 (24 = 8 \N{MULTIPLICATION SIGN} 3 would be right), "
               "or 4 written for 9 (3 goes into 9).",
    OTHER: f"No link we can name, perhaps a guess: 7 {TIMES} 8 answered 25 is in no times table near 7 or 8, "
           f"nor near 56, nor 7 + 8.",
}


def _in_table(number: int, table: int) -> int | None:
    """k when number = table x k for k in 1..TABLE_MAX, else None."""
    if table >= 1 and number % table == 0 and 1 <= number // table <= TABLE_MAX:
        return number // table
    return None


def classify_product(a: int, b: int, answer: int | None) -> str:
    """The type of a wrong product claim `a x b = answer`."""
    product = a * b
    if answer is None or answer == product:
        return OTHER
    if answer in {(a - 1) * b, (a + 1) * b, a * (b - 1), a * (b + 1)}:
        return NEIGHBOUR
    if answer == a + b:
        return ADDITION
    if product >= 10 and str(answer) == str(product)[::-1]:
        return DIGIT_SWAP
    if 1 in (a, b) or 10 in (a, b):
        return ONE_TEN_RULE
    if any(_in_table(answer, table) for table in (a, b)):
        return SAME_TABLE
    if answer in {(a + i) * (b + j) for i in (-1, 1) for j in (-1, 1)}:
        return NEAR_FACT
    if abs(answer - product) <= SLIP:
        return COUNT_SLIP
    if answer > 0 and (answer - product) % 10 == 0:
        return TENS_SLIP
    if any(_in_table(answer, table) for table in (a - 1, a + 1, b - 1, b + 1) if table > 1):
        return NEXT_TABLE
    return OTHER


def _next_door(small: int, large: int) -> bool:
    """The larger is next to a multiple of the smaller, or the smaller next to a factor of the larger."""
    if small >= 2 and ((large - 1) % small == 0 or (large + 1) % small == 0):
        return True
    return any(large % d == 0 and abs(small - d) == 1 for d in range(2, large))


def classify_divisibility(a: int, b: int, kind: str = "factor_pair") -> str:
    """The type of a wrong factor/multiple (`factor_pair`: b after a) or divisor (`divisor`: b for a) claim."""
    if a <= 0 or b <= 0:
        return OTHER
    if gcd(a, b) > 1 and a % b and b % a:
        return NEAR_MISS
    if kind == "divisor" and b > a:
        return REVERSED if b % a == 0 else TOO_BIG
    if a % b and b % a and _next_door(*sorted((a, b))):
        return NEXT_DOOR
    return OTHER


def classify(kind: str, a: int, b: int, answer: int | None, correct: bool) -> str:
    """'' for a correct attempt, else its mistake type."""
    if correct:
        return ""
    if kind == "multiply":
        return classify_product(a, b, answer)
    return classify_divisibility(a, b, kind)


def label(mistake_type: str) -> str:
    """The sentence for a type (an unknown stored value is shown as it is)."""
    return LABELS.get(mistake_type, mistake_type)


def explain(kind: str, a: int, b: int, answer: int | None, mistake_type: str) -> str:
    """Why this one wrong answer is of its type, in words about its own numbers (the reports' "Recent
    mistakes": "Ana L. chose 14 after 12 (both are even, but neither is a multiple of the other)"). A row stored
    as *other* before today's kinds existed is explained by the kind it has now, so the words never say
    "no link" where there is one."""
    if mistake_type == OTHER:
        mistake_type = classify(kind, a, b, answer, False)
    if kind == "multiply":
        return _explain_product(a, b, answer, mistake_type)
    return _explain_divisibility(kind, a, b, mistake_type)


def _factor_pair(number: int, tables: tuple[int, ...]) -> str:
    """'7 x 6' for 42 in the 7 table (the first table of `tables` that holds it)."""
    for table in tables:
        k = _in_table(number, table) if table > 1 else None
        if k:
            return f"{table} {TIMES} {k}"
    return str(number)


def _explain_product(a: int, b: int, answer: int | None, mistake_type: str) -> str:
    product, fact = a * b, f"{a} {TIMES} {b}"
    if answer is None:
        return "no answer was recorded"
    if mistake_type == NEIGHBOUR:
        near = next(f"{x} {TIMES} {y}" for x, y in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)) if x * y == answer)
        return f"the fact next door: {answer} is {near}, {fact} is {product}"
    if mistake_type == ADDITION:
        return f"added: {a} + {b} = {answer}, {fact} is {product}"
    if mistake_type == DIGIT_SWAP:
        return f"digits swapped: {fact} is {product}"
    if mistake_type == ONE_TEN_RULE:
        return f"{TIMES} 1 and {TIMES} 10 rule: {fact} is {product}"
    if mistake_type == SAME_TABLE:
        return f"right times table, wrong fact: {answer} is {_factor_pair(answer, (a, b))}, {fact} is {product}"
    if mistake_type == NEAR_FACT:
        x, y = next((a + i, b + j) for i in (-1, 1) for j in (-1, 1) if (a + i) * (b + j) == answer)
        return f"a fact close by: {answer} is {x} {TIMES} {y}, {fact} is {product}"
    if mistake_type == COUNT_SLIP:
        return f"a small slip: {abs(answer - product)} away from {product}"
    if mistake_type == TENS_SLIP:
        return f"right last digit, wrong tens: {fact} is {product}"
    if mistake_type == NEXT_TABLE:
        return (f"the times table next door: {answer} is {_factor_pair(answer, (a - 1, a + 1, b - 1, b + 1))}, "
                f"{fact} is {product}")
    if mistake_type == OTHER:
        return (f"no link we can name: {answer} is not in the {a} or {b} times table, nor near {product}, "
                f"nor {a} + {b}")
    return label(mistake_type)


def _explain_divisibility(kind: str, a: int, b: int, mistake_type: str) -> str:
    small, large = sorted((a, b))
    if mistake_type == NEAR_MISS:
        common = gcd(a, b)
        shared = "both are even" if common % 2 == 0 else f"both are in the {common} times table"
        if kind == "divisor":
            return f"{shared}, but {b} does not go into {a}"
        return f"{shared}, but neither is a multiple of the other"
    if mistake_type == REVERSED:
        return f"a multiple, not a divisor: {a} goes into {b}"
    if mistake_type == TOO_BIG:
        return f"a divisor of {a} is never bigger than {a}"
    if mistake_type == NEXT_DOOR:
        for near in (large - 1, large + 1):
            if small >= 2 and near % small == 0:
                return f"one away: {small} goes into {near}, not {large}"
        d = next(d for d in range(2, large) if large % d == 0 and abs(small - d) == 1)
        return f"one away: {d} goes into {large}, {small} does not"
    if mistake_type == OTHER:
        what = "a divisor of" if kind == "divisor" else "a factor or multiple of"
        return f"no link we can name: {b} is not {what} {a}, nor one away from one, nor shares a factor with it"
    return label(mistake_type)
