"""The cleaver's geometry: hand-checked blocks, and an independent brute force on random blocks.

The brute force reads the digest's model directly: a cut takes the dice of a rectangle of the grid
that touches the grid's border on the side the dice are pushed to (left, right, top or bottom), cut
free along the rectangle's inner seam; with edge entry the blade reaches the run from one end of
the seam without passing between two dice. It uses sets and a breadth-first search, not the bit
masks and pruned runs of the kit.
"""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kitchenlab import PositionError
from kitchenlab.diced_veggies.cleaver import (
    Block, can_take_all, cut_text, legal_cuts, parse_block, seam_text,
)


def pieces(cells: set) -> int:
    """Number of 4-connected pieces of a set of cells."""
    seen, count = set(), 0
    for start in cells:
        if start in seen:
            continue
        count += 1
        queue = deque([start])
        seen.add(start)
        while queue:
            r, c = queue.popleft()
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in cells and nb not in seen:
                    seen.add(nb)
                    queue.append(nb)
    return count


def brute_force(block: Block, middle: bool) -> dict[frozenset, int]:
    dice = {(r, c): int(d[1]) for (r, c), d in block.dice()}
    R, C = block.rows, block.cols

    def joined_col_seam(s, r):      # segment of the seam right of column s, in row r
        return (r, s) in dice and (r, s + 1) in dice

    def joined_row_seam(s, c):      # segment of the seam below row s, in column c
        return (s, c) in dice and (s + 1, c) in dice

    def entry_ok(joined, lo, hi, n):
        if middle:
            return True
        return all(not joined(l) for l in range(lo)) or all(not joined(l) for l in range(hi + 1, n))

    out = {}
    for a in range(R):
        for b in range(a, R):
            for c0 in range(C):
                for c1 in range(c0, C):
                    taken = frozenset(p for p in dice if a <= p[0] <= b and c0 <= p[1] <= c1)
                    if not taken:
                        continue
                    ways = []
                    if c0 == 0 and c1 < C - 1:      # pushed left, along the seam right of c1
                        ways.append(entry_ok(lambda r: joined_col_seam(c1, r), a, b, R))
                    if c1 == C - 1 and c0 > 0:      # pushed right, along the seam left of c0
                        ways.append(entry_ok(lambda r: joined_col_seam(c0 - 1, r), a, b, R))
                    if a == 0 and b < R - 1:        # pushed up, along the seam below b
                        ways.append(entry_ok(lambda c: joined_row_seam(b, c), c0, c1, C))
                    if b == R - 1 and a > 0:        # pushed down, along the seam above a
                        ways.append(entry_ok(lambda c: joined_row_seam(a - 1, c), c0, c1, C))
                    if not any(ways):
                        continue
                    total = sum(dice[p] for p in taken)
                    rest = set(dice) - taken
                    if total <= 10 and rest and pieces(set(taken)) == 1 and pieces(rest) == 1:
                        out[taken] = total
    return out


def kit(block, middle):
    cuts = legal_cuts(block, middle_entry=middle)
    sets = [c.cells for c in cuts]
    assert len(sets) == len(set(sets)), "a set of dice is listed twice"
    return {c.cells: c.total for c in cuts}


DIE = st.tuples(st.sampled_from("MPCTO"), st.sampled_from([2, 2, 2, 3, 4, 5, 6])).map(lambda t: f"{t[0]}{t[1]}")


@st.composite
def full_blocks(draw):
    return Block(5, 7, tuple(draw(st.lists(DIE, min_size=35, max_size=35))))


@st.composite
def irregular_blocks(draw):
    R = draw(st.integers(1, 5))
    C = draw(st.integers(1, 7))
    cells = draw(st.lists(st.one_of(DIE, st.none(), st.none()), min_size=R * C, max_size=R * C))
    return Block(R, C, tuple(cells))


@st.composite
def settled_blocks(draw):
    """Irregular blocks as a restock makes them: a staircase in the top-left corner of 5 x 7."""
    lengths = sorted(draw(st.lists(st.integers(0, 7), min_size=5, max_size=5)), reverse=True)
    cells = []
    for n in lengths:
        cells += [draw(DIE) for _ in range(n)] + [None] * (7 - n)
    return Block(5, 7, tuple(cells))


@settings(max_examples=200, deadline=None)
@given(full_blocks(), st.booleans())
def test_full_blocks_match_brute_force(block, middle):
    assert kit(block, middle) == brute_force(block, middle)


