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


# ---------------------------------------------------------------- one location as a game


class LocationGame(GameState):
    """The choices at one location as a tiny game: players take turns as :class:`.shop.LocationRun`
    says (the same machine as :func:`.shop.simulate_location`), picking a token or going home early
    for a soup. A move with no alternative is made at once (it is still recorded in ``choices``).
    A player's score is the face value of what they end with (ingredients, soup 1, bisque 3; a
    consolation soup counts 1), the quantity a greedy chef is after."""

    game = "critter_kitchen_location"

    def __init__(self, items, chefs: Sequence[tuple[int, int]], priority: Sequence[int], *,
                 known: dict | None = None, hat_move: bool = True, players: int | None = None) -> None:
        toks = items.split() if isinstance(items, str) else [str(t) for t in items]
        players = players or 1 + max(max(p for p, _ in chefs), max(priority))
        super().__init__(players, 0, {})
        unlimited = SOUP in toks
        toks = [t for t in toks if t != SOUP]
        kn = {p: {k if isinstance(k, int) else rumor_kind(k) for k in ks} for p, ks in (known or {}).items()}
        chef_list = [(p, cap, f"chef{i + 1}") for i, (p, cap) in enumerate(chefs)]
        self.items0 = tuple(toks)
        self.chefs0 = tuple(chefs)
        self.priority0 = tuple(priority)
        self.run = LocationRun("location", toks, chef_list, priority, unlimited_soup=unlimited, known=kn,
                               hat_move=hat_move)
        self.choices: tuple = ()      # (player, token or None for "go home") for every move, forced ones too
        self._settle()

    def _copy_fields(self, new) -> None:
        new.items0, new.chefs0, new.priority0 = self.items0, self.chefs0, self.priority0
        new.run = self.run.copy()
        new.choices = self.choices

    def _options(self, chef) -> list[tuple[str, int | None]]:
        """Distinct tokens as ``simulate_location`` offers them (a wild token as its first rumor)."""
        seen: dict = {}
        for tok, kind in self.run.options(chef):
            seen.setdefault(tok, kind)
        return list(seen.items())

    def _settle(self) -> None:
        run = self.run
        while True:
            chef = run.advance()
            if chef is None:
                return
            opts = self._options(chef)
            if len(opts) == 1 and not run.may_go_home(chef):
                tok, kind = opts[0]
                run.take(tok, kind)
                self.choices += ((chef.player, tok),)
                continue
            return

    @property
    def current_player(self):
        c = self.run.current() if not self.run.finished else None
        return None if c is None else c.player

    def _legal(self) -> list:
        chef = self.run.current()
        out = [Action(f"take {tok}", "take", (tok, kind)) for tok, kind in self._options(chef)]
        if self.run.may_go_home(chef):
            out.append(Action("go home for soup", "home"))
        return out

    def _do(self, action) -> None:
        chef = self.run.current()
        if action.kind == "home":
            self.run.go_home()
            self.choices += ((chef.player, None),)
        else:
            tok, kind = action.args
            self.run.take(tok, kind)
            self.choices += ((chef.player, tok),)
        self._settle()

    # -- results ----------------------------------------------------------------------------------
    def taken(self, player: int) -> list[str]:
        """What ``player`` ended with so far: items in pick order, then a soup per consolation."""
        got = [t for p, _n, t, _k in self.run.picks if p == player]
        return got + [SOUP] * sum(1 for p, _n in self.run.soups if p == player)

    def scores(self) -> list:
        return [sum(token_value(t) for t in self.taken(p)) for p in range(self.players)]

    def winners(self) -> list[int]:
        sc = self.scores()
        return [p for p, v in enumerate(sc) if v == max(sc)] if self.is_over else []

    def view(self, player: int) -> dict:
        return {"items": list(self.run.items), "taken": self.taken(player), "priority": list(self.run.priority)}

    def outcome(self, short: bool = True) -> str:
        """``P1 Ch4 · P2 Fi7 Br2`` (short labels) or with token names."""
        from .figures import token_label

        parts = []
        for p in range(self.players):
            got = self.taken(p)
            if not got and not any(cp == p for cp, _ in self.chefs0):
                continue
            text = " ".join(token_label(t) if short else t for t in got) or "nothing"
            parts.append(f"P{p + 1} {text}")
        return " · ".join(parts)


def _tie_label(state: LocationGame) -> str:
    if state.is_over:
        return state.outcome()
    chef = state.run.current()
    who = {1: "mouse", 2: "lizard", 3: "boar"}.get(chef.capacity, f"capacity-{chef.capacity} chef")
    return f"P{chef.player + 1}'s {who} picks"


