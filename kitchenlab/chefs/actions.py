"""Chefs' vocabulary: ingredient kinds, locations, meal cards and the typed actions.

Ingredient kinds are ints 0..5, a hand or a pile of face-up cards is a tuple of six counts, meals are
their card numbers (1..29) and locations are 0..4 in resolution order. Every action object is made
once and shared (:func:`act`); the choices at the counter and the door are cached per hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import combinations_with_replacement
from operator import add, sub

from ..i18n import _, in_language, language
from .components import load_components

COMPS = load_components()
KINDS = COMPS.kind_names                     # ("carrot", "tomato", ...)
NK = len(KINDS)
MEALS = {m.meal: m for m in COMPS.meals}     # card number -> Meal
MEAL_NEEDS = {m.meal: m.needs for m in COMPS.meals}
MEAL_STEPS = {m.meal: m.steps for m in COMPS.meals}
CHEF_KINDS = tuple(c.ingredient for c in COMPS.chefs)   # chef card ingredient of seat p
DOOR_BOXES = COMPS.door_boxes
DISCS = COMPS.settings["discs_per_player"]
HAND_DEAL = COMPS.settings["hand_deal"]
EMPTY = (0,) * NK

COUNTER, WINDOW, DOOR, WALL, SERVICE = range(5)
LOCATION_KEYS = tuple(loc.key for loc in COMPS.locations)
LOCATION_NAMES = tuple(loc.name for loc in COMPS.locations)   # English, as the data tables name them
STOVES = (WINDOW, WALL)

#: Random play has never come close; the conformance tests use it as the bound.
MAX_STEPS = 20_000


def player_name(p: int) -> str:
    """``"Player 1"`` for seat 0, in the current language."""
    return _("Player {number}").format(number=p + 1)


#: The most seats of any table (the caches of log lines are made per seat).
SEATS = 8

MEAL_NAMES = {m.meal: m.name for m in COMPS.meals}     # English, as the data tables and the views name them


def meal_name(meal: int) -> str:
    """A meal card's name as the data tables (and the views) write it: English."""
    return MEAL_NAMES[meal]


def meal_label(meal: int) -> str:
    """A meal card's name in the current language (``"Carrot sticks"``, ``"Palitos de zanahoria"``)."""
    return MEALS[meal].shown_name


_MEALS_BY_NAME = {m.name: m for m in COMPS.meals}


def meal_label_of(name: str) -> str:
    """The current language's name of the meal a view names (views name meals in English)."""
    return _MEALS_BY_NAME[name].shown_name


def kind_label(kind) -> str:
    """An ingredient kind's name (its number or its English name) in the current language."""
    return COMPS.kinds[KINDS.index(kind) if isinstance(kind, str) else kind].shown_name


def location_label(loc: int) -> str:
    """A location's name in the current language (``"door"``, ``"puerta"``)."""
    return COMPS.locations[loc].shown_name


def location_phrase(loc: int) -> str:
    """A location's name with its article, as a sentence names it (``"the door"``, ``"la puerta"``)."""
    place = COMPS.locations[loc]
    return in_language({"en": f"the {place.name}", "es": f"{place.article_es} {place.name_es}"})


def cards_text(counts) -> str:
    """``(1, 0, 2, 0, 0, 0)`` -> ``"carrot + potato + potato"`` (``"nothing"`` when empty), in the
    current language."""
    key = (language(), counts) if counts.__class__ is tuple else None
    text = _TEXTS.get(key) if key else None
    if text is None:
        parts = [kind_label(k) for k in range(NK) for _card in range(counts[k])]
        text = " + ".join(parts) if parts else _("nothing")
        if key and len(_TEXTS) < 1 << 14:
            _TEXTS[key] = text
    return text


_TEXTS: dict[tuple, str] = {}     # (language, count tuple) -> its text (log lines name the same hands often)


def counts_of(kinds) -> tuple:
    """Kind numbers (or names) -> a count tuple."""
    c = [0] * NK
    for k in kinds:
        c[KINDS.index(k) if isinstance(k, str) else k] += 1
    return tuple(c)


