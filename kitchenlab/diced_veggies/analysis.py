"""What-if experiments for Diced Veggies: cuts per block, restock shapes, the end sequence, player
counts, the first seat, the seed's rules against their variants. Every function is seeded, so a
notebook shows the same numbers every run.

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


def end_row(final, seed: int, start=None) -> dict:
    """The columns of :func:`kitchenlab.sim.game_row`, plus who triggered the end (``trigger``, or
    ``None``), that player's share of the win (``trigger_win``) and how many times a player took the
    whole block (``whole_takes``)."""
    from ..sim import game_row

    row = game_row(final, seed, start)
    t = final.trigger
    row["trigger"] = t
    row["trigger_win"] = row[f"win_{t}"] if t is not None else 0.0
    row["whole_takes"] = sum(1 for e in final.events if e.kind == "cut" and e.data.get("whole"))
    return row


def rule_effect(option: str, values, games: int = 100, players: int = 2, seed: int = 0, bots="greedy",
                workers=1) -> list[dict]:
    """Each value of ``option`` on the same seeded games, one row per value: mean score per player,
    Player 1's and the trigger player's win shares (%), whole-block takes per game, and in how many
    games the winners differ from those under ``values[0]`` (the same seeds, the same bots)."""
    from ..sim import compare

    values = list(values)
    df = compare("diced_veggies", {v: {option: v} for v in values}, n=games, players=players, seed=seed,
                 bots=bots, workers=workers, row=end_row)
    base = dict(zip(df[df["variant"] == values[0]]["seed"], df[df["variant"] == values[0]]["winners"]))
    rows = []
    for v in values:
        part = df[df["variant"] == v]
        differ = sum(1 for s, w in zip(part["seed"], part["winners"]) if base[s] != w)
        rows.append({option: v, "games": len(part),
                     "mean score": round(sum(float(part[f"score_{p}"].mean()) for p in range(players)) / players, 1),
                     "Player 1 win share %": round(100 * float(part["win_0"].mean()), 1),
                     "trigger player's win share %": round(100 * float(part["trigger_win"].mean()), 1),
                     "whole-block takes per game": round(float(part["whole_takes"].mean()), 2),
                     f"winners differ from {values[0]}": differ})
    return rows


def far_chef_numbers(final) -> int:
    """How many times a game's chef token changed a die's number by more than one (what the
    ``chef_number`` option governs: the ±1 variant forbids it)."""
    return sum(1 for e in final.events
               if e.kind == "chef" and abs(int(e.data["old"][1]) - int(e.data["new"][1])) > 1)
