"""Critter Kitchen's game flow: setup, rounds, challenge meals, fridge, critic meal, views, saves."""

from __future__ import annotations

import json

import pytest

from kitchenlab.critter_kitchen.tokens import tokens_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kitchenlab
from kitchenlab import IllegalActionError
from kitchenlab.critter_kitchen import MAX_STEPS, OPTIONS, PLAYERS, greedy_bot, random_bot
from kitchenlab.critter_kitchen.components import load_components
from kitchenlab.engine import Rng

C = load_components()
TYPES = ("bread", "carrot", "cheese", "fish", "meat", "mushroom", "wine")


def new(players=3, seed=0, **opts):
    return kitchenlab.new_game("critter_kitchen", players=players, seed=seed, **opts)


def playout(players, seed, bot=random_bot, **opts):
    """Every state of a seeded game played by one kind of bot."""
    s = new(players, seed, **opts)
    rng = Rng(seed + 500)
    states = [s]
    while not s.is_over:
        s = s.apply(bot(s, rng))
        states.append(s)
        assert s.steps <= MAX_STEPS
    return states


def advance(state, until, bot=greedy_bot, seed=0):
    rng = Rng(seed)
    while not until(state):
        assert not state.is_over
        state = state.apply(bot(state, rng))
    return state


def fridge_count(tokens):
    return sum(1 for t in tokens if t[-1].isdigit() and not t.startswith("rumor") or t.endswith("spice"))


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_locations_by_player_count_left_to_right(players):
    s = new(players)
    numbered = ["Garden Top Shop", "Desert Vendor", "Water Market", "Air Docks", "Lantern Lane"][:players]
    assert list(s.cfg.loc_names) == ["Soup Truck", *numbered, "Midnight Merchant", "Chef Academy"]
    assert s.view(0)["locations"][0]["name"] == "Soup Truck"
    for i in range(1, players + 1):
        assert len(s.items[i]) == 3          # every numbered board is stocked at the start of round 1


def test_solo_uses_the_two_player_layout():
    solo, two = new(1), new(2)
    assert solo.cfg.loc_names == two.cfg.loc_names
    assert solo.cfg.spaces == two.cfg.spaces
    assert solo.cfg.seats == 2 and solo.cfg.rival == 1


def test_two_player_sides_merchant_and_academy():
    two, three = new(2, seed=3), new(3, seed=3)
    assert two.cfg.spaces[two.cfg.academy] == 2 and three.cfg.spaces[three.cfg.academy] == 0
    assert two.cfg.spaces[two.cfg.merchant] == C.location("midnight_merchant").two_player_item_spaces


def test_start_of_game_table():
    s = new(4, seed=11)
    assert s.round == 1 and s.phase == "plan"
    assert len(s.challenges) == 6 and s.revealed == 1
    assert len(set(s.rumor_cards)) == 3 and s.flipped == (False, False, False)
    assert sorted(s.priority) == [0, 1, 2, 3]
    assert all(st_ == ["soup"] for st_ in s.storage)         # one starting soup each
    assert s.items[0] == ["bisque"]                          # the Soup Truck's bisque space
    assert s.bisque_supply == 6
    zous = [t for t in s.items[s.cfg.academy] if t.startswith("zous:")]
    assert len(zous) == 1 and len(s.zous_deck) == 11
    assert s.token_count() == 119
    assert len(s.bag) == 119 - 4 * 3


def test_hats_start_in_random_order():
    orders = {new(3, seed=k).priority for k in range(30)}
    assert len(orders) >= 4


def test_first_game_setup_uses_the_mouse_critic():
    assert {new(3, seed=k, first_game=True).critic for k in range(5)} == {"mouse"}
    assert len({new(3, seed=k).critic for k in range(40)}) > 3


