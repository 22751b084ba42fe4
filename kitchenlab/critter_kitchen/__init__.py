"""Critter Kitchen (Cardboard Alchemy, 2024): restaurants of critters shop for ingredients over
7 rounds, serve challenge meals after rounds 3 and 6 and a critic meal at the end.

>>> from kitchenlab import critter_kitchen as ck
>>> s = ck.new_state(players=3, seed=1)
>>> s.phase, s.round, s.current_player
('plan', 1, 0)
>>> ck.meal_quality("fish7+spice bread2+spice bisque"), ck.challenge_stars(21)
(21, 4)

The rules live in :mod:`.rules` (the state), :mod:`.phases` (each player phase's actions),
:mod:`.flow` (the automatic steps of a round), :mod:`.shop` (one location's resolution),
:mod:`.scoring` (meals and the critic meal), :mod:`.components` (the data tables) and :mod:`.solo`
(the automated solo restaurant); the strategy in :mod:`.bots` and :mod:`.greedy`; the plain
definitions the fast code is tested against in :mod:`.reference`.
"""

from __future__ import annotations

from ..engine import GameInfo, Option, check_players, default_variant_rows, register, resolve_options
from ..i18n import N_, _
from .components import load_components
from .config import SHORT_ROUNDS
from .rules import MAX_STEPS, THRESHOLD_PRESETS, Action, State
from .scoring import challenge_stars, course_quality, meal_quality, validate_challenge_meal
from .shop import simulate_location

TITLE = "Critter Kitchen"
PLAYERS = (1, 2, 3, 4, 5)
DEFAULT_PLAYERS = 3

_C = load_components()
_NUMBERED = next(loc for loc in _C.locations if loc.kind == "numbered")
_MERCHANT = next(loc for loc in _C.locations if loc.kind == "merchant")
_ACADEMY = next(loc for loc in _C.locations if loc.kind == "academy")



def threshold_words(table) -> str:
    """A challenge-meal star table in words.

    >>> threshold_words(((0, 0), (6, 1), (12, 2), (21, 4)))
    'quality 6, 12, 21 give 1, 2, 4 stars'
    """
    steps = [(q, s) for q, s in table if s]
    return (f"quality {', '.join(str(q) for q, _ in steps)} give "
            f"{', '.join(str(s) for _, s in steps)} stars")


