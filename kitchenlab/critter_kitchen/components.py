"""Critter Kitchen's components, loaded from the CSV tables in ``data/critter_kitchen/``.

Every table row carries a ``source``: ``RB`` (the rulebook), ``S0`` / ``S3`` (the seed documents) or
``A`` (an assumption of the kit, which a teacher with the physical game may correct). Each record
below keeps that tag as ``.source`` and answers ``.assumed``.

>>> c = load_components()
>>> len(c.critics), len(c.rumors), len(c.zous_chefs)
(12, 28, 12)
>>> c.challenge("ultimate_melt").requirements
('bread', 'cheese', 'fish')
>>> c.track_stars[6]
1

``load_components(path)`` reads an edited copy of the data folder instead (cached per folder).
A malformed row raises :class:`~kitchenlab.errors.DataFileError` naming the file, the row and the
field, as do cross-table mistakes (an unknown ingredient type in a challenge, a missing Fanatic...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from ..data import ASSUMED, data_dir, nonempty, positive_int, read_table
from ..errors import DataFileError, KitchenlabError, OptionError
from . import tokens

GAME = "critter_kitchen"
SOURCES: tuple[str, ...] = ("RB", "S0", "S3", ASSUMED)

# Effect / ability vocabularies the rules and scoring code implement.
CRITIC_EFFECTS = (
    "none",
    "cheese_multi",        # Mouse: several cheeses in the cheese course, each may be spiced
    "six_is_nine",         # Kangaroo: printed 6 counts as 9
    "spice_triples",       # Tree Shrew: a spice triples
    "one_course_four",     # Cow: one course may hold up to 4 ingredients of its type
    "wine_pairing",        # Fruit Bat: one extra wine in a non-wine course adds its printed value
    "rumor_as_allspice",   # Jerboa: rumor tokens may be used as allspice
    "carrot_plus2",        # Rabbit [A]: a carrot counts printed + 2 before spices
    "challenge_bonus",     # Capybara [A]: bonus_stars per challenge meal served
)
RUMOR_EFFECTS = (
    "fanatic", "mercurial", "nocturnal", "tender", "pampered", "min_spiced", "no_spice",
    "type_at_least", "min_soup", "all_odd", "max_value", "distinct_values", "unknown",
)
ZOUS_TIMINGS = ("start_of_location", "before_first_pick", "after_last_pick")
ZOUS_ABILITIES = ("none", "gain_soup", "first_in_queue")
RESTAURATEUR_ABILITIES = ("none", "start_soup", "start_bisque")
LOCATION_KINDS = ("soup_truck", "numbered", "merchant", "academy")
SOLO_CHEFS = ("manager", "mouse", "lizard", "boar")
SOLO_SPECIAL_PREFERENCES = ("most_items", "any")
SOLO_CONDITIONS = ("challenge", "spice", "high", "bisque", "soup", "any")

TABLES = (
    "ingredients.csv", "spices.csv", "rumor_tokens.csv", "soups.csv", "locations.csv",
    "challenges.csv", "critics.csv", "rumors.csv", "zous_chefs.csv", "restaurateurs.csv",
    "stars.csv", "score_track.csv", "fridge.csv", "settings.csv", "solo_placement.csv",
    "critics_choice.csv",
)


# ------------------------------------------------------------------ converters


def _yes_no(text: str) -> bool:
    t = text.lower()
    if t in ("yes", "y", "true", "1"):
        return True
    if t in ("no", "n", "false", "0", ""):
        return False
    raise KitchenlabError("write yes or no")


def _one_of(choices: tuple[str, ...]) -> Callable[[str], str]:
    def conv(text: str) -> str:
        if text not in choices:
            raise KitchenlabError(f"must be one of {', '.join(choices)}")
        return text

    return conv


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def _ingredient_type(text: str) -> str:
    if text not in tokens.TYPES:
        raise KitchenlabError(f"must be an ingredient type ({', '.join(tokens.TYPES)})")
    return text


def _types(text: str) -> tuple[str, ...]:
    words = tuple(text.split())
    if not words:
        raise KitchenlabError("must list at least one ingredient type")
    for w in words:
        if w not in tokens.TYPES:
            raise KitchenlabError(f"{w!r} is not an ingredient type ({', '.join(tokens.TYPES)})")
    return words


def _int_list(text: str) -> tuple[int, ...]:
    return tuple(int(w) for w in text.split())


def _supply(text: str) -> int | None:
    if text == "unlimited":
        return None
    return positive_int(text)


def _capacity(text: str) -> int:
    n = int(text)
    if n not in (1, 2, 3):
        raise KitchenlabError("must be 1, 2 or 3")
    return n


def _text(text: str) -> str:
    return text


# ------------------------------------------------------------------ records


@dataclass(frozen=True)
class _Sourced:
    @property
    def assumed(self) -> bool:
        """True when this row is one of the kit's assumptions (``source == "A"``)."""
        return self.source == ASSUMED  # type: ignore[attr-defined]


