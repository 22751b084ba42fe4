"""Audit of Critter Kitchen's components, setup and round (rules digest: "Components", "Setup",
"A round (5 steps)" and the matching rows of "Rule decisions and variants").

Every expected number below is written from the digest, not computed by the code under test.
"""

from __future__ import annotations

from collections import Counter

import pytest

import kitchenlab
from kitchenlab.critter_kitchen import greedy_bot, random_bot, simulate_location
from kitchenlab.critter_kitchen.components import load_components
from kitchenlab.critter_kitchen.shop import LocationRun
from kitchenlab.critter_kitchen.tokens import zous_token
from kitchenlab.engine import Rng

from critter_kitchen.test_rules import playout

C = load_components()
TYPES = ("bread", "carrot", "cheese", "fish", "meat", "mushroom", "wine")


def new(players=3, seed=0, **opts):
    return kitchenlab.new_game("critter_kitchen", players=players, seed=seed, **opts)


def play_round(state, where, pick=None):
    """Plan every chef with ``where(seat, chef) -> location name``, then shop with
    ``pick(state, legal) -> action`` (default: the first legal action) until the round ends."""
    names = state.cfg.loc_names
    while state.phase == "plan":
        legal = state.legal_actions()
        chef = legal[0].chef
        loc = names.index(where(state.current_player, chef))
        state = state.apply(next(a for a in legal if a.loc == loc))
    rnd = state.round
    while not state.is_over and state.round == rnd and state.phase == "shop":
        legal = state.legal_actions()
        state = state.apply(pick(state, legal) if pick else legal[0])
    return state




# ------------------------------------------------------------------ Components


def test_components_ingredient_spice_and_rumor_tokens_make_a_bag_of_119():
    """Components: 7 types x 13 tokens valued 2,2,2,3,3,3,4,4,5,5,6,6,7 (91); a spice per type
    plus allspice, 2 of each (16); 3 rumor kinds + wild, 3 of each (12): 119 in the bag."""
    for ing in C.ingredients:
        assert list(ing.values) == [2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7]
    bag = Counter(C.bag_contents())
    for t in TYPES:
        assert bag[f"{t}-spice"] == 2
        values = sorted(tok.value for tok in C.bag_contents() if tok.kind == "ingredient" and tok.type == t)
        assert values == [2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7]
    assert bag["allspice"] == 2
    assert bag["rumor1"] == bag["rumor2"] == bag["rumor3"] == bag["wild"] == 3
    assert sum(bag.values()) == 119


def test_components_hold_allspice_and_day_settings():
    """Components / Setup 1: the Hold starts on round 3 and moves to round 6; the Allspice token
    waits on round 7; challenge meals after rounds 3 and 6; 7 rounds."""
    assert C.setting_int("hold_round_day1") == 3 and C.setting_int("hold_round_day2") == 6
    assert C.setting_int("allspice_round") == 7 and C.setting_int("rounds") == 7
    assert C.challenge_rounds == (3, 6)
    assert C.soup("bisque").restock == 1


def test_components_item_spaces_and_chef_capacities():
    """Components: numbered boards 3 item spaces [A], Merchant 3 [A], the Academy's 2-player side 2;
    chefs mouse 1, lizard 2, boar 3; a zous-chef carries the capacity on its card."""
    three = new(3)
    cfg = three.cfg
    assert cfg.spaces == (0, 3, 3, 3, 3, 0)
    two = new(2)
    assert two.cfg.spaces == (0, 3, 3, 3, 2)
    assert [cfg.capacity(c) for c in ("mouse", "lizard", "boar")] == [1, 2, 3]
    for z in C.zous_chefs:
        assert cfg.capacity(zous_token(z.id)) == z.capacity


