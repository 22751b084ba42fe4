"""The Spanish–English glossary of Chefs (its ``GameInfo.glossary``): the rules digest's glossary,
and words read in the Spanish source S1 (source ``"S1"``).

Each row is ``(Spanish, English, note, source)``; see :class:`kitchenlab.glossary.Term`.
"""

from __future__ import annotations

from ..glossary import make_terms

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
    ("mazo de dibujo", "draw deck", "a mistranslation in the Spanish rules"),
    ("casilla", "square"),
    ("paso", "step"),
    ("carta de ingredientes", "ingredient card", "60 cards, 6 kinds", "S1"),
    ("cocinero / chef", "chef", "the figure on the score track", "S1"),
    ("colocación de los marcadores de acción", "placement", "phase 1 of a round", "S1"),
    ("ejecución de la acción", "actions", "phase 2: the locations act in order 1 to 5", "S1"),
    ("preparación para la siguiente ronda", "prepare", "phase 3: refill, pass the first-player card", "S1"),
    ("ronda", "round", "", "S1"),
    ("cartas descartadas / mazo de descarte", "discard pile", "reshuffled when its deck runs out", "S1"),
    ("barajar", "shuffle", "", "S1"),
    ("cocinar", "cook", "take a meal card by discarding its ingredients", "S1"),
    ("intercambiar", "exchange", "at the door: discard some cards, draw others", "S1"),
    ("bandeja", "tray", "where a served meal card goes at the service counter", "S1"),
    ("segunda vuelta", "second lap", "square 21 is square 1 again", "S1"),
    ("en el sentido de las agujas del reloj", "clockwise", "the order of placement", "S1"),
    ("primer jugador", "first player", "passes to the left each round", "S1"),
])
