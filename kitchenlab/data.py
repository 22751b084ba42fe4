"""Loading the kit's data tables (CSV) with clear errors.

Each table lives under ``data/<game>/``. Every row carries a ``source`` field: one of the
digest's source tags (e.g. ``RB``, ``S2``, ``P``) or ``A`` for a value the kit assumes. A malformed
file raises :class:`~kitchenlab.errors.DataFileError` naming the file, the row and the field.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any, Callable, Mapping

from .errors import DataFileError

ASSUMED = "A"


def data_dir() -> Path:
    """The folder holding the data tables: inside the installed package, else the source tree."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "data", here.parent / "data"):
        if candidate.is_dir():
            return candidate
    raise DataFileError(f"kitchenlab data folder not found (looked in {here / 'data'} and {here.parent / 'data'})")


def data_path(game: str, name: str) -> Path:
    return data_dir() / game / name


def _convert(value: str, conv: Callable[[str], Any], path: Path, row: int, field: str) -> Any:
    try:
        return conv(value)
    except (ValueError, TypeError) as e:
        raise DataFileError(f"{path}: row {row}, field {field!r}: {value!r} is not valid ({e})") from None


def read_table(
    path: str | Path,
    fields: Mapping[str, Callable[[str], Any]],
    *,
    sources: tuple[str, ...] | None = None,
) -> list[dict]:
    """Read a CSV file whose header holds at least ``fields`` (name -> converter).

    Row numbers in errors count the header as row 1, as a spreadsheet shows them. Blank lines
    and lines starting with ``#`` are skipped. With ``sources`` given, the ``source`` field of
    every row must be one of them.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise DataFileError(f"{path}: cannot be read ({e.strerror})") from None
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    reader = csv.DictReader(lines)
    header = reader.fieldnames or []
    missing = [f for f in fields if f not in header]
    if missing:
        raise DataFileError(f"{path}: row 1 (header) lacks field(s) {', '.join(missing)}; found: {', '.join(header)}")
    rows = []
    for i, raw in enumerate(reader, start=2):
        if None in raw:
            raise DataFileError(f"{path}: row {i} has more values than the header has fields")
        row = {}
        for name, conv in fields.items():
            value = raw.get(name)
            if value is None:
                raise DataFileError(f"{path}: row {i}, field {name!r} is missing")
            row[name] = _convert(value.strip(), conv, path, i, name)
        if sources is not None and row.get("source") not in sources:
            raise DataFileError(
                f"{path}: row {i}, field 'source': {row.get('source')!r} is not one of {', '.join(sources)}"
            )
        row["_row"] = i
        rows.append(row)
    return rows


def positive_int(text: str) -> int:
    n = int(text)
    if n < 0:
        raise ValueError("must be 0 or more")
    return n


def nonempty(text: str) -> str:
    if not text:
        raise ValueError("must not be empty")
    return text
