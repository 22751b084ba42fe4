"""How strong the search bot is: ismcts against random, against the best hand-written bot, and that
bot against random, seat-rotated, for every game whose ``determinize`` exists.

Each row is a seeded match at the game's default player count (``kitchenlab.analysis.seat_rotated_share``):
one seat plays the first bot, the others the second, and the first bot's seat goes round the table.
The figure is the first bot's win share (ties shared) with a 95 % Wilson interval, next to the fair
share 1/players. ismcts against random stops early once its interval lies wholly above or below the
fair share (in three batches); the other two matches play every game. The search settings per game
are each game's ``GameInfo.search_settings``; ``seconds per move`` is the search's mean (and longest)
time for one move, timed in one seeded game against the best bot, in this process alone.

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
GAMES = {"tem_purr_a": 90, "chefs": 40, "critter_kitchen": 40, "diced_veggies": 40}
HERE = Path(__file__).resolve().parent


def searchable(game: str) -> bool:
    try:
        kitchenlab.new_game(game).determinize(0, 1)
    except NotImplementedError:
        return False
    return True


def strength_rows(game: str, n: int, seed: int = 0) -> list[dict]:
    """The three matches of ``game`` (see the module text), one row each."""
    info = kitchenlab.game_info(game)
    players = info.default_players
    best = analysis.strongest_bot(game)
    search = analysis.search_bot(game)
    settings = analysis.search_settings_text(game)
    rows = []
    for hero, name, others, early in ((search, "ismcts", "random", True), (search, "ismcts", best, False),
                                      (best, best, "random", False)):
        start = time.perf_counter()
        r = analysis.seat_rotated_share(game, players, hero, others, n, seed, stop_when_clear=early)
        rows.append({"game": game, "title": info.title, "players": players, "bot": name, "against": others,
                     "games": r["games"], "share": r["share"], "low": r["low"], "high": r["high"],
                     "fair": r["fair"], "search": settings if name == "ismcts" else "",
                     "seconds": round(time.perf_counter() - start, 1)})
        print(f"  {name} against {others}: {r['share']:.0%} of {r['games']} games", flush=True)
    return rows


def seconds_per_move(game: str, seed: int = 0) -> tuple[float, float, int]:
    """The search's mean and longest seconds per move, and the moves timed: seat 0 of one seeded
    game against the best bot, every move with a choice."""
    from kitchenlab.engine import Rng

    info = kitchenlab.game_info(game)
    search, best = analysis.search_bot(game), info.bot(analysis.strongest_bot(game))
    state, rng, times = kitchenlab.new_game(game, seed=seed), Rng(seed), []
    while not state.is_over:
        if state.current_player == 0 and len(state.legal_actions()) > 1:
            start = time.perf_counter()
            move = search(state, rng)
            times.append(time.perf_counter() - start)
        else:
            move = best(state, rng)
        state = state.apply(move)
    return sum(times) / len(times), max(times), len(times)


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


def table(df):
    """The strength table for reading, with the search's seconds per move."""
    view = analysis.strength_view(df)
    view["seconds per move"] = [f"{m} (longest {x})" if m not in ("", None) and m == m else ""
                                for m, x in zip(df.get("move_seconds", [""] * len(df)),
                                                df.get("move_seconds_max", [""] * len(df)))]
    return view


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--games", type=int, help="games per match (default: per game)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", action="store_true", help="write benchmarks/strength.csv")
    ap.add_argument("--show", action="store_true", help="print the saved table and stop")
    args = ap.parse_args(argv)
    import pandas as pd

    if args.show:
        print(markdown(table(analysis.load_strength(HERE / "strength.csv"))))
        return 0

    rows = []
    print(f"Python {platform.python_version()} on {platform.machine()}, {default_workers()} worker processes")
    # Tem-Purr-A first: its search is the slowest to measure and the most telling
    games = args.game or sorted(kitchenlab.available_games(), key=lambda g: g != "tem_purr_a")
    for game in games:
        if not searchable(game):
            print(f"{game}: skipped (determinize is not implemented yet)")
            continue
        start = time.perf_counter()
        n = args.games or GAMES.get(game, 40)
        print(f"{game}:", flush=True)
        try:
            got = strength_rows(game, n=n, seed=args.seed)
            mean, longest, moves = seconds_per_move(game, seed=args.seed)
        except Exception as e:     # a game that stalls or fails is reported, the others still run
            print(f"{game}: not measured: {type(e).__name__}: {str(e).splitlines()[0][:200]}")
            continue
        for r in got:
            r["move_seconds"] = round(mean, 2) if r["bot"] == "ismcts" else ""
            r["move_seconds_max"] = round(longest, 2) if r["bot"] == "ismcts" else ""
        rows += got
        print(f"{game}: {time.perf_counter() - start:.0f} s; the search takes {mean:.2f} s a move "
              f"(longest {longest:.2f} s, {moves} moves)", flush=True)
        if args.save:     # after every game, so an interrupted run keeps what it measured
            save(pd.DataFrame(rows))
    df = pd.DataFrame(rows)
    print(markdown(table(df)))
    if args.save:
        save(df)
        print(f"saved {HERE / 'strength.csv'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