def test_restaurateurs_are_dealt_two_and_one_is_kept_as_an_action():
    s = new(3, seed=2, restaurateurs=True)
    assert s.phase == "restaurateur" and s.current_player == 0
    offers = [s.rest_offer[p] for p in range(3)]
    assert all(len(o) == 2 for o in offers) and len({r for o in offers for r in o}) == 6
    legal = [str(a) for a in s.legal_actions()]
    assert legal == [f"keep {C.restaurateur(r).name}" for r in offers[0]]
    # each player sees only their own two cards
    assert s.view(0)["restaurateur_offer"] == [C.restaurateur(r).name for r in offers[0]]
    assert s.view(1)["restaurateur_offer"] == [C.restaurateur(r).name for r in offers[1]]
    for p in range(3):
        s = s.apply(s.legal_actions()[1])
    assert s.phase == "plan" and s.round == 1
    for p in range(3):
        r = C.restaurateur(offers[p][1])
        extra = int(r.param) if r.ability == "start_soup" else 0
        assert s.storage[p].count("soup") == 1 + extra
        assert s.storage[p].count("bisque") == (int(r.param) if r.ability == "start_bisque" else 0)
    assert not new(3, seed=2).rest_offer[0]


# ---------------------------------------------------------------- round structure


def test_hold_token_covers_the_rightmost_requirement_on_rounds_3_and_6():
    s = advance(new(3, seed=5), lambda s: s.phase == "challenge")
    assert s.round == 3 and s.hold == {3: 2}
    day = s.day_challenges()
    assert [ci for ci, _ in day] == [0, 1, 2]
    for ci, reqs in day:
        printed = C.challenge(s.challenges[ci]).requirements
        assert reqs == (printed[:-1] if ci == 2 else printed)
    s = advance(s, lambda s: s.phase == "challenge" and s.round == 6)
    assert s.hold == {3: 2, 6: 5}
    day = s.day_challenges()
    assert [ci for ci, _ in day] == [3, 4, 5]
    assert day[2][1] == C.challenge(s.challenges[5]).requirements[:-1]
    assert day[0][1] == C.challenge(s.challenges[3]).requirements
    assert "The Hold token moves to round 6" in s.log


def test_round_7_offers_the_allspice_instead_of_a_zous_chef_and_no_challenge():
    s = advance(new(3, seed=9), lambda s: s.round == 7)
    ac = s.cfg.academy
    assert s.items[ac] == ["allspice"] and s.extra == 1
    assert s.revealed == 6
    assert s.token_count() == 119       # the round-7 Allspice is counted apart from the bag's 119


def test_bisque_is_restocked_only_when_its_space_is_empty():
    for st_ in playout(3, 4, greedy_bot):
        if st_.phase == "plan" and st_.turn == 0:
            assert st_.items[0].count("bisque") <= 1
            assert st_.bisque_supply + st_.items[0].count("bisque") + sum(
                x.count("bisque") for x in st_.storage) <= 7


def test_zous_chef_is_hired_for_the_next_round_only_and_needs_its_own_location():
    states = playout(3, 12)
    hired = [(s.round, p, s.hired[p]) for s in states for p in range(3) if s.hired[p] and s.phase == "plan"]
    assert hired, "some zous-chef was hired in this game"
    for s in states:
        if s.phase == "shop":
            for p in range(3):
                locs = list(s.plans[p].values())
                assert len(locs) == len(set(locs)) == (4 if s.hired[p] else 3)
    # each hired zous-chef worked exactly one round
    rounds_by_card = {}
    for rnd, p, z in set(hired):
        rounds_by_card.setdefault(z, set()).add(rnd)
    assert all(len(r) == 1 for r in rounds_by_card.values())


def test_plans_must_use_three_different_locations():
    s = new(3, seed=1)
    s = s.apply("send mouse to Soup Truck")
    assert "send lizard to Soup Truck" not in [str(a) for a in s.legal_actions()]
    s = s.apply("send lizard to Chef Academy")
    assert [str(a) for a in s.legal_actions()] == [
        "send boar to Garden Top Shop", "send boar to Desert Vendor", "send boar to Water Market",
        "send boar to Midnight Merchant"]


