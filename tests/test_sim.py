"""Batch simulation: seeded, summarised, compared across variants."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab import OptionError
from kitchenlab.sim import compare_players, compare_variants, play_game, simulate, summarize


def test_simulation_is_seeded_and_rows_agree_with_replayed_games():
    a = simulate("tem_purr_a", n=25, players=4, seed=3)
    b = simulate("tem_purr_a", n=25, players=4, seed=3)
    assert a.equals(b)
    row = a.iloc[5]
    game = play_game("tem_purr_a", 4, int(row["seed"]))
    assert tuple(row["winners"]) == tuple(game.winners()) and row["steps"] == game.steps
    assert [row[f"score_{p}"] for p in range(4)] == game.scores()


def test_summary_win_rates_share_ties_and_add_to_one():
    df = simulate("tem_purr_a", n=60, players=3, seed=0)
    s = summarize(df)
    assert s["games"] == 60 and abs(sum(s["win_rate"]) - 1) < 1e-9
    tied = df[df["winners"].map(len) > 1]
    for _, row in tied.iterrows():
        assert sum(row[f"win_{p}"] for p in range(3)) == pytest.approx(1)
    assert s["mean_rounds"] == pytest.approx(df["rounds"].mean())


def test_variants_are_compared_on_the_same_seeds():
    df = compare_variants("tem_purr_a", {"always": {"extra_indigestion": "always"},
                                         "never": {"extra_indigestion": "never"}}, n=80, players=4)
    assert list(df["variant"].unique()) == ["always", "never"]
    assert (df.groupby("variant")["seed"].apply(list).apply(tuple).nunique()) == 1
    rounds = df.groupby("variant")["rounds"].mean()
    # more indigestion cards make rounds end sooner, so a game has fewer actions per round
    steps_per_round = df.groupby("variant")["steps"].sum() / df.groupby("variant")["rounds"].sum()
    assert steps_per_round["always"] < steps_per_round["never"]
    assert rounds.notna().all()


def test_player_counts_and_bad_inputs():
    df = compare_players("tem_purr_a", [3, 5], n=10)
    assert sorted(df["players"].unique()) == [3, 5]
    with pytest.raises(OptionError, match="n must be"):
        simulate("tem_purr_a", n=0)
    with pytest.raises(OptionError, match="one per seat"):
        simulate("tem_purr_a", n=2, players=3, bots=["random", "cautious"])
    with pytest.raises(kitchenlab.UnknownGameError):
        simulate("pizza", n=2)


def test_a_long_in_process_run_keeps_the_diced_veggies_caches_bounded():
    from kitchenlab.diced_veggies import actions, cleaver, legal

    assert legal.CUT_CACHE_SIZE <= 2_000 and actions.ACTION_CACHE_SIZE <= 20_000
    assert cleaver._cached.cache_info().maxsize is not None
    simulate("diced_veggies", n=40, players=2, seed=0, workers=1)
    assert 0 < len(legal._CUT_CACHE) <= legal.CUT_CACHE_SIZE + 1
    assert 0 < len(actions._CACHE) <= actions.ACTION_CACHE_SIZE + 1


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    # two worker processes, as on a real cluster: jobs, bots and rows travel by (cloud)pickle
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        yield client


def test_a_dask_cluster_plays_the_same_table_as_this_process(dask_client):
    executor = dask_client.get_executor()
    assert simulate("tem_purr_a", n=60, players=4, seed=9, workers=executor).equals(
        simulate("tem_purr_a", n=60, players=4, seed=9, workers=1))
    arms = {"always": {"extra_indigestion": "always"}, "never": {"extra_indigestion": "never"}}
    on_cluster = compare_variants("tem_purr_a", arms, n=30, players=3, seed=2, bots="cautious", workers=executor)
    assert on_cluster.equals(compare_variants("tem_purr_a", arms, n=30, players=3, seed=2, bots="cautious", workers=1))
    assert list(on_cluster["variant"].unique()) == ["always", "never"] and len(on_cluster) == 60


def test_a_game_failing_on_a_dask_cluster_names_its_seed(dask_client):
    from kitchenlab.sim import GameFailedError

    def bot(state, rng):   # a nested function is fine here: Dask sends functions with cloudpickle
        if state.seed == 13:
            raise ZeroDivisionError("bad arithmetic in the bot")
        return rng.choice(state.legal_actions())

    with pytest.raises(GameFailedError, match=r"the game with seed 13 failed.*ZeroDivisionError"):
        simulate("tem_purr_a", n=400, players=3, seed=0, bots=bot, workers=dask_client.get_executor())
