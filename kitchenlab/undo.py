"""When may a player take a move back? One rule for every game, checked through the game contract.

The rule strong online tables use: you may take back **your own last move**, and only while

1. nobody else has moved since (never another player's move, and never your move once a reply
   was made to it);
2. the move started no random event: the game's generator (``state.rng``) is exactly where it
   was before the move, so no card was drawn, no die rolled, no bag or deck shuffled;
3. the move revealed nothing hidden: what the mover sees after it (``view(seat)``) and what the
   table sees (``view(None)``) would have been the same whatever was hidden from the mover.

Rule 3 is tested without knowing the game: the position before the move is re-dealt as the mover
could imagine it (``state.determinize(seat, seed)``: the same views, everything hidden shuffled
again), the same move is made there, and the views after it are compared with the real ones. A
move whose result depends on a hidden card, a face-down plan or the bag's order shows a
difference in one of the re-deals (or is not even legal there) and cannot be taken back. So a
draw from a deck shuffled long before is caught by rule 3, a shuffle or a roll made by the move
itself by rule 2.

This module knows only the contract (``apply``, ``rng``, ``view``, ``determinize``); the play
session (:mod:`kitchenlab.session`) keeps rule 1 and asks it about rules 2 and 3.

>>> from kitchenlab import tem_purr_a
>>> s = tem_purr_a.from_position(3, position={"hands": [[3, 3], [6], [2]], "stack": [3],
...                                          "deck": [2, 4, 5, "indigestion"]})
>>> undo_check(s, "serve 3", s.apply("serve 3"), 0)
UndoCheck(allowed=True, reason='nothing random happened and nothing hidden was revealed')
>>> undo_check(s, "eat 3", s.apply("eat 3"), 0).allowed
False
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import KitchenlabError

#: How many re-deals rule 3 tries (each one a different guess at what is hidden).
PROBES = 3

ALLOWED = "nothing random happened and nothing hidden was revealed"
RANDOM = "a random event happened (a draw, a roll or a shuffle)"
REVEALED = "the move revealed something that was hidden"


class UndoCheck(NamedTuple):
    """Whether a move may be taken back, and why (one line)."""

    allowed: bool
    reason: str


def undo_check(before, action, after, seat: int, probes: int = PROBES) -> UndoCheck:
    """May ``seat`` take back ``action``, which led from ``before`` to ``after``? (Rules 2 and 3
    of the module's rule; rule 1 — nobody moved since — is the caller's to keep.)"""
    if after.rng.state != before.rng.state:
        return UndoCheck(False, RANDOM)
    text = str(action)
    seen, public = after.view(seat), after.view(None)
    for k in range(probes):
        try:
            other = before.determinize(seat, 1_000 + k).apply(text)
        except KitchenlabError:
            return UndoCheck(False, REVEALED)
        if other.view(seat) != seen or other.view(None) != public:
            return UndoCheck(False, REVEALED)
    return UndoCheck(True, ALLOWED)


__all__ = ["ALLOWED", "PROBES", "RANDOM", "REVEALED", "UndoCheck", "undo_check"]