# ------------------------------------------------------------------ Setup


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_setup_decks_soup_and_bag(players):
    """Setup 1-5: 6 challenges dealt (1 revealed in round 1), 1 critic, 3 rumors face down, a soup
    per player, 12 zous-chefs with 1 shown at the Academy, the bag drawn for the numbered boards."""
    s = new(players, seed=players)
    assert len(s.challenges) == 6 and len(set(s.challenges)) == 6 and s.revealed == 1
    assert s.critic in {c.id for c in C.critics}
    assert len(s.rumor_cards) == 3 and len(set(s.rumor_cards)) == 3 and s.flipped == (False,) * 3
    for p in range(players):
        assert list(s.storage[p]) == ["soup"]
    assert len(s.zous_deck) == 11
    numbered = max(2, players)
    academy_spaces = 2 if players <= 2 else 0
    assert len(s.bag) == 119 - 3 * numbered - academy_spaces
    assert s.items[0] == ["bisque"] and s.bisque_supply == 6


def test_setup_first_game_leaves_advanced_rumors_out():
    """Setup 2: the first game uses the Mouse critic and leaves the advanced rumors out."""
    advanced = {r.id for r in C.rumors if r.advanced}
    for seed in range(30):
        s = new(3, seed=seed, first_game=True)
        assert s.critic == "mouse"
        assert not advanced & set(s.rumor_cards)


# ------------------------------------------------------------------ 1. Start of a round


def test_start_each_round_1_to_6_reveals_one_challenge_and_round_7_none():
    """Start: the next challenge is revealed in rounds 1-6, none in round 7."""
    seen = {}
    for st in playout(3, 5, greedy_bot):
        if st.phase == "plan" and st.turn == 0:
            seen.setdefault(st.round, st.revealed)
    assert seen == {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 6}


def test_start_bisque_restocked_only_into_an_empty_space():
    """Start: one bisque goes on the Soup Truck only when its bisque space is empty (7 in all)."""
    s = new(2, seed=1)
    assert s.items[0].count("bisque") == 1 and s.bisque_supply == 6
    spots = ["Soup Truck", "Garden Top Shop", "Desert Vendor"]

    def take_bisque(state, legal):
        return next((a for a in legal if a.text == "take bisque"), legal[0])

    # player 1 takes the bisque in round 1: a new one is put out in round 2
    s2 = play_round(s, lambda seat, chef: (spots if seat == 0 else spots[1:] + spots[:1])[
        ("mouse", "lizard", "boar").index(chef)], take_bisque)
    assert s2.round == 2
    assert sum(st.count("bisque") for st in s2.storage) == 1
    assert s2.items[0].count("bisque") == 1 and s2.bisque_supply == 5
    # nobody goes to the Soup Truck in round 2: the bisque stays and none is added
    others = ["Garden Top Shop", "Desert Vendor", "Midnight Merchant"]
    s3 = play_round(s2, lambda seat, chef: others[("mouse", "lizard", "boar").index(chef)])
    assert s3.round == 3
    assert s3.items[0].count("bisque") == 1 and s3.bisque_supply == 5


def test_start_an_untaken_zous_chef_leaves_and_a_new_one_is_revealed():
    """Start / Shop: a new zous-chef is revealed each round; an untaken one leaves the game after
    the Academy resolves."""
    s = new(3, seed=2)
    first = next(t for t in s.items[s.cfg.academy] if t.kind == "zous")
    away = ["Soup Truck", "Garden Top Shop", "Desert Vendor"]
    s2 = play_round(s, lambda seat, chef: away[("mouse", "lizard", "boar").index(chef)])
    assert s2.round == 2
    assert first.zous in s2.zous_gone
    offered = [t for t in s2.items[s2.cfg.academy] if t.kind == "zous"]
    assert len(offered) == 1 and offered[0] != first
    name = C.zous_chef(first.zous).name
    assert any(line.startswith("Left the game from Chef Academy") and f"zous-chef {name}" in line
               for line in s2.log)


# ------------------------------------------------------------------ 4. Shop


