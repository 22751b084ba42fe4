"""``GameState.rollout``: random moves played on one private copy in place reach exactly the state
that ``apply`` step by step reaches, and leave the state they started from as it was."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab import OptionError
from kitchenlab.engine import Rng
from test_conformance import CASES, snapshot
from toy_game import DiceNim


def seeds(game: str) -> int:
    """Seeded games per (game, player count): a quarter of the game's conformance playouts (its
    ``test_settings["playouts"]``, scaled to the length of its games), at least 4."""
    return max(4, kitchenlab.game_info(game).test_settings.get("playouts", 20) // 4)


def _loop(state, rng: Rng, max_steps: int = -1):
    made = 0
    while made != max_steps and not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
        made += 1
    return state


def _same(a, b) -> None:
    assert a.to_json() == b.to_json()
    assert a.log == b.log
    assert a.events == b.events
    assert a.rng.state == b.rng.state


def _starts(game: str, players: int, seed: int) -> list:
    """States to start from: the new game, then one state in each phase (or each tenth of the
    game, for a game without named phases) of a random game, some in the middle of a phase."""
    state = kitchenlab.new_game(game, players=players, seed=seed)
    path = [state]
    rng = Rng(seed + 500)
    while not path[-1].is_over:
        path.append(_loop(path[-1], rng, 1))
    picked, seen = [path[0]], set()
    for k, s in enumerate(path[:-1]):
        phase = getattr(s, "phase", k * 10 // len(path))
        if phase not in seen:
            seen.add(phase)
            picked.append(s)
            picked.append(path[min(k + 3, len(path) - 2)])       # a few moves into it
    return picked


@pytest.mark.parametrize("game,players", CASES)
def test_rollout_reaches_the_state_of_apply_step_by_step(game, players):
    for seed in range(seeds(game)):
        for k, start in enumerate(_starts(game, players, seed)):
            before = snapshot(start)
            a, b = Rng(seed * 100 + k), Rng(seed * 100 + k)
            looped, rolled = _loop(start, a), start.rollout(b)
            _same(looped, rolled)
            assert rolled.is_over
            assert snapshot(start) == before, "rollout changed the state it started from"


@pytest.mark.parametrize("game,players", CASES)
def test_rollout_stops_after_max_steps_and_its_state_plays_on(game, players):
    start = kitchenlab.new_game(game, players=players, seed=3)
    for steps in (0, 1, 25):
        a, b = Rng(steps), Rng(steps)
        looped, rolled = _loop(start, a, steps), start.rollout(b, max_steps=steps)
        _same(looped, rolled)
        assert rolled.steps == min(steps, looped.steps)
        # the state reached is a normal one: it saves, loads and plays on as the other does
        assert kitchenlab.load_state(rolled.to_json()).to_json() == rolled.to_json()
        _same(_loop(looped, Rng(9)), _loop(rolled, Rng(9)))
        _same(_loop(looped, Rng(9)), rolled.rollout(Rng(9)))


def test_rollout_from_a_determinized_state_plays_to_the_end():
    s = _loop(kitchenlab.new_game("critter_kitchen", players=3, seed=1), Rng(2), 60)
    sample = s.determinize(0, seed=5)
    end = sample.rollout(Rng(4))
    assert end.is_over and end.steps > s.steps
    looped = _loop(s.determinize(0, seed=5), Rng(4))      # a sample cannot be saved: compare the rest
    assert (looped.log, looped.events, looped.rng.state) == (end.log, end.events, end.rng.state)
    assert looped.view(None) == end.view(None)


def test_rollout_of_a_game_with_a_plain_copy():
    # the toy game's copy does not depend on a phase: the base class's rollout needs nothing more
    for seed in range(20):
        start = DiceNim(pile=9, seed=seed)
        _same(_loop(start, Rng(seed)), start.rollout(Rng(seed)))
        assert start.pile == 9 and start.steps == 0


@pytest.mark.parametrize("bad", [7, None, "rng"])
def test_rollout_wants_a_kit_generator(bad):
    with pytest.raises(OptionError, match="rollout needs a kitchenlab.Rng"):
        kitchenlab.new_game("tem_purr_a", players=3).rollout(bad)


@pytest.mark.parametrize("bad", [-1, True, 2.5, "3"])
def test_rollout_max_steps_must_be_a_whole_number(bad):
    with pytest.raises(OptionError, match="max_steps must be None or a whole number >= 0"):
        kitchenlab.new_game("tem_purr_a", players=3).rollout(Rng(0), max_steps=bad)