def test_only_real_choices_are_asked_while_shopping():
    for st_ in playout(3, 21):
        if st_.phase == "shop":
            legal = st_.legal_actions()
            assert len(legal) >= 2
            chef = st_.run.current()
            assert not st_.run.takes_everything(chef)


def test_capacities_are_respected_every_round():
    for seed in range(3):
        for st_ in playout(3, seed):
            if st_.run is not None:
                for q in st_.run.queues:
                    for c in q:
                        assert c.taken <= c.capacity
        log = st_.log
        counts = {}
        for line in log:
            if line.startswith("Round "):
                counts = {}
            if " takes " in line and "'s " in line and "after its last pick" not in line:
                who, rest = line.split("'s ", 1)
                chef = rest.split(" takes ")[0]
                counts[(who, chef)] = counts.get((who, chef), 0) + 1
                cap = {"mouse": 1, "lizard": 2, "boar": 3}.get(chef, 3)
                assert counts[(who, chef)] <= cap, line


def test_fridge_limits_after_rounds_3_and_6():
    for seed in range(4):
        states = playout(3, seed)
        after3 = next(s for s in states if s.round == 4)
        after6 = next(s for s in states if s.round == 7)
        for p in range(3):
            assert fridge_count(after3.storage[p]) <= 5
            assert fridge_count(after6.storage[p]) <= 10
        # soup and bisque never count
        assert any(s.phase == "fridge" for s in states)


def test_fridge_knob():
    states = playout(3, 1, fridge_day1=2, fridge_day2=3)
    after3 = next(s for s in states if s.round == 4)
    after6 = next(s for s in states if s.round == 7)
    assert all(fridge_count(after3.storage[p]) <= 2 for p in range(3))
    assert all(fridge_count(after6.storage[p]) <= 3 for p in range(3))


def test_no_player_holds_a_rumor_token_twice():
    for seed in range(6):
        for s in playout(2, seed, greedy_bot):
            for slots in s.rumors:
                for k, tok in enumerate(slots, start=1):
                    assert tok in (None, "wild", f"rumor{k}")


def test_a_rumor_everyone_knows_turns_face_up_and_its_tokens_are_then_redrawn():
    # seed 9 (2 players, greedy) flips rumors and later draws a token of a face-up rumor
    states = playout(2, 9, greedy_bot)
    final = states[-1]
    flips = [i for i, s in enumerate(states) if any(s.flipped) and not any(states[i - 1].flipped)]
    assert flips
    first = flips[0]
    kind = states[first].flipped.index(True) + 1
    assert all(s.rumors[p][kind - 1] is not None for s in states[first:first + 1] for p in range(2))
    assert states[first].view(0)["rumor_cards"][kind - 1] is not None
    assert states[first].view(1)["rumor_cards"][kind - 1] is not None
    redrawn = [line for line in final.log if "is drawn but its rumor card is face up" in line]
    assert redrawn
    flipped_kinds = {k + 1 for k, f in enumerate(final.flipped) if f}
    for line in redrawn:
        assert int(line[5]) in flipped_kinds
    # nobody can take a face-up rumor's token any more
    for s in states[first:]:
        if s.phase == "shop":
            for a in s.legal_actions():
                assert str(a) != f"take rumor{kind}"


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([1, 2, 3, 5]))
def test_token_conservation_at_every_step(seed, players):
    """bag + locations + storages + meals + removed = 119 bag tokens (+ the round-7 Allspice)."""
    for s in playout(players, seed):
        assert s.token_count() == 119


@pytest.mark.parametrize("players", PLAYERS)
def test_games_end_within_the_step_bound(players):
    for seed in range(3):
        final = playout(players, seed)[-1]
        assert final.is_over and final.phase == "over" and final.round == 7
        assert final.steps <= MAX_STEPS
        assert final.results is not None


def test_rounds_knob_moves_the_challenge_days():
    states = playout(3, 2, rounds=5)
    final = states[-1]
    assert final.cfg.days == (2, 4) and final.round == 5 and len(final.challenges) == 4
    assert [s.round for s in states if s.phase == "challenge"][:1] == [2]
    assert "The last round's Allspice token goes to the Chef Academy" in final.log


