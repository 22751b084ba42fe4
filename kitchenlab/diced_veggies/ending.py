"""The end of a Diced Veggies game: the final turns after the trigger, the last cook, the score.

The sixth cooked recipe of any player triggers the end (:attr:`trigger`); that player finishes the
turn, then every player, that player included, has one more turn in seat order (the seed: "Termina
su turno, y luego cada jugador tiene un turno más"; the variant ``final_turns="every_other_player"``
gives the trigger player none), then everybody may cook once more with the usual rules (starting
after the trigger player; the variant ``final_cook=False`` skips it); then recipe points + paired
hype points are scored, ties shared. A solo game also ends when the recipe deck has run out at the
end of a turn (the kit's reading [A]); that ending has no last turn, only the last cook.

>>> last_turns(1, 3, "every_player"), last_turns(1, 3, "every_other_player"), last_turns(0, 1, "every_player")
((2, 0, 1), (2, 0), (0,))
"""

from __future__ import annotations

from ..i18n import _
from . import legal as L
from .scoring import rating_text, shared_winners, solo_rating

COOK, OVER = "cook", "over"


def player_name(p: int) -> str:
    """``"Player 1"`` for seat 0, in the current language."""
    return _("Player {number}").format(number=p + 1)


def last_turns(trigger: int, players: int, final_turns: str) -> tuple:
    """The seats that play one more turn after the trigger player's turn, in seat order: every
    player, the trigger player last (``"every_player"``), or everybody else (``"every_other_player"``)."""
    others = tuple((trigger + k) % players for k in range(1, players))
    return others + (trigger,) if final_turns == "every_player" else others


def last_turns_text(players: int, final_turns: str, trigger: int) -> str:
    """The log line that announces the last turns."""
    if final_turns == "every_player":
        if players == 1:
            return _("{player} has one more turn.").format(player=player_name(trigger))
        return _("Every player, {player} included, has one more turn.").format(player=player_name(trigger))
    return _("Every other player has one more turn.")


class EndSequence:
    """The end-sequence steps of :class:`~.rules.State` (a mixin: it reads and sets the state's fields)."""

    def _end_turn(self, p: int) -> None:
        deck_out = False
        if self.players == 1 and self.trigger is None and not self.recipe_deck:
            self.trigger = p
            deck_out = True
            self.say(_("The recipe deck has run out: the solo game ends."), "end", player=p, reason="deck")
        if self.trigger is None:
            self._begin_turn((p + 1) % self.players)
            return
        if p == self.trigger and not self._started_final:
            # the trigger player's own turn is over (with every_player, its last turn comes after)
            self._started_final = True
            how = self.options["final_turns"]
            self.final_turns = () if deck_out else last_turns(p, self.players, how)
            if self.final_turns:
                self.say(last_turns_text(self.players, how, p), "end", player=p, last_turns=list(self.final_turns))
        if self.final_turns:
            nxt, self.final_turns = self.final_turns[0], self.final_turns[1:]
            self._begin_turn(nxt)
            return
        self._start_final_cook()

    _started_final = False

    def _start_final_cook(self) -> None:
        if not self.options["final_cook"]:
            self._finish()
            return
        t = self.trigger
        self.final_cook = True
        self.final_cooks = tuple((t + k) % self.players for k in range(1, self.players + 1))
        self.say(_("Last cook: everybody may cook once more with the usual rules."), "end")
        self._next_final_cook()

    def _next_final_cook(self) -> None:
        while self.final_cooks:
            p, self.final_cooks = self.final_cooks[0], self.final_cooks[1:]
            self.to_act = p
            self.phase = COOK
            if self.chef[p] or len(L.cook_actions(self, p)) > 1:
                return
            self.say(_("{player} has nothing to cook.").format(player=player_name(p)), "cook", player=p)
        self._finish()

    def _finish(self) -> None:
        self.phase = OVER
        self.final_cook = False
        scores = self.scores()
        parts = ", ".join(_("{player} {score}").format(player=player_name(p), score=s) for p, s in enumerate(scores))
        if self.players == 1:
            label = solo_rating(scores[0])
            rating = rating_text(label) if label else _("no rating: the game help's table has no line for 71–80")
            self.say(_("The game is over: {scores}. Solo rating: {rating}.").format(scores=parts, rating=rating),
                     "score", scores=scores, rating=label)
        else:
            names = ", ".join(player_name(w) for w in shared_winners(scores))
            self.say(_("The game is over: {scores}. Winner(s): {names}.").format(scores=parts, names=names),
                     "score", scores=scores,
                     winners=shared_winners(scores))
