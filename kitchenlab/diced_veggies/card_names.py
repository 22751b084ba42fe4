"""The names of the kit's own recipe and hype cards, for the catalogue.

The cards and their English names live in ``data/diced_veggies/recipes.csv`` and ``hypes.csv``;
the names are listed here too so that the catalogue holds them, and :func:`recipe_name` /
:func:`hype_name` say a card's name in the current language. A card added to the data without a
line here keeps its English name (and ``tests/test_language.py`` says which one is missing).

>>> recipe_name(1), hype_name(21)
('Mushroom Toast', 'Rainbow')
"""

from __future__ import annotations

from ..i18n import N_, _
from .components import load_components

RECIPE_NAMES = (
    N_("Mushroom Toast"), N_("Pepper Poppers"), N_("Carrot Sticks"), N_("Tomato Bruschetta"), N_("Onion Rings"),
    N_("Mushroom & Pepper Skewers"), N_("Carrot & Tomato Soup"), N_("Mushroom & Onion Tartlet"),
    N_("Mushroom & Pepper Salad"), N_("Pepper & Carrot Stew"), N_("Carrot & Tomato Curry"),
    N_("Tomato & Onion Stir-fry"), N_("Onion & Mushroom Pie"), N_("Mushroom & Pepper Risotto"),
    N_("Pepper & Carrot Soup"), N_("Carrot & Tomato Gratin"), N_("Tomato & Onion Omelette"),
    N_("Onion & Mushroom Wrap"), N_("Mushroom & Carrot Tagine"), N_("Pepper & Tomato Ragout"),
    N_("Mushroom & Tomato Frittata"), N_("Carrot & Onion Kebab"), N_("Mushroom & Pepper Casserole"),
    N_("Carrot & Tomato Pasta"), N_("Onion & Mushroom Lasagne"), N_("Pepper & Carrot Tacos"),
    N_("Tomato & Onion Chowder"), N_("Mushroom & Pepper Paella"), N_("Pepper & Carrot Quiche"),
    N_("Carrot & Tomato Pilaf"), N_("Tomato & Onion Goulash"), N_("Onion & Mushroom Crumble"),
    N_("Mushroom & Carrot Strudel"), N_("Pepper & Tomato Hotpot"), N_("Carrot & Onion Fajitas"),
    N_("Tomato & Mushroom Ratatouille"), N_("Mushroom & Pepper Minestrone"), N_("Mushroom & Pepper Dumplings"),
    N_("Carrot & Tomato Calzone"), N_("Onion & Mushroom Noodles"), N_("Pepper & Carrot Burrito"),
    N_("Tomato & Onion Fritters"), N_("Mushroom & Pepper Gazpacho"), N_("Onion & Tomato Tempura"),
)

HYPE_NAMES = (
    N_("Perfect Twelve"), N_("Baker's Dozen"), N_("Fourteen Carrots"), N_("Fifteen Minutes of Fame"),
    N_("Sweet Sixteen"), N_("Seventeen Spices"), N_("Nineteen to the Dozen"), N_("Twenty Questions"),
    N_("Light Lunch"), N_("Dainty Plate"), N_("Hearty Portion"), N_("Feast"), N_("In Order"), N_("Long Run"),
    N_("All Alike"), N_("Pair of Sixes"), N_("Full of Twos"), N_("Everything Different"), N_("Even Stevens"),
    N_("Odd Couple"), N_("Rainbow"), N_("Full Rainbow"), N_("Big Batch"), N_("Mushroom Lover"),
    N_("Pepper Lover"), N_("Carrot Lover"), N_("Tomato Lover"), N_("Onion Lover"), N_("Garnish"),
    N_("Even Feast"), N_("Odd Feast"), N_("Six Appeal"), N_("Twin Peaks"), N_("Steady Hand"),
)


def recipe_name(rid: int) -> str:
    """The name of recipe card ``rid`` in the current language."""
    return _(load_components().recipe(rid).name)


def hype_name(hid: int) -> str:
    """The name of hype card ``hid`` in the current language."""
    return _(load_components().hype(hid).name)


def rule_words(hid: int) -> str:
    """Hype ``hid``'s rule as the data writes it (``"extra P and sum <= 14"``), its conditions
    joined by the current language's "and"; the condition words and colour letters stay as written."""
    return _(" and ").join(load_components().hype(hid).rule.source.split(" and "))
