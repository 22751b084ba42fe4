"""Chefs hand-made positions: the description is copied and checked, so a position either builds
a state that saves and loads back, or raises a PositionError naming the field."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab import PositionError, load_state
from kitchenlab.chefs import from_position

BASE = {"hands": [["egg", "egg"], ["flour"]], "known": [["egg"], []], "window": ["Boiled eggs"],
        "steps": [3, 0], "placed": [["window", 0], ["door", 1]]}


def fresh() -> dict:
    return {k: [list(x) if isinstance(x, list) else x for x in v] for k, v in BASE.items()}


def test_editing_the_callers_dict_afterwards_changes_neither_the_state_nor_its_save():
    position = fresh()
    s = from_position(2, seed=5, position=position)
    saved = s.to_json()
    position["hands"][0].append("egg")
    position["steps"][0] = 40
    position["placed"].append(["counter", 0])
    position["window"] = ["Pizza"]
    assert s.to_json() == saved
    again = load_state(saved)
    assert again == s and again.legal_actions() == s.legal_actions()
    assert again.apply(s.legal_actions()[0]) == s.apply(s.legal_actions()[0])


def test_tuples_are_saved_as_the_lists_they_load_back_as():
    s = from_position(2, position={"hands": (("egg",), ()), "placed": (("counter", 0),)})
    assert load_state(s.to_json()) == s


@pytest.mark.parametrize("field,value,words", [
    ("hands", [[["egg"]], []], "hands[0][0] = ['egg'] is not an ingredient"),
    ("window", [["Boiled eggs"]], "window[0] = ['Boiled eggs'] is not a meal card"),
    ("held", [[{"a": 1}], []], "held[0][0] = {'a': 1} is not a meal card"),
    ("steps", [10**30, 0], "too large; numbers fit in 64 bits"),
    ("steps", [2_000_000, 0], "steps[0]: 2000000 is not allowed"),
    ("steps", [True, 0], "a boolean is not a number"),
    ("round", 10**6 + 1, "round: 1000001 is not allowed"),
    ("round", float("nan"), "is not a finite number"),
    ("placed", [["window", True]], "placed[0] must be [location, 0]"),
    ("placed", [[["window"], 0]], "placed[0] must be [location, 0]"),
    ("counter", [object()], "holds a object"),
    ("counter", "x" * 1000, "a text of 1000 characters"),
])
def test_impossible_or_non_json_fields_are_refused_by_name(field, value, words):
    position = fresh()
    position[field] = value
    with pytest.raises(PositionError) as err:
        from_position(2, position=position)
    assert words in str(err.value)
    assert len(str(err.value)) < 400


def test_unknown_keys_of_any_type_are_named_and_huge_seeds_refused():
    with pytest.raises(PositionError, match="unknown field"):
        from_position(2, position={1: "x", "spoons": 2})
    with pytest.raises(kitchenlab.OptionError, match=r"0 <= seed < 2\*\*64"):
        from_position(2, seed=10**5000, position={})
    with pytest.raises(kitchenlab.OptionError, match=r"0 <= seed < 2\*\*64"):
        kitchenlab.game_info("chefs").position(2, -1, {})
