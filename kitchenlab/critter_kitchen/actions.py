"""Critter Kitchen's phases and actions: the words of the game before its rules.

A game moves through the :class:`Phase` values in order (restaurateur only with that module;
plan, shop, then challenge and fridge after a day's last round; critic at the end). Each player
move is an :class:`Action`: a kind and named fields; ``str(action)`` is the text a person reads and
types (``"send mouse to Soup Truck"``, ``"take wild as rumor2"``), unique among the legal actions of
a state, in the current language (``text`` is the English one, the text a save file stores and the
bots look up; ``text_es`` the Spanish one, both made with the move). Two actions are equal when they
make the same move.

>>> a = Action(Kind.TAKE, token=token("fish7"), text="take fish7")
>>> a, a.kind, a == Action(Kind.TAKE, token=token("fish7"))
(Action('take fish7'), 'take', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from ..i18n import _, language, using
from .tokens import Token, token
from .words import item_text, type_word


class Phase(StrEnum):
    """The phases of a game, in the order they come (``str`` reads as the plain word)."""

    SETUP = "setup"
    RESTAURATEUR = "restaurateur"
    PLAN = "plan"
    SHOP = "shop"
    CHALLENGE = "challenge"
    FRIDGE = "fridge"
    CRITIC = "critic"
    OVER = "over"

    def __repr__(self) -> str:
        return repr(self.value)


class Kind(StrEnum):
    """What an action does."""

    KEEP = "keep"                        # keep <restaurateur>            (card)
    SEND = "send"                        # send <chef> to <location>      (chef, loc)
    TAKE = "take"                        # take <token> [as rumor<k>]     (token, rumor)
    HOME = "home"                        # go home for soup
    ADD = "add"                          # add <item> to meal <k>         (meal, token, spice)
    SERVE = "serve"                      # serve meal <k>                 (meal)
    DONE_CHALLENGES = "done_challenges"  # done with challenges
    DISCARD = "discard"                  # discard <token>                (token)
    PUT = "put"                          # put <item> on <type> course    (token, spice)
    PAIR = "pair"                        # pair <wine> with <type> course (token, course)
    DONE_CRITIC = "done_critic"          # done with critic meal

    def __repr__(self) -> str:
        return repr(self.value)


@dataclass(frozen=True, slots=True)
class Action:
    """One move. ``text`` (English) and ``text_es`` (Spanish) are for display and typing only: they
    take no part in equality."""

    kind: Kind
    token: Token | None = None      # the item taken, added, put, discarded; the wine paired
    spice: Token | None = None      # the spice paired with it (a rumor token, with the Jerboa)
    rumor: int | None = None        # the rumor a wild token counts as
    chef: str | None = None         # the chef sent ("mouse", "zous:<id>")
    loc: int | None = None          # the location it is sent to (0 = Soup Truck)
    meal: int | None = None         # the meal added to or served (k-th challenge of the day)
    course: str | None = None       # the course a wine is paired with
    card: str | None = None         # the restaurateur kept
    text: str = field(default="", compare=False)
    text_es: str = field(default="", compare=False)

    def __str__(self) -> str:
        """The move in words, in the current language (``apply`` takes it in either)."""
        return self.text_es if self.text_es and language() == "es" else self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    @property
    def args(self) -> tuple:
        """The fields the kind uses, in the order of its text."""
        k = self.kind
        if k is Kind.SEND:
            return (self.chef, self.loc)
        if k is Kind.TAKE:
            return (self.token, self.rumor)
        if k is Kind.ADD:
            return (self.meal, self.token, self.spice)
        if k is Kind.SERVE:
            return (self.meal,)
        if k is Kind.PUT:
            return (self.token, self.spice)
        if k is Kind.PAIR:
            return (self.token, self.course)
        if k is Kind.DISCARD:
            return (self.token,)
        if k is Kind.KEEP:
            return (self.card,)
        return ()


# ---------------------------------------------------------------- shared action objects
# Actions are values: the same move in two states is the same object, so building the legal
# list allocates nothing once a game is under way. Texts that name locations or cards depend on
# the game's configuration, so each configuration keeps its own table (``cache``).

def worded(make) -> dict:
    """The texts of a move, ``make()`` called in English and in Spanish: the ``text`` and
    ``text_es`` fields of its :class:`Action` (made once: moves are shared)."""
    with using("en"):
        english = make()
    with using("es"):
        spanish = make()
    return {"text": english, "text_es": spanish}


HOME = Action(Kind.HOME, **worded(lambda: _("go home for soup")))
DONE_CHALLENGES = Action(Kind.DONE_CHALLENGES, **worded(lambda: _("done with challenges")))
DONE_CRITIC = Action(Kind.DONE_CRITIC, **worded(lambda: _("done with critic meal")))

class SharedMoves:
    """Every move object that names no location or card, one table per kind of move, filled as
    each move is first made; the rules' tables of moves (the challenge meals' rows, the critic
    meal's puts and pairings) are kept here too.

    ``take``: (token, rumor kind) -> its take (read directly by the shop phase's legal moves);
    ``discard``: token -> its discard; ``add``: (meal number, token, spice) -> its add;
    ``serve``: meal number -> its serve; ``meal_rows``: per meal number, per ingredient its add
    moves and the meal's bisque, soup and serve moves (:mod:`.phases.meals`); ``puts``,
    ``rumor_puts``, ``pairs``: the critic meal's moves (:mod:`.phases.critic`).
    """

    __slots__ = ("take", "discard", "add", "serve", "meal_rows", "puts", "rumor_puts", "pairs")

    def __init__(self) -> None:
        for name in self.__slots__:
            setattr(self, name, {})


#: the one table of shared moves
SHARED = SharedMoves()
TAKE_ACTIONS = SHARED.take
_DISCARD = SHARED.discard
_ADD = SHARED.add
_SERVE = SHARED.serve


def take(tok: Token, rumor: int | None = None) -> Action:
    key = (tok, rumor)
    a = TAKE_ACTIONS.get(key)
    if a is None:
        t = token(tok)
        if t.zous is not None:          # a zous-chef card is named as players know it
            from .components import load_components

            card = load_components().zous_chef(t.zous)
            texts = worded(lambda: _("take zous-chef {name}").format(name=card.local_name))
        elif rumor is None:
            texts = worded(lambda: _("take {item}").format(item=item_text(tok)))
        else:
            texts = worded(lambda: _("take {item} as rumor{number}").format(item=item_text(tok), number=rumor))
        a = TAKE_ACTIONS[key] = Action(Kind.TAKE, token=t, rumor=rumor, **texts)
    return a


def discard(tok: Token) -> Action:
    a = _DISCARD.get(tok)
    if a is None:
        a = _DISCARD[tok] = Action(Kind.DISCARD, token=token(tok),
                                   **worded(lambda: _("discard {item}").format(item=item_text(tok))))
    return a


def add(meal: int, tok: Token, spice: Token | None) -> Action:
    key = (meal, tok, spice)
    a = _ADD.get(key)
    if a is None:
        note = tok if spice is None else tok + ("+allspice" if spice == "allspice" else "+spice")
        a = _ADD[key] = Action(Kind.ADD, token=tok, spice=spice, meal=meal, **worded(
            lambda: _("add {item} to meal {meal}").format(item=item_text(note), meal=meal)))
    return a


def serve(meal: int) -> Action:
    a = _SERVE.get(meal)
    if a is None:
        a = _SERVE[meal] = Action(Kind.SERVE, meal=meal, **worded(lambda: _("serve meal {meal}").format(meal=meal)))
    return a


def send(cache: dict, chef: str, loc: int, label, loc_name) -> Action:
    """Send ``chef`` to location ``loc``; ``label()`` and ``loc_name()`` name them in the current
    language."""
    key = (Kind.SEND, chef, loc)
    a = cache.get(key)
    if a is None:
        a = cache[key] = Action(Kind.SEND, chef=chef, loc=loc, **worded(
            lambda: _("send {chef} to {location}").format(chef=label(), location=loc_name())))
    return a


def put_text(tok: Token, spice: str | None) -> str:
    """``"put fish7+spice on fish course"``: a critic-meal put (``spice``: ``"spice"``,
    ``"allspice"``, or a rumor token standing in for allspice), in the current language."""
    if spice is None:
        return _("put {item} on {type} course").format(item=item_text(tok), type=type_word(tok.type))
    if spice in ("spice", "allspice"):
        return _("put {item} on {type} course").format(item=item_text(f"{tok}+{spice}"), type=type_word(tok.type))
    return _("put {item} spiced with {rumor} on {type} course").format(
        item=item_text(tok), rumor=item_text(spice), type=type_word(tok.type))


def put(tok: Token, spice: Token | None, shown: str | None) -> Action:
    """A critic-meal put of ``tok`` with ``spice`` (``shown``: how the spice is written, see
    :func:`put_text`)."""
    return Action(Kind.PUT, token=tok, spice=spice, **worded(lambda: put_text(tok, shown)))


def pair(cache: dict, wine: Token, course: str) -> Action:
    key = (Kind.PAIR, wine, course)
    a = cache.get(key)
    if a is None:
        a = cache[key] = Action(Kind.PAIR, token=wine, course=course, **worded(
            lambda: _("pair {wine} with {type} course").format(wine=item_text(wine), type=type_word(course))))
    return a


def keep(cache: dict, card) -> Action:
    """Keep the restaurateur ``card`` (its record)."""
    key = (Kind.KEEP, card.id)
    a = cache.get(key)
    if a is None:
        a = cache[key] = Action(Kind.KEEP, card=card.id,
                                **worded(lambda: _("keep {name}").format(name=card.local_name)))
    return a


def find(legal, text: str):
    """The action of ``legal`` whose text is ``text`` (``None`` if there is none): a bot's lookup of
    the one or two moves it wants, cheaper than a table of every move's text."""
    for a in legal:
        if a.text == text:
            return a
    return None
