"""Audit of the solo mode (McDogald's) against the rules digest, "Solo mode (McDogald's)": rules the
other test files leave unchecked, each asserting the digest's value."""

from __future__ import annotations

from dataclasses import replace

import kitchenlab
from kitchenlab.critter_kitchen import solo
from kitchenlab.critter_kitchen.actions import Phase
from kitchenlab.critter_kitchen.components import load_components
from kitchenlab.critter_kitchen.tokens import token
from kitchenlab.engine import Rng

C = load_components()


def solo_state(seed: int = 0, **options):
    return kitchenlab.new_game("critter_kitchen", players=1, seed=seed, **options).copy()


def toks(text: str) -> list:
    return [token(t) for t in text.split()]


def solo_at_critic(seed: int = 0, **options):
    """A solo game played (first legal action each time) up to its critic meal."""
    s = kitchenlab.new_game("critter_kitchen", players=1, seed=seed, **options)
    while s.phase is not Phase.CRITIC:
        s = s.apply(s.legal_actions()[0])
    return s.copy()


# ------------------------------------------------------------------ placement


def test_a_placement_card_with_no_match_follows_its_arrow():
    """Digest, solo placement: when no location meets a card's condition (here: the only location
    it names is taken), the card's arrow still places the chef; it never stays at home."""
    s = solo_state()
    merchant = s.cfg.merchant
    free = [i for i in range(len(s.cfg.locs)) if i != merchant]
    card = replace(C.solo_cards[0], preferences=("midnight_merchant",), arrow="left")
    assert solo._pick_location(s, card, free) == free[0]
    assert solo._pick_location(s, replace(card, arrow="right"), free) == free[-1]
    # a card whose condition is met still goes there
    assert solo._pick_location(s, card, free + [merchant]) == merchant


def test_every_chef_of_mcdogalds_is_placed_each_round():
    """Digest, solo placement: every McDogald's chef at home gets a placement card and a location,
    each at a different location."""
    for seed in range(4):
        s = solo_state(seed)
        plan, drawn = solo.rival_plan(s, Rng(seed))
        chefs = [c for c, _, _ in plan]
        assert sorted(chefs) == ["boar", "lizard", "mouse"]
        assert len({w for _, w, _ in plan}) == 3
        # one Manager card, then one card for each of the two chefs it did not send
        assert [len(d) for d in drawn].count(1) == 3 and len(drawn[0]) == 1


def _rival_reveals(lines) -> list[str]:
    """The placement cards McDogald's drew, read from log lines, in order."""
    return [line.split("placement card ")[1].split(":")[0] for line in lines if "draws placement card" in line]


def test_the_manager_card_is_revealed_every_round_and_sends_the_chef_it_names():
    """Rulebook, solo running step: the top Manager card is revealed and followed every round; the
    mouse, lizard and boar still at home then each follow the top card of their own deck."""
    s = kitchenlab.new_game("critter_kitchen", players=1, seed=3)
    rounds = 0
    while not s.is_over and rounds < 7:
        before = len(s.log)
        s = s.apply(s.legal_actions()[0])
        cards = _rival_reveals(s.log[before:])
        if not cards:
            continue
        rounds += 1
        manager = C.solo_cards[[c.id for c in C.solo_cards].index(cards[0])]
        assert manager.chef == "manager"
        decks = [C.solo_cards[[c.id for c in C.solo_cards].index(x)].chef for x in cards[1:]]
        chefs_sent = {manager.sends} | set(decks)
        assert {"mouse", "lizard", "boar"} <= chefs_sent
        assert manager.sends not in decks          # the chef the Manager sent draws no card of its own
    assert rounds >= 3


def test_placement_decks_are_drawn_without_replacement_and_reshuffled_when_empty():
    """Rulebook, solo setup and end of round: each deck is shuffled, its top card drawn and then
    discarded, so a card comes back only once its deck has run out [A: the deck is shuffled again]."""
    s = solo_state(5)
    seen = []
    for _ in range(4):
        plan, drawn = solo.rival_plan(s, Rng(len(seen)))
        s.solo_drawn = drawn
        seen.append(drawn[0][-1])
    managers = [c.id for c in C.solo_cards if c.chef == "manager"]
    # two Manager cards: the first two rounds show both, then the deck starts again with both
    assert sorted(seen[:2]) == sorted(managers) and sorted(seen[2:]) == sorted(managers)


