"""Random playouts per second for every playable game and player count.

Each playout starts a seeded game and, until it ends, picks uniformly among the legal actions with a
seeded :class:`kitchenlab.Rng`, so every run plays the same games. Prints games/s and steps/s (one step
= one ``apply``). With OpenSpiel installed (``pip install -e '.[bench]'``), the same loop runs over
OpenSpiel's C++ ``tic_tac_toe`` and its pure-Python ``python_tic_tac_toe``, and every game's
figures are shown as ratios to them: to ``python_tic_tac_toe`` measured right after each row (half
as long), and to both measured once at the end. OpenSpiel's loop changes one state in place
(``apply_action``); the end also measures ``python_tic_tac_toe`` making a new state at each step
(``child``), as ``apply`` does. With ``--rollout`` the kit's games are played by
``GameState.rollout`` (one private state stepped in place, the same games) instead of ``apply``.

Each row first plays a few untimed games (``WARMUP``), so what a game builds once on first use
(tables, caches) is not charged to whichever row comes first. Rates are per second of this
process's CPU time (``time.process_time``), so other work on the machine disturbs them less than
it would wall-clock rates; each row runs for about ``--seconds`` of wall-clock time.

    python benchmarks/playouts.py                 # 2 seconds per game and player count
    python benchmarks/playouts.py --seconds 5 --game tem_purr_a
    python benchmarks/playouts.py --rollout --game critter_kitchen
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import kitchenlab
from kitchenlab import Rng


WARMUP = 3          # untimed games before each row: tables a game builds on first use are not counted


def random_game(game: str, players: int, game_seed: int, rng: Rng, max_steps: int = 100_000,
                in_place: bool = False):
    """One seeded game in which every action is drawn from the legal ones with ``rng``: the final
    state and the number of steps. ``in_place``: the same game played by ``GameState.rollout``,
    which steps one private copy in place instead of making a new state with each ``apply``."""
    state = kitchenlab.new_game(game, players=players, seed=game_seed)
    if in_place:
        state = state.rollout(rng, max_steps)
        return state, state.steps
    n = 0
    while not state.is_over and n < max_steps:
        actions = state.legal_actions()
        state = state.apply(actions[rng.randbelow(len(actions))])
        n += 1
    return state, n


def spiel_game(game, rng: Rng, copy: bool = False) -> int:
    """The same loop over a loaded OpenSpiel game, to its end: the number of steps. Each step
    changes the one state in place (``apply_action``), or with ``copy`` makes a new one
    (``child``), as the kit's ``apply`` does."""
    state, n = game.new_initial_state(), 0
    while not state.is_terminal():
        actions = state.legal_actions()
        if copy:
            state = state.child(actions[rng.randbelow(len(actions))])
        else:
            state.apply_action(actions[rng.randbelow(len(actions))])
        n += 1
    return n


def _timed(play, seconds: float) -> tuple[int, int, int, float]:
    """Call ``play(k)`` for k = 0, 1, ... (each plays one game: its steps and whether it finished)
    for about ``seconds`` of wall-clock time: games, steps, unfinished games, CPU seconds."""
    games = steps = unfinished = 0
    deadline, cpu0 = time.perf_counter() + seconds, time.process_time()
    while True:
        n, finished = play(games)
        unfinished += not finished
        games += 1
        steps += n
        if time.perf_counter() >= deadline:
            break
    return games, steps, unfinished, time.process_time() - cpu0


def _row(game: str, players: int, games: int, steps: int, unfinished: int, elapsed: float) -> dict:
    return {"game": game, "players": players, "games": games, "steps": steps, "seconds": elapsed,
            "games_per_s": games / elapsed, "steps_per_s": steps / elapsed, "unfinished": unfinished}


def playouts(game: str, players: int, seconds: float, seed: int = 0, max_steps: int = 100_000,
             in_place: bool = False) -> dict:
    """Play seeded random games for about ``seconds`` (after ``WARMUP`` untimed ones); count games
    and steps (``in_place``: see :func:`random_game`)."""
    for w in range(WARMUP):
        random_game(game, players, seed + 100_000 + w, Rng(seed + 100_000 + w), max_steps, in_place)
    rng = Rng(seed)

    def play(k: int) -> tuple[int, bool]:
        state, n = random_game(game, players, seed + k, rng, max_steps, in_place)
        return n, state.is_over

    return _row(game + (" (rollout)" if in_place else ""), players, *_timed(play, seconds))


def openspiel_playouts(name: str, seconds: float, seed: int = 0, copy: bool = False) -> dict | None:
    """The same loop over an OpenSpiel game (None when OpenSpiel is not installed; ``copy``: see
    :func:`spiel_game`)."""
    try:
        import pyspiel
        import open_spiel.python.games  # noqa: F401  (registers the python_* games)
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    for w in range(WARMUP):
        spiel_game(game, Rng(seed + 100_000 + w), copy)
    rng = Rng(seed)
    return _row(f"openspiel:{name}" + (" (child)" if copy else ""), game.num_players(),
                *_timed(lambda k: (spiel_game(game, rng, copy), True), seconds))


HEADER = f"{'game':36} {'players':>7} {'games':>7} {'steps/game':>10} {'games/s':>10} {'steps/s':>11}"


def _line(r: dict) -> str:
    extra = f"  ({r['unfinished']} cut off)" if r["unfinished"] else ""
    return (f"{r['game']:36} {r['players']:>7} {r['games']:>7} {r['steps'] / max(r['games'], 1):>10.1f} "
            f"{r['games_per_s']:>10.1f} {r['steps_per_s']:>11.0f}{extra}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time per game and player count (default 2)")
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rollout", action="store_true",
                    help="play the kit's games with GameState.rollout (one state stepped in place) instead of apply")
    args = ap.parse_args(argv)

    games = args.game or list(kitchenlab.available_games())
    print(f"Python {platform.python_version()} on {platform.machine()}, kitchenlab {kitchenlab.__version__}; "
          f"{args.seconds:g} s per row; rates per second of CPU time")
    print(HEADER)
    results = []
    for game in games:
        for players in kitchenlab.player_counts(game):
            r = playouts(game, players, args.seconds, seed=args.seed, in_place=args.rollout)
            # python_tic_tac_toe measured right after each row: on a machine shared with other
            # work, the load then is the row's own, so this ratio drifts far less with the load
            near = openspiel_playouts("python_tic_tac_toe", args.seconds / 2, args.seed)
            r["near"] = near["steps_per_s"] if near else None
            results.append(r)
            print(_line(r) + (f"   {r['steps_per_s'] / r['near']:.2f} x python_tic_tac_toe next to it"
                              if near else ""), flush=True)

    spiel = [r for r in (openspiel_playouts(n, args.seconds, args.seed, copy)
                         for n, copy in (("tic_tac_toe", False), ("python_tic_tac_toe", False),
                                         ("python_tic_tac_toe", True))) if r]
    if not spiel:
        print("\nOpenSpiel is not installed (pip install -e '.[bench]'): no comparison.")
        return 0
    print()
    for r in spiel:
        print(_line(r), flush=True)
    print("\nsteps/s as a multiple of OpenSpiel's (measured once, here at the end):")
    for r in results:
        ratios = ", ".join(f"{s['game'].split(':')[1]} {r['steps_per_s'] / s['steps_per_s']:.3f}" for s in spiel)
        print(f"  {r['game']:26} {r['players']} players: {ratios}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