class Kind(StrEnum):
    """The kinds of decision (a ``StrEnum``: ``Kind.PLACE == "place"``)."""

    PLACE = "place"    # put a disc on a free circle of a location
    TAKE = "take"      # take cards from the ingredient counter
    COOK = "cook"      # take a meal card from a stove location by paying for it
    DOOR = "door"      # take a free exchange box at the door
    SERVE = "serve"    # hand in a meal card at the service counter
    PASS = "pass"      # decline a stove or the door


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. ``loc`` is a location (0..4), ``cards`` a count tuple (cards taken or
    discarded), ``meal`` a meal card number, ``chef`` whether the chef card stands in, ``box`` the
    door box (0..4)."""

    kind: Kind
    loc: int = -1
    cards: tuple = EMPTY
    meal: int = 0
    chef: bool = False
    box: int = -1

    def __str__(self) -> str:
        """The move in words, in the current language (``apply`` takes it in any language)."""
        key = (language(), self.kind, self.loc, self.cards, self.meal, self.chef, self.box)
        text = _ACTION_TEXTS.get(key)
        if text is None:
            text = _ACTION_TEXTS[key] = _text(*key[1:])
        return text

    def __repr__(self) -> str:
        return f"<{self}>"


_ACTION_TEXTS: dict[tuple, str] = {}      # (language, the action's fields) -> its text


def _text(kind: str, loc: int, cards: tuple, meal: int, chef: bool, box: int) -> str:
    if kind == "place":
        return _("place a disc at {location}").format(location=location_phrase(loc))
    if kind == "take":
        return _("take {cards}").format(cards=cards_text(cards))
    if kind == "cook":
        if chef:
            return _("cook {meal} with the chef card").format(meal=meal_label(meal))
        return _("cook {meal}").format(meal=meal_label(meal))
    if kind == "door":
        a, b = DOOR_BOXES[box]
        return _("door box {box} ({give}→{draw}): discard {cards}").format(box=box + 1, give=a, draw=b,
                                                                         cards=cards_text(cards))
    if kind == "serve":
        return _("serve {meal}").format(meal=meal_label(meal))
    return _("take no box") if loc == DOOR else _("cook nothing")


_CACHE: dict[tuple, Action] = {}


def act(kind: str, loc: int = -1, cards: tuple = EMPTY, meal: int = 0, chef: bool = False, box: int = -1) -> Action:
    """The shared, immutable action with these fields (legal-action lists reuse them)."""
    key = (kind, loc, cards, meal, chef, box)
    a = _CACHE.get(key)
    if a is None:
        a = _CACHE[key] = Action(Kind(kind), loc, cards, meal, chef, box)
    return a


_PLACE = tuple(act("place", loc) for loc in range(5))
_DEFAULT_CIRCLES = tuple(loc.circles for loc in COMPS.locations)
_MOST_GIVEN = max(give for give, _ in DOOR_BOXES)
#: ``_CAP[n][c]`` is ``min(c, n)`` (for every count a pile can hold): hands capped without a loop.
_CAP = {n: tuple(min(c, n) for c in range(sum(k.count for k in COMPS.kinds) + 1))
        for n in {2} | {give for give, _ in DOOR_BOXES}}


def multisets(counts: tuple, size: int) -> tuple:
    """Every way to pick ``size`` cards from ``counts`` (count tuples, in a fixed order: the most of
    the first kind first, then the same for the kinds after it).

    >>> multisets((2, 1, 0, 0, 0, 0), 2)
    ((2, 0, 0, 0, 0, 0), (1, 1, 0, 0, 0, 0))
    """
    # only min(count, size) of a kind can matter: kept once per capped hand
    return _multisets(tuple([c if c < size else size for c in counts]), size)


@lru_cache(maxsize=1 << 16)
def _multisets(counts: tuple, size: int) -> tuple:
    # The kind sequences in lexicographic order are the count tuples in the promised order (a
    # smaller first differing kind is one more card of that kind); those the pile cannot give are
    # left out.
    out = []
    for combo in combinations_with_replacement([k for k in range(NK) if counts[k]], size):
        pick = [0] * NK
        for k in combo:
            pick[k] += 1
        for k in combo:
            if pick[k] > counts[k]:
                break
        else:
            out.append(tuple(pick))
    return tuple(out)


def _counter_options(counter: tuple) -> tuple:
    """Every "take" from a counter: 2 cards of the taker's choice (fewer if fewer remain)."""
    return _capped_counter_options(tuple(map(_CAP[2].__getitem__, counter)))   # only 2 of a kind can matter


