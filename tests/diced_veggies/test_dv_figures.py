"""Diced Veggies figures and widgets: what they draw and what their buttons do."""

from __future__ import annotations

from collections import Counter

import kitchenlab
from kitchenlab.diced_veggies import legal_cuts
from kitchenlab.diced_veggies.analysis import cut_counts, random_block, shape_counts
from kitchenlab.diced_veggies.figures import (
    block_figure, cut_tree_figure, cuts_gallery, frame_figure, solo_rating_figure, table_figure,
)
from kitchenlab.diced_veggies.howto import cook_example, cook_rows, cut_tree, first_cut_state, turn_states
from kitchenlab.diced_veggies.widgets import CookCalculator, CutExplorer
from kitchenlab.engine import Rng
from kitchenlab.play import TABLE, round_frames


def names(fig) -> Counter:
    return Counter(s.name.split(" ")[0] for s in fig.layout.shapes)


def test_block_figure_draws_every_die_and_the_cut():
    b = random_block(Rng(3), dice=20)
    cut = legal_cuts(b)[0]
    fig = block_figure(b, cut=cut)
    n = names(fig)
    assert n["taken"] == len(cut.cells) and n["die"] == 20 - len(cut.cells)
    assert n["blade"] == 1 and n["empty"] == 15
    assert min(fig.data[1].textfont.size) >= 12


def test_gallery_shows_every_cut_once():
    b = random_block(Rng(4), dice=16)
    for middle in (False, True):
        cuts = legal_cuts(b, middle_entry=middle)
        fig = cuts_gallery(b, middle_entry=middle)
        assert names(fig)["blade"] == len(cuts)
        assert names(fig)["taken"] == sum(len(c.cells) for c in cuts)
        assert f"{len(cuts)} legal cuts" in fig.layout.title.text


def test_table_figure_hides_hypes_from_others():
    s = kitchenlab.new_game("diced_veggies", players=3, seed=2)
    comps = kitchenlab.diced_veggies.load_components()
    own = comps.hype(s.hypes[0][0]).name
    texts = " ".join(table_figure(s, 0).data[1].text)
    assert own in texts and texts.count("1 hidden") == 2
    public = " ".join(table_figure(s, None).data[1].text)
    assert own not in public and public.count("1 hidden") == 3
    assert own in " ".join(table_figure(s, TABLE).data[1].text)


def test_frame_renderer_and_round_frames():
    frames = round_frames("diced_veggies", players=2, seed=9, bots="greedy", round=6)
    kinds = {f.event.kind for f in frames}
    assert {"restock", "cut", "cook", "hype", "chef", "card"} <= kinds
    fig = frame_figure(frames[3], 1)
    assert fig.layout.title.text.startswith(f"Event {frames[3].number + 1} (Player 2's view)")


def test_solo_figure_leaves_the_gap():
    fig = solo_rating_figure(75)
    names = [t.name for t in fig.data]
    # the game help has no line for 71-80: the band is drawn, flagged as assumed, and given no label
    assert names[5] == "71–80 ⚠: no label in the game help"
    assert "band assumed" in fig.data[5].hovertext
    assert all("⚠" not in n for i, n in enumerate(names) if i != 5)     # the seed's own bands are not flagged


def test_cut_tree_has_one_child_per_cut():
    s = first_cut_state()
    G = cut_tree(s)
    assert G.number_of_edges() == len(legal_cuts(s.block_obj))
    fig = cut_tree_figure(G)
    assert list(fig.data[-1].text).count("1") == sum(1 for n in G.successors(0) if G.nodes[n]["label"] == "cooks 1 recipe")


def test_explorer_takes_a_cut():
    s = first_cut_state()
    e = CutExplorer(s)
    assert len(e.buttons.children) == len(s.legal_actions())
    a = e.cut_actions[0]
    e.take(a)
    assert e.state.phase != "cut" and sorted(e.state.dice[0]) == sorted(a.dice)
    assert e.buttons.children == () or all(b.children for b in e.buttons.children)
    e.set_state(e.start)
    assert e.state is s


def test_cook_calculator_and_rows():
    c = CookCalculator(recipe=1, dice="M2 M3 M6", hype=24)
    assert c.report()["points"] == 11
    c.dice.value = "M2 X9"
    assert "not a die" in c.report()["text"]
    rows = cook_rows(cook_example())
    assert [r["points with it"] for r in rows] == [7, 3]


def test_analysis_counts_cuts_shapes_and_turns():
    assert len(cut_counts(5, seed=1)["edge entry"]) == 5
    assert set(shape_counts(5, seed=1, dice=12)) == {"rows (12 dice)", "staircase (12 dice)"}
    states = turn_states(players=2, seed=7)
    assert sum(1 for e in states[-1].events if e.kind == "turn") == 2