@settings(max_examples=300, deadline=None)
@given(irregular_blocks(), st.booleans())
def test_irregular_blocks_match_brute_force(block, middle):
    assert kit(block, middle) == brute_force(block, middle)


@settings(max_examples=200, deadline=None)
@given(settled_blocks(), st.booleans())
def test_settled_blocks_match_brute_force(block, middle):
    assert kit(block, middle) == brute_force(block, middle)


@settings(max_examples=100, deadline=None)
@given(irregular_blocks())
def test_middle_entry_only_adds_cuts(block):
    assert set(kit(block, False)) <= set(kit(block, True))


def test_a_two_by_two_block_of_twos():
    cuts = legal_cuts(["M2 M2", "M2 M2"])
    assert sorted(sorted(c.cells) for c in cuts) == [
        [(0, 0)], [(0, 0), (0, 1)], [(0, 0), (1, 0)], [(0, 1)], [(0, 1), (1, 1)],
        [(1, 0)], [(1, 0), (1, 1)], [(1, 1)]]
    assert {c.total for c in cuts} == {2, 4}


def test_total_above_ten_is_not_a_cut():
    # 6 + 5 = 11: the left column cannot be cut; each die alone can.
    cuts = {frozenset(c.cells) for c in legal_cuts(["M6 P2", "C5 T2"])}
    assert frozenset({(0, 0), (1, 0)}) not in cuts
    assert frozenset({(0, 0)}) in cuts and frozenset({(0, 1), (1, 1)}) in cuts


def test_the_rest_must_stay_in_one_piece():
    # Taking the middle die of a row of three would leave two pieces; corner contact is no contact.
    block = ["M2 M2 M2"]
    cells = {frozenset(c.cells) for c in legal_cuts(block, middle_entry=True)}
    assert frozenset({(0, 1)}) not in cells
    assert cells == {frozenset({(0, 0)}), frozenset({(0, 2)}), frozenset({(0, 0), (0, 1)}),
                     frozenset({(0, 1), (0, 2)})}
    # Taking b1 would leave a1 and b2 touching only at a corner: not one piece.
    diag = ["M2 M2", ".. M2"]
    cut_sets = {frozenset(c.cells) for c in legal_cuts(diag)}
    assert frozenset({(0, 1)}) not in cut_sets   # would leave (0,0) and (1,1) touching at a corner


def test_the_taken_dice_must_be_one_piece():
    # Rows 1-3 of column a hold dice at rows 1 and 3 only: pushing them together is not one piece.
    block = ["M2 M2", ".. M2", "M2 M2"]
    cut_sets = {frozenset(c.cells) for c in legal_cuts(block, middle_entry=True)}
    assert frozenset({(0, 0), (2, 0)}) not in cut_sets


def test_edge_entry_against_middle_entry_on_one_block():
    block = ["M2 M2 M2", "M2 M2 M2", "M2 M2 M2"]
    edge = {frozenset(c.cells) for c in legal_cuts(block)}
    middle = {frozenset(c.cells) for c in legal_cuts(block, middle_entry=True)}
    # The middle die of the left column needs the blade to enter mid-seam.
    assert frozenset({(1, 0)}) not in edge and frozenset({(1, 0)}) in middle
    # edge: 4 corners, 8 corner pairs, 4 end strips, 4 corner squares; middle entry adds the 4
    # middle dice of the sides and the 4 pairs reaching in from them
    assert len(edge) == 20 and len(middle) == 28


def test_whole_block_is_its_own_action():
    assert can_take_all(["M2 P3", "C5 .."]) and not can_take_all(["M6 P3", "C5 .."])
    assert all(len(c.cells) < 3 for c in legal_cuts(["M2 P3", "C5 .."]))
    assert legal_cuts(["M2"]) == [] and legal_cuts([".. .."]) == []


def test_cut_texts_are_readable():
    cut = legal_cuts(["M2 P3 C6", "T5 O2 M4"])[1]
    assert cut_text(cut) == "cut a1 b1 (M2 P3 = 5)"
    assert "pushing" in seam_text(cut)


@pytest.mark.parametrize("bad,words", [
    (["M2 P3", "C4"], "row 1 has 1 cells"),
    (["M7 P3"], "'M7' is not a die"),
    (["X2"], "'X2'"),
    ([], "list of row strings"),
])
def test_bad_notation_names_the_cell(bad, words):
    with pytest.raises(PositionError) as err:
        parse_block(bad)
    assert words in str(err.value)


def test_notation_round_trips():
    rows = ["M2 P3 ..", "T5 .. O2"]
    assert parse_block(rows).text() == rows
