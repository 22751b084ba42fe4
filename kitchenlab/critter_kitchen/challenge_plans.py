"""Critter Kitchen's exact challenge-plan search: the best set of challenge meals (at most one per
challenge) from disjoint storage items — the most stars in total, then the highest total quality.

It is the greedy bot's main cost, so it works on lists of token counts (not meal records), read
by :class:`.challenge_meals._Meals`, and keeps what it learns across calls; :func:`best_challenge_plan`
is re-exported by :mod:`.optimisers` and checked against :func:`.reference.best_plan_value`.
"""

from __future__ import annotations

from typing import Sequence

from .challenge_meals import MEAL_FACTS, ChallengePlan, _challenge_meal, _Meals, _rel_type, _text, star_tables
from .courses import _requirements, _storage, _thresholds
from .memo import MEMO


# What the search keeps between questions: tables of the package's memo (:mod:`.memo`), emptied
# together (the plans' keys hold the suffixes' numbers, so they must go with them). It only saves
# time: an empty memo gives the same plans.
#: the answers of the last search, its sub-questions included, by (suffix number, tokens left): a
#: new search empties it first (see :func:`_search`)
_PLANS = MEMO.table("challenge plans")
#: the number of each suffix of a question's challenges (with the thresholds)
_SUFFIX_IDS = MEMO.table("challenge suffix numbers")
#: per question form, what :func:`_setup` works out
_SETUPS = MEMO.table("challenge question setups")
#: the meal records of the plans given, by tokens used, challenge and thresholds
_RECORDS = MEMO.table("challenge meal records")
#: per thresholds, :func:`.challenge_meals.star_tables`; the answers of :func:`_budget_stars`
#: that needed its programme
_STARS = MEMO.table("star tables")
_BUDGETS = MEMO.table("star budgets")


def _star_tables(th: tuple) -> tuple[list[int], list[int] | None]:
    got = _STARS.get(th)
    if got is None:
        got = _STARS[th] = star_tables(th)
    return got


def _budget_stars(caps: tuple[int, ...], budget: int, th: tuple) -> int:
    """The most stars meals can reach when meal ``j`` holds at most ``caps[j]`` quality and all of
    them together at most ``budget`` (an upper bound for any split of the same tokens): each meal
    either stops at a threshold it can reach or gets nothing.

    >>> _budget_stars((29, 21, 12), 62, ((0, 0), (6, 1), (12, 2), (21, 4)))
    10
    >>> _budget_stars((29, 29, 29), 63, ((0, 0), (6, 1), (12, 2), (21, 4)))
    12
    """
    return _budget_reader(th)(caps, budget)


def _budget_reader(th: tuple):
    """:func:`_budget_stars` for one star table, its tables looked up once (the search's form)."""
    table, floors = _star_tables(th)
    top = len(table) - 1
    known = _BUDGETS.get(th)
    if known is None or len(known) > MEMO.limit:      # the memo's size rule, for one star table
        known = _BUDGETS[th] = {}
    levels = [(q, s) for q, s in th if s > 0]

    def budget_stars(caps: tuple[int, ...], budget: int) -> int:
        if floors is not None:
            # each meal at the threshold its cap reaches: when the budget covers that, it binds nothing
            need = stars = 0
            fcaps = []
            for cap in caps:
                if cap > top:
                    cap = top
                f = floors[cap]
                fcaps.append(f)
                need += f
                stars += table[cap]
            if need <= budget:
                return stars
            # a cap counts only through the thresholds it reaches (a threshold above the least
            # quality with its stars adds nothing), and the meals' order does not count
            fcaps.sort()
            caps = tuple(fcaps)
        key = (caps, budget)
        got = known.get(key)
        if got is not None:
            return got
        # each meal's choices: nothing, or a threshold it can reach (its quality, its stars)
        options = [[(0, 0)] + [(q, s) for q, s in levels if q <= cap] for cap in caps]
        partial = [(0, 0)]                 # (quality spent, stars) of the meals so far
        for opts in options:
            nxt = {}
            for spent, stars in partial:
                for q, s in opts:
                    total = spent + q
                    if total <= budget and nxt.get(total, -1) < stars + s:
                        nxt[total] = stars + s
            partial = list(nxt.items())
        got = known[key] = max(stars for _, stars in partial)
        return got

    return budget_stars


