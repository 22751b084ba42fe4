"""[A] A kitchen where nobody can cook ends the game: the rules are silent, so the kit ends it after
``stall_rounds`` (10) rounds in a row without a meal cooked or served, and says why."""

from __future__ import annotations

import kitchenlab
from kitchenlab.chefs.rules import STALL_ROUNDS
from kitchenlab.engine import Rng


def _decline_bot(state, rng):
    """Never cooks and never serves: passes at the stoves and the service counter when it can."""
    legal = state.legal_actions()
    calm = [a for a in legal if a.kind not in ("cook", "serve")]
    return rng.choice(calm or legal)


def test_rounds_without_cooking_end_the_game_after_the_stall_limit():
    state = kitchenlab.new_game("chefs", players=2, seed=3)
    rng = Rng(1)
    while not state.is_over:
        state = state.apply(_decline_bot(state, rng))
    assert STALL_ROUNDS == 10
    assert state.round == STALL_ROUNDS and state.idle_rounds == STALL_ROUNDS
    assert state.scores() == [0, 0] and state.winners() == [0, 1]      # nobody moved: a shared win
    assert state.log[-1].startswith(f"The game ends after round {STALL_ROUNDS}: no meal was cooked or "
                                    f"served for {STALL_ROUNDS} rounds in a row.")


def test_a_meal_cooked_resets_the_count():
    state = kitchenlab.new_game("chefs", players=2, seed=3)
    rng = Rng(2)
    seen_reset = False
    while not state.is_over:
        before = state.idle_rounds
        state = state.apply(rng.choice(state.legal_actions()))
        if state.idle_rounds < before:
            seen_reset = True
            assert state.idle_rounds == 0
    assert seen_reset and state.end_reason != f"no meal was cooked or served for {STALL_ROUNDS} rounds in a row"
