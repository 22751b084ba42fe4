"""How cards move and turns pass in Tem-Purr-A: hands, draws, the discard pile, the next player,
indigestion and the start of a new round.

:class:`TurnFlow` is mixed into :class:`.rules.State`: the steps that follow from a decision (a draw
for an empty hand, a stack to start, the token and reshuffle after an indigestion card) rather than
the decisions themselves, which ``State._do`` applies.
"""

from __future__ import annotations

from .actions import player_name
from .components import DISH_VALUES
from ..decks import shuffle
from ..i18n import _, ngettext
from .position import INDIGESTION, NKINDS

_LOW, _HIGH = DISH_VALUES[0], DISH_VALUES[-1] + 1          # hand[_LOW:_HIGH]: the dish cards
assert tuple(DISH_VALUES) == tuple(range(_LOW, _HIGH))


class TurnFlow:
    """Cards moving and turns passing (mixed into :class:`.rules.State`)."""

    # -- moving cards ------------------------------------------------------------------------------
    def _set_hand(self, p: int, hand) -> None:
        hands = self.hands
        self.hands = hands[:p] + (tuple(hand),) + hands[p + 1:]

    def _play_from_hand(self, p: int, card: int, n: int = 1) -> None:
        """Take ``n`` copies of ``card`` out of player ``p``'s hand."""
        hands = self.hands
        h = hands[p]
        self.hands = hands[:p] + (h[:card] + (h[card] - n,) + h[card + 1:],) + hands[p + 1:]

    def _add_discard(self, cards) -> None:
        d = list(self.discard)
        for c in cards:
            d[c] += 1
        self.discard = tuple(d)

    def _draw(self, p: int, n: int, *, until_dish: bool = False) -> tuple[list[int], int]:
        """Draw ``n`` cards (or until a dish card) for player ``p``.

        Returns (non-indigestion cards drawn, indigestion cards drawn). When the deck runs out, the
        discard pile is shuffled into a new deck; when both are empty, drawing stops.
        """
        deck = self.deck
        cut = len(deck) - n
        if not until_dish and cut >= 0:
            # The usual case, all from the deck: take its top n cards in one slice.
            drawn = deck[cut:]
            if self.__dict__.get("_deck_owned", True):
                del deck[cut:]
            else:
                self.deck = deck[:cut]
                self._deck_owned = True
            drawn.reverse()                    # the order they are drawn in
            bad = drawn.count(INDIGESTION)
            got = [c for c in drawn if c != INDIGESTION] if bad else drawn
        else:
            got, bad = self._draw_slowly(n, until_dish)
        if got:
            hands = self.hands
            h = list(hands[p])
            for c in got:
                h[c] += 1
            self.hands = hands[:p] + (tuple(h),) + hands[p + 1:]
        return got, bad

    def _draw_slowly(self, n: int, until_dish: bool) -> tuple[list[int], int]:
        """``_draw`` one card at a time: past the end of the deck, or until a dish card."""
        deck = self._own_deck()
        got: list[int] = []
        bad = 0
        drawn = 0
        while drawn < n or until_dish:
            if not deck:
                if not any(self.discard):
                    self.say(_("The deck and the discard pile are empty: nothing more to draw."), "deck_empty")
                    break
                deck.extend(c for c in range(NKINDS) for _ in range(self.discard[c]))
                self.discard = (0,) * NKINDS
                shuffle(self.rng, deck)
                self.say(_("The deck ran out: the discard pile is shuffled into a new deck of {size}.").format(size=len(deck)),
                         "reshuffle", deck=len(deck))
            c = deck.pop()
            drawn += 1
            if c == INDIGESTION:
                bad += 1
                if until_dish:
                    break
            else:
                got.append(c)
                if until_dish and c in DISH_VALUES:
                    break
        return got, bad

    # -- turns and rounds ----------------------------------------------------------------------------
    def _next(self, p: int) -> int:
        return (p + self.direction) % self.players

    def _pass_turn(self, to: int) -> None:
        """Hand the turn to ``to``; an empty-handed player first draws 3."""
        self.to_act = to
        self.phase = "turn"
        if not any(self.hands[to]):
            got, bad = self._draw(to, self.empty_draw)
            text = (_("{player} has no cards and draws {drawn}: an indigestion card!") if bad
                    else _("{player} has no cards and draws {drawn}."))
            self.say(text.format(player=player_name(to), drawn=len(got) + bad), "empty_hand_draw", seat=to,
                     drawn=len(got) + bad, indigestion=bad)
            if bad:
                self._indigestion(to, bad)

    def _begin_start(self) -> None:
        """The acting player must start a stack; one without a dish card draws until they hold one [A]."""
        p = self.to_act
        if any(self.hands[p][_LOW:_HIGH]):      # a dish card in hand
            return
        got, bad = self._draw(p, 0, until_dish=True)
        drawn = len(got) + bad
        if bad:
            text = ngettext("{player} holds no dish card to start a stack and draws {drawn} card(s), revealing an "
                            "indigestion card!", "{player} holds no dish card to start a stack and draws {drawn} "
                            "card(s), revealing an indigestion card!", drawn)
        else:
            text = ngettext("{player} holds no dish card to start a stack and draws {drawn} card(s).",
                            "{player} holds no dish card to start a stack and draws {drawn} card(s).", drawn)
        self.say(text.format(player=player_name(p), drawn=drawn), "start_draw", seat=p, drawn=drawn, indigestion=bad)
        if bad:
            self._indigestion(p, bad)
        elif not any(self.hands[p][_LOW:_HIGH]):
            # Nothing left to draw at all (every dish card is in other hands): the turn passes.
            self.say(_("{player} cannot start a stack; the turn passes.").format(player=player_name(p)),
                     "cannot_start", seat=p)
            self._pass_turn(self._next(p))

    def _indigestion(self, p: int, count: int) -> None:
        """``p`` revealed ``count`` indigestion cards: the round ends with a token for ``p``."""
        self.revealed += count
        if self.stack:
            self._add_discard(self.stack)
            self.stack = ()
        tokens = list(self.tokens)
        tokens[p] += 1
        self.tokens = tuple(tokens)
        self.say(_("{player} takes indigestion token number {number}. The round ends.").format(
            player=player_name(p), number=tokens[p]), "token", seat=p, tokens=tokens[p])
        self.to_act = p
        if tokens[p] >= self.lose_at:
            self.phase = self.OVER
            self.is_over = True
            self.loser = p
            won = self.winners()
            names = ", ".join(player_name(w) for w in won)
            self.say(ngettext("{player} is out: the game ends. Winner(s): {names}.",
                              "{player} is out: the game ends. Winner(s): {names}.", len(won)).format(
                player=player_name(p), names=names), "game_over", loser=p, winners=tuple(won))
            return
        policy = self.options["extra_indigestion"]
        if self.in_play >= self.max_indigestion or policy == "never":
            self._new_round(add=False)
        elif policy == "always":
            self._new_round(add=True)
        else:
            self.phase = self.EXTRA

    def _new_round(self, add: bool) -> None:
        p = self.to_act
        if add:
            self.in_play += 1
            self.say(_("{player} adds an indigestion card: {count} are now in play.").format(
                player=player_name(p), count=self.in_play), "add_indigestion", seat=p, in_play=self.in_play)
        deck = self._own_deck()
        for c, k in enumerate(self.discard):
            if k:
                deck += [c] * k
        deck += [INDIGESTION] * (self.in_play - deck.count(INDIGESTION))
        self.discard = (0,) * NKINDS
        self.revealed = 0
        shuffle(self.rng, deck)
        self.direction = 1
        self.round += 1
        self.phase = self.START
        self.say(_("Round {round}: the deck is reshuffled ({size} cards, {count} indigestion); {player} starts the "
                   "new stack.").format(round=self.round, size=len(deck), count=self.in_play, player=player_name(p)),
                 "round", round=self.round, deck=len(deck), in_play=self.in_play, starter=p)
        self._begin_start()
