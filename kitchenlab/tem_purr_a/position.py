"""Hand-made Tem-Purr-A positions: reading one and refusing the ones that cannot happen.

:func:`read_position` turns the JSON-ready description accepted by ``State.from_position`` into
card counts, and raises a :class:`~kitchenlab.errors.PositionError` that names the field and what is
allowed when the position is impossible: a card that does not exist, more copies of a card than
the game has, an indigestion card where none can be, a phase that does not fit the stack, a deck
without an indigestion card during a round, or a number that is a boolean or out of range.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..errors import PositionError, shown, shown_names
from ..options import COUNT_LIMIT, position_copy
from .components import DISH_VALUES, Components

INDIGESTION = 0
PLUS_ONE, REVERSE, CHOOSE = 8, 9, 10
NKINDS = 11
CARD_NAMES = {
    INDIGESTION: "indigestion", PLUS_ONE: "+1", REVERSE: "reverse", CHOOSE: "choose next",
    **{v: str(v) for v in DISH_VALUES},
}
_BY_NAME = {name: card for card, name in CARD_NAMES.items()}
CARDS_ALLOWED = "2..7 (or '2'..'7'), '+1', 'reverse', 'choose next', 'indigestion'"

FIELDS = ("hands", "stack", "deck", "discard", "tokens", "in_play", "direction", "to_act", "phase", "round")
PHASES = ("turn", "start", "extra")


class Position(NamedTuple):
    """A checked position: hands and discard as count vectors, the stack and deck as card lists."""

    hands: tuple
    stack: tuple
    deck: list
    discard: tuple
    tokens: tuple
    in_play: int
    direction: int
    to_act: int
    phase: str
    round: int
    saved: dict      # a copy of the description (JSON values), for the save file


def _fail(field: str, why: str) -> None:
    raise PositionError(f"tem_purr_a position: {field}: {why}")


def _number(position: dict, field: str, default: int, low: int, high: int | None, allowed: str) -> int:
    """An int field (never a boolean) in ``low..high``."""
    value = position.get(field, default)
    if isinstance(value, bool):
        _fail(field, f"{shown(value)} is a boolean, not a number; allowed: {allowed}")
    if not isinstance(value, int) or value < low or (high is not None and value > high):
        _fail(field, f"{shown(value)} is not allowed; allowed: {allowed}")
    return value


def _card(x: Any, where: str) -> int:
    if isinstance(x, bool):
        _fail(where, f"{shown(x)} is a boolean, not a card; cards: {CARDS_ALLOWED}")
    if isinstance(x, int) and x in DISH_VALUES:
        return x
    if isinstance(x, str) and x in _BY_NAME:
        return _BY_NAME[x]
    _fail(where, f"{shown(x)} is not a card; cards: {CARDS_ALLOWED}")


def _cards(value: Any, field: str, indigestion_ok: bool) -> list[int]:
    if not isinstance(value, (list, tuple)):
        _fail(field, f"must be a list of cards, got {shown(value)}")
    out = [_card(x, f"{field}[{i}]") for i, x in enumerate(value)]
    if not indigestion_ok and INDIGESTION in out:
        _fail(field, "cannot hold an indigestion card (they are only in the deck or set aside)")
    return out


def _counts(cards: list[int]) -> tuple:
    h = [0] * NKINDS
    for c in cards:
        h[c] += 1
    return tuple(h)


def read_position(players: int, position: Any, comps: Components, options: dict) -> Position:
    """Check ``position`` (see ``State.from_position``) against the game's components and options."""
    dish_split = options["dish_split"]
    if not isinstance(position, dict):
        raise PositionError(f"tem_purr_a position must be a dict of fields ({', '.join(FIELDS)}), "
                            f"got {shown(position)}")
    unknown = sorted(set(position) - set(FIELDS), key=str)
    if unknown:
        raise PositionError(f"tem_purr_a position: unknown field(s) {shown_names(unknown)}; "
                            f"fields: {', '.join(FIELDS)}")
    position = position_copy(position, "tem_purr_a position")   # JSON values only, the caller's lists copied
    lose_at = comps.count("tokens_to_lose")
    most_indigestion = comps.count("indigestion_cards")

    hands_in = position.get("hands")
    if not isinstance(hands_in, (list, tuple)) or len(hands_in) != players:
        _fail("hands", f"must be a list of {players} hands (one list of cards per player), got {shown(hands_in)}")
    hands = []
    for p, hand in enumerate(hands_in):
        if not isinstance(hand, (list, tuple)):
            _fail(f"hands[{p}]", f"must be a list of cards, got {shown(hand)}")
        hands.append(_counts(_cards(hand, f"hands[{p}]", indigestion_ok=False)))
    stack = tuple(_cards(position.get("stack", []), "stack", indigestion_ok=False))
    deck = _cards(position.get("deck", []), "deck", indigestion_ok=True)
    discard = _counts(_cards(position.get("discard", []), "discard", indigestion_ok=False))

    in_deck = deck.count(INDIGESTION)
    if in_deck > most_indigestion:
        _fail("deck", f"holds {in_deck} indigestion cards; the game has {most_indigestion}")
    phase = position.get("phase", "turn" if stack else "start")
    if phase not in PHASES:
        _fail("phase", f"{shown(phase)} is not allowed; allowed: 'turn', 'start' or 'extra'")
    if phase == "start" and stack:
        _fail("stack", "must be empty in the 'start' phase (the player to act starts a new stack)")
    if phase == "turn" and not stack:
        _fail("stack", "is empty, so there is nothing to serve onto or eat; a 'turn' needs a stack "
              "(use phase 'start' to start one)")
    if phase == "extra" and stack:
        _fail("stack", "must be empty in the 'extra' phase (the stack is discarded when a round ends)")
    if phase in ("start", "turn") and not in_deck:
        _fail("deck", f"holds no indigestion card; during a round ('{phase}' phase) at least one is in "
              "the deck (none is ever removed)")

    in_play = _number(position, "in_play", max(in_deck, 1), max(in_deck, 1), most_indigestion,
                      f"{max(in_deck, 1)}..{most_indigestion} (at least the indigestion cards in the deck "
                      f"and the one shuffled in at setup; the game has {most_indigestion}, the rest are set aside)")
    if phase == "extra":
        if options["extra_indigestion"] != "choose":
            _fail("phase", f"'extra' (the choice to add an indigestion card) does not happen when the option "
                  f"extra_indigestion is {options['extra_indigestion']!r}; allowed: 'turn' or 'start'")
        if in_play >= most_indigestion:
            _fail("in_play", f"{in_play} in the 'extra' phase: with all {most_indigestion} indigestion cards in "
                  f"play there is none to add; allowed: 1..{most_indigestion - 1}")
    tokens = position.get("tokens", [0] * players)
    if not isinstance(tokens, (list, tuple)) or len(tokens) != players:
        _fail("tokens", f"must be a list of {players} numbers 0..{lose_at - 1}, got {shown(tokens)}")
    for p, t in enumerate(tokens):
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < lose_at:
            _fail(f"tokens[{p}]", f"{shown(t)} is not allowed; allowed: a number 0..{lose_at - 1}"
                  + (" (a boolean is not a number)" if isinstance(t, bool) else ""))
    direction = position.get("direction", 1)
    if isinstance(direction, bool) or direction not in (1, -1):
        _fail("direction", f"{shown(direction)} is not allowed; allowed: 1 (clockwise) or -1 (counter-clockwise)"
              + (" (a boolean is not a number)" if isinstance(direction, bool) else ""))
    to_act = _number(position, "to_act", 0, 0, players - 1, f"a seat 0..{players - 1}")
    rnd = _number(position, "round", 1, 1, COUNT_LIMIT, f"a whole number 1 or more (at most {COUNT_LIMIT})")

    _check_totals(comps, dish_split, hands, stack, deck, discard)
    saved = position                  # a copy already (position_copy), of the known fields only
    return Position(tuple(hands), stack, deck, discard, tuple(tokens), in_play, direction, to_act, phase,
                    rnd, saved)


