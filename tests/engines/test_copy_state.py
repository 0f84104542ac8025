"""copy_state: every move's engine works on a copy of its match's state, never on the state itself."""

from games.engines import get_engine
from games.engines.base import copy_state


def test_a_copy_is_equal_and_shares_nothing_that_can_change():
    state = get_engine("fultiples").setup(2, {}, 7)
    copy = copy_state(state)
    assert copy == state
    copy["marks"][0][0] = 1
    copy["board"].append([0])
    assert state["marks"][0][0] is None
    assert len(state["board"]) == len(copy["board"]) - 1


def test_keys_numbers_and_flags_keep_their_types():
    value = {"locks": {0: None, 1: 1500}, "pair": (2, 3), "strict": True, "score": 0.5, "name": "Ana"}
    copy = copy_state(value)
    assert copy == value
    assert list(copy["locks"]) == [0, 1]
    assert copy["strict"] is True
    assert isinstance(copy["pair"], tuple)


def test_a_list_held_twice_comes_back_as_two_lists():
    row = [None, None]
    copy = copy_state({"marks": [row, row]})
    copy["marks"][0][0] = 1
    assert copy["marks"][1] == [None, None]
