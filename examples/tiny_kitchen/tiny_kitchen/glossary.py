"""Tiny Kitchen's Spanish-English glossary (``data/glossary.csv``; the kit's own wording)."""

from __future__ import annotations

from kitchenlab.data import nonempty, read_table
from kitchenlab.glossary import Term

from .components import DATA

GLOSSARY = tuple(Term(r["spanish"], r["english"], r["note"], "kit") for r in
                 read_table(DATA / "glossary.csv", {"spanish": nonempty, "english": nonempty, "note": str}))
