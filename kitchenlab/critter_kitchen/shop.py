"""The shop step of Critter Kitchen: how the chefs at one location take its items.

One location resolves like this (rules digest, "A round", step 4):

* chefs wait in three queues by capacity; the capacity-1 queue picks first, then 2, then 3
  (a zous-chef joins the queue of the capacity printed on its card);
* a lone chef takes items one after another until it is full or nothing is left that it may take;
* several chefs in one queue take one item each in turn, in priority-track order: the **rightmost**
  hat first. When the first of those tied chefs also takes the location's very first item, its
  player's hat moves to the back (the left end) of the track (variant ``hat_move=False``: no hat
  moves);
* a chef that goes home with nothing takes one consolation soup; on its turn a chef that has taken
  nothing may go home early for that soup; a chef with an item never gets it;
* rumor tokens: a player never takes a rumor they already know; a wild token counts at once as one
  rumor the taker does not know yet; a player who knows all three cannot take wild tokens.

:class:`LocationRun` is a small step machine over one location. The game state drives it one
decision at a time (each real choice is a player action); :func:`simulate_location` drives the
same machine with a ``choose`` function, so both follow exactly the same code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

from ..errors import IllegalActionError
from .tokens import RUM, RUMOR_KINDS, SOU, SOUP, TOKEN_FACTS, WILD, WLD, Token, face_value, token

_token = token
_new = object.__new__
_NOTHING: frozenset = frozenset()
_ALONE = TOKEN_FACTS.alone          # token -> (token, None), one shared pair per token
_PLAIN = TOKEN_FACTS.plain          # the tokens of _ALONE that are neither rumor nor wild tokens


def _alone(tok) -> tuple:
    pair = _ALONE[tok] = (tok, None)
    if tok.kind is not RUM and tok.kind is not WLD:
        _PLAIN.add(tok)
    return pair


_SOUP_PAIR = (SOUP, None)

#: the three chefs of every restaurant, in capacity order
CHEFS: tuple[str, ...] = ("mouse", "lizard", "boar")
CAPACITY: dict[str, int] = {"mouse": 1, "lizard": 2, "boar": 3}



def rumor_kind(tok: str) -> int:
    """``"rumor2"`` -> 2."""
    return token(tok).rumor


#: The face value used by the default chooser: ingredient value, bisque 3, soup 1, else 0.
token_value = face_value


class Chef:
    """One chef standing in a queue at a location: ``player``, ``capacity``, ``name``, items
    ``taken`` so far, ``done``. A chef in a queue is never changed: the queue gets a new one (so
    a copy of a :class:`LocationRun` shares its chefs)."""

    __slots__ = ("player", "capacity", "name", "taken", "done")

    def __init__(self, player: int, capacity: int, name: str, taken: int = 0, done: bool = False):
        self.player = player
        self.capacity = capacity
        self.name = name
        self.taken = taken
        self.done = done

    def copy(self) -> "Chef":
        return Chef(self.player, self.capacity, self.name, self.taken, self.done)

    def __repr__(self) -> str:
        return f"Chef(p{self.player} {self.name} cap {self.capacity}, took {self.taken})"


class LocationRun:
    """The resolution of one location, advanced one decision at a time.

    ``items`` are the tokens on the location (``soup`` is not listed: ``unlimited_soup`` says the
    Soup Truck's endless soup is there). ``chefs`` are ``(player, capacity, name)`` triples.
    ``priority`` lists players' hats from left to right (the rightmost picks first among tied chefs).
    ``known`` maps a player to the rumor kinds (1..3) they know.

    Use: ``chef = run.advance()``; if it is ``None`` the location is done; otherwise
    ``run.options(chef)`` lists ``(token, kind)`` choices (``kind`` is the rumor a wild token would
    count as, else ``None``), ``run.may_go_home(chef)`` says if going home early is allowed, and
    ``run.take(token, kind)`` / ``run.go_home()`` make the decision.
    """

    __slots__ = (
        "name", "items", "unlimited_soup", "queues", "qi", "turn", "priority", "hat_move",
        "known", "picks", "soups", "first_taken", "moved", "front", "no_rumors", "_opts", "chef",
    )

    def __init__(
        self,
        name: str,
        items: Iterable[str],
        chefs: Iterable[tuple[int, int, str]],
        priority: Sequence[int],
        *,
        unlimited_soup: bool = False,
        known: Mapping[int, Iterable[int]] | None = None,
        hat_move: bool = True,
        front: Iterable[tuple[int, str]] = (),
        no_rumors: Iterable[int] = (),
    ) -> None:
        self.name = name
        self.items = [t if t.__class__ is Token else token(t) for t in items]
        self.unlimited_soup = unlimited_soup
        by_cap: dict[int, list[Chef]] = {}
        for player, cap, cname in chefs:
            by_cap.setdefault(int(cap), []).append(Chef(player, int(cap), cname))
        self.queues = [by_cap[c] for c in sorted(by_cap)]
        self.qi = -1
        self.turn = 0
        self.priority = list(priority)
        self.hat_move = hat_move
        self.known = {p: frozenset(k) for p, k in (known or {}).items()}
        self.picks: list[tuple[int, str, str, int | None]] = []
        self.soups: list[tuple[int, str]] = []
        self.first_taken = False
        self.moved: int | None = None
        self.front = frozenset(front)        # (player, chef name) that pick first in their queue
        self.no_rumors = frozenset(no_rumors)  # players that never take rumor tokens
        self._opts: dict = {}    # player -> options(), while items and known stay as they are
        self.chef: Chef | None = None     # the chef :meth:`advance` stopped at (None until then, and after a move)
        self._next_queue()

    @classmethod
    def begin(cls, name: str, items: list, chefs: tuple, priority: tuple, unlimited_soup: bool,
              known: dict, hat_move: bool, front: frozenset) -> "LocationRun":
        """``LocationRun(...)`` from the game's own values: ``items`` a list of tokens (shared:
        it is replaced, never changed), ``known`` frozensets, no player barred from rumors."""
        self = _new(cls)
        self.name = name
        self.items = items
        self.unlimited_soup = unlimited_soup
        if len(chefs) == 1:
            player, cap, cname = chefs[0]
            self.queues = [[Chef(player, cap, cname)]]
        else:
            by_cap: dict[int, list[Chef]] = {}
            for player, cap, cname in chefs:
                q = by_cap.get(cap)
                if q is None:
                    by_cap[cap] = [Chef(player, cap, cname)]
                else:
                    q.append(Chef(player, cap, cname))
            self.queues = [by_cap[c] for c in sorted(by_cap)]
        self.qi = -1
        self.turn = 0
        self.priority = list(priority)
        self.hat_move = hat_move
        self.known = known
        self.picks = []
        self.soups = []
        self.first_taken = False
        self.moved = None
        self.front = front
        self.no_rumors = _NOTHING
        self._opts = {}
        self.chef = None
        self._next_queue()
        return self

    def copy(self) -> "LocationRun":
        # ``items``, ``queues`` (and their chefs), ``priority``, ``known``, ``picks`` and ``soups``
        # are replaced when they change, never changed in place, so a copy shares them (and the
        # options worked out for them)
        new = _new(LocationRun)
        new.name = self.name
        new.items = self.items
        new.unlimited_soup = self.unlimited_soup
        new.queues = self.queues
        new.qi = self.qi
        new.turn = self.turn
        new.priority = self.priority
        new.hat_move = self.hat_move
        new.known = self.known
        new.picks = self.picks
        new.soups = self.soups
        new.first_taken = self.first_taken
        new.moved = self.moved
        new.front = self.front
        new.no_rumors = self.no_rumors
        new._opts = self._opts
        new.chef = self.chef
        return new

    # -- queue bookkeeping ------------------------------------------------------------------------
    def _next_queue(self) -> None:
        self.qi += 1
        self.turn = 0
        if self.qi < len(self.queues) and len(self.queues[self.qi]) > 1:
            # the rightmost hat (highest index) goes first; a "first in queue" zous-chef before all
            front = self.front
            queues = self.queues[:]
            q = queues[self.qi]
            if front:
                rank = {p: i for i, p in enumerate(self.priority)}
                queues[self.qi] = sorted(q, key=lambda c: (0 if (c.player, c.name) in front else 1,
                                                           -rank.get(c.player, -1)))
            else:
                # the same order without a sort: hats from the right, a player's chefs as they were
                # queued, and a player without a hat last
                order = [c for p in reversed(self.priority) for c in q if c.player == p]
                if len(order) < len(q):
                    order += [c for c in q if c.player not in self.priority]
                queues[self.qi] = order
            self.queues = queues

    def _set_chef(self, i: int, chef: Chef, taken: int, done: bool) -> None:
        """Chef ``i`` of the current queue (now ``chef``) has ``taken`` items and is ``done`` or not:
        a new chef in new lists."""
        queues = self.queues[:]
        q = queues[self.qi] = queues[self.qi][:]
        q[i] = Chef(chef.player, chef.capacity, chef.name, taken, done)
        self.queues = queues

    def _knows(self, player: int) -> frozenset:
        return self.known.get(player, frozenset())

    def options(self, chef: Chef) -> list[tuple[str, int | None]]:
        """The distinct things ``chef`` may take now, in the location's order (soup last). The list
        is kept for the next call (until the items or the known rumors change): do not change it."""
        got = self._opts.get(chef.player)
        if got is not None:
            return got
        distinct = dict.fromkeys(self.items)        # each token once, in the location's order
        if _PLAIN.issuperset(distinct):
            # no rumor or wild token: every distinct item alone (the loop below, in one step)
            out = list(map(_ALONE.__getitem__, distinct))
            if self.unlimited_soup:
                out.append(_SOUP_PAIR)
            self._opts[chef.player] = out
            return out
        known = self.known.get(chef.player, _NOTHING)
        blocked = chef.player in self.no_rumors
        out: list[tuple[str, int | None]] = []
        for tok in distinct:
            k = tok.kind
            if k is WLD:
                if not blocked:
                    for r in RUMOR_KINDS:
                        if r not in known:
                            out.append((tok, r))
                continue
            if k is RUM and (blocked or tok.rumor in known):
                continue
            pair = _ALONE.get(tok)
            if pair is None:
                pair = _alone(tok)
            out.append(pair)
        if self.unlimited_soup:
            out.append(_SOUP_PAIR)
        self._opts[chef.player] = out
        return out

    def may_go_home(self, chef: Chef) -> bool:
        """Going home early for a consolation soup: only before taking anything. At the Soup Truck
        too: it is no pick, so a tied chef going first keeps its hat where a soup taken as the
        location's first pick would send it to the back."""
        return chef.taken == 0

    def takes_everything(self, chef: Chef) -> bool:
        """True when the order of ``chef``'s picks cannot matter: it has taken something already
        (so it cannot go home early), no other chef of its queue still picks, there is no wild
        token to place, no endless soup, and it has room for everything it may take."""
        if chef.taken == 0 or self.unlimited_soup:
            return False
        for c in self.queues[self.qi]:
            if c is not chef and not c.done:
                return False
        opts = self.options(chef)
        n = 0
        for tok, kind in opts:
            if tok.kind is WLD:
                return False
            n += 1 if tok.kind is RUM else self.items.count(tok)
        return n <= chef.capacity - chef.taken

    def current(self) -> Chef | None:
        if self.qi >= len(self.queues):
            return None
        q = self.queues[self.qi]
        return q[self.turn] if q else None

    def advance(self) -> Chef | None:
        """Move to the next chef that has a decision; send home chefs that are full or stuck."""
        while self.qi < len(self.queues):
            q = self.queues[self.qi]
            n = len(q)
            for k in range(n):
                i = (self.turn + k) % n
                c = q[i]
                if c.done:
                    continue
                if c.taken >= c.capacity:
                    self._set_chef(i, c, c.taken, True)
                    q = self.queues[self.qi]
                    continue
                if not self.options(c):
                    self._set_chef(i, c, c.taken, True)
                    q = self.queues[self.qi]
                    if c.taken == 0:
                        self.soups = self.soups + [(c.player, c.name)]
                    continue
                self.turn = i
                self.chef = c
                return c
            self._next_queue()
        self.chef = None
        return None

    def _pass_turn(self) -> None:
        q = self.queues[self.qi]
        self.turn = (self.turn + 1) % len(q)

    def take(self, token: str, kind: int | None = None) -> tuple[int, str, str, int | None]:
        """The current chef takes ``token`` (a wild token counting as rumor ``kind``)."""
        chef = self.current()
        if chef is None or chef.done:
            raise IllegalActionError(f"{self.name}: no chef is picking")
        if (token, kind) not in self.options(chef):
            if token == WILD and kind is None:
                unknown = [k for k in RUMOR_KINDS if k not in self._knows(chef.player)]
                kind = unknown[0] if unknown else None
            if (token, kind) not in self.options(chef):
                allowed = ", ".join(t if k is None else f"{t} as rumor{k}" for t, k in self.options(chef))
                raise IllegalActionError(f"{self.name}: {chef.name} of player {chef.player} cannot take {token!r}; allowed: {allowed}")
        return self.pick(chef, token if token.__class__ is Token else _token(token), kind)

    def pick(self, chef: Chef, token: Token, kind: int | None) -> tuple[int, str, Token, int | None]:
        """:meth:`take` of a move already known to be one of ``options(chef)`` by the current chef
        ``chef`` (the game's path: its moves come from that list)."""
        # the lists and the known rumors are replaced, not changed (a copy shares them)
        tk = token.kind
        if tk is not SOU or not self.unlimited_soup:
            items = self.items[:]
            items.remove(token)
            self.items = items
            self._opts = {}
        if tk is RUM or tk is WLD:
            p = chef.player
            self.known = {**self.known, p: self.known.get(p, _NOTHING) | {kind if tk is WLD else token.rumor}}
            self._opts = {}
        qi, turn = self.qi, self.turn
        q = self.queues[qi]
        if not self.first_taken:
            if len(q) > 1 and turn == 0 and chef.taken == 0 and self.hat_move:
                # the first of the tied chefs makes the location's first pick
                priority = self.priority[:]
                priority.remove(chef.player)
                priority.insert(0, chef.player)
                self.priority = priority
                self.moved = chef.player
            self.first_taken = True
        taken = chef.taken + 1
        # self._set_chef(turn, chef, taken, taken >= chef.capacity), then the turn passes
        queues = self.queues[:]
        q = queues[qi] = q[:]
        q[turn] = Chef(chef.player, chef.capacity, chef.name, taken, taken >= chef.capacity)
        self.queues = queues
        pick = (chef.player, chef.name, token, kind if tk is WLD else None)
        self.picks = self.picks + [pick]
        self.turn = (turn + 1) % len(q)
        self.chef = None
        return pick

    def go_home(self) -> None:
        """The current chef, with nothing taken yet, goes home early for a consolation soup."""
        chef = self.current()
        if chef is None or chef.done:
            raise IllegalActionError(f"{self.name}: no chef is picking")
        if not self.may_go_home(chef):
            raise IllegalActionError(f"{self.name}: {chef.name} of player {chef.player} may not go home early now")
        self._set_chef(self.turn, chef, chef.taken, True)
        self.soups = self.soups + [(chef.player, chef.name)]
        self._pass_turn()
        self.chef = None

    @property
    def finished(self) -> bool:
        return self.qi >= len(self.queues)


