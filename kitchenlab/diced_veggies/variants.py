"""Diced Veggies' player counts and variant options (the defaults are the source's rules)."""

from __future__ import annotations

from ..engine import Option
from ..i18n import N_

TITLE = "Diced Veggies"
PLAYERS = (1, 2, 3, 4)
DEFAULT_PLAYERS = 2

# The texts of the options are marked N_ and translated where they are shown (the variant table).
OPTIONS = (
    Option("blade_entry", "edge", N_("where the cleaver's blade may enter a seam"),
           N_("A: the kit's model of the cleaver (digest, 'Cleaver geometry')"), choices=("edge", "middle"),
           alternatives=N_("middle: anywhere along a seam"), label="The blade enters a seam",
           words=(("edge", "at its end"), ("middle", "anywhere along it"))),
    Option("restock_shape", "rows", N_("how restocked dice settle into the frame's corner"),
           N_("A (digest, rule decisions)"), choices=("rows", "staircase"),
           alternatives=N_("staircase: a random staircase anchored in the corner"), label="Restocked dice settle",
           words=(("rows", "row by row"), ("staircase", "as a random staircase"))),
    Option("small_block", "take_all", N_("when the whole block totals 10 or less, may a player still cut it?"),
           N_("S4 ('Si todos los dados del bloque suman 10 o menos, simplemente tómalos todos sin cortar': "
              "take it all, no cut); the variant is a what-if"), choices=("take_all", "may_cut"),
           alternatives=N_("may_cut: the ordinary cuts are offered too"), label="A block totalling 10 or less",
           words=(("take_all", "is taken whole"), ("may_cut", "is taken whole or cut"))),
    Option("final_turns", "every_player", N_("after the trigger player's turn, who has one more turn?"),
           N_("S4 ('Termina su turno, y luego cada jugador tiene un turno más': every player, the trigger "
              "player included); the variant is a common reading of such rules"),
           choices=("every_player", "every_other_player"),
           alternatives=N_("every_other_player: everybody but the trigger player"), label="Final turns",
           words=(("every_player", "every player, the one who ended included"),
                  ("every_other_player", "every player but the one who ended"))),
    Option("final_cook", True, N_("after the last turns, may everybody cook once more?"),
           N_("S4 (default); the variant is a what-if"), kind=bool, alternatives=N_("False: no final cook"), label="Final cook",
           words=((True, "everybody cooks once more"), (False, "not played"))),
    Option("chef_number", "any", N_("what number the chef token may give a die"),
           N_("S4 (any face 2..6); ±1 is a what-if variant"), choices=("any", "plus_minus_one"),
           alternatives=N_("plus_minus_one: one up or down only"), label="The chef token's new number",
           words=(("any", "any face, 2 to 6"), ("plus_minus_one", "one up or one down only")),
           situation="kitchenlab.diced_veggies.analysis:far_chef_numbers",
           situation_words="used the chef token to change a die's number by more than one"),
)
