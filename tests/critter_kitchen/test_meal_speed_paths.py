"""The challenge and fridge phases' written-out paths (:mod:`kitchenlab.critter_kitchen.phases.meals`)
give exactly what their plain definitions give: the legal moves (same order), the serve check,
whether any meal may be served, the fridge count and the fridge moves."""

from __future__ import annotations

from collections import Counter

import pytest

import kitchenlab
from kitchenlab.critter_kitchen import actions, reference, scoring, tokens
from kitchenlab.critter_kitchen.greedy import GreedyBot, meals as greedy_meals
from kitchenlab.critter_kitchen.phases import meals
from kitchenlab.critter_kitchen.actions import Phase
from kitchenlab.critter_kitchen.config import THRESHOLD_PRESETS
from kitchenlab.critter_kitchen.tokens import BISQUE, SOUP, sort_tokens
from kitchenlab.engine import Rng
from kitchenlab.sim import bot_seed


plain_meal_ok = reference.meal_ok
plain_legal_challenge = reference.legal_challenge
plain_any_meal_possible = reference.any_meal_possible


def played_states(players, seed, **options):
    """Every state of a random game (restaurateurs dealt on odd seeds)."""
    st = kitchenlab.new_game("critter_kitchen", players=players, seed=seed, **options)
    rng = Rng(seed)
    while not st.is_over:
        yield st
        legal = st.legal_actions()
        st = st.apply(legal[rng.randbelow(len(legal))])


@pytest.mark.parametrize("players,seed,options", [
    (3, 1, {}), (2, 2, {"restaurateurs": True}), (4, 3, {"thresholds": "low_bar"}), (1, 12, {}),
    (5, 5, {"restaurateurs": True, "thresholds": "linear"}), (3, 6, {"restaurateurs": True}),
])
def test_challenge_and_fridge_paths_match_their_definitions(players, seed, options):
    seen = Counter()
    for st in played_states(players, seed, **options):
        if st.phase is Phase.CHALLENGE:
            seen["challenge"] += 1
            assert st.legal_actions() == plain_legal_challenge(st)
            assert [a.text for a in meals.legal_challenge(st)] == [a.text for a in plain_legal_challenge(st)]
            for k, meal in st.meals[st.turn].items():
                reqs = st.day_challenges()[k - 1][1]
                seen["meal"] += 1
                assert meals.meal_ok(st, meal, reqs) == plain_meal_ok(st, meal, reqs)
        if st.phase in (Phase.CHALLENGE, Phase.FRIDGE):
            for seat in range(st.players):
                assert meals.any_meal_possible(st, seat) == plain_any_meal_possible(st, seat)
                assert meals.fridge_count(st, seat) == sum(1 for t in st.storage[seat] if t.fridge)
        if st.phase is Phase.FRIDGE:
            seen["fridge"] += 1
            plain = [actions.discard(t) for t in sort_tokens({t for t in st.storage[st.turn] if t.fridge})]
            assert meals.legal_fridge(st) == plain
    assert seen["challenge"] > 5 and seen["meal"] > 5


def random_storage(rng: Rng, n: int) -> list:
    pool = [tokens.token(f"{t}{v}") for t in tokens.TYPES for v in range(2, 8)]
    pool += list(tokens.SPICES) * 2 + [SOUP, SOUP, BISQUE, tokens.WILD, tokens.token("rumor1")]
    return [pool[rng.randbelow(len(pool))] for _ in range(n)]


@pytest.mark.parametrize("preset", sorted(THRESHOLD_PRESETS))
def test_best_meal_stars_are_the_optimisers(preset):
    th = THRESHOLD_PRESETS[preset]
    sorted_th = tuple(sorted(th))
    rng = Rng(7)
    served = 0
    for i in range(400):
        store = random_storage(rng, rng.randbelow(14))
        n_req = 1 + rng.randbelow(4)
        reqs = tuple(tokens.TYPES[rng.randbelow(len(tokens.TYPES))] for _ in range(n_req))  # repeats too
        best = scoring.best_challenge_meal(store, list(reqs), th)
        assert meals._best_meal_stars(store, reqs, sorted_th) == (0 if best is None else best.stars)
        served += best is not None
    assert 40 < served < 360


