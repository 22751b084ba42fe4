"""Turn nbval comment markers in code cells into cell tags, so the code a learner reads stays clean.

    python scripts/tag_notebooks.py notebooks/tem_purr_a/02_round.ipynb ...   # convert in place
    python scripts/tag_notebooks.py --check notebooks/**/*.ipynb             # exit 1 if a marker is left

A code cell whose source has a line ``# NBVAL_CHECK_OUTPUT`` (or ``# NBVAL_IGNORE_OUTPUT``,
``# NBVAL_SKIP``, ``# NBVAL_RAISES_EXCEPTION``) loses that line and gains the matching tag
(``nbval-check-output``, ...). Outputs, execution counts and the rest of the metadata are kept as
they are. For every notebook the script prints how many cells carry each marker before (comment or
tag) and after (tag); the two counts must agree, or the script stops with an error and writes nothing.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

#: comment marker -> cell tag
MARKERS = {
    "NBVAL_CHECK_OUTPUT": "nbval-check-output",
    "NBVAL_IGNORE_OUTPUT": "nbval-ignore-output",
    "NBVAL_SKIP": "nbval-skip",
    "NBVAL_RAISES_EXCEPTION": "nbval-raises-exception",
}
MARKER_LINE = re.compile(r"^\s*#\s*(NBVAL_[A-Z_]+)\s*$")


def _source_lines(cell: dict) -> list[str]:
    src = cell.get("source", "")
    text = "".join(src) if isinstance(src, list) else src
    return text.splitlines(keepends=True)


def _set_source(cell: dict, lines: list[str]) -> None:
    text = "".join(lines)
    if text.endswith("\n") and not "".join(_source_lines(cell)).endswith("\n"):
        text = text[:-1]
    cell["source"] = text.splitlines(keepends=True) if isinstance(cell.get("source"), list) else text


def comment_markers(cell: dict) -> list[str]:
    """The nbval comment markers (``NBVAL_...`` names) on their own lines in a code cell."""
    if cell.get("cell_type") != "code":
        return []
    found = []
    for line in _source_lines(cell):
        m = MARKER_LINE.match(line)
        if m and m.group(1) in MARKERS:
            found.append(m.group(1))
    return found


def marker_counts(nb: dict) -> Counter:
    """How many code cells carry each marker, as a comment or as a tag (keyed by tag name)."""
    counts: Counter = Counter()
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        tags = set(cell.get("metadata", {}).get("tags", []))
        tags |= {MARKERS[m] for m in comment_markers(cell)}
        for tag in MARKERS.values():
            if tag in tags:
                counts[tag] += 1
    return counts


def tag_counts(nb: dict) -> Counter:
    """How many code cells carry each nbval tag."""
    counts: Counter = Counter()
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            for tag in set(cell.get("metadata", {}).get("tags", [])) & set(MARKERS.values()):
                counts[tag] += 1
    return counts


def convert(nb: dict) -> int:
    """Move every comment marker of ``nb`` into a tag (in place); returns the number of cells changed."""
    changed = 0
    for cell in nb.get("cells", []):
        found = comment_markers(cell)
        if not found:
            continue
        keep = [line for line in _source_lines(cell)
                if not (MARKER_LINE.match(line) and MARKER_LINE.match(line).group(1) in MARKERS)]
        while keep and not keep[0].strip():
            keep.pop(0)
        _set_source(cell, keep)
        tags = list(cell.setdefault("metadata", {}).get("tags", []))
        for name in found:
            if MARKERS[name] not in tags:
                tags.append(MARKERS[name])
        cell["metadata"]["tags"] = tags
        changed += 1
    return changed


def _fmt(counts: Counter) -> str:
    return ", ".join(f"{tag} {counts.get(tag, 0)}" for tag in MARKERS.values())


def process(path: Path, check: bool = False) -> tuple[bool, str]:
    """Convert (or, with ``check``, only inspect) one notebook: ``(ok, report line)``."""
    text = path.read_text(encoding="utf-8")
    nb = json.loads(text)
    before = marker_counts(nb)
    left = sum(len(comment_markers(c)) for c in nb.get("cells", []))
    if check:
        return left == 0, f"{path}: {left} comment marker(s) left; {_fmt(before)}"
    changed = convert(nb)
    after = tag_counts(nb)
    if after != before:
        raise SystemExit(f"{path}: counts differ (before: {_fmt(before)}; after: {_fmt(after)}); not written")
    if changed:
        # the layout nbformat writes, so a converted file differs from the original only where it changed
        path.write_text(json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return True, f"{path}: {changed} cell(s) converted; before: {_fmt(before)}; after: {_fmt(after)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path, help="notebook files (.ipynb)")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a comment marker is left")
    args = parser.parse_args(argv)
    ok = True
    for path in args.notebooks:
        good, line = process(path, check=args.check)
        ok &= good
        print(line)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
