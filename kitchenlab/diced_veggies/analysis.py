"""What-if experiments for Diced Veggies: cuts per block, restock shapes, the end sequence, player
counts, the first seat. Every function is seeded, so a notebook shows the same numbers every run.

>>> counts = cut_counts(20, seed=1)
>>> len(counts["edge entry"]), min(counts["middle entry"]) >= min(counts["edge entry"])
(20, True)
"""

from __future__ import annotations

from ..engine import Rng
from .cleaver import Block, legal_cuts, settle_cells
from .components import load_components


def random_block(rng: Rng, dice: int = 35, shape: str = "rows") -> Block:
    """A block as a restock makes it: ``dice`` dice of random colours (from the 35) and values,
    settled row by row (``"rows"``) or as a random staircase (``"staircase"``) in the corner."""
    comps = load_components()
    R, C = comps.count("block_rows"), comps.count("block_cols")
    bag = [c.letter for c in comps.colours for _ in range(c.dice)]
    rng.shuffle(bag)
    faces = comps.faces
    rolled = [f"{bag[i]}{faces[rng.randbelow(len(faces))]}" for i in range(dice)]
    cells = settle_cells(dice, R, C, shape, rng)
    out: list = [None] * (R * C)
    for i, cell in enumerate(cells):
        out[cell] = rolled[i]
    return Block(R, C, tuple(out))


def cut_counts(blocks: int = 500, seed: int = 0, dice: int = 35, shape: str = "rows") -> dict[str, list[int]]:
    """Legal cuts per block, edge entry against middle entry, over ``blocks`` random blocks."""
    rng = Rng(seed)
    edge, middle = [], []
    for _ in range(blocks):
        b = random_block(rng, dice, shape)
        edge.append(len(legal_cuts(b)))
        middle.append(len(legal_cuts(b, middle_entry=True)))
    return {"edge entry": edge, "middle entry": middle}


def shape_counts(blocks: int = 500, seed: int = 0, dice: int = 20) -> dict[str, list[int]]:
    """Legal cuts (edge entry) per restocked block of ``dice`` dice, row by row against staircase."""
    out = {}
    for shape in ("rows", "staircase"):
        rng = Rng(seed)
        out[f"{shape} ({dice} dice)"] = [len(legal_cuts(random_block(rng, dice, shape))) for _ in range(blocks)]
    return out


def mean(values) -> float:
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def seat_shares(df, players: int) -> list[dict]:
    """Win share per seat with its 95 % interval, as percentages (ties count as shares)."""
    from ..sim import win_share_interval

    rows = []
    n = len(df)
    for p in range(players):
        wins = float(df[f"win_{p}"].sum())
        lo, hi = win_share_interval(wins, n)
        rows.append({"seat": f"Player {p + 1}", "win share %": round(100 * wins / n, 1),
                     "95 % interval": f"{100 * lo:.1f}–{100 * hi:.1f} %", "mean score": round(float(df[f"score_{p}"].mean()), 1)})
    return rows


def greedy_margin(games: int = 100, players: int = 2, seed: int = 0, workers=1) -> dict:
    """Greedy in seat 1 against random bots: its win share with a 95 % interval and the score margin."""
    from ..sim import simulate, win_share_interval

    df = simulate("diced_veggies", n=games, players=players, seed=seed,
                  bots=["greedy"] + ["random"] * (players - 1), workers=workers)
    wins = float(df["win_0"].sum())
    lo, hi = win_share_interval(wins, games)
    others = sum(df[f"score_{p}"].mean() for p in range(1, players)) / (players - 1)
    diff = df["score_0"] - sum(df[f"score_{p}"] for p in range(1, players)) / (players - 1)
    sd = float(diff.std(ddof=1)) if games > 1 else 0.0
    half = 1.96 * sd / games ** 0.5
    m = float(df["score_0"].mean() - others)
    return {"games": games, "players": players, "greedy win share": wins / games, "interval": (lo, hi),
            "score margin": m, "margin interval": (m - half, m + half)}