@dataclass(frozen=True)
class LocationResult:
    """What happened at one location."""

    picks: tuple[tuple[int, str], ...]      # (player, item) in pick order
    soups: tuple[int, ...]                  # players given a consolation soup (one per chef)
    priority: tuple[int, ...]               # the priority track afterwards (left to right)
    leftovers: tuple[str, ...]              # tokens nobody took (soup not listed)
    wild_as: tuple[tuple[int, int], ...] = ()   # (player, rumor kind) for each wild token taken


def _parse_items(items: str | Iterable[str]) -> list[str]:
    return items.split() if isinstance(items, str) else [str(i) for i in items]


def default_choose(player: int, capacity: int, available: Sequence[str]) -> str | None:
    """Take the highest face value (first listed on a tie); never go home early."""
    best = None
    best_v = -1
    for tok in available:
        v = token_value(tok)
        if v > best_v:
            best, best_v = tok, v
    return best


def simulate_location(
    items: str | Iterable[str],
    chefs: Iterable[tuple[int, int]],
    priority: Sequence[int],
    choose: Callable[[int, int, list[str]], str | None] | None = None,
    *,
    known: Mapping[int, Iterable] | None = None,
    hat_move: bool = True,
) -> LocationResult:
    """Resolve one location and report who took what.

    ``items``: tokens on the location (a list or a whitespace-separated string). Listing ``soup``
    makes the location the Soup Truck (endless soup). ``chefs``: ``(player, capacity)`` pairs.
    ``priority``: players' hats from left to right; the rightmost picks first among tied chefs.
    ``choose(player, capacity, available)`` returns the token to take (a wild token counts as the
    lowest-numbered rumor its taker does not know) or ``None`` to go home early for a soup
    (only allowed before the chef has taken anything); by default the highest face value is taken.
    ``known`` maps players to the rumors they know (numbers 1..3 or tokens ``"rumor2"``).

    >>> r = simulate_location("fish7 bread2 cheese4", [(0, 2), (1, 2)], priority=[0, 1])
    >>> r.picks
    ((1, 'fish7'), (0, 'cheese4'), (1, 'bread2'))
    >>> r.priority   # player 1 made the location's first pick as the first tied chef
    (1, 0)
    """
    toks = [token(t) for t in _parse_items(items)]
    unlimited = SOUP in toks
    toks = [t for t in toks if t != SOUP]
    kn = {}
    for p, ks in (known or {}).items():
        kn[p] = {k if isinstance(k, int) else rumor_kind(k) for k in ks}
    chef_list = []
    for i, (player, cap) in enumerate(chefs):
        chef_list.append((player, cap, f"chef{i + 1}"))
    run = LocationRun("location", toks, chef_list, priority, unlimited_soup=unlimited, known=kn,
                      hat_move=hat_move)
    choose = choose or default_choose
    wild_as = []
    while True:
        chef = run.advance()
        if chef is None:
            break
        opts = run.options(chef)
        avail = []
        for t, _k in opts:
            if t not in avail:
                avail.append(t)
        pick = choose(chef.player, chef.capacity, list(avail))
        if pick is None:
            run.go_home()
            continue
        if pick not in avail:
            raise IllegalActionError(f"choose returned {pick!r}; available: {', '.join(avail)}")
        kind = next(k for t, k in opts if t == pick)
        got = run.take(pick, kind)
        if pick == WILD:
            wild_as.append((chef.player, got[3]))
    return LocationResult(
        picks=tuple((p, t) for p, _n, t, _k in run.picks),
        soups=tuple(p for p, _n in run.soups),
        priority=tuple(run.priority),
        leftovers=tuple(run.items),
        wild_as=tuple(wild_as),
    )
