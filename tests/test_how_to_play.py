"""The five-minute "how to play" notebooks follow the notebook standard: a python3 kernelspec, tagged
checks (no comment markers in the code), collapsed set-up, no lambdas, and the glossary at the end."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
HOW_TO = ["tem_purr_a/00_how_to_play.ipynb", "critter_kitchen/00_how_to_play.ipynb"]


def _load(name: str) -> dict:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))


def _src(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


@pytest.fixture(params=HOW_TO)
def nb(request) -> dict:
    return _load(request.param)


def test_kernelspec_is_python3(nb):
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    assert nb["metadata"]["kernelspec"]["language"] == "python"


def test_ends_with_the_glossary(nb):
    last = nb["cells"][-1]
    assert last["cell_type"] == "code"
    assert "glossary_table(" in _src(last)
    assert "nbval-check-output" in last["metadata"].get("tags", [])
    shown = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in last["outputs"])
    assert "Spanish" in shown and "English" in shown


def test_has_checked_teaching_cells(nb):
    checked = [c for c in nb["cells"] if "nbval-check-output" in c.get("metadata", {}).get("tags", [])]
    assert len(checked) >= 3
    assert all(c["outputs"] for c in checked), "a checked cell has no stored output"


def test_no_nbval_comment_markers_or_lambdas(nb):
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        src = _src(cell)
        assert not re.search(r"#\s*NBVAL_", src), src
        assert not re.search(r"\blambda\b", src), src
        assert not re.search(r"\b\w+\._\w+\(", src), f"a private helper is called: {src}"
        assert not re.search(r"^def ", src, re.M), f"a function is defined in a cell: {src}"


def test_setup_cell_is_collapsed_and_others_open(nb):
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code[0]["metadata"].get("jupyter", {}).get("source_hidden") is True
    assert "import" in _src(code[0])
    assert all(not c["metadata"].get("jupyter", {}).get("source_hidden") for c in code[1:])


def test_outputs_are_stored_without_errors(nb):
    outputs = [o for c in nb["cells"] if c["cell_type"] == "code" for o in c["outputs"]]
    assert outputs
    assert not [o for o in outputs if o["output_type"] == "error"]
    figures = [o for o in outputs if "application/vnd.plotly.v1+json" in o.get("data", {})]
    assert len(figures) >= 5


def test_assumed_values_are_marked(nb):
    text = "".join(_src(c) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "⚠" in text
