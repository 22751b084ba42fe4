"""Charts: what is drawn matches the data given (markers, segments, steps, points, colours)."""

import math
from fractions import Fraction

import pandas as pd
import pytest
from toy_game import DiceNim, roll_outcomes

from kitchenlab.charts import (
    CHANCE_COLOR,
    FONT,
    PLAYER_COLORS,
    TERMINAL_COLOR,
    bar_compare,
    distribution_chart,
    player_names,
    probability_curves,
    threshold_step_chart,
    threshold_value,
    tree_figure,
    tree_layout,
    win_rate_chart,
)
from kitchenlab.trees import build_tree

STARS = [(0, 0), (6, 1), (12, 2), (21, 4)]  # Critter Kitchen: quality -> stars


@pytest.fixture(scope="module")
def tree2():
    return build_tree(DiceNim(pile=5), depth=2, chance=roll_outcomes)


def node_traces(fig):
    return [t for t in fig.data if t.customdata is not None]


def segments(trace):
    return sum(1 for x in trace.x if x is None)


def test_tree_figure_one_marker_per_node(tree2):
    fig = tree_figure(tree2)
    ids = [n for t in node_traces(fig) for n in t.customdata]
    assert sorted(ids) == list(range(25))
    by_name = {t.name: t for t in node_traces(fig)}
    assert set(by_name) == {"Player 1", "Player 2", "chance", "game over"}
    assert len(by_name["chance"].x) == 3 and by_name["chance"].marker.color == CHANCE_COLOR
    assert len(by_name["game over"].x) == 2 and by_name["game over"].marker.color == TERMINAL_COLOR
    # truncated nodes are drawn open, the others filled
    p1 = by_name["Player 1"]
    for n, sym in zip(p1.customdata, p1.marker.symbol):
        assert sym == ("circle-open" if tree2.nodes[n]["truncated"] else "circle")


def test_tree_figure_edges(tree2):
    fig = tree_figure(tree2)
    lines = {t.name: t for t in fig.data if t.mode == "lines"}
    # 3 chance nodes x 3 outcomes = 9 dashed segments; the other 15 edges are moves
    assert segments(lines["chance result (dashed)"]) == 9 and lines["chance result (dashed)"].line.dash == "dash"
    assert segments(lines["move"]) == 15 and lines["move"].line.dash == "solid"
    assert all(t.showlegend for t in lines.values())       # both kinds of edge are in the legend
    labels = next(t for t in fig.data if t.name == "edge labels")
    assert labels.mode == "text" and len(labels.text) == 24
    assert list(labels.text[:3]) == ["take 1", "take 2", "roll"]
    # a chance edge says what happened and its exact probability
    assert sorted(t.rsplit(" ", 1)[-1] for t in labels.text if "/" in t) == ["1/2"] * 3 + ["1/3"] * 3 + ["1/6"] * 3
    assert all(" " in t for t in labels.text if "/" in t)
    assert labels.textfont.size >= 12


def test_large_tree_hides_edge_labels_but_keeps_hover():
    G = build_tree(DiceNim(pile=5), depth=50, max_nodes=10_000, chance=roll_outcomes)
    assert G.number_of_edges() > 40
    labels = next(t for t in tree_figure(G).data if t.name == "edge labels")
    assert labels.mode == "markers" and labels.text is None
    assert len(labels.hovertext) == G.number_of_edges()
    assert sum("probability 1/6" in h for h in labels.hovertext) == sum(
        1 for _, _, p in G.edges(data="probability") if p == Fraction(1, 6))


def test_tree_layout_is_layered_and_ordered(tree2):
    pos = tree_layout(tree2)
    assert pos[0][1] == 0.0
    for n, (x, y) in pos.items():
        assert y == -tree2.nodes[n]["layer"] and 0 < x < 1
        kids = list(tree2.successors(n))
        if kids:   # a parent sits centred over its children
            assert x == pytest.approx((pos[kids[0]][0] + pos[kids[-1]][0]) / 2)
    # no edges cross: along each layer, the parents' left-to-right order is kept by their children
    for n in tree2:
        later = [m for m in tree2 if pos[m][1] == pos[n][1] and pos[m][0] > pos[n][0]]
        for m in later:
            for c in tree2.successors(n):
                for d in tree2.successors(m):
                    assert pos[c][0] < pos[d][0]
    # children of each node keep the action order from left to right
    for n in tree2:
        xs = [pos[c][0] for c in tree2.successors(n)]
        assert xs == sorted(xs)


def test_figures_are_deterministic(tree2):
    again = build_tree(DiceNim(pile=5), depth=2, chance=roll_outcomes)
    assert tree_figure(tree2).to_json() == tree_figure(again).to_json()
    assert threshold_step_chart(STARS, "quality", "stars", "t", marker=14).to_json() == \
        threshold_step_chart(STARS, "quality", "stars", "t", marker=14).to_json()