# ---------------------------------------------------------------- meals through the game


def at_challenges(seed=3):
    s = advance(new(3, seed=seed), lambda s: s.phase == "challenge" and s.current_player == 0)
    s = s.copy()
    s.challenges = ("tasty_tapas", "wine_and_dine", "ultimate_melt") + s.challenges[3:]
    return s


def test_worked_example_2_spiced_fish_spiced_bread_and_bisque_make_21_for_4_stars():
    s = at_challenges()
    # Ultimate Melt (bread, cheese, fish) is the day's 3rd challenge: the Hold covers fish, so use
    # the 1st challenge slot instead with the full requirements
    s.challenges = ("ultimate_melt", "wine_and_dine", "tasty_tapas") + s.challenges[3:]
    s.storage[0] = tokens_of(["fish7", "fish-spice", "bread2", "bread-spice", "bisque"])
    before = s.stars[0]
    for a in ("add fish7+spice to meal 1", "add bread2+spice to meal 1", "add bisque to meal 1"):
        assert "serve meal 1" not in [str(x) for x in s.legal_actions()]
        s = s.apply(a)
    s = s.apply("serve meal 1")
    assert s.stars[0] - before == 4 and s.scores()[0] == s.stars[0]
    assert "Player 1 serves Ultimate Melt: fish7+spice bread2+spice bisque (quality 21) for 4 star(s)" in s.log
    assert s.storage[0] == []


def test_worked_example_3_quality_12_gives_2_stars_and_5_is_not_presentable():
    s = at_challenges()
    s.challenges = ("ultimate_melt", "wine_and_dine", "tasty_tapas") + s.challenges[3:]
    s.storage[0] = tokens_of(["fish5", "bread4", "cheese3", "soup"])
    s = s.apply("add fish5 to meal 1")
    assert "serve meal 1" not in [str(a) for a in s.legal_actions()]      # quality 5, and 2 types missing
    s = s.apply("add bread4 to meal 1").apply("add cheese3 to meal 1")
    before = s.stars[0]
    s = s.apply("serve meal 1")
    assert s.stars[0] - before == 2 and s.served[0][-1][2] == 12


def test_a_soup_stands_in_for_each_missing_requirement_but_not_for_all():
    s = at_challenges()
    s.challenges = ("ultimate_melt", "wine_and_dine", "tasty_tapas") + s.challenges[3:]
    s.storage[0] = tokens_of(["fish7", "soup", "soup", "soup", "bisque", "meat6"])
    legal = [str(a) for a in s.legal_actions()]
    assert "add meat6 to meal 1" not in legal          # not a required type of Ultimate Melt
    assert "add meat6 to meal 2" in legal              # Wine & Dine takes meat
    s = s.apply("add soup to meal 1").apply("add bisque to meal 1").apply("add soup to meal 1")
    assert "serve meal 1" not in [str(a) for a in s.legal_actions()]      # no real ingredient yet
    s = s.apply("add fish7 to meal 1")
    assert "serve meal 1" in [str(a) for a in s.legal_actions()]           # 7 + 1 + 3 + 1 = 12
    s = s.apply("done with challenges")                                    # unserved items come back
    assert sorted(s.storage[0]) == sorted(["fish7", "soup", "soup", "soup", "bisque", "meat6"])


def test_the_hold_changes_what_the_covered_challenge_needs():
    s = at_challenges()
    s.challenges = ("wine_and_dine", "tasty_tapas", "ultimate_melt") + s.challenges[3:]
    s.storage[0] = tokens_of(["fish7", "bread6", "cheese6"])
    legal = [str(a) for a in s.legal_actions()]
    assert "add fish7 to meal 3" not in legal           # the Hold covers fish: no longer allowed
    s = s.apply("add bread6 to meal 3").apply("add cheese6 to meal 3")
    assert "serve meal 3" in [str(a) for a in s.legal_actions()]


