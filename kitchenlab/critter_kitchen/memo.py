"""A memo: named tables of answers worked out before, under one size rule.

Every table is a plain dict (read with ``.get`` in the hot loops, so a module may bind a table
once: emptying keeps its identity). When a table holds ``limit`` answers, the whole memo is
emptied: before the next answer is kept (:meth:`Memo.keep`), or when a call starts
(:meth:`Memo.keep_in_bounds`, for code that fills its tables directly). A memo only saves time:
an empty one gives the same answers.

:data:`MEMO` is the one memo of the scoring and the exact optimisers (the challenge-plan search,
the critic-meal optimiser, the final score); each greedy bot has its own
(:class:`.greedy.GreedyBot`).

>>> m = Memo(limit=2)
>>> squares = m.table("squares")
>>> [m.keep(squares, x, x * x) for x in (1, 2, 3)], squares
([1, 4, 9], {3: 9})
"""

from __future__ import annotations

__all__ = ["MEMO", "Memo"]


class Memo:
    """Named tables of answers; all emptied together when one holds ``limit`` answers."""

    __slots__ = ("limit", "tables")

    def __init__(self, limit: int = 4096) -> None:
        self.limit = limit
        self.tables: dict[str, dict] = {}

    def table(self, name: str) -> dict:
        """The table ``name`` (made empty on first use; the same dict ever after)."""
        got = self.tables.get(name)
        if got is None:
            got = self.tables[name] = {}
        return got

    def keep(self, table: dict, key, value):
        """Keep ``value`` for ``key`` in ``table`` (one of this memo's) and return it."""
        if len(table) >= self.limit:
            self.clear()
        table[key] = value
        return value

    def keep_in_bounds(self) -> None:
        """Empty the memo if one of its tables holds more than ``limit`` answers."""
        limit = self.limit
        for t in self.tables.values():
            if len(t) > limit:
                self.clear()
                return

    def clear(self) -> None:
        for t in self.tables.values():
            t.clear()

    def __len__(self) -> int:
        return sum(map(len, self.tables.values()))


#: the memo of the scoring and the exact optimisers
MEMO = Memo(limit=50_000)
