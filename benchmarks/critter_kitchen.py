"""Critter Kitchen: random playouts per player count, and a greedy game's time against a random one's.

The playout rows use the columns of ``benchmarks/playouts.py`` (rates per second of CPU time), with
OpenSpiel's ``python_tic_tac_toe`` as the yardstick when OpenSpiel is installed, measured once
and then in turns with the 3-player playouts (the steadier figure on a busy machine). The turns
are taken three ways: the kit's ``apply`` (a new state each step) against OpenSpiel's
``apply_action`` (one state changed in place); ``GameState.rollout`` (one private state stepped in
place) against ``apply_action``; and ``apply`` against ``child`` (a new state each step).

Then ``--games`` seeded 3-player games are played with the random bots and with the greedy bots in
every seat (the same seeds, the two bots' games in turns, after a few untimed ones), and the CPU
time per game of each is printed with their ratio: in a new process, and in this one after the
playout rows; then again in new processes for ``--sets`` sets of seeds (``seed``, ``seed + 1000``,
...), since one set's ratio can hang on a few hard questions. Then each written-out fast path of the
rules and the bot is timed against the plain definition it is tested against
(:mod:`kitchenlab.critter_kitchen.reference`): one is kept only where it buys at least 1.5 x. Last,
the exact challenge-plan search
the greedy bot runs (``scoring.best_challenge_plan``) is timed on every distinct question those
greedy games asked it (its caches emptied first), by number of challenges.

    python benchmarks/critter_kitchen.py                 # 2 s per row, 40 games per bot
    python benchmarks/critter_kitchen.py --seconds 3 --games 60
    python benchmarks/critter_kitchen.py --sets 10      # the ratio over ten sets of seeds
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import sys
import time

import kitchenlab
from kitchenlab.sim import play_game

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from playouts import HEADER, _line, openspiel_playouts, playouts, random_game, spiel_game  # noqa: E402


def interleaved_ratio(players: int, seconds: float, seed: int = 0, chunk: float = 0.25,
                      in_place: bool = False, copy: bool = False) -> dict | None:
    """Random playouts of Critter Kitchen and of OpenSpiel's ``python_tic_tac_toe`` in turns of
    ``chunk`` seconds each, for about ``seconds`` in all (None without OpenSpiel). On a machine
    whose speed drifts, each pair of turns meets the same load, so the ratio of the two rates
    moves far less than when each is measured once. Returns both rates (steps per second of CPU),
    their ratio over all turns, and the quartiles of the ratio per pair of turns. ``in_place``:
    Critter Kitchen's games played by ``GameState.rollout``; ``copy``: tic-tac-toe's steps make a
    new state (``child``) instead of changing one (``apply_action``)."""
    try:
        import pyspiel
        import open_spiel.python.games  # noqa: F401  (registers the python_* games)
    except ImportError:
        return None
    spiel = pyspiel.load_game("python_tic_tac_toe")

    def ck(game_seed: int, rng: kitchenlab.Rng) -> int:
        return random_game("critter_kitchen", players, game_seed, rng, in_place=in_place)[1]

    def ttt(game_seed: int, rng: kitchenlab.Rng) -> int:
        return spiel_game(spiel, rng, copy)

    for w in range(3):                      # untimed: what each builds on first use
        ck(seed + 100_000 + w, kitchenlab.Rng(w))
        ttt(w, kitchenlab.Rng(w))
    totals = {ck: [0, 0.0], ttt: [0, 0.0]}
    seeds = {ck: seed, ttt: seed}
    rngs = {ck: kitchenlab.Rng(seed), ttt: kitchenlab.Rng(seed)}
    ratios = []
    for turn in range(max(2, round(seconds / (2 * chunk)))):
        rate = {}
        for play in (ck, ttt) if turn % 2 == 0 else (ttt, ck):
            cpu0, wall0, steps = time.process_time(), time.perf_counter(), 0
            while time.perf_counter() - wall0 < chunk:
                steps += play(seeds[play], rngs[play])
                seeds[play] += 1
            spent = time.process_time() - cpu0
            totals[play][0] += steps
            totals[play][1] += spent
            rate[play] = steps / spent
        ratios.append(rate[ck] / rate[ttt])
    ratios.sort()
    ck_rate, ttt_rate = (totals[f][0] / totals[f][1] for f in (ck, ttt))
    return {"ck": ck_rate, "ttt": ttt_rate, "ratio": ck_rate / ttt_rate,
            "q1": ratios[len(ratios) // 4], "q3": ratios[(3 * len(ratios)) // 4], "pairs": len(ratios)}


def per_game_pair(bots: tuple[str, str], games: int, players: int = 3, seed: int = 0) -> tuple[float, float]:
    """CPU seconds per seeded game for each of two bots, their games taken in turns (the same seed
    for both, one after the other), so a change in the machine's speed during the run falls on
    both alike."""
    spent = [0.0, 0.0]
    for s in range(seed, seed + games):
        for k, bot in enumerate(bots):
            cpu0 = time.process_time()
            play_game("critter_kitchen", players, s, bot)
            spent[k] += time.process_time() - cpu0
    return spent[0] / games, spent[1] / games


def warm_pair(games: int, seed: int) -> tuple[float, float]:
    """:func:`per_game_pair` of the random and greedy bots after a few untimed games (tables built
    on first use), in this process."""
    per_game_pair(("random", "greedy"), 3, seed=seed + 100_000)
    return per_game_pair(("random", "greedy"), games, seed=seed)


def pair_in_new_process(games: int, seed: int) -> tuple[float, float]:
    """:func:`warm_pair` in a new Python process: what a notebook that plays greedy games sees,
    not a process whose caches thousands of random playouts have filled first (they make random
    games faster)."""
    code = (f"import sys; sys.path.insert(0, {__file__.rsplit('/', 1)[0]!r}); "
            f"from critter_kitchen import warm_pair; print(*warm_pair({games}, {seed}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    random_t, greedy_t = map(float, out.split())
    return random_t, greedy_t


def plan_questions(games: int, players: int = 3, seed: int = 0) -> list[tuple]:
    """Every distinct (pool, challenges) the greedy bot's challenge moves look at in the seeded games:
    the seat's storage with its meals in progress, and the day's challenges it has not served."""
    from kitchenlab.critter_kitchen.actions import Phase
    from kitchenlab.critter_kitchen.greedy import GreedyBot
    from kitchenlab.critter_kitchen.greedy.meals import plan_question
    from kitchenlab.sim import bot_seed

    bot = kitchenlab.game_info("critter_kitchen").bot("greedy")
    seen: dict = {}
    for s in range(seed, seed + games):
        state = kitchenlab.new_game("critter_kitchen", players=players, seed=s)
        rng = kitchenlab.Rng(bot_seed(s))
        while not state.is_over:
            if state.phase is Phase.CHALLENGE:
                _, pool, reqs, _ = plan_question(GreedyBot.for_config(state.cfg), state, state.turn)
                seen.setdefault((pool, reqs, tuple(state.cfg.thresholds)), None)
            state = state.apply(bot(state, rng))
    return list(seen)


def time_plans(questions: list[tuple]) -> dict[int, list[float]]:
    """CPU seconds of each question, by number of challenges (the search's caches emptied first)."""
    from kitchenlab.critter_kitchen import challenge_plans, scoring

    challenge_plans._PLANS.clear()
    out: dict[int, list[float]] = {}
    for pool, reqs, thresholds in questions:
        cpu0 = time.process_time()
        scoring.best_challenge_plan(list(pool), list(reqs), thresholds)
        out.setdefault(len(reqs), []).append(time.process_time() - cpu0)
    return out


def _best_cpu(fn, calls: list, repeats: int = 3) -> float:
    """The best of ``repeats`` CPU times of ``fn(*args)`` over every ``args`` in ``calls``, per call."""
    best = None
    for _ in range(repeats):
        cpu0 = time.process_time()
        for args in calls:
            fn(*args)
        t = time.process_time() - cpu0
        best = t if best is None else min(best, t)
    return best / max(1, len(calls))


def fast_path_rows(games: int = 6, seed: int = 0) -> list[tuple[str, float, float]]:
    """Each written-out fast path of the rules and the greedy bot against the plain definition it is
    tested against (:mod:`kitchenlab.critter_kitchen.reference`, or the exact optimiser), on the
    states of ``games`` seeded 3-player greedy games: (what, fast s per call, plain s per call).
    A fast path is kept only where it buys at least 1.5 x."""
    from kitchenlab.critter_kitchen import reference, scoring
    from kitchenlab.critter_kitchen.actions import Phase
    from kitchenlab.critter_kitchen.greedy import GreedyBot, plan
    from kitchenlab.critter_kitchen.phases import meals
    from kitchenlab.sim import bot_seed

    bot = kitchenlab.game_info("critter_kitchen").bot("greedy")
    challenge, placements, stars = [], [], []
    for s in range(seed, seed + games):
        state = kitchenlab.new_game("critter_kitchen", players=3, seed=s)
        rng = kitchenlab.Rng(bot_seed(s))
        while not state.is_over:
            if state.phase is Phase.CHALLENGE:
                challenge.append((state,))
                th = state.cfg.sorted_thresholds
                for _, reqs in state.day_challenges():
                    stars.append((state.storage[state.turn], reqs, th))
            elif state.phase is Phase.PLAN:
                seat = state.turn
                _, vals = plan._location_values(GreedyBot.for_config(state.cfg), state, seat)
                chefs = [c for c in state._chefs_of(seat) if c not in state.plans[seat]]
                free = [i for i in range(len(state.cfg.locs)) if i not in set(state.plans[seat].values())]
                placements.append((free, [[sum(v[:state.cfg.capacity(c)]) for v in vals] for c in chefs]))
            state = state.apply(bot(state, rng))
    return [
        ("challenge moves (legal_challenge)", _best_cpu(meals.legal_challenge, challenge),
         _best_cpu(reference.legal_challenge, challenge)),
        ("best meal's stars (_best_meal_stars)", _best_cpu(meals._best_meal_stars, stars),
         _best_cpu(lambda st, r, th: scoring.best_challenge_meal(st, list(r), th), stars)),
        ("chefs' placement (_best_placement)", _best_cpu(plan._best_placement, placements),
         _best_cpu(reference.best_placement, placements)),
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time per playout row (default 2)")
    ap.add_argument("--games", type=int, default=40, help="3-player games per bot for the greedy/random ratio")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--sets", type=int, default=6,
                    help="sets of --games seeds (seed, seed + 1000, ...) for the greedy/random ratio in new "
                         "processes (default 6): one set can mislead, as a hard question or two weigh on it")
    args = ap.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, kitchenlab {kitchenlab.__version__}; "
          f"{args.seconds:g} s per row; rates per second of CPU time")
    print(HEADER)
    rows = []
    for players in kitchenlab.player_counts("critter_kitchen"):
        rows.append(playouts("critter_kitchen", players, args.seconds, seed=args.seed))
        print(_line(rows[-1]), flush=True)
    spiel = openspiel_playouts("python_tic_tac_toe", args.seconds, args.seed)
    if spiel:
        print(_line(spiel))
        for r in rows:
            print(f"  {r['players']} players: {r['steps_per_s'] / spiel['steps_per_s']:.2f} x python_tic_tac_toe")
        print("\n3 players and python_tic_tac_toe in turns of 0.25 s:")
        for label, in_place, copy in (("apply against apply_action", False, False),
                                      ("rollout against apply_action (both in place)", True, False),
                                      ("apply against child (both a new state a step)", False, True)):
            both = interleaved_ratio(3, 4 * args.seconds, args.seed, in_place=in_place, copy=copy)
            print(f"  {label:47} {both['ck']:.0f} against {both['ttt']:.0f} steps/s, {both['ratio']:.2f} x "
                  f"(per pair: quartiles {both['q1']:.2f} to {both['q3']:.2f}; {both['pairs']} pairs)", flush=True)
    print(f"\n{args.games} seeded 3-player games, CPU time per game:")
    for where, (random_t, greedy_t) in (("in a new process", pair_in_new_process(args.games, args.seed)),
                                        ("here, after the rows above", warm_pair(args.games, args.seed))):
        print(f"  {where:27} random {random_t * 1000:.1f} ms, greedy {greedy_t * 1000:.1f} ms, "
              f"greedy / random {greedy_t / random_t:.2f}")
    if args.sets > 1:
        print(f"\n{args.games} seeded 3-player games in a new process, per set of seeds:")
        both = [0.0, 0.0]
        stride = max(1000, args.games)          # sets of seeds that do not overlap
        for k in range(args.sets):
            first = args.seed + stride * k
            random_t, greedy_t = pair_in_new_process(args.games, first)
            both[0] += random_t
            both[1] += greedy_t
            label = f"seeds {first}-{first + args.games - 1}"
            print(f"  {label:27} random {random_t * 1000:.1f} ms, "
                  f"greedy {greedy_t * 1000:.1f} ms, greedy / random {greedy_t / random_t:.2f}", flush=True)
        print(f"  all {args.sets} sets: greedy / random {both[1] / both[0]:.2f}")
    print("\nwritten-out fast paths against their plain definitions (CPU per call, best of 3):")
    for what, fast, plain in fast_path_rows(seed=args.seed):
        print(f"  {what:38} {fast * 1e6:8.1f} us against {plain * 1e6:8.1f} us: {plain / fast:5.1f} x")
    by_n = time_plans(plan_questions(args.games, seed=args.seed))
    total = sum(sum(v) for v in by_n.values())
    print(f"\nthe greedy bot's challenge plans in those games: {sum(map(len, by_n.values()))} questions, "
          f"{total * 1000:.0f} ms of CPU in all")
    for n, times in sorted(by_n.items()):
        print(f"  {n} challenge(s): {len(times):4d} plans, mean {sum(times) / len(times) * 1000:.2f} ms, "
              f"worst {max(times) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