def tie_tree(items="fish7 cheese4 bread2", chefs: Sequence[tuple[int, int]] = ((0, 2), (1, 2)),
             priority: Sequence[int] = (0, 1), *, hat_move: bool = True, max_nodes: int = 400, **kwargs):
    """The game tree of one location (see :class:`LocationGame`), fully expanded.

    Default: two lizards (players 1 and 2, Player 2's hat at the front) and three items. Leaves
    carry ``outcome`` (what each player ends with), ``choices`` (every move, forced ones too),
    ``picks``, ``soups`` and ``priority`` afterwards.
    """
    from ..trees import build_tree

    from .figures import token_label

    start = LocationGame(items, chefs, priority, hat_move=hat_move, **kwargs)
    G = build_tree(start, depth=2 * len(start.items0) + len(chefs) + 2, max_nodes=max_nodes, label=_tie_label)
    bottom = max(a for _, a in G.nodes(data="layer"))
    for u, v, a in G.edges(data=True):
        a["label"] = "home" if a["action"] == "go home for soup" else token_label(a["action"][5:])
    for n, a in G.nodes(data=True):
        st = a["state"]
        if a["kind"] == "terminal":
            a["outcome"] = st.outcome()
            a["outcome_long"] = st.outcome(short=False)
            a["choices"] = st.choices
            a["picks"] = tuple((p, t) for p, _n, t, _k in st.run.picks)
            a["soups"] = tuple(p for p, _n in st.run.soups)
            a["priority"] = tuple(st.run.priority)
            a["layer"] = bottom        # every outcome on the bottom row
    return G


def leaf_outcomes(G) -> list[dict]:
    """One row per finished leaf of :func:`tie_tree`: the moves on the way, what each player
    ends with, the scores and the priority track afterwards."""
    rows = []
    for n, a in G.nodes(data=True):
        if a["kind"] != "terminal":
            continue
        path = []
        node = n
        while node != G.graph.get("root", 0):
            parent = next(iter(G.predecessors(node)))
            path.append(G.edges[parent, node]["action"])
            node = parent
        rows.append({"node": n, "moves": " / ".join(reversed(path)), "outcome": a["outcome"],
                     "scores": tuple(a["scores"]), "priority": a["priority"], "choices": a["choices"]})
    return rows


def replay_choices(choices: Sequence[tuple[int, str | None]]):
    """A ``choose`` function for :func:`.shop.simulate_location` that makes ``choices`` in order."""
    it = iter(choices)

    def choose(player, capacity, available):
        p, tok = next(it)
        if p != player:
            raise KitchenlabError(f"expected player {p} to choose, got {player}")
        return tok

    return choose


def tie_tree_figure(G, title: str | None = None, player_names: Sequence[str] | None = None):
    """:func:`kitchenlab.charts.tree_figure` of a :func:`tie_tree`: edges show the token taken
    (``home`` = go home early for a consolation soup), every outcome sits on the bottom row with
    what each player ends with (in the player's colour; ``S`` is a soup), and the best line (each
    player maximising the face value they end with) is drawn in red."""
    import plotly.graph_objects as go

    from ..charts import player_color, tree_figure, tree_layout
    from ..trees import best_line

    root = G.nodes[G.graph.get("root", 0)]["state"]
    if title is None:
        chefs = ", ".join(f"P{p + 1} capacity {c}" for p, c in root.chefs0)
        title = (f"{' '.join(root.items0)} — chefs {chefs}; priority track "
                 f"{' '.join(f'P{p + 1}' for p in root.priority0)} (rightmost first)")
    fig = tree_figure(G, title=title, player_names=player_names)
    pos = tree_layout(G)
    line = best_line(G)
    xs, ys = [], []
    for u, v in zip(line.nodes, line.nodes[1:]):
        xs += [pos[u][0], pos[v][0], None]
        ys += [pos[u][1], pos[v][1], None]
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", name="best line", hoverinfo="skip",
                             line=dict(color="#E4002B", width=3)))
    leaves = [n for n, a in G.nodes(data=True) if a["kind"] == "terminal"]
    from .figures import token_label

    seats = sorted({p for p, _ in root.chefs0})
    for row, p in enumerate(seats):
        texts = []
        for n in leaves:
            st = G.nodes[n]["state"]
            texts.append(" ".join(token_label(t) for t in st.taken(p)) or "–")
        fig.add_trace(go.Scatter(
            x=[pos[n][0] for n in leaves], y=[pos[n][1] - 0.3 - 0.22 * row for n in leaves], mode="text",
            text=texts, textfont=dict(size=10, color=player_color(p)), showlegend=False, name=f"P{p + 1} ends with",
            hovertext=[f"{G.nodes[n]['outcome_long']}<br>scores {', '.join(map(str, G.nodes[n]['scores']))}"
                       "<br>priority track after: " + " ".join(f"P{q + 1}" for q in G.nodes[n]["priority"])
                       for n in leaves], hoverinfo="text"))
    layers = 1 + max(a for _, a in G.nodes(data="layer"))
    fig.update_yaxes(range=[-(layers - 1) - 0.35 - 0.22 * len(seats), 0.4])
    fig.update_layout(width=940, margin=dict(l=10, r=10))
    return fig


__all__ = [
    "DEFAULT_BOTS", "Flow", "Frame", "LocationGame", "RoundRecord", "contested_locations", "flow_figure",
    "leaf_outcomes", "leftover_moves", "record_round", "replay_choices", "round_flows", "round_frames",
    "round_stepper", "tie_tree", "tie_tree_figure",
]
