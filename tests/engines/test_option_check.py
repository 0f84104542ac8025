"""A teacher's options, checked one by one against the game's definition, in sentences."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engines import DEFINITIONS
from games.engines.option_check import OptionProblem, teacher_option_problems

STEPPING = DEFINITIONS["stepping_divisors"]
FULTIPLES = DEFINITIONS["fultiples"]
MULTIPLIN = DEFINITIONS["multiplin"]
FOUR = DEFINITIONS["four_in_a_row"]


def test_options_within_the_definition_pass():
    chosen = {"size": 5, "time_limit_s": 30, "strict": True, "random_fill": False}
    assert teacher_option_problems(STEPPING, chosen) == []
    assert teacher_option_problems(FULTIPLES, {"level": "beginner", "rows": 6, "primes": [2, 3, 7]}) == []


def test_an_integer_out_of_range_is_refused_with_its_range():
    assert teacher_option_problems(STEPPING, {"size": 13}) == [
        OptionProblem("size", "The board size must be from 3 to 12.")]
    assert teacher_option_problems(MULTIPLIN, {"round_time_s": 4}) == [
        OptionProblem("round_time_s", "The round time must be from 5 to 600.")]


@pytest.mark.parametrize("value", ["30", 30.0, 2.5, True, [30], {"s": 30}])
def test_an_integer_of_the_wrong_type_is_refused(value):
    assert teacher_option_problems(FOUR, {"time_limit_s": value}) == [
        OptionProblem("time_limit_s", "The time limit must be a whole number from 1 to 3600.")]


@pytest.mark.parametrize("value", [1, 0, "yes", "true"])
def test_a_switch_must_be_true_or_false(value):
    assert teacher_option_problems(STEPPING, {"strict": value}) == [
        OptionProblem("strict", "Strict mode must be true or false.")]


def test_a_choice_must_be_one_of_the_choices():
    assert teacher_option_problems(FULTIPLES, {"level": "expert"}) == [
        OptionProblem("level", "The level must be beginner, intermediate or advanced.")]


def test_a_list_of_numbers_must_hold_whole_numbers_in_range():
    expected = [OptionProblem("primes", "The primes must be a list of whole numbers from 2 to 1000.")]
    for value in ([2, "3"], [], [1, 2, 3], 7):
        assert teacher_option_problems(FULTIPLES, {"primes": value}) == expected


def test_options_the_game_sets_itself_are_refused_by_name():
    assert teacher_option_problems(FOUR, {"deck": [2] * 34, "first_seat": 1}) == [
        OptionProblem("deck", "The deck is set by the game, not by the teacher."),
        OptionProblem("first_seat", "The first seat is set by the game, not by the teacher."),
    ]


def test_an_option_the_game_does_not_have_is_refused_by_name():
    assert teacher_option_problems(MULTIPLIN, {"size": 8}) == [
        OptionProblem("size", 'Multiplin has no option called "size".')]


def test_null_means_off_only_where_an_option_may_be_off():
    assert teacher_option_problems(STEPPING, {"time_limit_s": None}) == []
    assert teacher_option_problems(STEPPING, {"size": None}) == [
        OptionProblem("size", "The board size needs a value from 3 to 12.")]


def test_options_that_are_not_an_object_are_refused_as_a_whole():
    assert teacher_option_problems(STEPPING, ["size", 5]) == [
        OptionProblem(None, "The options must be an object of option names and values.")]


scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.sampled_from(["", "5", "easy"])
json_values = scalars | st.lists(scalars, max_size=3) | st.dictionaries(st.sampled_from("ab"), scalars, max_size=2)


@given(slug=st.sampled_from(sorted(DEFINITIONS)), options=st.dictionaries(
    st.sampled_from(["size", "level", "primes", "strict", "time_limit_s", "round_time_s", "deck", "x"]),
    json_values, max_size=4))
def test_any_json_gets_an_answer_in_sentences(slug, options):
    problems = teacher_option_problems(DEFINITIONS[slug], options)
    assert all(problem.option in options and problem.message.endswith(".") for problem in problems)
