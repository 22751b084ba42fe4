"""Tem-Purr-A's written-out hot paths behave exactly like the engine's: the same games for the same
seeds, the same shuffles, the same copies, histories, logs and events. (The seeded games themselves,
variants included, are pinned by tests/playthroughs/.)"""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab.engine import GameState, Rng
from kitchenlab import decks as fast


def played(players, seed, apply, **variants):
    """A seeded random game, every move made with ``apply(state, action_text)``."""
    s = kitchenlab.new_game("tem_purr_a", players=players, seed=seed, **variants)
    rng = Rng(seed + 100)
    while not s.is_over:
        a = s.legal_actions()
        s = apply(s, str(a[rng.randbelow(len(a))]))
    return s


def record(s):
    return s.to_json(), s.log, [(e.kind, sorted(e.data.items())) for e in s.events], s.rng.state


# The written-out apply, copy, draws and shuffle play the very games the engine's plain base class
# plays (its readable reference), with and without the variants.
@pytest.mark.parametrize("players,seed,variants", [
    (2, 1, {}),
    (4, 2, {}),
    (7, 3, {}),
    (5, 4, {"match_after_action": "any", "choose_self": True, "extra_indigestion": "always",
            "dish_split": "high_heavy"}),
])
def test_seeded_games_are_the_same_games(players, seed, variants):
    fast_game = played(players, seed, lambda s, a: s.apply(a), **variants)
    reference = played(players, seed, lambda s, a: GameState.apply(s, a), **variants)
    assert record(fast_game) == record(reference)
    assert fast_game.steps > 10 and fast_game.is_over


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 8, 16, 17, 64, 70, 89, 95, 128, 511, 512, 513, 700])
def test_shuffle_makes_the_draws_of_rng_shuffle(n):
    for seed in range(25):
        a, b = list(range(n)), list(range(n))
        r1, r2 = Rng(seed), Rng(seed)
        r1.randbelow(7)                       # any state, not only a fresh one
        r2.randbelow(7)
        fast.shuffle(r1, a)
        r2.shuffle(b)
        assert a == b and r1.state == r2.state


def test_shuffle_leaves_a_rejected_draw_to_rng_shuffle(monkeypatch):
    fast.shuffle(Rng(0), list(range(5)))      # the tables are built
    lowered = fast._LAST.copy()
    lowered[:] = 0                            # every draw "too large": the exact fallback runs
    monkeypatch.setattr(fast, "_LAST", lowered)
    a, b = list(range(40)), list(range(40))
    r1, r2 = Rng(3), Rng(3)
    fast.shuffle(r1, a)
    r2.shuffle(b)
    assert a == b and r1.state == r2.state


def _fields(state):
    d = dict(state.__dict__)
    d["rng"] = d["rng"].state
    return d


def test_copy_apply_legal_and_say_match_the_base_class():
    s = kitchenlab.new_game("tem_purr_a", players=4, seed=8)
    rng = Rng(5)
    while not s.is_over:
        legal = s.legal_actions()
        assert legal == GameState.legal_actions(s) and legal is not s.legal_actions()
        mine, base = s.copy(), GameState.copy(s)
        assert _fields(mine) == _fields(base) and mine.rng is not s.rng
        a = legal[rng.randbelow(len(legal))]
        t = s.apply(a)
        u = GameState.apply(s, str(a))
        assert t.to_json() == u.to_json() and t.log == u.log and t.events == u.events
        assert t.is_over == (t.phase == "over") == (t.current_player is None)
        s = t
    assert s.winners() and s.legal_actions() == []


def test_say_matches_the_base_and_recording_still_works():
    s = kitchenlab.new_game("tem_purr_a", players=3, seed=2)
    a, b = s.copy(), s.copy()
    a.say("a note", "note", seat=1)
    GameState.say(b, "a note", "note", seat=1)
    assert a.log == b.log and a.events == b.events and a.steps == b.steps
    new, snaps = s.apply_recorded(s.legal_actions()[0])
    assert new.to_json() == s.apply(s.legal_actions()[0]).to_json()
    assert len(snaps) == len(new.log) - len(s.log) and snaps[-1].log == new.log
