"""Tem-Purr-A: digest rules and examples not covered by test_rules.py (../shared/rules/tem_purr_a.md).

Every expected value here is worked out by hand from the digest, never taken from the engine.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import kitchenlab
from kitchenlab import OptionError
from kitchenlab.tem_purr_a import from_position
from kitchenlab.tem_purr_a.rules import INDIGESTION, PLUS_ONE

#: indigestion card at the bottom (the deck's top is its LAST element), far from any draw below
DECK = ["indigestion"] + [2, 3, 4, 5, 6, 7] * 3


def texts(state):
    return [str(a) for a in state.legal_actions()]


def test_choose_next_continues_in_the_current_direction_when_it_is_counter_clockwise():
    """Digest, action cards: the named player plays next, then play goes on from that player in the
    CURRENT direction (here counter-clockwise after an earlier reverse)."""
    s = from_position(4, position={"hands": [["choose next", 2], [2], [5, 2], [2]], "stack": [5],
                                   "deck": DECK, "direction": -1})
    t = s.apply("play choose next: Player 3")
    assert t.current_player == 2 and t.direction == -1
    assert t.apply("serve 5").current_player == 1      # seat 2 -> seat 1, not seat 3


def test_eating_three_sevens_and_a_plus_one_draws_22_cards():
    """Digest, eat example: three 7s and one +1 are worth 22, so the eater draws 22 cards."""
    safe = [2, 3, 4, 5, 6, 7] * 4                       # 24 safe cards on top of the indigestion card
    s = from_position(3, position={"hands": [[2], [2], [2]], "stack": [7, 7, 7, "+1"],
                                   "deck": ["indigestion"] + safe})
    assert texts(s) == ["eat 22"]
    t = s.apply("eat 22")
    assert t.hand_count(0) == 1 + 22 and len(t.deck) == 25 - 22
    assert t.tokens == (0, 0, 0) and t.phase == "start" and t.current_player == 0
    assert t.discard[7] == 3 and t.discard[PLUS_ONE] == 1   # the stack is discarded, +1 included


def test_skip_on_top_of_an_action_card_starts_a_plain_stack():
    """Digest, skip a dish: any pair may be played whatever is on top; the old stack (its +1 too) and
    one card of the pair are discarded, so the new stack is worth just the pair's value."""
    s = from_position(3, position={"hands": [[3, 3, 4], [2], [2]], "stack": [5, "+1"], "deck": DECK})
    assert texts(s) == ["eat 6", "skip with two 3s"]
    t = s.apply("skip with two 3s")
    assert t.stack == (3,) and t.stack_total == 3 and t.current_player == 1
    assert t.discard[5] == 1 and t.discard[PLUS_ONE] == 1 and t.discard[3] == 1
    assert "eat 3" in texts(t)


def test_a_pair_matching_the_top_may_be_served_or_skipped():
    """Digest, serve and skip: with two 6s on a 6 both a serve and a skip are legal."""
    s = from_position(3, position={"hands": [[6, 6], [2], [2]], "stack": [6], "deck": DECK})
    assert texts(s) == ["serve 6", "eat 6", "skip with two 6s"]
    assert s.apply("skip with two 6s").stack_total == 6
    assert s.apply("serve 6").stack_total == 12


def test_after_a_new_round_play_goes_clockwise_from_the_token_taker():
    """Digest, new round: the direction resets to clockwise and the token taker starts, so the
    player after them (seat + 1) plays next, even if the last round ended counter-clockwise."""
    s = from_position(4, position={"hands": [[2], [6], [5, 3], [4]], "stack": [3],
                                   "deck": [4, 4, "indigestion"], "direction": -1, "to_act": 2},
                      extra_indigestion="never")
    t = s.apply("eat 3")
    assert t.tokens == (0, 0, 1, 0) and t.phase == "start" and t.current_player == 2
    assert t.direction == 1
    u = t.apply(t.legal_actions()[0])
    assert u.current_player == 3


