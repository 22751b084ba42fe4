"""The round structure of Critter Kitchen: the automatic steps between the players' choices.

Start of a round (bisque, challenge, stock, zous-chef), the reveal of the plans, each location's
resolution around :class:`.shop.LocationRun` (stocking the Merchant, consolation soups, picks,
leftovers), the end of a round (zous-chefs leave, challenge days, the critic meal). These are the
methods of :class:`RoundFlow`, the part of the state that no player decides.
"""

from __future__ import annotations

from . import solo
from .actions import Phase
from .shop import CAPACITY, CHEFS, LocationRun
from .tokens import ALLSPICE, BIS, BISQUE, RUM, SOUP, WLD, ZOU, Token, zous_id, zous_token


def at(values: tuple, i: int, value) -> tuple:
    """``values`` with item ``i`` replaced: how the per-seat tuples of a state change."""
    return values[:i] + (value,) + values[i + 1:]


_KNOWN: dict = {}
_WHOSE: dict = {}       # (seat, the rival's seat) -> "Player 2's" (seat names depend on nothing else)
_WHO: dict = {}         # (config, seat, chef) -> "Player 2's lizard" (a zous-chef named by its card)


def _known_kinds(spaces: tuple) -> frozenset:
    """The rumor kinds (1..3) whose rumor spaces hold a token (one set per filling, kept)."""
    got = _KNOWN.get(spaces)
    if got is None:
        if len(_KNOWN) > 4096:
            _KNOWN.clear()
        got = _KNOWN[spaces] = frozenset(i + 1 for i, t in enumerate(spaces) if t is not None)
    return got


_NO_FRONT: frozenset = frozenset()
#: per filling of every seat's rumor spaces: each seat's known rumor kinds (a run replaces, never
#: changes, the dict it is given)
_KNOWN_BY_SEAT: dict = {}


def _known_by_seat(rumors: tuple) -> dict:
    if len(_KNOWN_BY_SEAT) > 4096:
        _KNOWN_BY_SEAT.clear()
    got = _KNOWN_BY_SEAT[rumors] = {s: _known_kinds(r) for s, r in enumerate(rumors)}
    return got


def _arrivals(cfg, plans: list) -> tuple:
    """Who goes where: per location, the chefs sent there as (seat, capacity, chef), seat by seat."""
    out = [[] for _ in cfg.locs]
    for s, plan in enumerate(plans):
        for c, loc in plan.items():
            out[loc].append((s, cfg.capacity(c), c))
    return tuple(map(tuple, out))


def _day_challenges(cfg, rnd: int, challenges: tuple, revealed: int, held: int | None) -> tuple:
    """:meth:`RoundFlow.day_challenges`, kept per configuration for the values it depends on
    (``held``: the challenge the Hold covers on round ``rnd``, if any)."""
    key = (rnd, challenges, revealed, held)
    cache = cfg.day_cache
    got = cache.get(key)
    if got is None:
        d1, d2 = cfg.days
        lo, hi = (0, d1) if rnd <= d1 else (d1, d2)
        out = []
        for i in range(lo, min(hi, revealed)):
            reqs = cfg.comps.challenge(challenges[i]).requirements
            if held == i:
                reqs = reqs[:-1]          # the Hold token covers the rightmost requirement
            out.append((i, tuple(reqs)))
        if len(cache) > 50_000:
            cache.clear()
        got = cache[key] = tuple(out)
    return got


