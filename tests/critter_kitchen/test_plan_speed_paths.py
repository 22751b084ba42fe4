"""The greedy plan's written-out paths give what the plain definitions give: the values a chef
could hope for at each location, what a chef of each capacity gains there, the first best
placement (``itertools.permutations`` order), and the move itself, along played games."""

from __future__ import annotations

import random

import pytest

from kitchenlab import critter_kitchen as ck
from kitchenlab.critter_kitchen import reference
from kitchenlab.critter_kitchen.greedy import GreedyBot, plan
from kitchenlab.critter_kitchen.actions import Phase
from kitchenlab.critter_kitchen.greedy.shop import item_value
from kitchenlab.critter_kitchen.tokens import token
from kitchenlab.engine import Rng


def _plain_values(state, seat: int) -> list[list[float]]:
    """Per location, each item's ``item_value`` for the seat's storage, with the hoped-for items
    of the Merchant, the Academy and the Soup Truck, best first."""
    cfg = state.cfg
    store = state.storage[seat]
    out = []
    for i, here in enumerate(state.items):
        vals = [item_value(token(t), store) for t in here]
        if i == cfg.merchant:
            vals += [plan._UNSEEN] * max(0, cfg.spaces[i] - len(here))
        if i == cfg.academy:
            vals += [plan._UNSEEN - 1.0] * 2
        if i == cfg.truck:
            vals += [1.0] * 4
        out.append(sorted(vals, reverse=True))
    return out


_plain_best = reference.best_placement


def _plan_states(players: int, seeds, **variants):
    for seed in seeds:
        s = ck.new_state(players=players, seed=seed, **variants)
        rng = Rng(seed)
        while not s.is_over:
            if s.phase is Phase.PLAN:
                yield s
            s = s.apply(ck.greedy_bot(s, rng))


@pytest.mark.parametrize("players,variants", [(2, {}), (3, {}), (4, {}), (3, {"restaurateurs": True}),
                                              (1, {"merchant_spaces": 5})])
def test_the_greedy_plan_matches_the_plain_definitions(players, variants):
    checked = 0
    for s in _plan_states(players, range(3), **variants):
        seat = s.turn
        cfg = s.cfg
        placed = s.plans[seat]
        chefs = [c for c in s._chefs_of(seat) if c not in placed]
        free = [i for i in range(len(cfg.locs)) if i not in set(placed.values())]
        vals = _plain_values(s, seat)
        bot = GreedyBot.for_config(s.cfg)
        key, table = plan._location_values(bot, s, seat)
        assert table == vals
        caps = tuple(cfg.capacity(c) for c in chefs)
        gain = [[sum(v[:c]) for v in vals] for c in caps]
        assert plan._gains(bot.plan, caps, bot.plan.worths) == gain
        best = _plain_best(free, gain)
        assert plan._best_placement(free, gain) == best
        assert plan.greedy_plan(bot, s, s.legal_actions(), seat).loc == best[0]
        checked += 1
    assert checked > 20


def test_the_placement_search_is_the_first_best_of_all_placements():
    """Random tables with many equal values (multiples of 0.5), some locations taken."""
    rng = random.Random(7)
    for _ in range(3000):
        locs = rng.randint(1, 7)
        n = rng.randint(1, min(locs, 5))
        free = sorted(rng.sample(range(locs + 2), locs))
        top = rng.choice([0, 1, 2, 4, 8])
        gain = [[rng.randint(0, top) * 0.5 for _ in range(locs + 2)] for _ in range(n)]
        assert plan._best_placement(free, gain) == _plain_best(free, gain)
