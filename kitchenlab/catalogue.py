"""What the kit offers, read from what is there: the games, their notebooks and how long each takes.

The start notebook shows this table, so it cannot fall out of date: the games are the registry's
(``kitchenlab.available_games()``), and a notebook is listed when its file exists. Run times come from the
last notebook benchmark (``python benchmarks/notebooks.py --save`` writes
``benchmarks/notebook_times.csv``); a notebook without a measured time says so.

>>> rows = games()
>>> [r["game"] for r in rows] == list(__import__("kitchenlab").available_games())
True
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from . import available_games, game_info

#: Where the benchmark writes the measured seconds per notebook (relative to the repository).
TIMES_FILE = Path("benchmarks") / "notebook_times.csv"


def repo_root() -> Path | None:
    """The source checkout holding ``notebooks/`` (None for an installed wheel without it)."""
    here = Path(__file__).resolve().parent.parent
    return here if (here / "notebooks" / "00_start_here.ipynb").is_file() else None


def notebook_title(path: Path) -> str:
    """The first Markdown heading of a notebook, without the leading ``#`` marks."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError):
        return path.stem
    for cell in cells:
        if cell.get("cell_type") != "markdown":
            continue
        for line in "".join(cell.get("source", [])).splitlines():
            if line.startswith("#"):
                return line.lstrip("#").strip()
    return path.stem


def measured_times(root: Path | None = None) -> dict[str, float]:
    """Seconds per notebook (path relative to ``notebooks/``) from the last benchmark run."""
    root = root or repo_root()
    if root is None or not (root / TIMES_FILE).is_file():
        return {}
    with open(root / TIMES_FILE, newline="", encoding="utf-8") as f:
        return {row["notebook"]: float(row["seconds"]) for row in csv.DictReader(f)}


def notebooks(game: str, root: Path | None = None) -> list[dict]:
    """The notebooks of one game, in order: file (relative to ``notebooks/``), title, seconds."""
    root = root or repo_root()
    if root is None:
        return []
    times = measured_times(root)
    folder = root / "notebooks" / game
    out = []
    for path in sorted(folder.glob("*.ipynb")):
        rel = f"{game}/{path.name}"
        out.append({"file": rel, "title": notebook_title(path), "seconds": times.get(rel)})
    return out


def games(root: Path | None = None) -> list[dict]:
    """One row per game of the registry: name, title, one sentence, player counts and its notebooks."""
    rows = []
    for g in available_games():
        info = game_info(g)
        rows.append({
            "game": g,
            "title": info.title,
            "summary": info.summary,
            "players": info.players,
            "notebooks": notebooks(g, root),
        })
    return rows


def _seconds(s: float | None) -> str:
    return "not measured" if s is None else f"about {max(1, round(s))} s"


def catalogue_markdown(root: Path | None = None) -> str:
    """The start notebook's table of games and notebooks, as Markdown with links."""
    lines = []
    for row in games(root):
        counts = row["players"]
        span = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
        lines.append(f"**{row['title']}** ({span} players): {row['summary'].rstrip('.')}.\n")
        if not row["notebooks"]:
            lines.append("No notebooks yet.\n")
            continue
        lines.append("| notebook | what it is | Run All |")
        lines.append("|---|---|---|")
        for nb in row["notebooks"]:
            name = nb["file"].split("/", 1)[1]
            lines.append(f"| [{name}]({nb['file']}) | {nb['title']} | {_seconds(nb['seconds'])} |")
        lines.append("")
    return "\n".join(lines)
