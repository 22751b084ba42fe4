"""Tem-Purr-A hand-made positions: every impossible position is refused with a PositionError that
names the field, and the position given is copied."""

from __future__ import annotations

import json

import pytest

import kitchenlab
from kitchenlab import KitchenlabError
from kitchenlab.errors import OptionError, PositionError
from kitchenlab.tem_purr_a import from_position
from kitchenlab.tem_purr_a.rules import INDIGESTION

DECK = ["indigestion", 2, 3, 4, 5, 6, 7]


def legal(**changes):
    position = {"hands": [[3, 3], [6], [2]], "stack": [6], "deck": list(DECK)}
    position.update(changes)
    return position


def refused(field, players=3, **changes):
    with pytest.raises(PositionError) as err:
        from_position(players, position=legal(**changes))
    assert f"position: {field}" in str(err.value)
    assert isinstance(err.value, OptionError) and isinstance(err.value, KitchenlabError)
    return str(err.value)


def test_the_base_position_is_legal():
    s = from_position(3, position=legal())
    assert s.phase == "turn" and s.stack_total == 6 and s.deck_indigestion == 1


# ---------------------------------------------------------------- round

@pytest.mark.parametrize("value", [1.5, "2", None])
def test_a_round_that_is_not_a_whole_number_is_refused(value):
    assert "1 or more" in refused("round", round=value)


@pytest.mark.parametrize("value", [0, -3])
def test_a_round_before_the_first_is_refused(value):
    assert "1 or more" in refused("round", round=value)


def test_a_later_round_is_accepted():
    assert from_position(3, position=legal(round=4)).round == 4


# ---------------------------------------------------------------- booleans used as numbers

def test_a_boolean_round_is_refused():
    assert "boolean" in refused("round", round=True)


def test_a_boolean_to_act_is_refused():
    assert "boolean" in refused("to_act", to_act=True)


def test_a_boolean_direction_is_refused():
    assert "boolean" in refused("direction", direction=True)


def test_a_boolean_token_count_is_refused():
    assert "boolean" in refused("tokens[1]", tokens=[0, True, 0])


def test_a_boolean_in_play_is_refused():
    assert "boolean" in refused("in_play", in_play=True)


def test_a_boolean_dish_value_is_refused():
    assert "boolean" in refused("hands[0][1]", hands=[[3, True], [6], [2]])
    assert "boolean" in refused("deck[2]", deck=["indigestion", 4, False])


# ---------------------------------------------------------------- indigestion cards

def test_more_indigestion_cards_in_the_deck_than_exist_is_refused():
    message = refused("deck", deck=["indigestion"] * 7 + [2])
    assert "7 indigestion" in message and "6" in message


def test_more_indigestion_cards_in_play_than_exist_is_refused():
    message = refused("in_play", in_play=7)
    assert "1..6" in message


def test_fewer_cards_in_play_than_in_the_deck_is_refused():
    assert "2..6" in refused("in_play", deck=["indigestion", "indigestion", 2], in_play=1)


def test_no_indigestion_card_in_play_is_refused():
    assert "1..6" in refused("in_play", stack=[], phase="extra", deck=[2, 4], in_play=0)


def test_in_play_sets_aside_the_rest():
    s = from_position(3, position=legal(in_play=4))
    assert s.card_census()["indigestion_aside"] == 2 and s.card_census()["indigestion_revealed"] == 3


@pytest.mark.parametrize("field,changes", [
    ("hands[1]", {"hands": [[3, 3], ["indigestion"], [2]]}),
    ("stack", {"stack": [6, "indigestion"]}),
    ("discard", {"discard": ["indigestion"]}),
])
def test_indigestion_cards_only_in_the_deck(field, changes):
    assert "indigestion" in refused(field, **changes)


@pytest.mark.parametrize("phase", ["turn", "start"])
def test_a_deck_without_indigestion_during_a_round_is_refused(phase):
    stack = [6] if phase == "turn" else []
    message = refused("deck", deck=[2, 4, 5], stack=stack, phase=phase)
    assert "no indigestion card" in message


def test_a_deck_without_indigestion_is_fine_between_rounds():
    s = from_position(3, position=legal(stack=[], phase="extra", deck=[2, 4, 5], in_play=1))
    assert s.phase == "extra" and s.deck_indigestion == 0
    assert [str(a) for a in s.legal_actions()] == ["add an indigestion card", "add no indigestion card"]


# ---------------------------------------------------------------- phase and stack

def test_an_extra_phase_with_every_indigestion_card_in_play_is_refused():
    assert "none to add" in refused("in_play", stack=[], phase="extra", in_play=6)


