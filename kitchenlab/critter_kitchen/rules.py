"""Critter Kitchen's game state: setup, 7 rounds of 5 steps, challenge meals, fridge, critic meal.

The rules digest (``shared/rules/critter_kitchen.md``) is the specification; the component tables
come from :mod:`.components`, meal scoring from :mod:`.scoring`, and every location is resolved by
:class:`.shop.LocationRun` (the code behind :func:`.shop.simulate_location`).

The words come first (:mod:`.tokens`, :mod:`.actions`); then the state below, whose automatic
steps are the functions of :mod:`.flow` and whose player phases each live in one module, read through
one table (:data:`.phases.PHASES`):

* ``restaurateur`` (optional module) — ``keep Anthony Boardain`` (:mod:`.phases.plan`)
* ``plan`` — secret and simultaneous, modelled as one chef at a time, player after player:
  ``send mouse to Soup Truck``, ``send zous-chef Badger to Chef Academy``. Nobody's view shows
  another player's plan before the reveal (:mod:`.phases.plan`).
* ``shop`` — only real choices are asked: ``take fish7``, ``take wild as rumor2``,
  ``go home for soup``. A chef with a single possible move makes it on its own (:mod:`.phases.shop`).
* ``challenge`` (after days 1 and 2) — ``add fish7+spice to meal 1``, ``add soup to meal 2``,
  ``serve meal 1``, ``done with challenges``; ``fridge`` — ``discard fish2`` (:mod:`.phases.meals`).
* ``critic`` — ``put fish7+spice on fish course``, ``pair wine4 with fish course`` (Fruit Bat),
  ``done with critic meal`` (:mod:`.phases.critic`).

Adding to a meal is never undone (take the state before the action instead: states are
immutable), so every phase moves forward and the game always ends.

Solo (1 player): the automated restaurant McDogald's (seat 1) follows the digest's Solo section with
the kit's [A] deck from ``data/``; its moves happen by themselves and are logged (:mod:`.solo`).
"""

from __future__ import annotations

from ..engine import Event as _Event, GameState
from ..errors import IllegalActionError
from ..i18n import _
from . import flow, solo, state_views
from .phases import critic, meals, shop as shop_phase
from .actions import Action, Kind, Phase
from .config import MAX_STEPS, THRESHOLD_PRESETS, Config, config
from .phases import PHASES
from .tokens import SOUP, sort_tokens

# An enum member read through its class takes a slow attribute lookup: the hot paths read these names.
_OVER, _SHOP, _FRIDGE, _CHALLENGE = Phase.OVER, Phase.SHOP, Phase.FRIDGE, Phase.CHALLENGE

__all__ = ["Action", "Config", "Event", "Kind", "MAX_STEPS", "Phase", "State", "THRESHOLD_PRESETS", "sort_tokens"]

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
#: ``serve`` (seat, challenge, tokens, quality, stars), ``discard`` (seat: the token stays hidden),
#: ``hold_moves`` (round); every other line is a ``note``.
Event = _Event

_copy_list = list.copy


def _copy_run(run):
    return run.copy() if run is not None else None


