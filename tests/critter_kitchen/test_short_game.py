"""Critter Kitchen's short game for a lesson: ``rounds=SHORT_ROUNDS`` (3), the kit's own choice [A].

It plays to the end in three rounds: a challenge is revealed (with the Hold on it) in rounds 1 and 2,
the challenge meals follow each of those rounds, and the critic meal follows round 3."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab.cli import main
from kitchenlab.critter_kitchen import challenge_stars
from kitchenlab.critter_kitchen.config import SHORT_ROUNDS
from kitchenlab.sim import play_game

GAMES = [(players, seed, bots) for players in (1, 2, 3, 4, 5) for seed in (0, 1) for bots in ("greedy", "random")]


def short_game(players, seed, bots):
    return play_game("critter_kitchen", players, seed, bots, rounds=SHORT_ROUNDS)


def kinds(state, *names):
    return [e for e in state.events if e.kind in names]


def test_the_short_game_is_the_kit_s_choice_and_says_so(capsys):
    assert SHORT_ROUNDS == 3
    option = {o.name: o for o in kitchenlab.game_info("critter_kitchen").options}["rounds"]
    assert option.default == 7 and option.source.startswith("RB (7)")
    assert "A (short game 3)" in option.source
    assert option.alternatives.startswith("3 [A] (the kit's short game)")
    assert "the kit's short game for a lesson is rounds=3" in option.help
    assert main(["rules", "critter_kitchen"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("rounds "))
    assert "3 [A] (the kit's short game)" in row and "A (short game 3)" in row


def test_the_short_game_has_two_challenge_days_and_a_critic_meal_after_round_3():
    state = kitchenlab.new_game("critter_kitchen", players=3, seed=0, rounds=SHORT_ROUNDS)
    assert state.cfg.rounds == 3
    assert state.cfg.days == (1, 2) and state.cfg.hold_rounds == (1, 2)
    assert state.cfg.fridge == {1: 5, 2: 10}
    assert [state.cfg.day_of(r) for r in (1, 2, 3)] == [1, 2, 3]
    assert len(state.challenges) == 2                    # one challenge revealed a day


@pytest.mark.parametrize("players, seed, bots", GAMES)
def test_a_short_game_plays_to_the_end_in_three_rounds(players, seed, bots):
    final = short_game(players, seed, bots)
    assert final.is_over and final.round == 3
    order = [(e.kind, e.data.get("round", e.data.get("day", e.data.get("index"))))
             for e in kinds(final, "round", "challenge", "day_end")]
    assert order == [("round", 1), ("challenge", 0), ("day_end", 1),
                     ("round", 2), ("challenge", 1), ("day_end", 2),
                     ("round", 3)]
    assert all(e.data["hold"] for e in kinds(final, "challenge"))
    assert "The last round ends: the critic meal" in final.log
    assert "The last round's Allspice token goes to the Chef Academy" in final.log
    assert not any("round-7" in line or "Round 7" in line for line in final.log)
    assert final.steps < kitchenlab.game_info("critter_kitchen").max_steps


@pytest.mark.parametrize("players, seed, bots", GAMES)
def test_a_short_game_scores_its_meals_and_names_the_best(players, seed, bots):
    final = short_game(players, seed, bots)
    day_of_serve = []
    day = 0
    for e in final.events:
        if e.kind == "day_end":
            day = e.data["day"]
        elif e.kind == "serve":
            assert e.data["challenge"] == day - 1          # the day's own challenge, after its round
            assert e.data["stars"] == challenge_stars(e.data["quality"])
            day_of_serve.append(day)
    assert set(day_of_serve) <= {1, 2}
    totals = [sum(stars for _reason, stars in log) for log in final.star_log]
    scores = list(final.scores())
    assert scores == totals[:players]
    for seat, log in enumerate(final.star_log[:players]):
        served = [e.data["stars"] for e in kinds(final, "serve") if e.data["seat"] == seat]
        assert [s for reason, s in log if reason.startswith("challenge")] == served
        assert [reason for reason, _s in log][-1] == "critic meal"
    if players > 1:
        assert final.winners() and all(scores[w] == max(scores) for w in final.winners())


def test_a_short_game_is_shorter_and_seeded():
    full = play_game("critter_kitchen", 3, 4, "greedy")
    short = short_game(3, 4, "greedy")
    again = short_game(3, 4, "greedy")
    assert [str(a) for a in short.history] == [str(a) for a in again.history]
    assert short.log == again.log
    assert full.round == 7 and len(short.history) < len(full.history) / 2