@lru_cache(maxsize=1 << 12)
def _capped_counter_options(counter: tuple) -> tuple:
    n = min(2, sum(counter))
    return tuple(act("take", COUNTER, c) for c in multisets(counter, n)) if n else ()


def _door_options(hand: tuple, boxes: tuple) -> list:
    """Every door choice of a hand while ``boxes`` (the seat that took each box, -1 = free) stand as
    they do, then "take no box"; empty when no free box fits."""
    # a box asks for at most _MOST_GIVEN cards, so only that many of a kind can matter (and a
    # capped hand still has enough cards for a box exactly when the hand has)
    table = _door_table(tuple(map(_CAP[_MOST_GIVEN].__getitem__, hand)))
    out = []
    for b in range(len(table)):
        if boxes[b] < 0:
            out += table[b]
    if out:
        out.append(_PASS_DOOR)
    return out


@lru_cache(maxsize=1 << 14)
def _door_table(hand: tuple) -> tuple:
    """The door choices of a (capped) hand, box by box, as if every box were free."""
    size = sum(hand)
    return tuple(_box_options(b, tuple(map(_CAP[give].__getitem__, hand))) if give <= size else ()
                 for b, (give, _draw) in enumerate(DOOR_BOXES))


@lru_cache(maxsize=1 << 14)
def _box_options(box: int, hand: tuple) -> tuple:
    """The door choices of one box (``hand`` capped at the cards the box asks for)."""
    return tuple(act("door", DOOR, c, box=box) for c in multisets(hand, DOOR_BOXES[box][0]))


def _recipe(loc: int, meal: int) -> tuple:
    """What cooking ``meal`` at ``loc`` needs and the action: ``(needs, action, by_chef)``, where
    ``by_chef[kind]`` is ``(needs, action)`` with a chef card of that kind standing in (``None``
    when the meal needs no card of that kind)."""
    needs = MEAL_NEEDS[meal]
    plenty = (sum(n for _kind, n in needs),) * NK          # a hand that pays for anything
    by_chef = tuple((tuple((k, n - 1 if k == chef else n) for k, n in needs),
                     act("cook", loc, can_pay(plenty, needs, chef), meal, chef=True))
                    if any(k == chef for k, _ in needs) else None for chef in range(NK))
    return needs, act("cook", loc, can_pay(plenty, needs, None), meal), by_chef


def _cook_options(loc: int, hand: tuple, stove: tuple, chef_kind: int) -> list:
    """Every cook at stove location ``loc`` for ``hand`` (``chef_kind``: the kind the chef card may
    stand in for now, or -1), then "cook nothing"; empty when no meal there can be paid for."""
    out = []
    recipes = _RECIPES[loc]
    last = 0
    for m in stove:                     # sorted meal numbers
        if m == last:
            continue
        last = m
        needs, plain, by_chef = recipes[m]
        for k, n in needs:
            if hand[k] < n:
                break
        else:
            out.append(plain)
        if chef_kind >= 0:
            chef = by_chef[chef_kind]
            if chef is not None:
                for k, n in chef[0]:
                    if hand[k] < n:
                        break
                else:
                    out.append(chef[1])
    if out:
        out.append(_PASS_STOVE[loc])
    return out


def _serve_options(held: tuple) -> list:
    """Every serve of a chef holding the meal cards ``held``."""
    return list(_serves(held))


@lru_cache(maxsize=1 << 12)
def _serves(held: tuple) -> tuple:
    return tuple(act("serve", SERVICE, meal=m) for m in sorted(set(held)))


def can_pay(hand: tuple, needs: tuple, chef_kind: int | None) -> tuple | None:
    """The count tuple paid for a meal (``needs`` as ((kind, n), ...)), or ``None``."""
    pay = [0] * NK
    for k, n in needs:
        if k == chef_kind:
            n -= 1
        if hand[k] < n:
            return None
        pay[k] = n
    return tuple(pay)


def _minus(a: tuple, b: tuple) -> tuple:
    return tuple(map(sub, a, b))


def _plus(a: tuple, b: tuple) -> tuple:
    return tuple(map(add, a, b))


def _set(t: tuple, i: int, value) -> tuple:
    return t[:i] + (value,) + t[i + 1:]


_PASS_DOOR = act("pass", DOOR)
_PASS_STOVE = {loc: act("pass", loc) for loc in STOVES}
_RECIPES = {loc: {m: _recipe(loc, m) for m in MEALS} for loc in STOVES}