def test_shop_soup_truck_leftovers_move_on_to_the_academy_but_its_bisque_stays():
    """Shop: after each location but the Academy, leftover ingredients and spices go to the
    Academy; the Soup Truck keeps its bisque space."""
    s = new(3, seed=8)
    away = ["Garden Top Shop", "Desert Vendor", "Water Market"]
    s2 = play_round(s, lambda seat, chef: away[("mouse", "lizard", "boar").index(chef)])
    truck = [t for t in s2.items[0] if t != "bisque"]
    assert truck, "the Academy's leftovers of round 1 now wait on the Soup Truck"
    before = len(s2.log)
    s3 = play_round(s2, lambda seat, chef: away[("mouse", "lizard", "boar").index(chef)])
    line = f"Leftovers of Soup Truck go to the Chef Academy: {' '.join(truck)}"
    assert line in s3.log[before:]
    assert s3.items[0].count("bisque") == 1


def test_shop_a_zous_chef_queues_with_the_capacity_on_its_card():
    """Run: a zous-chef joins the queue of its card's capacity (Badger 3 picks after a lizard and
    alternates with a boar by the priority track)."""
    assert C.zous_chef("badger").capacity == 3
    run = LocationRun("Water Market", ["fish7", "wine6", "meat5", "bread4", "carrot3"],
                      [(0, 3, "zous:badger"), (1, 2, "lizard"), (2, 3, "boar")], [0, 2, 1])
    order = []
    while (chef := run.advance()) is not None:
        order.append((chef.player, chef.name))
        run.take(run.options(chef)[0][0], run.options(chef)[0][1])
    # the lizard (capacity 2) first, then the capacity-3 queue: player 2's boar (its hat is right of
    # player 0's) before the Badger, alternating
    assert order == [(1, "lizard"), (1, "lizard"), (2, "boar"), (0, "zous:badger"), (2, "boar")]


def test_shop_taking_soup_at_the_soup_truck_is_a_first_pick_that_moves_the_hat():
    """Shop: when the first of tied chefs makes the location's first pick, its hat goes to the back;
    a soup taken at the Soup Truck is a pick."""
    r = simulate_location("soup", [(0, 1), (1, 1)], priority=[0, 1])
    assert r.picks == ((1, "soup"), (0, "soup"))
    assert r.priority == (1, 0)


def test_variant_no_hat_moves_in_a_whole_game():
    """Variant [S0]: with tie_hat_move=False no hat ever moves; by default [RB] hats do move."""
    moved_default = 0
    for seed in range(3):
        states = playout(4, seed, random_bot, tie_hat_move=False)
        assert {st.priority for st in states} == {states[0].priority}
        assert not any(e.kind == "hat" for e in states[-1].events)
        moved_default += sum(e.kind == "hat" for e in playout(4, seed, random_bot)[-1].events)
    assert moved_default > 0


def test_shop_every_location_resolution_follows_queue_tie_and_soup_rules():
    """Shop, checked over whole random games: picks go capacity queue by queue; no chef takes more
    than its capacity; consolation soups only for chefs with no item; a hat moves exactly when the
    first of tied chefs (rightmost hat) makes the location's first pick."""
    checked = 0
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        final = playout(players, seed, random_bot)[-1]
        prio = None
        groups = []
        cur = None
        for e in final.events:
            k, d = e.kind, e.data
            if k == "setup":
                prio = tuple(d["priority"])
            elif k == "resolve":
                cur = {"chefs": d["chefs"], "picks": [], "soups": [], "hat": None, "prio": prio}
                groups.append(cur)
            elif cur is not None and k == "pick":
                cur["picks"].append((d["seat"], d["chef"]))
            elif cur is not None and k == "soup":
                cur["soups"].append((d["seat"], d["chef"]))
            elif cur is not None and k == "hat":
                cur["hat"] = d["seat"]
                prio = tuple(d["priority"])
            elif k in ("leftover", "gone", "round", "day_end"):
                cur = None if k in ("round", "day_end") else cur
        for g in groups:
            cap = {(s, c): n for s, n, c in g["chefs"]}
            if any(c.startswith("zous:") and C.zous_chef(c[5:]).ability == "first_in_queue" for _, c in cap):
                continue            # an [A] ability that changes the queue order
            caps = [cap[p] for p in g["picks"]]
            assert caps == sorted(caps)
            for key, n in cap.items():
                got = g["picks"].count(key)
                assert got <= n
                assert not (key in g["soups"] and got)
            expected = None
            if g["picks"]:
                first = g["picks"][0]
                tied = [k for k in cap if cap[k] == cap[first]]
                if len(tied) > 1 and max(tied, key=lambda k: g["prio"].index(k[0])) == first:
                    expected = first[0]
            assert g["hat"] == expected
            checked += 1
    assert checked > 50


