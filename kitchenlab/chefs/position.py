"""Chefs positions set up by hand (worked examples, tests, teaching trees).

>>> from kitchenlab.chefs import from_position
>>> s = from_position(2, position={"hands": [["egg", "egg"], ["flour"]], "window": ["Boiled eggs"],
...                                "placed": [["window", 0], ["door", 1], ["service", 0], ["counter", 1],
...                                           ["counter", 0], ["counter", 1]]})
>>> s.phase, s.acting_disc
('resolve', (1, 0))
"""

from __future__ import annotations

from collections import Counter

from ..errors import PositionError, shown, shown_names
from ..options import COUNT_LIMIT, check_count, check_seed, position_copy
from ..decks import shuffle   # the exact Rng.shuffle, faster for a deck
from .reading import ONE_DISC_AT
from .rules import (COMPS, DISCS, EMPTY, KINDS, LOCATION_KEYS, MEALS, NK, State, cards_text, counts_of,
                    meal_name, player_name)

FIELDS = ("hands", "known", "counter", "window", "wall", "held", "steps", "deck", "discard", "meal_deck",
          "meal_discard", "first_player", "round", "placed")
_MEAL_BY_NAME = {m.name: m.meal for m in COMPS.meals}


def _kinds(value, where: str) -> list[int]:
    if not isinstance(value, (list, tuple)):
        raise PositionError(f"chefs position: {where} must be a list of ingredient names, got {shown(value)}")
    out = []
    for i, x in enumerate(value):
        if not isinstance(x, str) or x not in KINDS:
            raise PositionError(f"chefs position: {where}[{i}] = {shown(x)} is not an ingredient; "
                                f"kinds: {', '.join(KINDS)}")
        out.append(KINDS.index(x))
    return out


def _meals(value, where: str) -> list[int]:
    if not isinstance(value, (list, tuple)):
        raise PositionError(f"chefs position: {where} must be a list of meal names, got {shown(value)}")
    out = []
    for i, x in enumerate(value):
        if not isinstance(x, str) or x not in _MEAL_BY_NAME:
            raise PositionError(f"chefs position: {where}[{i}] = {shown(x)} is not a meal card "
                                f"(see data/chefs/meals.csv)")
        out.append(_MEAL_BY_NAME[x])
    return out


def _per_player(position, name, players, conv, default):
    value = position.get(name)
    if value is None:
        return [default] * players
    if not isinstance(value, (list, tuple)) or len(value) != players:
        raise PositionError(f"chefs position: {name} must be a list with one entry per player ({players}), "
                            f"got {shown(value)}")
    return [conv(v, f"{name}[{p}]") for p, v in enumerate(value)]


