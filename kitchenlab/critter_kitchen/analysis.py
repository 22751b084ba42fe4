"""Numbers behind the Critter Kitchen notebooks: what-if experiments and the exact optimisers' answers.

Experiments play whole seeded games with bots (the same games :func:`kitchenlab.sim.play_game`
plays for the same arguments: game *i* of a batch has seed ``seed + i``) and keep, per game and
player, where the stars came from:

* :func:`play_games` — one row per game: winners, stars, challenge stars per day, critic-meal stars,
  rumor stars, the final score total, rumors known and the hat's starting place on the priority track.
* :func:`compare_arms` — several rule settings ("arms") on the same seeds, one table.
* :func:`rumor_experiment`, :func:`threshold_experiment`, :func:`fridge_experiment`,
  :func:`player_count_experiment` — the 04_what_if experiments; :func:`arm_summary`,
  :func:`rumor_table`, :func:`seat_table` turn their tables into the numbers shown.
* :func:`best_meals_table`, :func:`best_plan_table`, :func:`best_critic_table` — "what are the best
  meals from this storage", answered exactly.

Batches may run on several processes (``workers``); the rows are sorted by seed, so the result is the
same whatever the number of workers. pandas is imported inside the functions that return tables.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from ..errors import OptionError
from . import new_state, scoring
from .components import load_components
from .solo_analysis import (SOLO_STAR_STEPS, SOLO_STAR_VALUES, read_solo_sensitivity, rival_breakdown,  # noqa: F401
                            rival_sources, rival_total, sensitivity_swing, solo_data, solo_deck_arms, solo_games,
                            solo_row, solo_sensitivity, solo_values, write_solo_sensitivity)

GAME = "critter_kitchen"

#: the arms of each rule experiment (label -> options); the first arm of each is the default rules
RUMOR_ARMS: dict[str, dict] = {
    "everyone scores every rumor [RB]": {},
    "only who knows it scores it [S0]": {"rumor_scoring": "known"},
}
THRESHOLD_ARMS: dict[str, dict] = {
    "standard 6/12/21 -> 1/2/4": {},
    "flat 6/12/21 -> 1/2/3": {"thresholds": "flat"},
    "linear 6/12/18/24 -> 1/2/3/4": {"thresholds": "linear"},
    "low bar 4/10/18 -> 1/2/4": {"thresholds": "low_bar"},
}
FRIDGE_ARMS: dict[str, dict] = {
    "5 / 10 [RB]": {},
    "2 / 4": {"fridge_day1": 2, "fridge_day2": 4},
    "10 / 20": {"fridge_day1": 10, "fridge_day2": 20},
    "0 / 0": {"fridge_day1": 0, "fridge_day2": 0},
}

_CACHE: dict = {}


# ------------------------------------------------------------------ one game, one row


def game_row(final, seed: int, start=None) -> dict:
    """What one finished game says, as a flat dict (``start``: its first state, for the priority track).

    Per player ``p``: ``stars_p``, ``win_p`` (share of the win), ``challenge1_p`` / ``challenge2_p``
    (challenge stars of day 1 / day 2), ``served_p`` (meals served), ``critic_p`` (all stars of the
    critic meal), ``rumor_p`` (rumor stars), ``total_p`` (final score total), ``known_p`` (rumor
    cards known at the end) and ``place_p`` (the hat's place on the priority track at the start:
    0 = back/left, players - 1 = front/right, which picks first among tied chefs).
    """
    cfg = final.cfg
    n = final.players
    winners = tuple(final.winners())
    row: dict = {"seed": seed, "players": n, "steps": final.steps, "winners": winners}
    d1 = cfg.days[0]
    results = final.results or ()
    prio = list(start.priority) if start is not None else None
    for p in range(n):
        served = final.served[p]
        res = results[p] if p < len(results) else None
        row[f"stars_{p}"] = final.stars[p]
        row[f"win_{p}"] = (1 / len(winners)) if p in winners else 0.0
        row[f"challenge1_{p}"] = sum(s for ci, _, _, s in served if ci < d1)
        row[f"challenge2_{p}"] = sum(s for ci, _, _, s in served if ci >= d1)
        row[f"served_{p}"] = len(served)
        row[f"critic_{p}"] = res.total if res is not None else 0
        row[f"rumor_{p}"] = res.rumor_stars if res is not None else 0
        row[f"total_{p}"] = res.final_total if res is not None else 0
        row[f"known_{p}"] = len(final.known_kinds(p))
        if prio is not None and p in prio:
            row[f"place_{p}"] = prio.index(p)
    if cfg.solo:
        row["rival_stars"] = final.rival_stars
    return row


def default_workers() -> int:
    """Processes used when ``workers`` is ``None``: :func:`kitchenlab.sim.default_workers` (one per core)."""
    from ..sim import default_workers as sim_default

    return sim_default()


def _key(*parts) -> tuple:
    return tuple(p if isinstance(p, (str, int, type(None))) else repr(p) for p in parts)


def _games_key(n, players, seed, bots, variants: Mapping) -> tuple:
    return _key("games", n, players, seed, bots, tuple(sorted(variants.items())))


def play_games(n: int = 100, players: int = 3, seed: int = 0, bots="greedy", progress: bool = False,
               workers=1, cache: bool = True, **variants):
    """Play ``n`` seeded games (seeds ``seed .. seed + n - 1``); one row per game (see :func:`game_row`).

    This is :func:`kitchenlab.sim.simulate` with Critter Kitchen's columns. ``workers``: processes to
    spread the games over (``None``: one per core; or any ``concurrent.futures.Executor``); the
    table is the same for any number. With ``cache`` a batch already played in this session
    (here or as an arm of :func:`compare_arms`) is reused.
    """
    from .. import sim

    key = _games_key(n, players, seed, bots, variants)
    if cache and key in _CACHE:
        return _CACHE[key].copy()
    df = sim.simulate(GAME, n, players, seed, bots, progress=progress, workers=workers, row=game_row, **variants)
    if cache:
        _CACHE[key] = df.copy()
    return df


def compare_arms(arms: Mapping[str, Mapping], n: int = 100, players: int = 3, seed: int = 0, bots="greedy",
                 progress: bool = False, workers=1, cache: bool = True):
    """Play each arm (label -> options) on the same seeds; one table with a ``variant`` column.

    The arms not played yet in this session run together through :func:`kitchenlab.sim.compare`
    (one pool of workers for all of them); each arm's games are kept as :func:`play_games` keeps
    them, so an arm shared by two experiments (the rules as printed) is played once.
    """
    import pandas as pd

    from .. import sim

    missing = {label: dict(opts) for label, opts in arms.items()
               if not (cache and _games_key(n, players, seed, bots, opts) in _CACHE)}
    if missing:
        played = sim.compare(GAME, missing, n, players, seed, bots, progress=progress, workers=workers, row=game_row)
        for label, opts in missing.items():
            part = played[played["variant"] == label].drop(columns="variant").reset_index(drop=True)
            if cache:
                _CACHE[_games_key(n, players, seed, bots, opts)] = part.copy()
            missing[label] = part
    frames = []
    for label, opts in arms.items():
        df = missing[label] if label in missing else _CACHE[_games_key(n, players, seed, bots, opts)].copy()
        df.insert(0, "variant", label)
        frames.append(df)
    return pd.concat(frames, ignore_index=True)


def per_player(df, prefix: str, players: int | None = None):
    """The ``prefix_p`` columns of a table, stacked into one Series (one value per player and game)."""
    import pandas as pd

    cols = [c for c in df.columns if c.startswith(prefix + "_") and c[len(prefix) + 1:].isdigit()]
    if players is not None:
        cols = [c for c in cols if int(c.rsplit("_", 1)[1]) < players]
    return pd.concat([df[c] for c in cols], ignore_index=True).dropna()


def arm_summary(df, by: str = "variant"):
    """One row per arm: games and per-player means of stars and where they came from.

    Columns: ``games``, ``stars`` (mean per player), ``winner stars`` (mean of the top score),
    ``challenge stars`` (both days), ``day-2 challenge stars``, ``meals served``, ``critic-meal stars``,
    ``rumor stars``, ``final total`` and ``steps`` (per game); rounded to 2 decimals.
    """
    import pandas as pd

    out = []
    groups = df.groupby(by, sort=False) if by in df.columns else [(None, df)]
    for label, part in groups:
        n = int(part["players"].iloc[0])
        stars = part[[f"stars_{p}" for p in range(n)]]
        out.append({
            by: label, "games": len(part),
            "stars": per_player(part, "stars", n).mean(),
            "winner stars": stars.max(axis=1).mean(),
            "challenge stars": (per_player(part, "challenge1", n) + per_player(part, "challenge2", n)).mean(),
            "day-2 challenge stars": per_player(part, "challenge2", n).mean(),
            "meals served": per_player(part, "served", n).mean(),
            "critic-meal stars": per_player(part, "critic", n).mean(),
            "rumor stars": per_player(part, "rumor", n).mean(),
            "final total": per_player(part, "total", n).mean(),
            "steps": part["steps"].mean(),
        })
    return pd.DataFrame(out).set_index(by).round(2)


def _long(df, by: str = "variant"):
    """One row per (game, player): the per-player columns side by side."""
    import pandas as pd

    rows = []
    for rec in df.to_dict("records"):
        for p in range(int(rec["players"])):
            r = {by: rec.get(by), "seed": rec["seed"], "player": p}
            for k in ("stars", "win", "rumor", "known", "critic", "total", "place", "challenge1", "challenge2"):
                if f"{k}_{p}" in rec:
                    r[k] = rec[f"{k}_{p}"]
            rows.append(r)
    return pd.DataFrame(rows)


# ------------------------------------------------------------------ the experiments


def rumor_experiment(n: int = 100, players: int = 3, seed: int = 0, bots="greedy", progress: bool = False,
                     workers: int | None = 1):
    """Rumors scored by every player [RB] against only by the players who know them [S0]."""
    return compare_arms(RUMOR_ARMS, n, players, seed, bots, progress, workers)


def rumor_table(df, by: str = "variant"):
    """Per arm: rumor stars per player, split by whether the player knew no rumor card or at least
    one; the share of all wins taken by players who knew at least one; games counted."""
    import pandas as pd

    long = _long(df, by)
    out = []
    for label, part in long.groupby(by, sort=False):
        knew = part[part["known"] > 0]
        none = part[part["known"] == 0]
        out.append({
            by: label,
            "rumor stars (all players)": part["rumor"].mean(),
            "rumor stars (knew none)": none["rumor"].mean() if len(none) else float("nan"),
            "rumor stars (knew 1+)": knew["rumor"].mean() if len(knew) else float("nan"),
            "players who knew 1+": len(knew) / len(part),
            "wins by players who knew 1+": knew["win"].sum() / part["win"].sum(),
        })
    return pd.DataFrame(out).set_index(by).round(3)


def threshold_experiment(n: int = 100, players: int = 3, seed: int = 0, bots="greedy", progress: bool = False,
                         workers: int | None = 1):
    """The star-threshold presets of challenge meals (see ``rules.THRESHOLD_PRESETS``)."""
    return compare_arms(THRESHOLD_ARMS, n, players, seed, bots, progress, workers)


def fridge_experiment(n: int = 100, players: int = 3, seed: int = 0, bots="greedy", progress: bool = False,
                      workers: int | None = 1, arms: Mapping[str, Mapping] | None = None):
    """Fridge sizes after day 1 / day 2 (the rules: 5 / 10)."""
    return compare_arms(arms or FRIDGE_ARMS, n, players, seed, bots, progress, workers)


def player_count_experiment(counts: Sequence[int] = (1, 2, 3, 4, 5), n: int = 60, seed: int = 0, bots="greedy",
                            progress: bool = False, workers: int | None = 1, **variants):
    """The same rules for each player count (1 = solo against McDogald's); a ``players`` column."""
    import pandas as pd

    frames = [play_games(n, k, seed, bots, progress=progress, workers=workers, **variants) for k in counts]
    return pd.concat(frames, ignore_index=True)


def player_count_table(df):
    """Per player count: games, stars per player, the winner's stars, challenge and critic-meal stars,
    steps per game, and (solo) the share of games won against McDogald's with its mean stars."""
    import pandas as pd

    out = arm_summary(df, by="players")[["games", "stars", "winner stars", "challenge stars", "critic-meal stars",
                                         "steps"]]
    solo = df[df["players"] == 1]
    rival = pd.Series(float("nan"), index=out.index)
    beat = pd.Series(float("nan"), index=out.index)
    if len(solo):
        rival.loc[1] = solo["rival_stars"].mean()
        beat.loc[1] = solo["win_0"].mean()
    out["solo: McDogald's stars"] = rival.round(2)
    out["solo: share won"] = beat.round(2)
    return out


def seat_table(df):
    """Win share by the hat's starting place on the priority track (0 = back, last = front), with the
    number of player-games behind each figure and the fair share 1 / players."""
    import pandas as pd

    n = int(df["players"].iloc[0])
    long = _long(df)
    out = []
    names = place_names(n)
    for place in range(n):
        part = long[long["place"] == place]
        out.append({"place": place, "name": names[place], "games": len(part), "win share": part["win"].mean(),
                    "stars": part["stars"].mean(), "fair share": 1 / n})
    return pd.DataFrame(out).set_index("place").round(3)


def place_names(n: int) -> list[str]:
    """Names of the places on a priority track of ``n`` hats, back (left) to front (right)."""
    if n == 1:
        return ["only hat"]
    mid = [f"place {i + 1}" for i in range(1, n - 1)]
    return ["back (left)"] + mid + ["front (right)"]


# ------------------------------------------------------------------ the exact optimisers


def best_meals_table(storage, challenges: Sequence, thresholds=None):
    """For each challenge on its own: the best meal from the whole storage (highest quality) and
    the thrifty one (the same stars with the fewest points and tokens), exactly.

    ``challenges``: challenge ids (or records, or requirement lists).
    """
    import pandas as pd

    c = load_components()
    rows = []
    for ch in challenges:
        rec = c.challenge(ch) if isinstance(ch, str) else ch
        if hasattr(rec, "requirements"):
            name, reqs = rec.name, list(rec.requirements)
        else:
            reqs = list(rec)
            name = " + ".join(reqs)
        best = scoring.best_challenge_meal(storage, reqs, thresholds)
        thrifty = scoring.best_challenge_meal(storage, reqs, thresholds, thrifty=True)
        rows.append({
            "challenge": name, "requirements": ", ".join(reqs),
            "best meal": best.meal if best else "—", "quality": best.quality if best else 0,
            "stars": best.stars if best else 0,
            "thrifty meal": thrifty.meal if thrifty else "—", "thrifty quality": thrifty.quality if thrifty else 0,
        })
    return pd.DataFrame(rows).set_index("challenge")


def best_plan_table(storage, challenges: Sequence, thresholds=None):
    """The best set of meals for all the challenges at once (disjoint items, at most one meal per
    challenge): per challenge its meal, quality and stars, then a total row and the leftovers."""
    import pandas as pd

    c = load_components()
    recs = [c.challenge(ch) if isinstance(ch, str) else ch for ch in challenges]
    plan = scoring.best_challenge_plan(storage, recs, thresholds)
    rows = []
    for rec, meal in zip(recs, plan.meals):
        rows.append({"challenge": rec.name, "requirements": ", ".join(rec.requirements),
                     "meal": meal.meal if meal else "not served", "quality": meal.quality if meal else 0,
                     "stars": meal.stars if meal else 0})
    left = " ".join(plan.leftover) or "nothing"
    rows.append({"challenge": "total", "requirements": "", "meal": f"left over: {left}",
                 "quality": plan.quality, "stars": plan.stars})
    return pd.DataFrame(rows).set_index("challenge")


def best_critic_table(storage, critic=None, rumors: Iterable = (), soup_value: int = 0):
    """The critic meal worth the most stars from a storage (exact), course by course."""
    import pandas as pd

    from .tokens import TYPES

    choice = scoring.best_critic_meal(storage, critic, list(rumors), soup_value=soup_value)
    rows = [{"course": t, "items": course or "—", "quality": q}
            for t, course, q in zip(TYPES, choice.courses, choice.course_qualities)]
    rows.append({"course": "total", "items": f"{choice.stars} star(s) of its own ({choice.rumor_stars} from rumors)",
                 "quality": choice.total})
    return pd.DataFrame(rows).set_index("course")




# ------------------------------------------------------------------ a chart of the threshold presets


def threshold_presets_figure(presets: Iterable[str] | None = None, x_max: int = 30):
    """Quality -> stars of each challenge-meal threshold preset, one step line per preset."""
    import plotly.graph_objects as go

    from ..charts import PLAYER_COLORS, TEMPLATE
    from .rules import THRESHOLD_PRESETS

    names = list(presets) if presets is not None else list(THRESHOLD_PRESETS)
    fig = go.Figure()
    for i, name in enumerate(names):
        rows = sorted(THRESHOLD_PRESETS[name])
        xs = [q for q, _ in rows] + [x_max]
        ys = [s for _, s in rows] + [rows[-1][1]]
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines+markers", name=name,
                                 line=dict(shape="hv", width=3, color=PLAYER_COLORS[i % len(PLAYER_COLORS)]),
                                 marker=dict(size=[8] * len(rows) + [0])))
    fig.update_layout(template=TEMPLATE, title_text="Challenge-meal star thresholds: the rules and the what-if presets",
                      xaxis_title="meal quality", yaxis_title="stars", hovermode="x unified")
    return fig


