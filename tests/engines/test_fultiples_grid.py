"""The Fultiples grid generator (docs/games.md section 1, seed 003)."""

import time
from collections import Counter

import pytest

from games.engines import fultiples_grid
from games.engines.fultiples_grid import (
    LEVELS,
    GridOptionError,
    check_grid_options,
    generate_grid,
    generate_level_grid,
    level_options,
    valid_scalars,
)

WILDS = {1, 2, 3}


def column_major(grid):
    return [grid[r][c] for c in range(len(grid[0])) for r in range(len(grid))]


def test_level_presets_are_exact():
    assert LEVELS == {
        "beginner": {"primes": (2, 3, 5), "scale_max": 12, "max_value": 50},
        "intermediate": {"primes": (2, 3, 7), "scale_max": 20, "max_value": 100},
        "advanced": {"primes": (2, 3, 5, 7), "scale_max": 40, "max_value": 200},
    }
    assert level_options("beginner") == {"primes": [2, 3, 5], "scale_max": 12, "max_value": 50}


def test_valid_scalars_need_a_chosen_prime_and_no_excluded_prime():
    # 5, 11, 13, 17 and 19 are excluded; 10, 15 and 20 carry a 5
    assert valid_scalars((2, 3, 7), 20) == [2, 3, 4, 6, 7, 8, 9, 12, 14, 16, 18]
    assert valid_scalars((2, 3, 5), 12) == [2, 3, 4, 5, 6, 8, 9, 10, 12]


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_number_fits_its_level_cap_and_is_a_prime_times_a_valid_scalar_or_wild(level):
    preset = LEVELS[level]
    allowed = {p * s for p in preset["primes"] for s in valid_scalars(preset["primes"], preset["scale_max"])}
    seen = Counter()
    for seed in range(300):
        for n in column_major(generate_level_grid(level, seed=seed)):
            assert n in WILDS or (n in allowed and n <= preset["max_value"]), (seed, n)
            seen[n] += 1
    within_cap = {n for n in allowed if n <= preset["max_value"]}
    assert set(seen) == within_cap | WILDS  # every value within the cap turns up; none above it


def test_a_product_above_the_cap_is_redrawn_so_every_valid_pair_is_equally_likely():
    # primes 2, 3 and scalars 2, 3, 4 under a cap of 8: pairs 2x2, 2x3, 3x2, 2x4 survive (3x3, 3x4 redrawn)
    counts = Counter()
    for seed in range(400):
        grid = generate_grid(primes=[2, 3], scale_max=4, rows=10, cols=10, max_value=8, seed=seed)
        counts.update(n for n in column_major(grid) if n not in WILDS)
    total = sum(counts.values())
    assert set(counts) == {4, 6, 8}
    assert counts[6] / total == pytest.approx(0.5, abs=0.02)
    assert counts[4] / total == pytest.approx(0.25, abs=0.02)


def test_about_nine_percent_of_cells_are_wild():
    cells = wild = 0
    for seed in range(2000):
        values = column_major(generate_level_grid("intermediate", seed=seed))
        cells += len(values)
        wild += sum(1 for n in values if n in WILDS)
    assert wild / cells == pytest.approx(0.09, abs=0.004)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_wild_numbers_rotate_three_times_each_in_fill_order(level):
    for seed in range(200):
        wilds = [n for n in column_major(generate_level_grid(level, seed=seed)) if n in WILDS]
        assert wilds == [1 + (index // 3) % 3 for index in range(len(wilds))], seed


def test_cells_are_filled_column_by_column():
    """The fill sequence of a seed does not depend on the shape: read column-major it is the same."""
    for seed in range(30):
        options = {"primes": [2, 3, 7], "scale_max": 20, "max_value": 100, "seed": seed}
        one_row = generate_grid(rows=1, cols=12, **options)[0]
        one_column = [row[0] for row in generate_grid(rows=12, cols=1, **options)]
        assert one_row == one_column
        for rows, cols in ((2, 6), (3, 4), (4, 3), (6, 2)):
            assert column_major(generate_grid(rows=rows, cols=cols, **options)) == one_row


def test_the_same_seed_gives_the_same_grid():
    options = {"primes": [2, 3, 5, 7], "scale_max": 40, "max_value": 200, "rows": 10, "cols": 10}
    assert generate_grid(**options, seed=5) == generate_grid(**options, seed=5)
    assert generate_grid(**options, seed=5) != generate_grid(**options, seed=6)


GOOD = {"primes": [2, 3, 7], "scale_max": 20, "rows": 10, "cols": 10, "max_value": 100}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"primes": [2, 7]}, "primes"),
        ({"primes": [3, 5]}, "primes"),
        ({"primes": [2, 3, 9]}, "primes"),
        ({"primes": [2, 3, 1]}, "primes"),
        ({"primes": []}, "primes"),
        ({"primes": [2, 3, 3]}, "primes"),
        ({"primes": "2,3"}, "primes"),
        ({"primes": [2, 3, 7.0]}, "primes"),
        ({"scale_max": 1}, "scale_max"),
        ({"scale_max": 10**6}, "scale_max"),
        ({"rows": 0}, "rows"),
        ({"cols": 31}, "cols"),
        ({"rows": True}, "rows"),
        ({"max_value": 0}, "max_value"),
        ({"max_value": 3}, "max_value"),
        ({"primes": [2, 3, 5, 7], "scale_max": 40, "max_value": 3}, "max_value"),
    ],
)
def test_impossible_parameter_sets_are_refused_before_any_drawing(monkeypatch, change, field):
    def no_drawing(*args, **kwargs):
        raise AssertionError("drew before checking")

    monkeypatch.setattr(fultiples_grid.random, "Random", no_drawing)
    with pytest.raises(GridOptionError) as error:
        generate_grid(**{**GOOD, **change}, seed=1)
    assert error.value.field == field
    assert error.value.message
    assert str(error.value).startswith(f"{field}: ")


def test_the_smallest_possible_cap_is_accepted():
    products = check_grid_options(primes=[2, 3], scale_max=2, rows=1, cols=1, max_value=4)
    assert products == (4,)


def test_an_unknown_level_names_the_level_field():
    with pytest.raises(GridOptionError) as error:
        level_options("expert")
    assert error.value.field == "level"


def test_ten_thousand_boards_generate_well_within_the_target():
    # Target: 10,000 10x10 boards in <= 3 s; a fifth of them must take well under a fifth of that.
    started = time.perf_counter()
    for seed in range(2000):
        generate_level_grid("intermediate", seed=seed)
    assert time.perf_counter() - started < 1.5
