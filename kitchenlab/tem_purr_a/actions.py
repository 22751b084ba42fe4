"""Tem-Purr-A's decisions as typed values: :class:`Kind`, :class:`Action` and the shared action objects.

Legal-action lists are built from the objects made here once (``_act`` caches them), so ``apply``
finds the action it is given by identity and the rules test its kind with ``is``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ..i18n import N_, _, language
from .components import DISH_VALUES
from .position import CARD_NAMES, CHOOSE, INDIGESTION, PLUS_ONE, REVERSE

ACTION_CARDS = (PLUS_ONE, REVERSE, CHOOSE)

#: The names of the cards as a person reads them, translated where they are shown (``CARD_NAMES``
#: are the names in views, positions and saves, which stay English).
_CARD_LABELS = {INDIGESTION: N_("indigestion"), PLUS_ONE: "+1", REVERSE: N_("reverse"),
                CHOOSE: N_("choose next")}


def card_name(card: int) -> str:
    """The card's name in views and hand-made positions: ``"5"``, ``"+1"``, ``"reverse"``..."""
    return CARD_NAMES[card]


def card_label(card: int) -> str:
    """The card's name in the current language (``"reverse"`` in English, ``"invertir"`` in Spanish)."""
    label = _CARD_LABELS.get(card)
    return _(label) if label is not None else str(card)


def player_name(p: int) -> str:
    """``"Player 1"`` for seat 0, in the current language."""
    return _("Player {number}").format(number=p + 1)


_PLAYER_NAMES: dict[str, tuple[str, ...]] = {}


def player_names() -> tuple[str, ...]:
    """The names of seats 0..7 in the current language (made once per language)."""
    names = _PLAYER_NAMES.get(language())
    if names is None:
        names = _PLAYER_NAMES[language()] = tuple(player_name(p) for p in range(8))
    return names


class Kind(StrEnum):
    """The kinds of decision (a ``StrEnum``: ``Kind.EAT == "eat"``)."""

    START = "start"    # start a stack with a dish card
    SERVE = "serve"    # serve a dish matching the stack
    EAT = "eat"        # draw as many cards as the stack is worth
    PLAY = "play"      # play an action card (+1, reverse, choose next)
    SKIP = "skip"      # discard the stack with a pair and start a new one
    EXTRA = "extra"    # after a round: add another indigestion card or not


@dataclass(frozen=True)
class Action:
    """One decision: its :class:`Kind` and the card (and target) it names.

    ``draw`` is display only (how many cards an eat will draw): it is in the text but not in
    equality, so ``eat`` is the same move whatever the stack is worth.
    """

    kind: Kind
    card: int = 0          # dish value (start, serve, skip) or action card (play)
    target: int = -1       # chosen player for "choose next"; 1/0 for extra (add / don't)
    draw: int = field(default=0, compare=False)   # cards an eat will draw (shown in the text)

    def __repr__(self) -> str:
        return f"<{self}>"

    def __str__(self) -> str:
        """The move in words, in the current language (``apply`` takes it in any language)."""
        k = self.kind
        if k == "start":
            return _("start a stack with {card}").format(card=self.card)
        if k == "serve":
            return _("serve {card}").format(card=self.card)
        if k == "eat":
            return _("eat {total}").format(total=self.draw)
        if k == "skip":
            return _("skip with two {card}s").format(card=self.card)
        if k == "play":
            if self.card == CHOOSE:
                return _("play choose next: {player}").format(player=player_name(self.target))
            return _("play {card}").format(card=card_label(self.card))
        if k == "extra":
            return _("add an indigestion card") if self.target else _("add no indigestion card")
        return k


_ACTION_CACHE: dict[tuple, Action] = {}


def _act(kind: str, card: int = 0, target: int = -1, draw: int = 0) -> Action:
    """The (shared, immutable) action with these fields: legal-action lists reuse them."""
    key = (kind, card, target, draw)
    a = _ACTION_CACHE.get(key)
    if a is None:
        a = _ACTION_CACHE[key] = Action(Kind(kind), card, target, draw)
    return a


# The actions legal-action lists are made of, looked up by card (or by stack worth, for eat).
_START = {v: _act("start", v) for v in DISH_VALUES}
_SERVE = {v: _act("serve", v) for v in DISH_VALUES}
_SKIP = {v: _act("skip", v) for v in DISH_VALUES}
_PLAY_PLUS, _PLAY_REVERSE = _act("play", PLUS_ONE), _act("play", REVERSE)
_EXTRA = (_act("extra", target=1), _act("extra", target=0))
_EAT: dict[int, Action] = {}
_KIND_START, _KIND_SERVE, _KIND_EAT, _KIND_PLAY, _KIND_SKIP = Kind.START, Kind.SERVE, Kind.EAT, Kind.PLAY, Kind.SKIP


def _eat(total: int) -> Action:
    a = _EAT.get(total)
    if a is None:
        a = _EAT[total] = _act("eat", draw=total)
    return a


def _choose_actions(players: int, choose_self: bool) -> tuple:
    """For each seat, its "choose next" actions (every other player; itself too if allowed)."""
    return tuple(tuple(_act("play", CHOOSE, target=q) for q in range(players) if q != p or choose_self)
                 for p in range(players))
