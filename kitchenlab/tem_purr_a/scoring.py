"""Tem-Purr-A's numbers: what a stack is worth and the exact risk of eating it."""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..errors import KitchenlabError
from ..i18n import _

#: The values printed on dish cards (the one definition; the rules and the data loader read it).
DISH_VALUES = (2, 3, 4, 5, 6, 7)

_WORTH = {**{v: v for v in DISH_VALUES}, **{str(v): v for v in DISH_VALUES},
          "+1": 1, "reverse": 0, "choose next": 0, "choose": 0}


def stack_total(cards) -> int:
    """Cards an eater draws: the dish values plus 1 per "+1" card; other action cards add nothing.

    Cards are dish values (``6`` or ``"6"``) or action-card names as ``view()`` shows them.

    >>> stack_total([2, 2, 2, 2])
    8
    >>> stack_total([2, 2, 3, 4])
    11
    >>> stack_total([7, 7, 7, "+1"])
    22
    >>> stack_total(["6", "+1", "reverse"])
    7
    """
    total = 0
    for c in cards:
        worth = None if isinstance(c, bool) else _WORTH.get(c)
        if worth is None:
            raise KitchenlabError(
                _("stack card {card} is not understood; use dish values 2..7 (or their names '2'..'7'), "
                  "'+1', 'reverse' or 'choose next'").format(card=repr(c))
            )
        total += worth
    return total


def indigestion_chance(deck_size: int, indigestion: int, draw: int) -> Fraction:
    """Exact chance that ``draw`` cards from a deck of ``deck_size`` holding ``indigestion``
    indigestion cards include at least one: ``1 - C(n-d, k) / C(n, k)`` (hypergeometric).

    Drawing more cards than the deck holds draws the whole deck, so the chance is then 1 when any
    indigestion card is in it.

    >>> indigestion_chance(60, 1, 6)
    Fraction(1, 10)
    >>> indigestion_chance(10, 2, 3)
    Fraction(8, 15)
    """
    for name, v in (("deck_size", deck_size), ("indigestion", indigestion), ("draw", draw)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise KitchenlabError(_("{name} must be a whole number 0 or more, got {value}").format(name=name, value=repr(v)))
    if indigestion > deck_size:
        raise KitchenlabError(_("indigestion ({indigestion}) cannot exceed deck_size ({deck_size})").format(
            indigestion=indigestion, deck_size=deck_size))
    if indigestion == 0 or draw == 0:
        return Fraction(0)
    if draw >= deck_size:
        return Fraction(1)
    return 1 - Fraction(comb(deck_size - indigestion, draw), comb(deck_size, draw))
