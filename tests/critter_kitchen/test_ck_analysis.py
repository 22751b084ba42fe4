"""Critter Kitchen what-if experiments and optimiser tables: shapes, seeded values, and what each
variant must (and must not) change."""

from __future__ import annotations

from collections import Counter

import pytest

pd = pytest.importorskip("pandas")

import kitchenlab
from kitchenlab.critter_kitchen import analysis as ck
from kitchenlab.sim import play_game, simulate


def test_play_games_rows_match_the_simulator():
    df = ck.play_games(4, players=3, seed=10, cache=False)
    assert list(df["seed"]) == [10, 11, 12, 13]
    assert len(df) == 4 and (df["players"] == 3).all()
    sim = simulate("critter_kitchen", n=4, players=3, seed=10, bots="greedy")
    for p in range(3):
        assert list(df[f"stars_{p}"]) == list(sim[f"score_{p}"])
        assert list(df[f"win_{p}"]) == list(sim[f"win_{p}"])
    assert [round(x, 9) for x in df[[f"win_{p}" for p in range(3)]].sum(axis=1)] == [1.0] * 4


def test_game_row_takes_its_numbers_from_the_game():
    final = play_game("critter_kitchen", 3, 2, "greedy")
    start = kitchenlab.new_game("critter_kitchen", players=3, seed=2)
    row = ck.game_row(final, 2, start)
    for p in range(3):
        served = final.served[p]
        assert row[f"challenge1_{p}"] + row[f"challenge2_{p}"] == sum(s for *_, s in served)
        assert row[f"served_{p}"] == len(served)
        res = final.results[p]
        assert row[f"critic_{p}"] == res.total and row[f"total_{p}"] == res.final_total
        # every star comes from a challenge meal or the critic meal
        assert row[f"stars_{p}"] == row[f"challenge1_{p}"] + row[f"challenge2_{p}"] + row[f"critic_{p}"]
        assert row[f"place_{p}"] == list(start.priority).index(p)
    assert sorted(row[f"place_{p}"] for p in range(3)) == [0, 1, 2]


def test_workers_do_not_change_the_table():
    one = ck.play_games(6, players=2, seed=3, workers=1, cache=False)
    two = ck.play_games(6, players=2, seed=3, workers=2, cache=False)
    pd.testing.assert_frame_equal(one, two)


def test_rumor_variant_changes_only_the_scoring():
    df = ck.rumor_experiment(n=4, seed=0)
    assert list(df["variant"].unique()) == list(ck.RUMOR_ARMS)
    every, known = (part.reset_index(drop=True) for _, part in df.groupby("variant", sort=False))
    assert list(every["steps"]) == list(known["steps"])
    for p in range(3):
        assert list(every[f"challenge1_{p}"]) == list(known[f"challenge1_{p}"])
        # under [S0] a player who knows no rumor card scores no rumor star
        nobody = known[known[f"known_{p}"] == 0]
        assert (nobody[f"rumor_{p}"] == 0).all()
    table = ck.rumor_table(df)
    assert list(table.index) == list(ck.RUMOR_ARMS)
    none_known = table.loc[list(ck.RUMOR_ARMS)[1], "rumor stars (knew none)"]
    assert pd.isna(none_known) or none_known == 0


def test_flat_thresholds_never_give_four_stars():
    df = ck.threshold_experiment(n=3, seed=1)
    flat = df[df["variant"] == list(ck.THRESHOLD_ARMS)[1]]
    for p in range(3):
        got = flat[f"challenge1_{p}"] + flat[f"challenge2_{p}"]
        assert (got <= 3 * flat[f"served_{p}"]).all()
    summary = ck.arm_summary(df)
    assert list(summary.index) == list(ck.THRESHOLD_ARMS)
    assert list(summary["games"]) == [3, 3, 3, 3]


