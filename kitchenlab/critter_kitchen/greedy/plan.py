"""The greedy bot's plan and restaurateur moves: send the chefs where the visible items are worth
most to the seat (every placement tried), keep the restaurateur worth most.

Strategy only: the plan phase's rules are :mod:`..phases.plan`.
"""

from __future__ import annotations

from itertools import accumulate, count, permutations

from ..actions import Action
from ..tokens import ING, Token, token
from .shop import fixed_value, spice_worth

_UNSEEN = 3.0     # expected worth of an item not visible yet (Merchant, Academy leftovers)


class PlanFacts:
    """What the bot keeps of its last plan question (a restaurant's chefs are placed one after the
    other, from the same storage and items), on top of its memo."""

    __slots__ = ("store", "items", "key", "worths", "seen_items", "seen_number", "parts", "spices",
                 "spice_spots", "rows", "numbers", "next_plan", "next_store", "next_items", "next_hired",
                 "next_chefs", "next_best")

    def __init__(self) -> None:
        # the last values key made, the storage and items it was made from (copies, compared by
        # value) and the spice worths in it
        self.store = self.items = self.key = self.worths = None
        # what the last items seen are worth whatever the storage: the items (copies), the number
        # given to them; per location, the running sums of its item values, best first (or, where
        # it holds a spice, its other items' values and its spices); the spices seen, in order;
        # the locations holding them (location, its other items' values, how many spices); per
        # capacity, the gain row of the locations without spices (made when first asked)
        self.seen_items = self.seen_number = self.parts = self.spices = self.spice_spots = None
        self.rows: dict = {}
        self.numbers = count()
        # the move just chosen, for the restaurant's next chef: the plan it leads to, the storage
        # and items it was chosen from (copies), the hired zous-chef, the chefs still to place
        # after it and their locations
        self.next_plan = self.next_store = self.next_items = self.next_hired = None
        self.next_chefs = self.next_best = None


def _location_values(bot, state, seat: int) -> tuple[tuple, list[list[float]]]:
    """Per location, the item values a chef could hope for, best first, with the key the values
    are known by (the same while a restaurant places its chefs, and for two storages that see
    the same values)."""
    key = _values_key(bot.plan, bot.fixed_value, state, seat)
    parts, worths = bot.plan.parts, bot.plan.worths
    out = []
    i = 0
    for p in parts:
        if p.__class__ is tuple:            # running sums: the values are their steps
            out.append([b - a for a, b in zip(p, p[1:])])
        else:
            vals, spices = p
            n = len(spices)
            out.append(sorted(vals + list(worths[i:i + n]), reverse=True))
            i += n
    return key, out


def _values_key(facts: PlanFacts, fixed: dict, state, seat: int) -> tuple:
    """The key of the values a chef of ``seat`` could hope for: the number given to the items
    with the worths of the spices among them (read from the seat's storage). The parts and worths
    it is made of stay in ``facts`` until the next key (``fixed``: the bot's token worths)."""
    store = state.storage[seat]
    items = state.items
    if facts.store == store and facts.items == items:
        return facts.key
    if facts.seen_items != items:
        facts.seen_items = [x[:] for x in items]
        facts.seen_number = next(facts.numbers)
        facts.parts, facts.spices, facts.spice_spots = _item_parts(fixed, state.cfg, items)
        facts.rows = {}
    worths = ()
    if facts.spices:
        # the best ingredient held that a spice could pair with (of its type; any type for
        # allspice)
        best_any = None
        best_of = {}
        for x in store:
            if x.kind is ING:
                v = x.value
                if best_any is None or v > best_any:
                    best_any = v
                if v > best_of.get(x.type, -1):
                    best_of[x.type] = v
        worths = tuple([spice_worth(t, best_any, best_of.get(t.type)) for t in facts.spices])
    key = (facts.seen_number, worths)
    facts.store, facts.items, facts.key, facts.worths = store[:], facts.seen_items, key, worths
    return key


