"""Critter Kitchen pictures: the setup for every player count, a position in a round, the tables."""

from __future__ import annotations

import pytest

pytest.importorskip("plotly")

import plotly.graph_objects as go

from kitchenlab.critter_kitchen import new_state
from kitchenlab.critter_kitchen.figures import (
    ASSUMED_MARK,
    component_rows,
    components_table_figure,
    count_shapes,
    figure_texts,
    location_names,
    location_rows,
    round_figure,
    setup_figure,
    setup_rows,
    token_label,
)

# The digest's "Locations" setup line: Soup Truck, numbered boards 1..N (solo: the 2-player layout),
# Midnight Merchant, Chef Academy.
NUMBERED = ["Garden Top Shop", "Desert Vendor", "Water Market", "Air Docks", "Lantern Lane"]


def expected_locations(players: int) -> list[str]:
    n = max(2, players)
    return ["Soup Truck"] + NUMBERED[:n] + ["Midnight Merchant", "Chef Academy"]


def boards(fig) -> int:
    return sum(n for name, n in count_shapes(fig).items() if name.startswith("board "))


def shapes_named(fig, name):
    return [s for s in fig.layout.shapes if s.name == name]


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players,count", [(1, 5), (2, 5), (3, 6), (4, 7), (5, 8)])
def test_setup_draws_one_board_per_location_in_order(players, count):
    fig = setup_figure(players)
    assert boards(fig) == count
    assert location_names(fig) == expected_locations(players)
    # boards are drawn left to right in that order
    xs = [shapes_named(fig, f"board {i}")[0].x0 for i in range(count)]
    assert xs == sorted(xs)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_setup_item_spaces_and_their_assumed_marks(players):
    fig = setup_figure(players)
    shapes = count_shapes(fig)
    n = len(expected_locations(players))
    merchant, academy = n - 2, n - 1
    for i in range(1, merchant):                 # numbered boards: 3 spaces each [A]
        spaces = shapes_named(fig, f"space {i}")
        assert len(spaces) == 3
        assert all(s.line.dash == "dash" for s in spaces)
    assert shapes[f"space {merchant}"] == 3      # Midnight Merchant: 3 [A]
    two_side = players <= 2
    assert shapes.get(f"space {academy}", 0) == (2 if two_side else 0)    # 2-player Academy side [RB]
    assert all(s.line.dash == "solid" for s in shapes_named(fig, f"space {academy}"))
    assumed = fig.layout.meta["assumed"]
    assert len(assumed) == merchant               # every numbered board and the Merchant
    assert not any("Chef Academy" in a for a in assumed)
    texts = figure_texts(fig)
    assert sum(1 for t in texts if ASSUMED_MARK in t and "assumed" in t) >= merchant
    assert ("2-player side" in texts) == two_side


def test_setup_waterfront_board():
    fig = setup_figure(3)
    shapes = count_shapes(fig)
    assert [shapes[f"round {r}"] for r in range(1, 8)] == [1] * 7
    assert shapes["challenge"] == 6 and shapes["critic"] == 1 and shapes["rumor"] == 3
    hold = shapes_named(fig, "hold")[0]
    allspice = shapes_named(fig, "allspice")[0]
    r3, r7 = shapes_named(fig, "round 3")[0], shapes_named(fig, "round 7")[0]
    assert r3.x0 < (hold.x0 + hold.x1) / 2 < r3.x1          # the Hold token sits on round 3
    assert r7.x0 < (allspice.x0 + allspice.x1) / 2 < r7.x1  # the Allspice token on round 7
    assert any("moves to 6" in t for t in figure_texts(fig))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_setup_priority_track_follows_the_seeded_hats(players):
    fig = setup_figure(players, seed=4)
    order = new_state(players=players, seed=4).priority
    track = sorted((s for s in fig.layout.shapes if s.name.startswith("hat ") and s.y0 > -3.0), key=lambda s: s.x0)
    assert [int(s.name.split()[1]) for s in track] == list(order)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_what_each_player_takes(players):
    fig = setup_figure(players)
    shapes = count_shapes(fig)
    n_loc = len(expected_locations(players))
    assert shapes["chef"] == 3 * players
    assert shapes["location card"] == n_loc * players
    assert shapes["critic plate"] == players and shapes["challenge plate"] == 3 * players
    assert shapes["start soup"] == players
    texts = figure_texts(fig)
    assert "mouse 1" in texts and "lizard 2" in texts and "boar 3" in texts


