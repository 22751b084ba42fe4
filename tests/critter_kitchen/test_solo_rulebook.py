"""McDogald's, the solo opponent, as the rulebook's "Solo Mode" pages print it (each test names the
rule; numbers are the rulebook's where it gives them, else the kit's assumed tables in data/)."""

from __future__ import annotations

import json

import pytest

import kitchenlab
from kitchenlab import sim
from kitchenlab.critter_kitchen import scoring, solo
from kitchenlab.critter_kitchen.components import load_components
from kitchenlab.critter_kitchen.shop import LocationRun
from kitchenlab.critter_kitchen.tokens import BIS, SOU, token

C = load_components()


def solo_state(seed: int = 0, **options):
    return kitchenlab.new_game("critter_kitchen", players=1, seed=seed, **options).copy()


def rival_at(state, items, chef=(1, 2, "lizard")):
    """Put a lone McDogald's chef at a location holding ``items``; return that chef."""
    state.run = LocationRun("X", list(items), [chef], state.priority, known={1: state.known_kinds(1)})
    return state.run.advance()


@pytest.fixture(scope="module")
def games():
    return [sim.play_game("critter_kitchen", 1, seed, "greedy") for seed in range(6)]


# ------------------------------------------------------------------ 1. no critic rule for McDogald's

def test_its_final_scoring_applies_no_critic_rule():
    # [RB] Henry's bread 6 is a 9 with the Kangaroo; McDogald's ignores the Kangaroo: its carrot 6
    # stays 6 and Henry's carrot 7 wins the course
    henry, mcd = scoring.score_critic_meals(["bread6 carrot7", "bread7 carrot6"], [0, 0], critic="kangaroo",
                                            automated=[False, True])
    assert henry.course_qualities[:2] == (9, 7) and mcd.course_qualities[:2] == (7, 6)
    assert henry.best_course_types == ("bread", "carrot") and mcd.best_course_types == ()


def test_fanatic_rumors_still_double_its_courses():
    _, mcd = scoring.score_critic_meals(["fish2", "fish6+spice"], [0, 0], critic="kangaroo",
                                        rumors=["fish_fanatic"], automated=[False, True])
    assert mcd.course_qualities[3] == 24          # 6 (not 9) spiced = 12, doubled by the Fish Fanatic


def test_no_critic_bonus_for_it():
    me, mcd = scoring.score_critic_meals(["fish5", "fish5"], [0, 0], critic="capybara",
                                         challenges_served=[2, 2], automated=[False, True])
    assert me.bonus == 2 * C.critic("capybara").bonus_stars and mcd.bonus == 0


def test_its_meal_ignores_the_critic(games):
    for s in games:
        meal = scoring.critic_courses({t: " ".join(p.note for p in items)
                                       for t, items in s.critic_meals[1].items()})
        assert all(len(meal[t]) <= 1 for t in meal)     # one ingredient per course whatever the critic


# ------------------------------------------------------------------ 2. rumor tokens

def test_it_takes_a_rumor_when_its_row_says_so():
    s = solo_state()
    assert C.critics_choice_day("standard", 1)[0] == "rumor"
    chef = rival_at(s, ["fish7", "rumor2", "wild"])
    assert solo.rival_choice(s, chef) == (token("rumor2"), None)


def test_a_wild_goes_to_its_leftmost_empty_space_and_a_known_kind_is_refused():
    s = solo_state()
    s.rumors = (s.rumors[0], (None, token("rumor2"), None))
    chef = rival_at(s, ["rumor2", "wild", "fish7"])
    assert solo.rival_choice(s, chef) == (token("wild"), 1)
    s.rumors = (s.rumors[0], (token("wild"), token("rumor2"), token("rumor3")))
    chef = rival_at(s, ["rumor2", "wild", "fish7"])
    assert solo.rival_choice(s, chef)[0] == token("fish7")


def test_it_gains_the_days_stars_at_once_for_each_rumor_token(games):
    seen = 0
    for s in games:
        for reason, n in s.star_log[1]:
            if reason.startswith("rumor token"):
                day = int(reason.rsplit("day ", 1)[1].rstrip(")"))
                assert n == C.solo_rumor_token_stars(day)
                seen += 1
    assert seen > 0
    assert [C.solo_rumor_token_stars(d) for d in (1, 2, 3)] == [r.stars for r in C.solo_rumor_days]
    assert all(r.assumed for r in C.solo_rumor_days)


def test_at_the_end_it_gains_each_cards_dots_taken_or_not():
    _, mcd = scoring.score_critic_meals(["fish5", ""], [0, 0], rumors=["mercurial", "big_cheese", "tender"],
                                        automated=[False, True])
    assert dict(mcd.rumors) == {"mercurial": C.solo_rumor_card_stars("mercurial"),
                                "big_cheese": C.solo_rumor_card_stars("big_cheese"), "tender": 0}
    groups = {g.group: g for g in C.solo_rumor_dots}
    assert groups["none"].stars == 0 and not groups["none"].assumed
    assert set(groups["none"].rumors) >= {f"{t}_fanatic" for t in ("bread", "fish", "wine")} | {"spice_lover", "tender"}
    assert groups["one"].assumed and groups["two"].assumed
    assert sum(len(g.rumors) for g in C.solo_rumor_dots) == 28


