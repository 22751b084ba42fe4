"""What-if experiments as tables and as a panel of widgets, for every game.

A win share is always written the same way: a percentage with its 95 % interval,
``"21 % (17–25 %)"`` (:func:`win_share_text`, the Wilson interval of
:func:`kitchenlab.sim.win_share_interval`; a shared win counts as a share).

* :func:`win_share_table` — one row per arm (or player count) of a simulation table, one column per
  seat, every cell a win share with its interval.
* :func:`bot_share_table` — the share of all wins each kind of bot took, with its interval.
* :func:`with_intervals` / :func:`as_percent` — a game's own table with its win-share columns
  written the same way (and other shares as plain percentages).
* :func:`what_if_panel` — the one what-if panel of every game: the rule to change (any option the
  game's ``GameInfo`` declares, in words), the player count ("solo" where the game has one), the
  bots, the number of games, a "Run" button and a progress bar; the games run through
  :func:`kitchenlab.sim.compare` on every core and the result is shown as sentences
  (:func:`result_sentences`: do the rules give the same games, and why), a table and a chart.
* :func:`option_arms` — one arm per value of an option, each labelled in words (``Option.describe``).

pandas, Plotly and ipywidgets are imported only when a function needs them.
"""

from __future__ import annotations

from html import escape
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


# ------------------------------------------------------------------ arms in words

#: a bounded whole-number option with at most this many values offers each of them
FEW_VALUES = 6
#: the arm of the rules as the game declares them (no option changed)
AS_DECLARED = "The rules as they are"
#: the experiment of that one arm (for player counts)
NO_CHANGE = "No change (compare player counts)"


def option_values(option) -> list:
    """The values an experiment compares for ``option``: the default first, then every other choice
    (both for a boolean; for a bounded whole number each value when there are at most
    :data:`FEW_VALUES`, else the lowest and the highest); empty for an option
    whose values cannot be listed."""
    if option.choices:
        values = list(option.choices)
    elif option.kind is bool:
        values = [True, False]
    elif option.kind is int and option.low is not None and option.high is not None:
        few = option.high - option.low < FEW_VALUES
        values = list(range(option.low, option.high + 1)) if few else [option.low, option.high]
    else:
        return []
    return [option.default] + [v for v in values if v != option.default]


def option_arms(game: str, name: str) -> dict[str, dict]:
    """One arm per value of the option ``name`` (:func:`option_values`), labelled in words, the
    default marked "(the default)".

    >>> list(option_arms("diced_veggies", "final_turns"))
    ['Final turns: every player, the one who ended included (the default)', 'Final turns: every player but the one who ended']
    """
    from . import game_info

    option = game_info(game).option(name)
    return {option.describe(v) + (" (the default)" if v == option.default else ""): {name: v}
            for v in option_values(option)}


def arm_words(game: str, options: Mapping) -> str:
    """The options of one arm in words, ``"Title: value; Title: value"`` (the rules as they are for none)."""
    from . import game_info

    info = game_info(game)
    return "; ".join(info.option(k).describe(v) for k, v in options.items()) or AS_DECLARED


def arm_note(game: str, label: str, options: Mapping) -> str:
    """What follows an arm's label in the panel: its options in words, unless the label says them."""
    words = arm_words(game, options)
    return "" if label.startswith(words) else f" — {escape(words)}"


def players_label(count: int) -> str:
    """A player count as a learner reads it: ``"solo"`` for one player."""
    return "solo" if count == 1 else f"{count} players"


# ------------------------------------------------------------------ same games, and why


class PanelRow:
    """The panel's ``row`` function for :func:`kitchenlab.sim.compare`: the columns of
    :func:`kitchenlab.sim.game_row` (scores and winners, which the panel compares), those of the
    game's own ``base`` row function when given, and, for each option name with a ``situation``
    hook, a column ``"situation <name>"``: how often the game met what that option governs.
    Picklable, so process workers can run it."""

    def __init__(self, hooks: Mapping[str, str], base=None) -> None:
        self.hooks = dict(hooks)
        self.base = base

    def __call__(self, final, seed: int, start=None) -> dict:
        from .engine import load_hook
        from .sim import game_row

        row = game_row(final, seed, start)
        if self.base is not None:
            row.update(self.base(final, seed, start))
        for name, spec in self.hooks.items():
            row[f"situation {name}"] = int(load_hook(spec, f"option {name} situation")(final))
        return row


def _outcomes(part) -> tuple:
    scores = sorted(c for c in part.columns if c.startswith("score_"))
    part = part.sort_values("seed")
    return tuple(zip(part["seed"], part["winners"].map(tuple), *(part[c] for c in scores)))


