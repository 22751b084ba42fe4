"""The public helpers and the digest's worked numbers."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab import KitchenlabError
from kitchenlab.chefs import DOOR_BOXES, can_cook, layout, meal_table, missing_for_meal, pay_for_meal, track_square
from kitchenlab.chefs.scoring import passed_finish


def test_door_boxes_are_the_five_of_the_rules():
    assert DOOR_BOXES == ((1, 1), (1, 2), (2, 2), (2, 3), (3, 4))


@pytest.mark.parametrize("players,expected", [
    (2, {"counter": 4, "meals_per_stove": 1}), (3, {"counter": 6, "meals_per_stove": 2}),
    (4, {"counter": 6, "meals_per_stove": 2}), (5, {"counter": 8, "meals_per_stove": 3}),
    (6, {"counter": 8, "meals_per_stove": 3})])
def test_layout_table(players, expected):
    assert layout(players) == expected


def test_layout_refuses_other_counts():
    for bad in (1, 7, "4", True):
        with pytest.raises(KitchenlabError, match="allowed: 2, 3, 4, 5, 6"):
            layout(bad)


def test_square_21_is_square_1_of_the_second_lap():
    assert track_square(20) == (1, 20)
    assert track_square(21) == (2, 1)
    assert track_square(22) == (2, 2)
    assert track_square(0) == (1, 0)
    assert track_square(5) == (1, 5)
    assert [passed_finish(s) for s in (19, 20, 21, 30)] == [False, False, True, True]
    with pytest.raises(KitchenlabError):
        track_square(-1)


def test_pay_for_meal_without_and_with_the_chef_card():
    needs = {"carrot": 2, "onion": 1}
    assert pay_for_meal(["carrot", "carrot", "onion", "egg"], needs) == ["carrot", "carrot", "onion"]
    assert pay_for_meal(["carrot", "onion"], needs) is None
    assert pay_for_meal(["carrot", "onion"], needs, chef_kind="carrot") == ["carrot", "onion"]
    # the chef card replaces one card only: it never pays twice for one meal
    assert pay_for_meal(["onion"], needs, chef_kind="carrot") is None
    # a chef card of a kind the meal does not need changes nothing
    assert pay_for_meal(["carrot", "onion"], needs, chef_kind="egg") is None
    assert pay_for_meal({"carrot": 2, "onion": 1}, needs) == ["carrot", "carrot", "onion"]
    assert pay_for_meal(["egg"], {"egg": 1}, chef_kind="egg") == []


def test_pay_for_meal_rejects_unknown_kinds():
    with pytest.raises(KitchenlabError, match="'fish' is not an ingredient kind"):
        pay_for_meal(["fish"], {"carrot": 1})
    with pytest.raises(KitchenlabError):
        pay_for_meal({"carrot": -1}, {"carrot": 1})


def test_can_cook_and_missing():
    assert can_cook(["tomato", "onion"], {"tomato": 2, "onion": 1}, "tomato")
    assert not can_cook(["tomato", "onion"], {"tomato": 2, "onion": 1})
    assert missing_for_meal(["tomato"], {"tomato": 2, "onion": 1}) == {"onion": 1, "tomato": 1}
    assert missing_for_meal(["tomato"], {"tomato": 2, "onion": 1}, "tomato") == {"onion": 1}


def test_meal_table_lists_29_assumed_meals():
    rows = meal_table()
    assert len(rows) == 29 and all(r["assumed"] for r in rows)
    soup = next(r for r in rows if r["name"] == "Tomato soup")
    assert soup == {"meal": 11, "name": "Tomato soup", "needs": "2 tomato + 1 onion", "cost": 3, "steps": 3,
                    "steps_per_card": 1.0, "assumed": True}


def test_the_game_info_and_rules_table():
    info = kitchenlab.game_info("chefs")
    assert info.players == (2, 3, 4, 5, 6) and info.default_players == 4
    names = [r["option"] for r in info.variant_table()]
    assert names == ["players", "refill", "circles", "chef_card", "served_meals", "ties", "first_player",
                     "stall_rounds"]
    assert all(r["source"] for r in info.variant_table())
    assert "chefs" in kitchenlab.available_games()
