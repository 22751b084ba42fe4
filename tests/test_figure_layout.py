"""Every figure function of every game, drawn for seeded positions, fills its output and reads:
no layout width (Plotly sizes it to its output), no text under 12 px, no cut label whose whole
text is not in the hover, and a projector version with no text under 14 px."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab.charts import MIN_TEXT, PROJECTOR_TEXT, hover_texts, projector_layout, shown_texts, text_sizes
from kitchenlab.play import TABLE, record


def _chefs():
    from kitchenlab.chefs import figures as f
    frames = record("chefs", players=3, seed=5, bots="greedy", round=2)
    start = kitchenlab.new_game("chefs", players=3, seed=5)
    return {"chefs board": f.board_figure(start, TABLE), "chefs board public": f.board_figure(start, None),
            "chefs frame": f.frame_figure(frames[-1], 1), "chefs track": f.track_figure([6, 20, 21]),
            "chefs meals": f.meal_value_figure()}


def _critter():
    from kitchenlab.critter_kitchen import howto, new_state
    from kitchenlab.critter_kitchen import figures as f
    from kitchenlab.critter_kitchen.round_view import flow_figure, record_round
    from kitchenlab.critter_kitchen.setup_figures import components_table_figure
    rec = record_round(players=3, seed=1)
    return {"critter setup": f.setup_figure(3, 1), "critter setup solo": f.setup_figure(1),
            "critter round": f.round_figure(new_state(players=3, seed=1)),
            "critter frame": f.frame_figure(rec.frames[len(rec.frames) // 2], 0),
            "critter flows": flow_figure(rec), "critter track": f.score_track_figure([76, 40]),
            "critter arc": howto.game_arc_figure(), "critter stars": howto.stars_figure(howto.example_game(3, 1)),
            "critter components": components_table_figure()}


def _diced():
    from kitchenlab.diced_veggies import figures as f
    from kitchenlab.diced_veggies.howto import cut_tree, first_cut_state
    deal = first_cut_state(players=2, seed=7)
    frames = record("diced_veggies", players=2, seed=9, bots="greedy", round=6)
    return {"dv block": f.block_figure(deal.block_obj), "dv gallery": f.cuts_gallery(deal.block_obj),
            "dv gallery middle": f.cuts_gallery(deal.block_obj, middle_entry=True, columns=8),
            "dv table": f.table_figure(deal, 0), "dv frame": f.frame_figure(frames[-1], TABLE),
            "dv solo": f.solo_rating_figure(75), "dv cut tree": f.cut_tree_figure(cut_tree(deal))}


def _tem_purr_a():
    from kitchenlab.tem_purr_a import figures as f
    from kitchenlab.tem_purr_a.howto import choices_figure, example_position
    frames = record("tem_purr_a", players=4, seed=27, bots="cautious")
    return {"tpa deal": f.deal_figure(4, seed=7), "tpa components": f.components_figure(),
            "tpa frame": f.frame_figure(frames[len(frames) // 2], 0), "tpa choices": choices_figure(example_position())}


FIGURES = {}
for build in (_chefs, _critter, _diced, _tem_purr_a):
    FIGURES.update(build())


@pytest.mark.parametrize("name", FIGURES)
def test_figure_fills_its_output_and_reads(name):
    fig = FIGURES[name]
    assert fig.layout.width is None, f"{name} sets a width of {fig.layout.width} px"
    sizes = text_sizes(fig)
    small = {where: min(v) for where, v in sizes.items() if v and min(v) < MIN_TEXT}
    assert not small, f"{name}: text under {MIN_TEXT} px in {small}"
    hover = " ".join(hover_texts(fig))
    cut = [t for t in shown_texts(fig) if "…" in t and t.split("…")[0].strip() not in hover]
    assert not cut, f"{name}: cut labels with no whole text in the hover: {cut[:5]}"


@pytest.mark.parametrize("name", FIGURES)
def test_projector_layout_raises_every_text_to_14_px(name):
    fig = projector_layout(type(FIGURES[name])(FIGURES[name]))
    sizes = text_sizes(fig)
    assert min(min(v) for v in sizes.values() if v) >= PROJECTOR_TEXT