def test_an_extra_phase_only_when_the_token_taker_chooses():
    position = legal(stack=[], phase="extra")
    with pytest.raises(PositionError, match="position: phase: 'extra'.*'always'"):
        from_position(3, position=position, extra_indigestion="always")
    assert from_position(3, position=position).phase == "extra"


def test_a_start_phase_with_a_stack_is_refused():
    assert "'start' phase" in refused("stack", phase="start")


def test_a_turn_with_an_empty_stack_is_refused():
    assert "nothing to serve onto or eat" in refused("stack", stack=[], phase="turn")


def test_an_extra_phase_with_a_stack_is_refused():
    assert "'extra' phase" in refused("stack", phase="extra")


def test_an_unknown_phase_is_refused():
    assert "'turn', 'start' or 'extra'" in refused("phase", phase="over")


# ---------------------------------------------------------------- card totals

def test_more_dish_cards_of_a_value_than_the_split_has_is_refused():
    # 12 twos exist in the even split: 1 in a hand + 12 in the deck is one too many
    message = refused("hands + stack + deck + discard", deck=["indigestion"] + [2] * 12)
    assert "13 '2' cards" in message and "'even' dish split has 12" in message


def test_card_totals_follow_the_chosen_dish_split():
    position = legal(deck=["indigestion"] + [7] * 7 + [2] * 10)       # 11 twos, 7 sevens
    assert from_position(3, position=position).deck.count(7) == 7
    with pytest.raises(PositionError, match="8 '7' cards in all; the 'low_heavy' dish split has 7"):
        from_position(3, position={**position, "discard": [7]}, dish_split="low_heavy")


def test_totals_count_hands_stack_deck_and_discard_together():
    message = refused("hands + stack + deck + discard", hands=[[6, 6, 6], [6, 6], [6]], stack=[6, 6],
                      deck=["indigestion", 6, 6], discard=[6, 6, 6])
    assert "13 '6' cards" in message


@pytest.mark.parametrize("card,count,exists", [("+1", 8, 7), ("reverse", 6, 5), ("choose next", 6, 5)])
def test_more_action_cards_than_exist_is_refused(card, count, exists):
    message = refused("hands + stack + deck + discard", discard=[card] * count)
    assert f"{count} {card!r} cards in all; the game has {exists}" in message


# ---------------------------------------------------------------- other fields

@pytest.mark.parametrize("field,changes,allowed", [
    ("hands", {"hands": [[3], [6]]}, "3 hands"),
    ("hands[2]", {"hands": [[3], [6], 2]}, "list of cards"),
    ("deck[1]", {"deck": ["indigestion", 8]}, "'+1'"),
    ("stack", {"stack": "6"}, "list of cards"),
    ("tokens", {"tokens": [0, 0]}, "3 numbers"),
    ("tokens[0]", {"tokens": [3, 0, 0]}, "0..2"),
    ("direction", {"direction": 2}, "1 (clockwise) or -1"),
    ("to_act", {"to_act": 3}, "0..2"),
])
def test_other_bad_fields_are_named(field, changes, allowed):
    assert allowed in refused(field, **changes)


def test_unknown_fields_and_non_dict_positions_are_refused():
    with pytest.raises(PositionError, match="unknown field.*colour.*fields: hands"):
        from_position(3, position={**legal(), "colour": "red"})
    with pytest.raises(PositionError, match="must be a dict"):
        kitchenlab.tem_purr_a.State.from_position(3, 0, {"dish_split": "even"}, [["3"]])


# ---------------------------------------------------------------- the position is copied

def test_the_position_is_copied_deeply():
    position = legal(discard=[4], tokens=[0, 1, 0])
    s = from_position(3, position=position)
    saved = s.to_json()
    position["hands"][0].append(7)
    position["deck"].insert(0, "indigestion")
    position["stack"].append(6)
    position["discard"].clear()
    position["tokens"][0] = 2
    assert s.hand(0) == [3, 3] and s.deck.count(INDIGESTION) == 1 and s.stack == (6,)
    assert sum(s.discard) == 1 and s.tokens == (0, 1, 0)
    assert s.to_json() == saved
    back = kitchenlab.load_state(saved)
    assert back.hand(0) == [3, 3] and back.deck == s.deck and back.tokens == (0, 1, 0)


def test_a_hand_made_game_saves_and_loads_with_its_log_and_events():
    s = from_position(3, position=legal()).apply("skip with two 3s")
    back = kitchenlab.load_state(s.to_json())
    assert back == s and len(s.events) == len(s.log) == 2
    assert json.loads(s.to_json())["position"]["deck"] == DECK