def test_best_meal_stars_worked_example():
    # fish7 + its spice, bread2, a soup for the missing cheese: 14 + 2 + 1 = 17 -> 2 stars
    store = tokens.tokens_of("fish7 fish-spice bread2 soup wine5")
    th = tuple(sorted(THRESHOLD_PRESETS["standard"]))
    assert meals._best_meal_stars(store, ("bread", "cheese", "fish"), th) == 2
    # no soup for the two missing requirements
    assert meals._best_meal_stars(tokens.tokens_of("fish7 fish-spice"), ("bread", "cheese", "fish"), th) == 0
    # allspice goes on the best unspiced ingredient: fish7+spice fish6+allspice = 26 -> 4 stars
    store = tokens.tokens_of("fish7 fish6 fish-spice allspice")
    assert meals._best_meal_stars(store, ("fish",), th) == 4


def plain_plan_question(state, seat):
    served = {ci for ci, *_ in state.served[seat]}
    day = [(k, ci, reqs) for k, (ci, reqs) in enumerate(state.day_challenges(), start=1) if ci not in served]
    pool = list(state.storage[seat])
    in_progress = {}
    for k, meal in state.meals[seat].items():
        in_progress[k] = Counter(n for n, _ in meal)
        for _, used in meal:
            pool.extend(used)
    return day, tuple(sorted(pool)), tuple(reqs for _, _, reqs in day), in_progress


def plain_greedy_challenge(state, legal, seat):
    """The greedy bot's challenge move, looking each wanted move up by its text."""
    day, pool, reqs, in_progress = plain_plan_question(state, seat)
    plan = scoring.best_challenge_plan(list(pool), list(reqs), state.cfg.thresholds)
    for (k, _, _), meal in zip(day, plan.meals):
        if meal is None:
            continue
        parts = meal.meal.split()
        have = in_progress.get(k)
        missing = Counter(parts) - have if have else Counter(parts)
        if not missing:
            a = actions.find(legal, f"serve meal {k}")
            if a is not None:
                return a
            continue
        for part in parts:
            if missing[part] > 0:
                a = actions.find(legal, f"add {part} to meal {k}")
                if a is not None:
                    return a
    a = actions.find(legal, "done with challenges")
    return a if a is not None else legal[-1]


@pytest.mark.parametrize("players,seed,options", [(3, 11, {}), (2, 12, {"restaurateurs": True}), (4, 13, {})])
def test_greedy_challenge_moves_match_their_definition(players, seed, options):
    """The greedy bot's challenge moves, and the legal moves it chooses from (after an add they
    come from the list before it: :func:`meals._moves_after_add`), match their plain definitions."""
    bot = kitchenlab.game_info("critter_kitchen").bot("greedy")
    st = kitchenlab.new_game("critter_kitchen", players=players, seed=seed, **options)
    rng = Rng(bot_seed(seed))
    moves = Counter()
    while not st.is_over:
        if st.phase is Phase.CHALLENGE:
            legal = st.legal_actions()
            assert legal == plain_legal_challenge(st)     # also where an add's moves follow the last list
            seat = st.turn
            day, pool, reqs, in_progress = greedy_meals.plan_question(GreedyBot.for_config(st.cfg), st, seat)
            assert (day, pool, reqs, in_progress) == plain_plan_question(st, seat)
            a = greedy_meals.greedy_challenge(GreedyBot.for_config(st.cfg), st, legal, seat)
            assert a is plain_greedy_challenge(st, legal, seat)
            moves[a.kind] += 1
        st = st.apply(bot(st, rng))
    assert moves["add"] > 3 and moves["serve"] > 0


