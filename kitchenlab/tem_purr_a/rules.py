"""Tem-Purr-A: a push-your-luck eating contest for 3–7 cats (2 as an exploration variant).

On your turn you either pass the plates on (serve a matching dish, play an action card, or skip a
dish with a pair) or eat: draw as many cards as the stack is worth. Draw an indigestion card and the
round ends with a token for you; the third token ends the game and the player with the fewest
tokens (then the most cards in hand) wins.

Cards are small ints: 2..7 are dish cards, ``PLUS_ONE``, ``REVERSE`` and ``CHOOSE`` the action cards,
``INDIGESTION`` the indigestion card. A hand is a count vector indexed by card, so copying a state
is cheap and the legal actions come straight from the counts.

Decisions the digest marks as the kit's own ([A]) are documented where they are applied.
"""

from __future__ import annotations

from .actions import (  # noqa: F401  (Kind, Action, _act, card_name... are re-exported from here)
    _EAT, _EXTRA, _KIND_EAT, _KIND_SERVE, _KIND_SKIP, _KIND_START, _PLAY_PLUS, _PLAY_REVERSE,
    _SERVE, _SKIP, _START, ACTION_CARDS, Action, Kind, _act, _choose_actions, _eat, card_label, card_name,
    player_name, player_names,
)
from .components import DISH_VALUES, load_components
from ..decks import shuffle
from ..i18n import _, joined, ngettext
from .position import CARD_NAMES, CHOOSE, INDIGESTION, NKINDS, PLUS_ONE, REVERSE, read_position  # noqa: F401
from .reading import Table
from .turns import TurnFlow


#: No game of random play has come close to this; the conformance tests use it as the bound.
MAX_STEPS = 20_000