@dataclass(frozen=True)
class IngredientType(_Sourced):
    type: str
    course: int                 # 1..7, left to right on the critic plate
    values: tuple[int, ...]     # printed values of its tokens
    source: str
    note: str = ""


@dataclass(frozen=True)
class Spice(_Sourced):
    token: str
    pairs_with: str             # an ingredient type, or "any" for allspice
    count: int
    source: str
    note: str = ""


@dataclass(frozen=True)
class RumorToken(_Sourced):
    token: str
    count: int
    source: str
    note: str = ""


@dataclass(frozen=True)
class SoupKind(_Sourced):
    token: str
    value: int
    supply: int | None          # None: unlimited
    start: int                  # tokens each player starts with
    restock: int                # put on the Soup Truck at the start of a round when its space is empty
    source: str
    note: str = ""


@dataclass(frozen=True)
class Location(_Sourced):
    order: int                  # left-to-right order among all location boards
    key: str
    name: str
    kind: str                   # soup_truck, numbered, merchant, academy
    number: int                 # 1..5 for numbered boards, else 0
    min_players: int            # numbered boards: in play from this many players
    item_spaces: int
    two_player_item_spaces: int
    source: str
    note: str = ""

    def spaces(self, players: int) -> int:
        """Item spaces of this board for a player count (1 and 2 players use the 2-player side)."""
        return self.two_player_item_spaces if players <= 2 else self.item_spaces


@dataclass(frozen=True)
class Challenge(_Sourced):
    id: str
    name: str
    requirements: tuple[str, ...]   # ingredient types, left to right as printed (Hold covers the last)
    source: str
    note: str = ""


@dataclass(frozen=True)
class Critic(_Sourced):
    id: str
    name: str
    effect: str
    bonus_stars: int            # stars at step 6 (Capybara: per challenge meal served)
    first_game: bool
    source: str
    note: str = ""


@dataclass(frozen=True)
class Rumor(_Sourced):
    id: str
    name: str
    effect: str
    param: str                  # effect parameter: a type, a number, or "type number"
    stars: int
    advanced: bool
    source: str
    note: str = ""

    @property
    def is_fanatic(self) -> bool:
        return self.effect == "fanatic"

    @property
    def fanatic_type(self) -> str | None:
        return self.param if self.effect == "fanatic" else None


@dataclass(frozen=True)
class ZousChef(_Sourced):
    id: str
    name: str
    capacity: int
    timing: str
    ability: str
    param: str
    source: str
    note: str = ""

    @property
    def token(self) -> "tokens.Token":
        """The storage token of this card once taken at the Academy (``"zous:<id>"``)."""
        return tokens.zous_token(self.id)


@dataclass(frozen=True)
class Restaurateur(_Sourced):
    id: str
    name: str
    ability: str
    param: str
    bonus_stars: int
    source: str
    note: str = ""


@dataclass(frozen=True)
class StarThreshold(_Sourced):
    min_quality: int
    stars: int
    source: str
    note: str = ""


@dataclass(frozen=True)
class TrackSpace(_Sourced):
    position: int
    stars: int
    source: str
    note: str = ""


@dataclass(frozen=True)
class FridgeLimit(_Sourced):
    day: int
    after_round: int
    limit: int
    source: str
    note: str = ""


