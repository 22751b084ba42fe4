"""Chefs (Marbushka): cook meals from the ingredients you gather and serve them to race round the track.

>>> import kitchenlab
>>> s = kitchenlab.new_game("chefs", players=3, seed=1)
>>> [str(a) for a in s.legal_actions()][:2]
['place a disc at the ingredient counter', 'place a disc at the window stoves']
>>> layout(2), DOOR_BOXES[4], track_square(21)
({'counter': 4, 'meals_per_stove': 1}, (3, 4), (2, 1))
"""

from __future__ import annotations

from ..engine import GameInfo, Option, check_players, default_variant_rows, register, resolve_options
from ..errors import OptionError
from ..i18n import N_, _
from .bots import BOTS, greedy_bot, random_bot
from .components import components_table, load_components
from .rules import MAX_STEPS, Action, Kind, State, meal_name, player_name
from .scoring import DOOR_BOXES, can_cook, layout, meal_table, missing_for_meal, pay_for_meal, track_square

TITLE = "Chefs"
PLAYERS = (2, 3, 4, 5, 6)
DEFAULT_PLAYERS = 4

OPTIONS = (
    Option("refill", "fill", N_("how the counter and the stoves are refilled after each round"),
           N_("A (fill up); S1 can also be read as adding the layout count"), choices=("fill", "add"),
           alternatives=N_("add: add the layout count each round"), label="Refill after each round",
           words=(("fill", "fill the counter and stoves up to the layout"), ("add", "add the layout count"))),
    Option("circles", "unlimited", N_("circles per location: unlimited except the door's 5, or a table per player count"),
           N_("A (data/chefs/locations.csv, circles_by_players.csv)"), choices=("unlimited", "by_players"),
           alternatives=N_("by_players: data/chefs/circles_by_players.csv"), label="Circles per location",
           words=(("unlimited", "unlimited (the door keeps 5)"), ("by_players", "a limit for each player count"))),
    Option("chef_card", "per_stove", N_("how often the chef card may stand in for an ingredient"),
           N_("S1 (once per stove location per round); A (variant)"), choices=("per_stove", "per_round"),
           alternatives=N_("per_round: once per round in all"), label="The chef card stands in",
           words=(("per_stove", "once per stove location each round"), ("per_round", "once per round in all"))),
    Option("served_meals", "discard", N_("where a served meal card goes"),
           "A", choices=("discard", "leave"), alternatives=N_("leave: it leaves the game"), label="Served meals",
           words=(("discard", "go to the discard pile"), ("leave", "leave the game"))),
    Option("ties", "shared", N_("how a tie for the furthest chef is settled"),
           "A", choices=("shared", "meal_points"),
           alternatives=N_("meal_points: most unserved meal points, then shared"), label="A tie for the furthest chef",
           words=(("shared", "the win is shared"), ("meal_points", "most unserved meal points wins"))),
    Option("first_player", 0, N_("the seat that takes the first-player card in round 1"),
           N_("S1 (the players choose)"), kind=int, low=0, high=5, alternatives=N_("any seat"), label="First player",
           words=tuple((seat, f"Player {seat + 1}") for seat in range(6))),
)


def _resolved(players: int, variants: dict) -> dict:
    check_players("chefs", players, PLAYERS)
    options = resolve_options("chefs", OPTIONS, variants)
    if options["first_player"] >= players:
        raise OptionError(f"chefs: option first_player={options['first_player']} is not a seat; "
                          f"allowed: 0..{players - 1}")
    return options


def new_state(players: int = DEFAULT_PLAYERS, seed: int = 0, **variants) -> State:
    """A new game for 2..6 players."""
    return State(players, seed, _resolved(players, variants))


def from_position(players: int, seed: int = 0, position: dict | None = None, **variants) -> State:
    """A hand-made position (see :func:`kitchenlab.chefs.position.build_position`)."""
    from .position import build_position

    return build_position(players, seed, _resolved(players, variants), position or {})


def variant_rows() -> list[dict]:
    """The variant table: option, meaning, default, alternatives, source (players included), and
    the kit's own stall rule [A], a fixed rule rather than an option."""
    from .flow import STALL_ROUNDS

    rows = [{"option": "players", "meaning": _("how many chefs cook"), "default": "2..6",
             "alternatives": "-", "source": "S1, P"}]
    stall = {"option": "stall_rounds",
             "meaning": _("the kit's stall rule [A]: after {n} rounds in a row in which no meal was cooked "
                          "or served, the game ends and the chef furthest along wins (the rules' only ending is a "
                          "chef passing square 20)").format(n=STALL_ROUNDS),
             "default": STALL_ROUNDS, "alternatives": _("none: a fixed rule of the kit (data/chefs/settings.csv)"),
             "source": _("A: the kit's own rule, not in S1")}
    return rows + default_variant_rows(OPTIONS) + [stall]


INFO = register(GameInfo(
    name="chefs", title=TITLE, players=PLAYERS, default_players=DEFAULT_PLAYERS, options=OPTIONS,
    bots=BOTS, max_steps=MAX_STEPS, new_state=new_state, from_position=from_position,
    variant_rows=variant_rows, renderer="kitchenlab.chefs.figures:frame_figure",
    end_table="kitchenlab.chefs.end_table:end_table",
    quiz="kitchenlab.chefs.quiz:MAKERS",
    calculator="kitchenlab.chefs.classroom:calculator",
    what_if="kitchenlab.chefs.classroom:what_if",
    describe="kitchenlab.chefs.classroom:describe",
    summary="place three discs a round to gather ingredients, cook meals and serve them to race past square 20",
    test_settings={"bots": ("random", "greedy"), "playouts": 20,
                   "position_of": "kitchenlab.chefs.position:position_of", "position_phases": ("place",)},
    openspiel_schema="kitchenlab.chefs.openspiel:schema",
    glossary="kitchenlab.chefs.glossary:TERMS",
    # the flat search refines the greedy bot: its playouts, to the end; its move stands unless beaten
    search_settings={"budget": 120, "root": "halving", "rollout": "greedy", "prior": "greedy", "margin": 0.5},
    colour="#0072B2",
    profile_terms=("round", "first player", "placement"),
    profile_games=24,
))


__all__ = [
    "Action", "BOTS", "DEFAULT_PLAYERS", "DOOR_BOXES", "INFO", "Kind", "MAX_STEPS", "OPTIONS", "PLAYERS",
    "State", "TITLE", "can_cook", "components_table", "from_position", "greedy_bot", "layout",
    "load_components", "meal_name", "meal_table", "missing_for_meal", "new_state", "pay_for_meal",
    "player_name", "random_bot", "track_square", "variant_rows",
]
