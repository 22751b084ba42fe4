"""Spanish–English glossaries, one per game, taken from the rules digests and the Spanish seeds.

Each game keeps its terms in its own package (``kitchenlab.<game>.glossary.TERMS``), named by the
``glossary`` hook of its GameInfo; the functions here read them for any game.

The Spanish side is the official term first: the word the Spanish sources use, or where a source
writes a mistranslation, the right word (the ``note`` names the odd word). Ingredient names are
listed too. Notes and table headers are English in the code and shown in the current language.

>>> [t.english for t in game_terms("tem_purr_a") if t.spanish == "pila"]
['stack']
>>> lookup("tem_purr_a", "mazo").english
'deck'
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from .errors import KitchenlabError
from .i18n import N_, _

#: the glossary table's headers, shown in the current language
HEADERS = (N_("Spanish"), N_("English"), N_("note"))


@dataclass(frozen=True)
class Term:
    """One glossary entry: the Spanish word(s), the English term the kit uses, a note, its source
    (``"digest"``: the glossary of the game's rules digest; ``"S0"``..``"S4"``: a word read in that
    seed)."""

    spanish: str
    english: str
    note: str = ""
    source: str = "digest"

    @property
    def shown_note(self) -> str:
        """The note in the current language (empty when there is none)."""
        return _(self.note) if self.note else ""


def make_terms(rows) -> tuple[Term, ...]:
    """Terms from rows ``(spanish, english[, note[, source]])``: how a game writes its glossary."""
    return tuple(Term(*row) for row in rows)


def glossary_games() -> tuple[str, ...]:
    """The games of the registry that have a glossary (a ``glossary`` hook in their GameInfo)."""
    from . import available_games, game_info

    return tuple(g for g in available_games() if game_info(g).glossary)


def game_terms(game: str) -> tuple[Term, ...]:
    """Every term of ``game``'s glossary, in the game's order (its ``GameInfo.glossary`` hook)."""
    from . import game_info

    info = game_info(game)
    terms = info.hook("glossary")
    if terms is None:
        raise KitchenlabError(f"{info.title} has no Spanish–English glossary (its GameInfo declares no "
                              f"'glossary' hook); games with one: {', '.join(glossary_games()) or '(none)'}")
    return tuple(terms)


def lookup(game: str, word: str) -> Term:
    """The entry whose Spanish or English side is ``word`` (case-insensitive; a part between slashes counts)."""
    want = word.strip().lower()
    for t in game_terms(game):
        sides = [t.spanish.lower(), t.english.lower()]
        sides += [part.strip() for part in t.spanish.lower().split("/")]
        if want in sides:
            return t
    raise KitchenlabError(f"{game}: {word!r} is not in the glossary")


def glossary_rows(game: str, terms=None) -> list[Term]:
    """The glossary of ``game``; with ``terms`` (English terms), only those, in that order."""
    entries = game_terms(game)
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


def header_names() -> tuple[str, ...]:
    """The headers Spanish, English, note in the current language."""
    return tuple(_(name) for name in HEADERS)


def glossary_table(game: str, terms=None):
    """The glossary as a pandas DataFrame with columns Spanish, English, note (headers and notes in
    the current language)."""
    import pandas as pd

    rows = glossary_rows(game, terms)
    spanish, english, note = header_names()
    return pd.DataFrame({spanish: [t.spanish for t in rows], english: [t.english for t in rows],
                         note: [t.shown_note for t in rows]})


def glossary_html(game: str, terms=None) -> str:
    """The glossary as a small HTML table (for widgets and Voila pages)."""
    rows = glossary_rows(game, terms)
    cell = 'style="padding:2px 10px;text-align:left;border-bottom:1px solid #ddd"'
    body = "".join(
        f"<tr><td {cell}>{escape(t.spanish)}</td><td {cell}>{escape(t.english)}</td>"
        f"<td {cell}>{escape(t.shown_note)}</td></tr>"
        for t in rows)
    head = "".join(f"<th {cell}>{escape(name)}</th>" for name in header_names())
    return (f'<table class="kl-glossary" style="border-collapse:collapse"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")
