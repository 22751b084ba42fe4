"""The Spanish–English glossary of Chefs (its ``GameInfo.glossary``): the rules digest's glossary,
words read in the Spanish source S1 (source ``"S1"``), and the ingredient kinds of
``data/chefs/ingredients.csv`` (source ``"data"``; their names are the kit's own).

Each row is ``(Spanish, English, note, source)``; see :class:`kitchenlab.glossary.Term`.
"""

from __future__ import annotations

from ..glossary import make_terms
from ..i18n import N_
from .components import load_components

TERMS = make_terms([
    ("mostrador de ingredientes", "ingredient counter"),
    ("fogones junto a la ventana", "window stoves"),
    ("puerta", "door"),
    ("fogones de pared", "wall stoves"),
    ("mostrador de servicio", "service counter"),
    ("marcador de acción", "action disc"),
    ("círculo", "circle"),
    ("cajón (de intercambio)", "exchange box"),
    ("carta de comida", "meal card"),
    ("carta de chef", "chef card"),
    ("carta de primer jugador", "first-player card"),
    ("mazo de robo", "draw deck", N_("the Spanish rules write 'mazo de dibujo', a mistranslation")),
    ("casilla", "square"),
    ("paso", "step"),
    ("carta de ingredientes", "ingredient card", N_("60 cards, 6 kinds"), "S1"),
    ("cocinero / chef", "chef", N_("the figure on the score track"), "S1"),
    ("colocación de los marcadores de acción", "placement", N_("phase 1 of a round"), "S1"),
    ("ejecución de la acción", "actions", N_("phase 2: the locations act in order 1 to 5"), "S1"),
    ("preparación para la siguiente ronda", "prepare", N_("phase 3: refill, pass the first-player card"), "S1"),
    ("ronda", "round", "", "S1"),
    ("cartas descartadas / mazo de descarte", "discard pile", N_("reshuffled when its deck runs out"), "S1"),
    ("barajar", "shuffle", "", "S1"),
    ("cocinar", "cook", N_("take a meal card by discarding its ingredients"), "S1"),
    ("intercambiar", "exchange", N_("at the door: discard some cards, draw others"), "S1"),
    ("bandeja", "tray", N_("where a served meal card goes at the service counter"), "S1"),
    ("segunda vuelta", "second lap", N_("square 21 is square 1 again"), "S1"),
    ("en el sentido de las agujas del reloj", "clockwise", N_("the order of placement"), "S1"),
    ("primer jugador", "first player", N_("passes to the left each round"), "S1"),
] + [
    (kind.name_es, kind.name, N_("an ingredient kind: 10 cards (the name is the kit's own)"), "data")
    for kind in load_components().kinds
])