def same_result_groups(df) -> list[list[str]]:
    """The arms (``variant`` labels) that ended every seeded game with the same scores and winners,
    in groups of two or more, in the table's order."""
    groups: dict[tuple, list[str]] = {}
    for label, part in df.groupby("variant", sort=False):
        groups.setdefault(_outcomes(part), []).append(label)
    return [labels for labels in groups.values() if len(labels) > 1]


def _names(labels: Sequence[str]) -> str:
    """Two labels or more, quoted: ``“a”, “b” and “c”``."""
    quoted = [f"“{label}”" for label in labels]
    return ", ".join(quoted[:-1]) + " and " + quoted[-1]


def result_sentences(game: str, arms: Mapping[str, Mapping], df) -> list[str]:
    """What the run says in sentences: which arms gave the same results in every game (and why,
    where an option declares its ``situation``: how often the bots met it in these games), or in
    how many games the arms' results differ."""
    from . import game_info

    info = game_info(game)
    if len(arms) < 2:
        return []
    n = int(df["seed"].nunique())
    out = []
    for group in same_result_groups(df):
        both = "Both rules give" if len(group) == len(arms) == 2 else f"{_names(group)} give"
        out.append(f"{both} the same result in all {n} games: every score and every winner is the same.")
        changed = {k for label in group for k in arms[label]
                   if len({repr(arms[g].get(k, info.option(k).default)) for g in group}) > 1}
        for name in sorted(changed):
            option = info.option(name)
            column = f"situation {name}"
            if not option.situation or column not in df:
                continue
            met = int(df[df["variant"].isin(group)][column].sum())
            if met == 0:
                out.append(f"Why: the bots never {option.situation_words} in these {n} games, "
                           "so the rule never came into play.")
            else:
                times = "once" if met == 1 else f"{met} times"
                out.append(f"The bots {option.situation_words} {times} in these {n} games, "
                           "yet no score or winner changed.")
    if not out:
        outcomes = [dict((g[0], g[1:]) for g in _outcomes(part)) for _, part in df.groupby("variant", sort=False)]
        differ = sum(1 for seed in outcomes[0] if len({o.get(seed) for o in outcomes}) > 1)
        out.append(f"The rules give different results: scores or winners differ in {differ} of the {n} games.")
    return out


def result_table(df, names: Sequence[str] | None = None):
    """The panel's table: one row per arm with the games, each seat's win share and the mean score
    per player."""
    table = win_share_table(df, names=names)
    scores = [c for c in df.columns if c.startswith("score_")]
    means = df.groupby("variant", sort=False)[scores].mean().mean(axis=1)
    table["mean score per player"] = [f"{means[label]:.1f}" for label in table.index]
    table.index.name = "rule"
    return table


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


def experiments(game: str, arms: Mapping[str, Mapping] | None = None, title: str | None = None) -> dict:
    """The experiments the panel offers, title -> arms: ``arms`` first (under ``title``) when
    given, then the rules as they are (for player counts), then one per option of the game whose
    values can be listed (:func:`option_arms`)."""
    from . import game_info

    info = game_info(game)
    out: dict[str, dict] = {}
    if arms:
        out[title or " / ".join(dict.fromkeys(info.option(k).title() for a in arms.values() for k in a))
            or "Your rules"] = dict(arms)
    out[NO_CHANGE] = {AS_DECLARED: {}}
    for option in info.options:
        if len(option_values(option)) > 1:
            out.setdefault(option.title(), option_arms(game, option.name))
    return out


def _default_bot(info) -> str:
    return next((b for b in info.bots if b != "random"), next(iter(info.bots)))


