"""Critter Kitchen's shop step: one location at a time (rules digest, "A round", step 4)."""

from __future__ import annotations

import pytest

from kitchenlab.critter_kitchen import simulate_location
from kitchenlab.critter_kitchen.shop import LocationRun

import kitchenlab


def never_home(player, capacity, available):
    return available[0]


# ---------------------------------------------------------------- queues and capacity


def test_a_lone_chef_takes_up_to_its_capacity():
    r = simulate_location("fish7 bread2 cheese4 meat5", [(0, 2)], priority=[0])
    assert r.picks == ((0, "fish7"), (0, "meat5"))
    assert r.leftovers == ("bread2", "cheese4")
    assert r.soups == ()


def test_a_lone_boar_stops_when_the_location_is_empty_and_gets_no_soup():
    r = simulate_location("fish2", [(0, 3)], priority=[0])
    assert r.picks == ((0, "fish2"),)
    assert r.soups == ()            # a chef with at least one item never gets the consolation soup


def test_queues_pick_in_capacity_order_1_then_2_then_3():
    # the boar is listed first and its player's hat is rightmost, yet the mouse picks first
    r = simulate_location("fish7 wine6 meat5 bread4 carrot3 cheese2", [(0, 3), (1, 1), (2, 2)], priority=[1, 2, 0])
    assert [p for p, _ in r.picks] == [1, 2, 2, 0, 0, 0]
    assert r.picks[0] == (1, "fish7")
    assert r.picks[1:3] == ((2, "wine6"), (2, "meat5"))


def test_tied_chefs_alternate_one_item_at_a_time_rightmost_hat_first():
    r = simulate_location("fish7 wine6 meat5 bread4", [(0, 2), (1, 2)], priority=[0, 1])
    assert r.picks == ((1, "fish7"), (0, "wine6"), (1, "meat5"), (0, "bread4"))
    r = simulate_location("fish7 wine6 meat5 bread4", [(0, 2), (1, 2)], priority=[1, 0])
    assert r.picks == ((0, "fish7"), (1, "wine6"), (0, "meat5"), (1, "bread4"))


def test_three_tied_chefs_keep_the_cycle():
    r = simulate_location("fish7 wine6 meat5 bread4 carrot3 cheese2", [(0, 2), (1, 2), (2, 2)], priority=[2, 0, 1])
    assert [p for p, _ in r.picks] == [1, 0, 2, 1, 0, 2]


# ---------------------------------------------------------------- the priority track


def test_first_tied_chef_making_the_location_first_pick_sends_its_hat_to_the_back():
    r = simulate_location("fish7 wine6", [(0, 1), (1, 1)], priority=[2, 0, 1])
    assert r.picks[0] == (1, "fish7")
    assert r.priority == (1, 2, 0)          # player 1's hat moved to the left end


def test_no_hat_moves_when_a_lone_chef_made_the_first_pick():
    # the lone mouse picks first; the tied lizards come after, so no hat moves
    r = simulate_location("fish7 wine6 meat5 bread4 carrot3", [(2, 1), (0, 2), (1, 2)], priority=[0, 1, 2])
    assert r.picks[0] == (2, "fish7")
    assert r.priority == (0, 1, 2)


def test_no_hat_moves_without_a_tie():
    r = simulate_location("fish7 wine6", [(0, 1), (1, 2)], priority=[0, 1])
    assert r.priority == (0, 1)


def test_variant_s0_no_hat_moves():
    r = simulate_location("fish7 wine6", [(0, 1), (1, 1)], priority=[0, 1], hat_move=False)
    assert r.picks == ((1, "fish7"), (0, "wine6"))
    assert r.priority == (0, 1)


def test_a_moved_hat_changes_the_order_of_later_queues_at_the_same_location():
    # mice tie: player 1 (rightmost) picks first and goes to the back; the boars then start with player 0
    r = simulate_location("fish7 wine6 meat5 bread4 carrot3 cheese2 mushroom2",
                          [(0, 1), (1, 1), (0, 3), (1, 3)], priority=[0, 1])
    assert r.picks[:2] == ((1, "fish7"), (0, "wine6"))
    assert r.priority == (1, 0)
    assert r.picks[2] == (0, "meat5")


# ---------------------------------------------------------------- consolation soup


def test_a_chef_going_home_empty_takes_one_soup_whatever_its_capacity():
    r = simulate_location("fish2", [(0, 1), (1, 3)], priority=[0, 1])
    assert r.picks == ((0, "fish2"),)
    assert r.soups == (1,)                 # one soup, not three


def test_going_home_early_for_soup():
    def choose(player, capacity, available):
        return None if player == 1 else available[0]

    r = simulate_location("fish2 bread3", [(0, 1), (1, 2)], priority=[0, 1])
    assert r.soups == ()
    r = simulate_location("fish2 bread3", [(0, 1), (1, 2)], priority=[0, 1], choose=choose)
    assert r.soups == (1,)
    assert r.leftovers == ("bread3",)


