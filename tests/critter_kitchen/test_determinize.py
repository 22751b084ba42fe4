"""determinize: the same view for the seat and the public, everything hidden re-dealt, play goes on."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from kitchenlab import critter_kitchen as ck
from kitchenlab.critter_kitchen.hidden import _public_holdings
from kitchenlab.critter_kitchen.tokens import fridge_token
from kitchenlab.engine import Rng


def _dump(view) -> str:
    return json.dumps(view, sort_keys=True, default=str)


def _states(players, seed, **variants):
    """Every state of a seeded greedy game (greedy bots discard at the fridge and serve meals)."""
    s = ck.new_state(players=players, seed=seed, **variants)
    rng = Rng(seed)
    out = [s]
    while not s.is_over:
        s = s.apply(ck.greedy_bot(s, rng))
        out.append(s)
    return out


# small fridges, so that each game has discards to make at the fridge step
GAMES = {(3, 5): _states(3, 5, fridge_day2=2), (4, 8): _states(4, 8, fridge_day1=3), (2, 3): _states(2, 3, restaurateurs=True, fridge_day1=1)}


def _first(states, test):
    return next(s for s in states if test(s))


def _check_same_views_and_play_on(state, seat, seeds=range(5)):
    own, public = _dump(state.view(seat)), _dump(state.view(None))
    samples = []
    for seed in seeds:
        d = state.determinize(seat, seed)
        assert _dump(d.view(seat)) == own
        assert _dump(d.view(None)) == public
        if seat == state.current_player:     # what the seat may do is part of what it sees
            assert [str(a) for a in d.legal_actions()] == [str(a) for a in state.legal_actions()]
        assert d.token_count() == state.token_count()
        samples.append(d)
    # random play from one sample reaches the end under the normal rules
    rng = Rng(3)
    s = samples[0]
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
    assert s.steps <= ck.MAX_STEPS and len(s.winners()) >= 0
    return samples


@pytest.mark.parametrize("key", list(GAMES))
@pytest.mark.parametrize("phase", ["plan", "shop", "challenge", "fridge", "critic"])
def test_every_phase_keeps_the_views(key, phase):
    states = GAMES[key]
    found = [s for s in states if s.phase == phase]
    assert found, f"the seeded game {key} never reaches the {phase} phase: pick seeds or fridge sizes that do"
    state = found[len(found) // 2]
    seat = state.current_player
    _check_same_views_and_play_on(state, seat)
    other = (seat + 1) % state.players
    _check_same_views_and_play_on(state, other, seeds=range(2))


def test_unknown_rumor_cards_and_unrevealed_challenges_are_redealt():
    state = GAMES[(3, 5)][0]
    seat = state.current_player
    cards = {d.rumor_cards for d in (state.determinize(seat, k) for k in range(6))}
    assert len(cards) > 1
    days = {d.challenges[d.revealed:] for d in (state.determinize(seat, k) for k in range(6))}
    assert len(days) > 1
    for d in (state.determinize(seat, k) for k in range(6)):
        assert d.challenges[: d.revealed] == state.challenges[: state.revealed]
        assert len(set(d.challenges)) == len(d.challenges) == len(state.challenges)
        assert len(set(d.rumor_cards)) == 3
        assert sorted(d.zous_deck) == sorted(state.zous_deck)


def test_known_and_face_up_rumor_cards_stay():
    state = _first(GAMES[(3, 5)], lambda s: s.known_kinds(s.current_player or 0) and s.phase == "plan")
    seat = state.current_player
    known = state.known_kinds(seat)
    for k in range(6):
        d = state.determinize(seat, k)
        for kind in (1, 2, 3):
            if kind in known or state.flipped[kind - 1]:
                assert d.rumor_cards[kind - 1] == state.rumor_cards[kind - 1]


def test_other_players_plans_are_redealt_but_not_ones_own():
    state = _first(GAMES[(4, 8)], lambda s: s.phase == "plan" and s.turn == 2)
    plans = [state.determinize(2, k).plans for k in range(6)]
    assert all(p[2] == state.plans[2] for p in plans)
    assert len({tuple(sorted(p[0].items())) for p in plans}) > 1
    for p in plans:
        assert set(p[0]) == set(state.plans[0]) and len(set(p[0].values())) == len(p[0])
    assert all(p[3] == {} for p in plans)


def test_hidden_fridge_discards_are_chosen_again():
    # a small fridge: after day 1 every player discards down to 2 items
    state = _first(_states(3, 5, fridge_day1=2), lambda s: s.phase == "plan" and s.round == 4)
    seat = state.current_player
    assert any(e.kind == "discard" and e.data["seat"] != seat for e in state.events)
    redealt = False
    for k in range(8):
        d = state.determinize(seat, k)
        assert d.storage[seat] == state.storage[seat]
        for s in range(state.players):
            # the same number of items, all of them seen taken and not served
            mine = Counter(t for t in d.storage[s] if fridge_token(t))
            assert sum(mine.values()) == sum(1 for t in state.storage[s] if fridge_token(t))
            assert not mine - _public_holdings(state, s)
            if s != seat and Counter(d.storage[s]) != Counter(state.storage[s]):
                redealt = True
        # the bag and the storages hold the same items as before, in all
        everything = Counter(d.bag) + sum((Counter(x) for x in d.storage), Counter())
        assert everything == Counter(state.bag) + sum((Counter(x) for x in state.storage), Counter())
    assert redealt


def test_restaurateur_offers_of_others_are_hidden():
    state = GAMES[(2, 3)][0]
    assert state.phase == "restaurateur"
    offers = {state.determinize(0, k).rest_offer[1] for k in range(6)}
    assert len(offers) > 1
    assert all(state.determinize(0, k).rest_offer[0] == state.rest_offer[0] for k in range(6))
    kept = state.apply(state.legal_actions()[0])     # seat 0 keeps one: it is public from then on
    for k in range(4):
        d = kept.determinize(1, k)
        assert d.rest[0] == kept.rest[0] and kept.rest[0] in d.rest_offer[0]


def test_solo_and_the_public_view():
    states = _states(1, 2)
    state = _first(states, lambda s: s.phase == "shop")
    _check_same_views_and_play_on(state, 0)
    _check_same_views_and_play_on(state, None)


def test_the_public_view_shows_nothing_private():
    for state in GAMES[(3, 5)][::15] + GAMES[(2, 3)][:3]:
        public = state.view(None)
        assert not {"storage", "plan", "rumor_tokens", "meals", "critic_meal", "restaurateur_offer"} & set(public)
        text = json.dumps(public, default=str)
        for k in (1, 2, 3):
            if not state.flipped[k - 1] and not state.is_over:
                assert public["rumor_cards"][k - 1] is None
        if state.phase != "shop":        # plans are face up only while the chefs shop
            assert all(not loc["chefs"] for loc in public["locations"])
        for i in range(state.revealed, len(state.challenges)):
            assert state.cfg.comps.challenge(state.challenges[i]).name not in [c["name"] for c in public["challenges"]]
        assert text.count('"storage"') == 0
