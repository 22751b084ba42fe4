"""Diced Veggies' components, loaded from ``data/diced_veggies/`` and checked on load.

* ``colours.csv`` — the five colours (ingredients): block letter, name, shade, dice per colour;
* ``faces.csv`` — the faces of a die (2, 2, 3, 4, 5, 6);
* ``components.csv`` — fixed numbers (block size, the cut limit, hand limits, the end trigger);
* ``recipes.csv`` — the kit's own 44 recipes (ingredients as colour letters, points), assumed;
* ``hypes.csv`` — the kit's own 34 hypes in the rule language of :mod:`.hypes`, assumed;
* ``solo_ratings.csv`` — the seed's solo score table (with its 71–80 gap).

A malformed file raises :class:`~kitchenlab.errors.DataFileError` naming the file, row and field.

>>> c = load_components()
>>> len(c.recipes), len(c.hypes), c.count("cut_limit")
(44, 34, 10)
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..data import ASSUMED, data_path, nonempty, positive_int, read_table
from ..errors import DataFileError, KitchenlabError
from ..i18n import _, in_language
from .hypes import Points, Rule, RuleError, parse_points, parse_rule

SOURCES = ("S4", "P", ASSUMED)
REQUIRED_KEYS = ("block_rows", "block_cols", "cut_limit", "recipe_cards", "hype_cards", "display",
                 "deal_recipes", "deal_hypes", "dice_limit", "recipe_limit", "hype_limit", "end_trigger")


@dataclass(frozen=True)
class Colour:
    """A die colour: ``letter`` is the block notation and the data key (``M2``); ``letter_es`` and
    ``name_es`` are how a Spanish reader sees it (``S2``: *seta*)."""

    letter: str
    name: str
    shade: str
    dice: int
    source: str
    letter_es: str = ""
    name_es: str = ""

    def shown_letter(self) -> str:
        """The letter a reader of the current language sees on the die."""
        return in_language({"en": self.letter, "es": self.letter_es})

    def shown_name(self) -> str:
        """The colour's ingredient in the current language (``mushroom``, ``seta``)."""
        return in_language({"en": self.name, "es": self.name_es})

    @property
    def assumed(self) -> bool:
        return self.source == ASSUMED