def what_if_panel(game: str, option: str | None = None, *, arms: Mapping[str, Mapping] | None = None,
                  title: str | None = None, players: int | None = None, n: int = 40, seed: int = 0,
                  bots: str | None = None, row=None, table=None, counts: Sequence[int] | None = None,
                  max_games: int = 1000, workers=None):
    """The one what-if panel of every game: the rule to change, the player count ("solo" where the
    game has a one-player game), the bots, the number of games, a "Run" button and a progress bar.

    The rules offered are :func:`experiments`: every option the game's ``GameInfo`` declares, its
    values in words (``option`` picks the first shown), and ``arms`` (label -> options, under
    ``title``) when given. A run plays every arm of the chosen rule on the same seeds (``seed``,
    ``seed + 1``, ...) with :func:`run_arms` and shows :func:`result_sentences`,
    :func:`result_table` (and ``table(games)``, the game's own summary, when given) and a win-rate
    chart with 95 % error bars. ``row`` is the ``row`` function of the games (the game's own
    columns for ``table``); ``workers`` as in :func:`kitchenlab.sim.compare` (every core by default).
    """
    import ipywidgets as W
    from IPython.display import display

    from . import game_info
    from .charts import win_rate_chart

    info = game_info(game)
    offered = experiments(game, arms, title)
    if option is not None:
        first = info.option(option).title()
        if first not in offered:
            raise OptionError(f"{game}: option {option!r} has no values to compare")
    else:
        first = next(iter(offered))
    counts = list(counts or info.players)
    players = info.default_players if players is None else players
    if players not in counts:
        raise OptionError(f"{game}: {players} players is not one of {counts}")
    bots = bots or _default_bot(info)
    if bots not in info.bots:
        raise OptionError(f"{game}: unknown bot {bots!r}; bots: {', '.join(info.bots)}")
    style = {"description_width": "80px"}
    rule = W.Dropdown(options=list(offered), value=first, description="rule", style=style,
                      layout=W.Layout(width="520px"))
    count = W.Dropdown(options=[(players_label(k), k) for k in counts], value=players, description="players",
                       style=style, layout=W.Layout(width="200px"))
    bot = W.Dropdown(options=list(info.bots), value=bots, description="bots", style=style,
                     layout=W.Layout(width="200px"))
    games = W.BoundedIntText(value=n, min=1, max=max_games, step=10, description="games", style=style,
                             layout=W.Layout(width="200px"))
    about = W.HTML()
    about.add_class("kl-what-if-about")
    run = W.Button(description="Run", button_style="primary", icon="play", layout=W.Layout(width="100px"))
    run.add_class("kl-run")
    bar = W.IntProgress(value=0, min=0, max=1, description="", layout=W.Layout(width="300px"))
    status = W.Label("")
    verdict = W.HTML()
    verdict.add_class("kl-verdict")
    out = W.Output()

    def describe(_=None):
        chosen = offered[rule.value]
        help_text = next((o.help for o in info.options if o.title() == rule.value), "")
        lines = "".join(f"<li>{escape(label)}{arm_note(game, label, opts)}</li>" for label, opts in chosen.items())
        about.value = (f"<div style='font-size:14px'>{escape(help_text[:1].upper() + help_text[1:])}"
                       f"<ul style='margin:2px 0'>{lines}</ul></div>")

    def progress(done, total):
        bar.max = total
        bar.value = done
        status.value = f"{done} of {total} games"

    def on_run(_=None):
        chosen, left_out = playable_arms(game, offered[rule.value], count.value, seed)
        if not chosen:
            verdict.value = f"<p>No arm of this rule can be dealt for {players_label(count.value)}.</p>"
            return
        run.disabled = True
        out.clear_output()
        verdict.value = ""
        try:
            hooks = {k: info.option(k).situation for a in chosen.values() for k in a if info.option(k).situation}
            df = run_arms(game, chosen, games.value, count.value, seed, bot.value,
                          PanelRow(hooks, row), workers=workers, on_progress=progress)
            panel.result = df
            panel.sentences = result_sentences(game, chosen, df) + [
                f"Left out: “{label}”, which a game of {players_label(count.value)} cannot be dealt with."
                for label in left_out]
            verdict.value = "".join(f"<p style='font-size:15px;margin:4px 0'>{escape(t)}</p>"
                                    for t in panel.sentences)
            with out:
                display(result_table(df))
                if table is not None:
                    display(table(df))
                display(win_rate_chart(df, title=f"{info.title}: win share per seat, {games.value} games per rule, "
                                                 f"{players_label(count.value)}", x_label="rule", y_label="win share"))
        except Exception as exc:  # shown to the learner, not raised into the event loop
            verdict.value = f"<p>Could not run: {escape(str(exc))}</p>"
        finally:
            run.disabled = False

    rule.observe(describe, names="value")
    describe()
    run.on_click(on_run)
    panel = W.VBox([W.HBox([rule]), about, W.HBox([count, bot, games]), W.HBox([run, bar, status]), verdict, out])
    panel.add_class("kl-what-if")
    panel.result = None
    panel.sentences = []
    panel.run = on_run            # for tests and scripts: press "Run"
    panel.controls = dict(rule=rule, players=count, bots=bot, games=games, run=run, progress=bar,
                          about=about, verdict=verdict, output=out)
    return panel


def playable_arms(game: str, arms: Mapping[str, Mapping], players: int, seed: int = 0) -> tuple[dict, list]:
    """The arms a game of ``players`` players can be dealt with, and the labels of the others
    (e.g. a first player beyond the table)."""
    from . import new_game

    ok, left_out = {}, []
    for label, opts in arms.items():
        try:
            new_game(game, players=players, seed=seed, **opts)
        except OptionError:
            left_out.append(label)
        else:
            ok[label] = opts
    return ok, left_out


__all__ = ["AS_DECLARED", "BATCH", "FEW_VALUES", "NO_CHANGE", "PanelRow", "arm_note", "arm_words", "as_percent", "bot_share_table",
           "experiments", "option_arms", "option_values", "playable_arms", "players_label", "result_sentences",
           "result_table", "run_arms", "same_result_groups", "what_if_panel", "win_share_table", "win_share_text",
           "with_intervals"]
