"""Audit of Critter Kitchen's challenge meals in the game (rules digest: "Challenge meals (after
rounds 3 and 6)" and its worked examples). Expected numbers come from the digest."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab.critter_kitchen import greedy_bot
from kitchenlab.critter_kitchen.actions import Phase
from kitchenlab.critter_kitchen.tokens import tokens_of
from kitchenlab.engine import Rng


def at_day_one(players=3, seed=3, challenges=("ultimate_melt", "wine_and_dine", "tasty_tapas"), **opts):
    """A state at the day-1 challenge meals, seat 0 to act, with the day's three challenges set
    (the third one sits under the Hold)."""
    s = kitchenlab.new_game("critter_kitchen", players=players, seed=seed, **opts)
    rng = Rng(seed)
    while s.phase is not Phase.CHALLENGE:
        s = s.apply(greedy_bot(s, rng))
    s = s.copy()
    s.challenges = tuple(challenges) + s.challenges[3:]
    s.turn = 0
    s.meals = [{} for _ in s.meals]
    s.served = ((),) * len(s.served)
    s.next_moves = s.moves_of = None
    return s


def texts(state):
    return [a.text for a in state.legal_actions()]


def serve(state, adds, meal=1):
    for a in adds:
        state = state.apply(f"add {a} to meal {meal}")
    return state.apply(f"serve meal {meal}")


@pytest.mark.parametrize("adds,quality,stars", [
    (["fish3", "bread2", "cheese2"], 7, 1),
    (["fish5", "bread4", "cheese2"], 11, 1),
    (["fish7", "bread4", "cheese2", "soup"], 14, 2),
    (["fish7", "bread6", "cheese6", "soup"], 20, 2),
    (["fish7+spice", "bread2+spice", "bisque"], 21, 4),
])
def test_quality_bands_give_1_2_or_4_stars_in_the_game(adds, quality, stars):
    """Stars: quality 6-11 -> 1, 12-20 -> 2, 21 or more -> 4 (Ultimate Melt: bread, cheese, fish)."""
    s = at_day_one()
    s.storage[0] = tokens_of("fish3 fish5 fish7 bread2 bread4 bread6 cheese2 cheese6 fish-spice bread-spice "
                             "soup bisque")
    before = s.stars[0]
    s = serve(s, adds)
    assert s.served[0][-1][2:] == (quality, stars)
    assert s.stars[0] - before == stars


def test_a_meal_meeting_every_requirement_below_quality_6_cannot_be_served():
    """Quality 0-5 is not presentable: bread 2 + cheese 2 + a soup for the fish = 5 is refused;
    one more soup makes 6, 1 star."""
    s = at_day_one()
    s.storage[0] = tokens_of("bread2 cheese2 soup soup")
    s = s.apply("add bread2 to meal 1").apply("add cheese2 to meal 1").apply("add soup to meal 1")
    assert "serve meal 1" not in texts(s)
    s = s.apply("add soup to meal 1")
    assert "serve meal 1" in texts(s)
    s = s.apply("serve meal 1")
    assert s.served[0][-1][2:] == (6, 1)


def test_one_meal_per_challenge_and_served_items_go_back_to_bag_and_supply():
    """At most one meal per challenge per player; served ingredients and spices go back to the bag,
    bisque to the supply, soup to the (unlimited) supply."""
    s = at_day_one()
    s.storage[0] = tokens_of("fish7 fish-spice bread2 bisque soup cheese3 fish2 meat7 soup soup")
    bag, supply = list(s.bag), s.bisque_supply
    s = serve(s, ["fish7+spice", "bread2", "bisque", "soup"])
    assert sorted(s.bag) == sorted(bag + tokens_of("fish7 fish-spice bread2"))
    assert s.bisque_supply == supply + 1
    assert sorted(s.storage[0]) == sorted(tokens_of("cheese3 fish2 meat7 soup soup"))
    assert s.current_player == 0                        # Wine & Dine is still open to this player
    assert not any(t.endswith("to meal 1") or t == "serve meal 1" for t in texts(s))
    assert "add cheese3 to meal 2" not in texts(s)      # Wine & Dine does not take cheese


def test_a_spice_never_stands_alone_and_one_spice_per_ingredient():
    """Quality: a spice doubles the one ingredient it is paired with (matching or allspice); at most
    one spice per ingredient; a spice never stands alone."""
    s = at_day_one()
    s.storage[0] = tokens_of("fish4 fish-spice allspice meat-spice soup soup")
    legal = s.legal_actions()
    for a in legal:
        assert a.token is None or a.token.kind != "spice"
    got = [a.text for a in legal if "meal 1" in a.text]
    assert got == ["add fish4 to meal 1", "add fish4+spice to meal 1", "add fish4+allspice to meal 1",
                   "add soup to meal 1"]
    s = serve(s, ["fish4+allspice", "soup", "soup"])
    # fish 4 x 2 + a soup for the bread and one for the cheese: the other spices stay behind
    assert s.served[0][-1][2] == 10
    assert sorted(s.storage[0]) == sorted(tokens_of("fish-spice meat-spice"))


def test_only_that_days_three_challenges_are_open_on_day_two():
    """The 3 challenges revealed that day are open: on day 2, challenges 4-6, not those of day 1."""
    s = kitchenlab.new_game("critter_kitchen", players=2, seed=7)
    rng = Rng(7)
    while not (s.phase is Phase.CHALLENGE and s.round == 6):
        s = s.apply(greedy_bot(s, rng))
    assert [ci for ci, _ in s.day_challenges()] == [3, 4, 5]
    assert not any("meal 4" in t for t in texts(s))


def test_heron_sanchez_player_is_asked_when_only_his_doubling_makes_a_meal_presentable():
    """Challenge meals with the restaurateur module: Herón Sanchez doubles an unspiced ingredient of
    each type, so bread 3 x 2 + 2 soups = 8 is a 1-star meal for Ultimate Melt (bread; cheese and
    fish by soups). The game must let that player cook it instead of skipping their turn as if no
    meal were possible."""
    s = at_day_one(players=2, restaurateurs=True)
    s.rest = ("heron_sanchez", "brewer")
    s.storage[0] = tokens_of("bread3 soup soup")
    s._settle()
    assert s.phase is Phase.CHALLENGE and s.current_player == 0
    before = s.stars[0]
    s = serve(s, ["bread3", "soup", "soup"])
    assert s.served[0][-1][2:] == (8, 1) and s.stars[0] - before == 1


def test_rumors_never_affect_a_challenge_meal():
    """Worked example [RB]: rumors never affect challenges. With the Fish Fanatic in play and known,
    fish 7 + spice (14) + bread 2 + cheese 3 is still 19: 2 stars."""
    s = at_day_one()
    s.rumor_cards = ("fish_fanatic", "bread_fanatic", "mercurial")
    s.rumors = (("rumor1", "rumor2", "rumor3"),) + tuple(s.rumors[1:])
    s.storage[0] = tokens_of("fish7 fish-spice bread2 cheese3")
    s = serve(s, ["fish7+spice", "bread2", "cheese3"])
    assert s.served[0][-1][2:] == (19, 2)


def test_tasty_tapas_under_the_hold_in_the_game_is_12_for_2_stars():
    """Worked example [RB]: Tasty Tapas as the day's third challenge (under the Hold): carrot 6,
    carrot 2, mushroom 3 and a soup that stands in for nothing = 12 -> 2 stars."""
    s = at_day_one(challenges=("ultimate_melt", "wine_and_dine", "tasty_tapas"))
    s.storage[0] = tokens_of("carrot6 carrot2 mushroom3 soup")
    before = s.stars[0]
    s = s.apply("add carrot6 to meal 3").apply("add carrot2 to meal 3").apply("add mushroom3 to meal 3")
    assert "serve meal 3" in texts(s)                    # the soup is not needed for a requirement
    s = s.apply("add soup to meal 3").apply("serve meal 3")
    assert s.served[0][-1][2:] == (12, 2) and s.stars[0] - before == 2