@dataclass(frozen=True)
class Setting(_Sourced):
    key: str
    value: str
    source: str
    note: str = ""


@dataclass(frozen=True)
class SoloCard(_Sourced):
    """A McDogald's placement card: which chef it places and where (see the data README)."""

    id: str
    chef: str                       # manager, mouse, lizard or boar
    preferences: tuple[str, ...]    # location keys, "most_items" or "any", best first
    arrow: str                      # "left" or "right": which of tied locations wins
    source: str
    note: str = ""


@dataclass(frozen=True)
class CriticsChoiceRow(_Sourced):
    """One row of a McDogald's Critic's Choice card: the pick conditions of a day, by rank."""

    card: str
    start_stars: int
    day: int
    rank: int
    condition: str
    source: str
    note: str = ""


@dataclass(frozen=True)
class Components:
    """Every Critter Kitchen table, validated. Build it with :func:`load_components`."""

    path: str
    ingredients: tuple[IngredientType, ...]
    spices: tuple[Spice, ...]
    rumor_tokens: tuple[RumorToken, ...]
    soups: tuple[SoupKind, ...]
    locations: tuple[Location, ...]
    challenges: tuple[Challenge, ...]
    critics: tuple[Critic, ...]
    rumors: tuple[Rumor, ...]
    zous_chefs: tuple[ZousChef, ...]
    restaurateurs: tuple[Restaurateur, ...]
    star_thresholds: tuple[StarThreshold, ...]
    score_track: tuple[TrackSpace, ...]
    fridge_limits: tuple[FridgeLimit, ...]
    settings: tuple[Setting, ...]
    solo_cards: tuple[SoloCard, ...]
    critics_choice: tuple[CriticsChoiceRow, ...]
    _index: dict = field(default_factory=dict, repr=False, compare=False, hash=False)

    # ---- lookups
    def _find(self, kind: str, key: str) -> Any:
        table = self._index.get(kind)
        if table is None:
            raise KitchenlabError(f"no table of {kind}")
        if key not in table:
            raise OptionError(f"unknown {kind} {key!r}; known: {', '.join(table)}")
        return table[key]

    def challenge(self, id: str) -> Challenge:
        return self._find("challenge", id)

    def critic(self, id: str) -> Critic:
        return self._find("critic", id)

    def rumor(self, id: str) -> Rumor:
        return self._find("rumor", id)

    def zous_chef(self, id: str) -> ZousChef:
        return self._find("zous_chef", id)

    def restaurateur(self, id: str) -> Restaurateur:
        return self._find("restaurateur", id)

    def location(self, key: str) -> Location:
        return self._find("location", key)

    def soup(self, token: str) -> SoupKind:
        return self._find("soup", token)

    def setting(self, key: str) -> str:
        return self._find("setting", key).value

    def setting_int(self, key: str) -> int:
        return int(self.setting(key))

    # ---- derived views
    @property
    def thresholds(self) -> tuple[tuple[int, int], ...]:
        """Challenge-meal thresholds as ``(min_quality, stars)``, ascending."""
        return tuple((t.min_quality, t.stars) for t in self.star_thresholds)

    @property
    def track_stars(self) -> tuple[int, ...]:
        """Stars of each score-track position ``0 .. lap-1``."""
        return tuple(s.stars for s in self.score_track)

    @property
    def score_lap(self) -> int:
        return self.setting_int("score_lap")

    @property
    def lap_stars(self) -> int:
        return self.setting_int("lap_stars")

    @property
    def challenge_rounds(self) -> tuple[int, ...]:
        return tuple(int(w) for w in self.setting("challenge_rounds").split())

    @property
    def fanatics(self) -> tuple[Rumor, ...]:
        return tuple(r for r in self.rumors if r.is_fanatic)

    def fridge_limit(self, day: int) -> int:
        """Ingredients + spices a player may keep after ``day`` (1 or 2)."""
        for f in self.fridge_limits:
            if f.day == day:
                return f.limit
        raise OptionError(f"no fridge limit for day {day}; days: {', '.join(str(f.day) for f in self.fridge_limits)}")

    def locations_for(self, players: int) -> tuple[Location, ...]:
        """The boards in play, left to right (1 player uses the 2-player layout)."""
        n = max(2, players)
        return tuple(
            loc for loc in self.locations if loc.kind != "numbered" or loc.min_players <= n
        )

    def critics_choice_card(self, card: str) -> tuple[CriticsChoiceRow, ...]:
        rows = tuple(r for r in self.critics_choice if r.card == card)
        if not rows:
            raise OptionError(f"unknown Critic's Choice card {card!r}; known: {', '.join(self.critics_choice_cards)}")
        return rows

    @property
    def critics_choice_cards(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r.card for r in self.critics_choice))

    def critics_choice_day(self, card: str, day: int) -> tuple[str, ...]:
        """The pick conditions of a Critic's Choice card for a day, leftmost (first tried) first."""
        rows = sorted((r for r in self.critics_choice_card(card) if r.day == day), key=lambda r: r.rank)
        return tuple(r.condition for r in rows)

    def bag_contents(self) -> list[tokens.Token]:
        """The bag at setup, from the tables (ingredients, spices, rumor tokens)."""
        out = [tokens.token(f"{i.type}{v}") for i in self.ingredients for v in i.values]
        out += [tokens.token(s.token) for s in self.spices for _ in range(s.count)]
        out += [tokens.token(r.token) for r in self.rumor_tokens for _ in range(r.count)]
        return out


