"""Tiny Kitchen's quiz: a legal move, the exact chance of a mouse, and who wins (``MAKERS``)."""

from __future__ import annotations

from fractions import Fraction

from kitchenlab.quiz import (Question, fraction_text, kind, legal_question, pick_choices, seeded_position,
                             winner_question)

from .rules import mice_text
from .scoring import mouse_chance


@kind("legal")
def legal(game: str, rng) -> Question:
    """Which move is legal here? (The hand decides which recipes can be cooked.)"""
    return legal_question(game, rng, lambda state, seat: f"Your hand: {', '.join(state.view(seat)['hand'])}.")


@kind("chance")
def mouse(game: str, rng) -> Question:
    """What is the exact chance that the next pantry card is a mouse? (``mouse_chance``.)"""
    state, facts = seeded_position(game, rng, accept=lambda s: 0 < s.view(None)["mice_in_pantry"] < len(s.deck) - 1)
    m, n = state.view(None)["mice_in_pantry"], state.view(None)["pantry"]
    p = mouse_chance(m, n)
    guesses = (mouse_chance(m, n, 2), 1 - p, Fraction(1, n), Fraction(m, n + m), Fraction(1, m + 1))
    wrong = [fraction_text(x) for x in guesses]
    facts["pantry"] = [m, n]
    return Question(game, "chance", f"The pantry holds {n} cards in a random order, {mice_text(m)} among them. "
                    "What is the exact chance that the next card drawn is a mouse?",
                    pick_choices(rng, fraction_text(p), wrong), fraction_text(p),
                    f"{mice_text(m)} among {n} cards, each card as likely as any to lie on top: {fraction_text(p)}.",
                    facts)


MAKERS = (legal, mouse, winner_question)
