"""The Spanish notebooks (``notebooks/es/``) match their English counterparts.

Each Spanish notebook has an English one (same folder, the name translated): both have the same code
cells in the same order, with the same cell tags and the same hidden set-up cells; every link in the
Spanish notebooks opens a file or folder that exists; each of them switches the kit to Spanish before
it does anything else.
"""

from __future__ import annotations

import ast
import json
import re
from itertools import dropwhile
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SPANISH = NOTEBOOKS / "es"

#: Spanish notebook name -> the English notebook it translates (same folder below ``notebooks/``).
ENGLISH_NAME = {
    "00_empieza_aqui.ipynb": "00_start_here.ipynb",
    "00_como_se_juega.ipynb": "00_how_to_play.ipynb",
    "05_jugar.ipynb": "05_play.ipynb",
    "06_quiz.ipynb": "06_quiz.ipynb",
}
#: The notebooks the Spanish learner's folder must hold, at least.
REQUIRED = ["00_empieza_aqui.ipynb"] + [
    f"{game}/{name}" for game in ("tem_purr_a", "diced_veggies", "chefs", "critter_kitchen")
    for name in ("00_como_se_juega.ipynb", "05_jugar.ipynb", "06_quiz.ipynb")
]
# A Markdown link or image: [text](target) or ![alt](target "title").
LINK = re.compile(r"!?\[[^\]]*\]\(\s*([^)\s]+)(?:\s+\"[^\"]*\")?\s*\)")
SWITCH = 'kitchenlab.set_language("es")'


def spanish_notebooks() -> list[str]:
    return sorted(p.relative_to(SPANISH).as_posix() for p in SPANISH.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)


def english_counterpart(rel: str) -> Path:
    """The English notebook a Spanish one translates: classroom pages keep their name."""
    path = Path(rel)
    name = path.name if path.parent.name == "classroom" else ENGLISH_NAME.get(path.name)
    if name is None:
        raise AssertionError(f"notebooks/es/{rel}: no English counterpart known for {path.name!r}")
    return NOTEBOOKS / path.parent / name


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell: dict) -> str:
    return "".join(cell.get("source", []))


def code_cells(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def shape(cell: dict) -> tuple[tuple[str, ...], bool]:
    """What must match between the languages: the cell's tags, and whether its code is hidden."""
    meta = cell.get("metadata", {})
    return tuple(meta.get("tags", [])), bool(meta.get("jupyter", {}).get("source_hidden"))


def markdown_links(nb: dict) -> list[str]:
    """Every link target in the notebook's Markdown cells and Markdown outputs."""
    texts = [source(c) for c in nb["cells"] if c["cell_type"] == "markdown"]
    for cell in code_cells(nb):
        for out in cell.get("outputs", []):
            md = out.get("data", {}).get("text/markdown")
            if md:
                texts.append(md if isinstance(md, str) else "".join(md))
    return [target for text in texts for target in LINK.findall(text)]


def broken_links(rel: str) -> list[str]:
    folder = (SPANISH / rel).parent
    broken = []
    for target in markdown_links(load(SPANISH / rel)):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue                                  # a web address or a heading in the same notebook
        if not (folder / target.split("#", 1)[0]).exists():
            broken.append(target)
    return broken


def first_statements(code: str) -> list[ast.stmt]:
    return ast.parse(code).body


def is_switch(stmt: ast.stmt) -> bool:
    """``kitchenlab.set_language("es")`` as a statement of its own."""
    return isinstance(stmt, ast.Expr) and ast.dump(stmt.value) == ast.dump(ast.parse(SWITCH).body[0].value)


def is_import_kitchenlab(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Import) and [a.name for a in stmt.names] == ["kitchenlab"] \
        and stmt.names[0].asname is None


def test_the_learners_notebooks_are_there():
    missing = [rel for rel in REQUIRED if rel not in spanish_notebooks()]
    assert missing == [], f"missing under notebooks/es: {missing}"


@pytest.mark.parametrize("rel", spanish_notebooks())
def test_same_code_cells_tags_and_hidden_cells_as_english(rel):
    spanish, english = load(SPANISH / rel), load(english_counterpart(rel))
    assert [shape(c) for c in code_cells(spanish)] == [shape(c) for c in code_cells(english)], (
        f"notebooks/es/{rel} and {english_counterpart(rel).relative_to(NOTEBOOKS)} differ in their "
        "code cells (count, tags or hidden set-up cells)")


@pytest.mark.parametrize("rel", spanish_notebooks())
def test_kernelspec_is_python3(rel):
    assert load(SPANISH / rel)["metadata"]["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("rel", spanish_notebooks())
def test_text_is_written_anew_not_copied(rel):
    spanish, english = load(SPANISH / rel), load(english_counterpart(rel))
    english_text = {source(c) for c in english["cells"] if c["cell_type"] == "markdown"}
    copied = [source(c)[:60] for c in spanish["cells"]
              if c["cell_type"] == "markdown" and source(c) in english_text]
    assert copied == [], f"notebooks/es/{rel} keeps English text cells: {copied}"


@pytest.mark.parametrize("rel", spanish_notebooks())
def test_every_link_resolves(rel):
    assert markdown_links(load(SPANISH / rel)), f"notebooks/es/{rel} links to nothing"
    assert broken_links(rel) == [], f"notebooks/es/{rel}: links to nothing there"


@pytest.mark.parametrize("rel", spanish_notebooks())
def test_spanish_is_switched_on_before_anything_else(rel):
    first = source(code_cells(load(SPANISH / rel))[0])
    rest = list(dropwhile(is_import_kitchenlab, first_statements(first)))
    assert rest and is_switch(rest[0]), (
        f"notebooks/es/{rel}: the first code cell must start with {SWITCH} "
        f"(only 'import kitchenlab' may come before it); it starts: {first.splitlines()[:3]}")


# ---------------------------------------------------------------- the checks themselves


def test_link_pattern_reads_targets_and_skips_titles():
    text = 'See [a](05_jugar.ipynb), ![b](fig.png "Title"), [`c`](../c/) and [d](https://x.org).'
    assert LINK.findall(text) == ["05_jugar.ipynb", "fig.png", "../c/", "https://x.org"]


def test_switch_check_refuses_late_or_wrong_language():
    ok = first_statements('import kitchenlab\n\nkitchenlab.set_language("es")\nimport pandas')
    assert is_import_kitchenlab(ok[0]) and is_switch(ok[1])
    late = first_statements('import pandas\nkitchenlab.set_language("es")')
    assert not is_switch(next(dropwhile(is_import_kitchenlab, late)))
    assert not is_switch(first_statements('kitchenlab.set_language("en")')[0])


def test_every_spanish_name_has_an_english_notebook():
    for es_name, en_name in ENGLISH_NAME.items():
        if es_name == "00_empieza_aqui.ipynb":
            assert (NOTEBOOKS / en_name).is_file()
        else:
            assert all((NOTEBOOKS / game / en_name).is_file() for game in ("tem_purr_a", "diced_veggies"))
    with pytest.raises(AssertionError, match="no English counterpart"):
        english_counterpart("tem_purr_a/07_extra.ipynb")


def test_spanish_teaching_page_links_to_the_learners_notebooks():
    page = NOTEBOOKS.parent / "docs" / "ensenanza.md"
    targets = LINK.findall(page.read_text(encoding="utf-8"))
    assert [t for t in targets if not (page.parent / t).exists()] == []
    linked = {(page.parent / t).resolve() for t in targets}
    assert {(SPANISH / rel).resolve() for rel in REQUIRED} <= linked
