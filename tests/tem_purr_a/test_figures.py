"""Tem-Purr-A pictures (one shape per card, hidden hands face down) and the numbers behind notebook 03."""

from __future__ import annotations

from fractions import Fraction
from math import sqrt

import pytest

pytest.importorskip("plotly")

import kitchenlab
from kitchenlab.sim import play_game, simulate
from kitchenlab.tem_purr_a import analysis, indigestion_chance
from kitchenlab.tem_purr_a.figures import components_figure, count_shapes, deal_figure, table_figure
from kitchenlab.tem_purr_a.widgets import round_states


def positions():
    """A few seeded positions: a deal, mid-round states and a later round with tokens."""
    states = round_states(players=4, seed=27, bots="cautious", rounds=2)
    return [kitchenlab.new_game("tem_purr_a", players=7, seed=3), states[5], states[20], states[-1],
            round_states(players=3, seed=4, bots="random", rounds=3)[-1]]


@pytest.mark.parametrize("state", positions(), ids=lambda s: f"{s.players}p-step{s.steps}")
def test_table_shows_one_card_shape_per_card(state):
    shapes = count_shapes(table_figure(state))
    for p in range(state.players):
        assert shapes[f"hand {p} up"] == state.hand_count(p) == len(state.hand(p))
        assert shapes[f"hand {p} down"] == 0
        assert shapes[f"token {p}"] == state.tokens[p]
        assert shapes[f"slot {p}"] == 3 - state.tokens[p]
    assert shapes["stack"] == len(state.stack)
    assert shapes["deck"] == 1
    assert shapes["discard"] == (1 if sum(state.discard) else 0)
    assert shapes["aside"] == (1 if state.in_play < 6 else 0)
    assert shapes["to act"] == (0 if state.is_over else 1)


@pytest.mark.parametrize("state", positions(), ids=lambda s: f"{s.players}p-step{s.steps}")
def test_a_players_view_hides_the_other_hands(state):
    viewer = state.players - 1
    fig = table_figure(state, viewer=viewer)
    shapes = count_shapes(fig)
    assert shapes[f"hand {viewer} up"] == state.hand_count(viewer)
    assert shapes[f"hand {viewer} down"] == 0
    hidden = 0
    for p in range(state.players - 1):
        assert shapes[f"hand {p} up"] == 0
        assert shapes[f"hand {p} down"] == state.hand_count(p)
        hidden += state.hand_count(p)
    hover = list(fig.data[0].hovertext)
    assert hover.count("a hidden card") == hidden  # the deck and discard pile say what they are
    assert "(you)" in " ".join(fig.data[1].text)


def test_hidden_cards_leave_no_card_names_behind():
    state = kitchenlab.new_game("tem_purr_a", players=3, seed=5)
    fig = table_figure(state, viewer=0)
    card_texts = [t for t in fig.data[1].text if t in {"2", "3", "4", "5", "6", "7", "+1", "⇄", "☞"}]
    assert len(card_texts) == state.hand_count(0)


def test_table_figure_rejects_a_bad_viewer():
    state = kitchenlab.new_game("tem_purr_a", players=3, seed=0)
    with pytest.raises(ValueError, match="viewer"):
        table_figure(state, viewer=3)


def test_figures_are_deterministic():
    state = round_states(players=4, seed=27)[12]
    assert table_figure(state, viewer=2).to_json() == table_figure(state, viewer=2).to_json()


def test_deal_figure_marks_two_players_as_exploration():
    assert "exploration only" in deal_figure(2, seed=1).layout.title.text
    assert "exploration" not in deal_figure(3, seed=1).layout.title.text
    shapes = count_shapes(deal_figure(6, seed=1, viewer=4))
    assert shapes["hand 4 up"] == 5 and shapes["hand 0 down"] == 5 and shapes["stack"] == 0


def test_components_figure_marks_assumed_counts():
    fig = components_figure()
    comps = [s for s in fig.layout.shapes if s.name == "component"]
    assert len(comps) == 6 + 3 + 1 + 2  # dish values, action kinds, indigestion card, two tokens
    dashed = [s for s in comps if s.line.dash == "dash"]
    assert len(dashed) == 6  # the six dish values of the assumed split
    labels = list(fig.data[1].text)
    assert labels.count("×12*") == 6 and "×7" in labels and "×15" in labels
    with pytest.raises(ValueError, match="splits: even"):
        components_figure("no_such_split")


def test_components_figure_counts_follow_the_split():
    labels = list(components_figure("low_heavy").data[1].text)
    assert "×17*" in labels and "×7*" in labels


# ---------------------------------------------------------------- numbers behind notebook 03


