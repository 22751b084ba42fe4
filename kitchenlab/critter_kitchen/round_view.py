"""A Critter Kitchen round, one event at a time, and the decision tree of one contested location.

Vocabulary: an *event* is one line of the game's log, with its :class:`~.rules.Event` facts; a
*frame* is an event with the position at that very moment (several events may come from one
action: the last plan reveals everything and the automatic picks follow, each event gets its own
picture).

>>> record = record_round(players=3, seed=1)              # doctest: +SKIP
>>> stepper = round_stepper(players=3, seed=1)            # doctest: +SKIP
>>> stepper.step(1)                                       # doctest: +SKIP

* :func:`record_round` plays a seeded game with bots through one round and keeps every frame;
* :func:`round_stepper` shows those frames in an :class:`~kitchenlab.widgets.EventStepper`, with the
  table's view or one player's view (pictures from :func:`.figures.round_figure`, drawn once per
  frame and view, then reused);
* :func:`round_flows` lists where the round's items went (for :func:`.figures.flow_sankey`);
* :class:`LocationGame`, :func:`tie_tree` and :func:`tie_tree_figure` turn the choices at one
  location into a game tree, with the same code as :func:`.shop.simulate_location`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, NamedTuple, Sequence

from ..errors import KitchenlabError
from ..engine import GameState, Rng, resolve_options
from .rules import Action, Event, State
from .shop import LocationRun, rumor_kind, token_value
from .tokens import SOUP

#: "mixed": the greedy bot in every seat but the last, which plays at random (so the round shows
#: ties, hat moves and a consolation soup); or one bot name for all seats, or one per seat.
DEFAULT_BOTS = "mixed"

BAG, BISQUE_SUPPLY, ZOUS_DECK, SOUP_SUPPLY = "Bag", "Bisque supply", "Zous-chef deck", "Soup supply"
CARRIED = "Left from last round"
NEXT_ROUND = "Soup Truck, next round"
OUT = "Out of the game"


# ---------------------------------------------------------------- recording a round


class _Recorder(State):
    """A game state that keeps a copy of itself at every log line. Only used to draw pictures:
    the game itself is played on plain states and replayed here."""

    _snaps: list | None = None

    def say(self, text: str, kind: str = "note", **data) -> None:
        super().say(text, kind, **data)
        if self._snaps is not None:
            snap = self.copy()
            snap._snaps = None
            self._snaps.append(snap)

    def _copy_fields(self, new) -> None:
        super()._copy_fields(new)
        new._snaps = self._snaps


def _bot_names(players: int, bots) -> list:
    if bots == "mixed":
        return ["greedy"] * players if players == 1 else ["greedy"] * (players - 1) + ["random"]
    if isinstance(bots, str) or callable(bots):
        return [bots] * players
    return list(bots)


@dataclass
class Frame:
    """One event: its number in the log (from 0), its text and facts, the position at that moment,
    and the seats whose plans are face up then. (Compatible with :class:`kitchenlab.widgets.Frame`.)"""

    number: int
    text: str
    state: Any
    event: Event
    revealed: frozenset = field(default_factory=frozenset)


@dataclass
class RoundRecord:
    """A seeded round played by bots, event by event."""

    players: int
    seed: int
    bots: tuple
    round: int
    frames: list[Frame]
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
        return [list(x) for x in st.items]


def record_round(players: int = 3, seed: int = 1, bots=DEFAULT_BOTS, round: int = 1, **variants) -> RoundRecord:
    """Play a seeded game with bots up to the end of round ``round`` and keep one frame per event.

    The bots draw from ``Rng(seed * 1_000_003 + 12_345)``, as :func:`kitchenlab.sim.play_game`
    does, so the game is the one ``play_game("critter_kitchen", players, seed, bots)`` plays.
    Round 1 starts with the setup line; later rounds start at "Round r begins". The frames end
    with the round's last event (the leftovers of the Chef Academy, or a location's last move).
    """
    from . import OPTIONS, new_state
    from ..sim import resolve_bots

    names = _bot_names(players, bots)
    seats = resolve_bots("critter_kitchen", players, names)
    state = new_state(players=players, seed=seed, **variants)
    rng = Rng(seed * 1_000_003 + 12_345)
    actions = []
    while not state.is_over and (state.round < round or (state.round == round and state.phase in ("plan", "shop"))):
        action = seats[state.current_player](state, rng)
        actions.append(str(action))
        state = state.apply(action)
    final = state

    opts = resolve_options("critter_kitchen", OPTIONS, variants)
    rec = _Recorder.__new__(_Recorder)
    rec._snaps = []
    rec.__init__(players, seed, opts)
    snaps = rec._snaps
    for a in actions:
        rec = rec.apply(a)
    log, events = rec.log, rec.events
    if len(snaps) != len(log) or log != final.log:
        raise KitchenlabError("the replayed round does not match the game")   # pragma: no cover

    start = 0
    if round > 1:
        start = next(k for k, e in enumerate(events) if e.kind == "round" and e.data["round"] == round)
    # the round ends where the next one begins, or where the meals of a day (or the game) start
    end = next((k for k in range(start + 1, len(events))
                if (events[k].kind == "round" and events[k].data["round"] > round)
                or snaps[k].phase not in ("plan", "shop")), len(events))
    frames = []
    shown: set = set()
    for k in range(start, end):
        e = events[k]
        if e.kind == "round":
            shown = set()
        if e.kind == "reveal":
            shown.add(e.data["seat"])
        if snaps[k].phase == "shop":
            shown = set(range(rec.cfg.seats))
        frames.append(Frame(k, log[k], snaps[k], e, frozenset(shown)))
    return RoundRecord(players, seed, tuple(n if isinstance(n, str) else getattr(n, "__name__", "bot") for n in names),
                       round, frames, final)


def round_frames(players: int = 3, seed: int = 1, bots=DEFAULT_BOTS, round: int = 1, **variants) -> list[Frame]:
    """The frames of :func:`record_round`."""
    return record_round(players, seed, bots, round, **variants).frames


# ---------------------------------------------------------------- the stepper


def round_stepper(players: int = 3, seed: int = 1, bots=DEFAULT_BOTS, round: int = 1, **variants):
    """An event stepper through one seeded round: Back / Next buttons, a slider, the event, the
    position (whole table, or one player's view behind the shield) and the log so far.

    Every frame is recorded up front; each picture is drawn the first time it is shown and kept.
    Returns an :class:`~kitchenlab.widgets.EventStepper` (``.step(1)``, ``.go(k)``, ``.drawn``).
    """
    from ..widgets import TABLE_VIEW

    record = record_round(players, seed, bots, round, **variants)
    cache: dict = {}

    def render(frame: Frame, view):
        key = (frame.number, view)
        fig = cache.get(key)
        if fig is None:
            from .figures import round_figure

            viewer = None if view in (None, TABLE_VIEW) else view
            who = "the whole table" if viewer is None else f"{record.names[viewer]}'s view"
            when = f"Round {frame.state.round}" if frame.state.round else "Setup"
            title = f"{when}, event {frame.number + 1}: {who}"
            fig = cache[key] = round_figure(frame.state, viewer, frame.event, frame.revealed, title=title)
        return fig

    bot_text = ", ".join(f"P{k + 1} {b}" for k, b in enumerate(record.bots))
    title = f"Critter Kitchen: round {round} of a {players}-player game, seed {seed} ({bot_text})"
    from ..widgets import EventStepper

    stepper = EventStepper(record.frames, render, players=players, title=title)
    stepper.record = record
    stepper.cache = cache
    return stepper


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


from .location_game import LocationGame, leaf_outcomes, replay_choices, tie_tree  # noqa: E402
from .tree_figures import tie_tree_figure  # noqa: E402

__all__ = [
    "DEFAULT_BOTS", "Flow", "Frame", "LocationGame", "RoundRecord", "contested_locations", "flow_figure",
    "leaf_outcomes", "leftover_moves", "record_round", "replay_choices", "round_flows", "round_frames",
    "round_stepper", "tie_tree", "tie_tree_figure",
]
