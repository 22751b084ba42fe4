"""What a step copies: ``apply`` leaves every container of the state it was called on as it was,
although a copy shares the containers a phase does not change (``State.SHARED``, ``State.COPIED``),
and the shop's fast paths give the same choices as the plain rules."""

from __future__ import annotations

import pytest

from kitchenlab import critter_kitchen as ck
from kitchenlab.critter_kitchen.actions import Phase
from kitchenlab.critter_kitchen.rules import State
from kitchenlab.engine import Rng


def _run_fields(run) -> tuple | None:
    if run is None:
        return None
    return (tuple(run.items), tuple((c.player, c.name, c.taken, c.done) for q in run.queues for c in q),
            run.qi, run.turn, tuple(run.priority), tuple(sorted((p, tuple(sorted(k))) for p, k in run.known.items())),
            tuple(run.picks), tuple(run.soups), run.first_taken, run.moved)


def _contents(s) -> str:
    """Every container of a state, written out (a change in place anywhere changes this text)."""
    return repr((s.bag, s.items, s.storage, s.plans, s.meals, s.critic_meals, _run_fields(s.run)))


def _games(players: int, bot: str, seeds, **variants):
    for seed in seeds:
        s = ck.new_state(players=players, seed=seed, **variants)
        rng = Rng(seed)
        while not s.is_over:
            yield s
            if bot == "greedy":
                a = ck.greedy_bot(s, rng)
            else:
                legal = s.legal_actions()
                a = legal[rng.randbelow(len(legal))]
            before = _contents(s)
            child = s.apply(a)
            assert _contents(s) == before, f"apply({a}) in phase {s.phase} changed the state it was called on"
            s = child
        yield s


CASES = [(p, bot, {}) for p in (1, 2, 3, 4, 5) for bot in ("random", "greedy")] + [
    (3, "greedy", {"restaurateurs": True}),
    (2, "random", {"restaurateurs": True, "academy_spaces": "last_round", "tie_hat_move": False}),
    (4, "greedy", {"fridge_day1": 2, "fridge_day2": 3, "critic": "fruit_bat"}),
    (1, "random", {"solo_card": "hard", "merchant_spaces": 5}),
]


@pytest.mark.parametrize("players,bot,variants", CASES)
def test_apply_never_changes_the_containers_of_its_state(players, bot, variants):
    phases = {s.phase for s in _games(players, bot, range(3), **variants)}
    assert Phase.OVER in phases and Phase.SHOP in phases


def test_the_declaration_says_where_each_container_is_copied():
    """A copy gets a new outer storage list sharing the seats' lists (they are replaced, never
    changed), shares the bag and the locations' lists, and gets a new outer list of plans (each
    seat's plan shared) only while planning."""
    seen = set()
    for s in _games(3, "greedy", range(2), restaurateurs=True, fridge_day1=2):
        c = s.copy()
        seen.add(s.phase)
        assert c.items is s.items and c.bag is s.bag
        assert c.storage is not s.storage
        assert all(a is b for a, b in zip(s.storage, c.storage)), s.phase
        assert (c.meals is not s.meals) == (s.phase is Phase.CHALLENGE), s.phase
        assert all(a is b for a, b in zip(s.meals, c.meals)), s.phase
        assert (c.plans is not s.plans) == (s.phase is Phase.PLAN), s.phase
        assert all(a is b for a, b in zip(s.plans, c.plans)), s.phase
        if s.run is not None:
            assert c.run is not s.run and c.run.items is s.run.items and c.run.queues is s.run.queues
    assert State.COPIED["storage"] == (list.copy, None) and {"items", "bag"} <= set(State.SHARED)
    assert {Phase.RESTAURATEUR, Phase.PLAN, Phase.SHOP, Phase.CHALLENGE, Phase.FRIDGE, Phase.CRITIC} <= seen


@pytest.mark.parametrize("players", [2, 4])
def test_the_greedy_plan_kept_for_the_next_chef_is_the_fresh_search(players):
    """A chef placed from the placement kept at the previous chef's move goes where a fresh
    search over every placement (itertools order, first best) would send it."""
    from itertools import permutations

    from kitchenlab.critter_kitchen.greedy import GreedyBot, plan

    checked = kept = 0
    for s in _games(players, "greedy", range(3)):
        if s.phase is not Phase.PLAN:
            continue
        seat = s.turn
        placed = s.plans[seat]
        chefs = [c for c in s._chefs_of(seat) if c not in placed]
        free = [i for i in range(len(s.cfg.locs)) if i not in set(placed.values())]
        bot = GreedyBot.for_config(s.cfg)
        _, vals = plan._location_values(bot, s, seat)
        gain = [[sum(v[:s.cfg.capacity(c)]) for v in vals] for c in chefs]
        best, best_v = None, -1.0
        for combo in permutations(free, len(chefs)):
            v = sum(g[loc] for g, loc in zip(gain, combo))
            if v > best_v:
                best, best_v = combo, v
        caps = tuple(s.cfg.capacity(c) for c in chefs)
        kept += any(k[1:] == (caps, tuple(free)) for k in bot.memo.table("placements"))
        assert plan.greedy_plan(bot, s, s.legal_actions(), seat).loc == best[0]
        checked += 1
    assert checked > 40 and kept > 20
