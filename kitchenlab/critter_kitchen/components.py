"""Critter Kitchen's components, loaded from the CSV tables in ``data/critter_kitchen/``.

Every table row carries a ``source``: ``RB`` (the rulebook), ``S0`` / ``S3`` (the two other sources) or
``A`` (an assumption of the kit, which a teacher with the physical game may correct). Each record
(in :mod:`.records`) keeps that tag as ``.source`` and answers ``.assumed``.

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

from functools import lru_cache
from pathlib import Path

from ..data import data_dir
from .loader import load_folder
from .records import (  # noqa: F401  (the records are part of this module's interface)
    Challenge, Components, Critic, CriticsChoiceRow, FridgeLimit, IngredientType, Location,
    Restaurateur, Rumor, RumorToken, Setting, SoloCard, SoloRumorDay, SoloRumorDots, SoupKind, Spice,
    StarThreshold, TrackSpace, ZousChef,
)

GAME = "critter_kitchen"

TABLES = (
    "ingredients.csv", "spices.csv", "rumor_tokens.csv", "soups.csv", "locations.csv",
    "challenges.csv", "critics.csv", "rumors.csv", "zous_chefs.csv", "restaurateurs.csv",
    "stars.csv", "score_track.csv", "fridge.csv", "settings.csv", "solo_placement.csv",
    "critics_choice.csv", "solo_rumor_tokens.csv", "solo_rumor_dots.csv",
)


@lru_cache(maxsize=8)
def _load_cached(folder: str) -> Components:
    return load_folder(Path(folder))


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
        ("solo rumor-token stars (per day)", c.solo_rumor_days, lambda r: 1),
        ("solo rumor-card dots (groups)", c.solo_rumor_dots, lambda r: 1),
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
    "Restaurateur", "Rumor", "RumorToken", "Setting", "SoloCard", "SoloRumorDay", "SoloRumorDots", "SoupKind", "Spice", "StarThreshold",
    "TrackSpace", "ZousChef", "clear_cache", "components_table", "default_path", "load_components",
]
