"""The solo game's assumed values and what they do to McDogald's total (rulebook, "Solo Mode").

The rulebook leaves these numbers to graphics: the stars "showing next to the critic" on the Critic's
Choice card, the stars McDogald's "immediately gains ... for each rumor they take, depending on which
day it is", and the rumor cards' dots ("Each dot is a star"). The kit assumes them [A].
"""

import pytest

from kitchenlab import sim
from kitchenlab.critter_kitchen import solo_analysis as sa
from kitchenlab.critter_kitchen.components import load_components

C = load_components()


def test_the_assumed_solo_values_load_marked_A():
    standard = C.critics_choice_card("standard")
    assert {r.source for r in standard} == {"A"} and standard[0].start_stars == 1
    assert [(r.day, r.stars, r.source) for r in C.solo_rumor_days] == [(1, 1, "A"), (2, 1, "A"), (3, 2, "A")]
    dots = {g.group: (g.stars, g.source) for g in C.solo_rumor_dots}
    assert dots == {"none": (0, "RB"), "one": (1, "A"), "two": (2, "A")}
    assert sa.solo_values() == {"start_stars": 1, "token_day1": 1, "token_day2": 1, "token_day3": 2,
                                "dots_one": 1, "dots_two": 2}


def test_solo_greedy_games_are_no_longer_a_certain_loss():
    games = sa.solo_games(40, seed=0, bots="greedy")
    wins = games[games["stars"] > games["rival_stars"]]
    assert len(wins) > 0
    assert list(wins["seed"]) == [14, 28]


def test_the_sources_add_up_to_mcdogalds_stars():
    final = sim.play_game("critter_kitchen", 1, 14, "greedy")
    src = sa.rival_sources(final)
    assert src["start"] == 1
    assert sa.rival_total(src, sa.solo_values()) == final.stars[1] == final.rival_stars


def test_moving_a_star_value_is_worked_out_exactly():
    # the star values change McDogald's total and nothing the bots see: recomputed == replayed
    other = {"start_stars": 1, "token_day1": 3, "token_day2": 2, "token_day3": 1, "dots_one": 2, "dots_two": 3}

    def tokens(rows):
        for r in rows:
            r["stars"] = str(other[f"token_day{r['day']}"])
        return rows

    def dots(rows):
        for r in rows:
            r["stars"] = str({"none": 0, "one": other["dots_one"], "two": other["dots_two"]}[r["group"]])
        return rows

    base = sa.solo_games(6, seed=0)
    again = sa.solo_games(6, seed=0, edits={"solo_rumor_tokens": tokens, "solo_rumor_dots": dots})
    assert list(again["stars"]) == list(base["stars"])
    assert [sa.rival_total(r, other) for r in base.to_dict("records")] == list(again["rival_stars"])
    assert load_components().solo_rumor_token_stars(1) == 1          # the kit's data untouched afterwards


def test_a_deck_edit_plays_other_games_and_is_undone():
    edited = sa.solo_games(3, seed=0, edits={"solo_placement": sa._placement("any")})
    base = sa.solo_games(3, seed=0)
    assert list(edited["rival_stars"]) != list(base["rival_stars"])
    assert list(sa.solo_games(3, seed=0)["rival_stars"]) == list(base["rival_stars"])


@pytest.fixture(scope="module")
def stored():
    return sa.read_solo_sensitivity()


def test_the_stored_table_was_measured_with_the_kit_values(stored):
    kit = sa.solo_values()
    for key, name in sa.SOLO_VALUE_NAMES.items():
        rows = stored[(stored["value"] == name) & stored["kit"]]
        assert list(rows["setting"].astype(int)) == [kit[key]], name
    shipped = stored[stored["kit"]]
    assert shipped["McDogald's stars"].nunique() == 1 and shipped["wins"].nunique() == 1
    assert int(shipped["wins"].iloc[0]) > 0 and int(shipped["games"].iloc[0]) == 200


def test_a_small_sensitivity_table_has_every_row():
    table = sa.solo_sensitivity(n=4, seed=0)
    steps = sum(len(set(v) | {sa.solo_values()[k]}) for k, v in sa.SOLO_STAR_STEPS.items())
    assert len(table) == steps + len(sa.solo_deck_arms())
    start = table[table["value"] == sa.SOLO_VALUE_NAMES["start_stars"]].set_index("setting")["McDogald's stars"]
    assert start["6"] - start["0"] == pytest.approx(6)        # one start star is one McDogald's star
