"""Tiny Kitchen's bots, ``bot(state, rng) -> action``: strategy only, from what the seat may see."""

from __future__ import annotations

from .components import load_components


def random_bot(state, rng):
    """Any legal move, uniformly."""
    return rng.choice(state.legal_actions())


def greedy_bot(state, rng):
    """Cooks the dish worth the most as soon as it holds one (a cooked dish is safe from mice and
    from the end of the pantry); otherwise draws."""
    points = {name: r.points for name, r in load_components().recipes.items()}
    return max(state.legal_actions(), key=lambda a: points.get(a.what, 0))


BOTS = {"random": random_bot, "greedy": greedy_bot}
