"""Diced Veggies benchmarks: the cleaver and whole games.

* ``legal_cuts`` on a full 5 x 7 block (edge and middle entry), uncached: microseconds per block;
* random and greedy playouts per player count: games/s and steps/s (CPU time of this process);
* the greedy bot against random bots: its win share and score margin with 95 % intervals.

    python benchmarks/diced_veggies.py                # about a minute
    python benchmarks/diced_veggies.py --seconds 1 --games 60
"""

from __future__ import annotations

import argparse
import time

import kitchenlab
from kitchenlab import Rng
from kitchenlab.diced_veggies.analysis import greedy_margin, random_block
from kitchenlab.diced_veggies.cleaver import _legal_cuts


def time_legal_cuts(blocks: int = 2000, seed: int = 0) -> dict:
    rng = Rng(seed)
    sample = [random_block(rng, 35) for _ in range(blocks)]
    out = {}
    for middle in (False, True):
        cpu0 = time.process_time()
        cuts = sum(len(_legal_cuts(b, middle)) for b in sample)
        cpu = time.process_time() - cpu0
        out["middle" if middle else "edge"] = (1e6 * cpu / blocks, cuts / blocks)
    return out


def playouts(players: int, bot: str, seconds: float, seed: int = 0) -> dict:
    info = kitchenlab.game_info("diced_veggies")
    play = info.bot(bot)
    rng = Rng(seed)
    games = steps = 0
    cpu0, deadline = time.process_time(), time.perf_counter() + seconds
    while True:
        state = kitchenlab.new_game("diced_veggies", players=players, seed=seed + games)
        while not state.is_over:
            state = state.apply(play(state, rng))
            steps += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    cpu = time.process_time() - cpu0
    return {"games_per_s": games / cpu, "steps_per_s": steps / cpu, "steps_per_game": steps / games}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per playout row")
    ap.add_argument("--games", type=int, default=200, help="games for the greedy-vs-random margin")
    args = ap.parse_args()

    print("legal_cuts on a full 5 x 7 block (uncached, CPU time)")
    for name, (us, n) in time_legal_cuts().items():
        print(f"  {name:6} entry: {us:7.1f} µs per block, {n:5.1f} cuts per block")

    print("\nplayouts (CPU time)")
    print(f"  {'bot':7} {'players':>7} {'games/s':>9} {'steps/s':>9} {'steps/game':>11}")
    for bot in ("random", "greedy"):
        for players in kitchenlab.player_counts("diced_veggies"):
            r = playouts(players, bot, args.seconds)
            print(f"  {bot:7} {players:7d} {r['games_per_s']:9.1f} {r['steps_per_s']:9.0f} {r['steps_per_game']:11.1f}")

    print("\ngreedy (seat 1) against random bots")
    for players in (2, 3, 4):
        m = greedy_margin(args.games, players, seed=1, workers=1)
        lo, hi = m["interval"]
        mlo, mhi = m["margin interval"]
        print(f"  {players} players, {args.games} games: greedy wins {100 * m['greedy win share']:.1f} % "
              f"(95 % interval {100 * lo:.1f}–{100 * hi:.1f} %); scores {m['score margin']:+.1f} points over "
              f"the random seats' mean (95 % interval {mlo:+.1f} to {mhi:+.1f})")


if __name__ == "__main__":
    main()