# ------------------------------------------------------------------ loading


def _err(path: Path, row: int, fieldname: str, msg: str) -> DataFileError:
    return DataFileError(f"{path}: row {row}, field {fieldname!r}: {msg}")


def _read(folder: Path, name: str, fields: dict) -> list[dict]:
    fields = dict(fields)
    fields["source"] = nonempty
    return read_table(folder / name, fields, sources=SOURCES)


def _unique(folder: Path, name: str, rows: list[dict], key: str) -> None:
    seen: dict = {}
    for r in rows:
        if r[key] in seen:
            raise _err(folder / name, r["_row"], key, f"{r[key]!r} repeats row {seen[r[key]]}")
        seen[r[key]] = r["_row"]


def _make(cls, rows: list[dict]) -> tuple:
    names = set(cls.__dataclass_fields__)
    return tuple(cls(**{k: v for k, v in r.items() if k in names}) for r in rows)


def _load_folder(folder: Path) -> Components:
    if not folder.is_dir():
        raise DataFileError(f"{folder}: not a folder holding the Critter Kitchen tables")

    def read(name: str, fields: dict) -> list[dict]:
        rows = _read(folder, name, fields)
        # Notes are optional: read them separately so a table without a note column still loads.
        try:
            notes = read_table(folder / name, {"note": _text})
        except DataFileError:
            notes = []
        by_row = {n["_row"]: n["note"] for n in notes}
        for r in rows:
            r["note"] = by_row.get(r["_row"], "")
        return rows

    p = lambda name: folder / name  # noqa: E731

    # ---- ingredients: must match the fixed token vocabulary
    ing = read("ingredients.csv", {"type": _ingredient_type, "course": positive_int, "values": _int_list})
    _unique(folder, "ingredients.csv", ing, "type")
    for r in ing:
        if r["values"] != tokens.VALUES:
            raise _err(p("ingredients.csv"), r["_row"], "values",
                       f"{' '.join(map(str, r['values']))} differs from the token vocabulary "
                       f"({' '.join(map(str, tokens.VALUES))})")
    ing.sort(key=lambda r: r["course"])
    if tuple(r["type"] for r in ing) != tokens.TYPES:
        raise _err(p("ingredients.csv"), ing[0]["_row"] if ing else 1, "course",
                   f"the types in course order must be {', '.join(tokens.TYPES)}")

    # ---- spices
    sp = read("spices.csv", {"token": nonempty, "pairs_with": nonempty, "count": positive_int})
    _unique(folder, "spices.csv", sp, "token")
    for r in sp:
        if r["token"] not in tokens.SPICES:
            raise _err(p("spices.csv"), r["_row"], "token", f"{r['token']!r} is not a spice token")
        want = "any" if r["token"] == tokens.ALLSPICE else tokens.spice_type(r["token"])
        if r["pairs_with"] != want:
            raise _err(p("spices.csv"), r["_row"], "pairs_with", f"{r['token']} pairs with {want}")
    if {r["token"] for r in sp} != set(tokens.SPICES):
        raise DataFileError(f"{p('spices.csv')}: must list every spice token ({', '.join(tokens.SPICES)})")

    # ---- rumor tokens
    rt = read("rumor_tokens.csv", {"token": _one_of(tokens.RUMOR_TOKENS), "count": positive_int})
    _unique(folder, "rumor_tokens.csv", rt, "token")
    if {r["token"] for r in rt} != set(tokens.RUMOR_TOKENS):
        raise DataFileError(f"{p('rumor_tokens.csv')}: must list {', '.join(tokens.RUMOR_TOKENS)}")

    # ---- soups
    so = read("soups.csv", {"token": _one_of((tokens.SOUP, tokens.BISQUE)), "value": positive_int,
                            "supply": _supply, "start": positive_int, "restock": positive_int})
    _unique(folder, "soups.csv", so, "token")
    want_values = {tokens.SOUP: tokens.SOUP_VALUE, tokens.BISQUE: tokens.BISQUE_VALUE}
    for r in so:
        if r["value"] != want_values[r["token"]]:
            raise _err(p("soups.csv"), r["_row"], "value",
                       f"{r['token']} is worth {want_values[r['token']]} in the token vocabulary")
    if {r["token"] for r in so} != {tokens.SOUP, tokens.BISQUE}:
        raise DataFileError(f"{p('soups.csv')}: must list soup and bisque")

    # ---- locations
    lo = read("locations.csv", {"order": positive_int, "key": nonempty, "name": nonempty,
                                "kind": _one_of(LOCATION_KINDS), "number": positive_int,
                                "min_players": positive_int, "item_spaces": positive_int,
                                "two_player_item_spaces": positive_int})
    _unique(folder, "locations.csv", lo, "key")
    _unique(folder, "locations.csv", lo, "order")
    lo.sort(key=lambda r: r["order"])
    kinds = [r["kind"] for r in lo]
    for k in ("soup_truck", "merchant", "academy"):
        if kinds.count(k) != 1:
            raise DataFileError(f"{p('locations.csv')}: needs exactly one location of kind {k!r}")
    if kinds[0] != "soup_truck" or kinds[-1] != "academy" or kinds[-2] != "merchant":
        raise DataFileError(
            f"{p('locations.csv')}: order must put the Soup Truck first, then the numbered boards, "
            f"the Midnight Merchant and the Chef Academy last"
        )
    numbered = [r for r in lo if r["kind"] == "numbered"]
    for i, r in enumerate(numbered, start=1):
        if r["number"] != i:
            raise _err(p("locations.csv"), r["_row"], "number", f"numbered boards must run 1, 2, ... (expected {i})")
        if r["min_players"] != i:
            raise _err(p("locations.csv"), r["_row"], "min_players", f"board {i} enters at {i} players")
    if len(numbered) < 5:
        raise DataFileError(f"{p('locations.csv')}: needs 5 numbered boards (one per player up to 5)")

    # ---- challenges
    ch = read("challenges.csv", {"id": nonempty, "name": nonempty, "requirements": _types})
    _unique(folder, "challenges.csv", ch, "id")
    for r in ch:
        if len(set(r["requirements"])) != len(r["requirements"]):
            raise _err(p("challenges.csv"), r["_row"], "requirements", "a type is listed twice")

    # ---- critics
    cr = read("critics.csv", {"id": nonempty, "name": nonempty, "effect": _one_of(CRITIC_EFFECTS),
                              "bonus_stars": positive_int, "first_game": _yes_no})
    _unique(folder, "critics.csv", cr, "id")
    if len(cr) != 12:
        raise DataFileError(f"{p('critics.csv')}: the critic deck has 12 cards, the table lists {len(cr)}")

    # ---- rumors
    ru = read("rumors.csv", {"id": nonempty, "name": nonempty, "effect": _one_of(RUMOR_EFFECTS),
                             "param": _text, "stars": positive_int, "advanced": _yes_no})
    _unique(folder, "rumors.csv", ru, "id")
    _unique(folder, "rumors.csv", ru, "name")
    if len(ru) != 28:
        raise DataFileError(f"{p('rumors.csv')}: the rumor deck has 28 cards, the table lists {len(ru)}")
    for r in ru:
        _check_rumor_param(p("rumors.csv"), r)
    fan = sorted(r["param"] for r in ru if r["effect"] == "fanatic")
    if fan != sorted(tokens.TYPES):
        raise DataFileError(
            f"{p('rumors.csv')}: needs exactly one Fanatic per ingredient type; found {', '.join(fan) or 'none'}"
        )

    # ---- zous-chefs
    zc = read("zous_chefs.csv", {"id": nonempty, "name": nonempty, "capacity": _capacity,
                                 "timing": _one_of(ZOUS_TIMINGS), "ability": _one_of(ZOUS_ABILITIES),
                                 "param": _text})
    _unique(folder, "zous_chefs.csv", zc, "id")
    if len(zc) != 12:
        raise DataFileError(f"{p('zous_chefs.csv')}: the zous-chef deck has 12 cards, the table lists {len(zc)}")
    for r in zc:
        if r["ability"] == "gain_soup":
            _param_int(p("zous_chefs.csv"), r)

    # ---- restaurateurs
    re_ = read("restaurateurs.csv", {"id": nonempty, "name": nonempty,
                                     "ability": _one_of(RESTAURATEUR_ABILITIES), "param": _text,
                                     "bonus_stars": positive_int})
    _unique(folder, "restaurateurs.csv", re_, "id")
    if len(re_) != 10:
        raise DataFileError(f"{p('restaurateurs.csv')}: 10 restaurateur cards expected, the table lists {len(re_)}")
    for r in re_:
        if r["ability"] != "none":
            _param_int(p("restaurateurs.csv"), r)

    # ---- stars thresholds
    st = read("stars.csv", {"min_quality": positive_int, "stars": positive_int})
    _unique(folder, "stars.csv", st, "min_quality")
    st.sort(key=lambda r: r["min_quality"])
    if not st or st[0]["min_quality"] != 0:
        raise DataFileError(f"{p('stars.csv')}: the first threshold must start at quality 0")
    for a, b in zip(st, st[1:]):
        if b["stars"] < a["stars"]:
            raise _err(p("stars.csv"), b["_row"], "stars", "stars must not go down as quality goes up")

    # ---- settings
    se = read("settings.csv", {"key": nonempty, "value": _text})
    _unique(folder, "settings.csv", se, "key")
    settings = {r["key"]: r for r in se}
    int_keys = ("rounds", "challenges_dealt", "critics_dealt", "rumors_dealt", "start_soup",
                "hold_round_day1", "hold_round_day2", "allspice_round", "score_lap", "lap_stars",
                "most_soup_stars", "all_courses_stars", "best_course_stars", "solo_challenge_stars")
    for k in int_keys:
        if k not in settings:
            raise DataFileError(f"{p('settings.csv')}: setting {k!r} is missing")
        try:
            positive_int(settings[k]["value"])
        except ValueError as e:
            raise _err(p("settings.csv"), settings[k]["_row"], "value", f"{k}: {settings[k]['value']!r} ({e})") from None
    if "challenge_rounds" not in settings:
        raise DataFileError(f"{p('settings.csv')}: setting 'challenge_rounds' is missing")
    try:
        rounds = [int(w) for w in settings["challenge_rounds"]["value"].split()]
    except ValueError:
        raise _err(p("settings.csv"), settings["challenge_rounds"]["_row"], "value",
                   "challenge_rounds must be round numbers like '3 6'") from None
    lap = int(settings["score_lap"]["value"])
    if lap < 1:
        raise _err(p("settings.csv"), settings["score_lap"]["_row"], "value", "score_lap must be at least 1")
    dealt = int(settings["challenges_dealt"]["value"])
    if len(ch) < dealt:
        raise DataFileError(f"{p('challenges.csv')}: {len(ch)} cards cannot deal {dealt} challenges")
    if len(rounds) != 2:
        raise _err(p("settings.csv"), settings["challenge_rounds"]["_row"], "value", "two challenge rounds expected")

    # ---- score track
    tr = read("score_track.csv", {"position": positive_int, "stars": positive_int})
    tr.sort(key=lambda r: r["position"])
    if [r["position"] for r in tr] != list(range(lap)):
        raise DataFileError(f"{p('score_track.csv')}: must list every position 0..{lap - 1} once")

    # ---- fridge
    fr = read("fridge.csv", {"day": positive_int, "after_round": positive_int, "limit": positive_int})
    _unique(folder, "fridge.csv", fr, "day")
    if sorted(r["day"] for r in fr) != [1, 2]:
        raise DataFileError(f"{p('fridge.csv')}: needs the limits after day 1 and day 2")
    for r in fr:
        if r["after_round"] != rounds[r["day"] - 1]:
            raise _err(p("fridge.csv"), r["_row"], "after_round",
                       f"day {r['day']} ends after round {rounds[r['day'] - 1]} (settings challenge_rounds)")

    # ---- solo deck
    keys = {r["key"] for r in lo}
    so_cards = read("solo_placement.csv", {"id": nonempty, "chef": _one_of(SOLO_CHEFS),
                                           "preferences": _words, "arrow": _one_of(("left", "right"))})
    _unique(folder, "solo_placement.csv", so_cards, "id")
    for r in so_cards:
        if not r["preferences"]:
            raise _err(p("solo_placement.csv"), r["_row"], "preferences", "must list at least one preference")
        for w in r["preferences"]:
            if w not in keys and w not in SOLO_SPECIAL_PREFERENCES:
                raise _err(p("solo_placement.csv"), r["_row"], "preferences",
                           f"{w!r} is neither a location key nor one of {', '.join(SOLO_SPECIAL_PREFERENCES)}")
    for chef in SOLO_CHEFS:
        if not any(r["chef"] == chef for r in so_cards):
            raise DataFileError(f"{p('solo_placement.csv')}: no card for the {chef}")
    cc = read("critics_choice.csv", {"card": nonempty, "start_stars": positive_int, "day": positive_int,
                                     "rank": positive_int, "condition": _one_of(SOLO_CONDITIONS)})
    seen_rank: dict = {}
    start: dict = {}
    for r in cc:
        if r["day"] not in (1, 2, 3):
            raise _err(p("critics_choice.csv"), r["_row"], "day", "days are 1, 2 and 3")
        k = (r["card"], r["day"], r["rank"])
        if k in seen_rank:
            raise _err(p("critics_choice.csv"), r["_row"], "rank", f"repeats row {seen_rank[k]}")
        seen_rank[k] = r["_row"]
        if start.setdefault(r["card"], r["start_stars"]) != r["start_stars"]:
            raise _err(p("critics_choice.csv"), r["_row"], "start_stars", "differs from the card's first row")
    for card in start:
        for day in (1, 2, 3):
            if not any(r["card"] == card and r["day"] == day for r in cc):
                raise DataFileError(f"{p('critics_choice.csv')}: card {card!r} has no row for day {day}")
    if not cc:
        raise DataFileError(f"{p('critics_choice.csv')}: needs at least one Critic's Choice card")

    comp = Components(
        path=str(folder),
        ingredients=_make(IngredientType, ing),
        spices=_make(Spice, sp),
        rumor_tokens=_make(RumorToken, rt),
        soups=_make(SoupKind, so),
        locations=_make(Location, lo),
        challenges=_make(Challenge, ch),
        critics=_make(Critic, cr),
        rumors=_make(Rumor, ru),
        zous_chefs=_make(ZousChef, zc),
        restaurateurs=_make(Restaurateur, re_),
        star_thresholds=_make(StarThreshold, st),
        score_track=_make(TrackSpace, tr),
        fridge_limits=_make(FridgeLimit, fr),
        settings=_make(Setting, se),
        solo_cards=_make(SoloCard, so_cards),
        critics_choice=_make(CriticsChoiceRow, cc),
    )
    idx = comp._index
    idx["challenge"] = {c.id: c for c in comp.challenges}
    idx["critic"] = {c.id: c for c in comp.critics}
    idx["rumor"] = {r.id: r for r in comp.rumors}
    idx["zous_chef"] = {z.id: z for z in comp.zous_chefs}
    idx["restaurateur"] = {r.id: r for r in comp.restaurateurs}
    idx["location"] = {loc.key: loc for loc in comp.locations}
    idx["soup"] = {s.token: s for s in comp.soups}
    idx["setting"] = {s.key: s for s in comp.settings}
    return comp


