"""Batch simulation: whole games played by bots, summarised and compared across variants.

Every game is seeded: game ``i`` of a batch uses game seed ``seed + i`` and its bots draw from their
own generator seeded from the same number, so a batch gives the same table on every run, whatever
the number of workers.

>>> from kitchenlab.sim import simulate, summarize
>>> df = simulate("tem_purr_a", n=20, players=3, seed=1, workers=1)
>>> len(df), round(sum(summarize(df)["win_rate"]), 6)
(20, 1.0)

Parallel runs: ``workers`` is 1 (in this process), a number of processes, ``None`` (a process pool
sized to the machine, used when the batch is big enough to pay for it) or any
``concurrent.futures.Executor`` — for sweeps larger than one machine, a ``dask.distributed``
client's ``client.get_executor()`` can be passed as it is. The games are cut into chunks of seeds;
the rows are put back in seed order, so the table does not depend on who played which chunk.

Chunks are handed out a few at a time and checked as they come back: a game that raises stops the
batch at once with a :class:`GameFailedError` naming its seed, and Ctrl+C cancels the chunks not
started, ends the worker processes and raises :class:`SimulationStopped` (a ``KeyboardInterrupt``
whose text is one line). Worker processes ignore SIGINT; only the process that asked acts on it.
Bots and ``row`` functions go to worker processes by pickle, so with ``workers`` > 1 they are
functions defined at the top level of a module, or bot names.
"""

from __future__ import annotations

import itertools
import os
import signal
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Callable, Mapping, Sequence

from . import game_info, new_game
from .engine import Rng
from .errors import GameStalledError, KitchenlabError, OptionError

Bot = Callable[[object, Rng], object]
#: ``row(final_state, seed, start_state) -> dict``: the columns one game gives a table.
RowFn = Callable[[object, int, object], dict]

#: Games per chunk handed to a worker (small enough for a smooth progress bar).
CHUNK = 8


def bot_seed(seed: int) -> int:
    """The seed of the bots' own generator in the game with seed ``seed`` (widgets reuse it)."""
    return seed * 1_000_003 + 12_345


def resolve_bots(game: str, players: int, bots=None) -> list[Bot]:
    """Turn ``bots`` (None, one name or callable, or one per seat) into a list of callables."""
    info = game_info(game)
    if bots is None:
        bots = "random"
    if isinstance(bots, str) or callable(bots):
        bots = [bots] * players
    bots = list(bots)
    if len(bots) != players:
        raise OptionError(f"{game}: {len(bots)} bots given for {players} players; give one per seat or one for all")
    return [b if callable(b) else named_bot(info, b) for b in bots]


# -- the generic search bot: "ismcts" names it in every game (kitchenlab/search.py) ------------
def named_bot(info, name: str) -> Bot:
    """The game's bot called ``name``; ``"ismcts"`` is the search bot every game shares."""
    if name == "ismcts" and name not in info.bots:
        from .search import ismcts

        return ismcts
    return info.bot(name)
# -- end of the search-bot hook ------------------------------------------------------------------


def playout(state, bots: Sequence[Bot], rng: Rng, max_steps: int, on_step: Callable | None = None):
    """Play ``state`` to the end with one bot per seat; ``on_step(state)`` sees every state reached."""
    steps = 0
    while not state.is_over:
        if steps >= max_steps:
            raise GameStalledError(f"{state.game}: game with seed {state.seed} did not end within {max_steps} steps")
        state = state.apply(bots[state.current_player](state, rng))
        steps += 1
        if on_step is not None:
            on_step(state)
    return state


def play_game(game: str, players: int | None = None, seed: int = 0, bots=None, max_steps: int | None = None,
              **variants):
    """Play one whole game with bots and return the final state."""
    state = new_game(game, players=players, seed=seed, **variants)
    seats = resolve_bots(game, state.players, bots)
    limit = max_steps if max_steps is not None else game_info(game).max_steps
    return playout(state, seats, Rng(bot_seed(seed)), limit)


def game_row(final, seed: int, start=None) -> dict:
    """The default columns of one game: seed, steps, rounds, winners, ``score_p`` and ``win_p``.

    ``win_p`` is player p's share of the win (1 for a sole winner, 1/k for each of k tied winners).
    """
    winners = tuple(final.winners())
    row = {"seed": seed, "steps": final.steps, "rounds": final.round, "winners": winners}
    for p, sc in enumerate(final.scores()):
        row[f"score_{p}"] = sc
    for p in range(final.players):
        row[f"win_{p}"] = (1 / len(winners)) if p in winners else 0.0
    return row


class GameFailedError(KitchenlabError):
    """A game of a batch raised (a bug in a bot, a ``row`` function or a rule): the message names the
    game's seed and the error; ``seed`` holds the seed. The batch stops at the first one."""


