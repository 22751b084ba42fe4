"""Tem-Purr-A (Kuraki Mura; IELLO / Swan Panasia 2016): a push-your-luck eating contest.

>>> import kitchenlab
>>> s = kitchenlab.new_game("tem_purr_a", players=4, seed=1)
>>> [str(a) for a in s.legal_actions()][:2]
['start a stack with 2', 'start a stack with 3']
"""

from __future__ import annotations

from ..i18n import N_, _
from ..engine import GameInfo, Option, check_players, default_variant_rows, register, resolve_options
from .bots import BOTS, cautious_bot, random_bot
from .components import MAX_PLAYERS, components_table, load_components
from .rules import MAX_STEPS, Action, Kind, State, card_name, player_name
from .scoring import indigestion_chance, stack_total

TITLE = "Tem-Purr-A"
PLAYERS = tuple(range(2, MAX_PLAYERS + 1))
DEFAULT_PLAYERS = 4

# The texts of the options are marked N_ and translated where they are shown (the variant table).
OPTIONS = (
    Option("match_after_action", "top_dish",
           N_("what a serve must match when an action card is on top of the stack"),
           N_("A (default); P, one reviewer (variant)"), choices=("top_dish", "any"),
           alternatives=N_("any: any dish value may follow an action card")),
    Option("choose_self", False, N_("may a 'choose next player' card name its own player?"),
           "A", kind=bool, alternatives=N_("True: yourself allowed")),
    Option("dish_split", "even", N_("how the 72 dish cards split over the values 2..7 (data/tem_purr_a/dish_splits.csv)"),
           "A", choices=tuple(load_components().splits), alternatives=N_("any split table in data")),
    Option("extra_indigestion", "choose",
           N_("after a round, does the token taker add another indigestion card (at most 6)?"),
           N_("S2 (choose); always / never are what-if variants"), choices=("choose", "always", "never"),
           alternatives="always / never"),
)


def new_state(players: int = DEFAULT_PLAYERS, seed: int = 0, **variants) -> State:
    """A new game. Players 3..7 are the box's; 2 is allowed as an exploration variant."""
    check_players("tem_purr_a", players, PLAYERS)
    return State(players, seed, resolve_options("tem_purr_a", OPTIONS, variants))


def from_position(players: int, seed: int = 0, position: dict | None = None, **variants) -> State:
    """A hand-made position (see ``State.from_position``), e.g. for a worked example.

    >>> s = from_position(3, position={"hands": [[3, 3], [6], [2]], "stack": [6],
    ...                                  "deck": ["indigestion", 2, 4, 5]})
    >>> str(s.apply("skip with two 3s").view(1)["top_dish"])
    '3'
    """
    check_players("tem_purr_a", players, PLAYERS)
    return State.from_position(players, seed, resolve_options("tem_purr_a", OPTIONS, variants), position or {})


def variant_rows() -> list[dict]:
    """The variant table: option, default, alternatives, source (players included)."""
    rows = [{"option": "players", "meaning": _("how many cats sit at the table"), "default": "3..7",
             "alternatives": _("2 (exploration only)"), "source": _("S2 box; A")}]
    return rows + default_variant_rows(OPTIONS)


INFO = register(GameInfo(
    name="tem_purr_a", title=TITLE, players=PLAYERS, default_players=DEFAULT_PLAYERS, options=OPTIONS,
    bots=BOTS, max_steps=MAX_STEPS, new_state=new_state, from_position=from_position,
    variant_rows=variant_rows, renderer="kitchenlab.tem_purr_a.figures:frame_figure",
    quiz="kitchenlab.tem_purr_a.quiz:MAKERS",
    calculator="kitchenlab.tem_purr_a.classroom:calculator",
    what_if="kitchenlab.tem_purr_a.classroom:what_if",
    summary=N_("push your luck: pass the plates on or eat, and hope the deck holds no indigestion card"),
    test_settings={"bots": ("random", "cautious"), "playouts": 40,
                   "position_of": "kitchenlab.tem_purr_a.position:position_of", "position_phases": ("turn", "start"),
                   "variant_playthroughs": {"variants": {"players": 5, "options": {
                       "match_after_action": "any", "choose_self": True, "extra_indigestion": "always",
                       "dish_split": "high_heavy"}}}},
    openspiel_schema="kitchenlab.tem_purr_a.openspiel:schema",
    glossary="kitchenlab.tem_purr_a.glossary:TERMS",
    # the flat search refines the cautious bot: its playouts, to the end; its move stands unless beaten
    search_settings={"budget": 200, "root": "halving", "rollout": "cautious", "prior": "cautious", "margin": 0.5},
    colour="#d62728",
    profile_terms=("round", "turn", "player", "tie", "winner"),
    profile_games=120,
))


__all__ = [
    "Action", "Kind", "BOTS", "DEFAULT_PLAYERS", "INFO", "MAX_STEPS", "OPTIONS", "PLAYERS", "State", "TITLE",
    "card_name", "cautious_bot", "components_table", "indigestion_chance", "load_components",
    "from_position", "new_state", "player_name", "random_bot", "stack_total", "variant_rows",
]