def _item_parts(fixed: dict, cfg, items) -> tuple[list, list, list]:
    """The parts, spices seen and spice locations of :class:`PlanFacts` for these items (``fixed``:
    per token its worth whatever the storage, a spice None)."""
    parts = []
    seen = []
    spots = []
    merchant, academy, truck = cfg.merchant, cfg.academy, cfg.truck
    for i, here in enumerate(items):
        vals = []
        spices = []
        for t in here:
            v = fixed.get(t, fixed)         # the dict itself: not seen yet
            if v is fixed:
                v = fixed_value(fixed, t if t.__class__ is Token else token(t))
            if v is None:
                spices.append(token(t))
            else:
                vals.append(v)
        if i == merchant:
            vals += [_UNSEEN] * max(0, cfg.spaces[i] - len(here))
        if i == academy:
            vals += [_UNSEEN - 1.0] * 2
        if i == truck:
            vals += [1.0] * 4
        if spices:
            parts.append([vals, spices])     # a list: told from the sums' tuples by its class
            seen += spices
            spots.append((i, vals, len(spices)))
        else:
            vals.sort(reverse=True)
            parts.append(tuple(accumulate(vals, initial=0)))
    return parts, seen, spots


def _gains(facts: PlanFacts, caps, worths) -> list[list[float]]:
    """Per capacity in ``caps``, what a chef of that capacity gains at each location: the sum of
    its best values there (``sums[cap]`` of their running sums, ``sums[-1]`` when fewer are
    left). The rows of the locations without spices are made once per items seen; the locations
    with spices are filled in for these worths."""
    spiced = []
    i = 0
    for loc, vals, n in facts.spice_spots:
        vals = vals + list(worths[i:i + n])
        i += n
        vals.sort(reverse=True)
        spiced.append((loc, tuple(accumulate(vals, initial=0))))
    rows = facts.rows
    out = []
    for c in caps:
        row = rows.get(c)
        if row is None:       # the spice locations' 0 is always filled in below
            row = rows[c] = [(s[c] if c < len(s) else s[-1]) if s.__class__ is tuple else 0 for s in facts.parts]
        if spiced:
            row = row[:]
            for loc, s in spiced:
                row[loc] = s[c] if c < len(s) else s[-1]
        out.append(row)
    return out


def _best_placement(free: list[int], gain: list[list[float]]) -> tuple[int, ...]:
    """The best placement of all chefs (each chef ``c`` at a different free location, worth
    ``gain[c][loc]``), as the chefs' locations: the first best in the order of
    ``itertools.permutations(free)``, with the sums added chef by chef."""
    n = len(gain)
    if n > 4:
        best, best_v = None, -1.0
        for combo in permutations(free, n):
            v = 0.0
            for g, loc in zip(gain, combo):
                v += g[loc]
            if v > best_v:
                best, best_v = combo, v
        return best
    # The same search written out for up to four chefs (the restaurant's three and a zous-chef),
    # skipping the placements that cannot beat the best so far even with every later chef at its
    # best location (``r1``, ``r2``, ``r3``). The last chef goes to its best location left: the
    # first of ``order`` (its locations, best first, equal ones in ``free`` order) not taken, which
    # is the first best the full search meets. The values are multiples of 0.5, so the sums are
    # exact and the skipped placements are only ones the full search would not take.
    last = gain[-1]
    # best first, equal ones in ``free`` order (a reversed sort keeps equal ones in their order)
    order = sorted(free, key=last.__getitem__, reverse=True)
    if n == 1:
        return (order[0],)
    # The other chefs try only their n best free locations (and those equal to the n-th): a chef
    # anywhere else leaves one of those free, and better, so no best placement puts it there.
    # ``low`` is that n-th value, ``most`` a chef's best value.
    full = len(free) == len(last)       # every location free: the rows as they are
    k = min(n, len(free)) - 1
    low = []
    most = []
    for g in gain[:-1]:
        vs = sorted(g if full else [g[i] for i in free], reverse=True)
        most.append(vs[0])
        low.append(vs[k])
    most.append(last[order[0]])
    # sum(most[1:]), sum(most[2:]), sum(most[3:]) (exact sums, so in any order)
    r3 = most[3] if n > 3 else 0
    r2 = most[2] + r3 if n > 2 else 0
    r1 = most[1] + r2
    g0 = gain[0]
    low0 = low[0]
    best, best_v = None, -1.0
    if n == 2:
        for a in free:
            va = g0[a]
            if va < low0 or va + r1 <= best_v:
                continue
            for d in order:
                if d != a:
                    vd = va + last[d]
                    if vd > best_v:
                        best, best_v = (a, d), vd
                    break
        return best
    g1 = gain[1]
    low1 = low[1]
    if n == 3:
        for a in free:
            va = g0[a]
            if va < low0 or va + r1 <= best_v:
                continue
            for b in free:
                if b == a or g1[b] < low1:
                    continue
                vb = va + g1[b]
                if vb + r2 <= best_v:
                    continue
                for d in order:
                    if d != a and d != b:
                        vd = vb + last[d]
                        if vd > best_v:
                            best, best_v = (a, b, d), vd
                        break
        return best
    g2 = gain[2]
    low2 = low[2]
    for a in free:
        va = g0[a]
        if va < low0 or va + r1 <= best_v:
            continue
        for b in free:
            if b == a or g1[b] < low1:
                continue
            vb = va + g1[b]
            if vb + r2 <= best_v:
                continue
            for c in free:
                if c == a or c == b or g2[c] < low2:
                    continue
                vc = vb + g2[c]
                if vc + r3 <= best_v:
                    continue
                for d in order:
                    if d != a and d != b and d != c:
                        vd = vc + last[d]
                        if vd > best_v:
                            best, best_v = (a, b, c, d), vd
                        break
    return best


