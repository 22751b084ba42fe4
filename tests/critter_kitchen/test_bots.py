"""Critter Kitchen bots: legal moves everywhere, the optimisers' meals, and greedy beating random."""

from __future__ import annotations

from collections import Counter

import pytest

import kitchenlab
from kitchenlab.critter_kitchen import BOTS, OPTIONS, greedy_bot, random_bot, scoring
from kitchenlab.critter_kitchen.bots import item_value
from kitchenlab.engine import Rng

CRITICS = next(o for o in OPTIONS if o.name == "critic").choices[1:]


def play(players, seed, seats, **opts):
    s = kitchenlab.new_game("critter_kitchen", players=players, seed=seed, **opts)
    rng = Rng(seed * 7 + 1)
    while not s.is_over:
        action = BOTS[seats[s.current_player]](s, rng)
        assert action in s.legal_actions()
        s = s.apply(action)
    return s


def test_bots_registry():
    assert BOTS == {"random": random_bot, "greedy": greedy_bot}


@pytest.mark.parametrize("players", [1, 2, 4, 5])
def test_greedy_plays_legal_moves_at_every_player_count(players):
    final = play(players, 3, ["greedy"] * players)
    assert final.is_over and final.token_count() == 119


@pytest.mark.parametrize("critic", CRITICS)
def test_greedy_handles_every_critic(critic):
    final = play(3, 5, ["greedy", "greedy", "random"], critic=critic)
    assert final.is_over
    for p in range(3):
        problems = scoring.critic_meal_problems(final._critic_notation(p), critic)
        assert problems == []


def test_greedy_with_every_s0_variant():
    final = play(3, 2, ["greedy"] * 3, rumor_scoring="known", critic_courses="exactly_one",
                 critic_min_quality=True, academy_spaces="last_round", tie_hat_move=False, restaurateurs=True)
    assert final.is_over and all(r is not None for r in final.rest)


def _advance(state, until, seed=0):
    rng = Rng(seed)
    while not until(state):
        state = state.apply(greedy_bot(state, rng))
    return state


def test_greedy_serves_the_exact_optimisers_best_plan():
    for seed in range(4):
        s = _advance(kitchenlab.new_game("critter_kitchen", players=3, seed=seed),
                     lambda s: s.phase == "challenge" and s.current_player == 0)
        plan = scoring.best_challenge_plan(s.storage[0], [r for _, r in s.day_challenges()], s.cfg.thresholds)
        before = s.stars[0]
        rng = Rng(1)
        while s.phase == "challenge" and s.current_player == 0:
            s = s.apply(greedy_bot(s, rng))
        assert s.stars[0] - before == plan.stars
        assert sum(x[2] for x in s.served[0]) == plan.quality


def test_greedy_keeps_what_fridge_keep_says():
    checked = 0
    for seed in range(40):
        if checked >= 3:
            break
        s = _advance(kitchenlab.new_game("critter_kitchen", players=3, seed=seed),
                     lambda s: s.phase == "fridge" or s.round > 3)
        if s.phase != "fridge":
            continue
        p = s.current_player
        limit = s.cfg.fridge[s.round]
        keep = Counter(scoring.fridge_keep(s.storage[p], limit))
        rng = Rng(2)
        while s.phase == "fridge" and s.current_player == p:
            s = s.apply(greedy_bot(s, rng))
        have = Counter(t for t in s.storage[p] if t.endswith("spice") or t[-1].isdigit())
        # everything fridge_keep keeps stays; only what it leaves out is discarded, down to the limit
        assert not keep - have
        assert sum(have.values()) == limit
        checked += 1
    assert checked >= 3


def test_greedy_cooks_the_critic_meal_the_optimiser_finds():
    for seed in range(3):
        s = _advance(kitchenlab.new_game("critter_kitchen", players=3, seed=seed),
                     lambda s: s.phase == "critic" and s.current_player == 0)
        soup = sum(3 if t == "bisque" else 1 for t in s.storage[0] if t in ("soup", "bisque"))
        visible = [r for k, r in enumerate(s.rumor_cards, 1) if k in s.known_kinds(0) or s.flipped[k - 1]]
        choice = scoring.best_critic_meal(s.storage[0], s.critic, visible, soup_value=soup)
        rng = Rng(3)
        while not s.is_over and s.current_player == 0:
            s = s.apply(greedy_bot(s, rng))
        assert s._critic_notation(0) == choice.meal


def test_greedy_picks_the_most_valuable_item():
    s = _advance(kitchenlab.new_game("critter_kitchen", players=3, seed=9), lambda s: s.phase == "shop")
    a = greedy_bot(s, Rng(0))
    p = s.current_player
    takes = [x for x in s.legal_actions() if x.kind == "take"]
    assert a.kind == "take"
    assert item_value(a.args[0], s.storage[p]) == max(item_value(x.args[0], s.storage[p]) for x in takes)


def test_greedy_beats_random_most_of_the_time():
    games, wins = 48, 0
    for seed in range(games):
        seat = seed % 3
        seats = ["random"] * 3
        seats[seat] = "greedy"
        final = play(3, 1000 + seed, seats)
        wins += seat in final.winners()
    # a random seat would win about a third of the games
    assert wins / games >= 0.8, f"greedy won {wins} of {games}"
