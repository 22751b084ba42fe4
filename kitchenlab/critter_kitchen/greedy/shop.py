"""The greedy bot's shop move, and what an item is worth to a restaurant (the bot's heuristic).

Strategy only: the shop phase's rules are :mod:`..phases.shop`.
"""

from __future__ import annotations

from ..actions import Action, Kind
from ..tokens import ALLSPICE, BIS, ING, RUM, SOU, SPI, WLD, ZOU, Token, token

# An enum member read through its class takes a slow attribute lookup: the hot paths read these names.
_HOME = Kind.HOME


def item_value(tok, storage) -> float:
    """What an item is worth to a restaurant holding ``storage`` (a rough, fixed heuristic)."""
    if tok.__class__ is not Token:
        tok = token(tok)
    k = tok.kind
    if k is ING:
        return float(tok.value)
    if k is SPI:
        if tok is ALLSPICE:
            return spice_worth(tok, max((t.value for t in storage if t.kind is ING), default=None), None)
        return spice_worth(tok, None, max((x.value for x in storage if x.kind is ING and x.type == tok.type),
                                          default=None))
    if k is BIS or k is SOU:
        return float(tok.value)
    if k is RUM or k is WLD:
        return 1.5
    if k is ZOU:
        return 2.0
    return 0.0


def spice_worth(spice, best_any: int | None, best_of_type: int | None) -> float:
    """What a spice is worth (:func:`item_value`) to a restaurant whose best ingredient is worth
    ``best_any`` and whose best of the spice's type ``best_of_type`` (``None``: it holds none)."""
    if spice is ALLSPICE:
        return max(3.5, float(4 if best_any is None else best_any))
    return max(2.5, float(0 if best_of_type is None else best_of_type))


def fixed_value(table: dict, tok) -> float | None:
    """Keep in ``table`` and return what ``tok`` is worth whatever the storage (``item_value``),
    ``None`` for a spice (worth what it could double)."""
    v = table[tok] = None if tok.kind is SPI else item_value(tok, ())
    return v


def greedy_shop(bot, state, legal, seat: int) -> Action:
    """Take the item worth most; go home early only when nothing is worth a soup."""
    store = state.storage[seat]
    best, best_v = None, -1.0
    home = None
    fixed = bot.fixed_value
    for a in legal:
        if a.kind is _HOME:
            home = a
            continue
        tok = a.token
        v = fixed[tok] if tok in fixed else fixed_value(fixed, tok)
        if v is None:                       # a spice: worth what it could double
            v = item_value(tok, store)
        if v > best_v:
            best, best_v = a, v
    if best is None or (home is not None and best_v < 1.0):
        return home or legal[0]
    return best
