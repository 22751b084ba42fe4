"""Worked examples with their numbers: a short game from a hand-made position, the exact chance of
a mouse checked by counting every order of the pantry, and a seeded game between greedy cooks."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from kitchenlab.sim import play_game
from tiny_kitchen import from_position
from tiny_kitchen.scoring import mouse_chance


def test_caprese_then_lasagne_and_the_last_card_ends_the_game():
    s = from_position(2, position={"hands": [["basil", "cheese", "tomato"], ["flour", "flour", "tomato"]],
                                   "pantry": ["basil", "tomato", "mouse", "cheese"]})
    assert [str(a) for a in s.legal_actions()] == ["cook salad", "cook caprese", "draw a card"]
    for move in ("cook caprese", "draw a card", "draw a card", "cook lasagne", "draw a card", "draw a card"):
        s = s.apply(move)
    assert s.log[1:] == (
        "Player 1 cooks caprese (basil + cheese + tomato: 4 points); 4 points in all.",
        "Player 2 draws a cheese.",
        "Player 1 draws a mouse! It runs off with nothing.",
        "Player 2 cooks lasagne (cheese + flour + flour + tomato: 7 points); 7 points in all.",
        "Player 1 draws a tomato.",
        "Player 2 draws a basil.",
        "The pantry is empty: the game ends; scores [4, 7]; winner(s): Player 2",
    )
    # Player 1's tomato and Player 2's basil were still in hand: they score nothing
    assert s.scores() == [4, 7] and s.winners() == [1] and s.hands == (("tomato",), ("basil",))


def _by_counting(mice: int, pantry: int, draws: int) -> Fraction:
    """The share of the places of the mice in the pantry that put one among the top ``draws`` cards."""
    places = list(combinations(range(pantry), mice))
    return Fraction(sum(1 for p in places if min(p, default=pantry) < draws), len(places))


def test_the_chance_of_a_mouse_is_the_share_of_the_orders_that_bring_one():
    # 2 mice in a pantry of 18: 1 in 9 for the next card, 16 in 51 (about 31 %) within three cards
    assert mouse_chance(2, 18) == _by_counting(2, 18, 1) == Fraction(1, 9)
    assert mouse_chance(2, 18, 3) == _by_counting(2, 18, 3) == Fraction(16, 51)
    for mice, pantry, draws in ((0, 6, 2), (1, 1, 1), (3, 10, 4), (2, 24, 24)):
        assert mouse_chance(mice, pantry, draws) == _by_counting(mice, pantry, draws)


def test_a_seeded_game_of_three_greedy_cooks():
    final = play_game("tiny_kitchen", 3, seed=5, bots="greedy")
    assert final.steps == 41 and final.scores() == [12, 10, 13] and final.winners() == [2]
    assert final.cooked == (("caprese", "caprese", "toast", "toast"), ("salad", "salad", "toast", "pesto"),
                            ("caprese", "toast", "salad", "pizza"))
