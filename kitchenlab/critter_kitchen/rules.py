"""Critter Kitchen's game flow: setup, 7 rounds of 5 steps, challenge meals, fridge, critic meal.

The rules digest (``shared/rules/critter_kitchen.md``) is the specification; the component tables
come from :mod:`.components`, meal scoring from :mod:`.scoring`, and every location is resolved by
:class:`.shop.LocationRun` (the code behind :func:`.shop.simulate_location`).

Phases and their actions (each action's ``str`` is unique in its state):

* ``restaurateur`` (optional module) — ``keep The Baker``
* ``plan`` — secret and simultaneous, modelled as one chef at a time, player after player:
  ``send mouse to Soup Truck``, ``send zous-chef Badger to Chef Academy``. Nobody's view shows
  another player's plan before the reveal.
* ``shop`` — only real choices are asked: ``take fish7``, ``take wild as rumor2``,
  ``go home for soup``. A chef with a single possible move makes it on its own (logged).
* ``challenge`` (after days 1 and 2) — ``add fish7+spice to meal 1``, ``add soup to meal 2``,
  ``serve meal 1``, ``done with challenges``. Meal *k* is the day's *k*-th challenge.
* ``fridge`` — ``discard fish2`` while a player keeps more ingredients and spices than the limit.
* ``critic`` — ``put fish7+spice on fish course``, ``pair wine4 with fish course`` (Fruit Bat),
  ``done with critic meal``.

Adding to a meal is never undone (take the state before the action instead: states are
immutable), so every phase moves forward and the game always ends.

Solo (1 player): the automated restaurant McDogald's (seat 1) follows the digest's Solo section with
the kit's [A] deck from ``data/``; its moves happen by themselves and are logged.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ..errors import IllegalActionError
from . import hidden, scoring, solo
from .solo import RIVAL_NAME
from .components import load_components
from .shop import CAPACITY, CHEFS, LocationRun, rumor_kind
from .tokens import (
    ALLSPICE, BISQUE, RUMOR_TOKENS, SOUP, TYPES, WILD, ingredient_type, ingredient_value,
    is_ingredient, is_rumor, is_spice, is_zous,
)
from ..engine import Chain, Event as _Event, GameState, chain_items, chain_push

#: A hard bound on the number of actions in one game (every phase only moves forward). With at
#: most 5 players and 10 rounds: keeping a restaurateur <= 5; planning <= 10 x 5 x 4 chefs = 200;
#: picks <= 10 x 5 x (1 + 2 + 3 + 3) = 450 (each takes an item or sends a chef home); challenge
#: meals: each add moves one stored token into a meal (unserved meals come back at "done"), and a
#: player gains at most 14 soups a round (capacity 9, consolation 4, a zous-chef's soup 1), so per
#: day <= 120 tokens + 7 bisques + 5 x (3 + 140) soups = 842 adds, twice, plus <= 50 serves and
#: 10 "done"; fridge discards <= 2 x 120; critic meal <= 120 puts + 5 "done". In all <= 2769.
MAX_STEPS = 3000


_COMPS = load_components()

#: What-if star threshold presets for challenge meals ("standard" is the digest's table).
THRESHOLD_PRESETS: dict[str, tuple[tuple[int, int], ...]] = {
    "standard": tuple(_COMPS.thresholds),
    "flat": ((0, 0), (6, 1), (12, 2), (21, 3)),
    "linear": ((0, 0), (6, 1), (12, 2), (18, 3), (24, 4)),
    "low_bar": ((0, 0), (4, 1), (10, 2), (18, 4)),
}


#: The facts behind one log line (:class:`kitchenlab.engine.Event`). Critter Kitchen's ``data`` uses
#: seat numbers, location indices (left to right, 0 = Soup Truck) and token strings. The kinds:
#: ``setup`` (priority), ``round`` (round), ``bisque`` (loc), ``challenge`` (index, hold),
#: ``stock`` (loc, tokens: a location filled from the bag), ``allspice`` / ``zous_offer`` (loc,
#: token), ``planned`` (seat), ``reveal`` (seat, plan: chef -> loc), ``resolve`` (loc, chefs:
#: (seat, capacity, chef) triples), ``pick`` (loc, seat, chef, token, rumor: the rumor a wild
#: token counts as, else None), ``flip`` (rumor), ``hat`` (seat, priority afterwards), ``soup``
#: (loc, seat, chef: a consolation soup), ``zous_soup`` (loc, seat, chef, count), ``leftover``
#: (loc, to, tokens), ``gone`` (loc, tokens: out of the game), ``zous_leaves`` (seat, token),
#: ``removed`` (token: a drawn rumor token whose card is face up), ``day_end`` (day),
#: ``hold_moves`` (round); every other line is a ``note``.
Event = _Event


class Action(NamedTuple):
    """One move: ``text`` is what a person reads and types; ``kind``/``args`` drive the rules."""

    text: str
    kind: str
    args: tuple = ()

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"


def _token_sort_key(tok: str):
    if is_ingredient(tok):
        return (0, TYPES.index(ingredient_type(tok)), -ingredient_value(tok))
    if is_spice(tok):
        return (1, 99 if tok == ALLSPICE else TYPES.index(tok[:-6]), 0)
    if tok in (SOUP, BISQUE):
        return (2, 0 if tok == BISQUE else 1, 0)
    return (3, 0, tok)


# Lookup tables built once: the hot paths never parse token text.
_ING: dict[str, tuple[str, int]] = {f"{t}{v}": (t, v) for t in TYPES for v in range(2, 8)}
_FRIDGE = frozenset(_ING) | frozenset(f"{t}-spice" for t in TYPES) | {ALLSPICE}
_NOTE_Q: dict[str, int] = {SOUP: 1, BISQUE: 3}
for _tok, (_t, _v) in _ING.items():
    _NOTE_Q[_tok] = _v
    _NOTE_Q[_tok + "+spice"] = _NOTE_Q[_tok + "+allspice"] = 2 * _v
_SORT: dict[str, tuple] = {t: _token_sort_key(t) for t in list(_FRIDGE) + [SOUP, BISQUE, *RUMOR_TOKENS]}


def sort_tokens(tokens) -> list[str]:
    """Tokens in a readable order: ingredients by course then value, spices, bisque, soup, rest."""
    return sorted(tokens, key=lambda t: (_SORT.get(t) or _token_sort_key(t), t))


class Config:
    """Everything fixed for one game (shared by all its states, never copied)."""

    def __init__(self, players: int, opts: dict) -> None:
        comps = _COMPS
        self.comps = comps
        self.players = players
        self.solo = players == 1
        self.seats = 2 if self.solo else players
        self.rival = 1 if self.solo else None
        layout = max(2, players)
        self.locs = comps.locations_for(players)
        self.loc_names = tuple(loc.name for loc in self.locs)
        self.loc_keys = tuple(loc.key for loc in self.locs)
        self.truck = 0
        self.merchant = len(self.locs) - 2
        self.academy = len(self.locs) - 1
        spaces = []
        for loc in self.locs:
            if loc.kind == "numbered":
                spaces.append(opts["item_spaces"])
            elif loc.kind == "merchant":
                spaces.append(opts["merchant_spaces"])
            elif loc.kind == "academy":
                spaces.append(opts["academy_2p_spaces"] if layout == 2 else 0)
            else:
                spaces.append(0)
        self.spaces = tuple(spaces)
        self.rounds = opts["rounds"]
        if self.rounds == comps.setting_int("rounds"):
            d1, d2 = comps.challenge_rounds
        else:
            d1 = max(1, (3 * self.rounds) // 7)
            d2 = max(d1 + 1, (6 * self.rounds) // 7)
        self.days = (d1, d2)
        self.hold_rounds = (d1, d2)
        self.fridge = {d1: opts["fridge_day1"], d2: opts["fridge_day2"]}
        self.thresholds = THRESHOLD_PRESETS[opts["thresholds"]]
        self.min_presentable = scoring.min_presentable(self.thresholds)
        self.hat_move = opts["tie_hat_move"]
        self.academy_every_round = opts["academy_spaces"] == "every_round"
        self.known_only = opts["rumor_scoring"] == "known"
        self.exact_one = opts["critic_courses"] == "exactly_one"
        self.critic_min_quality = self.min_presentable if opts["critic_min_quality"] else None
        self.restaurateurs = opts["restaurateurs"]
        self.first_game = opts["first_game"]
        self.critic_choice = opts["critic"]
        self.solo_card = opts["solo_card"]
        self.start_soup = comps.soup(SOUP).start
        bisque = comps.soup(BISQUE)
        self.bisque_supply = bisque.supply if bisque.supply is not None else 99
        self.solo_challenge_stars = comps.setting_int("solo_challenge_stars")

    def seat_name(self, seat: int) -> str:
        return RIVAL_NAME if seat == self.rival else f"Player {seat + 1}"

    def day_of(self, rnd: int) -> int:
        d1, d2 = self.days
        return 1 if rnd <= d1 else 2 if rnd <= d2 else 3


_CONFIGS: dict = {}


def _config(players: int, opts: dict) -> Config:
    key = (players, tuple(sorted(opts.items())))
    cfg = _CONFIGS.get(key)
    if cfg is None:
        cfg = _CONFIGS[key] = Config(players, opts)
    return cfg


class State(GameState):
    """A Critter Kitchen game in progress (see the module docstring for phases and actions)."""

    game = "critter_kitchen"

    # ------------------------------------------------------------------ setup
    def __init__(self, players: int, seed: int, options: dict) -> None:
        super().__init__(players, seed, options)
        cfg = self.cfg = _config(players, options)
        comps = cfg.comps
        rng = self.rng
        seats = cfg.seats
        self.phase = "setup"
        self.round = 0
        self.bag = comps.bag_contents()
        self.removed: tuple[str, ...] = ()
        self.extra = 0                      # the round-7 Allspice once it is in play
        self.items: list[list[str]] = [[] for _ in cfg.locs]
        self.bisque_supply = cfg.bisque_supply
        self.storage: list[list[str]] = [[] for _ in range(seats)]
        self.rumors: tuple = ((None, None, None),) * seats   # per seat: the token on each rumor space
        self.flipped: tuple = (False, False, False)              # rumor cards turned face up
        self.hired: list = [None] * seats
        self.hire_next: list = [None] * seats
        self.plans: list[dict] = [{} for _ in range(seats)]
        self.turn = 0
        self.loc = 0
        self.run: LocationRun | None = None
        self.soups_paid = 0
        self.meals: list[dict] = [{} for _ in range(seats)]
        self.served: list[tuple] = [()] * seats        # per seat: (challenge index, meal, quality, stars)
        self.stars = [0] * seats
        self.star_log: list[tuple] = [()] * seats      # per seat: (reason, stars)
        self.critic_meals: list[dict] = [{} for _ in range(seats)]
        self.results: tuple | None = None
        self.totals: tuple | None = None
        self.rest_offer: list[tuple] = [()] * seats
        self.rest: list = [None] * seats

        # decks
        chal = [c.id for c in comps.challenges]
        rng.shuffle(chal)
        self.challenges = tuple(chal[: cfg.days[1]])
        self.revealed = 0
        self.hold: dict[int, int] = {}     # round the Hold sits on -> index of the covered challenge
        if cfg.critic_choice != "random":
            self.critic = cfg.critic_choice
        elif cfg.first_game:
            self.critic = "mouse"
        else:
            self.critic = rng.choice([c.id for c in comps.critics])
        rum = [r.id for r in comps.rumors if not (cfg.first_game and r.advanced)]
        rng.shuffle(rum)
        self.rumor_cards = tuple(rum[:3])
        zous = [z.id for z in comps.zous_chefs]
        rng.shuffle(zous)
        self.zous_deck = tuple(zous)
        self.zous_gone: tuple[str, ...] = ()
        # hats: random order; solo: McDogald's at the front (rightmost)
        if cfg.solo:
            self.priority = (0, cfg.rival)
        else:
            hats = list(range(players))
            rng.shuffle(hats)
            self.priority = tuple(hats)
        for p in range(players):
            self.storage[p] += [SOUP] * cfg.start_soup
        if cfg.solo:
            self.stars[cfg.rival] = comps.critics_choice_card(cfg.solo_card)[0].start_stars
            self.star_log[cfg.rival] += (("Critic's Choice card", self.stars[cfg.rival]),)
        self.say(
            f"Setup: {players} player(s); locations {', '.join(cfg.loc_names)}; critic "
            f"{comps.critic(self.critic).name}; priority track (left to right) "
            f"{', '.join(cfg.seat_name(s) for s in self.priority)}",
            "setup", priority=self.priority,
        )
        if cfg.restaurateurs:
            deck = [r.id for r in comps.restaurateurs]
            rng.shuffle(deck)
            for p in range(players):
                self.rest_offer[p] = tuple(deck[2 * p: 2 * p + 2])
            self.phase = "restaurateur"
            self.turn = 0
            self.say("Each player is dealt 2 restaurateurs and keeps 1")
        else:
            self._start_round(1)
        self._settle()

    def _copy_fields(self, new: "State") -> None:
        # Tuples and frozen records are shared; containers only change in some phases, so they
        # are copied only there (each phase starts with fresh containers of its own).
        ph = self.phase
        new.cfg = self.cfg
        new.phase = ph
        new.round = self.round
        new.bag = self.bag.copy()
        new.removed = self.removed
        new.extra = self.extra
        new.items = [x.copy() for x in self.items]
        new.bisque_supply = self.bisque_supply
        new.storage = [x.copy() for x in self.storage]
        new.rumors = self.rumors
        new.flipped = self.flipped
        new.hired = self.hired.copy()
        new.hire_next = self.hire_next.copy()
        new.plans = [x.copy() for x in self.plans] if ph == "plan" else self.plans.copy()
        new.turn = self.turn
        new.loc = self.loc
        new.run = self.run.copy() if self.run is not None else None
        new.soups_paid = self.soups_paid
        if ph == "challenge":
            new.meals = [{k: v.copy() for k, v in m.items()} for m in self.meals]
        else:
            new.meals = self.meals
        if ph == "critic":
            new.critic_meals = [{k: v.copy() for k, v in m.items()} for m in self.critic_meals]
        else:
            new.critic_meals = self.critic_meals
        new.served = self.served.copy()
        new.stars = self.stars.copy()
        new.star_log = self.star_log.copy()
        new.results = self.results
        new.totals = self.totals
        new.rest_offer = self.rest_offer
        new.rest = self.rest.copy()
        new.challenges = self.challenges
        new.revealed = self.revealed
        new.hold = self.hold
        new.critic = self.critic
        new.rumor_cards = self.rumor_cards
        new.zous_deck = self.zous_deck
        new.zous_gone = self.zous_gone
        new.priority = self.priority

    # ------------------------------------------------------------------ small helpers
    def _name(self, seat: int) -> str:
        return self.cfg.seat_name(seat)

    def _whose(self, seat: int) -> str:
        name = self._name(seat)
        return name if name.endswith("'s") else name + "'s"

    def _real_players(self) -> range:
        return range(self.players)

    def _draw(self) -> str | None:
        """One token from the bag; a token of a face-up rumor is removed and another drawn."""
        bag = self.bag
        while bag:
            i = self.rng.randbelow(len(bag))
            bag[i], bag[-1] = bag[-1], bag[i]
            tok = bag.pop()
            if tok.startswith("rumor") and self.flipped[rumor_kind(tok) - 1]:
                self.removed += (tok,)
                self.say(f"{tok} is drawn but its rumor card is face up: it leaves the game", "removed", token=tok)
                continue
            return tok
        return None

    def _fill(self, loc: int, n: int) -> list[str]:
        got = []
        for _ in range(n):
            tok = self._draw()
            if tok is None:
                self.say("The bag is empty")
                break
            got.append(tok)
        self.items[loc] += got
        return got

    def known_kinds(self, seat: int) -> frozenset:
        """The rumor kinds (1..3) this seat knows."""
        return frozenset(i + 1 for i, t in enumerate(self.rumors[seat]) if t is not None)

    def _zous_card(self, zid: str):
        return self.cfg.comps.zous_chef(zid)

    def _chefs_of(self, seat: int) -> list[str]:
        out = list(CHEFS)
        if self.hired[seat] is not None:
            out.append("zous:" + self.hired[seat])
        return out

    def _chef_label(self, chef: str) -> str:
        if is_zous(chef):
            return f"zous-chef {self._zous_card(chef[5:]).name}"
        return chef

    def _capacity(self, chef: str) -> int:
        if is_zous(chef):
            return self._zous_card(chef[5:]).capacity
        return CAPACITY[chef]

    def day_challenges(self, rnd: int | None = None) -> list[tuple[int, tuple[str, ...]]]:
        """The challenges of the day ending after round ``rnd``: (index, requirements after the Hold)."""
        rnd = self.round if rnd is None else rnd
        d1, d2 = self.cfg.days
        lo, hi = (0, d1) if rnd <= d1 else (d1, d2)
        out = []
        for i in range(lo, min(hi, self.revealed)):
            reqs = self.cfg.comps.challenge(self.challenges[i]).requirements
            if self.hold.get(rnd) == i:
                reqs = reqs[:-1]
            out.append((i, tuple(reqs)))
        return out

    # ------------------------------------------------------------------ round structure
    def _start_round(self, rnd: int) -> None:
        cfg = self.cfg
        self.round = rnd
        self.phase = "plan"
        self.turn = 0
        self.plans = [{} for _ in range(cfg.seats)]
        self.say(f"Round {rnd} begins (day {cfg.day_of(rnd)})", "round", round=rnd)
        truck = self.items[cfg.truck]
        if BISQUE not in truck and self.bisque_supply > 0:
            truck.append(BISQUE)
            self.bisque_supply -= 1
            self.say("A bisque goes on the Soup Truck", "bisque", loc=cfg.truck)
        if rnd <= cfg.days[1] and self.revealed < len(self.challenges):
            idx = self.revealed
            self.revealed += 1
            ch = cfg.comps.challenge(self.challenges[idx])
            text = f"Challenge revealed: {ch.name} ({', '.join(ch.requirements)})"
            if rnd in cfg.hold_rounds:
                self.hold = {**self.hold, rnd: idx}
                text += f"; the Hold token covers {ch.requirements[-1]}"
            self.say(text, "challenge", index=idx, hold=rnd in cfg.hold_rounds)
        for i, loc in enumerate(cfg.locs):
            if loc.kind == "numbered" and cfg.spaces[i]:
                got = self._fill(i, cfg.spaces[i] - len(self.items[i]))
                self.say(f"{loc.name} is stocked: {' '.join(got) or 'nothing'}", "stock", loc=i, tokens=tuple(got))
        ac = cfg.academy
        if cfg.spaces[ac] and (cfg.academy_every_round or rnd == cfg.rounds):
            got = self._fill(ac, cfg.spaces[ac])
            self.say(f"Chef Academy's 2-player spaces are stocked: {' '.join(got) or 'nothing'}", "stock",
                     loc=ac, tokens=tuple(got))
        if rnd == cfg.rounds:
            self.items[ac].append(ALLSPICE)
            self.extra = 1
            self.say("The round-7 Allspice token goes to the Chef Academy", "allspice", loc=ac, token=ALLSPICE)
        elif self.zous_deck:
            zid = self.zous_deck[-1]
            self.zous_deck = self.zous_deck[:-1]
            self.items[ac].append("zous:" + zid)
            z = self._zous_card(zid)
            self.say(f"Zous-chef at the Chef Academy: {z.name} (capacity {z.capacity})", "zous_offer", loc=ac,
                     token="zous:" + zid)

    def _reveal(self) -> None:
        cfg = self.cfg
        if cfg.solo:
            self._rival_plan()
        for s in range(cfg.seats):
            parts = [f"{self._chef_label(c)} -> {cfg.loc_names[l]}" for c, l in self.plans[s].items()]
            self.say(f"{self._name(s)} reveals: {', '.join(parts)}", "reveal", seat=s, plan=dict(self.plans[s]))
        self.phase = "shop"
        self.loc = 0
        self.run = None

    def _start_location(self) -> None:
        cfg = self.cfg
        i = self.loc
        if i == cfg.merchant and cfg.spaces[i]:
            got = self._fill(i, cfg.spaces[i] - len(self.items[i]))
            self.say(f"Midnight Merchant reveals: {' '.join(got) or 'nothing'}", "stock", loc=i, tokens=tuple(got))
        chefs, front = [], []
        for s in range(cfg.seats):
            for c, l in self.plans[s].items():
                if l == i:
                    chefs.append((s, self._capacity(c), c))
                    if is_zous(c) and self._zous_card(c[5:]).ability == "first_in_queue":
                        front.append((s, c))
        known = {s: self.known_kinds(s) for s in range(cfg.seats)}
        no_rumors = (cfg.rival,) if cfg.solo else ()
        self.run = LocationRun(cfg.loc_names[i], self.items[i], chefs, self.priority,
                               unlimited_soup=(i == cfg.truck), known=known, hat_move=cfg.hat_move,
                               front=front, no_rumors=no_rumors)
        self.soups_paid = 0
        if chefs:
            self.say(f"{cfg.loc_names[i]} resolves with {len(chefs)} chef(s)", "resolve", loc=i, chefs=tuple(chefs))

    def _pay_soups(self) -> None:
        run = self.run
        while self.soups_paid < len(run.soups):
            s, chef = run.soups[self.soups_paid]
            self.soups_paid += 1
            self.storage[s].append(SOUP)
            self.say(f"{self._whose(s)} {self._chef_label(chef)} goes home with a consolation soup", "soup",
                     loc=self.loc, seat=s, chef=chef)

    def _finish_location(self) -> None:
        cfg = self.cfg
        i = self.loc
        run = self.run
        # zous-chefs that take soup after their last pick
        for q in run.queues:
            for c in q:
                if is_zous(c.name) and c.taken > 0:
                    z = self._zous_card(c.name[5:])
                    if z.ability == "gain_soup":
                        n = int(z.param or 1)
                        self.storage[c.player] += [SOUP] * n
                        self.say(f"{self._whose(c.player)} zous-chef {z.name} takes {n} soup after its last pick",
                                 "zous_soup", loc=i, seat=c.player, chef=c.name, count=n)
        left = run.items
        self.items[i] = []
        self.run = None     # done: a picture drawn at the lines below shows the leftovers moved
        moved, gone = [], []
        dest = cfg.truck if i == cfg.academy else cfg.academy
        for tok in left:
            if tok == BISQUE and i == cfg.truck:
                self.items[i].append(tok)          # the bisque space keeps its bisque
            elif is_rumor(tok):
                self.removed += (tok,)
                gone.append(tok)
            elif is_zous(tok):
                self.zous_gone += (tok[5:],)
                gone.append(tok)
            else:
                self.items[dest].append(tok)
                moved.append(tok)
        if moved:
            self.say(f"Leftovers of {cfg.loc_names[i]} go to the {cfg.loc_names[dest]}: {' '.join(moved)}",
                     "leftover", loc=i, to=dest, tokens=tuple(moved))
        if gone:
            self.say(f"Left the game from {cfg.loc_names[i]}: {' '.join(gone)}", "gone", loc=i, tokens=tuple(gone))
        self.loc += 1
        if self.loc >= len(cfg.locs):
            self._end_round()

    def _end_round(self) -> None:
        cfg = self.cfg
        for s in range(cfg.seats):
            if self.hired[s] is not None:
                self.zous_gone += (self.hired[s],)
                self.say(f"{self._whose(s)} zous-chef {self._zous_card(self.hired[s]).name} leaves", "zous_leaves",
                         seat=s, token="zous:" + self.hired[s])
            self.hired[s] = self.hire_next[s]
            self.hire_next[s] = None
        self.plans = [{} for _ in range(cfg.seats)]
        rnd = self.round
        if rnd in cfg.days:
            self.phase = "challenge"
            self.turn = 0
            self.meals = [{} for _ in range(cfg.seats)]
            self.say(f"Day {cfg.day_of(rnd)} ends: challenge meals", "day_end", day=cfg.day_of(rnd))
            if cfg.solo:
                self._rival_challenges()
        elif rnd >= cfg.rounds:
            self.phase = "critic"
            self.turn = 0
            self.critic_meals = [{} for _ in range(cfg.seats)]
            self.say("Round 7 ends: the critic meal" if cfg.rounds == 7 else "The last round ends: the critic meal")
        else:
            self._start_round(rnd + 1)

    def _after_challenges(self) -> None:
        self.phase = "fridge"
        self.turn = 0
        self.say(f"Fridge: keep at most {self.cfg.fridge[self.round]} ingredients and spices")

    def _after_fridge(self) -> None:
        if self.round == self.cfg.days[0] and self.cfg.days[1] in self.cfg.hold_rounds:
            self.say(f"The Hold token moves to round {self.cfg.days[1]}", "hold_moves", round=self.cfg.days[1])
        self._start_round(self.round + 1)

    # ------------------------------------------------------------------ whose turn
    @property
    def current_player(self) -> int | None:
        ph = self.phase
        if ph == "over":
            return None
        if ph == "shop":
            c = self.run.current() if self.run is not None else None
            return c.player if c is not None else None
        return self.turn

    def _fridge_count(self, seat: int) -> int:
        return sum(1 for t in self.storage[seat] if t in _FRIDGE)

    # ------------------------------------------------------------------ legal actions
    def _legal(self) -> list:
        ph = self.phase
        if ph == "plan":
            return self._legal_plan()
        if ph == "shop":
            return self._legal_pick()
        if ph == "challenge":
            return self._legal_challenge()
        if ph == "fridge":
            return self._legal_fridge()
        if ph == "critic":
            return self._legal_critic()
        if ph == "restaurateur":
            comps = self.cfg.comps
            return [Action(f"keep {comps.restaurateur(r).name}", "keep", (r,)) for r in self.rest_offer[self.turn]]
        return []

    def _legal_plan(self) -> list:
        s = self.turn
        plan = self.plans[s]
        chef = next(c for c in self._chefs_of(s) if c not in plan)
        used = set(plan.values())
        label = self._chef_label(chef)
        names = self.cfg.loc_names
        return [Action(f"send {label} to {names[i]}", "send", (chef, i))
                for i in range(len(names)) if i not in used]

    def _legal_pick(self) -> list:
        run = self.run
        chef = run.current()
        out = []
        for tok, kind in run.options(chef):
            if kind is None:
                out.append(Action(f"take {tok}", "take", (tok, None)))
            else:
                out.append(Action(f"take {tok} as rumor{kind}", "take", (tok, kind)))
        if run.may_go_home(chef):
            out.append(Action("go home for soup", "home"))
        return out

    def _legal_challenge(self) -> list:
        s = self.turn
        store = Counter(self.storage[s])
        served = {ci for ci, *_ in self.served[s]}
        out = []
        ing = sorted((t for t in store if t in _ING), key=_SORT.__getitem__)
        has_all = store[ALLSPICE] > 0
        for k, (ci, reqs) in enumerate(self.day_challenges(), start=1):
            if ci in served:
                continue
            for tok in ing:
                t = _ING[tok][0]
                if t not in reqs:
                    continue
                out.append(Action(f"add {tok} to meal {k}", "add", (k, tok, None)))
                if store[t + "-spice"]:
                    out.append(Action(f"add {tok}+spice to meal {k}", "add", (k, tok, t + "-spice")))
                if has_all:
                    out.append(Action(f"add {tok}+allspice to meal {k}", "add", (k, tok, ALLSPICE)))
            for tok in (BISQUE, SOUP):
                if store[tok]:
                    out.append(Action(f"add {tok} to meal {k}", "add", (k, tok, None)))
            meal = self.meals[s].get(k)
            if meal and self._meal_ok(meal, reqs):
                out.append(Action(f"serve meal {k}", "serve", (k,)))
        out.append(Action("done with challenges", "done_challenges"))
        return out

    def _meal_ok(self, meal, reqs) -> bool:
        """The quick form of ``scoring.validate_challenge_meal`` for meals built by the actions
        (their ingredients are always of required types)."""
        met = set()
        soups = 0
        q = 0
        for note, toks in meal:
            q += _NOTE_Q[note]
            t0 = toks[0]
            if t0 in _ING:
                met.add(_ING[t0][0])
            else:
                soups += 1
        return bool(met) and soups >= len(reqs) - len(met) and q >= self.cfg.min_presentable

    def _legal_fridge(self) -> list:
        s = self.turn
        toks = sort_tokens({t for t in self.storage[s] if t in _FRIDGE})
        return [Action(f"discard {t}", "discard", (t,)) for t in toks]

    def _course_cap(self, seat: int, t: str) -> int:
        """How many ingredients the course of type ``t`` may hold now."""
        eff = self.cfg.comps.critic(self.critic).effect
        if eff == "cheese_multi" and t == "cheese":
            return 99
        if eff == "one_course_four":
            meal = self.critic_meals[seat]
            multi = [u for u, items in meal.items() if sum(1 for n, _ in items if not n.startswith("pair:")) > 1]
            if not multi or multi == [t]:
                return 4
        return 1

    def _legal_critic(self) -> list:
        s = self.turn
        eff = self.cfg.comps.critic(self.critic).effect
        store = Counter(self.storage[s])
        meal = self.critic_meals[s]
        out = []
        ing = sorted((t for t in store if t in _ING), key=_SORT.__getitem__)
        rumor_toks = sorted(self._free_rumor_tokens(s)) if eff == "rumor_as_allspice" else []
        for tok in ing:
            t = ingredient_type(tok)
            own = [n for n, _ in meal.get(t, ()) if not n.startswith("pair:")]
            if len(own) < self._course_cap(s, t):
                out.append(Action(f"put {tok} on {t} course", "put", (tok, None)))
                if store[f"{t}-spice"]:
                    out.append(Action(f"put {tok}+spice on {t} course", "put", (tok, f"{t}-spice")))
                if store[ALLSPICE]:
                    out.append(Action(f"put {tok}+allspice on {t} course", "put", (tok, ALLSPICE)))
                for r in rumor_toks:
                    out.append(Action(f"put {tok} spiced with {r} on {t} course", "put", (tok, r)))
        if eff == "wine_pairing":
            wines = [tok for tok in ing if ingredient_type(tok) == "wine"]
            for t in TYPES:
                if t == "wine" or not meal.get(t):
                    continue
                if any(n.startswith("pair:") for n, _ in meal[t]):
                    continue
                for w in wines:
                    out.append(Action(f"pair {w} with {t} course", "pair", (w, t)))
        if self._critic_done_ok(s):
            out.append(Action("done with critic meal", "done_critic"))
        return out

    def _free_rumor_tokens(self, seat: int) -> set:
        """Rumor tokens not yet used as allspice in this seat's critic meal (the Jerboa)."""
        have = Counter(t for t in self.rumors[seat] if t is not None)
        for items in self.critic_meals[seat].values():
            for _, toks in items:
                for t in toks[1:]:
                    if is_rumor(t):
                        have[t] -= 1
        return {t for t, k in have.items() if k > 0}

    def _critic_notation(self, seat: int) -> dict[str, str]:
        out = {}
        for t, items in self.critic_meals[seat].items():
            parts = [n[5:] if n.startswith("pair:") else n for n, _ in items]
            if parts:
                out[t] = " ".join(parts)
        return out

    def _critic_done_ok(self, seat: int) -> bool:
        if not self.cfg.exact_one:
            return True
        probs = scoring.critic_meal_problems(self._critic_notation(seat), self.critic, exact_one=True,
                                             storage=self.storage[seat])
        return not probs

    # ------------------------------------------------------------------ doing
    def _do(self, action) -> None:
        self._act(action)
        self._settle()

    def _act(self, action: Action) -> None:
        kind = action.kind
        if kind == "take":
            self._take(*action.args)
        elif kind == "home":
            self.run.go_home()
            self._pay_soups()
        elif kind == "send":
            chef, i = action.args
            self.plans[self.turn][chef] = i
            if len(self.plans[self.turn]) == len(self._chefs_of(self.turn)):
                self.say(f"{self._name(self.turn)} has planned (hidden until the reveal)", "planned", seat=self.turn)
                self.turn += 1
                if self.turn >= self.players:
                    self._reveal()
        elif kind == "add":
            self._add_to_meal(*action.args)
        elif kind == "serve":
            self._serve(action.args[0])
        elif kind == "done_challenges":
            self._done_challenges()
        elif kind == "discard":
            tok = action.args[0]
            self.storage[self.turn].remove(tok)
            self.bag.append(tok)
            # the storage is behind the shield: the table only sees that something went back
            self.say(f"{self._name(self.turn)} puts an item back in the bag (fridge)", "discard", seat=self.turn)
        elif kind == "put":
            self._put(*action.args)
        elif kind == "pair":
            w, t = action.args
            self.storage[self.turn].remove(w)
            self.critic_meals[self.turn].setdefault(t, []).append(("pair:" + w, (w,)))
        elif kind == "done_critic":
            self.say(f"{self._name(self.turn)} has prepared the critic meal")
            self.turn += 1
            if self.turn >= self.players:
                self._score_critic()
        elif kind == "keep":
            self._keep_restaurateur(action.args[0])
        else:  # pragma: no cover - every legal action has a kind above
            raise IllegalActionError(f"unknown action kind {kind!r}")

    def _settle(self) -> None:
        """Play every automatic step until a player has a real choice (or the game ends)."""
        while True:
            ph = self.phase
            if ph == "over":
                self._legal_cache = []
                return
            if ph == "shop":
                if self.run is None:
                    self._start_location()
                chef = self.run.advance()
                self._pay_soups()
                if chef is None:
                    self._finish_location()
                    continue
                if self.cfg.solo and chef.player == self.cfg.rival:
                    tok, kind = self._rival_choice(chef)
                    self._take(tok, kind)
                    continue
                if self.run.takes_everything(chef):
                    tok, kind = self.run.options(chef)[0]
                    self._take(tok, kind)
                    continue
            elif ph == "fridge":
                limit = self.cfg.fridge[self.round]
                while self.turn < self.players and self._fridge_count(self.turn) <= limit:
                    self.turn += 1
                if self.turn >= self.players:
                    self._after_fridge()
                    continue
            elif ph == "challenge":
                if self.turn >= self.players:
                    self._after_challenges()
                    continue
                if not self.meals[self.turn] and not self._any_meal_possible(self.turn):
                    self._done_challenges(quiet=True)
                    continue
            legal = self._legal()
            if len(legal) == 1:
                self._act(legal[0])
                continue
            self._legal_cache = legal
            return

    def _any_meal_possible(self, seat: int) -> bool:
        served = {i for i, *_ in self.served[seat]}
        for ci, reqs in self.day_challenges():
            if ci in served:
                continue
            if scoring.best_challenge_meal(self.storage[seat], reqs, self.cfg.thresholds) is not None:
                return True
        return False

    # ------------------------------------------------------------------ shop
    def _take(self, tok: str, kind: int | None) -> None:
        run = self.run
        chef = run.current()
        cname = chef.name
        before = run.moved
        seat, _, tok, kind = run.take(tok, kind)
        who = f"{self._whose(seat)} {self._chef_label(cname)}"
        fact = dict(loc=self.loc, seat=seat, chef=cname, token=tok, rumor=kind if tok == WILD else None)
        if is_zous(tok):
            self.hire_next[seat] = tok[5:]
            self.say(f"{who} hires zous-chef {self._zous_card(tok[5:]).name} for next round", "pick", **fact)
        elif is_rumor(tok):
            k = kind if tok == WILD else rumor_kind(tok)
            slots = list(self.rumors[seat])
            slots[k - 1] = tok
            self.rumors = self.rumors[:seat] + (tuple(slots),) + self.rumors[seat + 1:]
            self.say(f"{who} takes {tok}" + (f" (as rumor {k})" if tok == WILD else "")
                     + f" and reads rumor card {k}", "pick", **fact)
            if not self.flipped[k - 1] and all(self.rumors[p][k - 1] is not None for p in self._real_players()):
                self.flipped = self.flipped[:k - 1] + (True,) + self.flipped[k:]
                self.say(f"Every player knows rumor {k}: the card turns face up "
                         f"({self.cfg.comps.rumor(self.rumor_cards[k - 1]).name})", "flip", rumor=k)
        else:
            self.storage[seat].append(tok)
            self.say(f"{who} takes {tok}", "pick", **fact)
        if run.moved is not None and before is None:
            self.priority = tuple(run.priority)
            self.say(f"{self._name(run.moved)} made the first pick of a tie: the hat moves to the back of the "
                     "priority track", "hat", seat=run.moved, priority=self.priority)
        self._pay_soups()

    # ------------------------------------------------------------------ challenge meals
    def _add_to_meal(self, k: int, tok: str, spice: str | None) -> None:
        s = self.turn
        st = self.storage[s]
        st.remove(tok)
        used = [tok]
        note = tok
        if spice is not None:
            st.remove(spice)
            used.append(spice)
            note = tok + ("+allspice" if spice == ALLSPICE else "+spice")
        self.meals[s].setdefault(k, []).append((note, tuple(used)))

    def _serve(self, k: int) -> None:
        s = self.turn
        meal = self.meals[s].pop(k)
        ci, reqs = self.day_challenges()[k - 1]
        note = " ".join(n for n, _ in meal)
        q = scoring.meal_quality(note)
        stars = scoring.challenge_stars(q, self.cfg.thresholds)
        for _, toks in meal:
            for t in toks:
                if t == BISQUE:
                    self.bisque_supply += 1
                elif t != SOUP:
                    self.bag.append(t)
        self.stars[s] += stars
        name = self.cfg.comps.challenge(self.challenges[ci]).name
        self.served[s] += ((ci, note, q, stars),)
        self.star_log[s] += ((f"challenge {name}", stars),)
        self.say(f"{self._name(s)} serves {name}: {note} (quality {q}) for {stars} star(s)", "serve", seat=s,
                 challenge=ci, tokens=tuple(t for _, toks in meal for t in toks), quality=q, stars=stars)

    def _done_challenges(self, quiet: bool = False) -> None:
        s = self.turn
        for k, meal in self.meals[s].items():
            for _, toks in meal:
                self.storage[s].extend(toks)
        self.meals[s] = {}
        if not quiet:
            self.say(f"{self._name(s)} is done with the challenges")
        self.turn += 1

    # ------------------------------------------------------------------ critic meal
    def _put(self, tok: str, spice: str | None) -> None:
        s = self.turn
        st = self.storage[s]
        st.remove(tok)
        t = ingredient_type(tok)
        if spice is None:
            entry = (tok, (tok,))
        else:
            if not is_rumor(spice):
                st.remove(spice)
            note = tok + ("+spice" if spice == f"{t}-spice" else "+allspice")
            entry = (note, (tok, spice))
        self.critic_meals[s].setdefault(t, []).append(entry)

    def _soup_tokens(self, seat: int) -> list[str]:
        return [t for t in self.storage[seat] if t in (SOUP, BISQUE)]

    def _score_critic(self) -> None:
        cfg = self.cfg
        comps = cfg.comps
        meals, soups, known, rests, served = [], [], [], [], []
        for s in range(cfg.seats):
            if s == cfg.rival:
                meal = self._rival_critic_meal()
                self.critic_meals[s] = {t: [(n, (n,))] for t, n in meal.items()}
                for n in meal.values():
                    self.storage[s].remove(n)
                tok, val = solo.rival_soup_value(self)
                self.say(f"{RIVAL_NAME} draws {tok or 'nothing'} for its soup total: {val}")
                meals.append(meal)
                soups.append(val)
                known.append(set())
                rests.append(None)
                served.append(0)
            else:
                meals.append(self._critic_notation(s))
                soups.append(self._soup_tokens(s))
                known.append({self.rumor_cards[k - 1] for k in self.known_kinds(s)})
                rests.append(self.rest[s])
                served.append(len(self.served[s]))
        self.say("Rumor cards revealed: " + ", ".join(comps.rumor(r).name for r in self.rumor_cards))
        res = scoring.score_critic_meals(
            meals, soups, self.critic, self.rumor_cards, known=known, known_only=cfg.known_only,
            restaurateurs=rests if cfg.restaurateurs else None, challenges_served=served,
            min_quality=cfg.critic_min_quality, components=comps,
        )
        for r in res:
            s = r.player
            self.stars[s] += r.total
            self.star_log[s] += (("critic meal", r.total),)
            self.say(
                f"{self._name(s)}: most soup {r.most_soup}, all courses {r.all_courses}, best courses "
                f"{r.best_courses}, rumors {r.rumor_stars}, bonus {r.bonus}, final total {r.final_total} "
                f"-> {r.track_stars} track star(s); {r.total} star(s) from the critic meal, "
                f"{self.stars[s]} in all"
            )
        self.results = tuple(res)
        self.totals = tuple(r.final_total for r in res)
        self.phase = "over"
        self.say(f"Game over. Winner(s): {', '.join(self._name(w) for w in self._winning_seats())}")

    # ------------------------------------------------------------------ restaurateurs
    def _keep_restaurateur(self, rid: str) -> None:
        s = self.turn
        self.rest[s] = rid
        r = self.cfg.comps.restaurateur(rid)
        self.say(f"{self._name(s)} keeps {r.name}")
        self.turn += 1
        if self.turn >= self.players:
            for p in range(self.players):
                r = self.cfg.comps.restaurateur(self.rest[p])
                n = int(r.param) if r.param else 0
                if r.ability == "start_soup":
                    self.storage[p] += [SOUP] * n
                    self.say(f"{self._name(p)} takes {n} extra soup ({r.name})")
                elif r.ability == "start_bisque":
                    n = min(n, self.bisque_supply)
                    self.bisque_supply -= n
                    self.storage[p] += [BISQUE] * n
                    self.say(f"{self._name(p)} takes {n} bisque ({r.name})")
            self._start_round(1)

    # ------------------------------------------------------------------ solo rival (McDogald's)
    def _rival_plan(self) -> None:
        solo.rival_plan(self)

    def _rival_choice(self, chef) -> tuple[str, int | None]:
        return solo.rival_choice(self, chef)

    def _rival_challenges(self) -> None:
        solo.rival_challenges(self)

    def _rival_critic_meal(self) -> dict[str, str]:
        return solo.rival_critic_meal(self)

    # ------------------------------------------------------------------ results and views
    def scores(self) -> list:
        """Stars per player: so far during the game, final at the end."""
        return list(self.stars[: self.players])

    def _winning_seats(self) -> list[int]:
        if self.phase != "over":
            return []
        return scoring.winners(self.stars, list(self.totals), self.priority)

    def winners(self) -> list[int]:
        """Most stars; tie -> furthest on the score track; then ahead on the priority track.
        Solo: ``[0]`` when the player beats McDogald's, else ``[]``. Empty until the game is over."""
        return [s for s in self._winning_seats() if s < self.players]

    @property
    def rival_stars(self) -> int | None:
        """Solo: McDogald's stars so far (``None`` in a competitive game)."""
        return self.stars[self.cfg.rival] if self.cfg.solo else None

    def token_count(self) -> int:
        """Every bag token wherever it is: bag, locations, storages, meals in progress, removed."""
        n = len(self.bag) + len(self.removed)
        for loc in self.items:
            n += sum(1 for t in loc if not is_zous(t) and t != BISQUE)
        if self.run is not None:
            n -= sum(1 for t in self.items[self.loc] if not is_zous(t) and t != BISQUE)
            n += sum(1 for t in self.run.items if not is_zous(t) and t != BISQUE)
        for s in range(self.cfg.seats):
            n += sum(1 for t in self.storage[s] if t not in (SOUP, BISQUE))
            n += sum(1 for t in self.rumors[s] if t is not None)
            for meal in self.meals[s].values():
                n += sum(1 for _, toks in meal for t in toks if t not in (SOUP, BISQUE))
            for items in self.critic_meals[s].values():
                n += sum(1 for _, toks in items for t in toks if t not in (SOUP, BISQUE) and not is_rumor(t))
        return n - self.extra

    def location_items(self, i: int) -> list[str]:
        """The tokens on location ``i`` now (during its resolution: what is still there)."""
        if self.run is not None and self.loc == i:
            return list(self.run.items)
        return list(self.items[i])

    def _view(self, player: int | None) -> dict:
        """What ``player`` may see (``None``: the public): the table, their own storage and plan,
        rumor cards they know."""
        cfg = self.cfg
        comps = cfg.comps
        revealed_plans = self.phase == "shop"
        locs = []
        for i, name in enumerate(cfg.loc_names):
            chefs = []
            if revealed_plans:
                for s in range(cfg.seats):
                    for c, l in self.plans[s].items():
                        if l == i:
                            chefs.append({"seat": s, "name": self._name(s), "chef": self._chef_label(c),
                                          "capacity": self._capacity(c)})
            locs.append({"name": name, "items": sort_tokens(self.location_items(i)), "chefs": chefs})
        known = self.known_kinds(player) if player is not None else set()
        rumor_cards = []
        for k in (1, 2, 3):
            rid = self.rumor_cards[k - 1]
            if self.flipped[k - 1] or k in known or self.phase == "over":
                rumor_cards.append(comps.rumor(rid).name)
            else:
                rumor_cards.append(None)
        seats = []
        for s in range(cfg.seats):
            seats.append({
                "name": self._name(s),
                "stars": self.stars[s],
                "rumors_known": sorted(self.known_kinds(s)),
                "zous_chef": comps.zous_chef(self.hired[s]).name if self.hired[s] else None,
                "zous_chef_next_round": comps.zous_chef(self.hire_next[s]).name if self.hire_next[s] else None,
                "restaurateur": comps.restaurateur(self.rest[s]).name if self.rest[s] else None,
                "planned": (self.phase == "plan" and (s < self.turn or s == cfg.rival)) or revealed_plans,
                "served": [(comps.challenge(self.challenges[ci]).name, note, q, st)
                           for ci, note, q, st in self.served[s]],
            })
        own_plan = ({self._chef_label(c): cfg.loc_names[l] for c, l in self.plans[player].items()}
                    if player is not None else None)
        day = []
        for i in range(self.revealed):
            ch = comps.challenge(self.challenges[i])
            day.append({"name": ch.name, "requirements": list(ch.requirements),
                        "hold_covers": ch.requirements[-1] if i in self.hold.values() else None})
        out = {
            "round": self.round,
            "phase": self.phase,
            "current_player": self.current_player,
            "locations": locs,
            "priority": [self._name(s) for s in self.priority],
            "challenges": day,
            "critic": comps.critic(self.critic).name,
            "rumor_cards": rumor_cards,
            "bag": len(self.bag),
            "bisque_supply": self.bisque_supply,
            "players": seats,
        }
        if player is not None:
            out.update({
                "storage": sort_tokens(self.storage[player]),
                "rumor_tokens": [t for t in self.rumors[player] if t is not None],
                "plan": own_plan,
                "meals": {k: [n for n, _ in m] for k, m in self.meals[player].items()},
                "critic_meal": self._critic_notation(player),
            })
        if player is not None and self.restaurateur_offer_visible(player):
            out["restaurateur_offer"] = [comps.restaurateur(r).name for r in self.rest_offer[player]]
        if self.results is not None:
            out["final"] = [r.as_dict() for r in self.results]
            out["winners"] = [self._name(w) for w in self._winning_seats()]
        return out

    def _determinize(self, player: int | None, rng) -> None:
        hidden.redeal(self, player, rng)

    def restaurateur_offer_visible(self, player: int) -> bool:
        return self.phase == "restaurateur" and bool(self.rest_offer[player])