# ------------------------------------------------------------------ 5. End of a round


def test_end_fridge_discards_go_back_to_the_bag_and_soups_never_count():
    """End: after the challenge meals, extra ingredients and spices go back to the bag (5 after
    day 1); soup, bisque and rumors never count."""
    s = new(2, seed=3)
    rng = Rng(3)
    while not (s.phase == "challenge" and s.round == 3):
        s = s.apply(greedy_bot(s, rng))
    s = s.copy()
    from kitchenlab.critter_kitchen.tokens import tokens_of

    s.storage[0] = tokens_of("fish2 fish3 bread2 bread3 wine2 wine-spice soup soup bisque")
    s.storage[1] = tokens_of("fish4 carrot2 carrot3 meat2 allspice soup soup soup soup bisque bisque")
    s.rumors = (("rumor1", None, None), (None, "rumor2", "wild"))
    s.meals = [{}, {}]
    s.served = ((), ())
    s.challenges = ("savory_stack", "savory_stack", "savory_stack") + s.challenges[3:]
    s.turn = 0
    s.next_moves = None
    s = s.apply("done with challenges")
    s = s.apply("done with challenges") if s.phase == "challenge" else s
    assert s.phase == "fridge" and s.current_player == 0            # seat 0 holds 6: one too many
    legal = [a.text for a in s.legal_actions()]
    assert "discard soup" not in legal and "discard bisque" not in legal
    bag, n_events = len(s.bag), len(s.events)
    s = s.apply("discard fish2")
    # seat 1 holds 5 ingredients and spices (and 6 soups and bisques): it keeps everything
    assert s.phase == "plan" and s.round == 4
    assert "fish2" not in s.storage[0] and len(s.storage[1]) == 11
    # fish2 went back into the bag before round 4 drew its stock from it
    later = s.events[n_events:]
    drawn = sum(len(e.data["tokens"]) for e in later if e.kind == "stock")
    drawn += sum(1 for e in later if e.kind == "removed")
    assert len(s.bag) == bag + 1 - drawn


def test_shop_going_home_early_in_the_game_gives_exactly_one_soup():
    """Shop: a chef that has taken nothing may go home early for 1 consolation soup, whatever its
    capacity; it then takes no item."""
    s = new(2, seed=1)
    spots = {0: ["Soup Truck", "Desert Vendor", "Garden Top Shop"],        # player 1's boar: Garden
             1: ["Desert Vendor", "Soup Truck", "Midnight Merchant"]}
    board = list(s.items[1])

    def boar_home(state, legal):
        chef = state.run.current()
        if chef.player == 0 and chef.name == "boar":
            return next(a for a in legal if a.text == "go home for soup")
        return legal[0]

    s2 = play_round(s, lambda seat, chef: spots[seat][("mouse", "lizard", "boar").index(chef)], boar_home)
    assert "Player 1's boar leaves early for a consolation soup" in s2.log
    assert not any(line.startswith("Player 1's boar takes") for line in s2.log)
    # nobody else shopped at the Garden Top Shop: its three items went on as leftovers
    assert f"Leftovers of Garden Top Shop go to the Chef Academy: {' '.join(board)}" in s2.log
    soups = sum(1 for e in s2.events if e.kind == "soup" and e.data["seat"] == 0 and e.data["chef"] == "boar")
    assert soups == 1