def at_critic(seed=4, **opts):
    s = advance(new(3, seed=seed, **opts), lambda s: s.phase == "critic" and s.current_player == 0)
    s = s.copy()
    s.storage = [[], [], []]
    s.rumor_cards = ("hibernator", "picky", "to_go")     # rumors that score nothing
    s.critic = "hedgehog"                                  # no effect
    return s


def done(s, player=0):
    """Player ``player`` says "done" unless nothing else was left to do (the game then moved on)."""
    if s.current_player == player:
        return s.apply("done with critic meal")
    return s


def test_worked_example_1_a_fanatic_doubles_a_course_of_8_to_16():
    s = at_critic()
    s.rumor_cards = ("fish_fanatic", "picky", "to_go")
    s.storage[0] = tokens_of(["fish4", "fish-spice"])
    s = done(s.apply("put fish4+spice on fish course"))
    assert s.is_over
    res = s.results[0]
    assert res.course_qualities[TYPES.index("fish")] == 16 and res.final_total == 16


def test_worked_example_4_the_kangaroo_counts_a_printed_6_as_9():
    s = at_critic()
    s.critic = "kangaroo"
    s.storage[0] = tokens_of(["meat6", "meat-spice", "fish3", "fish-spice"])
    s = s.apply("put meat6+spice on meat course").apply("put fish3+spice on fish course")
    s = done(s)
    q = s.results[0].course_qualities
    assert q[TYPES.index("meat")] == 18 and q[TYPES.index("fish")] == 6


def test_worked_example_5_a_final_score_of_76_gives_11_track_stars():
    s = at_critic()
    s.storage[0] = tokens_of(["bread7", "carrot7", "cheese7", "fish7", "meat7", "mushroom3", "wine3",
                    "bread-spice", "carrot-spice", "cheese-spice", "fish-spice", "meat-spice", "soup"])
    for t in ("bread", "carrot", "cheese", "fish", "meat"):
        s = s.apply(f"put {t}7+spice on {t} course")
    s = s.apply("put mushroom3 on mushroom course")
    before = s.stars[0]
    s = done(s.apply("put wine3 on wine course"))
    r = s.results[0]
    assert r.final_total == 76 and r.track_stars == 11
    assert r.all_courses == 1 and r.most_soup == 1 and r.best_courses == 7
    assert s.stars[0] - before == 11 + 1 + 1 + 7
    assert s.winners() == [0]


def test_critic_courses_hold_one_ingredient_unless_the_critic_says_otherwise():
    s = at_critic()
    s.storage[0] = tokens_of(["cheese5", "cheese4", "fish2"])
    s = s.apply("put cheese5 on cheese course")
    assert "put cheese4 on cheese course" not in [str(a) for a in s.legal_actions()]
    m = at_critic()
    m.critic = "mouse"
    m.storage[0] = tokens_of(["cheese5", "cheese4", "cheese-spice", "allspice"])
    m = m.apply("put cheese5+spice on cheese course").apply("put cheese4+allspice on cheese course")
    m = done(m)
    assert m.results[0].course_qualities[TYPES.index("cheese")] == 18


def test_variant_s0_exactly_one_ingredient_per_course():
    s = at_critic(critic_courses="exactly_one")
    s.storage[0] = tokens_of(["fish2", "wine3", "wine5"])
    assert "done with critic meal" not in [str(a) for a in s.legal_actions()]
    s = s.apply("put fish2 on fish course")
    assert [str(a) for a in s.legal_actions()] == ["put wine5 on wine course", "put wine3 on wine course"]
    s = s.apply("put wine3 on wine course")
    assert s.is_over and s.storage[0] == ["wine5"]      # nothing left to choose: the meal is served
    r = at_critic()
    r.storage[0] = tokens_of(["fish2"])
    assert "done with critic meal" in [str(a) for a in r.legal_actions()]


