"""How strong the search bot is: ismcts against random, against the best hand-written bot, and that
bot against random, seat-rotated, for every game whose ``determinize`` exists.

Each row is a seeded match at the game's default player count (``kitchenlab.analysis.strength_rows``):
one seat plays the first bot, the others the second, and the first bot's seat goes round the table.
The figure is the first bot's win share (ties shared) with a 95 % Wilson interval, next to the fair
share 1/players. The search settings per game are ``kitchenlab.search.GAME_SETTINGS``.

    python benchmarks/strength.py                       # every game, the default number of games
    python benchmarks/strength.py --game tem_purr_a --games 90
    python benchmarks/strength.py --save                # also write benchmarks/strength.csv

``--save`` writes the table that ``notebooks/profiles.ipynb`` shows.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

import kitchenlab
from kitchenlab import analysis
from kitchenlab.sim import default_workers

#: Games per match by default (the search is slow in the long games).
GAMES = {"tem_purr_a": 60, "chefs": 24, "critter_kitchen": 12, "diced_veggies": 24}
HERE = Path(__file__).resolve().parent


def searchable(game: str) -> bool:
    try:
        kitchenlab.new_game(game).determinize(0, 1)
    except NotImplementedError:
        return False
    return True


def save(df) -> None:
    """Write the table; rows of games not measured in this run are kept from the saved table."""
    import pandas as pd

    path = HERE / "strength.csv"
    if path.exists():
        old = pd.read_csv(path, keep_default_na=False)
        old = old[~old["game"].isin(set(df["game"]))]
        order = list(dict.fromkeys(list(old["game"]) + list(df["game"])))
        df = pd.concat([old, df], ignore_index=True)
        df = df.iloc[sorted(range(len(df)), key=lambda i: order.index(df["game"].iloc[i]))]
    df.to_csv(path, index=False)


def markdown(df) -> str:
    """A DataFrame as a Markdown table."""
    lines = ["| " + " | ".join(map(str, df.columns)) + " |", "|" + "---|" * len(df.columns)]
    lines += ["| " + " | ".join(map(str, row)) + " |" for row in df.itertuples(index=False)]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--games", type=int, help="games per match (default: per game)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", action="store_true", help="write benchmarks/strength.csv")
    args = ap.parse_args(argv)
    import pandas as pd

    rows = []
    print(f"Python {platform.python_version()} on {platform.machine()}, {default_workers()} worker processes")
    # Tem-Purr-A first: its search is the slowest to measure and the most telling
    games = args.game or sorted(kitchenlab.available_games(), key=lambda g: g != "tem_purr_a")
    for game in games:
        if not searchable(game):
            print(f"{game}: skipped (determinize is not implemented yet)")
            continue
        start = time.perf_counter()
        n = args.games or GAMES.get(game, 24)
        try:
            got = analysis.strength_rows(game, n=n, seed=args.seed)
        except Exception as e:     # a game that stalls or fails is reported, the others still run
            print(f"{game}: not measured: {type(e).__name__}: {str(e).splitlines()[0][:200]}")
            continue
        seconds = time.perf_counter() - start
        for r in got:
            r["seconds"] = round(seconds / len(got), 1)
        rows += got
        print(f"{game}: {seconds:.0f} s", flush=True)
        if args.save:     # after every game, so an interrupted run keeps what it measured
            save(pd.DataFrame(rows))
    df = pd.DataFrame(rows)
    view = analysis.strength_view(df)
    print(markdown(view))
    if args.save:
        save(df)
        print(f"saved {HERE / 'strength.csv'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