def test_solo_setup_has_mcdogalds_instead_of_a_second_player():
    fig = setup_figure(1)
    shapes = count_shapes(fig)
    assert shapes["chef"] == 3                       # only the player's chefs
    assert shapes["placement deck"] == 4             # manager, mouse, lizard, boar
    assert shapes["critics choice"] == 1
    # McDogald's hat is at the front (rightmost) of the track
    track = sorted((s for s in fig.layout.shapes if s.name.startswith("hat ") and s.y0 > -3.0), key=lambda s: s.x0)
    assert [s.name for s in track] == ["hat 0", "hat 1"]
    assert any("McDogald's" in t for t in figure_texts(fig))


def test_setup_rows_and_location_rows():
    rows = {r["players"]: r for r in setup_rows()}
    assert [rows[p]["locations"] for p in ("solo", 2, 3, 4, 5)] == [5, 5, 6, 7, 8]
    assert rows[4]["numbered boards"] == "Garden Top Shop, Desert Vendor, Water Market, Air Docks"
    assert rows["solo"]["Academy spaces"] == 2 and rows[3]["Academy spaces"] == 0
    assert rows[5]["item spaces each round"] == 15
    locs = location_rows(3)
    assert [r["location"] for r in locs] == expected_locations(3)
    marks = {r["location"]: r["assumed"] for r in locs}
    assert marks["Garden Top Shop"].startswith(ASSUMED_MARK)
    assert marks["Midnight Merchant"].startswith(ASSUMED_MARK)
    assert marks["Soup Truck"] == "" and marks["Chef Academy"] == ""


def test_component_rows_mark_assumed_kinds():
    rows = {r["component"]: r for r in component_rows()}
    # the course order of the critic plate is inferred: every ingredient row mixes RB values with it
    assert rows["ingredient tokens"]["count"] == 91 and rows["ingredient tokens"]["assumed"] == f"{ASSUMED_MARK} 7 of 7 rows assumed"
    assert rows["spice tokens"]["count"] == 16 and rows["spice tokens"]["assumed"] == ""
    assert rows["rumor tokens"]["count"] == 12 and rows["rumor tokens"]["assumed"].startswith(ASSUMED_MARK)
    assert rows["zous-chef cards"]["assumed"] == f"{ASSUMED_MARK} 12 of 12 rows assumed"
    table = components_table_figure()
    cells = table.data[0].cells
    assumed_col = list(cells.values[3])
    colours = list(cells.fill.color[0])
    assert all((c != "#FFFFFF") == bool(a) for a, c in zip(assumed_col, colours))


def test_token_labels():
    assert [token_label(t) for t in ("bread2", "mushroom5", "meat7", "cheese-spice", "wild", "zous:badger")] == [
        "Bre2", "Mus5", "Mea7", "Che✶", "W", "Z"]
    # no two ingredient codes share their first two letters (Me/Mu and Ca/Ch looked alike)
    from kitchenlab.critter_kitchen.board_figures import SHORT
    assert len({code[:2] for code in SHORT.values()}) == len(SHORT) == 7


# ---------------------------------------------------------------- a position in a round


@pytest.fixture(scope="module")
def shopping():
    """A 3-player game in the middle of round 1's shop step (first choices taken)."""
    s = new_state(players=3, seed=1)
    while s.phase == "plan":
        s = s.apply(s.legal_actions()[0])
    for _ in range(3):
        s = s.apply(s.legal_actions()[0])
    assert s.phase == "shop"
    return s


def test_every_figure_passes_plotly_validation(shopping):
    for fig in (setup_figure(1), setup_figure(5), round_figure(shopping), round_figure(shopping, 1)):
        go.Figure(fig.to_dict())      # raises on any invalid property


