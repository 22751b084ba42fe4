"""Tem-Purr-A's written-out hot paths behave exactly like the engine's: the same games for the same
seeds, the same shuffles, the same copies, histories, logs and events."""

from __future__ import annotations

import hashlib

import pytest

import kitchenlab
from kitchenlab.engine import GameState, Rng
from kitchenlab import decks as fast


def played(players, seed, **variants):
    s = kitchenlab.new_game("tem_purr_a", players=players, seed=seed, **variants)
    rng = Rng(seed + 100)
    while not s.is_over:
        a = s.legal_actions()
        s = s.apply(a[rng.randbelow(len(a))])
    return s


def digest(s):
    text = s.to_json() + "\n".join(s.log) + repr([(e.kind, sorted(e.data.items())) for e in s.events])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# Digests of these seeded random games as the rules played them before apply, copy, the draws and
# the shuffle were written out for speed (recorded again when the eat event gained its public wording):
# the same seeds must keep giving the very same games.
@pytest.mark.parametrize("players,seed,variants,expected", [
    (2, 1, {}, "e26d5084c6295b14"),
    (4, 2, {}, "f7a6cda7bae9b016"),
    (7, 3, {}, "6f54992e5b4cfa9c"),
    (5, 4, {"match_after_action": "any", "choose_self": True, "extra_indigestion": "always",
            "dish_split": "high_heavy"}, "47972b821e81ca93"),
])
def test_seeded_games_are_the_same_games(players, seed, variants, expected):
    assert digest(played(players, seed, **variants)) == expected


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
