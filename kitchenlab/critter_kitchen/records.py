"""Critter Kitchen's data records: one frozen dataclass per table row and :class:`Components`, the
whole validated set (built by :mod:`.loader`, reached through :func:`.components.load_components`),
plus the effect and ability vocabularies the rules and scoring code implement.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..data import ASSUMED
from ..errors import KitchenlabError, OptionError
from ..i18n import in_language
from . import tokens

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
    "carrot_double",       # Rabbit [A]: every carrot counts double; a spice adds nothing more to it
    "challenge_bonus",     # Capybara [A]: bonus_stars per challenge meal served
)
RUMOR_EFFECTS = (
    "fanatic", "mercurial", "nocturnal", "tender", "pampered", "others_few_spices", "no_spice",
    "type_at_least", "min_soup", "all_odd", "max_value", "distinct_values", "unknown",
)
ZOUS_TIMINGS = ("start_of_location", "before_first_pick", "after_last_pick")
ZOUS_ABILITIES = ("none", "gain_soup", "first_in_queue", "tie_star")
RESTAURATEUR_ABILITIES = (
    "none",
    "start_soup",          # param extra soups at setup
    "start_bisque",        # param bisques at setup
    "two_carrot_plus",     # Goat'N Ramsey: a printed-2 carrot in the critic meal is worth param more,
                           # before spice and the critic's doubling
    "challenge_double",    # Herón Sanchez: in a challenge meal the highest unspiced ingredient of
                           # each type counts double (param = the factor)
)
LOCATION_KINDS = ("soup_truck", "numbered", "merchant", "academy")
SOLO_CHEFS = ("manager", "mouse", "lizard", "boar")
SOLO_SPECIAL_PREFERENCES = ("most_items", "any")
SOLO_CONDITIONS = ("rumor", "challenge", "zous", "spice", "seven", "high", "bisque", "soup", "plate", "any")


# ------------------------------------------------------------------ records


@dataclass(frozen=True)
class _Sourced:
    @property
    def assumed(self) -> bool:
        """True when this row is one of the kit's assumptions (``source == "A"``)."""
        return self.source == ASSUMED  # type: ignore[attr-defined]


@dataclass(frozen=True)
class _Named(_Sourced):
    """A row that names a card or a board, in English (``name``) and in Spanish (``name_es``)."""

    @property
    def local_name(self) -> str:
        """The name in the current language: ``"The Mouse"``, or ``"El Ratón"`` in Spanish."""
        return in_language({"en": self.name, "es": self.name_es})  # type: ignore[attr-defined]


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
class Location(_Named):
    order: int                  # left-to-right order among all location boards
    key: str
    name: str
    name_es: str                # the name in Spanish
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
class Challenge(_Named):
    id: str
    name: str
    name_es: str                # the name in Spanish
    requirements: tuple[str, ...]   # ingredient types, left to right as printed (Hold covers the last)
    source: str
    note: str = ""


@dataclass(frozen=True)
class Critic(_Named):
    id: str
    name: str
    name_es: str                # the name in Spanish
    effect: str
    bonus_stars: int            # stars at step 6 (Capybara: per challenge meal served)
    first_game: bool
    source: str
    note: str = ""


@dataclass(frozen=True)
class Rumor(_Named):
    id: str
    name: str
    name_es: str                # the name in Spanish
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
class ZousChef(_Named):
    id: str
    name: str
    name_es: str                # the name in Spanish
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
class Restaurateur(_Named):
    id: str
    name: str
    name_es: str                # the name in Spanish
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
    chef: str                       # its deck: manager, mouse, lizard or boar
    sends: str                      # a Manager card: the chef it sends (mouse, lizard, boar); else ""
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
class SoloRumorDay(_Sourced):
    """McDogald's stars for each rumor token it takes on this day."""

    day: int
    stars: int
    source: str
    note: str = ""


@dataclass(frozen=True)
class SoloRumorDots(_Sourced):
    """A group of rumor cards with the same dots: McDogald's gains that many stars at the end."""

    group: str
    stars: int
    rumors: tuple[str, ...]
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
    solo_rumor_days: tuple[SoloRumorDay, ...] = ()
    solo_rumor_dots: tuple[SoloRumorDots, ...] = ()
    _index: dict = field(default_factory=dict, repr=False, compare=False, hash=False)   # lookups, memos

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

    def solo_rumor_token_stars(self, day: int) -> int:
        """McDogald's stars for a rumor token taken on ``day``."""
        return next((r.stars for r in self.solo_rumor_days if r.day == day), 0)

    def solo_rumor_card_stars(self, rumor_id: str) -> int:
        """McDogald's end-of-game stars for a rumor card in play (its dots)."""
        return next((g.stars for g in self.solo_rumor_dots if rumor_id in g.rumors), 0)

    def solo_ingredient_list(self) -> tuple[str, ...]:
        """McDogald's tie-break list of ingredient types (leftmost first)."""
        return tuple(self.setting("solo_ingredient_list").split())

    def critics_choice_day(self, card: str, day: int) -> tuple[str, ...]:
        """The pick conditions of a Critic's Choice card for a day, leftmost (first tried) first
        (worked out once per card and day: McDogald's asks at every pick)."""
        memo = self._index.setdefault("critics_choice_day", {})
        got = memo.get((card, day))
        if got is None:
            rows = sorted((r for r in self.critics_choice_card(card) if r.day == day), key=lambda r: r.rank)
            got = memo[(card, day)] = tuple(r.condition for r in rows)
        return got

    def bag_contents(self) -> list[tokens.Token]:
        """The bag at setup, from the tables (ingredients, spices, rumor tokens)."""
        out = [tokens.token(f"{i.type}{v}") for i in self.ingredients for v in i.values]
        out += [tokens.token(s.token) for s in self.spices for _ in range(s.count)]
        out += [tokens.token(r.token) for r in self.rumor_tokens for _ in range(r.count)]
        return out
