"""A profile of every game, side by side: length, branching, seat advantage, decisiveness, skill.

The measures follow the spirit of Ludii's game concepts, computed the same way for every game from
seeded simulations (``kitchenlab.sim``; ``workers=None`` plays them on a process pool):

* **length** — decisions per game (every action a player takes) and rounds (``state.round``);
* **branching factor** — legal moves at a decision, mean over all decisions and the largest seen;
* **first-seat advantage** — each seat's win share (ties shared) with a 95 % Wilson interval; a
  fair game gives every seat ``1 / players``;
* **decisiveness** — the winner's margin: the best score minus the best other score, in the game's
  own score units;
* **shared wins** — the share of games with more than one winner;
* **lead changes** — how often the sole score leader changes, looking at the scores when every
  round begins (at every decision in a game without rounds) and at the end;
* **skill vs luck** — the win share of the game's strongest hand-written bot in one seat against
  random bots in the others, seat-rotated; ``1 / players`` would be pure luck, 1 pure skill. The
  *skill index* rescales it: ``(share - 1/players) / (1 - 1/players)``. In a solo game the luck
  line is what a random bot wins against the game's own opponent.

The profile pairing is **random bots at every seat** (as Ludii's concepts are computed from random
playouts), so the length and branching describe the rules, not a strategy; the skill measure pairs
the strongest bot with random ones. Everything is seeded: the same tables every run.

>>> row = profile("tem_purr_a", players=3, n=8, seed=1, workers=1)
>>> row["games"], row["players"], 0 < row["branching_mean"] <= row["branching_max"]
(8, 3, True)
"""

from __future__ import annotations

from typing import Sequence

from . import available_games, game_info, player_counts
from .sim import simulate, win_share_interval

#: The strongest hand-written bot of a game where it has more than one (else the only one).
STRONGEST: dict[str, str] = {}


def hand_written_bots(game: str) -> tuple[str, ...]:
    """The game's bots other than ``random``."""
    return tuple(b for b in game_info(game).bots if b != "random")


def strongest_bot(game: str) -> str:
    """The name of the game's strongest hand-written bot (``random`` if it has none)."""
    if game in STRONGEST:
        return STRONGEST[game]
    bots = hand_written_bots(game)
    return bots[0] if bots else "random"


def _sole_leader(scores) -> int | None:
    top = max(scores)
    leaders = [p for p, s in enumerate(scores) if s == top]
    return leaders[0] if len(leaders) == 1 else None


#: What :class:`Watcher` bots saw, by game seed, until :func:`profile_row` reads it (per process).
_SEEN: dict[int, list] = {}


class Watcher:
    """A bot that plays like the bot ``name`` and notes, at every decision, the number of legal
    moves and the scores when a new round has begun; :func:`profile_row` reads the notes of the
    same game (same seed) in the same process, so a profile needs no second pass over the game."""

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"Watcher({self.name!r})"

    def __call__(self, state, rng):
        notes = _SEEN.get(state.seed)
        if notes is None or state.steps == 0 and notes and notes[-1][0] != 0:
            notes = _SEEN[state.seed] = []
        notes.append((state.steps, len(state.legal_actions()), state.round,
                      tuple(state.scores()) if not notes or notes[-1][2] != state.round else None))
        return game_info(state.game).bot(self.name)(state, rng)


def _lead_changes(score_rows) -> int:
    lead, changes = None, 0
    for scores in score_rows:
        leader = _sole_leader(scores)
        if leader is not None:
            if lead is not None and leader != lead:
                changes += 1
            lead = leader
    return changes


