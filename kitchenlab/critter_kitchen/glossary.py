"""The Spanish–English glossary of Critter Kitchen (its ``GameInfo.glossary``): the rules
digest's glossary with the official Spanish edition's terms first, and the ingredients, spices and
chefs in the words the kit shows in Spanish (:mod:`.words`, source ``"S0"``).

Each row is ``(Spanish, English, note, source)``; see :class:`kitchenlab.glossary.Term`.
"""

from __future__ import annotations

from ..glossary import make_terms
from ..i18n import N_

TERMS = make_terms([
    ("maître d'", "maître d'"),
    ("tablero del Paseo Marítimo", "Waterfront board", N_("the rules summary writes 'tablero de Waterfront'")),
    ("ficha de Bloqueo", "Hold token", N_("the rules summary writes 'ficha de retén'")),
    ("Pimienta de 7.ª ronda", "Allspice 7th-round token",
     N_("the extra allspice of round 7; the rules summary writes 'almendra de 7ª ronda', a mistranslation")),
    ("camión de sopa", "Soup Truck"),
    ("comerciante de medianoche", "Midnight Merchant"),
    ("academia de chefs", "Chef Academy"),
    ("zous-chef", "zous-chef"),
    ("restaurador", "restaurateur"),
    ("rumor", "rumor"),
    ("crítico", "critic"),
    ("desafío", "challenge"),
    ("refrigerador pequeño", "small fridge"),
    ("refrigerador de paso", "walk-in fridge"),
    ("sopa de consolación", "consolation soup"),
    ("pista de prioridad", "priority track"),
    ("ratón", "mouse", N_("a chef: one of the three critters"), "S0"),
    ("lagarto", "lizard", N_("a chef: one of the three critters"), "S0"),
    ("jabalí", "boar", N_("a chef: one of the three critters"), "S0"),
    ("Fanático de la zanahoria", "Carrot Fanatic",
     N_("a rumor that doubles the carrot course; the rules summary writes 'Carro Fanático', a mistranslation")),
    ("fanático", "fanatic", N_("a rumor that doubles one course at the critic meal"), "S0"),
    ("pan", "bread", N_("an ingredient type: 13 tokens valued 2 to 7"), "S0"),
    ("zanahoria", "carrot", N_("an ingredient type: 13 tokens valued 2 to 7"), "S0"),
    ("queso", "cheese", N_("an ingredient type: 13 tokens valued 2 to 7"), "S0"),
    ("pescado", "fish", N_("an ingredient type: 13 tokens valued 2 to 7"), "S0"),
    ("carne", "meat", N_("an ingredient type: 13 tokens valued 2 to 7"), "S0"),
    ("champiñón", "mushroom", N_("an ingredient type: 13 tokens valued 2 to 7"), "S0"),
    ("vino", "wine", N_("an ingredient type: 13 tokens valued 2 to 7"), "S0"),
    ("especia", "spice", N_("adds to an ingredient of its own type"), "S0"),
    ("pimienta", "allspice", N_("a spice that goes with an ingredient of any type"), "S0"),
])
