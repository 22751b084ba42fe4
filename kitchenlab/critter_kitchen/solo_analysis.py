"""The solo game in numbers: where McDogald's stars come from and which assumed values drive them.

McDogald's printed solo cards are graphics, so the kit assumes them (``data/critter_kitchen/solo_*.csv``,
``critics_choice.csv``). :func:`solo_sensitivity` moves each assumed value alone over the same seeded
solo games and reports McDogald's mean total and the player's win rate; the table the notebooks show
is stored by :func:`write_solo_sensitivity` and read by :func:`read_solo_sensitivity`.

>>> rival_total({"start": 1, "tokens_1": 2, "tokens_2": 0, "tokens_3": 1, "challenge": 12,
...              "critic": 15, "other": 0, "cards_none": 1, "cards_one": 1, "cards_two": 1},
...             {"start_stars": 0, "token_day1": 3, "token_day2": 2, "token_day3": 1, "dots_one": 1, "dots_two": 2})
37
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Mapping

from .components import load_components

GAME = "critter_kitchen"

#: The stars McDogald's gets that no decision reads (its bots never look at them): moving one of these
#: values changes its total and nothing else, so :func:`rival_total` recomputes it from a played game.
SOLO_STAR_VALUES = ("start_stars", "token_day1", "token_day2", "token_day3", "dots_one", "dots_two")


def rival_sources(final) -> dict:
    """Where McDogald's stars came from in a finished solo game: ``start`` (its Critic's Choice card),
    ``tokens_d`` (how many rumor tokens it took on day ``d``: a count), ``challenge`` (stars above
    challenge ingredients), ``critic`` (the critic meal without the rumor cards' dots), ``cards_<group>``
    (rumor cards in play of each dot group of ``solo_rumor_dots.csv``: a count) and ``other``."""
    cfg = final.cfg
    comps = cfg.comps
    out = {"start": 0, "tokens_1": 0, "tokens_2": 0, "tokens_3": 0, "challenge": 0, "critic": 0, "other": 0}
    for reason, stars in final.star_log[cfg.rival]:
        if reason == "Critic's Choice card":
            out["start"] += stars
        elif reason.startswith("rumor token"):
            out[f"tokens_{reason.rsplit('day ', 1)[1].rstrip(')')}"] += 1
        elif reason.startswith("challenge"):
            out["challenge"] += stars
        elif reason != "critic meal":
            out["other"] += stars
    res = final.results[cfg.rival]
    out["critic"] = res.total - sum(stars for _, stars in res.rumors)
    for group in comps.solo_rumor_dots:
        out[f"cards_{group.group}"] = sum(1 for r in final.rumor_cards if r in group.rumors)
    return out


def solo_values(comps=None) -> dict[str, int]:
    """The assumed star values of :data:`SOLO_STAR_VALUES` as the data folder gives them."""
    c = comps or load_components()
    dots = {g.group: g.stars for g in c.solo_rumor_dots}
    return {"start_stars": c.critics_choice_card(c.critics_choice_cards[0])[0].start_stars,
            **{f"token_day{d}": c.solo_rumor_token_stars(d) for d in (1, 2, 3)},
            "dots_one": dots.get("one", 0), "dots_two": dots.get("two", 0)}


def rival_total(sources: Mapping, values: Mapping[str, int]) -> int:
    """McDogald's stars from :func:`rival_sources` under other star ``values`` (see :func:`solo_values`).
    """
    return (values["start_stars"] + sum(sources[f"tokens_{d}"] * values[f"token_day{d}"] for d in (1, 2, 3))
            + sources["challenge"] + sources["critic"] + sources["other"]
            + sources.get("cards_one", 0) * values["dots_one"] + sources.get("cards_two", 0) * values["dots_two"])


def solo_row(final, seed: int, start=None) -> dict:
    """One solo game: the player's stars, McDogald's and its :func:`rival_sources` (a row function
    for :func:`kitchenlab.sim.simulate`)."""
    return {"seed": seed, "stars": final.stars[0], "rival_stars": final.stars[final.cfg.rival],
            **rival_sources(final)}


@contextmanager
def solo_data(**edits):
    """Play with an edited copy of the data folder: ``critics_choice`` or ``solo_placement`` = a
    function taking that table's rows (dicts of text) and returning the new rows. The copy is
    loaded and checked like the kit's own folder; games started inside use it, in this process."""
    import csv
    import shutil
    import tempfile

    from . import config as config_module
    from .components import default_path

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "critter_kitchen"
        shutil.copytree(default_path(), folder)
        for table, edit in edits.items():
            path = folder / f"{table}.csv"
            with path.open(encoding="utf-8", newline="") as f:
                rows = [r for r in csv.DictReader(ln for ln in f if not ln.startswith("#"))]
            fields = list(rows[0])
            rows = edit([dict(r) for r in rows])
            with path.open("w", encoding="utf-8", newline="") as f:
                writer = csv.DictWriter(f, fieldnames=fields)
                writer.writeheader()
                writer.writerows(rows)
        saved = config_module._COMPS, dict(config_module._CONFIGS)
        config_module._COMPS = load_components(folder)
        config_module._CONFIGS.clear()
        try:
            yield config_module._COMPS
        finally:
            config_module._COMPS = saved[0]
            config_module._CONFIGS.clear()
            config_module._CONFIGS.update(saved[1])


def solo_games(n: int = 100, seed: int = 0, bots="greedy", edits: Mapping | None = None, **variants):
    """``n`` seeded solo games (one row each: :func:`solo_row`), with the data ``edits`` of
    :func:`solo_data` if any (played in this process) and the game's options ``variants``."""
    from .. import sim

    if not edits:
        return sim.simulate(GAME, n, 1, seed, bots, workers=1, row=solo_row, **variants)
    with solo_data(**edits):
        return sim.simulate(GAME, n, 1, seed, bots, workers=1, row=solo_row, **variants)


#: The assumed star values moved one at a time by :func:`solo_sensitivity` (the kit's value is added).
SOLO_STAR_STEPS = {"start_stars": (0, 1, 3, 6), "token_day1": (0, 1, 2, 3), "token_day2": (0, 1, 2, 3),
                   "token_day3": (0, 1, 2, 3), "dots_one": (0, 1, 2), "dots_two": (0, 1, 2, 3)}
SOLO_VALUE_NAMES = {
    "start_stars": "start stars (Critic's Choice card)", "token_day1": "stars per rumor token, day 1",
    "token_day2": "stars per rumor token, day 2", "token_day3": "stars per rumor token, day 3",
    "dots_one": "dot stars, second rumor group", "dots_two": "dot stars, third rumor group",
}


def solo_deck_arms() -> dict[str, tuple[str, dict, dict]]:
    """The deck changes :func:`solo_sensitivity` plays: label -> (value, data edits, options)."""
    return {
        "as shipped": ("Critic's Choice card", {}, {}),
        "the 'hard' card": ("Critic's Choice card", {}, {"solo_card": "hard"}),
        "no rumor on day 1": ("Critic's Choice card", {"critics_choice": _set_condition(1, "rumor", None)}, {}),
        "no challenge on day 2": ("Critic's Choice card", {"critics_choice": _set_condition(2, "challenge", None)}, {}),
        "plate item, not high, day 3": ("Critic's Choice card", {"critics_choice": _set_condition(3, "high", "plate")}, {}),
        "every card: any board": ("placement deck", {"solo_placement": _placement("any")}, {}),
        "every card: most items": ("placement deck", {"solo_placement": _placement("most_items any")}, {}),
    }


def solo_sensitivity(n: int = 200, seed: int = 0, bots="greedy"):
    """What McDogald's total rests on: each assumed value moved alone, over the same ``n`` seeded
    solo games. One row per setting: ``value``, ``setting``, ``kit`` (True for the kit's value),
    ``McDogald's stars`` and the player's ``stars`` (means), ``wins`` (games the player won: more
    stars than McDogald's) and ``win rate``.

    The star values (:data:`SOLO_STAR_VALUES`) move McDogald's total and nothing else, so their rows
    are worked out exactly from one batch (:func:`rival_total`); the decks change what happens, so
    their rows are played again (:func:`solo_deck_arms`).
    """
    import pandas as pd

    kit = solo_values()
    base = solo_games(n, seed, bots)
    sources = base.to_dict("records")
    rows = []

    def add(value, setting, is_kit, rival, stars):
        rival, stars = pd.Series(rival), pd.Series(stars)
        wins = int((stars > rival).sum())
        rows.append({"value": value, "setting": setting, "kit": is_kit, "McDogald's stars": round(rival.mean(), 2),
                     "stars": round(stars.mean(), 2), "wins": wins, "games": n, "win rate": round(wins / n, 3)})

    for key, steps in SOLO_STAR_STEPS.items():
        for v in sorted(set(steps) | {kit[key]}):
            values = {**kit, key: v}
            add(SOLO_VALUE_NAMES[key], str(v), v == kit[key], [rival_total(s, values) for s in sources], base["stars"])
    for label, (value, edits, opts) in solo_deck_arms().items():
        df = base if not edits and not opts else solo_games(n, seed, bots, edits, **opts)
        add(value, label, label == "as shipped", df["rival_stars"], df["stars"])
    return pd.DataFrame(rows)


def read_solo_sensitivity():
    """The table :func:`solo_sensitivity` measured, as stored in ``data/critter_kitchen/solo_sensitivity.csv``
    (the file's comment lines say how it was made)."""
    import pandas as pd

    from .components import default_path

    return pd.read_csv(default_path() / "solo_sensitivity.csv", comment="#")


def write_solo_sensitivity(n: int = 200, seed: int = 0, bots="greedy", path=None) -> Path:
    """Measure :func:`solo_sensitivity` and store it where :func:`read_solo_sensitivity` reads it."""
    from .components import default_path

    path = Path(path) if path is not None else default_path() / "solo_sensitivity.csv"
    table = solo_sensitivity(n, seed, bots)
    head = (f"# McDogald's sensitivity: kitchenlab.critter_kitchen.analysis.write_solo_sensitivity(n={n}, "
            f"seed={seed}, bots={bots!r})\n"
            f"# {n} solo games (seeds {seed}..{seed + n - 1}) per row; each assumed value moved alone from the kit's; "
            "kit = the value data/ ships\n")
    path.write_text(head + table.to_csv(index=False), encoding="utf-8")
    return path


def _set_condition(day: int, old: str, new: str | None):
    """A Critic's Choice edit: on ``day`` of every card, ``old`` becomes ``new`` (None: dropped)."""
    def edit(rows):
        out = []
        for r in rows:
            if int(r["day"]) == day and r["condition"] == old:
                if new is None:
                    continue
                r["condition"] = new
            out.append(r)
        for card in {r["card"] for r in out}:       # ranks 1, 2, ... again
            for d in {r["day"] for r in out if r["card"] == card}:
                day_rows = sorted((r for r in out if r["card"] == card and r["day"] == d), key=lambda r: int(r["rank"]))
                for rank, r in enumerate(day_rows, start=1):
                    r["rank"] = str(rank)
        return out
    return edit


def _placement(preferences: str):
    """A placement edit: every Mouse, Lizard and Boar card prefers ``preferences``."""
    def edit(rows):
        for r in rows:
            if r["chef"] != "manager":
                r["preferences"] = preferences
        return rows
    return edit



#: McDogald's sources of stars, as :func:`rival_breakdown` names them
RIVAL_SOURCE_NAMES = {"start": "start stars", "tokens": "rumor tokens", "challenge": "stars above challenges",
                      "critic": "critic meal (no dots)", "dots": "rumor cards' dots", "other": "other"}


def rival_breakdown(df, values: Mapping[str, int] | None = None) -> dict[str, float]:
    """McDogald's mean stars per game by source over a :func:`solo_games` table (star values:
    ``values``, else the data folder's), in the order of :data:`RIVAL_SOURCE_NAMES`."""
    v = values or solo_values()
    out = {"start": v["start_stars"] + 0 * df["start"],
           "tokens": sum(df[f"tokens_{d}"] * v[f"token_day{d}"] for d in (1, 2, 3)),
           "challenge": df["challenge"], "critic": df["critic"],
           "dots": df.get("cards_one", 0) * v["dots_one"] + df.get("cards_two", 0) * v["dots_two"],
           "other": df["other"]}
    return {RIVAL_SOURCE_NAMES[k]: round(float(col.mean()), 2) for k, col in out.items()}


def sensitivity_swing(table) -> dict[str, float]:
    """Per assumed value of a :func:`solo_sensitivity` table: how far McDogald's mean stars move
    between its lowest and its highest setting, largest first."""
    col = table.groupby("value", sort=False)["McDogald's stars"]
    swing = (col.max() - col.min()).round(2).sort_values(ascending=False)
    return {name: float(v) for name, v in swing.items()}


__all__ = ["RIVAL_SOURCE_NAMES", "sensitivity_swing", "SOLO_STAR_STEPS", "SOLO_STAR_VALUES", "read_solo_sensitivity", "rival_breakdown",
           "rival_sources", "rival_total", "solo_data", "solo_deck_arms", "solo_games", "solo_row",
           "solo_sensitivity", "solo_values", "write_solo_sensitivity"]
