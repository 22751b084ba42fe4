"""Chefs' components and fixed numbers, loaded and checked from ``data/chefs/``.

Every table has a ``source`` column: ``S1`` (the Spanish rules), ``P`` (a retailer's box list) or
``A`` (assumed by the kit, shown with ⚠ in the notebooks). A malformed file raises
:class:`~kitchenlab.errors.DataFileError` naming the file, the row and the field; whole-file checks
(60 ingredient cards, 29 meal cards, 6 chef cards with different ingredients, 5 door boxes, a layout
row for every player count) name the file and what is wrong.

>>> c = load_components()
>>> len(c.meals), sum(k.count for k in c.kinds), len(c.chefs)
(29, 60, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..data import ASSUMED, data_path, nonempty, positive_int, read_table
from ..errors import DataFileError
from ..i18n import in_language

SOURCES = ("S1", "P", ASSUMED)
PLAYERS = (2, 3, 4, 5, 6)
LOCATION_KEYS = ("counter", "window", "door", "wall", "service")
INGREDIENT_CARDS = 60
MEAL_CARDS = 29
CHEF_CARDS = 6
SETTING_KEYS = ("hand_deal", "discs_per_player", "finish_square", "track_squares", "stall_rounds")


@dataclass(frozen=True)
class Kind:
    """An ingredient kind: its number (0..5), name (English, the data key) and Spanish name, short
    code, colour and card count."""

    kind: int
    name: str
    name_es: str
    code: str
    color: str
    count: int
    source: str

    @property
    def assumed(self) -> bool:
        return self.source == ASSUMED

    @property
    def shown_name(self) -> str:
        """The name in the current language (``"carrot"``, ``"zanahoria"``)."""
        return in_language({"en": self.name, "es": self.name_es})


@dataclass(frozen=True)
class Meal:
    """A meal card: number, name (English and Spanish), the ingredients it needs (kind -> count)
    and its steps."""

    meal: int
    name: str
    name_es: str
    needs: tuple          # ((kind number, count), ...) sorted by kind
    steps: int
    source: str

    @property
    def assumed(self) -> bool:
        return self.source == ASSUMED

    @property
    def shown_name(self) -> str:
        """The name in the current language (``"Carrot sticks"``, ``"Palitos de zanahoria"``)."""
        return in_language({"en": self.name, "es": self.name_es})

    @property
    def cost(self) -> int:
        """Ingredient cards it takes (without the chef card)."""
        return sum(n for _kind, n in self.needs)


@dataclass(frozen=True)
class Chef:
    """A chef: number (1..6), colour, the ingredient its card shows, its discs."""

    chef: int
    color: str
    ingredient: int
    discs: int
    source: str


@dataclass(frozen=True)
class Location:
    """A board location: its place in the resolution order, key, name (English and Spanish, the
    Spanish rules' own words, with the Spanish article), circles (``None`` = unlimited)."""

    order: int
    key: str
    name: str
    name_es: str
    article_es: str          # "el", "la", "los", "las": how a Spanish sentence names it
    circles: int | None      # None = unlimited
    source: str

    @property
    def shown_name(self) -> str:
        """The name in the current language (``"door"``, ``"puerta"``)."""
        return in_language({"en": self.name, "es": self.name_es})


@dataclass(frozen=True)
class Components:
    kinds: tuple             # Kind, by number
    meals: tuple             # Meal, by number - 1
    chefs: tuple             # Chef, by number - 1
    locations: tuple         # Location, in resolution order
    door_boxes: tuple        # ((discard, draw), ...)
    layouts: dict            # players -> (counter, meals per stove)
    circle_tables: dict      # players -> {location key: circles}
    settings: dict           # key -> int
    sources: dict            # table name -> set of source tags used

    def kind_number(self, name: str) -> int:
        for k in self.kinds:
            if k.name == name:
                return k.kind
        raise KeyError(name)

    @property
    def kind_names(self) -> tuple[str, ...]:
        return tuple(k.name for k in self.kinds)


def _circles(text: str) -> int | None:
    if text == "":
        return None
    n = int(text)
    if n < 1:
        raise ValueError("must be 1 or more, or empty for unlimited")
    return n


def _article(text: str) -> str:
    if text not in ("el", "la", "los", "las"):
        raise ValueError("must be el, la, los or las")
    return text


def _hex_color(text: str) -> str:
    if len(text) != 7 or not text.startswith("#") or any(c not in "0123456789abcdefABCDEF" for c in text[1:]):
        raise ValueError("must be a colour like #A1B2C3")
    return text


def _one_of(path, rows, field, allowed):
    for r in rows:
        if r[field] not in allowed:
            raise DataFileError(f"{path}: row {r['_row']}, field {field!r}: {r[field]!r} is not one of "
                                f"{', '.join(str(a) for a in allowed)}")


def _unique(path, rows, field):
    seen = set()
    for r in rows:
        if r[field] in seen:
            raise DataFileError(f"{path}: row {r['_row']}, field {field!r}: {r[field]!r} appears twice")
        seen.add(r[field])


def _load_kinds(base: Path) -> tuple:
    path = base / "ingredients.csv"
    rows = read_table(path, {"kind": positive_int, "name": nonempty, "name_es": nonempty, "code": nonempty, "color": _hex_color,
                             "count": positive_int, "count_source": str, "source": str}, sources=SOURCES)
    _one_of(path, rows, "count_source", SOURCES)
    for f in ("kind", "name", "name_es", "code"):
        _unique(path, rows, f)
    for i, r in enumerate(rows):
        if r["kind"] != i:
            raise DataFileError(f"{path}: row {r['_row']}, field 'kind': kinds must be numbered 0, 1, 2, ... "
                                f"in order; expected {i}, got {r['kind']}")
    total = sum(r["count"] for r in rows)
    if total != INGREDIENT_CARDS:
        raise DataFileError(f"{path}: the counts add up to {total} ingredient cards; the box holds {INGREDIENT_CARDS}")
    return tuple(Kind(r["kind"], r["name"], r["name_es"], r["code"], r["color"], r["count"],
                      ASSUMED if ASSUMED in (r["source"], r["count_source"]) else r["source"]) for r in rows)


def parse_needs(text: str, kind_names) -> tuple:
    """``"tomato:2 onion:1"`` -> ``((1, 2), (3, 1))`` (kind numbers, sorted)."""
    out: dict[int, int] = {}
    parts = text.split()
    if not parts:
        raise ValueError("a meal must need at least one ingredient")
    for part in parts:
        name, sep, count = part.partition(":")
        if not sep:
            raise ValueError(f"{part!r} must look like kind:count")
        if name not in kind_names:
            raise ValueError(f"{name!r} is not an ingredient kind; kinds: {', '.join(kind_names)}")
        n = int(count)
        if n < 1:
            raise ValueError(f"{part!r}: the count must be 1 or more")
        k = kind_names.index(name)
        if k in out:
            raise ValueError(f"{name!r} appears twice")
        out[k] = n
    return tuple(sorted(out.items()))


def _load_meals(base: Path, kind_names) -> tuple:
    path = base / "meals.csv"
    rows = read_table(path, {"meal": positive_int, "name": nonempty, "name_es": nonempty, "needs": nonempty, "steps": positive_int,
                             "source": str}, sources=SOURCES)
    meals = []
    for i, r in enumerate(rows):
        if r["meal"] != i + 1:
            raise DataFileError(f"{path}: row {r['_row']}, field 'meal': meals must be numbered 1, 2, 3, ... "
                                f"in order; expected {i + 1}, got {r['meal']}")
        try:
            needs = parse_needs(r["needs"], kind_names)
        except ValueError as e:
            raise DataFileError(f"{path}: row {r['_row']}, field 'needs': {r['needs']!r} is not valid ({e})") from None
        if r["steps"] < 1:
            raise DataFileError(f"{path}: row {r['_row']}, field 'steps': a meal is worth 1 step or more")
        meals.append(Meal(r["meal"], r["name"], r["name_es"], needs, r["steps"], r["source"]))
    _unique(path, rows, "name")
    _unique(path, rows, "name_es")
    if len(meals) != MEAL_CARDS:
        raise DataFileError(f"{path}: {len(meals)} meal cards listed; the box holds {MEAL_CARDS}")
    return tuple(meals)


def _load_chefs(base: Path, kind_names) -> tuple:
    path = base / "chefs.csv"
    rows = read_table(path, {"chef": positive_int, "color": _hex_color, "ingredient": nonempty,
                             "discs": positive_int, "source": str}, sources=SOURCES)
    _one_of(path, rows, "ingredient", kind_names)
    _unique(path, rows, "ingredient")
    for i, r in enumerate(rows):
        if r["chef"] != i + 1:
            raise DataFileError(f"{path}: row {r['_row']}, field 'chef': chefs must be numbered 1..6 in order")
        if r["discs"] != 3:
            raise DataFileError(f"{path}: row {r['_row']}, field 'discs': every chef has 3 action discs (S1)")
    if len(rows) != CHEF_CARDS:
        raise DataFileError(f"{path}: {len(rows)} chef cards listed; the box holds {CHEF_CARDS}")
    return tuple(Chef(r["chef"], r["color"], kind_names.index(r["ingredient"]), r["discs"], r["source"])
                 for r in rows)


def _load_locations(base: Path) -> tuple:
    path = base / "locations.csv"
    rows = read_table(path, {"order": positive_int, "key": nonempty, "name": nonempty, "name_es": nonempty,
                             "article_es": _article, "circles": _circles, "source": str}, sources=SOURCES)
    keys = tuple(r["key"] for r in rows)
    if keys != LOCATION_KEYS:
        raise DataFileError(f"{path}: the locations must be {', '.join(LOCATION_KEYS)} in this order (S1); "
                            f"found {', '.join(keys)}")
    for i, r in enumerate(rows):
        if r["order"] != i + 1:
            raise DataFileError(f"{path}: row {r['_row']}, field 'order': expected {i + 1}, got {r['order']}")
    return tuple(Location(r["order"], r["key"], r["name"], r["name_es"], r["article_es"], r["circles"], r["source"]) for r in rows)


def _load_boxes(base: Path) -> tuple:
    path = base / "door_boxes.csv"
    rows = read_table(path, {"box": positive_int, "discard": positive_int, "draw": positive_int,
                             "source": str}, sources=SOURCES)
    for i, r in enumerate(rows):
        if r["box"] != i + 1:
            raise DataFileError(f"{path}: row {r['_row']}, field 'box': expected {i + 1}, got {r['box']}")
        if r["discard"] < 1:
            raise DataFileError(f"{path}: row {r['_row']}, field 'discard': a box discards 1 card or more")
    if len(rows) != 5:
        raise DataFileError(f"{path}: {len(rows)} exchange boxes listed; the door has 5 (S1)")
    return tuple((r["discard"], r["draw"]) for r in rows)


def _load_layouts(base: Path) -> dict:
    path = base / "layout.csv"
    rows = read_table(path, {"players": positive_int, "counter": positive_int, "meals_per_stove": positive_int,
                             "source": str}, sources=SOURCES)
    _one_of(path, rows, "players", PLAYERS)
    _unique(path, rows, "players")
    out = {r["players"]: (r["counter"], r["meals_per_stove"]) for r in rows}
    missing = [p for p in PLAYERS if p not in out]
    if missing:
        raise DataFileError(f"{path}: no layout row for {', '.join(map(str, missing))} players")
    return out


def _load_circle_tables(base: Path, discs: int, boxes: int) -> dict:
    path = base / "circles_by_players.csv"
    fields = {"players": positive_int, **{k: _circles for k in LOCATION_KEYS}, "source": str}
    rows = read_table(path, fields, sources=SOURCES)
    _one_of(path, rows, "players", PLAYERS)
    _unique(path, rows, "players")
    out = {}
    for r in rows:
        table = {k: r[k] for k in LOCATION_KEYS}
        if table["door"] is None or table["door"] > boxes:
            raise DataFileError(f"{path}: row {r['_row']}, field 'door': at most {boxes} circles (one per box)")
        if all(v is not None for v in table.values()) and sum(table.values()) < discs * r["players"]:
            raise DataFileError(f"{path}: row {r['_row']}: {sum(table.values())} circles cannot hold the "
                                f"{discs * r['players']} discs of {r['players']} players")
        out[r["players"]] = table
    missing = [p for p in PLAYERS if p not in out]
    if missing:
        raise DataFileError(f"{path}: no row for {', '.join(map(str, missing))} players")
    return out


def _load_settings(base: Path) -> dict:
    path = base / "settings.csv"
    rows = read_table(path, {"key": nonempty, "value": positive_int, "source": str}, sources=SOURCES)
    _unique(path, rows, "key")
    out = {r["key"]: r["value"] for r in rows}
    missing = [k for k in SETTING_KEYS if k not in out]
    if missing:
        raise DataFileError(f"{path}: missing rows for key(s) {', '.join(missing)}")
    return out


@lru_cache(maxsize=8)
def load_components(folder: str | None = None) -> Components:
    """Read and check every table of ``data/chefs/`` (or of a copy of it in ``folder``)."""
    base = Path(folder) if folder else data_path("chefs", "")
    kinds = _load_kinds(base)
    names = tuple(k.name for k in kinds)
    meals = _load_meals(base, names)
    chefs = _load_chefs(base, names)
    locations = _load_locations(base)
    boxes = _load_boxes(base)
    settings = _load_settings(base)
    layouts = _load_layouts(base)
    circles = _load_circle_tables(base, settings["discs_per_player"], len(boxes))
    sources = {
        "ingredients": {k.source for k in kinds}, "meals": {m.source for m in meals},
        "chefs": {c.source for c in chefs}, "locations": {loc.source for loc in locations},
    }
    return Components(kinds, meals, chefs, locations, boxes, layouts, circles, settings, sources)


def components_table(folder: str | None = None) -> list[dict]:
    """One row per component fact for the notebooks: component, count, source, assumed, note."""
    c = load_components(folder)
    rows = [
        {"component": "ingredient cards", "count": sum(k.count for k in c.kinds), "source": "P",
         "assumed": False, "note": "6 kinds × 10"},
        {"component": "ingredient kind names", "count": len(c.kinds), "source": ASSUMED, "assumed": True,
         "note": ", ".join(c.kind_names)},
        {"component": "meal cards", "count": len(c.meals), "source": "P", "assumed": False, "note": ""},
        {"component": "meal recipes and steps", "count": len(c.meals), "source": ASSUMED, "assumed": True,
         "note": "data/chefs/meals.csv, editable"},
        {"component": "chef figures and chef cards", "count": len(c.chefs), "source": "S1, P", "assumed": False,
         "note": "one ingredient on each card"},
        {"component": "chef card ingredients", "count": len(c.chefs), "source": ASSUMED, "assumed": True,
         "note": "all different"},
        {"component": "action discs per chef", "count": c.settings["discs_per_player"], "source": "S1",
         "assumed": False, "note": ""},
        {"component": "door exchange boxes", "count": len(c.door_boxes), "source": "S1", "assumed": False,
         "note": ", ".join(f"{a}→{b}" for a, b in c.door_boxes)},
    ]
    for loc in c.locations:
        rows.append({"component": f"circles at {loc.name}",
                     "count": "unlimited" if loc.circles is None else loc.circles,
                     "source": loc.source, "assumed": loc.source == ASSUMED, "note": f"location {loc.order}"})
    return rows