# ------------------------------------------------------------------ 3. its critic meal uses its spices

def test_its_critic_meal_spices_and_allspice():
    s = solo_state()
    s.storage[1] = [token(t) for t in "bread6 bread4 fish5 fish-spice carrot6 meat6 allspice".split()]
    meal = solo.rival_critic_meal(s)
    # fish takes its own spice; the allspice goes on the highest unspiced ingredient, bread 6 before
    # carrot 6 and meat 6 by the card's list
    assert meal == {"bread": "bread6+allspice", "fish": "fish5+spice", "carrot": "carrot6", "meat": "meat6"}


def test_game_end_serves_its_spiced_meal(games):
    assert any("+" in p.note for s in games for items in s.critic_meals[1].values() for p in items)


# ------------------------------------------------------------------ 4. challenge stars

def test_challenge_stars_above_printed_ingredients():
    s = solo_state()
    s.challenges = ("ultimate_melt", "wine_and_dine", "tasty_tapas") + s.challenges[3:]
    s.round, s.revealed, s.hold = 3, 3, {3: 2}                 # the Hold covers Tasty Tapas's bread
    assert solo.mark_challenge(s, "bread") == (0, 0)           # Ultimate Melt's bread
    assert solo.mark_challenge(s, "bread") is None             # at most one star per printed bread
    assert solo.mark_challenge(s, "carrot") == (2, 0)
    before = s.solo_marks
    solo.after_pick(s, token("allspice"))                       # allspice marks nothing
    assert s.solo_marks == before
    solo.after_pick(s, token("fish-spice"))                     # a spice does
    assert (0, 2) in s.solo_marks
    stars = s.stars[1]
    solo.collect_challenge_stars(s)
    assert s.stars[1] == stars + 3 * C.setting_int("solo_challenge_star")


def test_it_serves_no_meals(games):
    for s in games:
        assert s.served[1] == ()
        assert not any(r.startswith("challenge") and n > 3 * 3 for r, n in s.star_log[1])


# ------------------------------------------------------------------ 5. soup goes back

def test_it_returns_soup_and_bisque():
    s = solo_state()
    s.storage[1] = [token("soup"), token("bisque"), token("fish5")]
    supply = s.bisque_supply
    solo.return_soups(s)
    assert s.storage[1] == [token("fish5")] and s.bisque_supply == supply + 1


def test_no_soup_ever_stays_with_it(games):
    from kitchenlab.critter_kitchen import greedy_bot
    from kitchenlab.engine import Rng

    for seed in range(3):
        st, rng, seen = solo_state(seed), Rng(seed), 0
        while not st.is_over:
            st = st.apply(greedy_bot(st, rng))
            assert not any(t.kind is SOU or t.kind is BIS for t in st.storage[1])
            seen += 1
        assert seen > 20
    # its Most Soup value is one item drawn from the bag
    assert all(any("from the bag: its soup value is" in line for line in s.log) for s in games)


# ------------------------------------------------------------------ 6. a tie is a loss

def test_a_tie_is_a_loss(games):
    s = games[0].copy()
    s.stars = (20, 20)
    assert s.winners() == []
    assert "a tie is a loss" in s.result_text()
    s.stars = (21, 20)
    assert s.winners() == [0]
    s.stars = (19, 20)
    assert s.winners() == []


# ------------------------------------------------------------------ 7. the result names its stars

def test_result_names_mcdogalds_stars(games):
    for s in games:
        text = s.result_text()
        assert f"Player 1 {s.stars[0]} star(s)" in text and f"McDogald's {s.stars[1]} star(s)" in text
        assert s.log[-1] == text


def test_cli_play_prints_both(capsys):
    from kitchenlab import cli

    cli.main(["play", "critter_kitchen", "--players", "1", "--seed", "2"])
    out = capsys.readouterr().out
    assert "McDogald's" in out.splitlines()[-1] and "star(s)" in out.splitlines()[-1]


# ------------------------------------------------------------------ 15. itemised final score, every plate

def test_every_plate_and_itemised_score_shown(games):
    s = games[1]
    final = s.view(0)["final"]
    assert [f["name"] for f in final] == ["Player 1", "McDogald's"]
    for f, r in zip(final, s.results):
        assert [c["quality"] for c in f["plate"]] == list(r.course_qualities)
        assert sum(c["quality"] for c in f["plate"]) == f["track total"]
        assert f["stars"] == (f["most soup"] + f["seven courses"] + f["best-of-course stars"]
                              + sum(x["stars"] for x in f["rumor cards"]) + f["bonus"] + f["track stars"])
    assert sum("critic plate:" in line for line in s.log) == 2
    assert json.dumps(s.view(None)["final"])


def test_its_picks_ignore_the_critic():
    picks = set()
    for critic in ("kangaroo", "mouse", "rabbit", "tree_shrew"):
        s = solo_state(critic=critic)
        s.challenges = ("wine_and_dine",) + s.challenges[1:]
        s.revealed = 1
        chef = rival_at(s, ["bread6", "carrot6", "cheese5"])
        picks.add(solo.rival_choice(s, chef))
    # [RB] example: nothing required, no zous-chef, spice or 7: bread 6 before carrot 6 by the list
    assert picks == {(token("bread6"), None)}
