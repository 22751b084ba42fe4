"""Batch simulation: whole games played by bots, summarised and compared across variants.

Every game is seeded: game ``i`` of a batch uses game seed ``seed + i`` and its bots draw from their
own generator seeded from the same number, so a batch gives the same table on every run.

>>> from kitchenlab.sim import simulate, summarize
>>> df = simulate("tem_purr_a", n=20, players=3, seed=1)
>>> len(df), round(sum(summarize(df)["win_rate"]), 6)
(20, 1.0)
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping, Sequence

from . import game_module, new_game
from .engine import Rng
from .errors import OptionError

Bot = Callable[[object, Rng], object]


def bot_seed(seed: int) -> int:
    """The seed of the bots' own generator in the game with seed ``seed`` (widgets reuse it)."""
    return seed * 1_000_003 + 12_345


def resolve_bots(game: str, players: int, bots=None) -> list[Bot]:
    """Turn ``bots`` (None, one name or callable, or one per seat) into a list of callables."""
    table = getattr(game_module(game), "BOTS", {})
    if bots is None:
        bots = "random"
    if isinstance(bots, str) or callable(bots):
        bots = [bots] * players
    bots = list(bots)
    if len(bots) != players:
        raise OptionError(f"{game}: {len(bots)} bots given for {players} players; give one per seat or one for all")
    out = []
    for b in bots:
        if callable(b):
            out.append(b)
        elif b in table:
            out.append(table[b])
        else:
            raise OptionError(f"{game}: unknown bot {b!r}; bots: {', '.join(table)}")
    return out


def play_game(game: str, players: int | None = None, seed: int = 0, bots=None, max_steps: int | None = None,
              **variants):
    """Play one whole game with bots and return the final state."""
    state = new_game(game, players=players, seed=seed, **variants)
    seats = resolve_bots(game, state.players, bots)
    rng = Rng(bot_seed(seed))
    limit = max_steps if max_steps is not None else getattr(game_module(game), "MAX_STEPS", 100_000)
    steps = 0
    while not state.is_over:
        if steps >= limit:
            raise RuntimeError(f"{game}: game with seed {seed} did not end within {limit} steps")
        state = state.apply(seats[state.current_player](state, rng))
        steps += 1
    return state


def _row(state, seed: int) -> dict:
    winners = tuple(state.winners())
    row = {"seed": seed, "steps": state.steps, "rounds": getattr(state, "round", None), "winners": winners}
    for p, sc in enumerate(state.scores()):
        row[f"score_{p}"] = sc
    for p in range(state.players):
        row[f"win_{p}"] = (1 / len(winners)) if p in winners else 0.0
    return row


def _progress(iterable: Iterable, total: int, desc: str, progress: bool):
    if not progress:
        return iterable
    from tqdm.auto import tqdm

    return tqdm(iterable, total=total, desc=desc, leave=False)


def simulate(game: str, n: int = 1000, players: int | None = None, seed: int = 0, bots=None,
             progress: bool = False, **variants):
    """Play ``n`` seeded games; one row per game (seed, steps, rounds, winners, score_p, win_p).

    ``win_p`` is player p's share of the win (1 for a sole winner, 1/k for each of k tied winners).
    """
    import pandas as pd

    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise OptionError(f"n must be a whole number of games, 1 or more; got {n!r}")
    resolve_bots(game, new_game(game, players=players, seed=seed, **variants).players, bots)  # fail early
    rows = [
        _row(play_game(game, players, seed + i, bots, **variants), seed + i)
        for i in _progress(range(n), n, f"{game}", progress)
    ]
    return pd.DataFrame(rows)


def summarize(df) -> dict:
    """Win rate per seat, mean steps and rounds, number of games."""
    seats = sorted(int(c.split("_")[1]) for c in df.columns if c.startswith("win_"))
    return {
        "games": len(df),
        "win_rate": [float(df[f"win_{p}"].mean()) for p in seats],
        "mean_steps": float(df["steps"].mean()),
        "mean_rounds": float(df["rounds"].mean()) if df["rounds"].notna().all() else None,
    }


def compare_variants(game: str, variants: Mapping[str, Mapping], n: int = 500, players: int | None = None,
                     seed: int = 0, bots=None, progress: bool = False):
    """Simulate each named variant (a dict of options) on the same seeds; one table, a ``variant`` column."""
    import pandas as pd

    frames = []
    for label, opts in _progress(list(variants.items()), len(variants), "variants", progress):
        df = simulate(game, n=n, players=players, seed=seed, bots=bots, progress=False, **dict(opts))
        df.insert(0, "variant", label)
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


def compare_players(game: str, counts: Sequence[int], n: int = 500, seed: int = 0, bots=None,
                    progress: bool = False, **variants):
    """Simulate each player count; one table with a ``players`` column."""
    import pandas as pd

    frames = []
    for k in _progress(list(counts), len(counts), "player counts", progress):
        df = simulate(game, n=n, players=k, seed=seed, bots=bots, **variants)
        df.insert(0, "players", k)
        frames.append(df)
    return pd.concat(frames, ignore_index=True)
