"""What stays fixed for one game: the step bound, the star-threshold presets and :class:`Config`
(player count, layout and options turned into the numbers the rules read), shared by all its states."""

from __future__ import annotations

from ..i18n import _, language
from . import scoring
from .components import load_components
from .solo import RIVAL_NAME
from .shop import CAPACITY
from .tokens import BISQUE, SOUP, is_zous, token
from .words import chef_word

#: A hard bound on the number of actions in one game (every phase only moves forward). With at
#: most 5 players and 10 rounds: keeping a restaurateur <= 5; planning <= 10 x 5 x 4 chefs = 200;
#: picks <= 10 x 5 x (1 + 2 + 3 + 3) = 450 (each takes an item or sends a chef home); challenge
#: meals: each add moves one stored token into a meal (unserved meals come back at "done"), and a
#: player gains at most 14 soups a round (capacity 9, consolation 4, a zous-chef's soup 1), so per
#: day <= 120 tokens + 7 bisques + 5 x (3 + 140) soups = 842 adds, twice, plus <= 50 serves and
#: 10 "done"; fridge discards <= 2 x 120; critic meal <= 120 puts + 5 "done". In all <= 2769.
MAX_STEPS = 3000

#: The kit's short game [A], its own choice and no rule of the game: 3 rounds instead of the
#: rulebook's 7 (option ``rounds``), so that people at one screen finish a game in a lesson's
#: 10 minutes (``benchmarks/lesson_times.py``). The challenge days then end after rounds 1 and 2
#: (3/7 and 6/7 of the game, rounded down, at least one round apart) and the critic meal follows round 3.
SHORT_ROUNDS = 3


_COMPS = load_components()

#: What-if star threshold presets for challenge meals ("standard" is the digest's table).
THRESHOLD_PRESETS: dict[str, tuple[tuple[int, int], ...]] = {
    "standard": tuple(_COMPS.thresholds),
    "flat": ((0, 0), (6, 1), (12, 2), (21, 3)),
    "linear": ((0, 0), (6, 1), (12, 2), (18, 3), (24, 4)),
    "low_bar": ((0, 0), (4, 1), (10, 2), (18, 4)),
}


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
        self._loc_names: dict[str, tuple[str, ...]] = {}
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
        #: the thresholds as the star counts read them (sorted: ``scoring._thresholds``)
        self.sorted_thresholds = tuple(scoring._thresholds(self.thresholds))
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
        self.solo_challenge_star = comps.setting_int("solo_challenge_star")
        #: the game's shared action objects whose text depends on this configuration
        self.actions: dict = {}
        #: the day's challenges (after the Hold) for each deal and round seen: see ``day_challenges``
        self.day_cache: dict = {}
        # what the round's steps (:mod:`.flow`) work out once for this configuration and keep:
        #: one seat's rumor spaces -> the rumor kinds (1..3) it knows
        self.known_kinds: dict = {}
        #: every seat's rumor spaces -> each seat's known rumor kinds (a location's run replaces,
        #: never changes, the dict it is given)
        self.known_by_seat: dict = {}
        #: (seat, chef, language) -> "Player 2's lizard" (a zous-chef named by its card)
        self.chef_names: dict = {}
        #: critic id -> its effect
        self.critic_effects: dict = {}
        #: the bag at setup, and McDogald's tie-break place of each ingredient type (solo)
        self.bag_at_setup = tuple(comps.bag_contents())
        self.solo_order = {t: i for i, t in enumerate(comps.solo_ingredient_list())}

    @property
    def loc_names(self) -> tuple[str, ...]:
        """The names of the locations in play, left to right, in the current language."""
        names = self._loc_names.get(language())
        if names is None:
            names = self._loc_names[language()] = tuple(loc.local_name for loc in self.locs)
        return names

    def chef_label(self, chef: str) -> str:
        """``"mouse"``, or ``"zous-chef Badger"`` for a hired zous-chef (in the current language)."""
        if chef in CAPACITY:
            return chef_word(chef)
        return _("zous-chef {name}").format(name=self.comps.zous_chef(token(chef).zous).local_name)

    def capacity(self, chef: str) -> int:
        """How many items a chef carries (a zous-chef: the capacity on its card)."""
        cap = CAPACITY.get(chef)
        return cap if cap is not None else self.comps.zous_chef(token(chef).zous).capacity

    def seat_name(self, seat: int) -> str:
        """``"Player 2"`` (in the current language), or McDogald's in solo."""
        return RIVAL_NAME if seat == self.rival else _("Player {number}").format(number=seat + 1)

    def day_of(self, rnd: int) -> int:
        d1, d2 = self.days
        return 1 if rnd <= d1 else 2 if rnd <= d2 else 3


_CONFIGS: dict = {}


def config(players: int, opts: dict) -> Config:
    key = (players, tuple(sorted(opts.items())))
    cfg = _CONFIGS.get(key)
    if cfg is None:
        cfg = _CONFIGS[key] = Config(players, opts)
    return cfg
