"""The what-if tables and the one what-if panel of every game: win shares as percentages with their
interval, the same games as one sim.compare, options and values in words, and a sentence saying so
exactly when the arms give the same results."""

import pandas as pd
import pytest

import kitchenlab
from kitchenlab import sim
from kitchenlab.errors import OptionError
from kitchenlab.what_if import (
    NO_CHANGE, as_percent, bot_share_table, experiments, option_arms, option_values, result_sentences, run_arms,
    result_table, same_result_groups, what_if_panel, win_share_table, win_share_text, with_intervals,
)

ARMS = {"choose": {}, "never": {"extra_indigestion": "never"}}
KIT_GAMES = ("chefs", "critter_kitchen", "diced_veggies", "tem_purr_a")


def test_win_share_text_is_a_percentage_with_its_wilson_interval():
    low, high = sim.win_share_interval(62.4, 300)
    assert win_share_text(62.4, 300) == f"21 % ({100 * low:.0f}–{100 * high:.0f} %)" == "21 % (17–26 %)"
    assert win_share_text(0, 10) == "0 % (0–28 %)"


def test_batched_runs_give_the_same_table_as_one_compare():
    df = run_arms("tem_purr_a", ARMS, 40, 4, 0, "cautious", workers=1)
    assert df.equals(sim.compare("tem_purr_a", ARMS, n=40, players=4, seed=0, bots="cautious", workers=1))


def test_win_share_table_has_no_bare_fractions():
    df = run_arms("tem_purr_a", ARMS, 16, 3, 0, "cautious", workers=1)
    table = win_share_table(df)
    assert list(table.index) == ["choose", "never"] and list(table["games"]) == [16, 16]
    for cell in table[["P1 wins", "P2 wins", "P3 wins"]].to_numpy().ravel():
        assert cell.endswith(" %)") and " % (" in cell
    shares = bot_share_table(df.assign(), ["cautious", "cautious", "cautious"])
    assert shares.loc["cautious", "share of all wins"].startswith("100 %")


def test_a_games_own_table_gets_the_same_writing():
    table = pd.DataFrame({"games": [150, 100], "win share": [0.36, 0.14], "knew": [0.5, float("nan")]})
    out = as_percent(with_intervals(table, ["win share"]), ["knew"])
    assert list(out["win share"]) == [win_share_text(54, 150), win_share_text(14, 100)]
    assert list(out["knew"]) == ["50 %", ""]
    assert with_intervals(table, ["win share"], games=150)["win share"][1] == win_share_text(0.14 * 150, 150)


# ------------------------------------------------------------------ one panel for every game


def registry_games():
    from toy_game import INFO   # an outside game, registered by hand (Dice Nim)

    return [*kitchenlab.available_games(), INFO.name]


@pytest.mark.parametrize("game", registry_games())
def test_the_panel_builds_for_every_game_from_its_game_info(game):
    info = kitchenlab.game_info(game)
    panel = what_if_panel(game)
    c = panel.controls
    listed = [o.title() for o in info.options if len(option_values(o)) > 1]
    assert list(c["rule"].options) == [NO_CHANGE, *listed]
    assert [v for _, v in c["players"].options] == list(info.players)
    assert c["players"].value == info.default_players
    assert list(c["bots"].options) == list(info.bots) and c["bots"].value in info.bots
    solo = [label for label, k in c["players"].options if k == 1]
    assert solo == (["solo"] if 1 in info.players else [])
    for title in listed:
        for label in experiments(game)[title]:
            assert "_" not in label and label.startswith(title + ": ")


def test_the_kit_games_offer_solo_where_they_have_a_one_player_game():
    labels = {g: [label for label, _ in what_if_panel(g).controls["players"].options] for g in KIT_GAMES}
    assert labels["critter_kitchen"][0] == "solo" and labels["diced_veggies"][0] == "solo"
    assert "solo" not in labels["chefs"] + labels["tem_purr_a"]
    assert labels["chefs"][0] == "2 players"


def test_the_outside_game_runs_in_the_panel():
    panel = what_if_panel("dice_nim", "pile", n=8, workers=1)
    panel.run()
    assert list(panel.result["variant"].unique()) == ["Pile: 5 (the default)", "Pile: 1", "Pile: 50"]
    assert (panel.controls["progress"].value, panel.controls["progress"].max) == (24, 24)


@pytest.mark.parametrize("game", KIT_GAMES)
def test_every_option_of_the_kit_games_is_declared_in_words(game):
    for option in kitchenlab.game_info(game).options:
        assert option.label and "_" not in option.label
        declared = {value for value, _ in option.words}
        assert set(option.choices) <= declared, (option.name, set(option.choices) - declared)
        if option.kind is bool:
            assert declared == {True, False}, option.name
        for value in option_values(option):
            text = option.describe(value)
            assert "_" not in text and text.startswith(option.label + ": "), text


