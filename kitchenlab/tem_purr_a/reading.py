"""What can be read from a Tem-Purr-A position: the fields' layout, views, worth, risk, scores.

:class:`Table` is the part of ``State`` that reads a position (and the copy-on-write of its deck);
``State`` (in ``rules.py``) adds dealing, hand-made positions, legal actions and applying them, with
the draws, turns and rounds of :class:`~kitchenlab.tem_purr_a.turns.TurnFlow`.
"""

from __future__ import annotations

from fractions import Fraction

from .actions import card_name
from ..engine import GameState
from ..decks import shuffle
from .position import INDIGESTION, NKINDS, PLUS_ONE
from .scoring import indigestion_chance


class Table(GameState):
    """A Tem-Purr-A position's fields and what may be read from them."""

    #: A plain attribute (not the base's property): set to True with the phase "over".
    is_over = False

    # phases
    START, TURN, EXTRA, OVER = "start", "turn", "extra", "over"

    # -- copying ----------------------------------------------------------------------------------
    def _copy_fields(self, new: "State") -> None:
        # Every field is immutable (tuples, ints) except the deck, which is shared until a draw
        # or a shuffle replaces it (see _own_deck).
        new._deck_owned = False

    def _own_deck(self) -> list:
        if not getattr(self, "_deck_owned", True):
            self.deck = list(self.deck)
            self._deck_owned = True
        return self.deck

    # -- reading ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == self.OVER else self.to_act

    def hand(self, player: int) -> list[int]:
        """The cards in a player's hand, sorted (dish values, then action cards)."""
        h = self.hands[player]
        return [c for c in range(NKINDS) for _ in range(h[c])]

    def hand_count(self, player: int) -> int:
        return sum(self.hands[player])

    @property
    def stack(self) -> tuple:
        """The cards of the stack, bottom first."""
        return self._stack

    @stack.setter
    def stack(self, cards: tuple) -> None:
        # The stack's worth and top dish are read several times a turn: work them out once here.
        self._stack = cards
        total, top = 0, None
        for c in cards:
            if c < PLUS_ONE:          # a dish card: 2..7
                total += c
                top = c
            elif c == PLUS_ONE:
                total += 1
        self._total, self._top = total, top

    @property
    def top_dish(self) -> int | None:
        """The value of the topmost dish card of the stack (what a serve must match by default)."""
        return self._top

    @property
    def stack_total(self) -> int:
        """Cards an eater would draw: the dish values plus 1 per "+1" card."""
        return self._total

    @property
    def deck_indigestion(self) -> int:
        """Indigestion cards in the deck now (everyone knows this number)."""
        return self.in_play - self.revealed

    def eat_risk(self) -> Fraction:
        """Exact chance that eating now reveals at least one indigestion card.

        If the stack asks for more cards than the deck holds, the deck is drawn out and the discard
        pile (which never holds indigestion cards) continues, so every indigestion card in the deck
        is drawn.
        """
        return indigestion_chance(len(self.deck), self.deck_indigestion, self.stack_total)

    def scores(self) -> list[int]:
        """Tokens still to spare: ``tokens_to_lose - tokens`` (0 for the player who is out)."""
        return [self.lose_at - t for t in self.tokens]

    def winners(self) -> list[int]:
        """Fewest tokens among the players still in; a tie goes to the most cards in hand."""
        if self.phase != self.OVER:
            return []
        alive = [p for p in range(self.players) if self.tokens[p] < self.lose_at]
        fewest = min(self.tokens[p] for p in alive)
        best = [p for p in alive if self.tokens[p] == fewest]
        most = max(self.hand_count(p) for p in best)
        return [p for p in best if self.hand_count(p) == most]

    def _view(self, player: int | None) -> dict:
        """What ``player`` may see (``None``: the public): their own hand, everyone's hand size, and
        the public table. The deck order and the other hands are never shown."""
        return {
            "hand": [card_name(c) for c in self.hand(player)] if player is not None else None,
            "hand_sizes": [self.hand_count(p) for p in range(self.players)],
            "stack": [card_name(c) for c in self.stack],
            "top_dish": self.top_dish,
            "stack_total": self.stack_total,
            "deck_size": len(self.deck),
            "discard_size": sum(self.discard),
            "indigestion_in_deck": self.deck_indigestion,
            "indigestion_aside": self.max_indigestion - self.in_play,
            "tokens": list(self.tokens),
            "direction": "clockwise" if self.direction == 1 else "counter-clockwise",
            "phase": self.phase,
        }

    def _determinize(self, player: int | None, rng) -> None:
        """Deal the other hands and the deck again from the cards ``player`` cannot see.

        The unseen dish and action cards (the deck's and the other hands') are shuffled and dealt
        back: every other hand keeps its size, the deck keeps its size and its indigestion cards
        (a public count), and the face-up stack and discard pile stay as they are.
        """
        others = [p for p in range(self.players) if p != player]
        pool = [c for c in self.deck if c != INDIGESTION]
        for p in others:
            pool += self.hand(p)
        pool.sort()              # the sample depends on what the seat knows, not on the real order
        shuffle(rng, pool)
        hands = list(self.hands)
        for p in others:
            n = self.hand_count(p)
            h = [0] * NKINDS
            for c in pool[len(pool) - n:]:
                h[c] += 1
            del pool[len(pool) - n:]
            hands[p] = tuple(h)
        self.hands = tuple(hands)
        pool += [INDIGESTION] * self.deck_indigestion
        shuffle(rng, pool)
        self.deck = pool
        self._deck_owned = True

    # -- chance, for game trees -------------------------------------------------------------------
    def chance_outcomes(self, action) -> list | None:
        """For an eat whose outcome is uncertain: ``[(p, "indigestion", state), (1 - p, "safe", state)]``.

        ``p`` is the exact risk (:meth:`eat_risk`). Each state is a representative of its outcome: the
        hidden deck is reordered (indigestion card moved into, or out of, the cards drawn) before the
        eat. Any other action, or an eat whose outcome is certain, gives ``None``.
        """
        action = self._lookup(action)
        if action.kind != "eat":
            return None
        p = self.eat_risk()
        if p in (0, 1):
            return None
        k = self.stack_total
        out = []
        for label, want_bad in (("indigestion", True), ("safe", False)):
            s = self.copy()
            deck = s._own_deck()
            top = range(len(deck) - k, len(deck))
            if want_bad:
                i = next(i for i in range(len(deck)) if deck[i] == INDIGESTION)
                deck[i], deck[-1] = deck[-1], deck[i]
            else:
                free = [i for i in range(len(deck) - k) if deck[i] != INDIGESTION]
                for i in top:
                    if deck[i] == INDIGESTION:
                        j = free.pop()
                        deck[i], deck[j] = deck[j], deck[i]
            s._legal_cache = None
            s._by_str = None
            out.append((p if want_bad else 1 - p, label, s.apply(action)))
        return out

    # -- accounting (used by tests and notebooks) ------------------------------------------------
    def card_census(self) -> dict[str, int]:
        """Where every card is: hands, deck, discard, stack, revealed and set-aside indigestion."""
        deck_ind = sum(1 for c in self.deck if c == INDIGESTION)
        return {
            "hands": sum(sum(h) for h in self.hands),
            "deck": len(self.deck) - deck_ind,
            "discard": sum(self.discard),
            "stack": len(self.stack),
            "indigestion_in_deck": deck_ind,
            "indigestion_revealed": self.revealed,
            "indigestion_aside": self.max_indigestion - self.in_play,
        }