def test_the_sixth_indigestion_card_may_be_added_and_no_seventh():
    """Digest, new round: the token taker may add a card while fewer than 6 are in play; at 6 the
    choice is no longer offered."""
    s = from_position(3, position={"hands": [[2, 3], [6], [5]], "stack": [2],
                                   "deck": ["indigestion"] * 5 + [4], "in_play": 5})
    t = s.apply("eat 2")
    assert texts(t) == ["add an indigestion card", "add no indigestion card"]
    u = t.apply("add an indigestion card")
    assert u.in_play == 6 and u.deck.count(INDIGESTION) == 6 and u.view(None)["indigestion_aside"] == 0
    # the choice is gone once all six are in play: the next round starts at once
    w = from_position(3, position={"hands": [[2, 3], [6], [5]], "stack": [2],
                                   "deck": ["indigestion"] * 6 + [4]}).apply("eat 2")
    assert w.phase == "start" and w.in_play == 6 and w.round == 2


def test_a_third_token_from_the_empty_hand_draw_ends_the_game():
    """Digest, end of the game: the game ends the moment anyone takes a third token, however it is
    taken (here from the three cards an empty-handed player draws); fewest tokens, then most cards."""
    s = from_position(3, position={"hands": [[5], [], [2, 2]], "stack": [5],
                                   "deck": [2, 4, "indigestion", 7], "tokens": [1, 2, 1]})
    t = s.apply("serve 5")
    assert t.is_over and t.loser == 1 and t.tokens == (1, 3, 1)
    # Players 1 and 3 tie on one token; Player 1 holds 0 cards, Player 3 holds 2.
    assert t.winners() == [2]


@pytest.mark.parametrize("players", [1, 8])
def test_player_counts_outside_two_to_seven_are_refused(players):
    """Digest, variants: 3-7 players, and 2 as an exploration variant; nothing else."""
    with pytest.raises(OptionError):
        kitchenlab.new_game("tem_purr_a", players=players)


def test_two_player_variant_turns():
    """Digest, variants: with 2 players, 'choose next' can only name the other player (by default),
    and a reverse still hands the turn to the other player."""
    assert kitchenlab.game_info("tem_purr_a").players == (2, 3, 4, 5, 6, 7)
    s = from_position(2, position={"hands": [["reverse", "choose next", 5], [2]], "stack": [5], "deck": DECK})
    assert [t for t in texts(s) if "choose" in t] == ["play choose next: Player 2"]
    assert s.apply("play reverse").current_player == 1
    assert s.apply("serve 5").current_player == 1
    own = from_position(2, position={"hands": [["choose next", 5], [2]], "stack": [5], "deck": DECK},
                        choose_self=True)
    assert own.apply("play choose next: Player 1").current_player == 0


def test_eat_risk_is_the_hypergeometric_formula_and_grows_with_each_indigestion_card():
    """Digest, notebooks: risk = 1 - C(n-d, k)/C(n, k). For n = 20, k = 5:
    d = 1 -> 5/20 = 1/4; d = 2 -> 1 - C(18,5)/C(20,5) = 1 - 8568/15504 = 1 - 21/38 = 17/38."""
    def state(d):
        deck = ["indigestion"] * d + [2, 3, 4, 5] * 5
        deck = deck[:20]
        return from_position(3, position={"hands": [[2], [2], [2]], "stack": [5], "deck": deck,
                                          "discard": [2, 3, 4, 5, 6, 7]})
    assert state(1).eat_risk() == Fraction(1, 4)
    assert state(2).eat_risk() == Fraction(17, 38)
    # a stack worth more than the deck draws the whole deck: indigestion is certain
    big = from_position(3, position={"hands": [[2], [2], [2]], "stack": [7], "deck": [3, "indigestion", 4]})
    assert big.eat_risk() == 1
