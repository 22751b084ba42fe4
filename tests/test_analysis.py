"""Game profiles: every measure checked against a hand count on a small seeded batch."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab import analysis as an
from kitchenlab.engine import Rng
from kitchenlab.sim import play_game, simulate, win_share_interval


GAMES = list(kitchenlab.available_games())


def _by_hand(game: str, players: int, seed: int) -> dict:
    """The profile columns of one random game, counted move by move."""
    final = play_game(game, players, seed)
    state = kitchenlab.new_game(game, players=players, seed=seed)
    branching, score_rows, last_round = [], [], object()
    for action in final.history:
        branching.append(len(state.legal_actions()))
        if state.round != last_round:
            score_rows.append(tuple(state.scores()))
            last_round = state.round
        state = state.apply(action)
    score_rows.append(tuple(final.scores()))
    leaders = []
    for sc in score_rows:
        top = [p for p, s in enumerate(sc) if s == max(sc)]
        if len(top) == 1:
            leaders.append(top[0])
    changes = sum(1 for a, b in zip(leaders, leaders[1:]) if a != b)
    scores = sorted(final.scores(), reverse=True)
    return {"decisions": len(branching), "branching_sum": sum(branching), "branching_max": max(branching),
            "lead_changes": changes, "margin": scores[0] - scores[1] if len(scores) > 1 else scores[0],
            "shared": len(final.winners()) > 1}


@pytest.mark.parametrize("game", GAMES)
def test_profile_rows_match_a_count_by_hand(game):
    players = kitchenlab.game_info(game).default_players
    df = simulate(game, n=3, players=players, seed=11, bots=an.Watcher("random"), workers=1, row=an.profile_row)
    replayed = simulate(game, n=3, players=players, seed=11, bots="random", workers=1, row=an.profile_row)
    for i in range(3):
        want = _by_hand(game, players, 11 + i)
        got = {k: df.iloc[i][k] for k in want}
        assert got == want
        assert {k: replayed.iloc[i][k] for k in want} == want      # the replay gives the same columns


def test_summary_measures_follow_from_the_rows():
    df = simulate("tem_purr_a", n=30, players=3, seed=2, bots=an.Watcher("random"), workers=1, row=an.profile_row)
    row = an.summarize_profile(df, "tem_purr_a", 3)
    assert row["games"] == 30 and row["players"] == 3
    assert row["branching_mean"] == pytest.approx(df["branching_sum"].sum() / df["decisions"].sum())
    assert row["first_seat"] == pytest.approx(df["win_0"].mean())
    assert (row["first_seat_low"], row["first_seat_high"]) == win_share_interval(df["win_0"].sum(), 30)
    assert sum(row["seat_share"]) == pytest.approx(1.0)
    assert row["shared_wins"] == pytest.approx(df["shared"].mean())
    assert row["margin"] >= 0 and row["lead_changes"] >= 0


def test_seat_rotation_puts_the_hero_at_every_seat_and_counts_its_wins():
    r = an.seat_rotated_share("tem_purr_a", 3, "cautious", "random", n=9, seed=4, workers=1)
    wins = 0.0
    for i in range(9):
        k = i % 3
        bots = ["random"] * 3
        bots[k] = "cautious"
        final = play_game("tem_purr_a", 3, seed=4 + k * an.SEAT_SEEDS + i // 3, bots=bots)
        won = final.winners()
        wins += 1 / len(won) if k in won else 0.0
    assert r["games"] == 9 and r["share"] == pytest.approx(wins / 9) and r["fair"] == pytest.approx(1 / 3)


def test_skill_stops_early_only_when_the_interval_is_clear():
    clear = an.skill_share("chefs", 2, n=30, seed=0, workers=1)
    assert clear["strong"] == "greedy" and clear["games"] < 30 and clear["low"] > 0.5
    full = an.skill_share("tem_purr_a", 4, n=12, seed=0, workers=1)
    assert full["games"] == 12 or full["low"] > 0.25 or full["high"] < 0.25
    assert full["skill_index"] == pytest.approx((full["share"] - 0.25) / 0.75)


def test_solo_skill_is_measured_against_what_random_play_wins():
    solo = an.skill_share("critter_kitchen", 1, n=4, seed=0, workers=1)
    assert solo["players"] == 1 and 0 <= solo["fair"] <= 1 and solo["games"] == 8


def test_the_strongest_bot_is_the_hand_written_one():
    assert an.strongest_bot("tem_purr_a") == "cautious"
    assert an.hand_written_bots("critter_kitchen") == ("greedy",)


def test_comparison_table_and_figures_say_how_many_games():
    df = an.profile_all(games=["tem_purr_a"], n=6, workers=1)
    assert list(df["players"]) == list(kitchenlab.player_counts("tem_purr_a"))
    table = an.comparison_table(df)
    assert list(table.columns) == list(an.TABLE_COLUMNS.values())
    assert table["first seat wins"].str.contains("%").all()
    figures = an.profile_figures(df)
    assert len(figures) == 4
    total = int(df["games"].sum())
    for fig in figures[:3]:
        assert f"from {total:,} seeded games" in fig.layout.title.text
        assert fig.layout.font.size >= 12
    assert f"from {int(df['skill_games'].sum()):,} seeded games" in figures[3].layout.title.text
    assert [t.line.color for t in figures[0].data] == ["#D55E00"] == [kitchenlab.game_info("tem_purr_a").colour]


@pytest.mark.parametrize("game", GAMES)
def test_what_a_profile_plays_and_names_comes_from_the_game_info(game):
    info = kitchenlab.game_info(game)
    assert an._games_for(game, None, 1.0) == info.profile_games >= 2
    assert an._games_for(game, 7, 1.0) == 7
    terms = an.profile_glossary([game])
    if info.glossary:   # every profile term is one of the glossary's
        assert list(terms["English"]) == list(info.profile_terms)
        assert set(terms["game"]) <= {info.title}
    else:
        assert terms.empty


def test_profile_settings_of_the_games():
    assert [an._games_for(g, None, 0.5) for g in ("tem_purr_a", "chefs", "critter_kitchen", "diced_veggies")] \
        == [60, 12, 8, 10]
    assert list(an.profile_glossary(["chefs"])["Spanish"]) == ["ronda", "primer jugador",
                                                                "colocación de los marcadores de acción"]


def test_a_game_without_a_glossary_has_no_profile_terms():
    from toy_game import INFO

    assert an.profile_glossary([INFO.name]).empty


def test_percent_writes_shares_as_percentages():
    assert an.percent(0.25) == "25 %"
    assert an.percent(0.5534, 0.471, 0.632) == "55 % (47–63 %)"


def test_strength_rows_and_view(tmp_path):
    rows = an.strength_rows("tem_purr_a", n=3, players=3, workers=1, search={"budget": 10, "rollout_rounds": 1})
    assert rows[0]["search"] == "budget=10, rollout_rounds=1" and rows[2]["search"] == ""
    assert [(r["bot"], r["against"]) for r in rows] == [("ismcts", "random"), ("ismcts", "cautious"),
                                                         ("cautious", "random")]
    import pandas as pd

    path = tmp_path / "strength.csv"
    pd.DataFrame(rows).to_csv(path, index=False)
    view = an.strength_view(an.load_strength(path))
    assert list(view["bot in one seat"]) == ["ismcts", "ismcts", "cautious"]
    assert view["win share"].str.endswith("%)").all()


def test_watcher_plays_like_its_bot():
    s = kitchenlab.new_game("tem_purr_a", players=3, seed=1)
    assert an.Watcher("cautious")(s, Rng(2)) == kitchenlab.game_info("tem_purr_a").bot("cautious")(s, Rng(2))
