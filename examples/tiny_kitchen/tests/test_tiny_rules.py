"""Tiny Kitchen's rules, one by one: the deal, drawing, mice, cooking, the end, positions, data."""

from __future__ import annotations

import json
import shutil
from collections import Counter

import pytest

import kitchenlab
from kitchenlab import DataFileError, IllegalActionError, OptionError, PositionError
from tiny_kitchen import from_position
from tiny_kitchen.components import DATA, INGREDIENTS, Card, load_components


def texts(state):
    return [str(a) for a in state.legal_actions()]


def box(mice=2):
    return Counter({**{c: 9 for c in INGREDIENTS}, Card.MOUSE: mice})


def everywhere(state):
    return Counter(state.deck) + Counter(state.discard) + Counter(c for h in state.hands for c in h)


def test_the_tables_hold_the_documented_cards_and_recipes():
    comps = load_components()
    assert {c: comps.counts[c] for c in Card} == {"tomato": 9, "cheese": 9, "basil": 9, "flour": 9, "mouse": 2}
    assert comps.counts["hand_size"] == 3
    assert {name: (r.needs, r.points) for name, r in comps.recipes.items()} == {
        "salad": (("basil", "tomato"), 2), "toast": (("cheese", "flour"), 2),
        "pesto": (("basil", "basil", "cheese"), 4), "caprese": (("basil", "cheese", "tomato"), 4),
        "pizza": (("cheese", "flour", "tomato"), 5), "lasagne": (("cheese", "flour", "flour", "tomato"), 7)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deal_gives_three_cards_each_and_shuffles_the_mice_into_the_pantry(players):
    s = kitchenlab.new_game("tiny_kitchen", players=players, seed=3)
    assert [len(h) for h in s.hands] == [3] * players
    assert Card.MOUSE not in [c for h in s.hands for c in h]
    assert len(s.deck) == 36 - 3 * players + 2 and s.deck.count(Card.MOUSE) == 2
    assert everywhere(s) == box() and s.discard == () and s.current_player == 0
    assert s.log == (f"{players} players get 3 cards each; the pantry holds {38 - 3 * players} cards, "
                     "2 mice among them.",)


def test_the_mice_option_sets_how_many_mice_hide_in_the_pantry():
    assert kitchenlab.new_game("tiny_kitchen", players=2, seed=1, mice=0).deck.count(Card.MOUSE) == 0
    assert kitchenlab.new_game("tiny_kitchen", players=2, seed=1, mice=5).deck.count(Card.MOUSE) == 5
    with pytest.raises(OptionError, match="mice"):
        kitchenlab.new_game("tiny_kitchen", players=2, mice=7)
    with pytest.raises(OptionError, match="players=5"):
        kitchenlab.new_game("tiny_kitchen", players=5)


def test_a_recipe_can_be_cooked_exactly_when_the_hand_holds_its_ingredients():
    s = from_position(2, position={"hands": [["basil", "cheese", "flour", "tomato"], []], "pantry": ["basil"]})
    assert texts(s) == ["cook salad", "cook toast", "cook caprese", "cook pizza", "draw a card"]
    s = from_position(2, position={"hands": [["basil", "flour"], []], "pantry": ["basil"]})
    assert texts(s) == ["draw a card"]


def test_cooking_discards_the_ingredients_face_up_and_scores_the_recipe():
    s = from_position(2, position={"hands": [["cheese", "flour", "flour", "tomato"], ["basil"]],
                                   "pantry": ["basil"], "cooked": [["salad"], []]})
    after = s.apply("cook lasagne")
    assert after.hands[0] == () and after.discard == ("cheese", "flour", "flour", "tomato")
    assert after.scores() == [9, 0] and after.cooked[0] == ("salad", "lasagne")
    assert after.log[-1] == "Player 1 cooks lasagne (cheese + flour + flour + tomato: 7 points); 9 points in all."
    assert after.events[-1].data == {"seat": 0, "recipe": "lasagne", "points": 7}
    assert after.current_player == 1 and s.hands[0] == ("cheese", "flour", "flour", "tomato")


def test_a_draw_takes_the_top_card_and_only_the_drawer_reads_which():
    s = from_position(3, position={"hands": [["basil"], [], []], "pantry": ["flour", "cheese"]})
    after = s.apply("draw a card")
    assert after.hands[0] == ("basil", "cheese") and after.deck == ("flour",)
    assert after.log_for(0)[-1] == "Player 1 draws a cheese."
    assert after.log_for(1)[-1] == after.log_for(None)[-1] == "Player 1 draws a card."
    assert after.view(1)["hand"] == [] and after.view(None)["hand"] is None
    assert after.view(0)["hand"] == ["basil", "cheese"] and after.view(2)["hand_sizes"] == [2, 0, 0]


def test_a_mouse_is_shown_and_runs_off_with_one_card_of_the_hand_at_random():
    taken = Counter()
    for seed in range(60):
        s = from_position(2, seed, position={"hands": [["basil", "cheese", "tomato"], []],
                                             "pantry": ["flour", "mouse"]})
        after = s.apply("draw a card")
        lost = after.events[-1].data["lost"]
        taken[lost] += 1
        assert after.discard == ("mouse", lost) and len(after.hands[0]) == 2 and lost not in after.hands[0]
        assert after.log_for(1)[-1] == f"Player 1 draws a mouse! It runs off with a {lost}."
    assert set(taken) == {"basil", "cheese", "tomato"} and min(taken.values()) >= 10
    empty = from_position(2, position={"hands": [[], []], "pantry": ["flour", "mouse"]}).apply("draw a card")
    assert empty.log[-1] == "Player 1 draws a mouse! It runs off with nothing." and empty.discard == ("mouse",)


def test_the_game_ends_when_the_pantry_is_empty_and_held_cards_score_nothing():
    s = from_position(2, position={"hands": [["basil", "tomato"], ["cheese", "flour"]], "pantry": ["tomato"],
                                   "cooked": [["toast"], []]})
    last = s.apply("draw a card")
    assert last.is_over and last.current_player is None and last.legal_actions() == []
    assert last.scores() == [2, 0] and last.winners() == [0]
    assert last.log[-1] == "The pantry is empty: the game ends; scores [2, 0]; winner(s): Player 1"
    tie = from_position(2, position={"hands": [[], []], "pantry": ["basil"], "cooked": [["salad"], ["toast"]]})
    assert tie.apply("draw a card").winners() == [0, 1]


def test_an_illegal_move_raises_names_the_legal_ones_and_changes_nothing():
    s = from_position(2, position={"hands": [["basil", "tomato"], []], "pantry": ["basil"]})
    before = s.to_json(), s.log
    with pytest.raises(IllegalActionError, match="cook salad; draw a card"):
        s.apply("cook lasagne")
    assert (s.to_json(), s.log) == before


@pytest.mark.parametrize("position,field", [
    ({"hands": [["basil"]], "pantry": []}, "hands"),
    ({"hands": [["mouse"], []], "pantry": []}, "hands[0][0]"),
    ({"hands": [[], []], "pantry": ["egg"]}, "pantry[0]"),
    ({"hands": [[], []], "pantry": [], "cooked": [["soup"], []]}, "cooked[0][0]"),
    ({"hands": [[], []], "pantry": [], "to_act": 2}, "to_act"),
    ({"hands": [[], []], "pantry": [], "to_act": True}, "to_act"),
    ({"hands": [[], []], "pantry": ["mouse"] * 3}, "hands + pantry + discard"),
    ({"hands": [["tomato"] * 4, []], "pantry": ["tomato"] * 6}, "hands + pantry + discard"),
    ({"hands": [[], []], "stack": []}, "fields"),
])
def test_an_impossible_position_names_its_field(position, field):
    with pytest.raises(PositionError) as err:
        from_position(2, position=position)
    assert f"position: {field}:" in str(err.value)


def test_a_position_is_saved_with_the_game_and_loads_back():
    s = from_position(2, position={"hands": [["basil", "tomato"], []], "pantry": ["cheese", "basil"]})
    s = s.apply("cook salad").apply("draw a card")
    loaded = kitchenlab.load_state(s.to_json())
    assert loaded == s and loaded.view(1) == s.view(1)
    assert json.loads(s.to_json())["position"]["pantry"] == ["cheese", "basil"]


def _copy_data(tmp_path, name, text):
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    (folder / name).write_text(text, encoding="utf-8")
    return str(folder)


@pytest.mark.parametrize("name,text,expected", [
    ("recipes.csv", "recipe,ingredients,points,source\nsoup,tomato egg,3,A\n", "row 2, field 'ingredients'"),
    ("recipes.csv", "recipe,ingredients,points,source\nsoup,tomato,3,S1\n", "row 2, field 'source'"),
    ("recipes.csv", "recipe,ingredients,points,source\nsoup,tomato,3,A\nsoup,basil,1,A\n", "row 3, field 'recipe'"),
    ("recipes.csv", "recipe,ingredients,source\nsoup,tomato,A\n", "lacks field(s) points"),
    ("components.csv", "key,count,source\ntomato,7,A\n", "missing: cheese, basil, flour, mouse, hand_size"),
    ("components.csv", "key,count,source\ntomato,1,A\ncheese,1,A\nbasil,1,A\nflour,1,A\nmouse,0,A\nhand_size,3,A\n",
     "4 hands of hand_size cards"),
])
def test_a_malformed_data_file_names_the_file_row_and_field(tmp_path, name, text, expected):
    with pytest.raises(DataFileError) as err:
        load_components(_copy_data(tmp_path, name, text))
    assert name in str(err.value) and expected in str(err.value)