def test_variant_s0_the_critic_meal_needs_quality_6():
    for flag, expected in ((False, 5), (True, 0)):
        s = at_critic(critic_min_quality=flag)
        s.storage[0] = tokens_of(["fish5"])
        s.storage[1] = tokens_of(["fish2"])
        s = done(s.apply("put fish5 on fish course"))
        s = done(s.apply("put fish2 on fish course"), 1)
        assert s.is_over and s.results[0].final_total == expected


def test_variant_s0_rumors_score_only_for_players_who_know_them():
    for seed in range(3):
        final = playout(3, seed, greedy_bot, rumor_scoring="known")[-1]
        for p in range(3):
            known = {final.rumor_cards[k - 1] for k in final.known_kinds(p)}
            assert {rid for rid, _ in final.results[p].rumors} <= known
        every = playout(3, seed, greedy_bot)[-1]
        non_fanatic = [r for r in every.rumor_cards if not C.rumor(r).is_fanatic]
        assert all(len(every.results[p].rumors) == len(non_fanatic) for p in range(3))


def test_winner_tie_breaks_score_track_then_priority_track():
    final = playout(3, 1)[-1]
    s = final.copy()
    s.stars = [12, 12, 9]
    s.totals = (80, 80, 90)
    s.priority = (1, 0, 2)
    assert s.winners() == [0]                 # tied on stars and track: player 0's hat is further right
    s.priority = (0, 1, 2)
    assert s.winners() == [1]
    s.totals = (81, 80, 90)
    assert s.winners() == [0]                 # furthest on the score track
    s.stars = [12, 13, 9]
    assert s.winners() == [1]


def test_scores_are_the_stars_so_far():
    states = playout(3, 6, greedy_bot)
    for s in states:
        assert s.scores() == list(s.stars[:3])
    mid = next(s for s in states if s.round == 4)
    assert mid.scores() == [sum(x[3] for x in mid.served[p]) for p in range(3)]
    assert states[-1].scores() == [sum(v for _, v in states[-1].star_log[p]) for p in range(3)]
    assert states[10].winners() == []


# ---------------------------------------------------------------- solo


def test_solo_mcdogalds_is_automatic():
    for seed in range(3):
        states = playout(1, seed, greedy_bot)
        final = states[-1]
        first = states[0]
        assert first.priority == (0, 1)                      # its hat starts at the front
        start = C.critics_choice_card("standard")[0].start_stars
        assert first.stars[1] == start
        assert all(s.current_player in (None, 0) for s in states)
        assert any("McDogald's draws placement card" in line for line in final.log)
        assert final.scores() == [final.stars[0]]
        won = final.winners() == [0]
        assert won == (final.stars[0] > final.stars[1])     # a tie is a loss [RB]
        assert "final" in final.view(0)


def test_solo_hard_card_starts_with_more_stars():
    assert new(1, solo_card="hard").stars[1] == C.critics_choice_card("hard")[0].start_stars


# ---------------------------------------------------------------- views, determinism, saves


def test_view_hides_other_plans_storage_and_unknown_rumors():
    s = new(3, seed=7)
    s = s.apply("send mouse to Soup Truck").apply("send lizard to Chef Academy")
    assert s.view(0)["plan"] == {"mouse": "Soup Truck", "lizard": "Chef Academy"}
    assert s.view(1)["plan"] == {}
    assert "Soup Truck" not in json.dumps(s.view(1)["players"])
    s = s.apply(s.legal_actions()[0])
    v1 = s.view(1)
    assert v1["players"][0]["planned"] and not v1["players"][1]["planned"]
    assert v1["plan"] == {}
    assert all(loc["chefs"] == [] for loc in v1["locations"])
    # own storage only
    t = s.copy()
    t.storage[0] = tokens_of(["fish7", "soup"])
    assert t.view(0)["storage"] == ["fish7", "soup"] and t.view(1)["storage"] == ["soup"]
    assert all("storage" not in p for p in t.view(1)["players"])
    # rumor cards: only those the viewer knows (or face up)
    t.rumors = (("rumor1", None, None), (None, None, None), (None, None, None))
    assert t.view(0)["rumor_cards"][0] == C.rumor(t.rumor_cards[0]).name
    assert t.view(0)["rumor_cards"][1:] == [None, None]
    assert t.view(1)["rumor_cards"] == [None, None, None]
    assert t.view(1)["players"][0]["rumors_known"] == [1]     # the kitchen board shows it is known