def test_threshold_value_boundaries():
    assert [threshold_value(STARS, q) for q in (0, 5, 6, 11, 12, 20, 21, 99)] == [0, 0, 1, 1, 2, 2, 4, 4]
    with pytest.raises(ValueError, match="below the lowest"):
        threshold_value(STARS, -1)


def test_threshold_step_chart_reproduces_the_table():
    fig = threshold_step_chart(STARS, "quality", "stars", "Stars by quality", marker=14)
    step = fig.data[0]
    assert step.line.shape == "hv"
    assert list(step.x[:4]) == [0, 6, 12, 21] and list(step.y[:4]) == [0, 1, 2, 4]
    assert step.y[-1] == 4 and step.x[-1] > 21  # the last step carries on to the right
    current = fig.data[1]
    assert (current.x[0], current.y[0]) == (14, 2)
    assert fig.layout.annotations[0].text == "14 → 2"
    assert fig.layout.xaxis.title.text == "quality" and fig.layout.yaxis.title.text == "stars"
    assert "quality 12–20 → stars 2" in step.hovertext[2]
    with pytest.raises(ValueError, match="must increase"):
        threshold_step_chart([(0, 0), (6, 1), (6, 2)], "q", "s", "t")


def test_probability_curves_plot_exactly_the_given_points():
    exact = [(n, 1 - Fraction(5, 6) ** n) for n in range(1, 5)]
    flat = [(1, 0.25), (4, 0.25)]
    sim = [(1, 0.17), (2, 0.3), (4, 0.52)]
    fig = probability_curves({"a six": exact, "flat": flat}, "rolls", "probability", "P",
                             points={"a six": sim})
    curve, other, dots = fig.data
    assert list(curve.x) == [1, 2, 3, 4] and list(curve.y) == [float(p) for _, p in exact]
    assert curve.customdata[1] == "11/36 ≈ 0.3056"
    assert list(other.x) == [1, 4] and list(other.y) == [0.25, 0.25]
    assert list(dots.x) == [1, 2, 4] and list(dots.y) == [0.17, 0.3, 0.52] and dots.mode == "markers"
    assert dots.marker.color == curve.line.color == PLAYER_COLORS[0]
    assert other.line.color == PLAYER_COLORS[1]


def test_player_colours_are_the_same_everywhere(tree2):
    tree = {t.name: t.marker.color for t in node_traces(tree_figure(tree2))}
    assert tree["Player 1"] == PLAYER_COLORS[0] and tree["Player 2"] == PLAYER_COLORS[1]
    bars = win_rate_chart([0.5, 0.3, 0.2]).data[0]
    assert list(bars.marker.color) == list(PLAYER_COLORS[:3])
    assert list(bars.x) == ["Player 1", "Player 2", "Player 3"]
    grouped = win_rate_chart({"base": [0.6, 0.4], "swap": {0: 0.45, 1: 0.55}})
    assert [(t.name, t.marker.color) for t in grouped.data] == [
        ("Player 1", PLAYER_COLORS[0]), ("Player 2", PLAYER_COLORS[1])]
    assert list(grouped.data[1].x) == ["base", "swap"] and list(grouped.data[1].y) == [0.4, 0.55]
    named = tree_figure(tree2, player_names=["Ann", "Bo"])
    assert {t.name for t in node_traces(named)} >= {"Ann", "Bo"}


def test_win_rate_from_a_dataframe_with_error_bars():
    df = pd.DataFrame({"seat": [0, 1, 2], "wins": [40, 35, 25], "games": [100, 100, 100]})
    fig = win_rate_chart(df, title="3 players")
    bars = fig.data[0]
    assert list(bars.y) == [0.4, 0.35, 0.25]
    assert bars.error_y.array[0] == pytest.approx(1.96 * math.sqrt(0.4 * 0.6 / 100))
    assert fig.layout.shapes[0].y0 == pytest.approx(1 / 3)  # the fair-share line
    with pytest.raises(ValueError, match="needs win_<seat> columns"):
        win_rate_chart(pd.DataFrame({"seat": [0], "rate": [1.0]}))


