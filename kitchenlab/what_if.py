"""What-if experiments as tables and as a panel of widgets, for every game.

A win share is always written the same way: a percentage with its 95 % interval,
``"21 % (17–25 %)"`` (:func:`win_share_text`, the Wilson interval of
:func:`kitchenlab.sim.win_share_interval`; a shared win counts as a share).

* :func:`win_share_table` — one row per arm (or player count) of a simulation table, one column per
  seat, every cell a win share with its interval.
* :func:`bot_share_table` — the share of all wins each kind of bot took, with its interval.
* :func:`with_intervals` / :func:`as_percent` — a game's own table with its win-share columns
  written the same way (and other shares as plain percentages).
* :func:`what_if_panel` — the variant, the player count and the number of games as widgets, a
  "Run" button and a progress bar; the games run through :func:`kitchenlab.sim.compare` on every
  core (``workers=None``) and the result is shown as :func:`win_share_table` and a win-rate chart.

pandas, Plotly and ipywidgets are imported only when a function needs them.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from .errors import OptionError

#: games played between two updates of the panel's progress bar (a multiple of sim.CHUNK)
BATCH = 32


def win_share_text(wins: float, games: int) -> str:
    """A win share as a percentage with its 95 % interval.

    >>> win_share_text(62.4, 300)
    '21 % (17–26 %)'
    """
    low, high = _interval(wins, games)
    return f"{100 * wins / games:.0f} % ({100 * low:.0f}–{100 * high:.0f} %)"


def _interval(wins: float, games: int) -> tuple[float, float]:
    from .sim import win_share_interval

    return win_share_interval(wins, games)


def _seats(df) -> list[int]:
    return sorted(int(c.split("_")[1]) for c in df.columns if c.startswith("win_") and c[4:].isdigit())


def win_share_table(df, by: str | None = "variant", names: Sequence[str] | None = None):
    """One row per ``by`` group (all games when ``by`` is None) of a simulation table
    (``win_<seat>`` columns, as :func:`kitchenlab.sim.simulate` makes): the number of games and one
    column per seat, ``"P1 wins"`` ..., each a :func:`win_share_text`."""
    import pandas as pd

    seats = _seats(df)
    if not seats:
        raise OptionError(f"a simulation table needs win_<seat> columns; got {list(df.columns)}")
    groups = [("all games", df)] if by is None else list(df.groupby(by, sort=False))
    rows = []
    for key, part in groups:
        row = {by or "games of": key, "games": len(part)}
        for p in seats:
            col = part[f"win_{p}"].dropna()
            if len(col):
                label = names[p] if names is not None else f"P{p + 1}"
                row[f"{label} wins"] = win_share_text(float(col.sum()), len(col))
        rows.append(row)
    return pd.DataFrame(rows).set_index(by or "games of").fillna("")   # a seat the group has not: empty


def bot_share_table(df, bots: Sequence[str]):
    """The share of all wins taken by each kind of bot (``bots[p]`` plays seat p), with its
    interval: one row per kind, with the seats it played."""
    import pandas as pd

    if len(bots) != len(_seats(df)):
        raise OptionError(f"give one bot per seat: {len(_seats(df))} seats, {len(bots)} bots")
    games = len(df)
    rows = []
    for name in dict.fromkeys(bots):
        seats = [p for p, b in enumerate(bots) if b == name]
        wins = float(sum(df[f"win_{p}"].sum() for p in seats))
        rows.append({"bot": name, "seats": ", ".join(str(p + 1) for p in seats), "games": games,
                     "share of all wins": win_share_text(wins, games),
                     "fair share": f"{100 * len(seats) / len(bots):.0f} %"})
    return pd.DataFrame(rows).set_index("bot")


def with_intervals(table, columns: Sequence[str], games="games"):
    """A copy of ``table`` whose win-share ``columns`` (fractions) are written as
    :func:`win_share_text`; ``games`` is the column holding each row's number of games (or
    player-games), or one number for every row. A missing value stays empty."""
    out = table.copy()
    for col in columns:
        counts = out[games] if isinstance(games, str) else [games] * len(out)
        out[col] = ["" if share != share else win_share_text(float(share) * int(n), int(n))
                    for share, n in zip(table[col], counts)]
    return out


def as_percent(table, columns: Sequence[str], digits: int = 0):
    """A copy of ``table`` with the fractions in ``columns`` written as percentages (``"67 %"``);
    a missing value stays empty."""
    out = table.copy()
    for col in columns:
        out[col] = ["" if v != v else f"{100 * float(v):.{digits}f} %" for v in table[col]]
    return out


# ------------------------------------------------------------------ the panel


def run_arms(game: str, arms: Mapping[str, Mapping], n: int, players: int | None = None, seed: int = 0,
             bots=None, row=None, workers=None, on_progress=None):
    """:func:`kitchenlab.sim.compare` in batches of :data:`BATCH` games, calling
    ``on_progress(games_done, games_total)`` after each; the table is the same as one call's."""
    import pandas as pd

    from . import sim

    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise OptionError(f"the number of games must be 1 or more, got {n!r}")
    frames, done = [], 0
    total = n * len(arms)
    while done < n:
        size = min(BATCH, n - done)
        frames.append(sim.compare(game, arms, n=size, players=players, seed=seed + done, bots=bots,
                                  workers=workers, row=row))
        done += size
        if on_progress is not None:
            on_progress(done * len(arms), total)
    df = pd.concat(frames, ignore_index=True)
    order = {label: k for k, label in enumerate(arms)}
    return df.sort_values(["variant", "seed"], key=lambda c: c.map(order) if c.name == "variant" else c,
                          kind="stable").reset_index(drop=True)