class State(TurnFlow, Table):
    """A Tem-Purr-A position. Build one with ``kitchenlab.new_game("tem_purr_a", ...)``.

    :class:`~kitchenlab.tem_purr_a.reading.Table` holds what is read from a position (views, the
    stack's worth, risk, scores, chance outcomes) and :class:`~kitchenlab.tem_purr_a.turns.TurnFlow`
    how cards move and turns pass (draws, indigestion, new rounds); this class deals, checks
    hand-made positions, lists the legal actions and applies them.
    """

    game = "tem_purr_a"

    def __init__(self, players: int, seed: int, options: dict) -> None:
        super().__init__(players, seed, options)
        comps = load_components()
        self.hand_size = comps.count("hand_size")
        self.lose_at = comps.count("tokens_to_lose")
        self.empty_draw = comps.count("empty_hand_draw")
        self.max_indigestion = comps.count("indigestion_cards")
        split = comps.splits[options["dish_split"]]
        deck = [v for v in DISH_VALUES for _ in range(split[v])]
        deck += [PLUS_ONE] * comps.count("plus_one_cards")
        deck += [REVERSE] * comps.count("reverse_cards")
        deck += [CHOOSE] * comps.count("choose_next_cards")
        self.total_cards = len(deck)
        self._set_rules()
        shuffle(self.rng, deck)
        hands = []
        for p in range(players):
            h = [0] * NKINDS
            for _card in range(self.hand_size):
                h[deck.pop()] += 1
            hands.append(tuple(h))
        self.hands = tuple(hands)
        self.in_play = comps.count("starting_indigestion")
        deck.extend([INDIGESTION] * self.in_play)
        shuffle(self.rng, deck)
        self.deck = deck               # top is the end; a list, copied on write
        self.discard = (0,) * NKINDS   # dish/action cards by kind
        self.revealed = 0              # indigestion cards revealed this round (set aside)
        self.stack: tuple = ()
        self.tokens = (0,) * players
        self.direction = 1             # +1 clockwise (to the left), -1 counter-clockwise
        self.round = 1
        self.to_act: int | None = 0
        self.phase = self.START
        self.loser: int | None = None
        self.say(_("Round 1: {players} players get {hand_size} cards; 1 indigestion card is in the deck.").format(
            players=players, hand_size=self.hand_size), "deal", players=players, hand_size=self.hand_size, in_play=1)
        self._begin_start()

    # -- hand-made positions (teaching examples, tests) --------------------------------------
    POSITION_FIELDS = ("hands", "stack", "deck", "discard", "tokens", "in_play", "direction", "to_act",
                       "phase", "round")

    @classmethod
    def from_position(cls, players: int, seed: int, options: dict, position: dict) -> "State":
        """A state set up by hand. ``position`` holds card names ("2".."7", "+1", "reverse",
        "choose next", "indigestion"; dish values may be ints): ``hands`` (one list per player),
        ``stack`` (bottom first), ``deck`` (top LAST), and optionally ``discard``, ``tokens``,
        ``in_play`` (indigestion cards in play; default: those in the deck), ``direction`` (1 or -1),
        ``to_act``, ``phase`` ("turn", "start" or "extra") and ``round``.

        An impossible position raises a ``PositionError`` naming the field (see
        :func:`~kitchenlab.tem_purr_a.position.read_position`). The description is copied: later
        changes to the caller's lists change neither the state nor its save.
        """
        pos = read_position(players, position, load_components(), options)
        self = cls(players, seed, options)   # a dealt game (its draws advance the generator), then replaced
        self._log = None
        self.hands = pos.hands
        self.stack = pos.stack
        self.deck = pos.deck
        self.discard = pos.discard
        in_deck = pos.deck.count(INDIGESTION)
        self.in_play = pos.in_play
        self.revealed = self.in_play - in_deck   # indigestion cards in play but not in the deck
        self.tokens = pos.tokens
        self.direction = pos.direction
        self.to_act = pos.to_act
        self.phase = pos.phase
        self.round = pos.round
        self.total_cards = sum(sum(h) for h in self.hands) + len(self.stack) + sum(self.discard) + len(self.deck) - in_deck
        self._position = pos.saved
        self.say(_("A position set up by hand: {player} to act.").format(player=player_name(self.to_act)),
                 "position", to_act=self.to_act)
        if self.phase == self.START:
            self._begin_start()
        elif self.phase == self.TURN and not any(self.hands[self.to_act]):
            self._pass_turn(self.to_act)
        return self

    def _set_rules(self) -> None:
        """What the options decide, worked out once (shared by every later state: all immutable)."""
        self._any_after_action = self.options["match_after_action"] == "any"
        self._choose = _choose_actions(self.players, self.options["choose_self"])

    # -- the result ------------------------------------------------------------------------------
    def result_text(self) -> str:
        """How the game ended; when players still in tie on the fewest tokens, it names the
        tie-break that decided (the most cards in hand), or says that the win is shared."""
        won = self.winners()
        alive = [p for p in range(self.players) if self.tokens[p] < self.lose_at]
        fewest = min(self.tokens[p] for p in alive) if alive else 0
        best = [p for p in alive if self.tokens[p] == fewest]
        if not self.is_over or len(best) < 2:
            return super().result_text()
        names = ", ".join(player_name(w) for w in won)
        tied = joined(player_name(p) for p in best)
        cards = sorted((self.hand_count(p) for p in best), reverse=True)
        tokens = ngettext("{count} token", "{count} tokens", fewest).format(count=fewest)
        if len(won) == 1:
            how = _("the tie-break, the most cards in hand, goes to {names} ({cards} cards against {rest})").format(
                names=names, cards=cards[0], rest=joined(str(c) for c in cards[1:]))
        else:
            how = _("the most cards in hand ties too ({cards} cards each): the win is shared").format(cards=cards[0])
        out = "" if self.loser is None else _("{player} is out; ").format(player=player_name(self.loser))
        return ngettext("scores {scores}; {out}{tied} tie on the fewest tokens ({tokens}); {how}; winner(s): {names}",
                        "scores {scores}; {out}{tied} tie on the fewest tokens ({tokens}); {how}; winner(s): {names}",
                        len(won)).format(scores=list(self.scores()), out=out, tied=tied, tokens=tokens, how=how,
                                         names=names)

    # -- legal actions ---------------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        p = self.to_act
        h = self.hands[p]
        phase = self.phase
        if phase == "turn":     # _turn_actions, written out
            stack = self._stack
            top = self._top
            if top is None or (self._any_after_action and stack and stack[-1] in ACTION_CARDS):
                out = [_SERVE[v] for v in DISH_VALUES if h[v]]
            elif h[top]:
                out = [_SERVE[top]]
            else:
                out = []
            total = self._total
            out.append(_EAT.get(total) or _eat(total))
            if h[PLUS_ONE]:
                out.append(_PLAY_PLUS)
            if h[REVERSE]:
                out.append(_PLAY_REVERSE)
            if h[CHOOSE]:
                out += self._choose[p]
            for v in DISH_VALUES:
                if h[v] > 1:
                    out.append(_SKIP[v])
            return out
        if phase == "start":
            return [_START[v] for v in DISH_VALUES if h[v]]
        return list(_EXTRA)

    # -- applying --------------------------------------------------------------------------------
    def _do(self, a: Action) -> None:
        p = self.to_act
        names = player_names()
        who = names[p] if p < len(names) else player_name(p)
        kind, c = a.kind, a.card
        # The kinds are tested by identity (the action is always one of the legal list's) and the
        # stack's worth and top dish are kept up to date here instead of by the ``stack`` setter.
        if kind is _KIND_EAT:
            self._eat_stack(p, who)
            return
        if kind is _KIND_SKIP:
            self._play_from_hand(p, c, 2)
            self._add_discard(self._stack + (c,))
            self._stack, self._top, self._total = (c,), c, c
            self.say(_("{player} skips with two {card}s: the old stack is discarded, a new stack of {card} starts.")
                     .format(player=who, card=c), "skip", seat=p, card=c)
            to = (p + self.direction) % self.players
        elif kind == "extra":
            self._new_round(add=bool(a.target))
            return
        else:                                 # one card from hand: serve, start or play
            hands = self.hands
            h = hands[p]
            self.hands = hands[:p] + (h[:c] + (h[c] - 1,) + h[c + 1:],) + hands[p + 1:]
            if kind is _KIND_SERVE:
                self._stack += (c,)
                self._top = c
                self._total = total = self._total + c
                self.say(_("{player} serves a {card}: the stack is worth {total}.").format(player=who, card=c, total=total),
                         "serve", seat=p, card=c, total=total)
            elif kind is _KIND_START:
                self._stack, self._top, self._total = (c,), c, c
                self.say(_("{player} starts a stack with a {card}.").format(player=who, card=c), "start", seat=p, card=c)
            elif c == PLUS_ONE:
                self._stack += (c,)
                self._total = total = self._total + 1
                self.say(_("{player} plays +1: the stack is worth {total}.").format(player=who, total=total),
                         "plus_one", seat=p, total=total)
            elif c == REVERSE:
                self._stack += (c,)
                self.direction = d = -self.direction
                text = (_("{player} reverses the direction: play goes clockwise.") if d == 1
                        else _("{player} reverses the direction: play goes counter-clockwise."))
                self.say(text.format(player=who), "reverse", seat=p, direction=d)
            else:
                self._stack += (c,)
                self.say(_("{player} plays choose next and names {target}.").format(player=who, target=player_name(a.target)),
                         "choose", seat=p, target=a.target)
            # the next player (in the direction after a reverse), or the one a "choose next" names
            to = a.target if c == CHOOSE else (p + self.direction) % self.players
        # _pass_turn(to), written out for a player who holds cards
        self.to_act = to
        self.phase = "turn"
        if not any(self.hands[to]):
            self._pass_turn(to)

    def _eat_stack(self, p: int, who: str) -> None:
        """``p`` eats: draws the stack's worth; an indigestion card ends the round."""
        n = self._total
        got, bad = self._draw(p, n)
        self._add_discard(self._stack)
        self._stack, self._top, self._total = (), None, 0
        drawn = len(got) + bad
        cards = ", ".join([card_label(c) for c in sorted(got)])
        end = ngettext(" and {count} indigestion card(s)!", " and {count} indigestion card(s)!", bad).format(
            count=bad) if bad else "."
        said = ngettext("{player} eats {total}: draws {drawn} card(s)", "{player} eats {total}: draws {drawn} card(s)",
                        drawn).format(player=who, total=n, drawn=drawn)
        self.say(said + (f" ({cards})" if cards else "") + end,
                 "eat", seat=p, total=n, drawn=drawn, indigestion=bad, seen_by=p, public_text=said + end)
        if bad:
            self._indigestion(p, bad)
        else:
            self.phase = self.START
            self._begin_start()
