"""Tem-Purr-A's component counts and dish splits, loaded from ``data/tem_purr_a/``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..data import ASSUMED, data_path, nonempty, positive_int, read_table
from ..errors import DataFileError

SOURCES = ("S2", "P", ASSUMED)
DISH_VALUES = (2, 3, 4, 5, 6, 7)
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
        raise ValueError(f"dish values are 2..7")
    return v


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