def test_win_rate_from_simulated_games():
    # the table kitchenlab.sim gives: one row per game, win_<seat> = that seat's share of the win
    games = pd.DataFrame({
        "variant": ["base"] * 4 + ["swap"] * 2,
        "win_0": [1.0, 0.0, 0.5, 1.0, 0.0, 0.0],
        "win_1": [0.0, 1.0, 0.5, 0.0, 1.0, 1.0],
    })
    fig = win_rate_chart(games)
    assert [t.name for t in fig.data] == ["Player 1", "Player 2"]
    assert list(fig.data[0].x) == ["base", "swap"]
    assert list(fig.data[0].y) == [0.625, 0.0] and list(fig.data[1].y) == [0.375, 1.0]
    one = win_rate_chart(games[games.variant == "base"].drop(columns="variant"))
    assert list(one.data[0].y) == [0.625, 0.375]
    summary = win_rate_chart({"games": 200, "win_rate": [0.55, 0.45]})
    assert list(summary.data[0].y) == [0.55, 0.45]
    assert summary.data[0].error_y.array[1] == pytest.approx(1.96 * math.sqrt(0.45 * 0.55 / 200))


def test_distribution_and_bar_charts():
    lengths = {"base": [10, 11, 11, 12], "fast": [8, 9, 9]}
    hist = distribution_chart(lengths, "rounds", "Game length")
    assert [(t.type, t.name, list(t.x)) for t in hist.data] == [
        ("histogram", "base", [10, 11, 11, 12]), ("histogram", "fast", [8, 9, 9])]
    # side by side, not overlaid: no bar hides another
    assert hist.layout.barmode == "group" and hist.data[1].marker.color == PLAYER_COLORS[1]
    assert all(t.opacity is None for t in hist.data)
    box = distribution_chart(lengths, "rounds", "Game length", kind="box")
    assert [t.type for t in box.data] == ["box", "box"]
    with pytest.raises(ValueError, match="kind"):
        distribution_chart(lengths, "rounds", "x", kind="violin")
    bars = bar_compare({"two dice": Fraction(1, 6), "one die": Fraction(1, 2)}, "rule", "p", "t").data[0]
    assert list(bars.y) == [1 / 6, 1 / 2] and list(bars.text) == ["1/6", "1/2"]


def test_common_look():
    figs = [threshold_step_chart(STARS, "q", "s", "t"), win_rate_chart([0.5, 0.5]),
            probability_curves({"c": [(0, 0.1)]}, "x", "y", "t")]
    for fig in figs:
        assert fig.layout.template.layout.font.family == FONT["family"]
        assert tuple(fig.layout.template.layout.colorway) == PLAYER_COLORS
    assert player_names(2, ["Ann", "Bo", "Cy"]) == ["Ann", "Bo", "Cy"]
    with pytest.raises(ValueError, match="need 3 player names"):
        player_names(3, ["Ann"])


def shown_label_boxes(fig):
    """The px boxes (at 800 px of plot width, 12 px text) of the edge labels a tree figure writes."""
    labels = next(t for t in fig.data if t.name == "edge labels")
    layers = round(-fig.layout.yaxis.range[0] - 0.4) + 1
    y_px = (max(340, 120 * layers + 140) - 100) / (layers - 1 + 0.8)
    boxes = []
    for x, y, text, place in zip(labels.x, labels.y, labels.text, labels.textposition):
        if not text:
            continue
        lines = text.split("<br>")
        w, h = max(map(len, lines)) * 12 * 0.56, len(lines) * 12 * 1.2
        cx = x * 800 / 1.04
        x0 = cx - w if place == "middle left" else cx if place == "middle right" else cx - w / 2
        boxes.append((text, x0, y * y_px - h / 2, x0 + w, y * y_px + h / 2))
    return boxes


def test_tree_edge_labels_never_overlap(tree2):
    from kitchenlab.critter_kitchen.location_game import tie_tree
    from kitchenlab.critter_kitchen.tree_figures import tie_tree_figure

    for fig in (tree_figure(tree2), tie_tree_figure(tie_tree("fish7 cheese4 bread2", chefs=[(0, 2), (1, 2)], priority=[0, 1]))):
        boxes = shown_label_boxes(fig)
        assert len(boxes) >= 10
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert not (a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]), (a[0], b[0])
        # a label left out of the picture is still in the hover text
        labels = next(t for t in fig.data if t.name == "edge labels")
        assert len(labels.hovertext) == len(labels.text) and all(labels.hovertext)


def _luminance(color):
    rgb = [int(color.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    rgb = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]


def test_player_names_are_readable_on_the_boards_cream():
    from kitchenlab.charts import player_text_color

    for background in ("#FBF3E4", "#FAF7F0", "#FFFFFF"):       # the boards' cream, the card table, white
        for p in range(len(PLAYER_COLORS)):
            hi, lo = sorted((_luminance(player_text_color(p)), _luminance(background)), reverse=True)
            assert (hi + 0.05) / (lo + 0.05) >= 4.5, (p, player_text_color(p), background)
    assert player_text_color(4) != PLAYER_COLORS[4]              # the plain yellow is too light to read
