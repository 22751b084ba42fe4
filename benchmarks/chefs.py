"""Chefs: random and greedy playouts per player count, and the greedy bot's margin over random.

Rows use the same columns as ``benchmarks/playouts.py`` (game, players, games, steps/game, games/s,
steps/s; rates per second of CPU time). Every game is seeded, so each run plays the same games.
Then greedy plays seat 1 against random bots in the other seats on ``--games`` seeds per player
count; its win share is printed with a 95 % Wilson interval next to the 1/n a random bot would get.
With OpenSpiel installed, its ``python_tic_tac_toe`` random playouts are measured too, as the
yardstick.

    python benchmarks/chefs.py                    # 2 s per row, 200 games per margin
    python benchmarks/chefs.py --seconds 5 --games 500
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import kitchenlab
from kitchenlab import Rng
from kitchenlab.sim import bot_seed, play_game, win_share_interval

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from playouts import _line, openspiel_playouts  # noqa: E402


def bot_playouts(players: int, bot: str, seconds: float, seed: int = 0) -> dict:
    """Play seeded games with one bot in every seat for about ``seconds``."""
    info = kitchenlab.game_info("chefs")
    choose = info.bot(bot)
    games = steps = 0
    start, cpu0 = time.perf_counter(), time.process_time()
    while True:
        state = kitchenlab.new_game("chefs", players=players, seed=seed + games)
        rng = Rng(bot_seed(seed + games))
        while not state.is_over:
            state = state.apply(choose(state, rng))
            steps += 1
        games += 1
        if time.perf_counter() - start >= seconds:
            break
    elapsed = time.process_time() - cpu0
    return {"game": f"chefs ({bot})", "players": players, "games": games, "steps": steps, "seconds": elapsed,
            "games_per_s": games / elapsed, "steps_per_s": steps / elapsed, "unfinished": 0}


def margin(players: int, games: int, seed: int = 0) -> dict:
    """Greedy in seat 0 against random bots: its win share (ties shared) with a 95 % interval."""
    wins = 0.0
    for s in range(seed, seed + games):
        final = play_game("chefs", players, s, ["greedy"] + ["random"] * (players - 1))
        won = final.winners()
        wins += 1 / len(won) if 0 in won else 0.0
    low, high = win_share_interval(wins, games)
    return {"players": players, "games": games, "share": wins / games, "low": low, "high": high,
            "fair": 1 / players}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time per row (default 2)")
    ap.add_argument("--games", type=int, default=200, help="games per player count for the margin (default 200)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, kitchenlab {kitchenlab.__version__}; "
          f"{args.seconds:g} s per row; rates per second of CPU time")
    print(f"{'game':28} {'players':>7} {'games':>7} {'steps/game':>10} {'games/s':>10} {'steps/s':>11}")
    for bot in ("random", "greedy"):
        for players in kitchenlab.player_counts("chefs"):
            print(_line(bot_playouts(players, bot, args.seconds, args.seed)), flush=True)
    spiel = openspiel_playouts("python_tic_tac_toe", args.seconds, args.seed)
    if spiel:
        print(_line(spiel))
    else:
        print("OpenSpiel is not installed (pip install -e '.[bench]'): no python_tic_tac_toe yardstick.")

    print(f"\nGreedy (seat 1) against random bots, {args.games} seeded games per player count:")
    print(f"{'players':>7} {'greedy wins':>12} {'95 % interval':>17} {'random share':>13} {'margin':>8}")
    for players in kitchenlab.player_counts("chefs"):
        m = margin(players, args.games, args.seed)
        print(f"{players:>7} {m['share'] * 100:>11.1f}% {m['low'] * 100:>7.1f}% – {m['high'] * 100:5.1f}% "
              f"{m['fair'] * 100:>12.1f}% {(m['share'] - m['fair']) * 100:>+7.1f} pt", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