@dataclass(frozen=True)
class Recipe:
    """A recipe card: ``ingredients`` as colour letters, one per die (sorted in colour order)."""

    id: int
    name: str
    ingredients: str
    points: int
    source: str
    name_es: str = ""

    def shown_name(self) -> str:
        """The card's name in the current language."""
        return in_language({"en": self.name, "es": self.name_es})

    @property
    def assumed(self) -> bool:
        return self.source == ASSUMED

    def needs(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.ingredients:
            out[c] = out.get(c, 0) + 1
        return out


@dataclass(frozen=True)
class Hype:
    """A hype card: its condition (a :class:`~.hypes.Rule`) and its :class:`~.hypes.Points`."""

    id: int
    name: str
    rule: Rule
    points: Points
    source: str
    name_es: str = ""

    def shown_name(self) -> str:
        """The card's name in the current language."""
        return in_language({"en": self.name, "es": self.name_es})

    @property
    def assumed(self) -> bool:
        return self.source == ASSUMED

    def text(self) -> str:
        """The hype's rule in sentences and its points, in the current language."""
        comps = load_components()
        return _("{rule} → {points} pts").format(rule=self.rule.text(lambda c: comps.colour(c).shown_name()),
                                                  points=self.points.shown(comps.shown_letters))


@dataclass(frozen=True)
class Components:
    colours: tuple[Colour, ...]
    faces: tuple[int, ...]           # one entry per face of a die (2, 2, 3, 4, 5, 6)
    facts: dict                      # key -> (count, source, note)
    recipes: tuple[Recipe, ...]
    hypes: tuple[Hype, ...]
    solo: tuple[tuple[int, int | None, str, str, str], ...]   # (low, high, label, spanish, source)

    def count(self, key: str) -> int:
        return self.facts[key][0]

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(c.letter for c in self.colours)

    def shown_letters(self, letters: str) -> str:
        """Colour letters (data keys, ``"MPC"``) as a reader of the current language sees them
        (``"SPZ"`` in Spanish); any other character is kept."""
        shown = {c.letter: c.shown_letter() for c in self.colours}
        return "".join(shown.get(ch, ch) for ch in letters)

    def colour(self, letter: str) -> Colour:
        for c in self.colours:
            if c.letter == letter:
                return c
        raise KitchenlabError(f"{letter!r} is not a colour letter; letters: {', '.join(self.letters)}")

    def recipe(self, rid: int) -> Recipe:
        """The recipe card with id ``rid`` (1..44); another id raises a KitchenlabError (never wraps)."""
        if not _card_id_ok(rid, len(self.recipes)):
            raise KitchenlabError(f"recipe ids are 1..{len(self.recipes)}, got {rid!r}")
        return self.recipes[rid - 1]

    def hype(self, hid: int) -> Hype:
        """The hype card with id ``hid`` (1..34); another id raises a KitchenlabError (never wraps)."""
        if not _card_id_ok(hid, len(self.hypes)):
            raise KitchenlabError(f"hype ids are 1..{len(self.hypes)}, got {hid!r}")
        return self.hypes[hid - 1]


def _card_id_ok(n, count: int) -> bool:
    """Is ``n`` a whole number 1..count (not a bool)? Ids past the end or below 1 must not wrap."""
    if isinstance(n, bool):
        return False
    try:
        return 1 <= operator.index(n) <= count
    except TypeError:
        return False


def _letter(text: str) -> str:
    if len(text) != 1 or not text.isupper() or not text.isalpha():
        raise ValueError("a colour letter is one capital letter")
    return text


def _load_colours(base: Path) -> tuple[Colour, ...]:
    f = base / "colours.csv"
    rows = read_table(f, {"letter": _letter, "name": nonempty, "letter_es": _letter, "name_es": nonempty,
                          "colour": nonempty, "dice": positive_int, "source": str}, sources=SOURCES)
    seen: dict[str, set[str]] = {"letter": set(), "letter_es": set()}
    out = []
    for r in rows:
        for field, letters in seen.items():
            if r[field] in letters:
                raise DataFileError(f"{f}: row {r['_row']}, field {field!r}: {r[field]!r} appears twice; "
                                    "every colour needs its own letter")
            letters.add(r[field])
        out.append(Colour(r["letter"], r["name"], r["colour"], r["dice"], r["source"], r["letter_es"], r["name_es"]))
    if len(out) < 2:
        raise DataFileError(f"{f}: at least 2 colours are needed, found {len(out)}")
    return tuple(out)


def _load_faces(base: Path) -> tuple[int, ...]:
    f = base / "faces.csv"
    rows = read_table(f, {"face": positive_int, "count": positive_int, "source": str}, sources=SOURCES)
    faces: list[int] = []
    for r in rows:
        if not 1 <= r["face"] <= 9:
            raise DataFileError(f"{f}: row {r['_row']}, field 'face': {r['face']} must be 1..9 (one digit)")
        faces += [r["face"]] * r["count"]
    if not faces:
        raise DataFileError(f"{f}: a die needs at least one face")
    return tuple(faces)


def _numbered(f: Path, rows: list[dict]) -> list[dict]:
    """The rows of a card table, checked: ids count 1, 2, 3, ... and no name appears twice."""
    names = set()
    for i, r in enumerate(rows, 1):
        if r["id"] != i:
            raise DataFileError(f"{f}: row {r['_row']}, field 'id': ids count 1, 2, 3, ...; expected {i}, got {r['id']}")
        if r["name"] in names:
            raise DataFileError(f"{f}: row {r['_row']}, field 'name': {r['name']!r} appears twice")
        names.add(r["name"])
    return rows


def _load_recipes(base: Path, letters) -> tuple[Recipe, ...]:
    f = base / "recipes.csv"
    rows = read_table(f, {"id": positive_int, "name": nonempty, "name_es": nonempty, "ingredients": nonempty,
                          "points": positive_int, "source": str}, sources=SOURCES)
    out = []
    for r in _numbered(f, rows):
        bad = [c for c in r["ingredients"] if c not in letters]
        if bad:
            raise DataFileError(f"{f}: row {r['_row']}, field 'ingredients': {bad[0]!r} is not a colour letter; "
                                f"letters: {', '.join(letters)}")
        ing = "".join(sorted(r["ingredients"], key=letters.index))
        out.append(Recipe(r["id"], r["name"], ing, r["points"], r["source"], r["name_es"]))
    return tuple(out)


def _load_hypes(base: Path, letters) -> tuple[Hype, ...]:
    f = base / "hypes.csv"
    rows = read_table(f, {"id": positive_int, "name": nonempty, "name_es": nonempty, "rule": nonempty,
                          "points": nonempty, "source": str}, sources=SOURCES)
    out = []
    for r in _numbered(f, rows):
        try:
            rule = parse_rule(r["rule"], letters)
        except RuleError as e:
            raise DataFileError(f"{f}: row {r['_row']}, field 'rule': {e}") from None
        try:
            points = parse_points(r["points"], letters)
        except RuleError as e:
            raise DataFileError(f"{f}: row {r['_row']}, field 'points': {e}") from None
        out.append(Hype(r["id"], r["name"], rule, points, r["source"], r["name_es"]))
    return tuple(out)


def _load_solo(base: Path) -> tuple:
    f = base / "solo_ratings.csv"

    def high(text: str):
        return None if text == "" else positive_int(text)

    rows = read_table(f, {"low": positive_int, "high": high, "label": nonempty, "spanish": str, "source": str},
                      sources=SOURCES)
    out = []
    last = -1
    for r in rows:
        if r["low"] <= last:
            raise DataFileError(f"{f}: row {r['_row']}, field 'low': bands must go up; {r['low']} <= {last}")
        if r["high"] is not None and r["high"] < r["low"]:
            raise DataFileError(f"{f}: row {r['_row']}, field 'high': {r['high']} is below low {r['low']}")
        last = r["high"] if r["high"] is not None else 10 ** 9
        out.append((r["low"], r["high"], r["label"], r["spanish"], r["source"]))
    return tuple(out)


@lru_cache(maxsize=8)
def load_components(folder: str | None = None) -> Components:
    """Read and check every table (``folder`` defaults to the kit's ``data/diced_veggies``)."""
    base = Path(folder) if folder else data_path("diced_veggies", "")
    colours = _load_colours(base)
    letters = tuple(c.letter for c in colours)
    faces = _load_faces(base)
    f = base / "components.csv"
    rows = read_table(f, {"key": nonempty, "count": positive_int, "source": str, "note": str}, sources=SOURCES)
    facts = {}
    for r in rows:
        if r["key"] in facts:
            raise DataFileError(f"{f}: row {r['_row']}, field 'key': {r['key']!r} appears twice")
        facts[r["key"]] = (r["count"], r["source"], r["note"])
    missing = [k for k in REQUIRED_KEYS if k not in facts]
    if missing:
        raise DataFileError(f"{f}: missing rows for key(s) {', '.join(missing)}")
    recipes = _load_recipes(base, letters)
    hypes = _load_hypes(base, letters)
    for key, table, name in (("recipe_cards", recipes, "recipes.csv"), ("hype_cards", hypes, "hypes.csv")):
        if len(table) != facts[key][0]:
            raise DataFileError(f"{base / name}: holds {len(table)} cards but components.csv says "
                                f"{key} = {facts[key][0]}")
    dice = sum(c.dice for c in colours)
    if dice > facts["block_rows"][0] * facts["block_cols"][0]:
        raise DataFileError(f"{base / 'colours.csv'}: {dice} dice do not fit a "
                            f"{facts['block_rows'][0]} x {facts['block_cols'][0]} block")
    return Components(colours, faces, facts, recipes, hypes, _load_solo(base))


def components_table(folder: str | None = None) -> list[dict]:
    """One row per component fact, for notebooks: component, value, source, assumed, note."""
    c = load_components(folder)
    rows = [{"component": f"{col.name} dice ({col.letter})", "value": col.dice, "source": col.source,
             "assumed": col.assumed, "note": f"shade {col.shade}"} for col in c.colours]
    rows.append({"component": "die faces", "value": ", ".join(map(str, c.faces)), "source": "S4",
                 "assumed": False, "note": "no 1"})
    rows += [{"component": k, "value": v[0], "source": v[1], "assumed": v[1] == ASSUMED, "note": v[2]}
             for k, v in c.facts.items()]
    return rows