class RoundFlow:
    """The automatic steps of a round (mixed into :class:`.rules.State`)."""

    def _award(self, seat: int, stars: int, reason: str) -> None:
        """``seat`` gains ``stars`` (noted with ``reason`` in its star log)."""
        self.stars = at(self.stars, seat, self.stars[seat] + stars)
        self.star_log = at(self.star_log, seat, self.star_log[seat] + ((reason, stars),))

    # ------------------------------------------------------------------ small helpers
    def _name(self, seat: int) -> str:
        return self.cfg.seat_name(seat)

    def _whose(self, seat: int) -> str:
        key = (seat, self.cfg.rival)
        got = _WHOSE.get(key)
        if got is None:
            name = self._name(seat)
            got = _WHOSE[key] = name if name.endswith("'s") else name + "'s"
        return got

    def _draw(self) -> Token | None:
        """One token from the bag; a token of a face-up rumor is removed and another drawn."""
        bag = self.bag
        while bag:
            i = self.rng.randbelow(len(bag))
            bag[i], bag[-1] = bag[-1], bag[i]
            tok = bag.pop()
            if tok.kind is RUM and self.flipped[tok.rumor - 1]:
                self.removed += (tok,)
                self.say(f"{tok} is drawn but its rumor card is face up: it leaves the game", "removed", token=tok)
                continue
            return tok
        return None

    def _fill(self, loc: int, n: int) -> list[Token]:
        self.bag = self.bag[:]      # a copy of the state shares the bag: it is replaced, not changed
        got = []
        for _ in range(n):
            tok = self._draw()
            if tok is None:
                self.say("The bag is empty")
                break
            got.append(tok)
        self._put(loc, got)
        return got

    def _put(self, loc: int, toks: list) -> None:
        """Add ``toks`` to location ``loc``: the location lists are replaced, never changed (a copy
        of the state shares them)."""
        items = self.items[:]
        items[loc] = items[loc] + toks
        self.items = items

    def _store(self, seat: int, toks: list) -> None:
        """Add ``toks`` to ``seat``'s storage, replacing its list (outside the meal phases a copy of
        the state shares the storage lists)."""
        self.storage[seat] = self.storage[seat] + toks

    def known_kinds(self, seat: int) -> frozenset:
        """The rumor kinds (1..3) this seat knows."""
        return _known_kinds(self.rumors[seat])

    def _chefs_of(self, seat: int) -> list[str]:
        out: list[str] = list(CHEFS)
        if self.hired[seat] is not None:
            out.append(zous_token(self.hired[seat]))
        return out

    def day_challenges(self, rnd: int | None = None) -> list[tuple[int, tuple[str, ...]]]:
        """The challenges of the day ending after round ``rnd``: (index, requirements after the Hold)."""
        rnd = self.round if rnd is None else rnd
        return _day_challenges(self.cfg, rnd, self.challenges, self.revealed, self.hold.get(rnd))

    # ------------------------------------------------------------------ a round's steps
    def _start_round(self, rnd: int) -> None:
        cfg = self.cfg
        self.round = rnd
        self.phase = Phase.PLAN
        self.turn = 0
        self.plans = [{} for _ in range(cfg.seats)]
        self.say_event(f"Round {rnd} begins (day {cfg.day_of(rnd)})", "round", {"round": rnd})
        if BISQUE not in self.items[cfg.truck] and self.bisque_supply > 0:
            self._put(cfg.truck, [BISQUE])
            self.bisque_supply -= 1
            self.say_event("A bisque goes on the Soup Truck", "bisque", {"loc": cfg.truck})
        if rnd <= cfg.days[1] and self.revealed < len(self.challenges):
            idx = self.revealed
            self.revealed += 1
            ch = cfg.comps.challenge(self.challenges[idx])
            text = f"Challenge revealed: {ch.name} ({', '.join(ch.requirements)})"
            if rnd in cfg.hold_rounds:
                self.hold = {**self.hold, rnd: idx}
                text += f"; the Hold token covers {ch.requirements[-1]}"
            self.say_event(text, "challenge", {"index": idx, "hold": rnd in cfg.hold_rounds})
        for i, loc in enumerate(cfg.locs):
            if loc.kind == "numbered" and cfg.spaces[i]:
                got = self._fill(i, cfg.spaces[i] - len(self.items[i]))
                self.say_event(f"{loc.name} is stocked: {' '.join(got) or 'nothing'}", "stock",
                               {"loc": i, "tokens": tuple(got)})
        ac = cfg.academy
        if cfg.spaces[ac] and (cfg.academy_every_round or rnd == cfg.rounds):
            got = self._fill(ac, cfg.spaces[ac])
            self.say(f"Chef Academy's 2-player spaces are stocked: {' '.join(got) or 'nothing'}", "stock",
                     loc=ac, tokens=tuple(got))
        if rnd == cfg.rounds:
            self._put(ac, [ALLSPICE])
            self.extra = 1
            self.say("The round-7 Allspice token goes to the Chef Academy", "allspice", loc=ac, token=ALLSPICE)
        elif self.zous_deck:
            zid = self.zous_deck[-1]
            self.zous_deck = self.zous_deck[:-1]
            tok = zous_token(zid)
            self._put(ac, [tok])
            z = cfg.comps.zous_chef(zid)
            self.say_event(f"Zous-chef at the Chef Academy: {z.name} (capacity {z.capacity})", "zous_offer",
                           {"loc": ac, "token": tok})

    def _reveal(self) -> None:
        cfg = self.cfg
        if cfg.solo:
            plan, self.solo_drawn = solo.rival_plan(self, self.rng)
            for name, where, card in plan:
                self.say(f"{solo.RIVAL_NAME} draws placement card {card}: its {cfg.chef_label(name)} "
                         f"will go to {cfg.loc_names[where]}")
                self.plans[cfg.rival] = {**self.plans[cfg.rival], name: where}     # replaced, not changed
        self.arrivals = _arrivals(cfg, self.plans)
        for s in range(cfg.seats):
            parts = [f"{cfg.chef_label(c)} -> {cfg.loc_names[l]}" for c, l in self.plans[s].items()]
            self.say_event(f"{self._name(s)} reveals: {', '.join(parts)}", "reveal",
                           {"seat": s, "plan": dict(self.plans[s])})
        self.phase = Phase.SHOP
        self.loc = 0
        self.run = None

    def _start_location(self) -> LocationRun | None:
        """The resolution of location ``self.loc`` begins: its :class:`LocationRun` (``None`` when
        no chef went there: the location is finished at once)."""
        cfg = self.cfg
        i = self.loc
        if i == cfg.merchant and cfg.spaces[i]:
            got = self._fill(i, cfg.spaces[i] - len(self.items[i]))
            self.say_event(f"Midnight Merchant reveals: {' '.join(got) or 'nothing'}", "stock",
                           {"loc": i, "tokens": tuple(got)})
        chefs = self.arrivals[i]
        self.soups_paid = 0
        if not chefs:
            return None
        # the zous-chefs that pick first in their queue (none when nobody hired one this round)
        front = frozenset((s, c) for s, _, c in chefs
                          if c not in CAPACITY and cfg.comps.zous_chef(zous_id(c)).ability == "first_in_queue"
                          ) if any(self.hired) else _NO_FRONT
        known = _KNOWN_BY_SEAT.get(self.rumors)
        if known is None:
            known = _known_by_seat(self.rumors)
        run = self.run = LocationRun.begin(cfg.loc_names[i], self.items[i], chefs, self.priority, i == cfg.truck,
                                           known, cfg.hat_move, front)
        self.say_event(f"{cfg.loc_names[i]} resolves with {len(chefs)} chef(s)", "resolve",
                       {"loc": i, "chefs": tuple(chefs)})
        return run

    def _pay_soups(self, early: bool = False) -> None:
        run = self.run
        while self.soups_paid < len(run.soups):
            s, chef = run.soups[self.soups_paid]
            self.soups_paid += 1
            self._store(s, [SOUP])
            how = "leaves early for a consolation soup" if early else "finds nothing left and goes home with a consolation soup"
            self.say_event(f"{self._whose(s)} {self.cfg.chef_label(chef)} {how}", "soup",
                           {"loc": self.loc, "seat": s, "chef": chef})

    def _take(self, tok: Token, kind: int | None) -> None:
        """The chef whose turn it is takes ``tok`` (a wild token counting as rumor ``kind``)."""
        run = self.run
        chef = run.chef             # run.current(), where run.advance() stopped
        cname = chef.name
        before = run.moved
        seat, _, tok, kind = run.pick(chef, tok, kind)      # the move is one of run.options(chef)
        key = (self.cfg, seat, cname)
        who = _WHO.get(key)
        if who is None:
            who = _WHO[key] = f"{self._whose(seat)} {self.cfg.chef_label(cname)}"
        k = tok.kind
        fact = {"loc": self.loc, "seat": seat, "chef": cname, "token": tok, "rumor": kind if k is WLD else None}
        if k is ZOU:
            self.hire_next = at(self.hire_next, seat, tok.zous)
            self.say_event(f"{who} hires zous-chef {self.cfg.comps.zous_chef(tok.zous).name} for next round", "pick",
                           fact)
        elif k is RUM or k is WLD:
            r = kind if k is WLD else tok.rumor
            slots = list(self.rumors[seat])
            slots[r - 1] = tok
            self.rumors = self.rumors[:seat] + (tuple(slots),) + self.rumors[seat + 1:]
            reads = " (it never reads the rumor cards)" if seat == self.cfg.rival else f" and reads rumor card {r}"
            self.say_event(f"{who} takes {tok}" + (f" (as rumor {r})" if k is WLD else "") + reads, "pick", fact)
            if not self.flipped[r - 1] and all(self.rumors[p][r - 1] is not None for p in range(self.players)):
                self.flipped = self.flipped[:r - 1] + (True,) + self.flipped[r:]
                self.say(f"Every player knows rumor {r}: the card turns face up "
                         f"({self.cfg.comps.rumor(self.rumor_cards[r - 1]).name})", "flip", rumor=r)
        else:
            self.storage[seat] = self.storage[seat] + [tok]          # self._store(seat, [tok])
            self.say_event(who + " takes " + tok, "pick", fact)     # (an f-string formats a token slowly)
        if run.moved is not None and before is None:
            self.priority = tuple(run.priority)
            order = ", ".join(self._name(s) for s in self.priority)
            self.say_event(f"{self._name(run.moved)} made the first pick of a tie: the hat moves to the back of the "
                           f"priority track (now, left to right: {order})", "hat",
                           {"seat": run.moved, "priority": self.priority})
            zid = zous_id(cname)
            if zid is not None and self.cfg.comps.zous_chef(zid).ability == "tie_star":
                z = self.cfg.comps.zous_chef(zid)
                n = int(z.param or 1)
                self._award(run.moved, n, f"zous-chef {z.name}")
                self.say(f"{self._whose(run.moved)} zous-chef {z.name} tied and moved to the back: {n} star(s)")
        if self.soups_paid < len(run.soups):
            self._pay_soups()

    def _finish_location(self) -> None:
        cfg = self.cfg
        i = self.loc
        run = self.run          # None: no chef went there
        # zous-chefs that take soup after their last pick
        for q in run.queues if run is not None else ():
            for c in q:
                if c.taken > 0 and c.name not in CAPACITY:
                    z = cfg.comps.zous_chef(zous_id(c.name))
                    if z.ability == "gain_soup":
                        n = int(z.param or 1)
                        self._store(c.player, [SOUP] * n)
                        self.say(f"{self._whose(c.player)} zous-chef {z.name} takes {n} soup after its last pick",
                                 "zous_soup", loc=i, seat=c.player, chef=c.name, count=n)
                        if c.player == cfg.rival:
                            solo.return_soups(self)     # McDogald's refuses it [RB: Newton]
        self.run = None     # done: a picture drawn at the lines below shows the leftovers moved
        kept, moved, gone = [], [], []
        dest = cfg.truck if i == cfg.academy else cfg.academy
        for tok in run.items if run is not None else self.items[i]:
            k = tok.kind
            if k is BIS and i == cfg.truck:
                kept.append(tok)          # the bisque space keeps its bisque
            elif k is RUM or k is WLD:
                self.removed += (tok,)
                gone.append(tok)
            elif k is ZOU:
                self.zous_gone += (tok.zous,)
                gone.append(tok)
            else:
                moved.append(tok)
        items = self.items[:]
        items[i] = kept
        items[dest] = items[dest] + moved
        self.items = items
        if moved:
            self.say_event(f"Leftovers of {cfg.loc_names[i]} go to the {cfg.loc_names[dest]}: {' '.join(moved)}",
                           "leftover", {"loc": i, "to": dest, "tokens": tuple(moved)})
        if gone:
            names = [f"zous-chef {cfg.comps.zous_chef(t.zous).name}" if t.kind is ZOU else str(t) for t in gone]
            self.say_event(f"Left the game from {cfg.loc_names[i]}: {' '.join(names)}", "gone",
                           {"loc": i, "tokens": tuple(gone)})
        self.loc += 1
        if self.loc >= len(cfg.locs):
            self._end_round()

    def _end_round(self) -> None:
        cfg = self.cfg
        for s in range(cfg.seats):
            if self.hired[s] is not None:
                self.zous_gone += (self.hired[s],)
                self.say(f"{self._whose(s)} zous-chef {cfg.comps.zous_chef(self.hired[s]).name} leaves",
                         "zous_leaves", seat=s, token=zous_token(self.hired[s]))
        self.hired = self.hire_next
        self.hire_next = (None,) * cfg.seats
        self.plans = [{} for _ in range(cfg.seats)]
        rnd = self.round
        if rnd in cfg.days:
            self.phase = Phase.CHALLENGE
            self.turn = 0
            self.meals = [{} for _ in range(cfg.seats)]
            self.say(f"Day {cfg.day_of(rnd)} ends: challenge meals", "day_end", day=cfg.day_of(rnd))
            if cfg.solo:
                solo.collect_challenge_stars(self)
        elif rnd >= cfg.rounds:
            self.phase = Phase.CRITIC
            self.turn = 0
            self.critic_meals = [{} for _ in range(cfg.seats)]
            self.say("Round 7 ends: the critic meal" if cfg.rounds == 7 else "The last round ends: the critic meal")
        else:
            self._start_round(rnd + 1)

    def _after_challenges(self) -> None:
        self.phase = Phase.FRIDGE
        self.turn = 0
        self.say(f"Fridge: keep at most {self.cfg.fridge[self.round]} ingredients and spices")

    def _after_fridge(self) -> None:
        if self.round == self.cfg.days[0] and self.cfg.days[1] in self.cfg.hold_rounds:
            self.say(f"The Hold token moves to round {self.cfg.days[1]}", "hold_moves", round=self.cfg.days[1])
        self._start_round(self.round + 1)