def test_views_are_json_and_the_log_never_names_a_face_down_rumor():
    final = playout(3, 3, greedy_bot)[-1]
    for p in range(3):
        json.dumps(final.view(p))
    names = {C.rumor(r).name for r in final.rumor_cards}
    reveal = next(i for i, line in enumerate(final.log) if line.startswith("Rumor cards revealed"))
    for line in final.log[:reveal]:
        if "turns face up" in line:
            continue
        assert not any(n in line for n in names), line


def test_same_seed_same_game_and_different_seeds_differ():
    a = playout(3, 42)[-1]
    b = playout(3, 42)[-1]
    c = playout(3, 43)[-1]
    assert a.log == b.log and a.history == b.history and a.to_json() == b.to_json()
    assert a.log != c.log


def test_save_and_load_round_trip():
    states = playout(4, 8, greedy_bot)
    for s in (states[0], states[37], states[len(states) // 2], states[-1]):
        loaded = kitchenlab.load_state(s.to_json())
        assert loaded == s and loaded.view(1) == s.view(1)
        assert loaded.legal_actions() == s.legal_actions()


def test_apply_leaves_the_old_state_unchanged():
    states = playout(3, 13)
    for i in range(0, len(states) - 1, 7):
        s = states[i]
        before = (s.to_json(), s.log, json.dumps(s.view(0), sort_keys=True), [list(x) for x in s.storage],
                  [list(x) for x in s.items], list(s.bag))
        s.apply(states[i + 1].history[-1])
        after = (s.to_json(), s.log, json.dumps(s.view(0), sort_keys=True), [list(x) for x in s.storage],
                 [list(x) for x in s.items], list(s.bag))
        assert before == after


def test_illegal_actions_are_refused_with_the_legal_list():
    s = new(3, seed=1)
    with pytest.raises(IllegalActionError) as err:
        s.apply("take fish7")
    assert "send mouse to Soup Truck" in str(err.value)


# ---------------------------------------------------------------- options


def test_options_cover_every_variant_row_with_rulebook_defaults():
    by_name = {o.name: o for o in OPTIONS}
    expected = {
        "rumor_scoring": ("everyone", "known"),
        "critic_courses": ("at_most_one", "exactly_one"),
        "critic_min_quality": (False, True),
        "academy_spaces": ("every_round", "last_round"),
        "tie_hat_move": (True, False),
        "restaurateurs": (False, True),
    }
    for name, (default, alt) in expected.items():
        o = by_name[name]
        assert o.default == default and "RB" in o.source and "S0" in o.source and o.help
        kitchenlab.new_game("critter_kitchen", players=3, **{name: alt})
    for o in OPTIONS:
        assert o.help and o.source and (o.choices or o.kind is not None)
    assert by_name["fridge_day1"].default == 5 and by_name["fridge_day2"].default == 10
    assert by_name["rounds"].default == 7 and by_name["item_spaces"].default == 3


def test_threshold_presets_change_challenge_stars():
    s = at_challenges()
    s.challenges = ("ultimate_melt", "wine_and_dine", "tasty_tapas") + s.challenges[3:]
    s.storage[0] = tokens_of(["fish7", "fish-spice", "bread2", "bread-spice", "bisque"])
    flat = s.copy()
    from kitchenlab.critter_kitchen.config import THRESHOLD_PRESETS, config as _config
    flat.cfg = _config(3, {**s.options, "thresholds": "flat"})
    for t in (s, flat):
        before = t.stars[0]
        for a in ("add fish7+spice to meal 1", "add bread2+spice to meal 1", "add bisque to meal 1", "serve meal 1"):
            t = t.apply(a)
        assert t.stars[0] - before == (4 if t.cfg.thresholds == THRESHOLD_PRESETS["standard"] else 3)