__all__ = [
    "SOLO_STAR_STEPS", "SOLO_STAR_VALUES", "read_solo_sensitivity", "rival_sources", "rival_total", "solo_data",
    "solo_deck_arms", "solo_games", "solo_row", "solo_sensitivity", "solo_values", "write_solo_sensitivity",
    "FRIDGE_ARMS", "RUMOR_ARMS", "THRESHOLD_ARMS", "arm_summary", "best_critic_table", "best_meals_table",
    "best_plan_table", "compare_arms", "default_workers", "fridge_experiment", "game_row", "place_names",
    "play_games", "player_count_experiment", "player_count_table", "rumor_experiment", "rumor_table",
    "seat_table", "threshold_experiment", "threshold_presets_figure",
]


# ------------------------------------------------------------------ one location, in words


def describe_location(result, names: Sequence[str] = ("Player 1", "Player 2", "Player 3", "Player 4", "Player 5")):
    """What a :func:`kitchenlab.critter_kitchen.simulate_location` result says, one line each: the
    picks in order, the consolation soups, the priority track after (left to right), the leftovers."""
    lines = [f"  pick {number}: {names[player]} takes {item}"
             for number, (player, item) in enumerate(result.picks, start=1)]
    lines += [f"  {names[player]} goes home with a consolation soup" for player in result.soups]
    lines.append("  priority track after (left to right): " + ", ".join(names[p] for p in result.priority))
    if result.leftovers:
        lines.append("  leftovers: " + " ".join(result.leftovers))
    return "\n".join(lines)


def item_value(item: str) -> int:
    """The face value of an item written as text (``"fish7"`` -> 7); 0 for an item with no value."""
    return int(item[-1]) if item[-1].isdigit() else 0


def go_home_if_small(player: int, capacity: int, available: Sequence[str]):
    """A choice for :func:`~kitchenlab.critter_kitchen.simulate_location`: the most valuable item
    left, or ``None`` (go home early for a consolation soup) when even that one is worth less than 3."""
    best = max(available, key=item_value)
    return None if item_value(best) < 3 else best


def track_text(priority: Sequence[int]) -> str:
    """A priority track as ``"P1 P2 P3"`` (left to right, seats counted from 1)."""
    return " ".join(f"P{p + 1}" for p in priority)
