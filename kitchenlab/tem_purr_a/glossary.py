"""The Spanish–English glossary of Tem-Purr-A (its ``GameInfo.glossary``): the rules digest's
glossary, and words read in the Spanish source S2 (source ``"S2"``).

Each row is ``(Spanish, English, note, source)``; see :class:`kitchenlab.glossary.Term`.
"""

from __future__ import annotations

from ..glossary import make_terms
from ..i18n import N_

TERMS = make_terms([
    ("carta de plato", "dish card", N_("72 cards valued 2 to 7")),
    ("carta de acción / carta especial", "action card", N_("+1 dish, reverse direction, choose next player")),
    ("carta de indigestión", "indigestion card", N_("the rules once write 'tarjeta de indigestión'")),
    ("ficha de indigestión", "indigestion token", N_("a third one ends the game")),
    ("ficha de dirección de juego", "direction token",
     N_("the rules once write 'de reproducción', a mistranslation")),
    ("servir un plato", "serve a dish", N_("play a dish equal to the top dish")),
    ("comer un bocado", "eat (take a bite)", N_("draw as many cards as the stack is worth")),
    ("saltar un plato", "skip a dish", N_("play a pair to replace the stack")),
    ("pila", "stack", N_("the cards served in the middle of the table")),
    ("mazo / baraja", "deck", N_("face-down cards to draw from")),
    ("pila de descartes / descarte", "discard pile", "", "S2"),
    ("robar", "draw", N_("take cards from the deck (the rules once write 'dibujar', a mistranslation)"), "S2"),
    ("barajar / mezclar", "shuffle", "", "S2"),
    ("repartir", "deal", "", "S2"),
    ("mano", "hand", "", "S2"),
    ("ronda", "round", "", "S2"),
    ("turno", "turn", "", "S2"),
    ("jugador", "player", "", "S2"),
    ("en el sentido de las agujas del reloj", "clockwise", N_("the direction at the start of every round"), "S2"),
    ("invertir la dirección", "reverse the direction", "", "S2"),
    ("elegir al siguiente jugador", "choose the next player", "", "S2"),
    ("agregar un plato", "+1 dish", N_("the +1 action card"), "S2"),
    ("eliminado", "out (eliminated)", N_("the player who takes a third token"), "S2"),
    ("empate", "tie", N_("broken by the most cards in hand"), "S2"),
    ("ganador", "winner", "", "S2"),
])
