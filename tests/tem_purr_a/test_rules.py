"""Tem-Purr-A: every rule of the digest (../shared/rules/tem_purr_a.md) and its worked examples."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings, strategies as st

import kitchenlab
from kitchenlab import IllegalActionError, OptionError
from kitchenlab.engine import Rng
from kitchenlab.tem_purr_a import (
    cautious_bot, from_position, indigestion_chance, load_components, random_bot, stack_total,
)
from kitchenlab.tem_purr_a.rules import CHOOSE, INDIGESTION, PLUS_ONE, REVERSE


def texts(state):
    return [str(a) for a in state.legal_actions()]


def pos(players=3, **position):
    return from_position(players, position=position)


#: A legal deck for a turn: mixed dish values, and the indigestion card at the bottom (the deck's
#: top is its LAST element), far from the cards an example draws.
DECK = ["indigestion"] + [2, 3, 4, 5, 6, 7] * 3


# ---------------------------------------------------------------- components and setup

def test_components_match_the_digest():
    c = load_components()
    assert c.count("dish_cards") == 72
    assert (c.count("plus_one_cards"), c.count("reverse_cards"), c.count("choose_next_cards")) == (7, 5, 5)
    assert c.count("indigestion_cards") == 6 and c.count("starting_indigestion") == 1
    assert c.count("indigestion_tokens") == 15 and c.count("hand_size") == 5
    assert c.splits["even"] == {v: 12 for v in range(2, 8)}
    assert c.split_sources["even"] == "A"          # the publisher's split is unknown
    assert all(sum(t.values()) == 72 for t in c.splits.values())


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_setup_deals_five_and_shuffles_one_indigestion_card(players):
    s = kitchenlab.new_game("tem_purr_a", players=players, seed=11)
    assert [s.hand_count(p) for p in range(players)] == [5] * players
    assert s.deck.count(INDIGESTION) == 1
    assert len(s.deck) == 89 - 5 * players + 1
    census = s.card_census()
    assert census["indigestion_aside"] == 5 and census["stack"] == 0 and census["discard"] == 0
    assert Counter(c for p in range(players) for c in s.hand(p)) + Counter(s.deck) == Counter(
        {**{v: 12 for v in range(2, 8)}, PLUS_ONE: 7, REVERSE: 5, CHOOSE: 5, INDIGESTION: 1}
    )
    # the first player starts the stack with a dish card from hand
    assert s.current_player == 0 and s.phase == "start"
    assert texts(s) == [f"start a stack with {v}" for v in sorted({c for c in s.hand(0) if 2 <= c <= 7})]


def test_other_dish_splits_change_the_deck():
    s = kitchenlab.new_game("tem_purr_a", players=3, seed=1, dish_split="low_heavy")
    all_cards = Counter(c for p in range(3) for c in s.hand(p)) + Counter(s.deck)
    assert [all_cards[v] for v in range(2, 8)] == [17, 15, 13, 11, 9, 7]


def test_bad_options_are_named():
    with pytest.raises(OptionError, match="dish_split='pyramid'.*even"):
        kitchenlab.new_game("tem_purr_a", players=3, dish_split="pyramid")
    with pytest.raises(OptionError, match="players=8.*2, 3, 4, 5, 6, 7"):
        kitchenlab.new_game("tem_purr_a", players=8)
    with pytest.raises(OptionError, match="choose_self must be True or False"):
        kitchenlab.new_game("tem_purr_a", players=3, choose_self="yes")


# ---------------------------------------------------------------- serving

def test_serve_must_match_the_top_dish():
    s = pos(hands=[[5, 6, 6, "+1"], [2], [2]], stack=[6], deck=DECK)
    assert texts(s) == ["serve 6", "eat 6", "play +1", "skip with two 6s"]
    t = s.apply("serve 6")
    assert t.stack_total == 12 and t.current_player == 1 and t.hand(0) == [5, 6, PLUS_ONE]


def test_after_an_action_card_the_topmost_dish_still_sets_the_value():
    s = pos(hands=[[4, 5, 2], [2], [2]], stack=[4, "+1"], deck=DECK)
    assert "serve 4" in texts(s) and "serve 5" not in texts(s)
    variant = from_position(3, position={"hands": [[4, 5, 2], [2], [2]], "stack": [4, "+1"], "deck": DECK},
                            match_after_action="any")
    assert {"serve 2", "serve 4", "serve 5"} <= set(texts(variant))


# ---------------------------------------------------------------- eating

@pytest.mark.parametrize("stack,total", [([2, 2, 2, 2], 8), ([2, 2, 3, 4], 11), ([7, 7, 7, "+1"], 22)])
def test_stack_total_examples(stack, total):
    assert stack_total(stack) == total
    assert pos(hands=[[2], [2], [2]], stack=stack, deck=DECK).stack_total == total


def test_stack_total_ignores_direction_cards_and_rejects_nonsense():
    assert stack_total([5, "reverse", "+1", "choose next"]) == 6
    with pytest.raises(ValueError, match="'8'"):
        stack_total(["8"])


def test_eating_draws_the_stack_total_into_the_hand_and_restarts():
    deck = ["indigestion", 7, 7, 3, 3, 3, 2, 2, 2, 2, 5, 4]     # top is the end
    s = pos(hands=[[2], [6], [5]], stack=[2, 2, 2, 2], deck=deck)
    t = s.apply("eat 8")
    assert t.hand(0) == sorted([2] + deck[-8:])
    assert t.stack == () and t.discard[2] == 4 and len(t.deck) == 4
    # no indigestion: the eater starts a new stack from hand
    assert t.current_player == 0 and t.phase == "start"


def test_eat_is_always_legal_and_sometimes_the_only_choice():
    s = pos(hands=[[3, 5], [2], [2]], stack=[6], deck=DECK)
    assert texts(s) == ["eat 6"]


def test_eating_past_the_deck_shuffles_the_discard_pile():
    # During a round the deck always holds an indigestion card, so an eat that runs the deck out
    # also reveals it; the eater still draws the whole stack's worth, from the reshuffled discard.
    s = pos(hands=[[2], [6], [5]], stack=[6], deck=["indigestion", 3, 3], discard=[4, 4, 4, 4])
    t = s.apply("eat 6")
    assert sorted(t.hand(0)) == [2, 3, 3, 4, 4, 4] and len(t.deck) == 1 and sum(t.discard) == 1
    assert any("shuffled into a new deck" in line for line in t.log)
    assert t.tokens == (1, 0, 0) and t.phase == "extra"


def test_drawing_an_indigestion_card_ends_the_round_with_a_token():
    s = pos(hands=[[2], [6], [5]], stack=[3], deck=[4, 4, "indigestion", 4], tokens=[0, 1, 0])
    t = s.apply("eat 3")
    assert t.tokens == (1, 1, 0)
    assert t.hand(0) == [2, 4, 4]                     # the other cards drawn are kept
    assert t.phase == "extra" and t.current_player == 0 and t.stack == ()


# ---------------------------------------------------------------- action cards

def test_plus_one_adds_one_to_the_next_eat():
    s = pos(hands=[["+1", 2], [2], [2]], stack=[5], deck=DECK)
    t = s.apply("play +1")
    assert t.stack_total == 6 and "eat 6" in texts(t) and t.current_player == 1


def test_reverse_flips_the_direction():
    s = pos(hands=[["reverse", 2], [2], [2]], stack=[5], deck=DECK)
    t = s.apply("play reverse")
    assert t.direction == -1 and t.current_player == 2 and t.stack_total == 5
    u = t.apply("eat 5")  # player 3 eats, then starts; play continues counter-clockwise
    u = u.apply("start a stack with 2")
    assert u.current_player == 1


def test_choose_next_names_anyone_but_yourself_and_play_continues_from_there():
    s = pos(players=4, hands=[["choose next", 2], [2], [2], [2]], stack=[5], deck=DECK)
    assert [t for t in texts(s) if t.startswith("play choose")] == [
        "play choose next: Player 2", "play choose next: Player 3", "play choose next: Player 4"]
    t = s.apply("play choose next: Player 3")
    assert t.current_player == 2
    u = t.apply("eat 5").apply("start a stack with 2")
    assert u.current_player == 3        # continues clockwise from the chosen player
    self_ok = from_position(4, position={"hands": [["choose next", 2], [2], [2], [2]], "stack": [5],
                                          "deck": DECK}, choose_self=True)
    assert "play choose next: Player 1" in texts(self_ok)


# ---------------------------------------------------------------- skipping a dish

def test_skip_example_top_six_two_threes():
    s = pos(hands=[[3, 3, 4], [2], [2]], stack=[6], deck=DECK)
    assert "skip with two 3s" in texts(s)
    t = s.apply("skip with two 3s")
    assert t.stack == (3,) and t.top_dish == 3 and t.current_player == 1
    assert t.discard[6] == 1 and t.discard[3] == 1          # old stack + one of the pair discarded
    assert t.hand(0) == [4]
    assert set(texts(t)) >= {"eat 3"}


# ---------------------------------------------------------------- empty hands and starting stacks

def test_an_empty_handed_player_draws_three_then_plays():
    s = pos(hands=[[5], [], [2]], stack=[5], deck=["indigestion", 4, 6, 5, 7])
    t = s.apply("serve 5")
    assert t.current_player == 1 and t.hand(1) == [5, 6, 7] and len(t.deck) == 2


def test_an_indigestion_among_the_three_ends_the_turn_and_round():
    s = pos(hands=[[5], [], [2]], stack=[5], deck=[2, 4, "indigestion", 7])
    t = s.apply("serve 5")
    assert t.tokens == (0, 1, 0) and t.hand(1) == [4, 7] and t.phase == "extra" and t.current_player == 1


def test_a_starter_without_a_dish_card_draws_until_one_is_drawn():
    s = pos(hands=[["+1"], [2], [2]], stack=[], deck=["indigestion", 2, 6, "reverse", "+1"], phase="start")
    assert s.hand(0) == [6, PLUS_ONE, PLUS_ONE, REVERSE] and s.deck == [INDIGESTION, 2]
    assert texts(s) == ["start a stack with 6"]


# ---------------------------------------------------------------- rounds and the end of the game

def test_new_round_reshuffles_adds_a_card_by_choice_and_resets_direction():
    s = pos(hands=[[2, 3], [6], [5]], stack=[3], deck=[4, 4, "indigestion"], discard=[7, 7], direction=-1)
    t = s.apply("eat 3")
    assert texts(t) == ["add an indigestion card", "add no indigestion card"]
    added = t.apply("add an indigestion card")
    assert added.in_play == 2 and added.deck.count(INDIGESTION) == 2
    assert added.direction == 1 and added.round == 2 and added.current_player == 0 and added.phase == "start"
    # the discard pile, the deck, the stack and the revealed card are all shuffled into the new deck
    assert sorted(c for c in added.deck if c != INDIGESTION) == [3, 7, 7]
    assert added.hand(0) == [2, 3, 4, 4] and added.hand(1) == [6]      # hands are kept
    not_added = t.apply("add no indigestion card")
    assert not_added.in_play == 1 and not_added.deck.count(INDIGESTION) == 1


def test_at_most_six_indigestion_cards_are_in_play():
    s = pos(hands=[[2, 3], [6], [5]], stack=[2], deck=["indigestion"] * 6, discard=[7, 7])
    t = s.apply("eat 2")
    assert t.phase == "start" and t.in_play == 6 and t.deck.count(INDIGESTION) == 6


@pytest.mark.parametrize("policy,expected", [("always", 2), ("never", 1)])
def test_extra_indigestion_variants(policy, expected):
    s = from_position(3, position={"hands": [[2], [6], [5]], "stack": [2], "deck": [4, "indigestion"]},
                      extra_indigestion=policy)
    t = s.apply("eat 2")
    assert t.phase == "start" and t.in_play == expected


def test_third_token_ends_the_game_fewest_tokens_then_most_cards_win():
    s = pos(players=4, hands=[[2], [6, 6, 6], [5, 5, 5], [4]], stack=[3], deck=[4, "indigestion", 4],
            tokens=[2, 1, 1, 0], to_act=0)
    t = s.apply("eat 3")
    assert t.is_over and t.current_player is None and t.loser == 0
    assert t.winners() == [3]                    # fewest tokens
    assert t.scores() == [0, 2, 2, 3]
    tie = pos(players=4, hands=[[2], [6, 6, 6], [5, 5], [4]], stack=[3], deck=[4, "indigestion", 4],
              tokens=[2, 1, 1, 1], to_act=0)
    u = tie.apply("eat 3")
    assert u.winners() == [1]                    # tied on tokens: most cards in hand
    assert "Player 2" in u.log[-1]
    with pytest.raises(IllegalActionError, match="game is over"):
        u.apply("eat 3")


def test_illegal_action_leaves_the_state_unchanged():
    s = pos(hands=[[3, 5], [2], [2]], stack=[6], deck=DECK)
    before = (s.to_json(), s.hands, s.stack, s.log)
    with pytest.raises(IllegalActionError, match="'serve 5'.*legal: eat 6"):
        s.apply("serve 5")
    assert (s.to_json(), s.hands, s.stack, s.log) == before


def test_views_hide_other_hands():
    s = kitchenlab.new_game("tem_purr_a", players=3, seed=4)
    v = s.view(1)
    assert v["hand"] == [kitchenlab.tem_purr_a.card_name(c) for c in s.hand(1)]
    assert v["hand_sizes"] == [5, 5, 5] and "hands" not in v and "deck" not in v
    assert v["indigestion_in_deck"] == 1 and v["deck_size"] == len(s.deck)


# ---------------------------------------------------------------- exact probabilities

def brute_force_chance(n, d, k):
    cards = range(n)                     # cards 0..d-1 are indigestion
    hands = list(combinations(cards, k))
    return Fraction(sum(1 for h in hands if min(h) < d), len(hands))


@pytest.mark.parametrize("n,d,k", [(6, 1, 2), (7, 2, 3), (8, 3, 4), (9, 1, 9), (5, 0, 3), (10, 2, 1)])
def test_indigestion_chance_matches_enumeration(n, d, k):
    assert indigestion_chance(n, d, k) == brute_force_chance(n, d, k)


def test_indigestion_chance_values_and_limits():
    assert indigestion_chance(60, 1, 6) == Fraction(1, 10)
    assert indigestion_chance(10, 2, 3) == 1 - Fraction(comb(8, 3), comb(10, 3)) == Fraction(8, 15)
    assert indigestion_chance(5, 1, 9) == 1          # the whole deck is drawn
    assert indigestion_chance(30, 0, 12) == 0
    with pytest.raises(ValueError, match="indigestion"):
        indigestion_chance(3, 4, 1)
    with pytest.raises(ValueError, match="draw"):
        indigestion_chance(3, 1, -1)


def test_eat_risk_agrees_with_simulation_by_reshuffling():
    s = pos(hands=[[2], [2], [2]], stack=[7, 4], deck=[2, 3, 4, 5, 6, 7] * 6 + ["indigestion"] * 2)
    exact = s.eat_risk()
    assert exact == indigestion_chance(38, 2, 11) == 1 - Fraction(comb(36, 11), comb(38, 11))
    rng = Rng(9)
    deck = list(s.deck)
    trials = 4000
    hits = 0
    for _ in range(trials):
        rng.shuffle(deck)
        hits += INDIGESTION in deck[-11:]
    assert abs(hits / trials - float(exact)) < 0.03


def test_chance_outcomes_split_an_eat_exactly():
    s = kitchenlab.new_game("tem_purr_a", players=3, seed=3)
    s = s.apply(s.legal_actions()[0])
    eat = next(a for a in s.legal_actions() if a.kind == "eat")
    outcomes = s.chance_outcomes(eat)
    assert [label for _, label, _ in outcomes] == ["indigestion", "safe"]
    assert sum(p for p, _, _ in outcomes) == 1 and outcomes[0][0] == s.eat_risk()
    bad, safe = outcomes[0][2], outcomes[1][2]
    assert sum(bad.tokens) == 1 and sum(safe.tokens) == 0
    other = next(a for a in s.legal_actions() if a.kind != "eat")
    assert s.chance_outcomes(other) is None
    certain = pos(hands=[[2], [2], [2]], stack=[5], deck=[3, "indigestion"])
    assert certain.chance_outcomes("eat 5") is None      # the whole deck is drawn: no uncertainty


# ---------------------------------------------------------------- invariants (property-based)

TOTAL = 72 + 17


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 7), choices=st.lists(st.integers(0, 10**6), max_size=150))
def test_every_card_is_always_accounted_for(seed, players, choices):
    s = kitchenlab.new_game("tem_purr_a", players=players, seed=seed)
    for c in choices:
        if s.is_over:
            break
        legal = s.legal_actions()
        s = s.apply(legal[c % len(legal)])
        census = s.card_census()
        assert census["hands"] + census["deck"] + census["discard"] + census["stack"] == TOTAL
        assert census["indigestion_in_deck"] + census["indigestion_revealed"] + census["indigestion_aside"] == 6
        assert 1 <= s.in_play <= 6
        assert all(0 <= t <= 3 for t in s.tokens) and sum(s.tokens) == s.round - 1 + (1 if s.phase in ("extra", "over") else 0)


# ---------------------------------------------------------------- bots

def test_cautious_bot_eats_only_when_the_risk_is_small():
    safe = pos(hands=[[6, 2], [2], [2]], stack=[6], deck=[2, 3, 4, 5, 6, 7] * 6 + [2, 3, 4, 5] + ["indigestion"] + [3] * 2)
    risky = pos(hands=[[6, 2], [2], [2]], stack=[6], deck=[3] * 4 + ["indigestion"] + [3] * 2)
    assert safe.eat_risk() == Fraction(6, 43) and str(cautious_bot(safe, Rng(1))) == "eat 6"
    assert risky.eat_risk() == Fraction(6, 7) and str(cautious_bot(risky, Rng(1))) == "serve 6"


def test_cautious_bots_beat_random_bots():
    from kitchenlab.sim import simulate, summarize

    df = simulate("tem_purr_a", n=300, players=4, seed=0, bots=["cautious", "random", "random", "random"])
    assert summarize(df)["win_rate"][0] > 0.35       # a quarter would be chance
    assert random_bot(kitchenlab.new_game("tem_purr_a", players=3, seed=1), Rng(0)).kind == "start"
