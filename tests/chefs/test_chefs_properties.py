"""Properties over many seeded games: cards are conserved, views hide what they must, determinize
keeps what a seat saw, bots stay within what they may read, and greedy beats random."""

from __future__ import annotations

import json

import pytest

import kitchenlab
from kitchenlab import SeatError
from kitchenlab.chefs.rules import MEAL_STEPS, NK
from kitchenlab.engine import Rng
from kitchenlab.sim import play_game


def states_of(players, seed, bots="random"):
    state = kitchenlab.new_game("chefs", players=players, seed=seed)
    rng = Rng(seed + 5)
    out = [state]
    bot = kitchenlab.game_info("chefs").bot(bots)
    while not state.is_over:
        state = state.apply(bot(state, rng))
        out.append(state)
    return out


@pytest.mark.parametrize("players", [2, 3, 6])
def test_cards_are_conserved_and_known_cards_stay_in_hands(players):
    for state in states_of(players, 40 + players)[::7]:
        c = state.card_census()
        assert c["hands"] + c["counter"] + c["ingredient_deck"] + c["ingredient_discard"] == 60
        assert c["stoves"] + c["held"] + c["meal_deck"] + c["meal_discard"] + c["meals_out"] == 29
        for p in range(players):
            assert all(state.known[p][k] <= state.hands[p][k] for k in range(NK))


def test_steps_only_grow_and_match_the_served_meals():
    states = states_of(4, 3)
    for a, b in zip(states, states[1:]):
        assert all(x <= y for x, y in zip(a.steps_done, b.steps_done))
    final = states[-1]
    assert final.is_over and max(final.scores()) > 20
    for p in range(4):
        served = [e.data["meal"] for e in final.events if e.kind == "serve" and e.data["seat"] == p]
        assert sum(MEAL_STEPS[m] for m in served) == final.scores()[p]


def test_views_hide_other_hands_and_the_decks():
    s = states_of(3, 8)[30]
    pub = s.view(None)
    assert pub["hand"] is None and pub["seat"] is None
    mine = s.view(1)
    assert mine["hand"] == s.hand(1)
    text = json.dumps(pub)
    assert "ing_deck" not in text and isinstance(pub["ingredient_deck"], int)
    for p in range(3):
        assert s.view(p)["hand_sizes"] == [len(s.hand(q)) for q in range(3)]
    with pytest.raises(SeatError, match="seats: 0..2"):
        s.view(3)


@pytest.mark.parametrize("players", [2, 4, 5])
def test_determinize_keeps_every_view_and_redeals_the_hidden(players):
    changed = 0
    for state in states_of(players, 70 + players)[5::11]:
        for seat in [None, *range(players)]:
            d = state.determinize(seat, seed=3)
            for viewer in {None, seat}:
                assert d.view(viewer) == state.view(viewer)
            c = d.card_census()
            assert c == state.card_census()
            changed += d.hands != state.hands or list(d.ing_deck) != list(state.ing_deck)
            assert d.legal_actions() == state.legal_actions() or seat is None or d.current_player != seat
            if not d.is_over:       # play goes on under the rules
                d2 = d.apply(d.legal_actions()[0])
                assert d2.steps == state.steps + 1
    assert changed > 0


def test_determinize_keeps_the_acting_seats_choices():
    for state in states_of(4, 12)[1:200:9]:
        if state.is_over:
            continue
        p = state.current_player
        d = state.determinize(p, seed=1)
        assert [str(a) for a in d.legal_actions()] == [str(a) for a in state.legal_actions()]


def test_a_hand_made_position_saves_and_loads():
    s = kitchenlab.game_info("chefs").position(
        2, seed=4, position={"hands": [["egg", "egg"], ["flour"]], "window": ["Boiled eggs"],
                             "placed": [["window", 0], ["door", 1], ["service", 0], ["counter", 1],
                                        ["door", 0], ["counter", 1]]})
    s = s.apply("cook Boiled eggs")
    loaded = kitchenlab.load_state(s.to_json())
    assert loaded == s and loaded.steps_done == s.steps_done


def test_bots_read_no_hidden_card():
    """A bot decides the same on a determinized copy: it reads only what its seat sees."""
    bot = kitchenlab.game_info("chefs").bot("greedy")
    for state in states_of(3, 21, bots="greedy")[:-1:5]:
        p = state.current_player
        d = state.determinize(p, seed=9)
        assert str(bot(state, Rng(1))) == str(bot(d, Rng(1)))


def test_greedy_beats_random_clearly():
    wins = 0.0
    for seed in range(40):
        final = play_game("chefs", 4, seed, ["greedy", "random", "random", "random"])
        won = final.winners()
        wins += 1 / len(won) if 0 in won else 0
    assert wins / 40 > 0.75      # random would win about 25 %


def test_event_log_has_structured_facts():
    final = play_game("chefs", 3, 5, "greedy")
    kinds = {e.kind for e in final.events}
    assert {"setup", "refill", "deal", "round", "place", "actions", "location", "take", "cook", "serve",
            "first_player", "end"} <= kinds
    assert len(final.events) == len(final.log)
    end = final.events[-1]
    assert end.kind == "end" and end.data["winners"] == final.winners()
