"""One contested location as a tiny game of its own, and its decision tree.

:class:`LocationGame` plays the choices at one location with :class:`.shop.LocationRun` (the
machine behind :func:`.shop.simulate_location` and the game's shop step), so the tree that
:func:`tie_tree` expands follows exactly the rules of the game: who picks first in a tie, when a
hat moves, when a chef may go home for a consolation soup.

>>> g = LocationGame("fish7 cheese4 bread2", [(0, 2), (1, 2)], priority=[0, 1])
>>> g.current_player, [str(a) for a in g.legal_actions()]
(1, ['take fish7', 'take cheese4', 'take bread2', 'go home for soup'])
"""

from __future__ import annotations

from typing import Sequence

from . import actions
from ..engine import GameState
from ..errors import KitchenlabError
from .actions import Kind
from .shop import LocationRun, rumor_kind
from .tokens import SOUP, face_value, token

class LocationGame(GameState):
    """The choices at one location as a tiny game: players take turns as :class:`.shop.LocationRun`
    says (the same machine as :func:`.shop.simulate_location`), picking a token or going home early
    for a soup. A move with no alternative is made at once (it is still recorded in ``choices``).
    A player's score is the face value of what they end with (ingredients, soup 1, bisque 3; a
    consolation soup counts 1), the quantity a greedy chef is after."""

    game = "critter_kitchen_location"

    def __init__(self, items, chefs: Sequence[tuple[int, int]], priority: Sequence[int], *,
                 known: dict | None = None, hat_move: bool = True, players: int | None = None) -> None:
        toks = [token(t) for t in (items.split() if isinstance(items, str) else items)]
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
        out = [actions.take(tok, kind) for tok, kind in self._options(chef)]
        if self.run.may_go_home(chef):
            out.append(actions.HOME)
        return out

    def _do(self, action) -> None:
        chef = self.run.current()
        if action.kind is Kind.HOME:
            self.run.go_home()
            self.choices += ((chef.player, None),)
        else:
            tok = action.token
            self.run.take(tok, action.rumor)
            self.choices += ((chef.player, tok),)
        self._settle()

    # -- results ----------------------------------------------------------------------------------
    def taken(self, player: int) -> list[str]:
        """What ``player`` ended with so far: items in pick order, then a soup per consolation."""
        got = [t for p, _n, t, _k in self.run.picks if p == player]
        return got + [SOUP] * sum(1 for p, _n in self.run.soups if p == player)

    def scores(self) -> list:
        return [sum(face_value(t) for t in self.taken(p)) for p in range(self.players)]

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
        move = {str(m): m for m in G.nodes[u]["state"].legal_actions()}[a["action"]]
        a["label"] = "home" if move.kind is Kind.HOME else token_label(move.token)
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


__all__ = ["LocationGame", "leaf_outcomes", "replay_choices", "tie_tree"]
