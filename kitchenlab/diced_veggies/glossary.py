"""The Spanish–English glossary of Diced Veggies (its ``GameInfo.glossary``): the rules digest's
glossary, words read in the Spanish source S4 (source ``"S4"``), and the dice colours of
``data/diced_veggies/colours.csv`` with their Spanish letters (source ``"data"``).

Each row is ``(Spanish, English, note, source)``; see :class:`kitchenlab.glossary.Term`.
"""

from __future__ import annotations

from ..glossary import make_terms
from ..i18n import N_
from .components import load_components

TERMS = make_terms([
    ("cuchilla / hacha", "cleaver"),
    ("bloque", "block"),
    ("marco", "frame"),
    ("costura", "seam"),
    ("dado", "die"),
    ("receta", "recipe"),
    ("exageración", "hype", N_("a card that scores a cooked recipe's dice; the game help also writes 'Sumo'")),
    ("ficha de chef", "chef token"),
    ("reabastecer", "restock"),
    ("cortar", "cut"),
    ("cocinar", "cook"),
    ("carta", "card"),
    ("ingrediente", "ingredient", N_("each die is one ingredient of its colour"), "S4"),
    ("mazo / baraja", "deck", N_("recipes and hypes each have their own"), "S4"),
    ("pila de descartes", "discard pile", N_("reshuffled into a new deck when the deck runs out"), "S4"),
    ("descartar", "discard", N_("down to 8 dice, 2 recipes and 2 hypes at the end of a turn"), "S4"),
    ("boca abajo", "face down", N_("cooked recipes lie face down, counted but not stacked"), "S4"),
    ("fila / columna", "row / column", N_("the block stays aligned in rows and columns"), "S4"),
    ("esquina", "corner", N_("restocked dice settle into one corner of the frame"), "S4"),
    ("desconectado", "disconnected", N_("dice touching only at a corner are not connected"), "S4"),
    ("turno", "turn", "", "S4"),
    ("puntuación", "score", N_("recipe points + paired hype points"), "S4"),
    ("empate", "tie", N_("a tie shares the win"), "S4"),
    ("tabla de puntuación individual", "solo score table", N_("the game help has no line for 71–80"), "S4"),
] + [
    (f"{colour.name_es} ({colour.letter_es})", f"{colour.name} ({colour.letter})", N_("an ingredient: a die colour and its letter"), "data")
    for colour in load_components().colours
])