def best_challenge_plan(storage, challenges: Sequence, thresholds=None) -> ChallengePlan:
    """The best set of challenge meals (at most one per challenge) from disjoint storage items:
    the most stars in total, then the highest total quality.

    ``challenges``: Challenge records or requirement lists (apply the Hold first). Exact: the
    tokens only one remaining challenge can use go to it; every split of the shared tokens is
    explored depth first, cut off by upper bounds (the stars each challenge could reach with
    everything still available, the quality of everything together), with memoisation on what is
    left for the later challenges. Of several equally good plans, the first the search meets is
    returned.
    """
    # what is best for the challenges i.. depends only on them, on what is left and on the
    # thresholds: the answers of the last search are kept until the next search starts (a bot
    # that serves the first meal of a plan asks next about the later challenges and what that
    # meal left, which that search answered), with the tokens as plain strings
    MEMO.keep_in_bounds()
    reqs_list, th_key, suffix_ids, masks, type_bits, servable = _setup(challenges, thresholds)
    th = th_key
    if storage.__class__ is list:
        stock = {}                # the storage counted (a plain dict: a Counter is slower to make)
        for t in storage:
            stock[t] = stock.get(t, 0) + 1
    else:
        stock = _storage(storage)
    n = len(reqs_list)
    # the question's key: the tokens some challenge can use, with their counts (key_of(stock, 0))
    top = []
    for t, k in stock.items():
        m = masks.get(t)
        if m is None:
            # the challenges that can use it (bit j: _relevant(t, reqs_list[j]))
            r = _rel_type(t)
            m = masks[t] = (1 << n) - 1 if r is True else 0 if r is None else type_bits.get(r, 0)
        if m:
            top.append((_text(t), k))
    top.sort()
    top = tuple(top)
    got = _PLANS.get((suffix_ids[0], top)) if n else None
    if got is None:
        got = _search(stock, reqs_list, th_key, suffix_ids, masks, top, servable)
    (stars, quality), used_list = got
    meals = []
    left = dict(stock)            # what the meals leave: ``stock`` less their items
    for used, reqs in zip(used_list, reqs_list):
        if used is None:
            meals.append(None)
            continue
        key = (tuple(sorted(used.items())), reqs, th_key)
        record = _RECORDS.get(key)
        if record is None:
            record = _RECORDS[key] = _challenge_meal(used, reqs, th)
        meals.append(record)
        for x in record.items:
            left[x] -= 1
    leftover = []
    for t, k in left.items():
        if k > 0:
            leftover += [t] * k
    leftover.sort()
    return ChallengePlan(tuple(meals), stars, quality, tuple(leftover))


def _setup(challenges, thresholds) -> tuple:
    """What a question form (the challenges' requirement tuples and the thresholds, as given)
    sets up, kept in ``_SETUPS``: the requirements, the thresholds, the memo's number of each
    suffix of the challenges, per token which challenges can use it (bit j for challenge j,
    filled as tokens are met), per ingredient type which challenges name it, and the types some of
    the challenges from one on name (by that first one and which ones, filled as the search meets
    them)."""
    setups, suffix_ids_of = _SETUPS, _SUFFIX_IDS
    key = None
    if thresholds.__class__ is tuple and all(c.__class__ is tuple for c in challenges):
        key = (tuple(challenges), thresholds)
        got = setups.get(key)
        if got is not None:
            return got
    reqs_list = [tuple(_requirements(c)) for c in challenges]
    th_key = tuple(_thresholds(thresholds))
    # the memo's key for the challenges from i on (with the thresholds): a number given once
    suffix_ids = []
    for i in range(len(reqs_list) + 1):
        sk = (tuple(reqs_list[i:]), th_key)
        sid = suffix_ids_of.get(sk)
        if sid is None:
            sid = suffix_ids_of[sk] = len(suffix_ids_of)
        suffix_ids.append(sid)
    type_bits: dict = {}                 # per ingredient type, the challenges that name it
    for j, reqs in enumerate(reqs_list):
        for t in reqs:
            type_bits[t] = type_bits.get(t, 0) | 1 << j
    got = (reqs_list, th_key, suffix_ids, {}, type_bits, {})
    if key is not None:
        try:
            setups[key] = got
        except TypeError:           # thresholds that cannot be a key
            pass
    return got


