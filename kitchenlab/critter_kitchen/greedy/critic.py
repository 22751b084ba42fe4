"""The greedy bot's critic meal: the exact optimiser's best meal
(:func:`..scoring.best_critic_meal`, with only the rumor cards the seat may read), put on the plate
one item at a time.

Strategy only: the critic phase's rules are :mod:`..phases.critic`.
"""

from __future__ import annotations

from .. import actions, scoring
from ..actions import Action, Kind
from ..final import soup_value
from ..phases.critic import _effect
from ..tokens import ALLSPICE, RUM, TYPES, WLD, parse_meal, token


def _critic_choice(memo, pool: tuple, critic: str, rumors: tuple, soup: int, exact_one: bool, min_quality, comps):
    """The optimiser's meal for these arguments, kept in the memo (the pool does not change in the
    critic phase)."""
    table = memo.table("critic meals")
    key = (pool, critic, rumors, soup, exact_one, min_quality, id(comps))
    got = table.get(key)
    if got is None or got[0] is not comps:
        got = memo.keep(table, key, (comps, scoring.best_critic_meal(
            list(pool), critic, rumors, soup_value=soup, exact_one=exact_one, min_quality=min_quality,
            components=comps)))
    return got[1]


def visible_rumors(state, seat: int) -> list[str]:
    """The rumor cards ``seat`` may read: the ones it knows and the ones face up."""
    kinds = state.known_kinds(seat)
    return [rid for k, rid in enumerate(state.rumor_cards, start=1) if k in kinds or state.flipped[k - 1]]


def greedy_critic(bot, state, legal, seat: int) -> Action:
    """Put the exact optimiser's best critic meal on the plate, one item at a time."""
    cfg = state.cfg
    meal = state.critic_meals[seat]
    storage = state.storage[seat]
    pool = list(storage)
    add = pool.append
    for items in meal.values():
        for p in items:
            for x in p.tokens:
                if x.kind is not RUM and x.kind is not WLD:
                    add(x)
    if _effect(state) == "rumor_as_allspice":
        pool.extend(t for t in state.rumors[seat] if t is not None)
    soup = soup_value(storage)
    choice = _critic_choice(bot.memo, tuple(sorted(pool)), state.critic, tuple(visible_rumors(state, seat)),
                            soup, cfg.exact_one, cfg.critic_min_quality, cfg.comps)
    for t, course in zip(TYPES, choice.courses):
        if not course:
            continue
        parts = course.split()
        placed = [p.note for p in meal.get(t, ())]
        if placed == parts:                                        # the course is done
            continue
        for part in parts:
            if parts.count(part) <= placed.count(part):            # on the plate already
                continue
            item = parse_meal(part)[0]
            if item.type != t:                                     # a paired wine (Fruit Bat)
                a = actions.find(legal, f"pair {part} with {t} course")
            else:
                a = actions.find(legal, f"put {part} on {t} course")
                if a is None and item.spice == ALLSPICE:           # a rumor token as allspice (Jerboa)
                    base = token(f"{item.type}{item.value}")
                    a = next((x for x in legal if x.kind is Kind.PUT and x.token == base
                              and x.spice is not None and (x.spice.kind is RUM or x.spice.kind is WLD)), None)
            if a is not None:
                return a
    a = actions.find(legal, "done with critic meal")
    return a if a is not None else legal[-1]