class SimulationStopped(KeyboardInterrupt):
    """Ctrl+C (SIGINT) during a batch: the games still queued were cancelled, the worker processes
    ended, and the games already played thrown away. ``str()`` is the one line to show."""


def _play_chunk(job: tuple) -> list[dict]:
    """Worker entry point: play the seeds of one chunk (module level, so process pools can pickle it)."""
    label, game, players, seeds, bots, variants, row = job
    out = []
    for s in seeds:
        try:
            start = new_game(game, players=players, seed=s, **variants)
            final = play_game(game, players, s, bots, **variants)
            r = (row or game_row)(final, s, start)
        except Exception as e:
            failed = GameFailedError(f"{game}: the game with seed {s} failed, so the batch was stopped: "
                                     f"{type(e).__name__}: {_cut(str(e))}")
            failed.seed = s
            raise failed from e
        if label is not None:
            r = {"variant": label, **r}
        out.append(r)
    return out


def _cut(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def default_workers() -> int:
    """Processes used when ``workers`` is ``None``: one per core."""
    return max(1, os.cpu_count() or 1)


def _progress(total: int, desc: str, progress: bool):
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, leave=False)


def _executor(workers, jobs: list[tuple]):
    """``(executor, own)``: where the chunks run (None: in this process) and the pool made here, if any."""
    if isinstance(workers, Executor):
        return workers, None
    if workers is None:
        n = default_workers()
    elif isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise OptionError(f"workers must be 1 or more processes, None (one per core) or an Executor; got {workers!r}")
    else:
        n = workers
    if n == 1 or len(jobs) == 1:
        return None, None
    _check_picklable(jobs[0], f"workers={workers!r}")
    pool = _process_pool(n)
    return pool, pool


def _check_picklable(job: tuple, where: str) -> None:
    """Bots and ``row`` go to other processes by pickle: say which one cannot, and what to give instead."""
    import pickle

    label, game, _, _, bots, variants, row = job
    parts = [("bot", b) for b in (bots if isinstance(bots, (list, tuple)) else [bots])]
    parts += [("row function", row), ("variant options", variants), ("label", label)]
    for what, value in parts:
        try:
            pickle.dumps(value)
        except Exception as e:
            raise OptionError(
                f"{game}: the {what} {_cut(repr(value), 80)} cannot be sent to worker processes ({where}): "
                f"{type(e).__name__}: {_cut(str(e), 120)}. Give a function defined at the top level of a "
                "module (not a lambda or a nested function) or a bot name such as 'random', "
                "or run in this process with workers=1") from None


def _window(executor) -> int:
    """How many chunks are handed out at once: enough to keep every worker busy, few enough that
    Ctrl+C or a failing game leaves little to cancel."""
    n = getattr(executor, "_max_workers", None)
    return 4 * n if isinstance(n, int) and n > 0 else 256


def _run(jobs: list[tuple], workers, progress: bool, desc: str) -> list[dict]:
    """Play every chunk, in this process or on an executor; rows come back in job order.

    Chunks are handed out a window at a time and checked as they complete, so the first game that
    raises stops the batch at once (:class:`GameFailedError`), and Ctrl+C cancels what is queued,
    ends the pool's workers and raises :class:`SimulationStopped`.
    """
    total = sum(len(j[3]) for j in jobs)
    executor, own = _executor(workers, jobs)
    if isinstance(executor, ProcessPoolExecutor) and own is None:
        _check_picklable(jobs[0], "a ProcessPoolExecutor")
    results: list[list[dict] | None] = [None] * len(jobs)
    played = 0
    pending: dict = {}
    bar = None
    try:
        bar = _progress(total, desc, progress)
        if executor is None:
            for i, job in enumerate(jobs):
                results[i] = _play_chunk(job)
                played += len(job[3])
                if bar is not None:
                    bar.update(len(job[3]))
        else:
            queue = iter(enumerate(jobs))
            window = _window(executor)
            for i, job in itertools.islice(queue, window):
                pending[executor.submit(_play_chunk, job)] = i
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    i = pending.pop(f)
                    results[i] = f.result()
                    played += len(jobs[i][3])
                    if bar is not None:
                        bar.update(len(jobs[i][3]))
                for i, job in itertools.islice(queue, len(done)):
                    pending[executor.submit(_play_chunk, job)] = i
    except KeyboardInterrupt:
        _stop(pending, own)
        own = None
        raise SimulationStopped(f"stopped by Ctrl+C after {played:,} of {total:,} games; "
                                "the games played were discarded") from None
    except BaseException:
        _stop(pending, own)
        own = None
        raise
    finally:
        if own is not None:
            own.shutdown()
        if bar is not None:
            bar.close()
    return [r for chunk in results for r in chunk]


