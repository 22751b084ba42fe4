"""A Critter Kitchen round, one event at a time: the record, where the items went, contested spots.

Vocabulary (:mod:`kitchenlab.play`): an *event* is one line of the game's log, with its
:class:`~kitchenlab.engine.Event` facts; a *frame* is an event with the position at that very
moment (several events may come from one action: the last plan reveals everything and the
automatic picks follow, each event gets its own picture).

* :func:`record_round` plays a seeded game with bots through one round and keeps every frame
  (:func:`kitchenlab.play.round_frames`);
* :func:`round_stepper` shows those frames in the kit's round stepper
  (:func:`kitchenlab.widgets.round_stepper`), drawn by :func:`.figures.frame_figure`;
* :func:`round_flows` lists where the round's items went (for :func:`.figures.flow_sankey`);
* :func:`contested_locations` lists the locations where chefs tied in a queue — the decision tree
  of one is :func:`.location_game.tie_tree`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, NamedTuple

from ..engine import Event
from ..errors import KitchenlabError
from .tokens import SOUP

#: "mixed": the greedy bot in every seat but the last, which plays at random (so the round shows
#: ties, hat moves and a consolation soup); or one bot name for all seats, or one per seat.
DEFAULT_BOTS = "mixed"

BAG, BISQUE_SUPPLY, ZOUS_DECK, SOUP_SUPPLY = "Bag", "Bisque supply", "Zous-chef deck", "Soup supply"
CARRIED = "Left from last round"
NEXT_ROUND = "Soup Truck, next round"
OUT = "Out of the game"


# ---------------------------------------------------------------- recording a round


def bot_names(players: int, bots=DEFAULT_BOTS) -> list:
    """The bot of each seat: ``"mixed"`` is greedy everywhere but the last seat (random); one name
    or function for all seats; or one per seat."""
    if bots == "mixed":
        return ["greedy"] * players if players == 1 else ["greedy"] * (players - 1) + ["random"]
    if isinstance(bots, str) or callable(bots):
        return [bots] * players
    return list(bots)


@dataclass
class RoundRecord:
    """A seeded round played by bots, event by event (``frames``: :class:`kitchenlab.play.Frame`)."""

    players: int
    seed: int
    bots: tuple
    round: int
    frames: list
    final: Any          # the state after the round's last action (the next round may have begun)

    @property
    def events(self) -> list[Event]:
        return [f.event for f in self.frames]

    @property
    def lines(self) -> list[str]:
        return [f.text for f in self.frames]

    @property
    def cfg(self):
        return self.final.cfg

    @property
    def names(self) -> list[str]:
        return [self.cfg.seat_name(s) for s in range(self.cfg.seats)]

    def start_items(self) -> list[list[str]]:
        """What lay on each location when the round began (before the restock)."""
        first = next(k for k, f in enumerate(self.frames) if f.event.kind == "round")
        st = self.frames[first].state
        if first == 0 or self.frames[first - 1].state is not st:
            return [list(x) for x in st.items]
        return [[] for _ in st.items]      # the first round: the table starts empty


def _in_round(round: int):
    def stop(state) -> bool:
        # the round ends where the next one begins, or where the meals of a day (or the game) start
        return state.round > round or (state.round == round and state.phase not in ("plan", "shop"))
    return stop


def record_round(players: int = 3, seed: int = 1, bots=DEFAULT_BOTS, round: int = 1, **variants) -> RoundRecord:
    """Play a seeded game with bots up to the end of round ``round`` and keep one frame per event.

    The game is the one ``kitchenlab.sim.play_game("critter_kitchen", players, seed, bots)`` plays
    (:func:`kitchenlab.play.record`). Round 1 starts with the setup lines; later rounds start at
    "Round r begins". The frames end with the round's last event (the leftovers of the Chef
    Academy, or a location's last move) — before a day's challenge meals.
    """
    from ..play import record

    names = bot_names(players, bots)
    frames = record("critter_kitchen", players, seed, names, until=_in_round(round), **variants)
    final = frames[-1].state
    start = 0
    if round > 1:
        start = next((k for k, f in enumerate(frames) if f.event.kind == "round" and f.event.data["round"] == round),
                     None)
        if start is None:
            raise KitchenlabError(f"critter_kitchen: round {round} is never reached in the game with seed {seed}")
    kept = [f for f in frames[start:] if f.state.round == round and f.state.phase in ("plan", "shop", "setup")]
    return RoundRecord(players, seed, tuple(n if isinstance(n, str) else getattr(n, "__name__", "bot") for n in names),
                       round, kept, final)


def round_frames(players: int = 3, seed: int = 1, bots=DEFAULT_BOTS, round: int = 1, **variants) -> list:
    """The frames of :func:`record_round`."""
    return record_round(players, seed, bots, round, **variants).frames


# ---------------------------------------------------------------- the stepper


def round_stepper(players: int = 3, seed: int = 1, bots=DEFAULT_BOTS, round: int = 1, **variants):
    """An event stepper through one seeded round: :func:`kitchenlab.widgets.round_stepper` for
    Critter Kitchen, with the bots of :func:`bot_names` (greedy, the last seat at random)."""
    from ..widgets import round_stepper as stepper

    return stepper("critter_kitchen", players, seed, bot_names(players, bots), round, **variants)


# ---------------------------------------------------------------- where the items went


class Flow(NamedTuple):
    """Tokens that moved from ``source`` to ``target`` during a round (one link of a Sankey)."""

    source: str
    target: str
    tokens: tuple[str, ...]


def round_flows(record: RoundRecord) -> list[Flow]:
    """Every move of an item during the round, merged by (source, target), in order of first use.

    Sources: the bag (restocks and the Merchant), the bisque supply, the zous-chef deck, the soup
    supply (plain soup at the Soup Truck and consolation soups) and what lay on a location from the
    last round. Each location sends its items to players, to the Chef Academy (leftovers), out of
    the game (leftover rumor tokens, an untaken zous-chef) or to the Soup Truck for next round
    (the Academy's leftovers and an untaken bisque). Into every location flows exactly what
    flows out of it; the walk checks each pick against what lies there.
    """
    cfg = record.cfg
    loc = list(cfg.loc_names)
    names = record.names
    links: dict[tuple[str, str], list[str]] = {}

    def add(src: str, dst: str, toks: Iterable[str]) -> None:
        toks = list(toks)
        if toks:
            links.setdefault((src, dst), []).extend(toks)

    here = [Counter() for _ in loc]          # what lies on each location and has not moved on yet
    for i, toks in enumerate(record.start_items()):
        add(CARRIED, loc[i], toks)
        here[i].update(toks)

    def leave(i: int, toks: Iterable[str]) -> None:
        for t in toks:
            if here[i][t] <= 0:
                raise KitchenlabError(f"{loc[i]}: {t} leaves but is not there")
            here[i][t] -= 1

    for e in record.events:
        d = e.data
        k = e.kind
        if k == "stock":
            add(BAG, loc[d["loc"]], d["tokens"])
            here[d["loc"]].update(d["tokens"])
        elif k == "bisque":
            add(BISQUE_SUPPLY, loc[d["loc"]], ["bisque"])
            here[d["loc"]]["bisque"] += 1
        elif k in ("zous_offer", "allspice"):
            add(ZOUS_DECK if k == "zous_offer" else "Allspice token", loc[d["loc"]], [d["token"]])
            here[d["loc"]][d["token"]] += 1
        elif k == "removed":
            add(BAG, OUT, [d["token"]])
        elif k == "pick":
            i = d["loc"]
            if d["token"] == SOUP and i == cfg.truck:
                add(SOUP_SUPPLY, loc[i], [SOUP])
            else:
                leave(i, [d["token"]])
            add(loc[i], names[d["seat"]], [d["token"]])
        elif k == "soup":
            add(SOUP_SUPPLY, loc[d["loc"]], [SOUP])
            add(loc[d["loc"]], names[d["seat"]], [SOUP])
        elif k == "zous_soup":
            add(SOUP_SUPPLY, names[d["seat"]], [SOUP] * d["count"])
        elif k == "leftover":
            i, j = d["loc"], d["to"]
            leave(i, d["tokens"])
            if j < i:       # from the Chef Academy back to the Soup Truck, which has resolved already
                add(loc[i], NEXT_ROUND, d["tokens"])
            else:
                add(loc[i], loc[j], d["tokens"])
                here[j].update(d["tokens"])
        elif k == "gone":
            leave(d["loc"], d["tokens"])
            add(loc[d["loc"]], OUT, d["tokens"])
    for i, left in enumerate(here):
        stays = sorted(left.elements())
        if stays:
            add(loc[i], NEXT_ROUND if i == cfg.truck else f"{loc[i]}, next round", stays)
    return [Flow(s, t, tuple(toks)) for (s, t), toks in links.items()]


def flow_figure(record: RoundRecord, title: str | None = None):
    """The Sankey diagram of :func:`round_flows`: supplies on the left, then the locations (the
    Chef Academy a column further, since leftovers reach it), then players and where the rest went."""
    from ..charts import player_color
    from .figures import flow_sankey

    cfg = record.cfg
    colors = {n: player_color(s) for s, n in enumerate(record.names)}
    colors.update({OUT: "#444444", NEXT_ROUND: "#A8D5BA", BAG: "#B0B0B0", SOUP_SUPPLY: "#A8D5BA",
                   BISQUE_SUPPLY: "#E07A5F", ZOUS_DECK: "#3E4C6D", CARRIED: "#C9C9C9"})
    sources = [BAG, CARRIED, BISQUE_SUPPLY, SOUP_SUPPLY, ZOUS_DECK, "Allspice token"]
    locs = list(cfg.loc_names)
    sinks = list(record.names) + [NEXT_ROUND] + [f"{n}, next round" for n in locs] + [OUT]
    columns = {n: 0 for n in sources}
    columns.update({n: 1 for n in locs})
    columns[locs[cfg.academy]] = 2
    columns.update({n: 3 for n in sinks})
    if title is None:
        title = f"Where the items went in round {record.round} (seed {record.seed})"
    return flow_sankey(round_flows(record), title=title, node_order=sources + locs + sinks, colors=colors,
                       columns=columns)


def leftover_moves(record: RoundRecord) -> list[str]:
    """The round's leftover moves as text: ``Desert Vendor -> Chef Academy: carrot3 cheese2``."""
    loc = record.cfg.loc_names
    out = []
    for e in record.events:
        if e.kind == "leftover":
            out.append(f"{loc[e.data['loc']]} -> {loc[e.data['to']]}: {' '.join(e.data['tokens'])}")
        elif e.kind == "gone":
            out.append(f"{loc[e.data['loc']]} -> out of the game: {' '.join(e.data['tokens'])}")
    return out


def contested_locations(record: RoundRecord) -> list[dict]:
    """Locations of the round where two or more chefs stood in the same queue: name, the items
    when it began, the chefs ``(seat, capacity)`` and the priority track then (left to right)."""
    out = []
    for f in record.frames:
        if f.event.kind != "resolve":
            continue
        run = f.state.run
        caps = Counter(cap for _s, cap, _c in f.event.data["chefs"])
        if any(n > 1 for n in caps.values()):
            out.append({"location": record.cfg.loc_names[f.event.data["loc"]], "loc": f.event.data["loc"],
                        "items": tuple(run.items), "soup": run.unlimited_soup,
                        "chefs": tuple((s, cap) for s, cap, _c in f.event.data["chefs"]),
                        "chef_names": tuple(c for _s, _cap, c in f.event.data["chefs"]),
                        "priority": tuple(run.priority), "known": {s: tuple(sorted(k)) for s, k in run.known.items()}})
    return out


__all__ = [
    "DEFAULT_BOTS", "Flow", "RoundRecord", "bot_names", "contested_locations", "flow_figure",
    "leftover_moves", "record_round", "round_flows", "round_frames", "round_stepper",
]
