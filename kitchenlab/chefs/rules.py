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
from .actions import (CHEF_KINDS, COMPS, COUNTER, DISCS, DOOR, DOOR_BOXES, EMPTY, HAND_DEAL, KINDS, LOCATION_KEYS,
                      LOCATION_NAMES, MAX_STEPS, MEAL_NEEDS, MEAL_STEPS, MEALS, NK, SERVICE, STOVES, WALL, WINDOW,
                      Action, Kind, _counter_options, _DEFAULT_CIRCLES, _door_options, _minus, _NAMES, _PLACE,
                      _PLACE_NO_DOOR, _plus, _set, act, can_pay, cards_text, counts_of, meal_name, multisets,
                      player_name)
from .scoring import FINISH_SQUARE, layout, track_square

#: [A] The game also ends after this many rounds in a row without a meal cooked or served.
STALL_ROUNDS = COMPS.settings["stall_rounds"]

__all__ = ["Action", "CHEF_KINDS", "COMPS", "COUNTER", "DISCS", "DOOR", "DOOR_BOXES", "EMPTY", "HAND_DEAL", "KINDS",
           "Kind", "LOCATION_KEYS", "LOCATION_NAMES", "MAX_STEPS", "MEALS", "MEAL_NEEDS", "MEAL_STEPS", "NK",
           "SERVICE", "STOVES", "State", "WALL", "WINDOW", "act", "can_pay", "cards_text", "counts_of",
           "meal_name", "multisets", "player_name"]


