"""What a Chefs disc does when its location acts: its choices, carrying one out, and the draws.

:class:`DiscActions` is mixed into :class:`.rules.State`. The choices come from what :mod:`.actions`
works out once: the door's choices per hand and the counter's per counter (both capped at the cards
that can matter), and each meal's payment with and without each chef card.
"""

from __future__ import annotations

from operator import sub

from ..decks import shuffle   # the exact Rng.shuffle, faster for a deck
from ..i18n import _
from .actions import (CHEF_KINDS, COUNTER, DOOR, DOOR_BOXES, EMPTY, LOCATION_KEYS, MEAL_STEPS, NK, SERVICE, WINDOW,
                      Action, Kind, _cook_options, _counter_options, _door_options, _minus, _plus, _serve_options, _set,
                      cards_text, kind_label, location_phrase, meal_label, player_name)
from .scoring import track_square

TAKE, COOK, DOOR_KIND, SERVE = Kind.TAKE, Kind.COOK, Kind.DOOR, Kind.SERVE


class DiscActions:
    """The action phase, disc by disc (mixed into :class:`.rules.State`)."""

    #: ``_owned`` bits: the decks this state may change in place (the others are shared with the
    #: state it was copied from, and copied before a draw or a shuffle).
    ING_DECK, MEAL_DECK = 1, 2
    BOTH_DECKS = 3

    def _disc_options(self, loc: int, p: int) -> list:
        """The choices of ``p``'s disc at ``loc`` (a fresh list; empty when it can do nothing)."""
        if loc == COUNTER:
            return list(_counter_options(self.counter))
        if loc == SERVICE:
            return _serve_options(self.held[p])
        if loc == DOOR:
            return _door_options(self.hands[p], self.boxes)
        used = self.chef_used[p]       # chef_available(p, loc), written out
        free = used == 0 if self.options["chef_card"] == "per_round" else not used & (1 << loc)
        return _cook_options(loc, self.hands[p], self.stoves[0 if loc == WINDOW else 1], CHEF_KINDS[p] if free else -1)

    def _why_nothing(self, loc: int, p: int) -> str:
        """Why ``p``'s disc at ``loc`` can do nothing, in the current language."""
        if loc == COUNTER:
            return _("the counter is empty")
        if loc == SERVICE:
            return _("they hold no meal card to serve")
        if loc == DOOR:
            size = sum(self.hands[p])
            if all(b >= 0 for b in self.boxes):
                return _("every exchange box is taken")
            return _("no free exchange box asks for {size} card(s) or fewer").format(size=size)
        if not self.stoves[0 if loc == WINDOW else 1]:
            return _("no meal card is left at {location}").format(location=location_phrase(loc))
        return _("their hand cannot pay for any meal there")

    # The count-tuple helpers of .actions are written out below as a look-up in their tables first
    # (``_plus(a, b)`` is ``_plus(a, b)``), as is ``_set``: this is the hot path.
    def _resolve(self, a: Action, loc: int, p: int) -> None:
        who = player_name(p)
        k = a.kind
        cards = a.cards
        if k is TAKE:
            c = self.counter
            self.counter = _minus(c, cards)
            hands, h = self.hands, self.hands[p]
            self.hands = hands[:p] + (_plus(h, cards),) + hands[p + 1:]
            known, h = self.known, self.known[p]
            self.known = known[:p] + (_plus(h, cards),) + known[p + 1:]
            self.say(_("{player} takes {cards} from the counter.").format(player=who, cards=cards_text(cards)),
                     "take", seat=p,
                     cards=list(cards))
        elif k is COOK:
            self._discard(p, cards)
            i = 0 if loc == WINDOW else 1
            stove = list(self.stoves[i])
            stove.remove(a.meal)
            self.stoves = (tuple(stove), self.stoves[1]) if i == 0 else (self.stoves[0], tuple(stove))
            held = self.held
            self.held = held[:p] + (tuple(sorted(held[p] + (a.meal,))),) + held[p + 1:]
            if a.chef:
                self.chef_used = _set(self.chef_used, p, self.chef_used[p] | (1 << loc))
            self._cooked = True
            if a.chef:
                line = _("{player} cooks {meal} at {location}, paying {cards} and the chef card for a {kind}.")
            else:
                line = _("{player} cooks {meal} at {location}, paying {cards}.")
            self.say(line.format(player=who, meal=meal_label(a.meal), location=location_phrase(loc),
                                 cards=cards_text(cards), kind=kind_label(CHEF_KINDS[p])), "cook", seat=p, location=LOCATION_KEYS[loc],
                     meal=a.meal, paid=list(cards), chef=a.chef)
        elif k is DOOR_KIND:
            give, draw = DOOR_BOXES[a.box]
            self._discard(p, cards)
            boxes = self.boxes
            self.boxes = boxes[:a.box] + (p,) + boxes[a.box + 1:]
            got = self._draw_ingredients(draw)
            hands, h = self.hands, self.hands[p]
            self.hands = hands[:p] + (_plus(h, got),) + hands[p + 1:]
            drew = sum(got)
            self.say(_("{player} takes door box {box} ({give}→{draw}): discards {cards} and draws {drew} "
                       "card(s).").format(player=who, box=a.box + 1, give=give, draw=draw, cards=cards_text(cards),
                                          drew=drew), "door", seat=p,
                     box=a.box, discarded=list(cards), drew=drew)
        elif k is SERVE:
            held = list(self.held[p])
            held.remove(a.meal)
            self.held = _set(self.held, p, tuple(held))
            steps = self.steps_done[p] + MEAL_STEPS[a.meal]
            self.steps_done = _set(self.steps_done, p, steps)
            self._cooked = True
            if self.options["served_meals"] == "leave":
                self.meals_out = self.meals_out + (a.meal,)
            else:
                self.meal_discard = self.meal_discard + (a.meal,)
            lap, sq = track_square(steps)
            if lap > 1:
                where = _("square {square} of lap {lap}").format(square=sq, lap=lap)
            else:
                where = _("square {square}").format(square=sq)
            self.say(_("{player} serves {meal} and advances {steps} squares to {where} ({total} in all).").format(
                player=who, meal=meal_label(a.meal), steps=MEAL_STEPS[a.meal], where=where, total=steps), "serve", seat=p, meal=a.meal, steps=steps)
        else:
            line = _("{player} takes no box at {location}.") if loc == DOOR else _("{player} cooks nothing at {location}.")
            self.say(line.format(player=who, location=location_phrase(loc)), "pass", seat=p, location=LOCATION_KEYS[loc])

    def _discard(self, p: int, cards: tuple) -> None:
        hands, h = self.hands, self.hands[p]
        self.hands = hands[:p] + (_minus(h, cards),) + hands[p + 1:]
        known = self.known[p]
        if known != EMPTY:       # the cards everyone saw in the hand, less those discarded now
            self.known = _set(self.known, p, tuple([c if c > 0 else 0 for c in map(sub, known, cards)]))
        d = self.ing_discard
        self.ing_discard = _plus(d, cards)

    # -- drawing -----------------------------------------------------------------------------------
    def _draw_ingredients(self, n: int) -> tuple:
        """Draw up to ``n`` ingredient cards (the discards are reshuffled into an empty deck)."""
        if not self._owned & self.ING_DECK:
            self.ing_deck = list(self.ing_deck)
            self._owned |= self.ING_DECK
        deck = self.ing_deck
        got = [0] * NK
        if len(deck) >= n:                   # the usual case: no reshuffle on the way
            if n:
                for k in deck[len(deck) - n:]:
                    got[k] += 1
                del deck[len(deck) - n:]
            return tuple(got)
        for _count in range(n):
            if not deck:
                if not any(self.ing_discard):
                    self.say(_("The ingredient deck and its discard pile are empty: nothing more to draw."),
                             "empty", deck="ingredient")
                    break
                d = self.ing_discard
                deck.extend(k for k in range(NK) for _count in range(d[k]))
                self.ing_discard = EMPTY
                shuffle(self.rng, deck)
                self.say(_("The ingredient deck ran out: its {count} discards are shuffled into a new "
                           "deck.").format(count=len(deck)),
                         "reshuffle", deck="ingredient", cards=len(deck))
            got[deck.pop()] += 1
        return tuple(got)

    def _draw_meal(self) -> int | None:
        if not self._owned & self.MEAL_DECK:
            self.meal_deck = list(self.meal_deck)
            self._owned |= self.MEAL_DECK
        deck = self.meal_deck
        if not deck:
            if not self.meal_discard:
                return None
            deck.extend(self.meal_discard)
            self.meal_discard = ()
            shuffle(self.rng, deck)
            self.say(_("The meal deck ran out: its {count} discards are shuffled into a new deck.").format(
                count=len(deck)),
                     "reshuffle", deck="meal", cards=len(deck))
        return deck.pop()
