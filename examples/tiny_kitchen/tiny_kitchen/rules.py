"""Tiny Kitchen: a small card game of the kit's own design, the template for a new game.

Two to four cooks share the *pantry*, a shuffled face-down deck of ingredient cards with a few mice
in it, and hold hidden hands. On a turn a cook either **draws** the top pantry card (a mouse is
shown, discarded and runs off with a random card of the drawer's hand) or **cooks** a recipe whose
ingredients they hold, discarding its cards face up to score its points. The game ends when the
pantry is empty; cards in hand score nothing. The most points win; a tie shares the win.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

from kitchenlab.engine import GameState
from kitchenlab.errors import PositionError

from .components import INGREDIENTS, Card, load_components
from .scoring import dish_points, holds

#: Far above any game: every step draws a card or cooks two or more, and 42 cards exist.
MAX_STEPS = 200


class Kind(StrEnum):
    DRAW = "draw"
    COOK = "cook"


@dataclass(frozen=True)
class Action:
    """A move: its ``kind`` and, for a cook, ``what`` (the recipe)."""

    kind: Kind
    what: str = ""

    def __str__(self) -> str:
        return "draw a card" if self.kind is Kind.DRAW else f"cook {self.what}"


DRAW = Action(Kind.DRAW)


def mice_text(mice: int) -> str:
    """``"no mouse"``, ``"1 mouse"``, ``"2 mice"``."""
    return "no mouse" if mice == 0 else "1 mouse" if mice == 1 else f"{mice} mice"


class State(GameState):
    """A Tiny Kitchen position. Every field is an immutable tuple: a copy shares them all."""

    game = "tiny_kitchen"
    POSITION_FIELDS = ("hands", "pantry", "discard", "cooked", "to_act")

    def __init__(self, players: int, seed: int, options: dict) -> None:
        super().__init__(players, seed, options)
        comps = load_components()
        self.recipes, n = comps.recipes, comps.counts["hand_size"]
        deck = [card for card in INGREDIENTS for _ in range(comps.counts[card])]
        self.rng.shuffle(deck)
        self.hands = tuple(tuple(sorted(deck[n * p:n * (p + 1)])) for p in range(players))
        deck = deck[n * players:] + [Card.MOUSE] * options["mice"]
        self.rng.shuffle(deck)
        self.deck = tuple(deck)             # the pantry; its top card is the last
        self.discard: tuple = ()
        self.cooked = ((),) * players       # the recipes each player has cooked
        self.to_act = 0
        self.say(f"{players} players get {n} cards each; the pantry holds {len(deck)} cards, "
                 f"{mice_text(options['mice'])} among them.", "deal", pantry=len(deck), mice=options["mice"])

    @property
    def current_player(self) -> int | None:
        return self.to_act if self.deck else None

    def scores(self) -> list[int]:
        return [dish_points(dishes, {r.name: r.points for r in self.recipes.values()}) for dishes in self.cooked]

    def winners(self) -> list[int]:
        scores = self.scores()
        return [p for p, s in enumerate(scores) if s == max(scores)] if self.is_over else []

    def _view(self, player: int | None) -> dict:
        return {"hand": None if player is None else [str(c) for c in self.hands[player]],
                "hand_sizes": [len(h) for h in self.hands], "pantry": len(self.deck),
                "mice_in_pantry": self.deck.count(Card.MOUSE), "discard": [str(c) for c in self.discard],
                "cooked": [list(dishes) for dishes in self.cooked], "points": self.scores()}

    def _legal(self) -> list[Action]:
        hand = self.hands[self.to_act]
        return [Action(Kind.COOK, name) for name, r in self.recipes.items() if holds(hand, r.needs)] + [DRAW]

    def _do(self, action: Action) -> None:
        p, who, hand = self.to_act, f"Player {self.to_act + 1}", list(self.hands[self.to_act])
        if action.kind is Kind.DRAW:
            card, self.deck = self.deck[-1], self.deck[:-1]
            if card is Card.MOUSE:
                lost = hand.pop(self.rng.randbelow(len(hand))) if hand else None
                self.discard += (card,) if lost is None else (card, lost)
                self.say(f"{who} draws a mouse! It runs off with " + (f"a {lost}." if lost else "nothing."),
                         "mouse", seat=p, lost=str(lost) if lost else None)
            else:
                hand = sorted(hand + [card])
                self.say(f"{who} draws a {card}.", "draw", seat=p, card=str(card), seen_by=p,
                         public_text=f"{who} draws a card.")
        else:
            recipe = self.recipes[action.what]
            for card in recipe.needs:
                hand.remove(card)
            self.discard += recipe.needs
            self.cooked = self.cooked[:p] + (self.cooked[p] + (recipe.name,),) + self.cooked[p + 1:]
            self.say(f"{who} cooks {recipe}; {self.scores()[p]} points in all.", "cook", seat=p,
                     recipe=recipe.name, points=recipe.points)
        self.hands = self.hands[:p] + (tuple(hand),) + self.hands[p + 1:]
        self.to_act = (p + 1) % self.players
        if not self.deck:
            self.say(f"The pantry is empty: the game ends; {self.result_text()}", "end", scores=self.scores())

    def _copy_fields(self, new: "State") -> None:
        """Nothing to copy: ``_do`` replaces the tuples it changes."""

    def _determinize(self, player: int | None, rng) -> None:
        """Deal the other hands and the pantry again from the cards ``player`` has not seen; each
        hand keeps its size, the pantry its size and its number of mice (a public count)."""
        others = [p for p in range(self.players) if p != player]
        pool = sorted([c for c in self.deck if c is not Card.MOUSE] + [c for p in others for c in self.hands[p]])
        rng.shuffle(pool)                   # sorted first: the sample never reads the real order
        hands = list(self.hands)
        for p in others:
            hands[p], pool = tuple(sorted(pool[:len(hands[p])])), pool[len(hands[p]):]
        pool += [Card.MOUSE] * self.deck.count(Card.MOUSE)
        rng.shuffle(pool)
        self.hands, self.deck = tuple(hands), tuple(pool)

    @classmethod
    def from_position(cls, players: int, seed: int, options: dict, position: dict) -> "State":
        """A state set up by hand: ``hands`` (card names per player), ``pantry`` (top LAST) and
        optionally ``discard``, ``cooked`` (recipes per player) and ``to_act``. An impossible
        position raises a ``PositionError`` naming the field."""
        if not isinstance(position, dict) or set(position) - set(cls.POSITION_FIELDS):
            _fail("fields", f"a dict of {', '.join(cls.POSITION_FIELDS)}; got {position!r}")
        self = cls(players, seed, options)  # dealt (advancing the generator), then replaced
        get, self._log = position.get, None
        self.hands = tuple(tuple(sorted(_names(h, f"hands[{p}]", INGREDIENTS)))
                           for p, h in _each(get("hands"), "hands", players))
        self.deck, self.discard = (tuple(_names(get(f, []), f, tuple(Card))) for f in ("pantry", "discard"))
        self.cooked = tuple(tuple(_names(d, f"cooked[{p}]", tuple(self.recipes)))
                            for p, d in _each(get("cooked", [[]] * players), "cooked", players))
        self.to_act = get("to_act", 0)
        if isinstance(self.to_act, bool) or not isinstance(self.to_act, int) or not 0 <= self.to_act < players:
            _fail("to_act", f"{self.to_act!r} is not a seat; seats: 0..{players - 1}")
        box = {**load_components().counts, Card.MOUSE: options["mice"]}
        for card, n in Counter(self.deck + self.discard + sum(self.hands, ())).items():
            if n > box[card]:
                _fail("hands + pantry + discard", f"{n} {card} cards in all; the game has {box[card]}")
        self._position = copy.deepcopy(position)
        self.say(f"A position set up by hand: Player {self.to_act + 1} to act.", "position")
        return self


def position_of(s: State) -> dict:
    """A state's position in the form ``from_position`` takes (every hidden card: for tests only)."""
    return {"hands": [list(h) for h in s.hands], "pantry": list(s.deck), "discard": list(s.discard),
            "cooked": [list(c) for c in s.cooked], "to_act": s.to_act}


def _fail(field: str, why: str) -> None:
    raise PositionError(f"tiny_kitchen position: {field}: {why}")


def _each(value, field: str, players: int):
    if not isinstance(value, (list, tuple)) or len(value) != players:
        _fail(field, f"must be a list of {players} lists, one per player; got {value!r}")
    return enumerate(value)


def _names(value, field: str, allowed: tuple) -> list:
    """``value`` checked as a list of names from ``allowed`` (a card's name becomes its :class:`Card`)."""
    if not isinstance(value, (list, tuple)):
        _fail(field, f"must be a list, got {value!r}")
    for i, v in enumerate(value):
        if not isinstance(v, str) or v not in allowed:
            _fail(f"{field}[{i}]", f"{v!r} is not allowed here; allowed: {', '.join(allowed)}")
    return [Card(v) if v in tuple(Card) else v for v in value]