def profile_row(final, seed: int, start) -> dict:
    """The columns of one game for a profile (a module-level function, so process pools can use
    it): decisions, legal moves per decision, winner's margin, shared win, lead changes (the scores
    seen when each round began, then the final scores). Played by :class:`Watcher` bots it reads
    their notes; otherwise it replays the game from ``start``."""
    from .sim import game_row

    row = game_row(final, seed, start)
    notes = _SEEN.pop(seed, None)
    if notes is None or len(notes) != final.steps:
        notes, state = [], start
        for action in final.history:
            new_round = not notes or notes[-1][2] != state.round
            notes.append((state.steps, len(state.legal_actions()), state.round,
                          tuple(state.scores()) if new_round else None))
            state = state.apply(action)
    branching = [n for _, n, _, _ in notes]
    scores = sorted(final.scores(), reverse=True)
    row.update({
        "decisions": len(branching),
        "branching_sum": sum(branching),
        "branching_max": max(branching, default=0),
        "margin": scores[0] - scores[1] if len(scores) > 1 else scores[0],
        "shared": len(final.winners()) > 1,
        "lead_changes": _lead_changes([sc for *_, sc in notes if sc is not None] + [tuple(final.scores())]),
    })
    return row


def profile(game: str, players: int, n: int = 100, seed: int = 0, bots="random", workers=None) -> dict:
    """One row of the comparison table: ``n`` seeded games of ``game`` at ``players`` players, every
    seat played by the bot ``bots`` (a name)."""
    df = simulate(game, n=n, players=players, seed=seed, bots=Watcher(bots), workers=workers, row=profile_row)
    return summarize_profile(df, game, players, bots)


def summarize_profile(df, game: str, players: int, bots="random") -> dict:
    """The profile measures from a table of :func:`profile_row` rows."""
    n = len(df)
    seat_share = [float(df[f"win_{p}"].mean()) for p in range(players)]
    seat_ci = [win_share_interval(float(df[f"win_{p}"].sum()), n) for p in range(players)]
    return {
        "game": game, "title": game_info(game).title, "players": players, "games": n,
        "bots": bots if isinstance(bots, str) else ", ".join(map(str, bots)),
        "decisions": float(df["decisions"].mean()),
        "rounds": float(df["rounds"].mean()) if df["rounds"].notna().all() else None,
        "branching_mean": float(df["branching_sum"].sum() / max(1, df["decisions"].sum())),
        "branching_max": int(df["branching_max"].max()),
        "first_seat": seat_share[0], "first_seat_low": seat_ci[0][0], "first_seat_high": seat_ci[0][1],
        "seat_share": seat_share, "seat_ci": seat_ci,
        "margin": float(df["margin"].mean()),
        "shared_wins": float(df["shared"].mean()),
        "lead_changes": float(df["lead_changes"].mean()),
    }


#: Seat ``k`` of a seat-rotated match plays seeds ``seed + k * SEAT_SEEDS + j`` (j = 0, 1, ...).
SEAT_SEEDS = 100_000