class State(GameState):
    """A Chefs position. Build one with ``kitchenlab.new_game("chefs", ...)``."""

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
            self.circles = tuple(loc.circles for loc in COMPS.locations)
        self.first = options["first_player"]
        self.round = 1
        self.phase = self.PLACE
        self.placed: tuple = ()           # (location, seat) in placement order
        self._door_discs = 0              # discs at the door this round (its circles can run out)
        self.order: tuple = ()            # (location, seat) in resolution order
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
        self._owned = True
        if not deal:
            return
        deck = [k for kind in COMPS.kinds for k in [kind.kind] * kind.count]
        self.rng.shuffle(deck)
        meals = [m.meal for m in COMPS.meals]
        self.rng.shuffle(meals)
        self.ing_deck, self.meal_deck = deck, meals
        self.counter = EMPTY
        self.stoves = ((), ())
        self.hands = (EMPTY,) * players
        self.say(f"A game of Chefs for {players} players: {self.counter_size} ingredient cards on the counter, "
                 f"{self.stove_size} meal card(s) at each stove location.", "setup", players=players,
                 counter=self.counter_size, meals_per_stove=self.stove_size)
        self._refill(initial=True)
        hands = []
        for p in range(players):
            got = self._draw_ingredients(HAND_DEAL)
            hands.append(got)
        self.hands = tuple(hands)
        self.say(f"Each player is dealt {HAND_DEAL} ingredient cards (hidden). {player_name(self.first)} "
                 f"takes the first-player card.", "deal", cards=HAND_DEAL, first=self.first)
        self._begin_placement()

    # -- copying ---------------------------------------------------------------------------------
    def _copy_fields(self, new: "State") -> None:
        # Every field is a tuple or an int except the two decks, shared until a draw or a shuffle.
        new._owned = False

    def _own_decks(self) -> None:
        if not self._owned:
            self.ing_deck = list(self.ing_deck)
            self.meal_deck = list(self.meal_deck)
            self._owned = True

    # -- reading ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == self.OVER else self.to_act

    def hand(self, player: int) -> list[str]:
        """The ingredient cards in a player's hand, by name, sorted by kind."""
        h = self.hands[player]
        return [KINDS[k] for k in range(NK) for _ in range(h[k])]

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
        if not self.is_over:
            return f"not over yet (round {self.round})"
        won = ", ".join(player_name(w) for w in self.winners())
        return f"squares {list(self.steps_done)}; winner(s): {won} ({self.end_reason})"

    def discs_at(self, loc: int) -> list[int]:
        """The seats whose discs stand at a location, in circle (placement) order."""
        return [p for q, p in self.placed if q == loc]

    def free_circles(self, loc: int) -> int | None:
        """Free circles at a location (``None``: unlimited)."""
        limit = self.circles[loc]
        return None if limit is None else limit - self.loc_counts[loc]

    @property
    def loc_counts(self) -> tuple:
        """Discs placed at each location this round."""
        counts = [0] * 5
        for q, _ in self.placed:
            counts[q] += 1
        return tuple(counts)

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
            pool += [k for k in range(NK) for _ in range(hidden[k])]
        pool.sort()              # the sample depends on what the seat knows, not on the real order
        rng.shuffle(pool)
        hands = list(self.hands)
        for p in others:
            n = sum(self.hands[p]) - sum(self.known[p])
            dealt = counts_of(pool[len(pool) - n:]) if n else EMPTY
            del pool[len(pool) - n:]
            hands[p] = _plus(self.known[p], dealt)
        self.hands = tuple(hands)
        self.ing_deck = pool
        meals = sorted(self.meal_deck)
        rng.shuffle(meals)
        self.meal_deck = meals
        self._owned = True

    # -- legal actions ---------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        if self.phase == self.PLACE:
            circles = self.circles
            if circles == _DEFAULT_CIRCLES:          # only the door can fill up
                return list(_PLACE if self._door_discs < circles[DOOR] else _PLACE_NO_DOOR)
            counts = self.loc_counts
            return [_PLACE[q] for q in range(5) if circles[q] is None or counts[q] < circles[q]]
        return self._pending     # a fresh list made by _advance, never changed afterwards

    def _disc_options(self, loc: int, p: int) -> list[Action]:
        hand = self.hands[p]
        if loc == COUNTER:
            return list(_counter_options(self.counter))
        if loc == SERVICE:
            return [act("serve", SERVICE, meal=m) for m in sorted(set(self.held[p]))]
        if loc == DOOR:
            return list(_door_options(hand, tuple([b < 0 for b in self.boxes])))
        out = []
        stove = self.stoves[0 if loc == WINDOW else 1]
        chef = CHEF_KINDS[p]
        chef_ok = self.chef_available(p, loc)
        for m in sorted(set(stove)):
            needs = MEAL_NEEDS[m]
            plain = can_pay(hand, needs, None)
            if plain is not None:
                out.append(act("cook", loc, plain, m))
            if chef_ok and any(k == chef for k, _ in needs):
                pay = can_pay(hand, needs, chef)
                if pay is not None:
                    out.append(act("cook", loc, pay, m, chef=True))
        return out + [act("pass", loc)] if out else []

    def _why_nothing(self, loc: int, p: int) -> str:
        if loc == COUNTER:
            return "the counter is empty"
        if loc == SERVICE:
            return "they hold no meal card to serve"
        if loc == DOOR:
            size = sum(self.hands[p])
            if all(b >= 0 for b in self.boxes):
                return "every exchange box is taken"
            return f"no free exchange box asks for {size} card(s) or fewer"
        if not self.stoves[0 if loc == WINDOW else 1]:
            return f"no meal card is left at the {LOCATION_NAMES[loc]}"
        return "their hand cannot pay for any meal there"

    # -- the phases ------------------------------------------------------------------------------
    def _begin_placement(self) -> None:
        self.phase = self.PLACE
        self.placed = ()
        self._door_discs = 0
        self.boxes = (-1,) * len(DOOR_BOXES)
        self.chef_used = (0,) * self.players
        self.to_act = self.first
        self.say(f"Round {self.round}: placement starts with {player_name(self.first)}.", "round",
                 round=self.round, first=self.first)

    def _begin_resolution(self) -> None:
        self.phase = self.RESOLVE
        self.order = tuple(sorted(self.placed, key=lambda d: d[0]))   # stable: circle order kept
        self.cursor = 0
        self.say("Every disc is placed: the locations act in order 1 → 5.", "actions")
        self._advance()

    def _advance(self) -> None:
        """Move to the next disc that has a choice, carrying out discs with one outcome or none.

        Each disc is visited once: a location is announced when its first disc comes up."""
        order = self.order
        while self.cursor < len(order):
            loc, p = order[self.cursor]
            if self.cursor == 0 or order[self.cursor - 1][0] != loc:
                seats = self.discs_at(loc)
                self.say(f"Location {loc + 1}, {LOCATION_NAMES[loc]}: discs of "
                         f"{', '.join(player_name(q) for q in seats)}, in circle order.",
                         "location", location=LOCATION_KEYS[loc], seats=seats)
            options = self._disc_options(loc, p)
            if len(options) > 1:
                self.to_act = p
                self._pending = options
                return
            if options:
                self._resolve(options[0], loc, p)
            else:
                self.say(f"{player_name(p)}'s disc at the {LOCATION_NAMES[loc]} does nothing: "
                         f"{self._why_nothing(loc, p)}.", "nothing", location=LOCATION_KEYS[loc], seat=p)
            self.cursor += 1
        self._end_round()

    def _end_round(self) -> None:
        passed = [p for p in range(self.players) if self.steps_done[p] > FINISH_SQUARE]
        if passed:
            who = ", ".join(player_name(p) for p in passed)
            self._finish(f"{who} passed square {FINISH_SQUARE}")
            return
        self._refill(initial=False)
        if not self.meal_deck and not self.meal_discard and not any(self.stoves) and not any(self.held):
            self._finish("no meal card is left to cook or serve")   # [A] only possible if served meals leave
            return
        self.idle_rounds = 0 if self._cooked else self.idle_rounds + 1
        self._cooked = False
        if self.idle_rounds >= STALL_ROUNDS:                        # [A] a kitchen where nobody can cook
            self._finish(f"no meal was cooked or served for {STALL_ROUNDS} rounds in a row")
            return
        self.first = (self.first + 1) % self.players
        self.round += 1
        self.say(f"The first-player card passes left to {player_name(self.first)}.", "first_player",
                 first=self.first)
        self._begin_placement()

    def _finish(self, reason: str) -> None:
        self.phase = self.OVER
        self.is_over = True
        self.to_act = None
        self.end_reason = reason
        won = self.winners()
        tie = ""
        if len(won) == 1 and sum(1 for s in self.steps_done if s == max(self.steps_done)) > 1:
            tie = " (the tie is broken by unserved meal points)"
        self.say(f"The game ends after round {self.round}: {reason}. Winner(s): "
                 f"{', '.join(player_name(w) for w in won)} with {max(self.steps_done)} squares{tie}.",
                 "end", winners=won, steps=list(self.steps_done), reason=reason)

    # -- drawing and refilling -------------------------------------------------------------------
    def _draw_ingredients(self, n: int) -> tuple:
        """Draw up to ``n`` ingredient cards (the discards are reshuffled into an empty deck)."""
        self._own_decks()
        deck = self.ing_deck
        got = [0] * NK
        for _ in range(n):
            if not deck:
                if not any(self.ing_discard):
                    self.say("The ingredient deck and its discard pile are empty: nothing more to draw.",
                             "empty", deck="ingredient")
                    break
                d = self.ing_discard
                deck.extend(k for k in range(NK) for _ in range(d[k]))
                self.ing_discard = EMPTY
                self.rng.shuffle(deck)
                self.say(f"The ingredient deck ran out: its {len(deck)} discards are shuffled into a new deck.",
                         "reshuffle", deck="ingredient", cards=len(deck))
            got[deck.pop()] += 1
        return tuple(got)

    def _draw_meal(self) -> int | None:
        self._own_decks()
        deck = self.meal_deck
        if not deck:
            if not self.meal_discard:
                return None
            deck.extend(self.meal_discard)
            self.meal_discard = ()
            self.rng.shuffle(deck)
            self.say(f"The meal deck ran out: its {len(deck)} discards are shuffled into a new deck.",
                     "reshuffle", deck="meal", cards=len(deck))
        return deck.pop()

    def _refill(self, initial: bool) -> None:
        """Lay out the counter and the stoves: up to the layout counts (default) or, with the
        ``refill="add"`` variant, the layout count more each round."""
        add = self.options["refill"] == "add" and not initial
        want = self.counter_size if add else max(0, self.counter_size - sum(self.counter))
        got = self._draw_ingredients(want)
        self.counter = _plus(self.counter, got)
        stoves = list(self.stoves)
        added = []
        for i in range(2):
            want = self.stove_size if add else max(0, self.stove_size - len(stoves[i]))
            new = []
            for _ in range(want):
                m = self._draw_meal()
                if m is None:
                    break
                new.append(m)
            stoves[i] = tuple(sorted(stoves[i] + tuple(new)))
            added.append(new)
        self.stoves = tuple(stoves)
        verb = "Setup" if initial else "Prepare"
        self.say(f"{verb}: the counter gets {cards_text(got)}; the window stoves get "
                 f"{', '.join(meal_name(m) for m in added[0]) or 'nothing'}; the wall stoves get "
                 f"{', '.join(meal_name(m) for m in added[1]) or 'nothing'}.", "refill",
                 counter=list(got), window=added[0], wall=added[1])

    # -- applying --------------------------------------------------------------------------------
    def _do(self, a: Action) -> None:
        if a.kind == "place":
            p = self.to_act
            placed = self.placed = self.placed + ((a.loc, p),)
            n = len(placed)
            if a.loc == DOOR:
                self._door_discs += 1
            circle = [q for q, _ in placed].count(a.loc)
            self.say(f"{_NAMES[p]} places a disc at the {LOCATION_NAMES[a.loc]} (circle {circle}).", "place",
                     seat=p, location=LOCATION_KEYS[a.loc])
            if n == DISCS * self.players:
                self._begin_resolution()
            else:
                self.to_act = (self.first + n) % self.players
            return
        loc, p = self.order[self.cursor]
        self._resolve(a, loc, p)
        self.cursor += 1
        self._advance()

    def _resolve(self, a: Action, loc: int, p: int) -> None:
        who = _NAMES[p]
        k = a.kind
        if k == "take":
            self.counter = _minus(self.counter, a.cards)
            self.hands = _set(self.hands, p, _plus(self.hands[p], a.cards))
            self.known = _set(self.known, p, _plus(self.known[p], a.cards))
            self.say(f"{who} takes {cards_text(a.cards)} from the counter.", "take", seat=p, cards=list(a.cards))
        elif k == "cook":
            self._discard(p, a.cards)
            i = 0 if loc == WINDOW else 1
            stove = list(self.stoves[i])
            stove.remove(a.meal)
            self.stoves = _set(self.stoves, i, tuple(stove))
            self.held = _set(self.held, p, tuple(sorted(self.held[p] + (a.meal,))))
            if a.chef:
                self.chef_used = _set(self.chef_used, p, self.chef_used[p] | (1 << loc))
            self._cooked = True
            chef = f" and the chef card for a {KINDS[CHEF_KINDS[p]]}" if a.chef else ""
            self.say(f"{who} cooks {meal_name(a.meal)} at the {LOCATION_NAMES[loc]}, paying "
                     f"{cards_text(a.cards)}{chef}.", "cook", seat=p, location=LOCATION_KEYS[loc], meal=a.meal,
                     paid=list(a.cards), chef=a.chef)
        elif k == "door":
            give, draw = DOOR_BOXES[a.box]
            self._discard(p, a.cards)
            self.boxes = _set(self.boxes, a.box, p)
            got = self._draw_ingredients(draw)
            self.hands = _set(self.hands, p, _plus(self.hands[p], got))
            self.say(f"{who} takes door box {a.box + 1} ({give}→{draw}): discards {cards_text(a.cards)} and "
                     f"draws {sum(got)} card(s).", "door", seat=p, box=a.box, discarded=list(a.cards),
                     drew=sum(got))
        elif k == "serve":
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
            where = f"square {sq}" + (f" of lap {lap}" if lap > 1 else "")
            self.say(f"{who} serves {meal_name(a.meal)} and advances {MEAL_STEPS[a.meal]} squares to {where} "
                     f"({steps} in all).", "serve", seat=p, meal=a.meal, steps=steps)
        else:
            what = "takes no box" if loc == DOOR else "cooks nothing"
            self.say(f"{who} {what} at the {LOCATION_NAMES[loc]}.", "pass", seat=p, location=LOCATION_KEYS[loc])

    def _discard(self, p: int, cards: tuple) -> None:
        self.hands = _set(self.hands, p, _minus(self.hands[p], cards))
        known = self.known[p]
        self.known = _set(self.known, p, tuple(max(0, known[k] - cards[k]) for k in range(NK)))
        self.ing_discard = _plus(self.ing_discard, cards)

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