def test_a_chef_with_an_item_cannot_go_home_early():
    calls = []

    def choose(player, capacity, available):
        calls.append(player)
        return available[0] if len(calls) == 1 else None

    with pytest.raises(ValueError, match="may not go home"):
        simulate_location("fish2 bread3 meat4", [(0, 3)], priority=[0], choose=choose)


def test_the_soup_truck_has_endless_soup():
    r = simulate_location("soup bisque fish3", [(0, 3), (1, 2)], priority=[0, 1])
    # bisque (3) and fish3 tie on value: the first listed goes first
    assert r.picks == ((1, "bisque"), (1, "fish3"), (0, "soup"), (0, "soup"), (0, "soup"))
    assert r.soups == () and r.leftovers == ()


def test_going_home_early_is_offered_at_the_soup_truck_too():
    """Digest, consolation soup: a chef that has taken nothing may go home early, wherever it is."""
    run = LocationRun("Soup Truck", ["bisque"], [(0, 1, "mouse")], [0], unlimited_soup=True)
    chef = run.advance()
    assert run.may_go_home(chef)
    run = LocationRun("Garden Top Shop", ["fish2"], [(0, 1, "mouse")], [0])
    chef = run.advance()
    assert run.may_go_home(chef)


def test_at_the_soup_truck_going_home_early_keeps_the_hat_a_first_soup_would_move():
    """Digest, shop: the first of two tied chefs that takes the Soup Truck's first item (a soup) moves
    its hat to the back; going home early for the consolation soup is no pick, so the hat stays."""
    def home_first(player, capacity, available):
        return None if player == 1 else "soup"

    picked = simulate_location("soup", [(0, 1), (1, 1)], priority=[0, 1])
    assert picked.picks == ((1, "soup"), (0, "soup")) and picked.priority == (1, 0)
    home = simulate_location("soup", [(0, 1), (1, 1)], priority=[0, 1], choose=home_first)
    assert home.picks == ((0, "soup"),) and home.soups == (1,) and home.priority == (0, 1)


# ---------------------------------------------------------------- rumors


def test_a_known_rumor_cannot_be_taken():
    r = simulate_location("rumor1 fish2", [(0, 2)], priority=[0], known={0: [1]})
    assert r.picks == ((0, "fish2"),)
    assert r.leftovers == ("rumor1",)


def test_a_player_never_takes_the_same_rumor_twice():
    r = simulate_location("rumor2 rumor2 fish2", [(0, 3)], priority=[0])
    assert sorted(t for _, t in r.picks) == ["fish2", "rumor2"]
    assert r.leftovers == ("rumor2",)


def test_a_wild_token_counts_at_once_as_an_unknown_rumor():
    r = simulate_location("wild rumor2", [(0, 2)], priority=[0], known={0: ["rumor1"]}, choose=never_home)
    # the wild becomes rumor 2 (the lowest unknown), so the rumor2 token can no longer be taken
    assert r.picks == ((0, "wild"),)
    assert r.wild_as == ((0, 2),)
    assert r.leftovers == ("rumor2",)


def test_a_player_knowing_all_three_rumors_cannot_take_wild_tokens():
    r = simulate_location("wild fish3", [(0, 1), (1, 1)], priority=[0, 1], known={1: [1, 2, 3]}, choose=never_home)
    assert r.picks == ((1, "fish3"), (0, "wild"))
    r = simulate_location("wild", [(1, 2)], priority=[1], known={1: [1, 2, 3]})
    assert r.picks == () and r.soups == (1,)


def test_wild_choices_list_every_unknown_rumor():
    run = LocationRun("Water Market", ["wild", "fish2"], [(0, 2, "lizard")], [0], known={0: {2}})
    chef = run.advance()
    assert run.options(chef) == [("wild", 1), ("wild", 3), ("fish2", None)]


# ---------------------------------------------------------------- zous-chef abilities and bad input


def test_a_first_in_queue_zous_chef_picks_before_the_priority_track():
    run = LocationRun("Desert Vendor", ["fish7", "wine6"], [(0, 1, "mouse"), (1, 1, "zous:chipmunk")], [0, 1],
                      front=[(1, "zous:chipmunk")])
    run2 = LocationRun("Desert Vendor", ["fish7", "wine6"], [(0, 1, "mouse"), (1, 1, "zous:chipmunk")], [1, 0],
                       front=[(1, "zous:chipmunk")])
    for r in (run, run2):
        chef = r.advance()
        assert chef.name == "zous:chipmunk"


def test_a_choice_that_is_not_available_is_refused():
    with pytest.raises(ValueError, match="available"):
        simulate_location("fish2", [(0, 1)], priority=[0], choose=lambda p, c, a: "wine7")


def test_run_copies_are_independent():
    run = LocationRun("Garden Top Shop", ["fish7", "wine6"], [(0, 1, "mouse"), (1, 1, "mouse")], [0, 1])
    run.advance()
    copy = run.copy()
    copy.take("fish7")
    assert run.items == ["fish7", "wine6"] and copy.items == ["wine6"]
    assert run.priority == [0, 1] and copy.priority == [1, 0]


# ---------------------------------------------------------------- in the game: Merchant, Academy, leftovers