OPTIONS: tuple[Option, ...] = (
    # ---- the digest's rule decisions (default [RB], alternative [S0])
    Option("rumor_scoring", "everyone", N_("who scores a rumor at the critic meal: every player, or only "
           "players who know it (Fanatics too)"), N_("RB; alternative S0"), choices=("everyone", "known"),
           alternatives="known [S0]", label="A rumor scores",
           words=(("everyone", "for every player"), ("known", "only for the players who know it"))),
    Option("critic_courses", "at_most_one", N_("a critic-meal course holds at most one ingredient and may "
           "stay empty, or exactly one whenever the storage has its type"), N_("RB; alternative S0"),
           choices=("at_most_one", "exactly_one"), alternatives="exactly_one [S0]", label="A critic-meal course holds",
           words=(("at_most_one", "at most one ingredient"),
                  ("exactly_one", "exactly one ingredient when the storage has its type"))),
    Option("critic_min_quality", False, N_("the critic meal must also reach the minimum quality (6) or it "
           "scores as an empty meal"), N_("RB (challenge meals only); alternative S0"), kind=bool,
           alternatives="True [S0]", label="The critic meal must reach quality 6",
           words=((False, "no"), (True, "yes, or it scores as an empty meal"))),
    Option("academy_spaces", "every_round", N_("the Chef Academy's 2-player spaces are refilled every round, "
           "or only in the last round"), N_("RB; alternative S0"), choices=("every_round", "last_round"),
           alternatives="last_round [S0]", label="The Chef Academy's 2-player spaces",
           words=(("every_round", "are refilled every round"), ("last_round", "are refilled in the last round only"))),
    Option("tie_hat_move", True, N_("when the first of several tied chefs makes a location's first pick, its "
           "hat moves to the back of the priority track (False: no hat moves)"), N_("RB, S3; alternative S0"),
           kind=bool, alternatives="False [S0]", label="After a tied first pick, the hat",
           words=((True, "moves to the back of the priority track"), (False, "stays where it is"))),
    Option("restaurateurs", False, N_("deal 2 restaurateurs to each player, who keeps 1 (an action)"),
           N_("RB (optional module, off); alternative S0 (always dealt)"), kind=bool, alternatives="True [S0]",
           label="Restaurateurs", words=((False, "not dealt"), (True, "2 dealt to each player, who keeps 1"))),
    # ---- setup choices
    Option("first_game", False, N_("first-game setup: the Mouse critic and no advanced rumors"), "RB", kind=bool,
           label="First-game setup", words=((False, "no"), (True, "yes, with the Mouse critic and no advanced rumors"))),
    Option("critic", "random", N_("the critic card: dealt at random, or a fixed one"),
           "RB (dealt at random); A: every critic card's text is partly assumed, and "
           + ", ".join(c.id for c in _C.critics if "invented" in c.note) + " are invented",
           choices=("random",) + tuple(c.id for c in _C.critics), label="The critic",
           words=(("random", "dealt at random"),) + tuple((c.id, c.name) for c in _C.critics)),
    Option("solo_card", _C.critics_choice_cards[0], N_("solo: McDogald's Critic's Choice card"),
           N_("A (the kit's solo deck)"), choices=_C.critics_choice_cards,
           label="McDogald's Critic's Choice card (solo)", words=tuple((c, f"the {c} card") for c in _C.critics_choice_cards)),
    # ---- numeric knobs for what-if work
    Option("thresholds", "standard", "challenge-meal star thresholds: the digest's table or a what-if "
           "preset (" + "; ".join(f"{k}: " + ", ".join(f"{q}->{s}" for q, s in v if s)
                                  for k, v in THRESHOLD_PRESETS.items()) + ")",
           N_("RB, S3 (standard); what-if presets are the kit's"), choices=tuple(THRESHOLD_PRESETS),
           label="Challenge-meal stars", words=tuple((k, threshold_words(v)) for k, v in THRESHOLD_PRESETS.items())),
    Option("fridge_day1", _C.fridge_limit(1), N_("ingredients + spices kept after day 1"), "RB", kind=int,
           label="Ingredients and spices kept after day 1",
           low=0, high=40),
    Option("fridge_day2", _C.fridge_limit(2), N_("ingredients + spices kept after day 2"), "RB", kind=int,
           label="Ingredients and spices kept after day 2",
           low=0, high=60),
    Option("item_spaces", _NUMBERED.item_spaces, N_("item spaces on each numbered location"), "A", kind=int,
           label="Item spaces on each numbered location",
           low=1, high=8),
    Option("merchant_spaces", _MERCHANT.item_spaces, N_("item spaces of the Midnight Merchant"), "A", kind=int,
           label="The Midnight Merchant's item spaces",
           low=0, high=8),
    Option("academy_2p_spaces", _ACADEMY.two_player_item_spaces, N_("item spaces of the Chef Academy's "
           "2-player side (1-2 players)"), "RB", kind=int, low=0, high=8,
           label="Item spaces of the Chef Academy's 2-player side"),
    Option("rounds", _C.setting_int("rounds"), "number of rounds; with another count the challenge days "
           "end after rounds 3/7 and 6/7 of the game (rounded down); the kit's short game for a lesson is "
           f"rounds={SHORT_ROUNDS}", f"RB (7); A (short game {SHORT_ROUNDS})",
           kind=int, low=3, high=10, alternatives=f"{SHORT_ROUNDS} [A] (the kit's short game), 3..10",
           label="Rounds", words=((SHORT_ROUNDS, f"{SHORT_ROUNDS}, the kit's short game [A]"),
                                  (_C.setting_int("rounds"), f"{_C.setting_int('rounds')}, the rulebook's game"))),
)


