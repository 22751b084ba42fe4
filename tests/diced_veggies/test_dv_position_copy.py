"""Diced Veggies hand-made positions: the description is copied and checked (counts, cells, dice
text, types, JSON values), so a position either builds a state that saves and loads back, or
raises a PositionError naming the field."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab import PositionError, load_state
from kitchenlab.diced_veggies import from_position

TOAST, SALAD, MUSHROOM_LOVER = 1, 3, 24


def base() -> dict:
    return {"block": ["M2 P3 ..", "T5 O2 C4"], "dice": [["M2", "M3", "P2/M"], []], "recipes": [[TOAST], [2]],
            "cooked": [[[SALAD, 0, []]], [[5, 0, []]]], "chef": [False, True], "phase": "cook"}


def test_editing_the_callers_dict_afterwards_changes_neither_the_state_nor_its_save():
    position = base()
    s = from_position(2, seed=4, position=position)
    saved = s.to_json()
    position["dice"][0].append("M6")
    position["block"][0] = "M6 M6 M6"
    position["cooked"][0].append(7)
    position["chef"][0] = True
    assert s.to_json() == saved
    again = load_state(saved)                       # before the fix: "check.rng does not match"
    assert again == s and [str(a) for a in again.legal_actions()] == [str(a) for a in s.legal_actions()]
    first = s.legal_actions()[0]
    assert again.apply(str(first)) == s.apply(first)


def test_a_cooked_recipe_records_its_own_dice_only():
    ok = base()
    ok["cooked"] = [[[TOAST, MUSHROOM_LOVER, ["M2", "M3", "M6"]]], []]     # Toast (M M) + the hype's extra M
    ok["recipes"] = [[], [2]]
    s = from_position(2, position=ok)
    assert s.cooked[0] == ((TOAST, MUSHROOM_LOVER, ("M2", "M3", "M6")),)
    assert load_state(s.to_json()) == s
    bad = base()
    bad["cooked"] = [[[SALAD, 0, ["M2"] * 200]], []]
    with pytest.raises(PositionError, match=r"cooked\[0\]\[0\]: .* is cooked with exactly"):
        from_position(2, position=bad)


@pytest.mark.parametrize("field,value,words", [
    ("dice", [["zz"], []], "dice[0] holds 'zz'"),
    ("dice", [["M٣"], []], "dice[0] holds 'M٣'"),           # an Arabic-Indic three is not a face
    ("dice", [["P2/P"], []], "dice[0] holds 'P2/P'"),
    ("dice", [[["M2"]], []], "dice[0] holds ['M2']"),
    ("block", ["M٣ P3", "T5 O2"], "block row 0, cell 0 holds 'M٣'"),
    ("block", ["zz P3"], "block row 0, cell 0 holds 'zz'"),
    ("cooked", [[[SALAD, 0, ["zz"]]], []], "cooked[0][0] dice holds 'zz'"),
    ("cooked", [[[SALAD, None, []]], []], "hype (0 for none) holds None"),
    ("cooked", [[[SALAD, False, []]], []], "hype (0 for none) holds False"),
    ("chef", [1, True], "chef[0] must be true"),
    ("chef", [object(), True], "holds a object"),
    ("display", [10, 11, 12, 13], "display holds 4 recipes; at most 3"),
    ("round", "a 5001-digit number", "too large; numbers fit in 64 bits"),
    ("round", 10**7, "round: 10000000 is not allowed"),
    ("to_act", [0], "to_act must be 0..1, got [0]"),
    ("recipes", [[1.0], [2]], "recipes[0] holds 1.0"),
])
def test_impossible_or_non_json_fields_are_refused_by_name(field, value, words):
    position = base()
    position[field] = 10**5000 if value == "a 5001-digit number" else value
    with pytest.raises(PositionError) as err:
        from_position(2, position=position)
    assert words in str(err.value)
    assert str(err.value).startswith("diced_veggies position") and len(str(err.value)) < 400


def test_a_position_that_is_not_a_dict_and_seeds_out_of_range_are_refused():
    with pytest.raises(PositionError, match="must be a dict of fields"):
        from_position(2, position=[("dice", [[], []])])
    for seed in (10**5000, -1, 2**64):
        with pytest.raises(kitchenlab.OptionError, match=r"0 <= seed < 2\*\*64"):
            from_position(2, seed=seed, position={})
    s = from_position(2, seed=2**64 - 1, position={})
    assert load_state(s.to_json()) == s
