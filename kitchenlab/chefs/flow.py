"""The round structure of Chefs: the steps between the players' choices.

Placement begins and ends, the action phase walks the discs in resolution order (carrying out at once
a disc with one possible outcome, or none), and the prepare phase refills the counter and the stoves,
checks the end and passes the first-player card. These are the methods of :class:`RoundFlow`, mixed
into :class:`.rules.State`.
"""

from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from ..i18n import N_, SOURCE_LANGUAGE, _, language, ngettext, using
from .actions import (COMPS, DOOR_BOXES, LOCATION_KEYS, _plus, cards_text, location_label, location_phrase, meal_label,
                      player_name)
from .scoring import FINISH_SQUARE

#: [A] The kit's stall rule: the game also ends after this many rounds in a row without a meal
#: cooked or served. The seed has no such ending ("El juego termina en la ronda en que un chef pasa
#: por la casilla 20"); the kit adds it so that a kitchen where nobody cooks still ends.
STALL_ROUNDS = COMPS.settings["stall_rounds"]
_STALL_TEXT = N_("ended by the kit's stall rule [A]: nobody cooked for {rounds} rounds")
_NO_MEALS_TEXT = N_("no meal card is left to cook or serve")
#: How a game the stall rule ends says so (its ``end_reason``, kept in English like every fact of
#: an event; :meth:`end_reason_text` and the log say it in the current language).
STALL_REASON = _STALL_TEXT.format(rounds=STALL_ROUNDS)

_FREE_BOXES = (-1,) * len(DOOR_BOXES)


def _passed_text(seats) -> str:
    """``"Player 2 passed square 20"``: the end of a race, in the current language."""
    return ngettext("{players} passed square {square}", "{players} passed square {square}", len(seats)).format(
        players=", ".join(player_name(p) for p in seats), square=FINISH_SQUARE)
_BY_LOCATION = itemgetter(0)


def announcements(order: tuple) -> tuple:
    """For each disc of ``order`` (``(location, seat)`` in resolution order): ``None``, or for the
    first disc of a location ``(line, location key, seats)``, the log line that announces it (in the
    current language: the cache holds each language apart)."""
    return _announcements(language(), order)


@lru_cache(maxsize=1 << 12)
def _announcements(lang: str, order: tuple) -> tuple:
    out = [None] * len(order)
    i, end = 0, len(order)
    while i < end:                      # the discs of one location stand together in ``order``
        loc = order[i][0]
        j = i + 1
        while j < end and order[j][0] == loc:
            j += 1
        seats = tuple([p for _loc, p in order[i:j]])
        key = (lang, loc, seats)
        line = _LOCATION_LINES.get(key)
        if line is None:
            line = _("Location {number}, {location}: discs of {players}, in circle order.").format(
                number=loc + 1, location=location_label(loc), players=", ".join(player_name(q) for q in seats))
            if len(_LOCATION_LINES) < 1 << 14:
                _LOCATION_LINES[key] = line
        out[i] = (line, LOCATION_KEYS[loc], seats)
        i = j
    return tuple(out)


_LOCATION_LINES: dict[tuple, str] = {}    # (language, location, seats) -> the line announcing them


