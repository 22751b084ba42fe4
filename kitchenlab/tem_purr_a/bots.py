"""Bots for Tem-Purr-A. A bot is ``bot(state, rng) -> action``; ``rng`` is an engine ``Rng``."""

from __future__ import annotations

from fractions import Fraction

from .rules import CHOOSE, PLUS_ONE, REVERSE, State


def random_bot(state: State, rng) -> object:
    """Any legal action, uniformly."""
    return rng.choice(state.legal_actions())


def cautious_bot(state: State, rng, risk_limit: Fraction = Fraction(1, 4)) -> object:
    """Eats while the exact indigestion risk is at most ``risk_limit``; otherwise passes the stack on.

    Passing prefers moves that keep the stack big for the next player (serve, +1), then the
    direction cards, then a skip; it eats when nothing else is legal. It starts stacks with its
    highest single dish, keeping pairs for skips, and always adds the extra indigestion card
    (the others then face more risk too).
    """
    legal = state.legal_actions()
    kinds = {a.kind for a in legal}
    if kinds == {"extra"}:
        return next(a for a in legal if a.target == 1)
    if kinds == {"start"}:
        hand = state.hands[state.current_player]
        singles = [a for a in legal if hand[a.card] == 1]
        return max(singles or legal, key=lambda a: a.card)
    eat = next(a for a in legal if a.kind == "eat")
    if state.eat_risk() <= risk_limit:
        return eat

    def rank(a) -> tuple:
        if a.kind == "serve":
            return (0, -a.card)
        if a.kind == "play" and a.card == PLUS_ONE:
            return (1, 0)
        if a.kind == "play" and a.card in (REVERSE, CHOOSE):
            return (2, a.target)
        if a.kind == "skip":
            return (3, -a.card)
        return (9, 0)

    passing = [a for a in legal if a.kind != "eat"]
    return min(passing, key=rank) if passing else eat


BOTS = {"random": random_bot, "cautious": cautious_bot}