def test_option_words_are_what_a_learner_reads():
    assert list(option_arms("diced_veggies", "final_turns")) == [
        "Final turns: every player, the one who ended included (the default)",
        "Final turns: every player but the one who ended"]
    assert list(option_arms("diced_veggies", "chef_number"))[1] == "The chef token's new number: one up or one down only"
    assert kitchenlab.game_info("chefs").option("first_player").describe(0) == "First player: Player 1"


def test_the_panel_table_shows_rules_in_words():
    panel = what_if_panel("diced_veggies", "final_turns", n=8, workers=1)
    assert "every player but the one who ended" in panel.controls["about"].value
    panel.run()
    table = result_table(panel.result)
    assert list(table.index) == list(option_arms("diced_veggies", "final_turns"))
    assert table.index.name == "rule" and list(table.columns) == ["games", "P1 wins", "P2 wins", "mean score per player"]


# ------------------------------------------------------------------ the same result, and why


def test_identical_arms_are_named_with_the_reason_the_kit_knows():
    panel = what_if_panel("diced_veggies", "chef_number", n=16, bots="greedy", workers=1)
    panel.run()
    assert panel.sentences == [
        "Both rules give the same result in all 16 games: every score and every winner is the same.",
        "Why: the bots never used the chef token to change a die's number by more than one in these 16 games, "
        "so the rule never came into play."]
    assert "Both rules give the same result" in panel.controls["verdict"].value
    assert panel.result["situation chef_number"].sum() == 0


def test_arms_that_differ_get_no_same_result_sentence():
    panel = what_if_panel("diced_veggies", "final_turns", n=16, bots="greedy", workers=1)
    panel.run()
    assert len(panel.sentences) == 1 and "same result" not in panel.sentences[0]
    differ = sum(1 for a, b in zip(*(part["winners"].tolist() + part["score_0"].tolist()
                                     for _, part in panel.result.groupby("variant", sort=False))) if a != b)
    assert differ > 0
    assert panel.sentences[0].startswith("The rules give different results: scores or winners differ in ")


def test_random_bots_meet_the_chef_token_situation_and_the_rules_part_ways():
    df = run_arms("diced_veggies", option_arms("diced_veggies", "chef_number"), 16, 2, 0, "random", workers=1)
    assert same_result_groups(df) == []
    assert "same result" not in " ".join(result_sentences("diced_veggies", option_arms("diced_veggies", "chef_number"),
                                                             df))


def test_three_arms_two_of_which_tie():
    arms = option_arms("tem_purr_a", "extra_indigestion")
    panel = what_if_panel("tem_purr_a", "extra_indigestion", n=12, bots="cautious", workers=1)
    panel.run()
    choose, always, never = arms
    assert same_result_groups(panel.result) == [[choose, always]]
    assert panel.sentences[0] == (f"“{choose}” and “{always}” give the same result in all 12 games: "
                                  "every score and every winner is the same.")
    assert panel.sentences[1].startswith("Why: the bots never turned the extra indigestion card down in these 12 games")


def test_same_result_groups_compare_game_by_game():
    rows = [{"variant": v, "seed": s, "winners": (w,), "score_0": sc, "score_1": 0}
            for v, games in {"a": [(0, 0, 3), (1, 0, 4)], "b": [(0, 0, 3), (1, 0, 4)], "c": [(0, 0, 4), (1, 0, 3)]}.items()
            for s, w, sc in games]
    df = pd.DataFrame(rows)
    assert same_result_groups(df) == [["a", "b"]]      # c has the same mean score, but not game by game
    arms = {"a": {}, "b": {}, "c": {}}
    assert result_sentences("tem_purr_a", arms, df) == [
        "“a” and “b” give the same result in all 2 games: every score and every winner is the same."]


def test_arms_a_table_cannot_be_dealt_are_left_out_in_words():
    panel = what_if_panel("chefs", "first_player", players=2, n=4, workers=1)
    panel.run()
    assert list(panel.result["variant"].unique()) == ["First player: Player 1 (the default)", "First player: Player 2"]
    left_out = [t for t in panel.sentences if t.startswith("Left out")]
    assert left_out == [f"Left out: “First player: Player {seat}”, which a game of 2 players cannot be dealt with."
                        for seat in (3, 4, 5, 6)]


def test_the_panel_refuses_what_the_game_has_not():
    with pytest.raises(OptionError):
        what_if_panel("tem_purr_a", players=9)
    with pytest.raises(OptionError):
        what_if_panel("tem_purr_a", bots="greedy")
    with pytest.raises(OptionError):
        what_if_panel("tem_purr_a", "no_such_option")


def test_the_panel_compares_scores_even_when_the_games_own_row_has_none():
    from kitchenlab.critter_kitchen.analysis import game_row

    from kitchenlab.what_if import PanelRow

    final = sim.play_game("critter_kitchen", 3, 0, "greedy")
    row = PanelRow({}, game_row)(final, 0)
    assert [row[f"score_{p}"] for p in range(3)] == final.scores() and "stars_0" in row
    assert PanelRow({"chef_number": "kitchenlab.diced_veggies.analysis:far_chef_numbers"})(
        sim.play_game("diced_veggies", 2, 1, "random"), 1)["situation chef_number"] == 2