def _param_int(path: Path, r: dict) -> int:
    try:
        n = positive_int(r["param"])
    except ValueError:
        raise _err(path, r["_row"], "param", f"{r['param']!r} must be a whole number for {r.get('ability')}") from None
    return n


def _check_rumor_param(path: Path, r: dict) -> None:
    eff, param = r["effect"], r["param"]
    if eff == "fanatic":
        if param not in tokens.TYPES:
            raise _err(path, r["_row"], "param", f"a Fanatic names its ingredient type ({', '.join(tokens.TYPES)})")
    elif eff in ("tender", "pampered", "min_spiced", "min_soup", "max_value", "distinct_values"):
        try:
            positive_int(param)
        except ValueError:
            raise _err(path, r["_row"], "param", f"{eff} needs a whole number, got {param!r}") from None
    elif eff == "type_at_least":
        words = param.split()
        ok = len(words) == 2 and words[0] in tokens.TYPES and words[1].isdigit()
        if not ok:
            raise _err(path, r["_row"], "param", f"type_at_least needs 'type value' like 'cheese 6', got {param!r}")


@lru_cache(maxsize=8)
def _load_cached(folder: str) -> Components:
    return _load_folder(Path(folder))


def default_path() -> Path:
    return data_dir() / GAME


def load_components(path: str | Path | None = None) -> Components:
    """Load and validate every table of a data folder (the kit's own by default); cached per folder."""
    folder = Path(path) if path is not None else default_path()
    return _load_cached(str(folder.resolve()))