def test_table_view_shows_every_storage_and_every_item(shopping):
    fig = round_figure(shopping)
    shapes = count_shapes(fig)
    for p in range(3):
        assert shapes.get(f"store {p}", 0) == len(shopping.storage[p])
        assert shapes.get(f"shield {p}", 0) == 0
    for i in range(1, len(shopping.cfg.locs)):
        assert shapes.get(f"item {i}", 0) == min(len(shopping.location_items(i)), 12)
    # during the shop step every plan is face up: one chef marker per planned chef
    for i in range(len(shopping.cfg.locs)):
        planned = sum(1 for s in range(3) for loc in shopping.plans[s].values() if loc == i)
        assert sum(n for k, n in shapes.items() if k.startswith(f"chef {i} ")) == planned


def test_a_player_view_hides_other_storages_and_unknown_rumors(shopping):
    fig = round_figure(shopping, viewer=1)
    shapes = count_shapes(fig)
    assert shapes.get("store 1", 0) == len(shopping.storage[1])
    assert shapes.get("store 0", 0) == 0 and shapes.get("store 2", 0) == 0
    assert shapes["shield 0"] == 1 and shapes["shield 2"] == 1
    texts = " ".join(figure_texts(fig))
    view = shopping.view(1)
    for k, rid in enumerate(shopping.rumor_cards):
        name = shopping.cfg.comps.rumor(rid).name
        assert (name in texts) == (view["rumor_cards"][k] is not None)
    with pytest.raises(ValueError, match="viewer"):
        round_figure(shopping, viewer=3)


def test_secret_plans_are_drawn_only_for_their_owner_before_the_reveal():
    s = new_state(players=3, seed=1)
    for _ in range(3):                       # player 1 plans all three chefs
        s = s.apply(s.legal_actions()[0])
    assert s.phase == "plan" and len(s.plans[0]) == 3
    own = count_shapes(round_figure(s, viewer=0))
    other = count_shapes(round_figure(s, viewer=1))
    table = count_shapes(round_figure(s))
    plan_marks = lambda shapes, seat: sum(n for k, n in shapes.items() if k.startswith("plan ") and k.endswith(f" {seat}"))
    assert plan_marks(own, 0) == 3 and plan_marks(other, 0) == 0 and plan_marks(table, 0) == 3
    assert not any(k.startswith("chef ") for k in table)       # nothing revealed yet


def test_setup_explorer_redraws_for_the_chosen_count(monkeypatch):
    pytest.importorskip("ipywidgets")
    from kitchenlab.critter_kitchen.widgets import setup_explorer

    import plotly.io as pio

    monkeypatch.setattr(pio.renderers, "default", "plotly_mimetype")
    ex = setup_explorer(players=3)
    assert boards(ex.drawn) == 6
    ex.picker.value = 5
    assert boards(ex.drawn) == 8 and location_names(ex.drawn) == expected_locations(5)
    shown = ex.picture.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert shown["layout"]["meta"]["locations"] == expected_locations(5)
    ex.picker.value = 1
    assert location_names(ex.drawn) == expected_locations(1)
    assert [v for _, v in ex.picker.options] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("players", [1, 3, 5])
def test_pictures_fit_jupyterlab_and_write_no_text_under_12_px(players):
    from kitchenlab.critter_kitchen import new_state
    from kitchenlab.critter_kitchen.figures import round_figure, setup_figure

    for fig in (setup_figure(players), round_figure(new_state(players=players, seed=2))):
        assert fig.layout.width is None and fig.layout.yaxis.scaleanchor == "x"  # fills its output, in proportion
        sizes = [s for t in fig.data if t.textfont is not None and t.textfont.size is not None
                 for s in (t.textfont.size if isinstance(t.textfont.size, tuple) else [t.textfont.size])]
        assert sizes and min(sizes) >= 12


def test_the_front_mark_never_sits_on_a_name():
    from kitchenlab.critter_kitchen.figures import setup_figure

    fig = setup_figure(1)                                     # McDogald's starts at the front
    labels = next(t for t in fig.data if t.name == "labels")
    texts = list(zip(labels.text, labels.x, labels.y))
    front = next((x, y) for t, x, y in texts if t == "◀ front")
    names = [(x, y) for t, x, y in texts if t in ("McDogald's", "Player 1")]
    assert len(names) >= 2
    for x, y in names:                                        # names sit under the hats, on another line
        assert abs(y - front[1]) > 0.3 or abs(x - front[0]) > 2.5
