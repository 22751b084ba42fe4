"""The start notebook's catalogue is read from what exists: the registry's games, notebook files, measured times."""

from __future__ import annotations

import json

import kitchenlab
from kitchenlab import catalogue


def _notebook(path, heading):
    path.parent.mkdir(parents=True, exist_ok=True)
    cells = [{"cell_type": "code", "metadata": {}, "source": ["x = 1"], "outputs": [], "execution_count": None},
             {"cell_type": "markdown", "metadata": {}, "source": [f"# {heading}\n", "text"]}]
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))


def test_catalogue_lists_the_files_that_exist_with_their_headings_and_times(tmp_path):
    (tmp_path / "notebooks").mkdir()
    _notebook(tmp_path / "notebooks" / "tem_purr_a" / "02_round.ipynb", "A round")
    _notebook(tmp_path / "notebooks" / "tem_purr_a" / "01_setup.ipynb", "Setup, part 1")
    (tmp_path / "benchmarks").mkdir()
    (tmp_path / "benchmarks" / "notebook_times.csv").write_text("notebook,seconds\ntem_purr_a/01_setup.ipynb,4.4\n")
    rows = {r["game"]: r for r in catalogue.games(tmp_path)}
    assert list(rows) == list(kitchenlab.available_games())
    for g, row in rows.items():
        info = kitchenlab.game_info(g)
        assert (row["title"], row["summary"], row["players"]) == (info.title, info.summary, info.players)
    tpa = rows["tem_purr_a"]
    assert tpa["title"] == "Tem-Purr-A" and tpa["players"] == (2, 3, 4, 5, 6, 7)
    assert tpa["notebooks"] == [
        {"file": "tem_purr_a/01_setup.ipynb", "title": "Setup, part 1", "seconds": 4.4},
        {"file": "tem_purr_a/02_round.ipynb", "title": "A round", "seconds": None},
    ]
    text = catalogue.catalogue_markdown(tmp_path)
    assert "| [01_setup.ipynb](tem_purr_a/01_setup.ipynb) | Setup, part 1 | about 4 s |" in text
    assert "| [02_round.ipynb](tem_purr_a/02_round.ipynb) | A round | not measured |" in text
    assert "**Tem-Purr-A** (2–7 players): push your luck" in text
    for g in kitchenlab.available_games():
        assert f"**{kitchenlab.game_info(g).title}** (" in text
    assert text.count("No notebooks yet.") == len(kitchenlab.available_games()) - 1


def test_the_real_catalogue_lists_every_notebook_folder(repo_root):
    rows = catalogue.games(repo_root)
    for r in rows:
        folder = repo_root / "notebooks" / r["game"]
        assert [n["file"] for n in r["notebooks"]] == sorted(
            f"{r['game']}/{p.name}" for p in folder.glob("*.ipynb"))


def test_the_start_notebook_carries_every_binder_badge(repo_root):
    from kitchenlab.binder_links import badges_markdown

    text = (repo_root / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8")
    import json as _json

    cells = "".join("".join(c["source"]) for c in _json.loads(text)["cells"] if c["cell_type"] == "markdown")
    for line in badges_markdown(repo_root).strip().splitlines():
        assert line in cells, line