def clear_cache() -> None:
    """Forget loaded folders (after editing a table in place)."""
    _load_cached.cache_clear()


def components_table(path: str | Path | None = None) -> list[dict]:
    """One dict per component kind, for notebooks: ``component``, ``count`` (physical pieces),
    ``source`` (the tags present, e.g. ``"A, RB"``), ``assumed`` (any row marked A),
    ``assumed_rows`` and ``rows``.
    """
    c = load_components(path)
    groups = [
        ("ingredient tokens", c.ingredients, lambda r: len(r.values)),
        ("spice tokens", c.spices, lambda r: r.count),
        ("rumor tokens", c.rumor_tokens, lambda r: r.count),
        ("soup kinds", c.soups, lambda r: 1),
        ("location boards", c.locations, lambda r: 1),
        ("challenge cards", c.challenges, lambda r: 1),
        ("critic cards", c.critics, lambda r: 1),
        ("rumor cards", c.rumors, lambda r: 1),
        ("zous-chef cards", c.zous_chefs, lambda r: 1),
        ("restaurateur cards", c.restaurateurs, lambda r: 1),
        ("challenge star thresholds", c.star_thresholds, lambda r: 1),
        ("score-track positions", c.score_track, lambda r: 1),
        ("fridge limits", c.fridge_limits, lambda r: 1),
        ("rule settings", c.settings, lambda r: 1),
        ("solo placement cards", c.solo_cards, lambda r: 1),
        ("solo Critic's Choice rows", c.critics_choice, lambda r: 1),
    ]
    out = []
    for name, rows, count in groups:
        out.append({
            "component": name,
            "count": sum(count(r) for r in rows),
            "source": ", ".join(sorted({r.source for r in rows})),
            "assumed": any(r.assumed for r in rows),
            "assumed_rows": sum(1 for r in rows if r.assumed),
            "rows": len(rows),
        })
    return out


__all__ = [
    "Challenge", "Components", "Critic", "CriticsChoiceRow", "FridgeLimit", "IngredientType", "Location",
    "Restaurateur", "Rumor", "RumorToken", "Setting", "SoloCard", "SoupKind", "Spice", "StarThreshold",
    "TrackSpace", "ZousChef", "clear_cache", "components_table", "default_path", "load_components",
]
