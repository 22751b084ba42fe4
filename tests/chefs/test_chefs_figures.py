"""Chefs figures and widgets draw what the position holds, and only what a viewer may see."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab.chefs import from_position
from kitchenlab.chefs.analysis import door_tree, layout_rows, resolution_order, variant_rows
from kitchenlab.chefs.figures import board_figure, count_shapes, frame_figure, meal_value_figure, track_figure
from kitchenlab.play import TABLE, record


def test_board_shows_layout_and_hides_hands_by_viewer():
    s = kitchenlab.new_game("chefs", players=5, seed=2)
    table = count_shapes(board_figure(s, TABLE))
    assert table["counter card"] == 8 and table["meal window"] == 3 and table["meal wall"] == 3
    assert table["box free"] == 5
    assert all(table[f"hand {p} up"] == 2 for p in range(5))
    mine = count_shapes(board_figure(s, 2))
    assert mine["hand 2 up"] == 2 and mine["hand 0 down"] == 2 and mine["hand 0 up"] == 0
    public = count_shapes(board_figure(s, None))
    assert sum(public[f"hand {p} down"] for p in range(5)) == 10
    with pytest.raises(ValueError):
        board_figure(s, 5)


def test_board_shows_cards_taken_face_up_to_everyone():
    s = from_position(2, position={"counter": ["egg", "egg"], "hands": [["flour"], []],
                                   "placed": [["counter", 0], ["door", 1], ["door", 0], ["door", 1],
                                              ["service", 0], ["service", 1]]})
    # Player 1 took two eggs (seen by all) and holds a flour (dealt, hidden)
    shapes = count_shapes(board_figure(s, 1))
    assert shapes["hand 0 up"] == 2 and shapes["hand 0 down"] == 1
    assert shapes["disc 0"] == 3 and shapes["disc 1"] == 3


def test_frame_figure_titles_the_event():
    frames = record("chefs", players=3, seed=4, bots="greedy", round=1)
    fig = frame_figure(frames[5], None)
    assert fig.layout.title.text.startswith("After event 6 (public view)")


def test_track_and_meal_figures():
    fig = track_figure([3, 20, 21])
    markers = [s for s in fig.layout.shapes if s.name.startswith("marker")]
    assert len(markers) == 3
    assert "lap 2" in fig.data[1].text
    meals = meal_value_figure()
    assert sum(int(t) for t in meals.data[0].text) == 29


def test_door_tree_branches_over_the_free_boxes():
    G = door_tree(depth=2)
    root_labels = sorted(d["label"] for _, _, d in G.out_edges(0, data=True))
    assert root_labels == sorted(["1→1", "1→2", "2→2", "2→3", "3→4", "none"])
    # after Player 1 takes a box, Player 2 (2 cards) has the free boxes giving 1 or 2, or none
    child = next(v for _, v, d in G.out_edges(0, data=True) if d["label"] == "1→2")
    assert sorted(d["label"] for _, _, d in G.out_edges(child, data=True)) == sorted(["1→1", "2→2", "2→3", "none"])


def test_analysis_tables():
    assert layout_rows()[0] == {"players": 2, "counter cards": 4, "meals per stove": 1, "meal cards laid out": 2,
                                "cards dealt": 4}
    s = from_position(2, position={"placed": [["service", 0], ["counter", 1], ["door", 0], ["counter", 1],
                                              ["counter", 0]]})
    rows = resolution_order(s)
    assert [r["location"] for r in rows] == ["1 ingredient counter"] * 3 + ["3 door", "5 service counter"]
    assert [r["disc of"] for r in rows][:3] == ["Player 2", "Player 2", "Player 1"]
    rows = variant_rows("ties", n=10, players=2)
    assert [r["variant"] for r in rows] == ["shared (default)", "unserved meal points"]


def test_widgets_build_and_react():
    from kitchenlab.chefs.widgets import cook_calculator, setup_explorer

    calc = cook_calculator({"carrot": 1, "onion": 1}, "Carrot soup", "carrot")
    assert "With the chef card (carrot): yes, pay carrot, onion (2 cards)" in calc.text
    calc.chef.value = None
    assert "Without the chef card: no." in calc.text
    calc.sliders["carrot"].value = 2
    assert "Without the chef card: yes, pay carrot, carrot, onion (3 cards)." in calc.text
    ex = setup_explorer(players=2)
    assert count_shapes(ex.drawn)["counter card"] == 4
    ex.players.value = 6
    assert count_shapes(ex.drawn)["counter card"] == 8