def _play_round_with(state, plan_for):
    """Plan every chef with ``plan_for(player, chef) -> location name``; picks take the first option."""
    while state.phase == "plan":
        a = state.legal_actions()[0]
        chef = a.args[0]
        want = plan_for(state.current_player, chef)
        state = state.apply(next(x for x in state.legal_actions() if x.args[1] == state.cfg.loc_names.index(want)))
    rnd = state.round
    while not state.is_over and state.round == rnd and state.phase == "shop":
        state = state.apply(state.legal_actions()[0])
    return state


def test_the_merchant_is_filled_when_it_resolves_even_if_nobody_came():
    s = kitchenlab.new_game("critter_kitchen", players=3, seed=4)
    merchant = s.cfg.merchant
    assert s.items[merchant] == []          # hidden until it resolves: nothing drawn at round start
    bag_before = len(s.bag)
    others = ["Soup Truck", "Garden Top Shop", "Desert Vendor"]
    s2 = _play_round_with(s, lambda p, chef: others[["mouse", "lizard", "boar"].index(chef)])
    assert any(line.startswith("Midnight Merchant reveals: ") for line in s2.log)
    revealed = next(line for line in s2.log if line.startswith("Midnight Merchant reveals: "))
    drawn = revealed.split(": ", 1)[1].split()
    assert len(drawn) == s.cfg.spaces[merchant] == 3
    # what nobody took went on to the Academy and then to the Soup Truck (rumor tokens left the game)
    kept = [t for t in drawn if not t.startswith(("rumor", "wild"))]
    assert any(line.startswith("Leftovers of Midnight Merchant go to the Chef Academy") for line in s2.log) == bool(kept)
    assert len(s2.bag) < bag_before


def test_leftovers_flow_to_the_academy_then_to_the_soup_truck():
    s = kitchenlab.new_game("critter_kitchen", players=3, seed=8)
    names = s.cfg.loc_names
    numbered = {names[i]: list(s.items[i]) for i in range(1, 4)}
    # everybody shops at the Soup Truck, the Merchant and the Academy: the numbered boards keep all
    spots = ["Soup Truck", "Midnight Merchant", "Chef Academy"]
    s2 = _play_round_with(s, lambda p, chef: spots[["mouse", "lizard", "boar"].index(chef)])
    assert s2.round == 2
    log = s2.log[len(s.log):]

    def is_rumor(t):
        return t.startswith(("rumor", "wild"))

    for name, items in numbered.items():
        ings = [t for t in items if not is_rumor(t)]
        rumors = [t for t in items if is_rumor(t)]
        if ings:
            assert f"Leftovers of {name} go to the Chef Academy: {' '.join(ings)}" in log
        if rumors:
            assert f"Left the game from {name}: {' '.join(rumors)}" in log
    n_rumors = sum(is_rumor(t) for items in numbered.values() for t in items)
    academy_out = [line for line in log if line.startswith("Leftovers of Chef Academy go to the Soup Truck: ")]
    moved = academy_out[0].split(": ", 1)[1].split() if academy_out else []
    assert sorted(t for t in s2.items[0] if t != "bisque") == sorted(moved)
    # an untaken zous-chef leaves the game after the Academy
    hired = any("hires zous-chef" in line for line in log)
    gone = any(line.startswith("Left the game from Chef Academy: zous-chef ") for line in log)
    assert hired != gone          # the round's zous-chef is hired, or it leaves the game: one of the two
    assert len([t for t in s2.removed]) >= n_rumors
    assert s2.token_count() == 119


def test_academy_two_player_spaces_every_round_or_only_in_round_7():
    rb = kitchenlab.new_game("critter_kitchen", players=2, seed=2)
    academy = rb.cfg.academy
    assert len([t for t in rb.items[academy] if not t.startswith("zous:")]) == 2
    assert len([t for t in rb.items[academy] if t.startswith("zous:")]) == 1
    s0 = kitchenlab.new_game("critter_kitchen", players=2, seed=2, academy_spaces="last_round")
    assert [t for t in s0.items[academy] if not t.startswith("zous:")] == []
    three = kitchenlab.new_game("critter_kitchen", players=3, seed=2)
    assert [t for t in three.items[three.cfg.academy] if not t.startswith("zous:")] == []


def test_academy_spaces_in_round_7_under_the_s0_variant():
    from kitchenlab.engine import Rng
    from kitchenlab.critter_kitchen import greedy_bot

    s = kitchenlab.new_game("critter_kitchen", players=2, seed=6, academy_spaces="last_round")
    rng = Rng(1)
    while s.round < 7:
        s = s.apply(greedy_bot(s, rng))
    ac = s.cfg.academy
    assert "allspice" in s.items[ac]
    assert not any(t.startswith("zous:") for t in s.items[ac])
    assert len(s.items[ac]) == 3            # 2 spaces from the bag + the round-7 Allspice
    assert any(line.startswith("Chef Academy's 2-player spaces are stocked") for line in s.log)
    assert sum(line.startswith("Chef Academy's 2-player spaces are stocked") for line in s.log) == 1
