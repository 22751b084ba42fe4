"""Diced Veggies' player counts and variant options (the defaults are the source's rules)."""

from __future__ import annotations

from ..engine import Option

TITLE = "Diced Veggies"
PLAYERS = (1, 2, 3, 4)
DEFAULT_PLAYERS = 2

OPTIONS = (
    Option("blade_entry", "edge", "where the cleaver's blade may enter a seam",
           "A: the kit's model of the cleaver (digest, 'Cleaver geometry')", choices=("edge", "middle"),
           alternatives="middle: anywhere along a seam"),
    Option("restock_shape", "rows", "how restocked dice settle into the frame's corner",
           "A (digest, rule decisions)", choices=("rows", "staircase"),
           alternatives="staircase: a random staircase anchored in the corner"),
    Option("small_block", "take_all", "when the whole block totals 10 or less, may a player still cut it?",
           "S4 ('Si todos los dados del bloque suman 10 o menos, simplemente tómalos todos sin cortar': "
           "take it all, no cut); the variant is a what-if", choices=("take_all", "may_cut"),
           alternatives="may_cut: the ordinary cuts are offered too"),
    Option("final_turns", "every_player", "after the trigger player's turn, who has one more turn?",
           "S4 ('Termina su turno, y luego cada jugador tiene un turno más': every player, the trigger "
           "player included); the variant is a common reading of such rules",
           choices=("every_player", "every_other_player"),
           alternatives="every_other_player: everybody but the trigger player"),
    Option("final_cook", True, "after the last turns, may everybody cook once more?",
           "S4 (default); the variant is a what-if", kind=bool, alternatives="False: no final cook"),
    Option("chef_number", "any", "what number the chef token may give a die",
           "S4 (any face 2..6); ±1 is a what-if variant", choices=("any", "plus_minus_one"),
           alternatives="plus_minus_one: one up or down only"),
)
