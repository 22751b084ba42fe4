"""The what-if tables and panel: win shares as percentages with their interval, the same games as one sim.compare."""

import pytest

from kitchenlab import sim
from kitchenlab.errors import OptionError
from kitchenlab.what_if import (
    as_percent, bot_share_table, run_arms, what_if_panel, win_share_table, win_share_text, with_intervals,
)

ARMS = {"choose": {}, "never": {"extra_indigestion": "never"}}


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


def test_panel_runs_the_chosen_arm_and_fills_its_progress_bar():
    panel = what_if_panel("tem_purr_a", ARMS, players=4, n=16, bots="cautious")
    c = panel.controls
    assert c["variant"].options[1:] == ("choose", "never") and c["players"].value == 4
    c["variant"].value = "never"
    c["games"].value = 8
    panel.run()
    assert (c["progress"].value, c["progress"].max) == (8, 8)
    assert not c["run"].disabled
    with pytest.raises(OptionError):
        what_if_panel("tem_purr_a", ARMS, players=9)


def test_a_games_own_table_gets_the_same_writing():
    import pandas as pd

    table = pd.DataFrame({"games": [150, 100], "win share": [0.36, 0.14], "knew": [0.5, float("nan")]})
    out = as_percent(with_intervals(table, ["win share"]), ["knew"])
    assert list(out["win share"]) == [win_share_text(54, 150), win_share_text(14, 100)]
    assert list(out["knew"]) == ["50 %", ""]
    assert with_intervals(table, ["win share"], games=150)["win share"][1] == win_share_text(0.14 * 150, 150)
