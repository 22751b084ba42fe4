"""Memory of a long run in one process: RSS after 1k, 10k and 50k seeded games of each game.

Each game runs in a new process of its own (so one game's caches do not count for another), playing
seeds 0, 1, 2, ... with ``kitchenlab.sim.simulate`` (random bots, the game's default player count,
``workers=1``) in batches of at most 1,000 games whose tables are dropped. After each checkpoint it
prints the resident set size (RSS, from /proc; the peak from ``getrusage``) and the CPU seconds so far.
A run whose RSS stops growing after the first thousand games keeps its memory bounded.

    python benchmarks/memory.py                                   # 1k, 10k, 50k games of every game
    python benchmarks/memory.py --games 1000,5000 --game diced_veggies
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import subprocess
import sys
import time

import kitchenlab

BATCH = 1_000


def rss_mb() -> float:
    """The resident set size of this process now, in MB (the peak where /proc is missing)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return peak_mb()


def peak_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def run_one(game: str, checkpoints: list[int]) -> None:
    """Play ``game`` up to each checkpoint in this process; one JSON line per checkpoint."""
    from kitchenlab.sim import simulate

    players = kitchenlab.game_info(game).default_players
    done = 0
    cpu0 = time.process_time()
    print(json.dumps({"games": 0, "rss": rss_mb(), "peak": peak_mb(), "cpu": 0.0}), flush=True)
    for target in checkpoints:
        while done < target:
            n = min(BATCH, target - done)
            simulate(game, n=n, players=players, seed=done, workers=1)
            done += n
        print(json.dumps({"games": done, "rss": rss_mb(), "peak": peak_mb(),
                          "cpu": time.process_time() - cpu0}), flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", default="1000,10000,50000",
                   help="checkpoints, games played so far, comma-separated (default 1000,10000,50000)")
    p.add_argument("--game", action="append", help="a game to measure; repeat for several (default: all)")
    p.add_argument("--one", help=argparse.SUPPRESS)   # the child process: measure this game only
    args = p.parse_args(argv)
    try:
        checkpoints = sorted({int(x) for x in args.games.split(",") if x.strip()})
    except ValueError:
        p.error(f"--games takes whole numbers separated by commas, got {args.games!r}")
    if not checkpoints or checkpoints[0] < 1:
        p.error("--games needs at least one checkpoint, each 1 or more")
    if args.one:
        run_one(args.one, checkpoints)
        return 0
    games = args.game or kitchenlab.available_games()
    print(f"Python {platform.python_version()} on {platform.machine()}; random bots, default player count; "
          f"RSS and peak in MB, CPU seconds so far")
    print(f"{'game':16} {'players':>7} {'games':>7} {'RSS':>7} {'peak':>7} {'CPU s':>8}")
    for game in games:
        players = kitchenlab.game_info(game).default_players
        child = subprocess.Popen([sys.executable, __file__, "--one", game, "--games", args.games],
                                 stdout=subprocess.PIPE, text=True)
        for line in child.stdout:
            row = json.loads(line)
            print(f"{game:16} {players:>7} {row['games']:>7,} {row['rss']:>7.0f} {row['peak']:>7.0f} "
                  f"{row['cpu']:>8.1f}", flush=True)
        if child.wait() != 0:
            print(f"{game}: the measuring process failed (exit {child.returncode})", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
