"""Bots for Chefs. A bot is ``bot(state, rng) -> action``; ``rng`` is an engine ``Rng``.

Both read only what the acting seat may see: the board, every chef's meal cards and its own hand
(``state.hands[seat]``); never the deck order or another player's hand.
"""

from __future__ import annotations

from operator import le

from .rules import (CHEF_KINDS, COUNTER, DOOR, MEAL_NEEDS, MEAL_STEPS, NK, SERVICE, WALL, WINDOW, State,
                    can_pay)


def random_bot(state: State, rng) -> object:
    """Any legal action, uniformly."""
    return rng.choice(state.legal_actions())


def _cookable(state: State, p: int, hand: tuple, loc: int, taken: set) -> list[int]:
    """Meals at stove ``loc`` (not already planned) that ``hand`` can pay for, best first."""
    stove = state.stoves[0 if loc == WINDOW else 1]
    chef = CHEF_KINDS[p] if state.chef_available(p, loc) else None
    out = [m for m in stove if m not in taken and can_pay(hand, MEAL_NEEDS[m], chef) is not None]
    return sorted(out, key=lambda m: -MEAL_STEPS[m])


def _wanted(state: State, p: int) -> list[int]:
    """How much each kind is wanted: the missing cards of the meals on the stoves, weighted by value."""
    hand = state.hands[p]
    want = [0] * NK
    for stove in state.stoves:
        for m in stove:
            for k, n in MEAL_NEEDS[m]:
                if hand[k] < n:
                    want[k] += MEAL_STEPS[m]
    return want


def greedy_bot(state: State, rng) -> object:
    """Plans its three discs around the meals it can complete.

    Placement: a disc at a stove for each meal its hand can pay for there (the window first, as it
    acts earlier; the hand is charged for the planned meals), a disc at the service counter for each
    meal it holds or plans to cook, then the counter while the discs already there leave it cards,
    else the door.
    Actions: takes the counter cards the stove meals need most, cooks the most valuable meal (using
    the chef card only when it saves a card), exchanges at the door the cards no meal needs, serves
    the most valuable meal first.
    """
    legal = state.legal_actions()
    p = state.current_player
    kinds = {a.kind for a in legal}
    if kinds == {"place"}:
        return _place(state, p, legal)
    if "cook" in kinds:
        cooks = [a for a in legal if a.kind == "cook"]
        return max(cooks, key=lambda a: (MEAL_STEPS[a.meal], -sum(a.cards), not a.chef))
    if "serve" in kinds:
        return max(legal, key=lambda a: MEAL_STEPS[a.meal])
    want = _wanted(state, p)
    if "take" in kinds:
        return max(legal, key=lambda a: (sum(want[k] * a.cards[k] for k in range(NK)), str(a)))
    if "door" in kinds:
        hand = state.hands[p]
        need = [0] * NK          # the most of each kind any meal on the stoves needs
        for stove in state.stoves:
            for m in stove:
                for k, n in MEAL_NEEDS[m]:
                    need[k] = max(need[k], n)
        spare = [max(0, hand[k] - need[k]) for k in range(NK)]
        fits = [a for a in legal if a.kind == "door" and all(map(le, a.cards, spare))]
        if fits:
            return max(fits, key=lambda a: (a.box, str(a)))
        return next(a for a in legal if a.kind == "pass")
    return legal[0]


def _place(state: State, p: int, legal: list) -> object:
    mine = [q for q, s in state.placed if s == p]
    hand = list(state.hands[p])
    planned: set = set()
    cooks = 0
    for q in mine:                     # charge the hand for the meals already planned
        if q in (WINDOW, WALL):
            meals = _cookable(state, p, tuple(hand), q, planned)
            if meals:
                m = meals[0]
                planned.add(m)
                chef = CHEF_KINDS[p] if state.chef_available(p, q) else None
                pay = can_pay(tuple(hand), MEAL_NEEDS[m], chef)
                hand = [h - c for h, c in zip(hand, pay)]
                cooks += 1
    allowed = {a.loc: a for a in legal}
    serves = mine.count(SERVICE)
    meals_ready = len(state.held[p]) + cooks
    for q in (WINDOW, WALL):
        if q in allowed and _cookable(state, p, tuple(hand), q, planned):
            if meals_ready + 1 > serves or len(mine) < 2:
                return allowed[q]
    if meals_ready > serves and SERVICE in allowed:
        return allowed[SERVICE]
    left = sum(state.counter) - 2 * len(state.discs_at(COUNTER))   # cards left for one more disc
    size = sum(state.hands[p])
    if left >= 2 and size < 6 and COUNTER in allowed:
        return allowed[COUNTER]
    if DOOR in allowed and size >= 1 and state.free_circles(DOOR) > 0:
        return allowed[DOOR]
    if left >= 1 and COUNTER in allowed:
        return allowed[COUNTER]
    return allowed.get(COUNTER, legal[0])


BOTS = {"random": random_bot, "greedy": greedy_bot}