def test_arm_summary_means_are_per_player_means():
    df = ck.compare_arms({"a": {}}, n=3, seed=4)
    s = ck.arm_summary(df)
    stars = [df.loc[i, f"stars_{p}"] for i in df.index for p in range(3)]
    assert s.loc["a", "stars"] == round(sum(stars) / len(stars), 2)
    tops = [max(df.loc[i, f"stars_{p}"] for p in range(3)) for i in df.index]
    assert s.loc["a", "winner stars"] == round(sum(tops) / len(tops), 2)


def test_fridge_arms_and_an_empty_fridge():
    df = ck.fridge_experiment(n=2, seed=0, arms={"rules": {}, "empty": {"fridge_day1": 0, "fridge_day2": 0}})
    assert list(df["variant"].unique()) == ["rules", "empty"]
    with pytest.raises(kitchenlab.OptionError):
        ck.fridge_experiment(n=2, arms={"bad": {"fridge_day1": -1}})


def test_player_counts_and_solo_columns():
    df = ck.player_count_experiment((1, 2), n=2, seed=0)
    assert list(df["players"]) == [1, 1, 2, 2]
    solo = df[df["players"] == 1]
    assert solo["rival_stars"].notna().all()
    for _, row in solo.iterrows():
        if row["stars_0"] != row["rival_stars"]:
            assert row["win_0"] == (1.0 if row["stars_0"] > row["rival_stars"] else 0.0)
    table = ck.player_count_table(df)
    assert list(table.index) == [1, 2]
    assert table.loc[1, "solo: McDogald's stars"] == round(solo["rival_stars"].mean(), 2)
    assert pd.isna(table.loc[2, "solo: share won"])


def test_seat_table_shares_add_up():
    df = ck.play_games(6, players=3, seed=0)
    t = ck.seat_table(df)
    assert list(t.index) == [0, 1, 2]
    assert list(t["name"]) == ["back (left)", "place 2", "front (right)"]
    assert list(t["games"]) == [6, 6, 6]
    assert round(t["win share"].sum(), 2) == 1.0
    assert ck.place_names(4) == ["back (left)", "place 2", "place 3", "front (right)"]


def test_best_meals_table_rulebook_example():
    t = ck.best_meals_table("fish7 fish-spice bread2 bread-spice bisque", ["ultimate_melt"])
    row = t.loc["Ultimate Melt"]
    assert row["quality"] == 21 and row["stars"] == 4
    assert Counter(row["best meal"].split()) == Counter(["fish7+spice", "bread2+spice", "bisque"])
    t2 = ck.best_meals_table("fish3 bread2", [["bread", "fish"]])
    assert t2.iloc[0]["best meal"] == "—" and t2.iloc[0]["stars"] == 0


def test_best_plan_table_uses_each_item_once():
    storage = "bread6 bread2 fish7 fish3 cheese5 carrot4 meat6 meat2 fish-spice bread-spice allspice soup bisque"
    t = ck.best_plan_table(storage, ["ultimate_melt", "tasty_tapas", "savory_stack"])
    assert list(t.index) == ["Ultimate Melt", "Tasty Tapas", "Savory Stack", "total"]
    assert t.loc["total", "stars"] == t["stars"].iloc[:3].sum()
    used = Counter()
    from kitchenlab.critter_kitchen.widgets import item_tokens

    for meal in t["meal"].iloc[:3]:
        if meal != "not served":
            for item in meal.split():
                used.update(item_tokens(item))
    assert not used - Counter(storage.split())


def test_best_critic_table_kangaroo():
    t = ck.best_critic_table("meat6 meat-spice", critic="kangaroo")
    assert t.loc["meat", "quality"] == 18 and t.loc["total", "quality"] == 18
    assert t.loc["meat", "items"] == "meat6+spice"


def test_threshold_presets_figure_has_one_line_per_preset():
    from kitchenlab.critter_kitchen.rules import THRESHOLD_PRESETS

    fig = ck.threshold_presets_figure()
    assert [t.name for t in fig.data] == list(THRESHOLD_PRESETS)
    standard = fig.data[0]
    assert list(standard.x)[:4] == [0, 6, 12, 21] and list(standard.y)[:4] == [0, 1, 2, 4]


def test_play_games_rejects_bad_n():
    with pytest.raises(ValueError):
        ck.play_games(0)