def _search(stock, reqs_list, th_key, suffix_ids, masks, top, servable_of) -> tuple:
    """The search's answer for a question not answered before: ((stars, quality), the tokens
    each meal uses, None for no meal)."""
    # a new search: the last one's answers go. Kept for ever, they made thousands of objects a
    # game for the garbage collector to walk through, and later searches rarely asked for them.
    _PLANS.clear()
    return _PlanSearch(stock, reqs_list, th_key, suffix_ids, masks, servable_of).solve(0, top)


class _PlanSearch:
    """One question's search: the best plan for the challenges from ``i`` on (:meth:`solve`), from
    what is left, its answers kept in ``_PLANS``; each challenge but the last tries every split
    of the tokens it shares with the later ones (:class:`_Split`)."""

    __slots__ = ("n", "reqs_list", "suffix_ids", "masks", "servable_of", "memo", "budget_stars", "toks",
                 "where", "names", "meal", "pot", "later_idx", "shared_order")

    def __init__(self, stock, reqs_list, th_key, suffix_ids, masks, servable_of) -> None:
        n = self.n = len(reqs_list)
        self.reqs_list, self.suffix_ids, self.masks, self.servable_of = reqs_list, suffix_ids, masks, servable_of
        self.memo = _PLANS
        self.budget_stars = _budget_reader(th_key)
        # the search's tables for this question
        toks = self.toks = sorted(stock)                       # the memo keys' order
        self.where = {t: x for x, t in enumerate(toks)}
        reader = _Meals(toks, reqs_list, _star_tables(th_key)[0])
        self.names = reader.toks
        self.meal, self.pot = reader.meal, reader.pot
        tok_masks = [masks[t] for t in toks]
        places = range(len(toks))
        self.later_idx = [[x for x in places if tok_masks[x] >> i] for i in range(n + 1)]
        # per challenge, the tokens it shares with the later ones, highest value first
        # (the places in text order, sorted stably by value: ties stay in text order)
        by_value = sorted(places, key=[-MEAL_FACTS[t][2] for t in toks].__getitem__)
        self.shared_order = [[x for x in by_value if tok_masks[x] >> i & 1 and tok_masks[x] >> (i + 1)]
                             for i in range(n)]

    def types_of(self, i: int, which: tuple) -> frozenset:
        """The ingredient types the challenges from ``i`` on that ``which`` picks (a flag each) name,
        kept with the question's form."""
        key = (i, which)
        got = self.servable_of.get(key)
        if got is None:
            reqs_list = self.reqs_list
            got = self.servable_of[key] = frozenset().union(
                *[reqs_list[j] for j, w in zip(range(i, self.n), which) if w])
        return got

    def solve(self, i: int, rem_key: tuple, floor=None):
        """The best plan for the challenges from ``i`` on from ``rem_key``: ((stars, quality),
        the tokens each meal uses). Given a ``floor`` (stars, quality), None when no plan does
        better than it."""
        n = self.n
        if i == n:
            return (0, 0), ()
        mk = (self.suffix_ids[i], rem_key)
        memo = self.memo
        got = memo.get(mk)
        if got is not None:
            return got
        where = self.where
        counts = [0] * len(self.toks)
        for t, k in rem_key:
            counts[where[t]] = k
        if i == n - 1:
            # the last meal: what it makes of everything it can use (a meal has at least one star)
            m = self.meal(counts, i, True)
            got = memo[mk] = ((0, 0), (None,)) if m is None else ((m[0], m[1]), (m[2],))
            return got
        got = self.split(i, rem_key, counts, floor)
        if got is not None:
            memo[mk] = got
        return got

    def split(self, i: int, rem_key: tuple, counts: list, floor):
        """The best plan for the challenges from ``i`` on (not the last one) from ``rem_key`` (as
        ``counts``): every split of the tokens this one shares with the later ones (kept apart
        from :meth:`solve`, whose memo answers most calls, so those calls do not set up this
        search). With a ``floor``, what cannot beat it is not searched: the answer is exact when
        it beats the floor (no plan that could was skipped), None when nothing found does."""
        n, meal = self.n, self.meal
        # the later challenges' best with everything they can use (the tokens' masks: bits i + 1 on)
        masks = self.masks
        sub_score, sub_meals = self.solve(i + 1, tuple([tk for tk in rem_key if masks[tk[0]] >> (i + 1)]))
        best = [sub_score, (None,) + sub_meals]
        # each meal from here with everything it can use (this one's is the search's first bound,
        # the later ones' what they get while this meal takes nothing)
        alone = [meal(counts, j, j == i) for j in range(i, n - 1)]
        # the last one's (its stars and quality): the "no meal" branch's answer when it is next
        alone.append(sub_score if i == n - 2 else meal(counts, n - 1, False))
        singles = [0 if m is None else m[0] for m in alone]
        top_stars = singles[0] + sub_score[0]
        # the tokens some meal with a star can use
        servable = self.types_of(i, tuple([s > 0 for s in singles]))
        top_q = self.pot(counts, servable) if servable else 0
        if best[0] >= (top_stars, top_q):
            return tuple(best)
        if floor is not None and floor >= (top_stars, top_q):
            return None
        run = _Split(self, i, counts, floor, best, sub_score, alone, top_q)
        if alone[0] is not None:
            run.dfs(0, alone[0])
        if floor is not None and not best[0] > floor:
            return None
        return tuple(best)


