"""Diced Veggies' numbers: which dice cook a recipe, what a hype adds, a player's total, the solo rating.

A die is written as in the block notation: ``"M2"`` is a mushroom showing 2. A die whose colour was
changed with the chef token also remembers the colour it really is, after a slash (``"P2/M"``: it
counts as a pepper showing 2, and goes back to the frame as a mushroom).

>>> cook_choices(["M2", "M5", "P3", "T6"], "MP")
[('M2', 'P3'), ('M5', 'P3')]
>>> solo_rating(45), solo_rating(75)
('impressive cleaver work', None)
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Iterable, Sequence

from ..data import ASSUMED
from ..errors import KitchenlabError
from ..i18n import SOURCE_LANGUAGE, _, language
from .components import Hype, Recipe, load_components


def colour_of(die: str) -> str:
    """The colour a die counts as (its letter)."""
    return die[0]


def value_of(die: str) -> int:
    return ord(die[1]) - 48


def physical_colour(die: str) -> str:
    """The colour the die really is (differs from :func:`colour_of` after a chef-token change)."""
    return die[3] if len(die) > 3 else die[0]


def die_code(die: str) -> str:
    """``"M2"``, or ``"P2(M)"`` for a die changed with the chef token: how views and saves write a
    die, the same in every language (:func:`die_label` is what a reader sees).

    >>> die_code("P2/M")
    'P2(M)'
    """
    return die if len(die) == 2 else f"{die[:2]}({die[3]})"


def die_label(die: str) -> str:
    """``"M2"``, or ``"P2(M)"`` for a mushroom die changed with the chef token to count as a pepper 2,
    with the letters a reader of the current language sees (``"S2"``, ``"P2(S)"`` in Spanish).

    >>> die_label("C4"), die_label("P2/M")
    ('C4', 'P2(M)')
    """
    shown = load_components().shown_letters
    return shown(die) if len(die) == 2 else f"{shown(die[0])}{die[1]}({shown(die[3])})"


def pairs(dice: Iterable[str]) -> list[tuple[str, int]]:
    """``(colour, value)`` pairs, as hype rules read them."""
    return [(d[0], ord(d[1]) - 48) for d in dice]


def cook_choices(dice: Sequence[str], ingredients: str) -> list[tuple[str, ...]]:
    """Every distinct choice of dice from ``dice`` that cooks a recipe needing ``ingredients``
    (colour letters, one per die), as sorted tuples. Empty when the recipe cannot be cooked."""
    need: dict[str, int] = {}
    for c in ingredients:
        need[c] = need.get(c, 0) + 1
    per_colour = []
    for c, k in need.items():
        have = sorted(d for d in dice if d[0] == c)
        if len(have) < k:
            return []
        per_colour.append(sorted(set(combinations(have, k))))
    out = {tuple(sorted(d for part in choice for d in part)) for choice in product(*per_colour)}
    return sorted(out)


def can_cook(dice: Sequence[str], ingredients: str) -> bool:
    have: dict[str, int] = {}
    for d in dice:
        have[d[0]] = have.get(d[0], 0) + 1
    for c in set(ingredients):
        if have.get(c, 0) < ingredients.count(c):
            return False
    return True


def hype_met(hype: Hype, dice: Sequence[str]) -> bool:
    """Do the dice cooked with a recipe (the extra die included) meet the hype's condition?"""
    return hype.rule.met(pairs(dice))


def hype_points(hype: Hype, dice: Sequence[str]) -> int:
    return hype.points.score(pairs(dice))


def cooked_points(recipe: Recipe, hype: Hype | None = None, dice: Sequence[str] = ()) -> int:
    """A cooked recipe's points plus those of the hype paired with it (scored on its dice).

    >>> c = load_components()
    >>> cooked_points(c.recipe(1), c.hype(24), ["M2", "M3", "M6"])   # Mushroom Toast + Mushroom Lover
    11
    """
    return recipe.points + (hype_points(hype, dice) if hype is not None else 0)


