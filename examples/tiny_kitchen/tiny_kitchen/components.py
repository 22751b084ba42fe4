"""Tiny Kitchen's cards and recipes, read from the package's ``data/`` folder (each row sourced)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from pathlib import Path

from kitchenlab.data import ASSUMED, nonempty, positive_int, read_table
from kitchenlab.errors import DataFileError

DATA = Path(__file__).with_name("data")


class Card(StrEnum):
    """A pantry card: one of four ingredients, or a mouse."""

    TOMATO = "tomato"
    CHEESE = "cheese"
    BASIL = "basil"
    FLOUR = "flour"
    MOUSE = "mouse"


INGREDIENTS = tuple(c for c in Card if c is not Card.MOUSE)


@dataclass(frozen=True)
class Recipe:
    """A dish: the ingredient cards it needs (sorted) and the points it scores."""

    name: str
    needs: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        return f"{self.name} ({' + '.join(self.needs)}: {self.points} points)"


@dataclass(frozen=True)
class Components:
    counts: dict            # key -> count: the cards of each kind, the hand size
    recipes: dict           # recipe name -> Recipe, in the table's order


def _ingredients(text: str) -> tuple[Card, ...]:
    if not text.split() or any(name not in INGREDIENTS for name in text.split()):
        raise ValueError(f"ingredients are {', '.join(INGREDIENTS)}, separated by spaces")
    return tuple(sorted(Card(name) for name in text.split()))


def _table(path: Path, key: str, fields: dict) -> dict:
    """The rows of a table by their ``key`` field; every source is ``A`` (the kit's own values)."""
    rows = {}
    for r in read_table(path, {key: nonempty, **fields, "source": str}, sources=(ASSUMED,)):
        if r[key] in rows:
            raise DataFileError(f"{path}: row {r['_row']}, field {key!r}: {r[key]!r} appears twice")
        rows[r[key]] = r
    return rows


@lru_cache(maxsize=4)
def load_components(folder: str | None = None) -> Components:
    """Read and check ``components.csv`` and ``recipes.csv`` (``folder`` defaults to the package's)."""
    base = Path(folder) if folder else DATA
    counts = {k: r["count"] for k, r in _table(base / "components.csv", "key", {"count": positive_int}).items()}
    lacking = [k for k in (*Card, "hand_size") if k not in counts]
    if lacking or 4 * counts["hand_size"] >= sum(counts[c] for c in INGREDIENTS):
        raise DataFileError(f"{base / 'components.csv'}: needs a row for each of {', '.join(Card)} and hand_size "
                            f"(missing: {', '.join(lacking) or 'none'}), and 4 hands of hand_size cards must "
                            "leave ingredient cards for the pantry")
    rows = _table(base / "recipes.csv", "recipe", {"ingredients": _ingredients, "points": positive_int})
    if not rows:
        raise DataFileError(f"{base / 'recipes.csv'}: holds no recipe")
    return Components(counts, {k: Recipe(k, r["ingredients"], r["points"]) for k, r in rows.items()})
