"""Critter Kitchen's words as a person reads them, in the current language.

The rules write items, chefs and ingredient types as short English keys (``"fish7"``, ``"lizard"``,
``"mushroom"``: see :mod:`.tokens`); these keys stay English in saves and code. What a person reads
goes through this module: in English the key itself, in Spanish the words of the Spanish rules
(*ratón*, *lagarto*, *jabalí*; *especia*; *Pimienta* for the allspice).

>>> item_text("fish7"), chef_word("lizard")
('fish7', 'lizard')
>>> from kitchenlab.i18n import using
>>> with using("es"):
...     item_text("fish7"), item_text("bread2+allspice"), item_text("carrot-spice"), chef_word("boar")
('pescado 7', 'pan 2+pimienta', 'especia de zanahoria', 'jabalí')
"""

from __future__ import annotations

from ..i18n import N_, _, language

#: the ingredient types, as a person reads them
TYPE_WORDS = {"bread": N_("bread"), "carrot": N_("carrot"), "cheese": N_("cheese"), "fish": N_("fish"),
              "meat": N_("meat"), "mushroom": N_("mushroom"), "wine": N_("wine")}

#: the chefs, by their keys
CHEF_WORDS = {"mouse": N_("mouse"), "lizard": N_("lizard"), "boar": N_("boar")}

#: the items that are one word
_ITEM_WORDS = {"allspice": N_("allspice"), "soup": N_("soup"), "bisque": N_("bisque"), "wild": N_("wild"),
               "spice": N_("spice")}


def type_word(type_: str) -> str:
    """An ingredient type in the current language (``"fish"``; ``"pescado"`` in Spanish)."""
    return _(TYPE_WORDS[type_])


def chef_word(chef: str) -> str:
    """A chef of the three in the current language (``"boar"``; ``"jabalí"`` in Spanish)."""
    return _(CHEF_WORDS[chef])


def _words_of(key: str) -> str:
    word = _ITEM_WORDS.get(key)
    if word is not None:
        return _(word)
    if key in TYPE_WORDS:
        return type_word(key)
    if key.endswith("-spice"):
        return _("{type} spice").format(type=type_word(key[:-6]))
    if key.startswith("rumor") and key[5:].isdigit():
        return _("rumor {number}").format(number=key[5:])
    if key.startswith("zous:"):
        from .components import load_components

        return _("zous-chef {name}").format(name=load_components().zous_chef(key[5:]).local_name)
    if key[:-1] in TYPE_WORDS and key[-1:].isdigit():
        return _("{type} {value}").format(type=type_word(key[:-1]), value=key[-1])
    return key


def item_text(text: str) -> str:
    """An item or a meal item (``"fish7"``, ``"fish7+spice"``, ``"wild"``) in the current language.

    In English the text is as the rules write it; in Spanish each part is said in words.
    """
    if language() == "en":
        return text
    return "+".join(_words_of(part) for part in text.split("+"))


def items_text(items, nothing: str | None = None) -> str:
    """Items joined by spaces, each in the current language (``nothing`` where there are none)."""
    out = " ".join(item_text(t) for t in items)
    return out or (nothing if nothing is not None else "")
