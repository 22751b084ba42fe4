"""Chefs (Marbushka): a worker-placement race to cook and serve meals, for 2–6 players.

A round has three phases. **Placement**: from the first player, clockwise, each player puts one of
three action discs on a free circle of a location, until all discs are out. **Actions**: the five
locations resolve in order — 1 ingredient counter (take 2 cards), 2 window stoves (cook a meal by
discarding what it needs), 3 door (exchange cards through one of five boxes), 4 wall stoves (cook),
5 service counter (serve a meal and advance as many squares as it shows) — and, at a location, the
discs act in the order they were placed. **Prepare**: refill the counter and the stoves, and the
first player passes to the left. The game ends with the round in which a chef passes square 20.

Seats are numbered clockwise; "to the left" is the next seat. Ingredient kinds are ints 0..5, a hand
is a tuple of six counts and meals are their card numbers (1..29), so copying a state is cheap.

Decisions the digest marks as the kit's own ([A]) are noted where they are applied. Two more:
a player may decline a stove or the door ("cook nothing", "take no box") [A]; a decision with a
single possible outcome is carried out at once, and a disc that can do nothing says why in the log.
"""

from __future__ import annotations

from ..engine import GameState
from ..i18n import _, language
from ..decks import shuffle   # the exact Rng.shuffle, faster for a deck
from .actions import (CHEF_KINDS, COMPS, COUNTER, DISCS, DOOR, DOOR_BOXES, EMPTY, HAND_DEAL, KINDS, LOCATION_KEYS,
                      LOCATION_NAMES, MAX_STEPS, MEAL_NEEDS, MEAL_STEPS, MEALS, NK, SERVICE, STOVES, WALL, WINDOW,
                      SEATS, Action, Kind, _DEFAULT_CIRCLES, _PLACE, act, can_pay, cards_text,
                      counts_of, location_phrase, meal_name, multisets, player_name)
from .discs import DiscActions
from .flow import STALL_REASON, STALL_ROUNDS, RoundFlow
from .reading import FIELD_MASK, FIELD_SHIFT, ONE_DISC_AT, StateReading, filled_at
from .scoring import layout

__all__ = ["Action", "CHEF_KINDS", "COMPS", "COUNTER", "DISCS", "DOOR", "DOOR_BOXES", "EMPTY", "HAND_DEAL", "KINDS",
           "Kind", "LOCATION_KEYS", "LOCATION_NAMES", "MAX_STEPS", "MEALS", "MEAL_NEEDS", "MEAL_STEPS", "NK",
           "SERVICE", "STALL_REASON", "STALL_ROUNDS", "STOVES", "State", "WALL", "WINDOW", "act", "can_pay",
           "cards_text", "counts_of", "meal_name", "multisets", "player_name"]

_PLACE_KIND = Kind.PLACE
_ONE_DISC = tuple(tuple(((loc, p),) for p in range(SEATS)) for loc in range(5))   # [loc][seat]
_PLACE_LINES: dict[tuple, str] = {}      # (language, seat, location, circle) -> the log line of that placement


def _place_line(key: tuple) -> str:
    _lang, p, loc, circle = key
    line = _PLACE_LINES[key] = _("{player} places a disc at {location} (circle {circle}).").format(
        player=player_name(p), location=location_phrase(loc), circle=circle)
    return line