def test_a_hired_zous_chef_follows_the_deck_of_its_carrying_capacity():
    """Rulebook, solo running step 5: a McDogald's zous-chef draws from the deck matching its
    carrying capacity (1 mouse, 2 lizard, 3 boar)."""
    s = solo_state(0)
    for z in C.zous_chefs:
        s.hired = (None,) * s.cfg.rival + (z.id,) + s.hired[s.cfg.rival + 1:]
        s.solo_drawn = ((), (), (), ())
        plan, drawn = solo.rival_plan(s, Rng(1))
        name = [n for n, _, _ in plan if n not in ("mouse", "lizard", "boar")]
        assert len(name) == 1
        deck = ("manager", "mouse", "lizard", "boar")[z.capacity]
        assert plan[-1][0] == name[0] and plan[-1][2].startswith(deck + "_")
        assert sum(map(len, drawn)) == 4


# ------------------------------------------------------------------ its Most Soup value


def test_its_soup_value_is_one_item_drawn_from_the_bag():
    """Digest, solo critic meal: its Most Soup value is one item drawn from the bag, 0 for a spice,
    allspice or rumor token."""
    s = solo_state()
    for text, value in (("fish7", 7), ("bread2", 2), ("fish-spice", 0), ("allspice", 0), ("rumor2", 0),
                        ("wild", 0)):
        s.bag = toks(text)
        assert solo.rival_soup_value(s, s.rng) == (token(text), value)
    s.bag = []
    assert solo.rival_soup_value(s, s.rng) == (None, 0)


def _finish(s, puts):
    for a in puts:
        s = s.apply(a)
    while not s.is_over:
        s = s.apply("done with critic meal")
    return s


def test_it_scores_most_soup_best_of_course_and_seven_courses_like_a_player():
    """Digest, solo critic meal: McDogald's scores best-of-course (friendly ties) and the
    all-seven-courses star like a player; its Most Soup value (the bag draw) ties friendly too."""
    s = solo_at_critic(critic="hedgehog")            # a critic with no effect
    s.rumor_cards = ("hibernator", "picky", "to_go")  # rumors whose texts score nothing
    s.storage[0] = toks("fish6 bread7 soup soup")    # soup value 2
    s.storage[1] = toks("bread2 carrot2 cheese2 fish6 meat2 mushroom2 wine2")
    s.bag = toks("bread2")                           # its soup value: 2
    s = _finish(s, ["put fish6 on fish course", "put bread7 on bread course"])
    me, mcd = s.results
    assert mcd.automated and (me.soup_value, mcd.soup_value) == (2, 2)
    assert me.most_soup == mcd.most_soup == 1                     # friendly tie
    assert mcd.all_courses == 1 and me.all_courses == 0
    assert me.best_course_types == ("bread", "fish")
    assert mcd.best_course_types == ("carrot", "cheese", "fish", "meat", "mushroom", "wine")  # fish 6 = 6: tie
    assert mcd.final_total == 2 * 5 + 6 + 2 == 18


def test_it_wins_a_tie_and_you_win_only_with_more_stars():
    """Digest, solo winning: you win only with more stars than McDogald's; otherwise it wins (the
    score track does not break that tie)."""
    s = solo_at_critic(critic="hedgehog")
    s.rumor_cards = ("hibernator", "picky", "to_go")
    s.storage[0] = toks("fish7")
    s.storage[1] = toks("fish2")
    s.bag = toks("allspice")
    s = _finish(s, ["put fish7 on fish course"])
    me, mcd = s.results
    assert me.final_total > mcd.final_total
    s2 = s.copy()
    s2.stars = (s.stars[1], s.stars[1])
    assert s2.winners() == [] and "McDogald's wins" in s2.result_text()
    s2.stars = (s.stars[1] + 1, s.stars[1])
    assert s2.winners() == [0]
