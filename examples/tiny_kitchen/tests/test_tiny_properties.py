"""Properties over many seeded games: no card is lost or made, play is deterministic and saves
round-trip, hidden cards stay hidden, and the greedy cook beats random play."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings, strategies as st

import kitchenlab
from kitchenlab.engine import Rng
from kitchenlab.sim import play_game
from tiny_kitchen import INFO
from tiny_kitchen.components import INGREDIENTS, Card

games = st.tuples(st.sampled_from(INFO.players), st.integers(0, 10**6), st.integers(0, 6))


def states(players, seed, mice):
    s = kitchenlab.new_game("tiny_kitchen", players=players, seed=seed, mice=mice)
    rng, out = Rng(seed), [s]
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
        out.append(s)
    return out


@settings(max_examples=40, deadline=None)
@given(games)
def test_every_card_is_somewhere_and_points_are_the_recipes_cooked(game):
    players, seed, mice = game
    for s in states(players, seed, mice):
        where = Counter(s.deck) + Counter(s.discard) + Counter(c for h in s.hands for c in h)
        assert where == Counter({**{c: 9 for c in INGREDIENTS}, Card.MOUSE: mice})
        points = {r.name: r.points for r in s.recipes.values()}
        assert s.scores() == [sum(points[d] for d in dishes) for dishes in s.cooked]
        assert s.is_over == (not s.deck) and s.steps <= INFO.max_steps


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 40))
def test_same_seed_same_game_and_a_save_continues_identically(game, cut):
    first, again = states(*game), states(*game)
    assert [s.log for s in first] == [s.log for s in again]
    s = first[min(cut, len(first) - 1)]
    loaded = kitchenlab.load_state(s.to_json())
    assert loaded == s and json.loads(loaded.to_json()) == json.loads(s.to_json())
    assert loaded.rollout(Rng(cut)).log == s.rollout(Rng(cut)).log


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 30), st.integers(0, 99))
def test_a_seat_cannot_tell_a_redeal_from_the_real_game(game, step, seed):
    playing = states(*game)[:-1]
    s = playing[min(step, len(playing) - 1)]
    seat = s.current_player
    d = s.determinize(seat, seed)
    assert d.view(seat) == s.view(seat) and d.view(None) == s.view(None)
    assert Counter(d.deck) + Counter(c for h in d.hands for c in h) == \
        Counter(s.deck) + Counter(c for h in s.hands for c in h)
    assert [str(a) for a in d.legal_actions()] == [str(a) for a in s.legal_actions()]


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 99))
def test_rollout_is_the_loop_it_stands_for(game, seed):
    start = kitchenlab.new_game("tiny_kitchen", players=game[0], seed=game[1], mice=game[2])
    rng, s = Rng(seed), start
    while not s.is_over:
        legal = s.legal_actions()
        s = s.apply(legal[rng.randbelow(len(legal))])
    fast_rng = Rng(seed)
    fast = start.rollout(fast_rng)
    assert fast.log == s.log and fast.to_json() == s.to_json() and fast_rng.state == rng.state
    assert start.steps == 0                 # the start was not touched


def test_the_greedy_cook_wins_more_than_its_share_against_random_play():
    # seeds 0..199 give it 64.5 % of the 2-player wins, 51 % at 3 players and 43 % at 4 (fair: 50, 33, 25)
    for players, share in ((2, 0.6), (3, 0.45), (4, 0.38)):
        wins = 0.0
        for seed in range(200):
            final = play_game("tiny_kitchen", players, seed, ["greedy"] + ["random"] * (players - 1))
            wins += (0 in final.winners()) / len(final.winners())
        assert wins / 200 > share, (players, wins / 200)