def _stop(pending: dict, own) -> None:
    """Cancel the chunks not started; end the worker processes of a pool made here at once."""
    for f in pending:
        f.cancel()
    if own is None:
        return
    # The pool's worker processes (ProcessPoolExecutor keeps them in ``_processes``): ended here, not
    # waited for, since a chunk already running would otherwise play to its end.
    processes = list((getattr(own, "_processes", None) or {}).values())
    manager = getattr(own, "_executor_manager_thread", None)   # shutdown() forgets it
    own.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        if p.is_alive():
            p.terminate()
    for p in processes:
        p.join(timeout=1)
    # Its manager thread then sees the pool broken and closes its pipes; waiting for that here keeps
    # the interpreter's exit from writing to a pipe being closed at the same moment.
    if manager is not None:
        manager.join(timeout=1)


def _ignore_sigint() -> None:
    """Worker initializer: Ctrl+C reaches the whole process group; only the parent acts on it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _process_pool(n: int):
    import multiprocessing as mp

    method = "fork" if "fork" in mp.get_all_start_methods() else None
    return ProcessPoolExecutor(max_workers=n, mp_context=mp.get_context(method), initializer=_ignore_sigint)


def _check_n(n) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise OptionError(f"n must be a whole number of games, 1 or more; got {n!r}")


def _jobs(label, game: str, n: int, players, seed: int, bots, variants: dict, row) -> list[tuple]:
    first = new_game(game, players=players, seed=seed, **variants)   # bad options fail here, before any work
    resolve_bots(game, first.players, bots)
    seeds = range(seed, seed + n)          # a range slices and pickles without a list of every seed
    return [(label, game, first.players, seeds[i:i + CHUNK], bots, dict(variants), row)
            for i in range(0, n, CHUNK)]


@contextmanager
def _stoppable(total: int):
    """Ctrl+C while a batch is set up (before its games start) stops it like Ctrl+C during it."""
    try:
        yield
    except SimulationStopped:
        raise
    except KeyboardInterrupt:
        raise SimulationStopped(f"stopped by Ctrl+C after 0 of {total:,} games; "
                                "the games played were discarded") from None


def simulate(game: str, n: int = 1000, players: int | None = None, seed: int = 0, bots=None,
             progress: bool = False, workers=None, row: RowFn | None = None, **variants):
    """Play ``n`` seeded games; one row per game (by default the columns of :func:`game_row`).

    ``row(final, seed, start)`` gives other columns (a module-level function when ``workers``
    runs processes). ``workers``: see the module docstring.
    """
    import pandas as pd

    _check_n(n)
    with _stoppable(n):
        jobs = _jobs(None, game, n, players, seed, bots, variants, row)
        return pd.DataFrame(_run(jobs, workers, progress, game))


def compare(game: str, arms: Mapping[str, Mapping], n: int = 500, players: int | None = None, seed: int = 0,
            bots=None, progress: bool = False, workers=None, row: RowFn | None = None):
    """Simulate each arm (label -> options) on the same seeds; one table with a ``variant`` column.

    All arms share one pool of workers, so a sweep keeps every core busy to the end.
    """
    import pandas as pd

    _check_n(n)
    with _stoppable(n * len(arms)):
        jobs = [j for label, opts in arms.items()
                for j in _jobs(label, game, n, players, seed, bots, dict(opts), row)]
        return pd.DataFrame(_run(jobs, workers, progress, "variants"))


def compare_players(game: str, counts: Sequence[int], n: int = 500, seed: int = 0, bots=None,
                    progress: bool = False, workers=None, row: RowFn | None = None, **variants):
    """Simulate each player count; one table with a ``players`` column."""
    import pandas as pd

    _check_n(n)
    with _stoppable(n * len(counts)):
        jobs = [j for k in counts for j in _jobs(k, game, n, k, seed, bots, dict(variants), row)]
        df = pd.DataFrame(_run(jobs, workers, progress, "player counts"))
    return df.rename(columns={"variant": "players"})


def summarize(df) -> dict:
    """Win rate per seat, mean steps and rounds, number of games."""
    seats = sorted(int(c.split("_")[1]) for c in df.columns if c.startswith("win_"))
    return {
        "games": len(df),
        "win_rate": [float(df[f"win_{p}"].mean()) for p in seats],
        "mean_steps": float(df["steps"].mean()),
        "mean_rounds": float(df["rounds"].mean()) if df["rounds"].notna().all() else None,
    }


#: The name earlier notebooks use for :func:`compare`.
compare_variants = compare


def win_share_interval(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """A 95 % Wilson interval for a win share of ``wins`` out of ``games`` (ties count as shares)."""
    if games <= 0:
        raise OptionError(f"games must be 1 or more, got {games!r}")
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * ((p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5) / denom
    return max(0.0, centre - half), min(1.0, centre + half)