def what_if_panel(game: str, arms: Mapping[str, Mapping], players: int | None = None, n: int = 100,
                  seed: int = 0, bots=None, row=None, max_games: int = 1000, counts: Sequence[int] | None = None,
                  table=None):
    """Widgets to run an experiment without editing code: which arms (one, or all side by side),
    the player count, the number of games, a "Run" button and a progress bar. A run plays the
    chosen arms on the same seeds (``seed``, ``seed + 1``, ...) with :func:`run_arms` on every core
    and shows :func:`win_share_table` (and ``table(games)``, the game's own summary, when given)
    and a win-rate chart with 95 % error bars."""
    import ipywidgets as W
    from IPython.display import display

    from . import game_info
    from .charts import win_rate_chart

    info = game_info(game)
    if not arms:
        raise OptionError("give at least one arm (label -> options)")
    counts = list(counts or info.players)
    players = info.default_players if players is None else players
    if players not in counts:
        raise OptionError(f"{game}: {players} players is not one of {counts}")
    every = "all, side by side"
    arm = W.Dropdown(options=[every] + list(arms), value=every, description="variant",
                     layout=W.Layout(width="420px"), style={"description_width": "70px"})
    count = W.Dropdown(options=counts, value=players, description="players", layout=W.Layout(width="170px"),
                       style={"description_width": "70px"})
    games = W.BoundedIntText(value=n, min=1, max=max_games, step=10, description="games",
                             layout=W.Layout(width="170px"), style={"description_width": "70px"})
    run = W.Button(description="Run", button_style="primary", icon="play", layout=W.Layout(width="100px"))
    bar = W.IntProgress(value=0, min=0, max=1, description="", layout=W.Layout(width="300px"))
    status = W.Label("")
    out = W.Output()

    def progress(done, total):
        bar.max = total
        bar.value = done
        status.value = f"{done} of {total} games"

    def on_run(_=None):
        chosen = dict(arms) if arm.value == every else {arm.value: arms[arm.value]}
        run.disabled = True
        out.clear_output()
        try:
            df = run_arms(game, chosen, games.value, count.value, seed, bots, row, workers=None, on_progress=progress)
            with out:
                display(win_share_table(df))
                if table is not None:
                    display(table(df))
                display(win_rate_chart(df, title=f"{info.title}: win share per seat, {games.value} games per arm, "
                                                 f"{count.value} players", y_label="win share"))
        except Exception as exc:  # shown to the learner, not raised into the event loop
            with out:
                print(f"could not run: {exc}")
        finally:
            run.disabled = False

    run.on_click(on_run)
    panel = W.VBox([W.HBox([arm, count, games]), W.HBox([run, bar, status]), out])
    panel.run = on_run            # for tests and scripts: press "Run"
    panel.controls = dict(variant=arm, players=count, games=games, run=run, progress=bar, output=out)
    return panel


__all__ = ["BATCH", "as_percent", "bot_share_table", "run_arms", "what_if_panel", "win_share_table", "win_share_text",
           "with_intervals"]
