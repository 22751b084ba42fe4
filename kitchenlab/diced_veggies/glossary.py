"""The Spanish–English glossary of Diced Veggies (its ``GameInfo.glossary``): the rules digest's
glossary, and words read in the Spanish source S4 (source ``"S4"``).

Each row is ``(Spanish, English, note, source)``; see :class:`kitchenlab.glossary.Term`.
"""

from __future__ import annotations

from ..glossary import make_terms

TERMS = make_terms([
    ("cuchilla / hacha", "cleaver"),
    ("bloque", "block"),
    ("marco", "frame"),
    ("costura", "seam"),
    ("dado", "die"),
    ("receta", "recipe"),
    ("exageración", "hype", "the game help also writes 'Sumo'"),
    ("ficha de chef", "chef token"),
    ("reabastecer", "restock"),
    ("cortar", "cut"),
    ("cocinar", "cook"),
    ("carta", "card"),
    ("ingrediente", "ingredient", "each die is one ingredient of its colour", "S4"),
    ("mazo / baraja", "deck", "recipes and hypes each have their own", "S4"),
    ("pila de descartes", "discard pile", "reshuffled into a new deck when the deck runs out", "S4"),
    ("descartar", "discard", "down to 8 dice, 2 recipes and 2 hypes at the end of a turn", "S4"),
    ("boca abajo", "face down", "cooked recipes lie face down, counted but not stacked", "S4"),
    ("fila / columna", "row / column", "the block stays aligned in rows and columns", "S4"),
    ("esquina", "corner", "restocked dice settle into one corner of the frame", "S4"),
    ("desconectado", "disconnected", "dice touching only at a corner are not connected", "S4"),
    ("turno", "turn", "", "S4"),
    ("puntuación", "score", "recipe points + paired hype points", "S4"),
    ("empate", "tie", "a tie shares the win", "S4"),
    ("tabla de puntuación individual", "solo score table", "the game help has no line for 71–80", "S4"),
])