class _Split:
    """The depth-first search of :meth:`_PlanSearch.split` for challenge ``i``: how many of each
    token it shares with the later challenges its meal takes (``picks``), cut off by bounds."""

    __slots__ = ("search", "i", "counts", "best", "bar", "top_q", "shared", "later_top", "n_shared",
                 "shared_counts", "later", "later_x", "later_types", "picks", "takes", "mine", "theirs",
                 "later_memo")

    def __init__(self, search: _PlanSearch, i: int, counts: list, floor, best: list, sub_score, alone: list,
                 top_q: int) -> None:
        n = search.n
        self.search, self.i, self.counts, self.best, self.top_q = search, i, counts, best, top_q
        # what a plan must beat to be worth searching for: the best so far, or the floor
        self.bar = [best[0] if floor is None or best[0] > floor else floor]
        # the tokens this meal shares with the later ones, highest value first: their places in
        # ``counts`` and how many there are
        shared = self.shared = [x for x in search.shared_order[i] if counts[x]]
        self.later_top = sub_score[0]          # the later meals with everything: a first, cheap bound
        self.n_shared = len(shared)
        shared_counts = self.shared_counts = [counts[x] for x in shared]
        self.later = range(i + 1, n)
        if i + 2 < n:
            # what the later meals can use, for the leaves' bound and their question's key
            self.later_x = [x for x in search.later_idx[i + 1] if counts[x]]
            self.later_types = search.types_of(i + 1, (True,) * (n - i - 1))   # every type a later meal names
        else:
            self.later_x = self.later_types = None              # the last meal is worked out whole
        picks = self.picks = [0] * len(shared)   # how many of each shared token this meal takes
        # the order in which this meal's share of a token is tried: with more than one meal after
        # it, none of it first (the later meals, searched as a split of their own, start with the
        # most, and a plan that balances them comes sooner: benchmarks/README.md has the figures);
        # between the last two meals, all of it first
        self.takes = [range(0, k + 1) if i + 2 < n else range(k, -1, -1) for k in shared_counts]
        # the counts this meal may use (the picks made, every undecided token) and those the later
        # meals may use (all but the picks), kept up to date as the picks change
        self.mine, self.theirs = counts.copy(), counts.copy()
        self.later_memo = {tuple(picks): (self.later_top, tuple([0 if m is None else m[1] for m in alone[1:]]))}

    def later_singles(self) -> tuple[int, tuple[int, ...]]:
        """The later meals, each with everything this meal does not take (so far): their stars
        in all and each one's quality."""
        key = tuple(self.picks)
        got = self.later_memo.get(key)
        if got is None:
            meal, theirs = self.search.meal, self.theirs
            stars = 0
            qualities = []
            for j in self.later:
                m = meal(theirs, j, False)
                if m is not None:
                    stars += m[0]
                    qualities.append(m[1])
                else:
                    qualities.append(0)
            got = self.later_memo[key] = (stars, tuple(qualities))
        return got

    def dfs(self, g: int, m_max=None) -> None:
        """Try the picks of the shared tokens from ``g`` on."""
        # bound: this meal with every undecided token, later meals with everything not taken
        # (``m_max`` comes from the parent when this node takes all of the parent's token:
        # the same tokens, so the same meal)
        search, i = self.search, self.i
        if m_max is None:
            m_max = search.meal(self.mine, i, True)
        if m_max is None:
            return            # no meal for this challenge from here: the "no meal" branch came first
        # every bound below is (stars, top_q): it is no better than the best plan so far
        # when its stars are at most ``cut``
        bar, top_q = self.bar, self.top_q
        b0, b1 = bar[0]
        cut = b0 if top_q <= b1 else b0 - 1
        s0 = m_max[0]
        if s0 + self.later_top <= cut:
            return
        later_sum, later_q = self.later_singles()
        if cut < b0 and m_max[1] + sum(later_q) <= b1:
            # no plan from here holds more quality than the best so far (this meal at most its
            # meal with every undecided token, each later one at most its meal alone): to beat
            # the best it needs more stars
            cut = b0
        if s0 + later_sum <= cut:
            return
        # the meals share one budget: together they hold at most ``top_q`` quality
        if search.budget_stars((m_max[1],) + later_q, top_q) <= cut:
            return
        if g == self.n_shared:
            self.leaf(m_max)
            return
        k = self.shared_counts[g]
        x = self.shared[g]
        picks, mine, theirs = self.picks, self.mine, self.theirs
        for j in self.takes[g]:
            picks[g] = j
            mine[x] = j
            theirs[x] = k - j
            if j < k:
                # the child's own bound is at most this one (fewer tokens, no better meal): skip
                # it before working out its meal
                b0, b1 = bar[0]
                if s0 + self.later_singles()[0] <= (b0 if top_q <= b1 else b0 - 1):
                    continue
            self.dfs(g + 1, m_max if j == k else None)     # it leaves the deeper picks at 0
        picks[g] = 0
        mine[x] = theirs[x] = k

    def leaf(self, m_max) -> None:
        """Every shared token decided: this meal is what it took (``m_max``); the later meals
        share what it leaves."""
        search, i = self.search, self.i
        n, bar = search.n, self.bar
        stars, q, used = m_max
        rest = self.counts.copy()
        where = search.where
        for t, k in used.items():
            rest[where[t]] -= k
        if i + 2 < n:
            # before solving the later meals: together they hold at most the quality of
            # what this meal leaves (every spice on its best partner), so at most the
            # stars that budget buys
            left_q = search.pot(rest, self.later_types)
            if (stars + search.budget_stars((left_q,) * (n - i - 1), left_q), q + left_q) <= bar[0]:
                return
        if i + 2 == n:
            # the last meal from what is left (what ``solve`` would work out, without
            # writing its key)
            m = search.meal(rest, i + 1, True)
            s2, m2 = ((0, 0), (None,)) if m is None else ((m[0], m[1]), (m[2],))
        else:
            names = search.names
            rest_key = []
            for x in self.later_x:
                k = rest[x]
                if k > 0:
                    rest_key.append((names[x], k))
            # only a plan for them that lifts the whole above the bar counts
            b0, b1 = bar[0]
            got = search.solve(i + 1, tuple(rest_key), (b0 - stars, b1 - q))
            if got is None:
                return
            s2, m2 = got
        score = (stars + s2[0], q + s2[1])
        best = self.best
        if score > best[0]:
            best[0], best[1] = score, (used,) + m2
            if score > bar[0]:
                bar[0] = score