def test_exact_curve_with_one_indigestion_card_is_k_over_n():
    assert analysis.exact_curve(70, 1, range(0, 31)) == [(k, Fraction(k, 70)) for k in range(0, 31)]
    curves = analysis.exact_curves(50, ds=[1, 2], ks=[5])
    assert curves == {"d = 1": [(5, Fraction(1, 10))], "d = 2": [(5, 1 - Fraction(45 * 44, 50 * 49))]}


def test_draw_reveals_edge_cases():
    rng = kitchenlab.Rng(3)
    assert not any(analysis.draw_reveals(20, 0, 10, rng) for _ in range(50))
    assert all(analysis.draw_reveals(20, 1, 20, rng) for _ in range(50))


@pytest.mark.parametrize("n,d,k", [(70, 1, 10), (70, 3, 10), (40, 6, 5), (17, 3, 3)])
def test_simulation_lands_near_the_exact_value(n, d, k):
    trials = 3000
    exact = float(indigestion_chance(n, d, k))
    estimate = float(analysis.simulated_chance(n, d, k, trials, seed=11))
    assert abs(estimate - exact) < 4 * sqrt(exact * (1 - exact) / trials)


def test_simulation_is_seeded():
    a = analysis.simulated_curves(60, ds=[2], ks=[10, 20], trials=300, seed=4)
    assert a == analysis.simulated_curves(60, ds=[2], ks=[10, 20], trials=300, seed=4)
    assert a != analysis.simulated_curves(60, ds=[2], ks=[10, 20], trials=300, seed=5)


def test_describe_step_for_the_rules_skip_example():
    seed, state, action = analysis.find_action(lambda s, a: a.kind == "skip" and a.card == 3 and s.top_dish == 6)
    after = state.apply(action)
    assert after.stack == (3,) and after.top_dish == 3
    text = analysis.describe_step(state, action)
    assert "top dish 6" in text and "[3] worth 3, top dish 3" in text


def test_tie_break_game_is_won_on_cards():
    seed, final = analysis.tie_break_game(players=4, seed=0)
    alive = [p for p in range(4) if final.tokens[p] < 3]
    fewest = min(final.tokens[p] for p in alive)
    tied = [p for p in alive if final.tokens[p] == fewest]
    assert len(tied) >= 2
    most = max(final.hand_count(p) for p in tied)
    assert final.winners() == [p for p in tied if final.hand_count(p) == most]
    rows = analysis.end_rows(final)
    assert [r["winner"] for r in rows] == [p in final.winners() for p in range(4)]


def test_late_decision_is_small_and_risky():
    seed, state = analysis.late_decision(players=4, max_actions=3, max_risk=Fraction(1, 2))
    assert state.round >= 2 and 2 <= len(state.legal_actions()) <= 3
    assert 0 < state.eat_risk() <= Fraction(1, 2)
    assert state.eat_risk() == indigestion_chance(len(state.deck), state.deck_indigestion, state.stack_total)


def test_seat_and_summary_tables_share_out_every_win():
    df = simulate("tem_purr_a", n=40, players=3, seed=2, bots="random")
    seats = analysis.seat_table(df, by=None)
    assert seats["wins"].sum() == pytest.approx(40)
    assert list(seats["player"]) == ["Player 1", "Player 2", "Player 3"]
    df.insert(0, "variant", "x")
    summary = analysis.summary_table(df)
    assert summary.loc["x", "games"] == 40
    assert sum(summary.loc["x", f"P{p} wins"] for p in (1, 2, 3)) == pytest.approx(1, abs=0.002)


def test_wins_by_bot_adds_the_seats_of_each_bot():
    bots = ["cautious", "random", "cautious"]
    df = simulate("tem_purr_a", n=30, players=3, seed=0, bots=bots)
    shares = analysis.wins_by_bot(df, bots)
    assert shares["cautious"] == pytest.approx((df["win_0"].sum() + df["win_2"].sum()) / 30, abs=1e-4)
    assert shares["cautious"] + shares["random"] == pytest.approx(1, abs=1e-3)
    final = play_game("tem_purr_a", 3, 0, bots)
    assert df.loc[0, "winners"] == tuple(final.winners())


def test_pictures_fit_jupyterlab_and_write_no_text_under_12_px():
    from kitchenlab.tem_purr_a.figures import components_figure, deal_figure

    for fig in (components_figure(), deal_figure(7, seed=7)):
        assert fig.layout.width is None and fig.layout.yaxis.scaleanchor == "x"  # fills its output, in proportion
        sizes = [s for t in fig.data if t.textfont is not None and t.textfont.size is not None
                 for s in (t.textfont.size if isinstance(t.textfont.size, tuple) else [t.textfont.size])]
        assert sizes and min(sizes) >= 12
