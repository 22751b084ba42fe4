"""The cleaver: the block of dice, its notation, and every legal cut.

**Block notation.** A block is a list of row strings, cells separated by spaces; a cell is a colour
letter and a value (``M2`` = a mushroom showing 2; the letters are in ``data/diced_veggies/colours.csv``)
or ``..`` for an empty cell::

    ["M2 P3 C4",
     "T5 .. O2"]

**The kit's model of a cut** (no published definition was found; this is the kit's own reading).
The blade goes along one *seam* — between two rows or between two columns — over a contiguous run
of lines (the rows crossed by a vertical seam, the columns crossed by a horizontal one) and pushes
out every die on one side of the seam in those lines, to the block's edge. So a cut takes the dice
of a rectangle bordered by the block's edge (a corner, or a whole strip at one end), never an L
shape. A cut is legal when

* at least one die is taken, and the taken dice total 10 or less;
* the taken dice form one piece, and the rest is one piece and not empty (pieces are 4-connected:
  dice touching only at a corner are not connected).

By default the blade enters the seam **from the block's edge**: it slides along the seam from outside
the block to the run without passing between two dice, so every seam segment before the run (on the
side it enters from) has a die on at most one side. The variant ``middle_entry=True`` lets the blade
enter anywhere along a seam. Taking the whole block (when it totals 10 or less) is not a cut: the
rules treat it as its own action (:func:`can_take_all`), and then, by the seed, the only one (the
turn's rules offer no cut; see :func:`kitchenlab.diced_veggies.legal.cut_actions`).

>>> cuts = legal_cuts(["M2 P3 C6", "T5 O2 M4"])
>>> [(sorted(c.cells), c.total) for c in cuts][:3]
[([(0, 0)], 2), ([(0, 0), (0, 1)], 5), ([(0, 0), (1, 0)], 7)]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Sequence

from ..errors import PositionError
from ..i18n import _
from .components import load_components

EMPTY = ".."
CUT_LIMIT = 10
LETTERS = ("M", "P", "C", "T", "O")
FACES = (2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Block:
    """A block on a ``rows`` × ``cols`` grid: ``cells`` row by row, each a die (``"M2"``) or ``None``."""

    rows: int
    cols: int
    cells: tuple

    def die(self, r: int, c: int) -> str | None:
        return self.cells[r * self.cols + c]

    def dice(self) -> list[tuple[tuple[int, int], str]]:
        """Every die with its cell, row by row."""
        return [((i // self.cols, i % self.cols), d) for i, d in enumerate(self.cells) if d is not None]

    @property
    def count(self) -> int:
        return sum(1 for d in self.cells if d is not None)

    @property
    def total(self) -> int:
        return sum(int(d[1]) for d in self.cells if d is not None)

    def colours(self) -> set[str]:
        return {d[0] for d in self.cells if d is not None}

    def without(self, cells: Iterable[tuple[int, int]]) -> "Block":
        """The block after the dice of ``cells`` are taken out."""
        out = list(self.cells)
        for r, c in cells:
            out[r * self.cols + c] = None
        return Block(self.rows, self.cols, tuple(out))

    def text(self) -> list[str]:
        """The block in its notation (a list of row strings)."""
        return [" ".join(d or EMPTY for d in self.cells[r * self.cols:(r + 1) * self.cols]) for r in range(self.rows)]

    def __str__(self) -> str:
        return "\n".join(self.text())


def parse_block(block, letters: Sequence[str] = LETTERS, faces: Sequence[int] = FACES) -> Block:
    """A :class:`Block` from its notation (or the block itself). Bad notation raises
    :class:`~kitchenlab.errors.PositionError` naming the row and cell.

    >>> parse_block(["M2 ..", "P6 T3"]).count
    3
    """
    if isinstance(block, Block):
        return block
    if isinstance(block, str):
        block = block.strip().splitlines()
    if not isinstance(block, (list, tuple)) or not block:
        raise PositionError(f"a block is a list of row strings such as ['M2 P3', 'T5 ..'], got {block!r}")
    grid = []
    for r, row in enumerate(block):
        if not isinstance(row, str):
            raise PositionError(f"block row {r} must be a string of cells, got {row!r}")
        cells = row.split()
        if grid and len(cells) != len(grid[0]):
            raise PositionError(f"block row {r} has {len(cells)} cells; row 0 has {len(grid[0])} (pad with '..')")
        out = []
        for c, cell in enumerate(cells):
            if cell == EMPTY:
                out.append(None)
                continue
            if len(cell) != 2 or cell[0] not in letters or not cell[1].isdigit() or int(cell[1]) not in faces:
                raise PositionError(
                    f"block row {r}, cell {c}: {cell!r} is not a die; write a colour letter "
                    f"({', '.join(letters)}) and a value ({', '.join(map(str, sorted(set(faces))))}), or '..'")
            out.append(cell)
        grid.append(out)
    if not grid[0]:
        raise PositionError("block row 0 has no cells")
    return Block(len(grid), len(grid[0]), tuple(d for row in grid for d in row))


@dataclass(frozen=True)
class Cut:
    """A legal cut: the ``cells`` it takes (a frozenset of ``(row, col)``) and their ``total``.

    ``seam`` (display only) says where a blade makes it: ``("col", k, "left", first, last)`` is
    the seam right of column ``k``, over rows ``first..last``, pushing the dice on its left out;
    ``("row", k, "up", first, last)`` the seam below row ``k``, over columns ``first..last``.
    """

    cells: frozenset
    total: int
    dice: tuple = field(compare=False, default=())
    seam: tuple = field(compare=False, default=())

    def sorted_cells(self) -> list[tuple[int, int]]:
        return sorted(self.cells)


def settle_cells(n: int, rows: int, cols: int, shape: str, rng) -> list[int]:
    """The cells (row-major indices) ``n`` restocked dice settle into, in the top-left corner: row by
    row (``"rows"``, the default) or a random staircase anchored in the corner (``"staircase"``: row
    lengths never grow downwards, so the block is one piece). ``rng`` is an engine ``Rng``.

    >>> settle_cells(9, 5, 7, "rows", None)
    [0, 1, 2, 3, 4, 5, 6, 7, 8]
    """
    if shape == "rows":
        return list(range(n))
    lengths = [0] * rows
    for _ in range(n):
        grow = [r for r in range(rows) if lengths[r] < cols and (r == 0 or lengths[r - 1] > lengths[r])]
        lengths[grow[rng.randbelow(len(grow))]] += 1
    return [r * cols + c for r in range(rows) for c in range(lengths[r])]


def cell_name(r: int, c: int) -> str:
    """Spreadsheet-style name of a cell: columns a, b, c, ...; rows 1, 2, 3, ... (``(0, 0)`` is ``a1``)."""
    return f"{chr(ord('a') + c)}{r + 1}"


def _connected(m: int, cols: int, not_first: int, not_last: int) -> bool:
    """Is the set of bits ``m`` one 4-connected piece? (a flood fill over the bits)"""
    f = m & -m
    while True:
        g = (f | ((f << 1) & not_first) | ((f >> 1) & not_last) | (f << cols) | (f >> cols)) & m
        if g == f:
            return f == m
        f = g


@lru_cache(maxsize=64)
def _geometry(R: int, C: int):
    """Cell indices per line for both orientations, and the masks the flood fill needs."""
    rows = tuple(tuple(r * C + c for c in range(C)) for r in range(R))
    cols = tuple(tuple(r * C + c for r in range(R)) for c in range(C))
    col0 = sum(1 << (r * C) for r in range(R))
    full = (1 << (R * C)) - 1
    return rows, cols, full & ~col0, full & ~(col0 << (C - 1))


def _lines(cells: tuple, lines: tuple):
    """For every seam and side: per line, the taken-side bits, their sum and whether the seam
    segment in that line lies between two dice (``joined``). Built from prefix masks and sums."""
    pm, ps, here = [], [], []      # per line: prefix masks, prefix sums, die present per position
    for line in lines:
        m = t = 0
        masks, sums, flags = [0], [0], []
        for i in line:
            d = cells[i]
            if d is not None:
                m |= 1 << i
                t += ord(d[1]) - 48
                flags.append(True)
            else:
                flags.append(False)
            masks.append(m)
            sums.append(t)
        pm.append(masks)
        ps.append(sums)
        here.append(flags)
    n_along = len(lines[0])
    out = []
    for s in range(n_along - 1):          # the seam between position s and s + 1
        joined = [h[s] and h[s + 1] for h in here]
        k = s + 1
        out.append((s, 0, [m[k] for m in pm], [t[k] for t in ps], joined))
        out.append((s, 1, [m[n_along] ^ m[k] for m in pm], [t[n_along] - t[k] for t in ps], joined))
    return out


def _legal_cuts(block: Block, middle: bool, limit: int = CUT_LIMIT) -> tuple[Cut, ...]:
    R, C = block.rows, block.cols
    cells = block.cells
    present = 0
    for i, d in enumerate(cells):
        if d is not None:
            present |= 1 << i
    if present == 0:
        return ()
    rows, cols, not_first, not_last = _geometry(R, C)
    found: dict[int, tuple] = {}
    bad: set[int] = set()
    for vertical, lines in ((True, rows), (False, cols)):
        n = len(lines)
        for s, side, masks, sums, joined in _lines(cells, lines):
            if middle:
                starts = [(a, 1) for a in range(n)]
            else:
                # From one end of the seam: runs start at any line up to the first joined segment
                # and go on; from the other end: runs end at any line from the last joined segment.
                first = last = -1
                for l in range(n):
                    if joined[l]:
                        if first < 0:
                            first = l
                        last = l
                if first < 0:
                    first, last = n - 1, 0
                starts = [(a, 1) for a in range(first + 1)] + [(b, -1) for b in range(n - 1, last - 1, -1)]
            for start, step in starts:
                m = t = 0
                l = start
                while 0 <= l < n:
                    t += sums[l]
                    if t > limit:
                        break
                    if masks[l]:
                        m |= masks[l]
                        if m not in found and m not in bad:
                            rest = present ^ m
                            if rest and _connected(m, C, not_first, not_last) and _connected(rest, C, not_first, not_last):
                                lo, hi = (start, l) if step == 1 else (l, start)
                                found[m] = (t, ("col" if vertical else "row", s,
                                                ("left", "right")[side] if vertical else ("up", "down")[side], lo, hi))
                            else:
                                bad.add(m)
                    l += step
    cuts = []
    for m, (t, seam) in found.items():
        idx = []
        x = m
        while x:
            low = x & -x
            idx.append(low.bit_length() - 1)
            x ^= low
        cuts.append((idx, Cut(frozenset(divmod(i, C) for i in idx), t, tuple(cells[i] for i in idx), seam)))
    cuts.sort(key=lambda pair: pair[0])
    return tuple(c for _, c in cuts)


@lru_cache(maxsize=4096)
def _cached(block: Block, middle: bool, limit: int) -> tuple[Cut, ...]:
    return _legal_cuts(block, middle, limit)


def legal_cuts(block, middle_entry: bool = False, limit: int = CUT_LIMIT) -> list[Cut]:
    """Every legal cut of ``block`` (notation or :class:`Block`), once per distinct set of dice taken,
    in the order of their sorted cells. ``middle_entry`` lets the blade enter mid-seam (a variant).

    >>> len(legal_cuts(["M2 M2", "M2 M2"]))      # any single die, or any side pair
    8
    >>> len(legal_cuts(["M2 M2", "M2 M2"], middle_entry=True))
    8
    """
    return list(_cached(parse_block(block), bool(middle_entry), limit))


def can_take_all(block, limit: int = CUT_LIMIT) -> bool:
    """May the whole block be taken without cutting? (it holds dice totalling ``limit`` or less)"""
    b = parse_block(block)
    return b.count > 0 and b.total <= limit


def cut_text(cut: Cut) -> str:
    """``"cut a1 b1 (M2 P3 = 5)"``: the cells taken and the dice, readable and unique."""
    cells = " ".join(cell_name(r, c) for r, c in sorted(cut.cells))
    return _("cut {cells} ({dice} = {total})").format(cells=cells, dice=" ".join(load_components().shown_letters(d) for d in cut.dice),
                                                    total=cut.total)


def seam_text(cut: Cut) -> str:
    """Where the blade goes, in words: ``"seam right of column a, rows 1-2, pushing left"``."""
    if not cut.seam:
        return ""
    kind, s, side, lo, hi = cut.seam
    if kind == "col":
        lines = f"row {lo + 1}" if lo == hi else f"rows {lo + 1}–{hi + 1}"
        return f"seam between columns {chr(97 + s)} and {chr(98 + s)}, {lines}, pushing {side}"
    lines = f"column {chr(97 + lo)}" if lo == hi else f"columns {chr(97 + lo)}–{chr(97 + hi)}"
    return f"seam between rows {s + 1} and {s + 2}, {lines}, pushing {side}"
