"""The Spanish–English glossary of Critter Kitchen (its ``GameInfo.glossary``): the rules
digest's glossary.

Each row is ``(Spanish, English, note, source)``; see :class:`kitchenlab.glossary.Term`.
"""

from __future__ import annotations

from ..glossary import make_terms

TERMS = make_terms([
    ("maître d'", "maître d'"),
    ("tablero de Waterfront (oficial: Paseo Marítimo)", "Waterfront board"),
    ("ficha de retén (oficial: Ficha de Bloqueo)", "Hold token"),
    ("almendra de 7ª ronda (oficial: Pimienta de 7.ª Ronda)", "Allspice 7th-round token"),
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
    ("ratón", "mouse"),
    ("lagarto", "lizard"),
    ("jabalí", "boar"),
    ("Carro Fanático", "Carrot Fanatic", "a mistranslation in the Spanish rules summary"),
])