class State(StateReading, RoundFlow, DiscActions, GameState):
    """A Chefs position. Build one with ``kitchenlab.new_game("chefs", ...)``.

    The reading of a position (views, scores, the re-deal of what a seat cannot see) is in
    :class:`.reading.StateReading`, the round's automatic steps in :class:`.flow.RoundFlow` and what a
    disc does in :class:`.discs.DiscActions`; this class deals the game and applies a decision.
    """

    game = "chefs"
    PLACE, RESOLVE, OVER = "place", "resolve", "over"
    #: A plain attribute (not the base's property): set to True with the phase "over".
    is_over = False

    def __init__(self, players: int, seed: int, options: dict, deal: bool = True) -> None:
        super().__init__(players, seed, options)
        lay = layout(players)
        self.counter_size, self.stove_size = lay["counter"], lay["meals_per_stove"]
        if options["circles"] == "by_players":
            table = COMPS.circle_tables[players]
            self.circles = tuple(table[k] for k in LOCATION_KEYS)
        else:
            self.circles = _DEFAULT_CIRCLES
        self.first = options["first_player"]
        self.round = 1
        self.phase = self.PLACE
        self.placed: tuple = ()           # (location, seat) in placement order
        self._filled = 0                  # discs at each location this round, packed (see reading.filled_at)
        self._open: tuple = ()            # the placements open now (see _placeable)
        self.order: tuple = ()            # (location, seat) in resolution order
        self._announce: tuple = ()        # the location lines, by disc of ``order`` (flow.announcements)
        self.cursor = 0                   # index in ``order`` of the disc acting now
        self.boxes = (-1,) * len(DOOR_BOXES)   # seat that took each door box this round, -1 = free
        self.chef_used = (0,) * players   # bit mask of stove locations where the chef card served
        self.steps_done = (0,) * players
        self.held = ((),) * players       # meal cards kept until served
        self.known = (EMPTY,) * players   # the part of each hand everyone has seen (taken face up)
        self.ing_discard = EMPTY
        self.meal_discard: tuple = ()
        self.meals_out: tuple = ()        # served meals that left the game (variant)
        self.end_reason = ""
        self.idle_rounds = 0              # rounds in a row in which no meal was cooked or served
        self._cooked = False              # a meal was cooked or served this round
        self._owned = self.BOTH_DECKS
        if not deal:
            return
        deck = [k for kind in COMPS.kinds for k in [kind.kind] * kind.count]
        shuffle(self.rng, deck)
        meals = [m.meal for m in COMPS.meals]
        shuffle(self.rng, meals)
        self.ing_deck, self.meal_deck = deck, meals
        self.counter = EMPTY
        self.stoves = ((), ())
        self.hands = (EMPTY,) * players
        self.say(_("A game of Chefs for {players} players: {counter} ingredient cards on the counter, "
                   "{meals} meal card(s) at each stove location.").format(
                     players=players, counter=self.counter_size, meals=self.stove_size), "setup", players=players,
                 counter=self.counter_size, meals_per_stove=self.stove_size)
        self._refill(initial=True)
        hands = []
        for p in range(players):
            got = self._draw_ingredients(HAND_DEAL)
            hands.append(got)
        self.hands = tuple(hands)
        self.say(_("Each player is dealt {cards} ingredient cards (hidden). {player} takes the first-player "
                   "card.").format(cards=HAND_DEAL, player=player_name(self.first)), "deal", cards=HAND_DEAL, first=self.first)
        self._begin_placement()

    # -- copying ---------------------------------------------------------------------------------
    def _copy_fields(self, new: "State") -> None:
        # Every field is a tuple or an int except the two decks, shared until a draw or a shuffle
        # (see DiscActions._draw_ingredients), and the pending choices, a list never changed once made.
        new._owned = 0

    @property
    def current_player(self) -> int | None:
        return None if self.phase == self.OVER else self.to_act

    # -- legal actions ---------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        if self.phase == "place":
            return list(self._open)
        return self._pending     # a fresh list made by _advance, never changed afterwards

    def _placeable(self) -> tuple:
        """The placements open now: a disc at each location with a free circle."""
        circles, filled = self.circles, self._filled
        return tuple(_PLACE[q] for q in range(5) if circles[q] is None or filled_at(filled, q) < circles[q])

    # -- applying --------------------------------------------------------------------------------
    def _do(self, a: Action) -> None:
        if a.kind is _PLACE_KIND:
            p, loc = self.to_act, a.loc
            placed = self.placed = self.placed + _ONE_DISC[loc][p]
            filled = self._filled = self._filled + ONE_DISC_AT[loc]
            circle = (filled >> FIELD_SHIFT[loc]) & FIELD_MASK       # filled_at(filled, loc), written out
            if circle == self.circles[loc]:                          # the last free circle there
                self._open = self._placeable()
            key = (language(), p, loc, circle)
            self.say(_PLACE_LINES.get(key) or _place_line(key), "place",
                     seat=p, location=LOCATION_KEYS[loc])
            n = len(placed)
            if n == DISCS * self.players:
                self._begin_resolution()
            else:
                self.to_act = (self.first + n) % self.players
            return
        loc, p = self.order[self.cursor]
        self._resolve(a, loc, p)
        self.cursor += 1
        self._advance()