def cook_report(recipe_id: int, dice: Sequence[str], hype_id: int = 0) -> dict:
    """What cooking a recipe with these dice (and pairing a hype) gives: can it be cooked, is the
    hype's condition met, the points. The dice must be exactly the recipe's ingredients (plus the
    hype's extra die, for a hype that asks for one).

    >>> cook_report(1, ["M2", "M3", "M6"], 24)["points"]      # Mushroom Toast 2 + 3 per mushroom
    11
    >>> cook_report(1, ["M2", "M3"], 7)["hype_met"]            # 2 + 3 is not 19
    False
    >>> cook_report(1, ["M2", "M3"], 24)["points"]            # no extra mushroom: the recipe alone
    2
    """
    c = load_components()
    r = c.recipe(recipe_id)
    h = c.hype(hype_id) if hype_id else None
    dice = list(dice)
    extra = h.rule.extra if h is not None else ""
    colours = sorted(d[0] for d in dice)
    with_extra = bool(extra) and colours == sorted(r.ingredients + extra)
    cooks = colours == sorted(r.ingredients) or with_extra
    met = bool(h is not None and cooks and (with_extra or not extra) and hype_met(h, dice))
    points = (r.points + (hype_points(h, dice) if met else 0)) if cooks else 0
    letters = c.shown_letters   # the text in the current language, its names and colour letters
    recipe, hype = r.shown_name(), h.shown_name() if h is not None else ""
    if not cooks:
        why = _("{recipe} needs exactly {dice}").format(recipe=recipe, dice=letters(" ".join(r.ingredients))) + (
            _(" plus an extra {colour}").format(colour=letters(extra)) if extra else "")
    elif h is None:
        why = _("{recipe}: {points} pts").format(recipe=recipe, points=r.points)
    elif met:
        why = _("{recipe} {points} pts + {hype} {hype_points} pts").format(
            recipe=recipe, points=r.points, hype=hype, hype_points=hype_points(h, dice))
    elif extra and not with_extra:
        why = _("{recipe} {points} pts; {hype} does not pair: it needs one extra {colour} die").format(
            recipe=recipe, points=r.points, hype=hype, colour=letters(extra))
    else:
        why = _("{recipe} {points} pts; {hype} does not pair: {rule} is not met").format(
            recipe=recipe, points=r.points, hype=hype,
            rule=h.rule.text(lambda letter: c.colour(letter).shown_name()))
    return {"cooks": cooks, "hype_met": met, "points": points, "text": why}


def player_total(cooked) -> int:
    """A player's score: recipe points + paired hype points over ``(recipe_id, hype_id, dice)``
    entries (``hype_id`` 0 when no hype was paired)."""
    c = load_components()
    return sum(cooked_points(c.recipe(r), c.hype(h) if h else None, dice) for r, h, dice in cooked)


def shared_winners(scores: Sequence[int]) -> list[int]:
    """Every seat with the highest score: ties are shared.

    >>> shared_winners([12, 15, 15])
    [1, 2]
    """
    best = max(scores)
    return [p for p, s in enumerate(scores) if s == best]


def solo_rating(score: int) -> str | None:
    """The game help's label for a solo score, or ``None`` where it gives none (71–80).

    >>> [solo_rating(s) for s in (0, 30, 31, 61, 70, 71, 80, 81)]   # doctest: +NORMALIZE_WHITESPACE
    ['technique needs refining', 'technique needs refining', "now you're cooking!",
     "now you're just showing off", "now you're just showing off", None, None, 'how?!']
    """
    if isinstance(score, bool) or not isinstance(score, int) or score < 0:
        raise KitchenlabError(f"a solo score is a whole number 0 or more, got {score!r}")
    for low, high, label, _es, _src in load_components().solo:
        if score >= low and (high is None or score <= high):
            return label
    return None


def rating_text(label: str | None) -> str | None:
    """A solo label (from :func:`solo_rating`) in the current language: in Spanish, the seed's own
    words from the solo table (``None`` stays ``None``)."""
    if label is None or language() == SOURCE_LANGUAGE:
        return label
    for _low, _high, english, spanish, _source in load_components().solo:
        if english == label and spanish:
            return spanish
    return label


def solo_bands() -> list[dict]:
    """The solo table as rows (low, high, label, Spanish, source, assumed), the 71–80 gap included
    as a row without label. The gap's bounds are the kit's inference from the rows around it (the
    seed has no such line), so that row is marked ``assumed``; no label is invented for it.

    >>> [(b["low"], b["high"], b["label"], b["assumed"]) for b in solo_bands()][5]
    (71, 80, None, True)
    """
    rows = []
    last = -1
    for low, high, label, es, src in load_components().solo:
        if low > last + 1:
            rows.append({"low": last + 1, "high": low - 1, "label": None, "spanish": None, "source": "missing in S4",
                         "assumed": True})
        rows.append({"low": low, "high": high, "label": label, "spanish": es, "source": src, "assumed": src == ASSUMED})
        last = high if high is not None else low
    return rows