class RoundFlow:
    """The automatic steps of a Chefs round (mixed into :class:`.rules.State`)."""

    def _begin_placement(self) -> None:
        self.phase = self.PLACE
        self.placed = ()
        self._filled = 0
        self._open = self._placeable()
        self.boxes = _FREE_BOXES
        self.chef_used = (0,) * self.players
        self.to_act = self.first
        self.say(_("Round {round}: placement starts with {player}.").format(round=self.round,
                                                                         player=player_name(self.first)), "round",
                 round=self.round, first=self.first)

    def _begin_resolution(self) -> None:
        self.phase = self.RESOLVE
        self.order = order = tuple(sorted(self.placed, key=_BY_LOCATION))   # stable: circle order kept
        self._announce = announcements(order)
        self.cursor = 0
        self.say(_("Every disc is placed: the locations act in order 1 → 5."), "actions")
        self._advance()

    def _advance(self) -> None:
        """Move to the next disc that has a choice, carrying out discs with one outcome or none.

        Each disc is visited once: a location is announced when its first disc comes up."""
        order, announce = self.order, self._announce
        end = len(order)
        while self.cursor < end:
            i = self.cursor
            loc, p = order[i]
            first = announce[i]
            if first is not None:
                self.say(first[0], "location", location=first[1], seats=list(first[2]))
            options = self._disc_options(loc, p)
            if len(options) > 1:
                self.to_act = p
                self._pending = options
                return
            if options:
                self._resolve(options[0], loc, p)
            else:
                self.say(_("{player}'s disc at {location} does nothing: {why}.").format(
                    player=player_name(p), location=location_phrase(loc), why=self._why_nothing(loc, p)),
                    "nothing", location=LOCATION_KEYS[loc], seat=p)
            self.cursor = i + 1
        self._end_round()

    def _end_round(self) -> None:
        passed = [p for p in range(self.players) if self.steps_done[p] > FINISH_SQUARE]
        if passed:
            with using(SOURCE_LANGUAGE):        # the reason is a fact of the end event: English
                reason = _passed_text(passed)
            self._finish(reason)
            return
        self._refill(initial=False)
        if not self.meal_deck and not self.meal_discard and not any(self.stoves) and not any(self.held):
            self._finish(_NO_MEALS_TEXT)   # [A] only possible if served meals leave
            return
        self.idle_rounds = 0 if self._cooked else self.idle_rounds + 1
        self._cooked = False
        if self.idle_rounds >= STALL_ROUNDS:                        # [A] a kitchen where nobody cooks
            self._finish(STALL_REASON, head=_(
                "After round {round} the game is {reason} (no meal was cooked or served in {rounds} rounds in a "
                "row; the rules have no such ending)").format(round=self.round, reason=self.end_reason_text(STALL_REASON),
                                                             rounds=STALL_ROUNDS))
            return
        self.first = (self.first + 1) % self.players
        self.round += 1
        self.say(_("The first-player card passes left to {player}.").format(player=player_name(self.first)),
                 "first_player",
                 first=self.first)
        self._begin_placement()

    def end_reason_text(self, reason: str | None = None) -> str:
        """Why the game ended (``reason``, by default :attr:`end_reason`), in the current language."""
        reason = self.end_reason if reason is None else reason
        if reason == STALL_REASON:
            return _(_STALL_TEXT).format(rounds=STALL_ROUNDS)
        if reason == _NO_MEALS_TEXT:
            return _(_NO_MEALS_TEXT)
        if not reason:
            return reason
        return _passed_text([p for p in range(self.players) if self.steps_done[p] > FINISH_SQUARE])

    def _finish(self, reason: str, head: str = "") -> None:
        """End the game: ``reason`` (English) is kept as :attr:`end_reason`; ``head`` (default: "The
        game ends after round N: reason") opens the log line that names the winners."""
        self.phase = self.OVER
        self.is_over = True
        self.to_act = None
        self.end_reason = reason
        won = self.winners()
        head = head or _("The game ends after round {round}: {reason}").format(round=self.round,
                                                                               reason=self.end_reason_text())
        names, squares = ", ".join(player_name(w) for w in won), max(self.steps_done)
        if len(won) == 1 and sum(1 for s in self.steps_done if s == squares) > 1:
            line = _("{head}. Winner(s): {names} with {squares} squares (the tie is broken by unserved meal points).")
        else:
            line = _("{head}. Winner(s): {names} with {squares} squares.")
        self.say(line.format(head=head, names=names, squares=squares),
                 "end", winners=won, steps=list(self.steps_done), reason=reason)

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
            for _card in range(want):
                m = self._draw_meal()
                if m is None:
                    break
                new.append(m)
            stoves[i] = tuple(sorted(stoves[i] + tuple(new))) if new else stoves[i]
            added.append(new)
        self.stoves = tuple(stoves)
        if initial:
            line = _("Setup: the counter gets {cards}; the window stoves get {window}; the wall stoves get {wall}.")
        else:
            line = _("Prepare: the counter gets {cards}; the window stoves get {window}; the wall stoves get {wall}.")
        self.say(line.format(cards=cards_text(got), window=", ".join(meal_label(m) for m in added[0]) or _("nothing"),
                             wall=", ".join(meal_label(m) for m in added[1]) or _("nothing")), "refill",
                 counter=list(got), window=added[0], wall=added[1])
