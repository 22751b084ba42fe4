"""Spanish–English glossaries, one per game, taken from the rules digests and the Spanish seeds.

Some of the Spanish rule texts the kit was built from are machine translations, so a few Spanish
words are odd; the ``note`` of an entry says so and gives the better word.

>>> [t.english for t in GLOSSARIES["tem_purr_a"] if t.spanish == "pila"]
['stack']
>>> lookup("tem_purr_a", "mazo").english
'deck'
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from .errors import KitchenlabError


@dataclass(frozen=True)
class Term:
    """One glossary entry: the Spanish word(s), the English term the kit uses, a note, its source."""

    spanish: str
    english: str
    note: str = ""
    source: str = "digest"


def _terms(rows) -> tuple[Term, ...]:
    return tuple(Term(*row) for row in rows)


# Sources: "digest" = the glossary of the game's rules digest; "S0".."S4" = a word read in that seed.
GLOSSARIES: dict[str, tuple[Term, ...]] = {
    "tem_purr_a": _terms([
        ("carta de plato", "dish card", "72 cards valued 2 to 7"),
        ("carta de acción / carta especial", "action card", "+1 dish, reverse direction, choose next player"),
        ("carta de indigestión", "indigestion card", "the seed once writes 'tarjeta de indigestión'"),
        ("ficha de indigestión", "indigestion token", "a third one ends the game"),
        ("ficha de dirección de juego", "direction token",
         "the seed once writes 'de reproducción', a mistranslation"),
        ("servir un plato", "serve a dish", "play a dish equal to the top dish"),
        ("comer un bocado", "eat (take a bite)", "draw as many cards as the stack is worth"),
        ("saltar un plato", "skip a dish", "play a pair to replace the stack"),
        ("pila", "stack", "the cards served in the middle of the table"),
        ("mazo / baraja", "deck", "face-down cards to draw from"),
        ("pila de descartes / descarte", "discard pile", "", "S2"),
        ("robar", "draw", "take cards from the deck (the seed once writes 'dibujar', a mistranslation)", "S2"),
        ("barajar / mezclar", "shuffle", "", "S2"),
        ("repartir", "deal", "", "S2"),
        ("mano", "hand", "", "S2"),
        ("ronda", "round", "", "S2"),
        ("turno", "turn", "", "S2"),
        ("jugador", "player", "", "S2"),
        ("en el sentido de las agujas del reloj", "clockwise", "the direction at the start of every round", "S2"),
        ("invertir la dirección", "reverse the direction", "", "S2"),
        ("elegir al siguiente jugador", "choose the next player", "", "S2"),
        ("agregar un plato", "+1 dish", "the +1 action card", "S2"),
        ("eliminado", "out (eliminated)", "the player who takes a third token", "S2"),
        ("empate", "tie", "broken by the most cards in hand", "S2"),
        ("ganador", "winner", "", "S2"),
    ]),
    "critter_kitchen": _terms([
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
        ("Carro Fanático", "Carrot Fanatic", "a mistranslation in the seed"),
    ]),
    "chefs": _terms([
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
        ("mazo de dibujo", "draw deck", "a mistranslation in the seed"),
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
    ]),
    "diced_veggies": _terms([
        ("cuchilla / hacha", "cleaver"),
        ("bloque", "block"),
        ("marco", "frame"),
        ("costura", "seam"),
        ("dado", "die"),
        ("receta", "recipe"),
        ("exageración", "hype", "the seed also writes 'Sumo'"),
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
        ("tabla de puntuación individual", "solo score table", "the seed has no line for 71–80", "S4"),
    ]),
}


def _check_game(game: str) -> tuple[Term, ...]:
    if game not in GLOSSARIES:
        raise KitchenlabError(f"no glossary for game {game!r}; glossaries: {', '.join(sorted(GLOSSARIES))}")
    return GLOSSARIES[game]


def lookup(game: str, word: str) -> Term:
    """The entry whose Spanish or English side is ``word`` (case-insensitive; a part between slashes counts)."""
    want = word.strip().lower()
    for t in _check_game(game):
        sides = [t.spanish.lower(), t.english.lower()]
        sides += [part.strip() for part in t.spanish.lower().split("/")]
        if want in sides:
            return t
    raise KitchenlabError(f"{game}: {word!r} is not in the glossary")


def glossary_rows(game: str, terms=None) -> list[Term]:
    """The glossary of ``game``; with ``terms`` (English terms), only those, in that order."""
    entries = _check_game(game)
    if terms is None:
        return list(entries)
    by_english = {t.english.lower(): t for t in entries}
    out = []
    for name in terms:
        t = by_english.get(str(name).lower())
        if t is None:
            raise KitchenlabError(f"{game}: {name!r} is not an English term of the glossary; "
                           f"terms: {', '.join(t.english for t in entries)}")
        out.append(t)
    return out


def glossary_table(game: str, terms=None):
    """The glossary as a pandas DataFrame with columns Spanish, English, note."""
    import pandas as pd

    rows = glossary_rows(game, terms)
    return pd.DataFrame({"Spanish": [t.spanish for t in rows], "English": [t.english for t in rows],
                         "note": [t.note for t in rows]})


def glossary_html(game: str, terms=None) -> str:
    """The glossary as a small HTML table (for widgets and Voila pages)."""
    rows = glossary_rows(game, terms)
    cell = 'style="padding:2px 10px;text-align:left;border-bottom:1px solid #ddd"'
    body = "".join(
        f"<tr><td {cell}>{escape(t.spanish)}</td><td {cell}>{escape(t.english)}</td>"
        f"<td {cell}>{escape(t.note)}</td></tr>"
        for t in rows)
    head = "".join(f"<th {cell}>{name}</th>" for name in ("Spanish", "English", "note"))
    return (f'<table class="kl-glossary" style="border-collapse:collapse"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")
