"""Tem-Purr-A's component counts and dish splits, loaded from ``data/tem_purr_a/``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..data import ASSUMED, data_path, nonempty, positive_int, read_table
from ..errors import DataFileError
from .scoring import DISH_VALUES  # one definition, re-exported here

SOURCES = ("S2", "P", ASSUMED)
#: The most cats at one table (the box says 3..7; 2 is an exploration variant).
MAX_PLAYERS = 7
REQUIRED_KEYS = (
    "dish_cards", "plus_one_cards", "reverse_cards", "choose_next_cards", "indigestion_cards",
    "starting_indigestion", "indigestion_tokens", "hand_size", "tokens_to_lose", "empty_hand_draw",
)


@dataclass(frozen=True)
class Fact:
    key: str
    count: int
    source: str
    note: str

    @property
    def assumed(self) -> bool:
        return self.source == ASSUMED


@dataclass(frozen=True)
class Components:
    facts: dict            # key -> Fact
    splits: dict           # split name -> {value: count}
    split_sources: dict    # split name -> source tag

    def count(self, key: str) -> int:
        return self.facts[key].count


def _dish_value(text: str) -> int:
    v = int(text)
    if v not in DISH_VALUES:
        raise ValueError("dish values are 2..7")
    return v


def _check_whole(path: Path, n: dict) -> None:
    """Checks of the table as a whole: the counts must make a game that can be dealt and played."""
    def fail(fields: str, why: str) -> None:
        raise DataFileError(f"{path}: fields {fields}: {why}")

    if n["starting_indigestion"] > n["indigestion_cards"]:
        fail("starting_indigestion, indigestion_cards",
             f"{n['starting_indigestion']} indigestion cards cannot start in the deck when only "
             f"{n['indigestion_cards']} exist")
    cards = n["dish_cards"] + n["plus_one_cards"] + n["reverse_cards"] + n["choose_next_cards"]
    if n["hand_size"] * MAX_PLAYERS > cards:
        fail("hand_size, dish_cards, plus_one_cards, reverse_cards, choose_next_cards",
             f"{MAX_PLAYERS} players x {n['hand_size']} cards = {n['hand_size'] * MAX_PLAYERS} is more than the "
             f"{cards} dish and action cards the deck holds")
    most = MAX_PLAYERS * (n["tokens_to_lose"] - 1) + 1
    if n["indigestion_tokens"] < most:
        fail("indigestion_tokens, tokens_to_lose",
             f"{MAX_PLAYERS} players can take up to {most} tokens before the game ends; "
             f"only {n['indigestion_tokens']} exist")


@lru_cache(maxsize=8)
def load_components(folder: str | None = None) -> Components:
    """Read and check ``components.csv`` and ``dish_splits.csv`` (``folder`` defaults to the kit's data)."""
    base = Path(folder) if folder else data_path("tem_purr_a", "")
    comp_file = base / "components.csv"
    rows = read_table(comp_file, {"key": nonempty, "count": positive_int, "source": str, "note": str}, sources=SOURCES)
    facts = {}
    for r in rows:
        if r["key"] in facts:
            raise DataFileError(f"{comp_file}: row {r['_row']}, field 'key': {r['key']!r} appears twice")
        facts[r["key"]] = Fact(r["key"], r["count"], r["source"], r["note"])
    missing = [k for k in REQUIRED_KEYS if k not in facts]
    if missing:
        raise DataFileError(f"{comp_file}: missing rows for key(s) {', '.join(missing)}")
    _check_whole(comp_file, {k: f.count for k, f in facts.items()})

    split_file = base / "dish_splits.csv"
    srows = read_table(
        split_file,
        {"split": nonempty, "value": _dish_value, "count": positive_int, "source": str, "note": str},
        sources=SOURCES,
    )
    splits: dict[str, dict[int, int]] = {}
    sources: dict[str, str] = {}
    for r in srows:
        table = splits.setdefault(r["split"], {})
        if r["value"] in table:
            raise DataFileError(
                f"{split_file}: row {r['_row']}, field 'value': value {r['value']} appears twice in split {r['split']!r}"
            )
        table[r["value"]] = r["count"]
        sources[r["split"]] = ASSUMED if ASSUMED in (sources.get(r["split"]), r["source"]) else r["source"]
    total = facts["dish_cards"].count
    for name, table in splits.items():
        if set(table) != set(DISH_VALUES):
            raise DataFileError(f"{split_file}: split {name!r} must give a count for each value 2..7")
        if sum(table.values()) != total:
            raise DataFileError(
                f"{split_file}: split {name!r} adds up to {sum(table.values())} dish cards; it must be {total}"
            )
    if "even" not in splits:
        raise DataFileError(f"{split_file}: the default split 'even' is missing")
    return Components(facts, splits, sources)


def components_table(folder: str | None = None) -> list[dict]:
    """One row per component fact, for notebooks: key, count, source, assumed, note."""
    comps = load_components(folder)
    rows = [
        {"component": f.key, "count": f.count, "source": f.source, "assumed": f.assumed, "note": f.note}
        for f in comps.facts.values()
    ]
    for name, table in comps.splits.items():
        for v in DISH_VALUES:
            rows.append({
                "component": f"dish split {name!r}: value {v}", "count": table[v],
                "source": comps.split_sources[name], "assumed": comps.split_sources[name] == ASSUMED,
                "note": "",
            })
    return rows