def _check_totals(comps: Components, dish_split: str, hands, stack, deck, discard) -> None:
    """No card kind may appear more often than the game has it."""
    have = list(discard)
    for h in hands:
        for c in range(NKINDS):
            have[c] += h[c]
    for c in stack:
        have[c] += 1
    for c in deck:
        have[c] += 1
    split = comps.splits[dish_split]
    limits = {**{v: (split[v], f"the {dish_split!r} dish split has") for v in DISH_VALUES},
              PLUS_ONE: (comps.count("plus_one_cards"), "the game has"),
              REVERSE: (comps.count("reverse_cards"), "the game has"),
              CHOOSE: (comps.count("choose_next_cards"), "the game has")}
    for c, (most, whose) in limits.items():
        if have[c] > most:
            _fail("hands + stack + deck + discard",
                  f"{have[c]} {CARD_NAMES[c]!r} cards in all; {whose} {most}")


def position_of(s) -> dict:
    """The position of a state in the form :func:`from_position` takes (every hidden card included:
    for tests and worked examples, never for a seat's eyes)."""
    def cards(counts):
        return [CARD_NAMES[c] for c, n in enumerate(counts) for _ in range(n)]

    return {"hands": [cards(h) for h in s.hands], "stack": [CARD_NAMES[c] for c in s.stack],
            "deck": [CARD_NAMES[c] for c in s.deck], "discard": cards(s.discard), "tokens": list(s.tokens),
            "in_play": s.in_play, "direction": s.direction, "to_act": s.to_act, "phase": s.phase,
            "round": s.round}