def _to_place(memo, state, cfg, seat: int, plan: dict) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """The seat's chefs not placed yet and their capacities, in order, and the free locations
    (kept in the memo for the hired zous-chef and the plan so far)."""
    table = memo.table("to place")
    hired = state.hired[seat]
    key = (hired, tuple(plan.items()))
    got = table.get(key)
    if got is None:
        chefs = [c for c in state._chefs_of(seat) if c not in plan]
        used = set(plan.values())
        got = memo.keep(table, key, (tuple(chefs), tuple([cfg.capacity(c) for c in chefs]),
                                     tuple([i for i in range(len(cfg.locs)) if i not in used])))
    return got


def _keep(memo, table: dict, key: tuple, best: tuple[int, ...]) -> None:
    """Keep a best placement, and with it the placement of its later chefs once the first ones
    are placed (the best for them: a better or earlier one would make a better or earlier whole)."""
    vkey, caps, free = key
    memo.keep(table, key, best)
    for k in range(1, len(best)):
        taken = best[:k]
        memo.keep(table, (vkey, caps[k:], tuple([f for f in free if f not in taken])), best[k:])


def greedy_plan(bot, state, legal, seat: int) -> Action:
    """Send the chefs where the visible items are worth most (all placements tried)."""
    cfg = state.cfg
    plan = state.plans[seat]
    store = state.storage[seat]
    hired = state.hired[seat]
    facts = bot.plan
    if (facts.next_plan == plan and facts.next_store == store and facts.next_items == state.items
            and facts.next_hired == hired):
        # the chef before chose its location from this storage and these items: the best
        # placement it was part of places this chef too
        chefs, best = facts.next_chefs, facts.next_best
        seen = facts.next_store, facts.next_items
    else:
        memo = bot.memo
        chefs, caps, free = _to_place(memo, state, cfg, seat, plan)
        vkey = _values_key(facts, bot.fixed_value, state, seat)
        key = (vkey, caps, free)
        placements = memo.table("placements")
        best = placements.get(key)
        if best is None:
            # what a chef of capacity c gains at a location: the c best items there (sum(v[:c]))
            best = _best_placement(list(free), _gains(facts, caps, facts.worths))
            _keep(memo, placements, key, best)
        seen = facts.store, facts.items       # copies of this storage and these items
    target = best[0]
    if len(best) > 1:
        facts.next_plan = {**plan, chefs[0]: target}
        facts.next_store, facts.next_items = seen
        facts.next_hired, facts.next_chefs, facts.next_best = hired, chefs[1:], best[1:]
    for a in legal:
        if a.loc == target:
            return a
    return legal[0]


def greedy_restaurateur(bot, state, legal, seat: int) -> Action:
    comps = state.cfg.comps

    def worth(a):
        r = comps.restaurateur(a.card)
        extra = int(r.param) if r.param else 0
        return r.bonus_stars + (0.3 * extra if r.ability == "start_soup" else
                                0.8 * extra if r.ability == "start_bisque" else 0)

    return max(legal, key=worth)
