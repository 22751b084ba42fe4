"""What a Chefs state shows: hands, scores and winners, the discs on the board, the views and the
re-deal of what a seat cannot see.

:class:`StateReading` is mixed into :class:`.rules.State`; apart from ``_determinize`` (which works on
a fresh copy) it only reads the state.
"""

from __future__ import annotations

from ..decks import shuffle   # the exact Rng.shuffle, faster for a deck
from ..i18n import _
from .actions import (CHEF_KINDS, COMPS, DISCS, EMPTY, KINDS, LOCATION_KEYS, MEAL_STEPS, NK, STOVES, _minus, _plus,
                      counts_of, meal_name, player_name)
from .scoring import track_square

#: Discs placed this round are counted per location in one int, a field of bits a location (wide
#: enough for every disc of the largest table).
_BITS = (DISCS * max(COMPS.layouts)).bit_length()
FIELD_MASK = (1 << _BITS) - 1
FIELD_SHIFT = tuple(_BITS * loc for loc in range(5))
#: What adding one disc at each location adds to a packed count.
ONE_DISC_AT = tuple(1 << shift for shift in FIELD_SHIFT)


def filled_at(filled: int, loc: int) -> int:
    """The discs at location ``loc`` in a packed count (see :attr:`StateReading.loc_counts`)."""
    return (filled >> FIELD_SHIFT[loc]) & FIELD_MASK


class StateReading:
    """Reading a Chefs position (mixed into :class:`.rules.State`)."""

    def hand(self, player: int) -> list[str]:
        """The ingredient cards in a player's hand, by name, sorted by kind."""
        h = self.hands[player]
        return [KINDS[k] for k in range(NK) for _count in range(h[k])]

    def scores(self) -> list[int]:
        """Squares each chef has advanced so far."""
        return list(self.steps_done)

    def unserved_points(self, player: int) -> int:
        """Steps shown on the meal cards a player holds but has not served."""
        return sum(MEAL_STEPS[m] for m in self.held[player])

    def winners(self) -> list[int]:
        """The chef(s) furthest along; a tie is shared, or (variant) broken by unserved meal points."""
        if self.phase != self.OVER:
            return []
        best = max(self.steps_done)
        won = [p for p in range(self.players) if self.steps_done[p] == best]
        if len(won) > 1 and self.options["ties"] == "meal_points":
            most = max(self.unserved_points(p) for p in won)
            won = [p for p in won if self.unserved_points(p) == most]
        return won

    def result_text(self) -> str:
        """The squares, the winners and why the game ended, in the current language."""
        if not self.is_over:
            return _("not over yet (round {round})").format(round=self.round)
        won = ", ".join(player_name(w) for w in self.winners())
        return _("squares {squares}; winner(s): {names} ({reason})").format(
            squares=list(self.steps_done), names=won, reason=self.end_reason_text())

    def discs_at(self, loc: int) -> list[int]:
        """The seats whose discs stand at a location, in circle (placement) order."""
        return [p for q, p in self.placed if q == loc]

    def free_circles(self, loc: int) -> int | None:
        """Free circles at a location (``None``: unlimited)."""
        limit = self.circles[loc]
        return None if limit is None else limit - filled_at(self._filled, loc)

    @property
    def loc_counts(self) -> tuple:
        """Discs placed at each location this round."""
        filled = self._filled
        return tuple(filled_at(filled, loc) for loc in range(5))

    def chef_available(self, player: int, loc: int) -> bool:
        """May ``player``'s chef card stand in at stove location ``loc`` now?"""
        used = self.chef_used[player]
        if self.options["chef_card"] == "per_round":
            return used == 0
        return not used & (1 << loc)

    @property
    def acting_disc(self) -> tuple | None:
        """(location, seat) of the disc resolving now, during the action phase."""
        if self.phase == self.RESOLVE and self.cursor < len(self.order):
            return self.order[self.cursor]
        return None

    def _view(self, player: int | None) -> dict:
        """What ``player`` may see (``None``: the public): everything on the board, every chef's meal
        cards, and the cards each player took face up from the counter; only one's own hand in full.
        The deck orders and the cards drawn face down are never shown."""
        def named(counts):
            return {KINDS[k]: counts[k] for k in range(NK) if counts[k]}
        disc = self.acting_disc
        return {
            "phase": self.phase,
            "first_player": self.first,
            "counter": named(self.counter),
            "window": [meal_name(m) for m in self.stoves[0]],
            "wall": [meal_name(m) for m in self.stoves[1]],
            "placed": [[LOCATION_KEYS[q], p] for q, p in self.placed],
            "acting_disc": None if disc is None else [LOCATION_KEYS[disc[0]], disc[1]],
            "door_boxes": [None if b < 0 else b for b in self.boxes],
            "steps": list(self.steps_done),
            "track": [list(track_square(s)) for s in self.steps_done],
            "hand": self.hand(player) if player is not None else None,
            "hand_sizes": [sum(h) for h in self.hands],
            "known_cards": [named(k) for k in self.known],
            "meals_held": [[meal_name(m) for m in h] for h in self.held],
            "chef_cards": [KINDS[CHEF_KINDS[p]] for p in range(self.players)],
            "chef_used": [[LOCATION_KEYS[q] for q in STOVES if u & (1 << q)] for u in self.chef_used],
            "ingredient_deck": len(self.ing_deck),
            "ingredient_discard": named(self.ing_discard),
            "meal_deck": len(self.meal_deck),
            "meal_discard": [meal_name(m) for m in self.meal_discard],
            "meals_out": [meal_name(m) for m in self.meals_out],
        }

    def _determinize(self, player: int | None, rng) -> None:
        """Deal again what ``player`` cannot see: the unseen part of every other hand (its size and
        the cards taken face up stay), the ingredient deck order and the meal deck order."""
        others = [p for p in range(self.players) if p != player]
        pool = list(self.ing_deck)
        for p in others:
            hidden = _minus(self.hands[p], self.known[p])
            pool += [k for k in range(NK) for _count in range(hidden[k])]
        pool.sort()              # the sample depends on what the seat knows, not on the real order
        shuffle(rng, pool)
        hands = list(self.hands)
        for p in others:
            n = sum(self.hands[p]) - sum(self.known[p])
            dealt = counts_of(pool[len(pool) - n:]) if n else EMPTY
            del pool[len(pool) - n:]
            hands[p] = _plus(self.known[p], dealt)
        self.hands = tuple(hands)
        self.ing_deck = pool
        meals = sorted(self.meal_deck)
        shuffle(rng, meals)
        self.meal_deck = meals
        self._owned = self.BOTH_DECKS

    # -- accounting (tests and notebooks) --------------------------------------------------------
    def card_census(self) -> dict[str, int]:
        """Where every ingredient and meal card is."""
        return {
            "hands": sum(sum(h) for h in self.hands), "counter": sum(self.counter),
            "ingredient_deck": len(self.ing_deck), "ingredient_discard": sum(self.ing_discard),
            "stoves": sum(len(s) for s in self.stoves), "held": sum(len(h) for h in self.held),
            "meal_deck": len(self.meal_deck), "meal_discard": len(self.meal_discard),
            "meals_out": len(self.meals_out),
        }
