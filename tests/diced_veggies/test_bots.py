"""Diced Veggies bots: legal, seat-blind to hidden cards, and the greedy bot beats random play."""

from __future__ import annotations

import kitchenlab
from kitchenlab.diced_veggies.bots import fit, greedy_bot, hand_value, random_bot
from kitchenlab.engine import Rng
from kitchenlab.sim import simulate


def test_fit_and_hand_value():
    assert fit(["M2", "P3"], "MMP") == 2 / 3
    assert fit(["M2", "M3", "P3"], "MMP") == 1
    assert hand_value(["M2", "M3"], [1]) == 2          # Mushroom Toast (2 pts), covered
    assert hand_value(["M2"], [1]) == 2 * 0.25


def test_greedy_reads_only_what_its_seat_sees():
    s = kitchenlab.new_game("diced_veggies", players=3, seed=5)
    rng = Rng(2)
    for _ in range(120):
        if s.is_over:
            break
        seat = s.current_player
        a = greedy_bot(s, Rng(7))
        for k in range(3):
            twin = s.determinize(seat, k)
            assert str(greedy_bot(twin, Rng(7))) == str(a)
        s = s.apply(a if rng.randbelow(2) else random_bot(s, rng))


def test_greedy_beats_random_clearly():
    df = simulate("diced_veggies", n=24, players=2, seed=100, bots=["greedy", "random"], workers=1)
    assert df["win_0"].sum() >= 20
    assert df["score_0"].mean() > df["score_1"].mean() + 10