class State(GameState):
    """A Critter Kitchen game in progress (see the module docstring for phases and actions)."""

    game = "critter_kitchen"

    #: Every field a state holds, declared once. ``SHARED`` fields hold values that are never
    #: changed in place (numbers, strings, tuples, frozen records, the game's :class:`Config`) or
    #: containers that the rules replace instead of changing (``items``, the ``bag``, whose draws
    #: start from a new list) and are shared by a copy; ``COPIED`` maps each container with parts
    #: of its own to how it is copied, and, for one changed in place only in some phases, that
    #: phase (or those phases). The per-seat lists and dicts inside ``storage``, ``plans``, ``meals``
    #: and ``critic_meals`` are replaced, never changed, so a copy gets a new outer list sharing them.
    #: ``SHARED_OUTSIDE``: containers a copy shares outside their phases (the run, ``None`` outside
    #: the shop; the plans and meals, which nothing outside their phase changes, and which a phase
    #: starts new).
    #: ``tests/critter_kitchen`` checks that every attribute of a state is declared here and that
    #: ``apply`` leaves every container of the state it was called on as it was.
    SHARED = ("cfg", "phase", "round", "removed", "extra", "bisque_supply", "rumors", "flipped", "turn",
              "loc", "soups_paid", "results", "totals", "rest_offer", "challenges", "revealed", "hold",
              "critic", "rumor_cards", "zous_deck", "zous_gone", "priority", "arrivals", "moves_of", "next_moves",
              "hired", "hire_next", "served", "stars", "star_log", "rest", "solo_marks", "solo_drawn", "items",
              "bag")
    COPIED = {
        "storage": (_copy_list, None),
        "plans": (_copy_list, Phase.PLAN),
        "meals": (_copy_list, Phase.CHALLENGE),
        "critic_meals": (_copy_list, Phase.CRITIC),
        "run": (_copy_run, Phase.SHOP),
    }
    SHARED_OUTSIDE = ("run", "plans", "meals", "critic_meals")

    # ------------------------------------------------------------------ setup
    def __init__(self, players: int, seed: int, options: dict) -> None:
        super().__init__(players, seed, options)
        cfg = self.cfg = config(players, options)
        comps = cfg.comps
        rng = self.rng
        seats = cfg.seats
        self.phase = Phase.SETUP
        self.round = 0
        self.bag = list(cfg.bag_at_setup)
        self.removed: tuple = ()
        self.extra = 0                      # the round-7 Allspice once it is in play
        self.items: list[list] = [[] for _ in cfg.locs]
        self.bisque_supply = cfg.bisque_supply
        self.storage: list[list] = [[] for _ in range(seats)]
        self.rumors: tuple = ((None, None, None),) * seats   # per seat: the token on each rumor space
        self.flipped: tuple = (False, False, False)              # rumor cards turned face up
        self.hired: tuple = (None,) * seats           # per seat: the zous-chef working this round
        self.hire_next: tuple = (None,) * seats       # per seat: the zous-chef hired for next round
        self.plans: list[dict] = [{} for _ in range(seats)]
        self.turn = 0
        self.loc = 0
        self.run = None                     # the LocationRun of the location resolving now
        self.arrivals: tuple = ()           # per location, the chefs sent there: (seat, capacity, chef)
        #: challenge phase: (storage list, meals dict, legal moves) of the seat to act when the moves
        #: were listed, and the moves an add or a serve left for the state it made (see ``meals.act_challenge``)
        self.moves_of: tuple | None = None
        self.next_moves: list | None = None
        self.soups_paid = 0
        self.meals: list[dict] = [{} for _ in range(seats)]
        self.served: tuple = ((),) * seats        # per seat: (challenge index, meal, quality, stars)
        self.stars: tuple = (0,) * seats
        self.star_log: tuple = ((),) * seats      # per seat: (reason, stars)
        self.critic_meals: list[dict] = [{} for _ in range(seats)]
        self.results: tuple | None = None
        self.totals: tuple | None = None
        self.rest_offer: tuple = ((),) * seats
        self.rest: tuple = (None,) * seats
        self.solo_marks: tuple = ()         # solo: McDogald's stars above challenge ingredients (index, position)
        #: solo: per placement deck (Manager, Mouse, Lizard, Boar), the cards drawn since it was shuffled
        self.solo_drawn: tuple = ((), (), (), ())

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
            self._award(cfg.rival, comps.critics_choice_card(cfg.solo_card)[0].start_stars, "Critic's Choice card")
        self.say(
            _("Setup: {count} player(s); locations {locations}; critic {critic}; priority track (left to right) "
              "{priority}").format(count=players, locations=", ".join(cfg.loc_names),
                                   critic=comps.critic(self.critic).local_name,
                                   priority=", ".join(cfg.seat_name(s) for s in self.priority)),
            "setup", priority=self.priority,
        )
        if cfg.restaurateurs:
            deck = [r.id for r in comps.restaurateurs]
            rng.shuffle(deck)
            self.rest_offer = tuple(tuple(deck[2 * p: 2 * p + 2]) if p < players else () for p in range(seats))
            self.phase = Phase.RESTAURATEUR
            self.turn = 0
            self.say(_("Each player is dealt 2 restaurateurs and keeps 1"))
        else:
            self._start_round(1)
        self._settle()

    # ---- what the state shows and how it ended: read-only functions of :mod:`.state_views`
    scores = state_views.scores
    _winning_seats = state_views.winning_seats
    result_text = state_views.result_text
    winners = state_views.winners
    rival_stars = property(state_views.rival_stars)
    token_count = state_views.token_count
    location_items = state_views.location_items
    _view = state_views.view
    _determinize = state_views.determinize
    restaurateur_offer_visible = state_views.restaurateur_offer_visible
    # ---- the automatic steps of a round and their helpers: functions of :mod:`.flow`
    _award = flow.award
    _name = flow.seat_name
    _draw = flow.draw_token
    _fill = flow.fill_location
    _put = flow.put_items
    _store = flow.store_tokens
    known_kinds = flow.known_kinds
    _chefs_of = flow.chefs_of
    day_challenges = flow.day_challenges
    _start_round = flow.start_round
    _reveal = flow.reveal
    _start_location = flow.start_location
    _pay_soups = flow.pay_soups
    _take = flow.take_item
    _finish_location = flow.finish_location
    _end_round = flow.end_round
    _after_challenges = flow.after_challenges
    _after_fridge = flow.after_fridge

    def _copy_fields(self, new: "State") -> None:
        # the base copy shares every field; the declared containers are copied here
        d = new.__dict__
        for name, copy in _COPIERS[self.phase]:
            d[name] = copy(d[name])

    # ------------------------------------------------------------------ small helpers
    def _chef_label(self, chef: str) -> str:
        return self.cfg.chef_label(chef)

    def _capacity(self, chef: str) -> int:
        return self.cfg.capacity(chef)

    def _critic_notation(self, seat: int) -> dict[str, str]:
        return critic.critic_notation(self, seat)

    # ------------------------------------------------------------------ whose turn, what is legal
    @property
    def current_player(self) -> int | None:
        ph = self.phase
        if ph is _OVER:
            return None
        if ph is _SHOP:
            c = self.run.chef if self.run is not None else None      # run.current() once settled
            return c.player if c is not None else None
        return self.turn

    @property
    def is_over(self) -> bool:
        # ``current_player is None``, written out: every playout loop asks it at every step
        ph = self.phase
        if ph is _OVER:
            return True
        if ph is _SHOP:
            return self.run is None or self.run.chef is None
        return False

    def _legal(self) -> list:
        ph = self.phase
        rules = PHASES.get(ph)
        if rules is None:
            return []
        legal = rules.legal(self)
        if ph is _CHALLENGE:         # what the next add starts from (see meals.act_challenge)
            self.moves_of = (self.storage[self.turn], self.meals[self.turn], legal)
        return legal

    def _do(self, action) -> None:
        rules = PHASES.get(self.phase)
        if rules is None:  # pragma: no cover - only legal actions reach here
            raise IllegalActionError(f"critter_kitchen: no action is taken in phase {self.phase}")
        rules.act(self, action)
        self._settle()

    def _settle(self) -> None:
        """Play every automatic step until a player has a real choice (or the game ends)."""
        cfg = self.cfg
        while True:
            ph = self.phase
            if ph is _OVER:
                self._legal_cache = []
                return
            if ph is _SHOP:
                run = self.run
                if run is None:
                    run = self._start_location()
                    if run is None:         # no chef went there
                        if cfg.solo:
                            solo.return_soups(self)
                        self._finish_location()
                        continue
                chef = run.advance()
                if self.soups_paid < len(run.soups):
                    self._pay_soups()
                if chef is None:
                    if cfg.solo:
                        solo.return_soups(self)
                    self._finish_location()
                    continue
                if cfg.solo:
                    solo.return_soups(self)
                    if chef.player == cfg.rival:
                        tok, kind = solo.rival_choice(self, chef)
                        self._take(tok, kind)
                        solo.after_pick(self, tok)
                        continue
                if chef.taken and run.takes_everything(chef):
                    tok, kind = run.options(chef)[0]
                    self._take(tok, kind)
                    continue
                legal = shop_phase.legal_for(run, chef)          # PHASES[ph].legal(self), written out
                if len(legal) == 1:
                    shop_phase.act_shop(self, legal[0])
                    continue
                self._legal_cache = legal
                return
            elif ph is _FRIDGE:
                limit = cfg.fridge[self.round]
                while self.turn < self.players and meals.fridge_count(self, self.turn) <= limit:
                    self.turn += 1
                if self.turn >= self.players:
                    self._after_fridge()
                    continue
            elif ph is _CHALLENGE:
                if self.turn >= self.players:
                    self._after_challenges()
                    continue
                if not self.meals[self.turn] and not meals.any_meal_possible(self, self.turn):
                    meals.done_challenges(self, quiet=True)
                    continue
                legal = self.next_moves
                if legal is None:
                    legal = meals.legal_challenge(self)
                else:                       # left by the add or serve just made: see meals.act_challenge
                    self.next_moves = None
                if len(legal) > 1:
                    self.moves_of = (self.storage[self.turn], self.meals[self.turn], legal)
                    self._legal_cache = legal
                    return
                PHASES[ph].act(self, legal[0])
                continue
            legal = PHASES[ph].legal(self)
            if len(legal) == 1:
                PHASES[ph].act(self, legal[0])
                continue
            self._legal_cache = legal
            return


#: per phase, how each declared container is copied (worked out once from ``State.COPIED``)
def _copied_in(only_in, ph) -> bool:
    return only_in is None or (ph in only_in if isinstance(only_in, tuple) else only_in is ph)


def copied_in(name: str, phase: Phase) -> bool:
    """Whether a copy of a state in ``phase`` copies the container ``name`` whole (see ``COPIED``)."""
    return _copied_in(State.COPIED[name][1], phase)


def _copiers(ph) -> tuple:
    """The (name, copy function) pairs of the containers a copy in phase ``ph`` copies: outside its
    phase(s) a list gets a new outer list, or is shared (``SHARED_OUTSIDE``)."""
    pairs = [(name, copy if _copied_in(only_in, ph) else _copy_list)
             for name, (copy, only_in) in State.COPIED.items()
             if _copied_in(only_in, ph) or name not in State.SHARED_OUTSIDE]
    return tuple(pairs)


_COPIERS = {ph: _copiers(ph) for ph in Phase}