def build_position(players: int, seed: int, options: dict, position: dict) -> State:
    """A state set up by hand. Ingredients and meals are given by name.

    Fields (all optional): ``hands``, ``known`` (cards of each hand everyone saw; default none),
    ``held`` (meal cards kept), ``steps``, ``counter``, ``window``, ``wall``, ``discard``,
    ``meal_discard``, ``deck`` / ``meal_deck`` (top LAST; by default every card not placed elsewhere,
    shuffled), ``first_player``, ``round`` and ``placed`` (``[location, seat]`` pairs in placement
    order; once every disc is placed, the action phase begins).

    The description is copied (JSON values only: the caller's later edits change neither the state
    nor its save) and checked: an impossible position raises a ``PositionError`` naming the field.
    """
    check_seed("chefs", seed)
    if not isinstance(position, dict):
        raise PositionError(f"chefs position must be a dict of fields ({', '.join(FIELDS)}), got {shown(position)}")
    unknown = sorted(set(position) - set(FIELDS), key=str)
    if unknown:
        raise PositionError(f"chefs position: unknown field(s) {shown_names(unknown)}; "
                            f"fields: {', '.join(FIELDS)}")
    position = position_copy(position, "chefs position")
    s = State(players, seed, options, deal=False)
    hands = _per_player(position, "hands", players, _kinds, [])
    known = _per_player(position, "known", players, _kinds, [])
    held = _per_player(position, "held", players, _meals, [])
    steps = position.get("steps", [0] * players)
    if not isinstance(steps, (list, tuple)) or len(steps) != players:
        raise PositionError(f"chefs position: steps must be {players} whole numbers 0..{COUNT_LIMIT} "
                            f"(one per player), got {shown(steps)}")
    for p, x in enumerate(steps):
        check_count(f"chefs position: steps[{p}]", x)
    counter = _kinds(position.get("counter", []), "counter")
    discard = _kinds(position.get("discard", []), "discard")
    window = _meals(position.get("window", []), "window")
    wall = _meals(position.get("wall", []), "wall")
    meal_discard = _meals(position.get("meal_discard", []), "meal_discard")

    used = Counter(counter) + Counter(discard)
    for h in hands:
        used += Counter(h)
    for p in range(players):
        if Counter(known[p]) - Counter(hands[p]):
            raise PositionError(f"chefs position: known[{p}] lists cards that are not in hands[{p}]")
    if "deck" in position:
        deck = _kinds(position["deck"], "deck")
        used += Counter(deck)
    else:
        deck = None
    for k in range(NK):
        if used[k] > COMPS.kinds[k].count:
            raise PositionError(f"chefs position: {used[k]} {KINDS[k]} cards placed; the game has "
                                f"{COMPS.kinds[k].count}")
    if deck is None:
        deck = [k for k in range(NK) for _count in range(COMPS.kinds[k].count - used[k])]
        shuffle(s.rng, deck)
    meals_used = window + wall + meal_discard + [m for h in held for m in h]
    if "meal_deck" in position:
        meal_deck = _meals(position["meal_deck"], "meal_deck")
        meals_used += meal_deck
    else:
        meal_deck = None
    dup = [m for m, n in Counter(meals_used).items() if n > 1]
    if dup:
        raise PositionError(f"chefs position: meal card {meal_name(dup[0])!r} is in two places")
    if meal_deck is None:
        meal_deck = [m for m in MEALS if m not in set(meals_used)]
        shuffle(s.rng, meal_deck)

    first = position.get("first_player", options["first_player"])
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise PositionError(f"chefs position: first_player must be 0..{players - 1} (a seat), got {shown(first)}")
    rnd = check_count("chefs position: round", position.get("round", 1), low=1)
    placed_in = position.get("placed", [])
    if not isinstance(placed_in, (list, tuple)) or len(placed_in) > DISCS * players:
        raise PositionError(f"chefs position: placed must be a list of at most {DISCS * players} "
                            f"[location, seat] pairs, got {shown(placed_in)}")
    placed = []
    for i, pair in enumerate(placed_in):
        if (not isinstance(pair, (list, tuple)) or len(pair) != 2 or not isinstance(pair[0], str)
                or pair[0] not in LOCATION_KEYS or isinstance(pair[1], bool) or pair[1] != (first + i) % players):
            raise PositionError(f"chefs position: placed[{i}] must be [location, {(first + i) % players}] "
                                f"(discs go out clockwise from the first player); locations: "
                                f"{', '.join(LOCATION_KEYS)}")
        loc = LOCATION_KEYS.index(pair[0])
        limit = s.circles[loc]
        if limit is not None and sum(1 for q, _ in placed if q == loc) >= limit:
            raise PositionError(f"chefs position: placed[{i}]: the {pair[0]} has only {limit} circles")
        placed.append((loc, pair[1]))

    s.hands = tuple(counts_of(h) for h in hands)
    s.known = tuple(counts_of(k) for k in known)
    s.held = tuple(tuple(sorted(h)) for h in held)
    s.steps_done = tuple(steps)
    s.counter = counts_of(counter) if counter else EMPTY
    s.ing_discard = counts_of(discard) if discard else EMPTY
    s.stoves = (tuple(sorted(window)), tuple(sorted(wall)))
    s.meal_discard = tuple(meal_discard)
    s.ing_deck, s.meal_deck = deck, meal_deck
    s.first, s.round = first, rnd
    s._position = position            # the checked copy (only known fields)
    s.say(f"A position set up by hand: round {rnd}, {player_name(first)} holds the first-player card; "
          f"the counter shows {cards_text(s.counter)}.", "setup", players=players)
    s.phase = State.PLACE
    s.placed = tuple(placed)
    for q, _ in placed:
        s._filled += ONE_DISC_AT[q]
    s._open = s._placeable()
    s.to_act = (first + len(placed)) % players
    if len(placed) == DISCS * players:
        s._begin_resolution()
    if not s.is_over and not s.legal_actions():
        raise PositionError(f"chefs position: no move is legal for {player_name(s.to_act)} in this position "
                            f"(phase {s.phase!r}); it cannot happen in a game")
    return s


def position_of(s) -> dict:
    """The position of a state in the form :func:`from_position` takes (every hand included: for
    tests and worked examples, never for a seat's eyes)."""
    v = [s.view(p) for p in range(s.players)]

    def flat(counts):
        return [k for k, n in counts.items() for _count in range(n)]

    return {"hands": [v[p]["hand"] for p in range(s.players)],
            "known": [flat(v[p]["known_cards"][p]) for p in range(s.players)],
            "held": [list(m) for m in v[0]["meals_held"]], "steps": list(v[0]["steps"]),
            "counter": flat(v[0]["counter"]), "window": v[0]["window"], "wall": v[0]["wall"],
            "discard": flat(v[0]["ingredient_discard"]), "meal_discard": v[0]["meal_discard"],
            "first_player": v[0]["first_player"], "round": s.round, "placed": v[0]["placed"]}
