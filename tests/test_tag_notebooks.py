"""scripts/tag_notebooks.py: nbval comment markers become cell tags, outputs stay, counts match."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import nbformat
import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "tag_notebooks.py"


def _load():
    spec = importlib.util.spec_from_file_location("tag_notebooks", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


tag = _load()

OUTPUT = nbformat.v4.new_output("stream", name="stdout", text="worth 8\n")


def _notebook(tmp_path: Path) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    checked = nbformat.v4.new_code_cell("# NBVAL_CHECK_OUTPUT\nprint('worth', 2 + 2 + 2 + 2)",
                                        execution_count=1, outputs=[OUTPUT])
    ignored = nbformat.v4.new_code_cell("# NBVAL_IGNORE_OUTPUT\nimport time\ntime.time()")
    skipped = nbformat.v4.new_code_cell("x = 1\n# NBVAL_SKIP\ny = 2")
    raises = nbformat.v4.new_code_cell("# NBVAL_RAISES_EXCEPTION\n1 / 0")
    tagged = nbformat.v4.new_code_cell("print(3)", metadata={"tags": ["nbval-check-output"]})
    plain = nbformat.v4.new_code_cell("# a comment that is no marker\nprint(4)")
    text = nbformat.v4.new_markdown_cell("# NBVAL_CHECK_OUTPUT is a word in this text")
    nb.cells = [text, checked, ignored, skipped, raises, tagged, plain]
    path = tmp_path / "lesson.ipynb"
    nbformat.write(nb, path)
    return path


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def test_convert_moves_markers_to_tags_and_keeps_outputs(tmp_path, capsys):
    path = _notebook(tmp_path)
    outputs_before = [c.get("outputs") for c in _cells(path)]
    assert tag.main([str(path)]) == 0
    cells = _cells(path)
    assert [c.get("outputs") for c in cells] == outputs_before
    src = ["".join(c["source"]) for c in cells]
    tags = [c["metadata"].get("tags", []) for c in cells]
    assert src[1] == "print('worth', 2 + 2 + 2 + 2)"
    assert tags[1] == ["nbval-check-output"]
    assert "".join(cells[1]["outputs"][0]["text"]) == "worth 8\n" and cells[1]["execution_count"] == 1
    assert src[2] == "import time\ntime.time()" and tags[2] == ["nbval-ignore-output"]
    assert src[3] == "x = 1\ny = 2" and tags[3] == ["nbval-skip"]
    assert src[4] == "1 / 0" and tags[4] == ["nbval-raises-exception"]
    assert tags[5] == ["nbval-check-output"]          # an existing tag is kept, not doubled
    assert src[6] == "# a comment that is no marker\nprint(4)" and tags[6] == []
    assert src[0] == "# NBVAL_CHECK_OUTPUT is a word in this text"   # markdown is left alone
    report = capsys.readouterr().out
    assert "4 cell(s) converted" in report
    assert "before: nbval-check-output 2, nbval-ignore-output 1, nbval-skip 1, nbval-raises-exception 1" in report
    assert "after: nbval-check-output 2, nbval-ignore-output 1, nbval-skip 1, nbval-raises-exception 1" in report
    nbformat.validate(nbformat.read(path, as_version=4))


def test_counts_before_and_after_agree(tmp_path):
    path = _notebook(tmp_path)
    nb = json.loads(path.read_text(encoding="utf-8"))
    before = tag.marker_counts(nb)
    assert before == {"nbval-check-output": 2, "nbval-ignore-output": 1, "nbval-skip": 1,
                      "nbval-raises-exception": 1}
    assert tag.convert(nb) == 4
    assert tag.tag_counts(nb) == before
    assert all(not tag.comment_markers(c) for c in nb["cells"])


def test_check_mode_fails_while_a_marker_is_left_and_changes_nothing(tmp_path, capsys):
    path = _notebook(tmp_path)
    original = path.read_bytes()
    assert tag.main(["--check", str(path)]) == 1
    assert path.read_bytes() == original
    assert "4 comment marker(s) left" in capsys.readouterr().out
    tag.main([str(path)])
    assert tag.main(["--check", str(path)]) == 0


def test_a_second_run_changes_nothing(tmp_path):
    path = _notebook(tmp_path)
    tag.main([str(path)])
    once = path.read_bytes()
    tag.main([str(path)])
    assert path.read_bytes() == once


def test_unknown_marker_names_are_left_alone(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("# NBVAL_SOMETHING_ELSE\nprint(1)")]
    path = tmp_path / "other.ipynb"
    nbformat.write(nb, path)
    assert tag.main(["--check", str(path)]) == 0
    tag.main([str(path)])
    assert "".join(_cells(path)[0]["source"]) == "# NBVAL_SOMETHING_ELSE\nprint(1)"


def test_missing_file_is_an_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        tag.main([str(tmp_path / "nope.ipynb")])
