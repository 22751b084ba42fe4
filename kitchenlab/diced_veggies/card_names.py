"""The kit's own recipe and hype cards in the reader's language.

The cards live in ``data/diced_veggies/recipes.csv`` and ``hypes.csv``, each name in English
(``name``) and Spanish (``name_es``); :func:`recipe_name` and :func:`hype_name` say a card's name in
the current language, :func:`rule_words` and :func:`points_words` its rule and points.

>>> recipe_name(1), hype_name(21)
('Mushroom Toast', 'Rainbow')
"""

from __future__ import annotations

from .components import load_components

def recipe_name(rid: int) -> str:
    """The name of recipe card ``rid`` in the current language."""
    return load_components().recipe(rid).shown_name()


def hype_name(hid: int) -> str:
    """The name of hype card ``hid`` in the current language."""
    return load_components().hype(hid).shown_name()


def rule_words(hid: int) -> str:
    """Hype ``hid``'s rule as the data writes it (``"extra P and sum <= 14"``), in the current
    language's words and colour letters (``"extra P y suma <= 14"``)."""
    comps = load_components()
    return comps.hype(hid).rule.short(comps.shown_letters)


def points_words(hid: int) -> str:
    """Hype ``hid``'s points as the data writes them (``"3 per M"``), in the current language."""
    comps = load_components()
    return comps.hype(hid).points.shown(comps.shown_letters)