def seat_rotated_share(game: str, players: int, hero, others, n: int, seed: int = 0, workers=None,
                       stop_when_clear: bool = False) -> dict:
    """The win share of ``hero`` (a bot name or callable) in one seat against ``others`` (one bot
    for every other seat) over ``n`` games, seat-rotated: game ``i`` puts the hero at seat
    ``k = i % players``, in the ``i // players``-th game of that seat (seed
    ``seed + k * SEAT_SEEDS + i // players``).

    With ``stop_when_clear`` the games are played in three batches and the count stops early once
    the 95 % interval lies wholly above or below the fair share ``1 / players``.
    """
    fair = 1 / players
    batches = [n] if not stop_when_clear else sorted({max(players, n // 3), max(players, 2 * n // 3), n})
    wins, played = 0.0, 0
    for upto in batches:
        upto = min(upto, n)
        for k in range(players):
            games = [i for i in range(played, upto) if i % players == k]
            if not games:
                continue
            bots = [others] * players
            bots[k] = hero
            df = simulate(game, n=len(games), players=players, seed=seed + k * SEAT_SEEDS + games[0] // players,
                          bots=bots, workers=workers)
            wins += float(df[f"win_{k}"].sum())
        played = upto
        low, high = win_share_interval(wins, played)
        if stop_when_clear and (low > fair or high < fair):
            break
    low, high = win_share_interval(wins, played)
    return {"game": game, "players": players, "games": played, "share": wins / played, "low": low,
            "high": high, "fair": fair}


def skill_share(game: str, players: int, n: int = 100, seed: int = 0, strong: str | None = None,
                weak: str = "random", workers=None, stop_when_clear: bool = True) -> dict:
    """The win share of ``strong`` (default: :func:`strongest_bot`) in one seat against ``weak`` in
    the others, seat-rotated (see :func:`seat_rotated_share`; by default it stops early once the
    interval is clear of the fair share)."""
    strong = strong or strongest_bot(game)
    if players == 1:     # solo: against the game's own opponent; luck is what the weak bot wins
        df = simulate(game, n=n, players=1, seed=seed, bots=strong, workers=workers)
        base = simulate(game, n=n, players=1, seed=seed, bots=weak, workers=workers)
        share, fair = float(df["win_0"].mean()), float(base["win_0"].mean())
        low, high = win_share_interval(float(df["win_0"].sum()), n)
        out = {"games": 2 * n, "share": share, "low": low, "high": high, "fair": fair}
    else:
        out = seat_rotated_share(game, players, strong, weak, n, seed, workers, stop_when_clear)
    fair = out["fair"]
    return {**out, "game": game, "players": players, "strong": strong, "weak": weak,
            "skill_index": (out["share"] - fair) / (1 - fair) if fair < 1 else 0.0}


def _games_for(game: str, n: int | None, scale: float) -> int:
    base = n if n is not None else game_info(game).profile_games
    return max(2, int(round(base * scale)))


def profile_all(games: Sequence[str] | None = None, n: int | None = None, seed: int = 0, workers=None,
                scale: float = 1.0):
    """The comparison table: one row per available game and player count (a pandas DataFrame),
    with the skill measure (``skill_*`` columns) beside the random-play profile.

    ``n`` games per row (default each game's ``GameInfo.profile_games``, times ``scale``);
    ``workers`` as in ``kitchenlab.sim`` — ``None`` opens one process pool for the whole table.
    """
    import pandas as pd

    games = tuple(games) if games is not None else available_games()
    own = None
    if workers is None:
        from .sim import _process_pool, default_workers

        cores = default_workers()
        workers = own = _process_pool(cores) if cores > 1 else 1
    try:
        rows = []
        for game in games:
            count = _games_for(game, n, scale)
            for k in player_counts(game):
                row = profile(game, k, n=count, seed=seed, workers=workers)
                skill = skill_share(game, k, n=count, seed=seed + 50_000, workers=workers)
                row.update({f"skill_{key}": skill[key] for key in
                            ("strong", "games", "share", "low", "high", "fair", "skill_index")})
                rows.append(row)
    finally:
        if own is not None:
            own.shutdown()
    return pd.DataFrame(rows)


#: The columns of :func:`comparison_table`, with their headings.
TABLE_COLUMNS = {
    "title": "game", "players": "players", "games": "games", "decisions": "decisions",
    "rounds": "rounds", "branching_mean": "branching (mean)", "branching_max": "branching (max)",
    "first_seat": "first seat wins", "margin": "winner's margin", "shared_wins": "shared wins",
    "lead_changes": "lead changes", "skill_strong": "strong bot", "skill_share": "strong bot wins",
    "skill_index": "skill index",
}


def comparison_table(df):
    """The profile table for reading: rounded, with headings and the intervals written out."""
    out = df.copy()
    out["first_seat"] = [percent(s, lo, hi) for s, lo, hi in
                         zip(df["first_seat"], df["first_seat_low"], df["first_seat_high"])]
    out["skill_share"] = [percent(s, lo, hi) for s, lo, hi in
                          zip(df["skill_share"], df["skill_low"], df["skill_high"])]
    out["shared_wins"] = [percent(s) for s in df["shared_wins"]]
    out["skill_index"] = df["skill_skill_index"].round(2)
    for col, digits in (("decisions", 0), ("rounds", 1), ("branching_mean", 1), ("margin", 1),
                        ("lead_changes", 1)):
        out[col] = df[col].round(digits)
    out["decisions"] = out["decisions"].astype(int)
    return out[list(TABLE_COLUMNS)].rename(columns=TABLE_COLUMNS).reset_index(drop=True)


# ---------------------------------------------------------------------------- bot strength

def search_bot(game: str):
    """The ISMCTS bot the strength table uses for ``game`` (``kitchenlab.search.game_settings``)."""
    from .search import game_settings, ismcts_bot

    return ismcts_bot(**game_settings(game))


def search_settings_text(game: str) -> str:
    from .search import game_settings

    return ", ".join(f"{k}={v}" for k, v in game_settings(game).items())


def strength_rows(game: str, n: int = 60, seed: int = 0, players: int | None = None, workers=None,
                  search: dict | None = None) -> list[dict]:
    """Seat-rotated matches at ``players`` (default: the game's default count): ismcts against
    random, ismcts against the strongest hand-written bot, and that bot against random. One row
    each: the first bot's win share with its 95 % interval, next to the fair share. ``search``:
    other ISMCTS settings than the game's own."""
    from .search import ismcts_bot

    players = players or game_info(game).default_players
    best = strongest_bot(game)
    ismcts = search_bot(game) if search is None else ismcts_bot(**search)
    settings = search_settings_text(game) if search is None else ", ".join(f"{k}={v}" for k, v in search.items())
    rows = []
    for hero, hero_name, others in ((ismcts, "ismcts", "random"), (ismcts, "ismcts", best), (best, best, "random")):
        r = seat_rotated_share(game, players, hero, others, n, seed, workers)
        rows.append({"game": game, "title": game_info(game).title, "players": players, "bot": hero_name,
                     "against": others, "games": r["games"], "share": r["share"], "low": r["low"],
                     "high": r["high"], "fair": r["fair"],
                     "search": settings if hero_name == "ismcts" else ""})
    return rows


def percent(share: float, low: float | None = None, high: float | None = None) -> str:
    """A win share as a percentage, with its interval when given.

    >>> percent(0.5534, 0.47, 0.63)
    '55 % (47–63 %)'
    """
    text = f"{100 * share:.0f} %"
    return text if low is None else f"{text} ({100 * low:.0f}–{100 * high:.0f} %)"


def strength_view(df):
    """The strength table for reading: win shares as percentages with their intervals."""
    out = df[["title", "players", "bot", "against", "games"]].copy()
    out["win share"] = [percent(s, lo, hi) for s, lo, hi in zip(df["share"], df["low"], df["high"])]
    out["fair share"] = [percent(f) for f in df["fair"]]
    out["search settings"] = df["search"]
    return out.rename(columns={"title": "game", "bot": "bot in one seat", "against": "bots in the others"})


def load_strength(path) -> "object":
    """A strength table saved by ``benchmarks/strength.py --save`` (CSV)."""
    import pandas as pd

    return pd.read_csv(path, keep_default_na=False)


def profile_glossary(games: Sequence[str] | None = None):
    """The Spanish–English terms the profiles use, game by game (a pandas DataFrame): the glossary
    terms each game names in ``GameInfo.profile_terms`` (a game without a glossary has none)."""
    import pandas as pd

    from .glossary import glossary_rows

    rows = []
    for game in games if games is not None else available_games():
        info = game_info(game)
        if not info.glossary:
            continue
        known = {t.english.lower() for t in glossary_rows(game)}
        terms = [t for t in info.profile_terms if t.lower() in known]
        for t in glossary_rows(game, terms) if terms else ():
            rows.append({"game": info.title, "Spanish": t.spanish, "English": t.english})
    return pd.DataFrame(rows, columns=["game", "Spanish", "English"])


# ---------------------------------------------------------------------------- figures (Plotly)

def _colour(game: str) -> str:
    """The game's colour in every profile figure (``GameInfo.colour``, readable on white)."""
    return game_info(game).colour


def _layout(fig, title: str, y_title: str, games: int):
    fig.update_layout(
        title=dict(text=f"{title}<br><sup>from {games:,} seeded games</sup>", font=dict(size=18)),
        xaxis_title="players", yaxis_title=y_title, font=dict(size=14), height=440,
        legend=dict(x=1.02, y=1, xanchor="left", yanchor="top"), margin=dict(l=80, r=20, t=90, b=60),
        template="plotly_white",
    )
    fig.update_xaxes(dtick=1)
    return fig


def length_figure(df):
    """Decisions per game by player count, one line per game."""
    import plotly.graph_objects as go

    fig = go.Figure()
    for game, part in df.groupby("game", sort=True):
        fig.add_trace(go.Scatter(x=part["players"], y=part["decisions"], mode="lines+markers",
                                 name=part["title"].iloc[0], line=dict(color=_colour(game))))
    fig.update_yaxes(rangemode="tozero")
    return _layout(fig, "Game length (random play)", "decisions per game", int(df["games"].sum()))


def branching_figure(df):
    """Mean legal moves per decision by player count (the largest seen in the hover)."""
    import plotly.graph_objects as go

    fig = go.Figure()
    for game, part in df.groupby("game", sort=True):
        fig.add_trace(go.Scatter(x=part["players"], y=part["branching_mean"], mode="lines+markers",
                                 name=part["title"].iloc[0], line=dict(color=_colour(game)),
                                 customdata=part["branching_max"],
                                 hovertemplate="%{y:.1f} moves on average, at most %{customdata}"))
    fig.update_yaxes(rangemode="tozero")
    return _layout(fig, "Branching factor (random play)", "legal moves per decision (mean)", int(df["games"].sum()))


def _shares_with_intervals(fig, df, share: str, low: str, high: str, name, symbol: str) -> None:
    """One marker trace per game: a win share per player count with its interval, the games side by
    side around each count (``name(part)`` labels a game's trace)."""
    import plotly.graph_objects as go

    games = sorted(df["game"].unique())
    width = 0.6 / max(1, len(games))
    for i, game in enumerate(games):
        part = df[df["game"] == game]
        x = part["players"] + (i - (len(games) - 1) / 2) * width
        fig.add_trace(go.Scatter(
            x=x, y=part[share], mode="markers", name=name(part),
            marker=dict(color=_colour(game), size=10, symbol=symbol),
            error_y=dict(type="data", symmetric=False, array=part[high] - part[share],
                         arrayminus=part[share] - part[low])))


def seat_figure(df):
    """The first seat's win share with its 95 % interval, against the fair share 1/players
    (games of two players or more; a solo game has no seats to compare)."""
    import plotly.graph_objects as go

    df = df[df["players"] >= 2]
    fig = go.Figure()
    _shares_with_intervals(fig, df, "first_seat", "first_seat_low", "first_seat_high",
                           lambda part: part["title"].iloc[0], "circle")
    ks = sorted(df["players"].unique())
    fig.add_trace(go.Scatter(x=ks, y=[1 / k for k in ks], mode="lines", name="fair share 1/players",
                             line=dict(color="#333333", dash="dot")))
    fig.update_yaxes(range=[0, 1.05])
    return _layout(fig, "First-seat advantage (random play)", "first seat's win share", int(df["games"].sum()))


def skill_figure(df):
    """The strongest bot's win share against random bots, with its interval and the luck line (in
    a solo game: its win share against the game's own opponent)."""
    import plotly.graph_objects as go

    fig = go.Figure()
    _shares_with_intervals(fig, df, "skill_share", "skill_low", "skill_high",
                           lambda part: f"{part['title'].iloc[0]} ({part['skill_strong'].iloc[0]})", "diamond")
    ks = sorted(k for k in df["players"].unique() if k >= 2)
    fig.add_trace(go.Scatter(x=ks, y=[1 / k for k in ks], mode="lines", name="luck only: 1/players",
                             line=dict(color="#333333", dash="dot")))
    fig.update_yaxes(range=[0, 1.05])
    return _layout(fig, "Skill vs luck: strongest bot against random", "strong bot's win share",
                   int(df["skill_games"].sum()))


def profile_figures(df) -> list:
    """The four profile figures, side by side in a notebook: length, branching, seats, skill."""
    return [length_figure(df), branching_figure(df), seat_figure(df), skill_figure(df)]


__all__ = [
    "STRONGEST", "TABLE_COLUMNS", "branching_figure",
    "Watcher", "comparison_table", "hand_written_bots", "load_strength",
    "percent", "profile_glossary", "search_bot", "seat_rotated_share", "strength_rows", "strength_view", "length_figure", "profile", "profile_all", "profile_figures",
    "profile_row", "seat_figure", "skill_figure", "skill_share", "strongest_bot", "summarize_profile",
]