def test_moves_after_an_add_follow_a_position_set_up_by_hand():
    """A state copied and then set up by hand lists its moves afresh, and the add made from it
    follows that list (not the list of the state it was copied from)."""
    st = next(s for s in played_states(3, 1) if s.phase is Phase.CHALLENGE)
    s = st.copy()
    seat = s.turn
    s.storage[seat] = [tokens.token("bread7"), tokens.token("bread7"), tokens.token("carrot4"), SOUP]
    s.meals[seat] = {}
    first = s.legal_actions()
    assert first == plain_legal_challenge(s)
    assert [a.text for a in first[:2]] == ["add bread7 to meal 1", "add soup to meal 1"]   # meal 1 needs bread
    after = s.apply(first[0])
    assert after.legal_actions() == plain_legal_challenge(after)
    assert first[0] in after.legal_actions()          # the other bread7 is still there to add
    last = after.apply("add soup to meal 1")          # the only soup: no meal can take one now
    assert last.legal_actions() == plain_legal_challenge(last)
    assert not any(a.token == SOUP for a in last.legal_actions())


@pytest.mark.parametrize("players,seed,options", [(3, 21, {}), (2, 22, {"restaurateurs": True}), (4, 23, {})])
def test_moves_after_a_serve_follow_the_list_before(players, seed, options):
    """After a serve the moves are the list before without the served meal's part
    (:func:`meals.act_challenge`); they match the plain definition, and a seat that is then done
    leaves no moves behind for the next seat."""
    bot = kitchenlab.game_info("critter_kitchen").bot("greedy")
    st = kitchenlab.new_game("critter_kitchen", players=players, seed=seed, **options)
    rng = Rng(bot_seed(seed))
    serves = 0
    while not st.is_over:
        a = bot(st, rng)
        if st.phase is Phase.CHALLENGE and a.kind == "serve":
            legal = st.legal_actions()
            after = st.apply(a)
            assert after.next_moves is None
            if after.phase is Phase.CHALLENGE:
                assert after.legal_actions() == plain_legal_challenge(after)
                if after.turn == st.turn:
                    serves += 1
                    assert after.legal_actions() == [m for m in legal if m.meal != a.meal]
        st = st.apply(a)
    assert serves > 0


def test_a_serve_keeps_the_other_meals_moves():
    """Serving meal 1 of a position set up by hand leaves meal 2's moves, its serve among them."""
    st = next(s for s in played_states(3, 1) if s.phase is Phase.CHALLENGE and len(s.day_challenges()) >= 2)
    s = st.copy()
    seat = s.turn
    s.served = ((),) * len(s.served)
    (_, reqs1), (_, reqs2) = s.day_challenges()[:2]
    first, second = tokens.token(f"{reqs1[0]}7"), tokens.token(f"{reqs2[0]}7")
    s.storage[seat] = [first, second] + [SOUP] * 12
    s.meals[seat] = {}
    s = s.apply(f"add {first} to meal 1").apply(f"add {second} to meal 2")
    for k in (1, 2):
        while actions.serve(k) not in s.legal_actions():          # soups until meal k may be served
            s = s.apply(f"add soup to meal {k}")
    legal = s.legal_actions()
    assert legal == plain_legal_challenge(s)
    after = s.apply("serve meal 1")
    assert after.legal_actions() == plain_legal_challenge(after)
    assert after.legal_actions() == [m for m in legal if m.meal != 1]
    assert actions.serve(2) in after.legal_actions()


def test_three_challenge_plans_match_the_reference():
    """The challenge-plan search (which tells the later meals' searches what they must beat and
    skips what cannot) finds the most stars, then the highest quality, that trying every split of
    the storage finds (:func:`.reference.best_plan_value`), on random three-challenge questions
    over every ingredient type."""
    rng = Rng(2026)
    types = list(tokens.TYPES)
    pool_tokens = ([f"{t}{v}" for t in types for v in range(2, 8)] + [f"{t}-spice" for t in types]
                   + ["allspice", "soup", "soup", "bisque"])
    th = THRESHOLD_PRESETS["standard"]
    starred = 0
    for _ in range(12):
        reqs = []
        for _ in range(3):
            rng.shuffle(types)
            reqs.append(tuple(types[:2 + rng.randbelow(2)]))
        pool = sorted(pool_tokens[rng.randbelow(len(pool_tokens))] for _ in range(6 + rng.randbelow(2)))
        plan = scoring.best_challenge_plan(list(pool), list(reqs), th)
        assert (plan.stars, plan.quality) == reference.best_plan_value(pool, reqs, th)
        starred += plan.stars > 0
    assert starred > 3