def new_state(players: int = DEFAULT_PLAYERS, seed: int = 0, **variants) -> State:
    """The initial state of a game (``variants``: see :data:`OPTIONS`)."""
    players = check_players("critter_kitchen", players, PLAYERS)
    opts = resolve_options("critter_kitchen", OPTIONS, variants)
    return State(players, seed, opts)


def variant_rows() -> list[dict]:
    """The variant table (one row per option, texts in the current language). The texts that hold
    numbers or names read from the data are translated with placeholders and filled in here."""
    invented = ", ".join(c.id for c in _C.critics if "invented" in c.note)
    presets = "; ".join(f"{k}: " + ", ".join(f"{q}->{s}" for q, s in v if s) for k, v in THRESHOLD_PRESETS.items())
    rounds = _C.setting_int("rounds")
    texts = {
        "critic": {"source": _("RB (dealt at random); A: every critic card's text is partly assumed, and "
                               "{invented} are invented").format(invented=invented)},
        "thresholds": {"meaning": _("challenge-meal star thresholds: the digest's table or a what-if "
                                    "preset ({presets})").format(presets=presets)},
        "rounds": {"meaning": _("number of rounds; with another count the challenge days end after rounds "
                                "3/7 and 6/7 of the game (rounded down); the kit's short game for a lesson is "
                                "rounds={short}").format(short=SHORT_ROUNDS),
                   "alternatives": _("{short} [A] (the kit's short game), 3..10").format(short=SHORT_ROUNDS),
                   "source": _("RB ({rounds}); A (short game {short})").format(rounds=rounds, short=SHORT_ROUNDS)},
    }
    return [{**row, **texts.get(row["option"], {})} for row in default_variant_rows(OPTIONS)]


from .bots import BOTS, greedy_bot, random_bot  # noqa: E402  (bots import the rules above)

INFO = register(GameInfo(
    name="critter_kitchen", title=TITLE, players=PLAYERS, default_players=DEFAULT_PLAYERS,
    options=OPTIONS, bots=BOTS, max_steps=MAX_STEPS, new_state=new_state, variant_rows=variant_rows,
    summary="shop for ingredients with your critter chefs, then cook the meals that win stars",
    renderer="kitchenlab.critter_kitchen.figures:frame_figure",
    test_settings={"bots": ("random", "greedy"), "playouts": 6},
    quiz="kitchenlab.critter_kitchen.quiz:MAKERS",
    calculator="kitchenlab.critter_kitchen.classroom:calculator",
    what_if="kitchenlab.critter_kitchen.classroom:what_if",
    describe="kitchenlab.critter_kitchen.classroom:describe",
    move_helper="kitchenlab.critter_kitchen.play_table:move_helper",
    end_table="kitchenlab.critter_kitchen.end_table:end_table",
    openspiel_schema="kitchenlab.critter_kitchen.openspiel:schema",
    glossary="kitchenlab.critter_kitchen.glossary:TERMS",
    # the flat search refines the greedy bot; its meals are built by the greedy bot's exact
    # optimisers: only the plans and the shopping are searched
    search_settings={"budget": 30, "root": "halving", "rollout": "greedy", "prior": "greedy", "margin": 0.5,
                     "kinds": ("send", "take", "home")},
    colour="#009E73",
    profile_terms=("challenge", "critic"),
    profile_games=16,
))

__all__ = [
    "Action", "BOTS", "DEFAULT_PLAYERS", "SHORT_ROUNDS", "INFO", "MAX_STEPS", "OPTIONS", "PLAYERS", "State", "TITLE",
    "challenge_stars", "course_quality", "greedy_bot", "meal_quality", "new_state", "random_bot",
    "simulate_location", "validate_challenge_meal",
]
