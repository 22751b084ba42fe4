"""Quizzes: every answer of many seeded quizzes recomputed here, independently, through the public API."""

from __future__ import annotations

import dataclasses
from collections import Counter
from fractions import Fraction
from math import comb

import pytest
from toy_game import INFO as TOY

import kitchenlab
from kitchenlab import critter_kitchen as ck
from kitchenlab import tem_purr_a
from kitchenlab.critter_kitchen.components import load_components
from kitchenlab.critter_kitchen.scoring import winners as ck_winners
from kitchenlab.errors import KitchenlabError, OptionError
from kitchenlab.i18n import using
from kitchenlab.quiz import GENERIC_MAKERS, Question, kind, questions, replay, winner_question

SEEDS = range(12)
KINDS = {"legal", "score", "chance", "tie"}


def rebuild(game: str, facts: dict):
    """The question's position, replayed move by move from its seed."""
    state = kitchenlab.new_game(game, players=facts["players"], seed=facts["seed"])
    for text in facts["history"]:
        state = state.apply(text)
    return state


def check_legal(game: str, q: Question) -> None:
    state = rebuild(game, q.facts)
    legal = {str(a) for a in state.legal_actions()}
    assert state.current_player == q.facts["seat"]
    assert f"Player {state.current_player + 1}" in q.prompt
    assert q.answer in legal
    assert [c for c in q.choices if c in legal] == [q.answer]


# ---------------------------------------------------------------- shape and seeding


@pytest.mark.parametrize("game", ["tem_purr_a", "critter_kitchen"])
def test_same_seed_same_quiz_other_seed_other_questions(game):
    a = questions(game, seed=5, n=8)
    assert questions(game, seed=5, n=8) == a
    b = questions(game, seed=6, n=8)
    assert [q.prompt for q in a] != [q.prompt for q in b]
    assert len({q.prompt for q in a} & {q.prompt for q in b}) <= 1
    assert {q.kind for q in a} == KINDS


@pytest.mark.parametrize("game", ["tem_purr_a", "critter_kitchen"])
def test_every_question_has_its_parts(game):
    for seed in SEEDS:
        for q in questions(game, seed=seed, n=5):
            assert q.game == game and q.kind in KINDS
            assert q.prompt.endswith("?") and q.explanation and "\n" not in q.explanation
            assert 2 <= len(q.choices) <= 5 and len(set(q.choices)) == len(q.choices)
            assert q.answer in q.choices and q.is_right(q.answer)
            assert sum(q.is_right(c) for c in q.choices) == 1


def test_bad_arguments_are_refused():
    with pytest.raises(OptionError, match="seed must be an int"):
        questions("tem_purr_a", seed="1")
    with pytest.raises(OptionError, match="1..100 questions"):
        questions("tem_purr_a", n=0)
    with pytest.raises(kitchenlab.UnknownGameError):
        questions("no_such_game")


def test_a_question_must_contain_its_answer():
    with pytest.raises(kitchenlab.KitchenlabError, match="not among the choices"):
        Question("tem_purr_a", "score", "?", ("1", "2"), "3", "x")


# ---------------------------------------------------------------- Tem-Purr-A, recomputed


def test_tem_purr_a_answers_recomputed():
    seen = Counter()
    for seed in SEEDS:
        for q in questions("tem_purr_a", seed=seed, n=8):
            seen[q.kind] += 1
            if q.kind == "legal":
                check_legal("tem_purr_a", q)
                hand = rebuild("tem_purr_a", q.facts).view(q.facts["seat"])["hand"]
                assert f"Your hand: {', '.join(hand)}." in q.prompt
            elif q.kind == "score":
                state = rebuild("tem_purr_a", q.facts)
                assert state.view(None)["stack"] == q.facts["stack"]
                assert int(q.answer) == state.stack_total == tem_purr_a.stack_total(q.facts["stack"])
            elif q.kind == "chance":
                state = rebuild("tem_purr_a", q.facts)
                n, d, k = q.facts["draw"]
                v = state.view(None)
                assert (n, d, k) == (v["deck_size"], v["indigestion_in_deck"], v["stack_total"])
                exact = 1 - Fraction(comb(n - d, k), comb(n, k))     # the hypergeometric, written out
                assert Fraction(q.answer) == exact == state.eat_risk()
                assert all(Fraction(c) != exact for c in q.choices if c != q.answer)
            else:
                final = rebuild("tem_purr_a", q.facts)
                assert final.is_over
                names = " and ".join(f"Player {w + 1}" for w in final.winners())
                assert q.answer == names
                tokens, hands = q.facts["tokens"], q.facts["hand_sizes"]
                alive = [p for p in range(len(tokens)) if tokens[p] < 3]
                fewest = min(tokens[p] for p in alive)
                tied = [p for p in alive if tokens[p] == fewest]
                assert len(tied) >= 2                                 # it really is a tie
                best = max(hands[p] for p in tied)
                assert final.winners() == [p for p in tied if hands[p] == best]
    assert set(seen) == KINDS and min(seen.values()) >= 20


# ---------------------------------------------------------------- Critter Kitchen, recomputed


def test_critter_kitchen_answers_recomputed():
    bag = [str(t) for t in load_components().bag_contents()]
    seen = Counter()
    for seed in SEEDS:
        for q in questions("critter_kitchen", seed=seed, n=5):
            seen[q.kind] += 1
            if q.kind == "legal":
                check_legal("critter_kitchen", q)
                state = rebuild("critter_kitchen", q.facts)
                assert state.phase == "challenge"
                assert all(c.endswith(f"to meal {q.facts['meal']}") for c in q.choices)
            elif q.kind == "score" and "meal" in q.facts:
                assert int(q.answer) == ck.meal_quality(q.facts["meal"])
                assert q.facts["meal"] in q.prompt
            elif q.kind == "score":
                assert int(q.answer) == ck.course_quality(q.facts["course"], fanatic=q.facts["fanatic"])
            elif q.kind == "chance":
                t, draws = q.facts["type"], q.facts["draws"]
                count = sum(1 for x in bag if x.startswith(t) and x[len(t):].isdigit())
                assert (q.facts["count"], q.facts["bag_size"]) == (count, len(bag))
                exact = Fraction(count, len(bag))
                if draws == 2:
                    exact *= Fraction(count - 1, len(bag) - 1)
                assert Fraction(q.answer) == exact
            else:
                stars, totals, priority = q.facts["stars"], q.facts["totals"], q.facts["priority"]
                won = ck_winners(stars, totals, priority)
                assert q.answer == f"Player {won[0] + 1}"
                assert stars.count(max(stars)) >= 2                  # a real tie on stars
    assert set(seen) == KINDS and min(seen.values()) >= 10


def test_critter_kitchen_meal_answers_by_the_rules_digest():
    """Quality by the digest, independently of the kit: printed value, doubled with a spice;
    soup 1, bisque 3."""
    def digest_quality(meal: str) -> int:
        total = 0
        for item in meal.split():
            if item in ("soup", "bisque"):
                total += {"soup": 1, "bisque": 3}[item]
                continue
            base, plus, _ = item.partition("+")
            value = int("".join(ch for ch in base if ch.isdigit()))
            total += 2 * value if plus else value
        return total

    for seed in range(30):
        for q in questions("critter_kitchen", seed=seed, n=2):
            if q.kind == "score" and "meal" in q.facts:
                assert int(q.answer) == digest_quality(q.facts["meal"])


def test_critter_kitchen_legal_questions_in_spanish_mode():
    """The legal-item question reads the moves in English whatever the language: in Spanish it
    still finds its position and asks the same question."""
    english = questions("critter_kitchen", seed=1, n=1, kinds=["legal"])[0]
    with using("es"):
        spanish = questions("critter_kitchen", seed=1, n=1, kinds=["legal"])[0]
    assert spanish.answer == english.answer and spanish.answer.startswith("add ")
    assert spanish.choices == english.choices


# ---------------------------------------------------------------- any game


@pytest.mark.parametrize("game", kitchenlab.available_games())
@pytest.mark.parametrize("maker", GENERIC_MAKERS, ids=lambda m: m.__name__)
def test_generic_questions_work_for_every_game(game, maker):
    from kitchenlab.engine import Rng

    q = maker(game, Rng(3))
    state = replay(game, q.facts["players"], q.facts["seed"], q.facts["history"])
    if q.kind == "legal":
        check_legal(game, q)
    else:
        assert state.is_over and q.answer == f"Player {state.winners()[0] + 1}"


def test_a_quiz_of_chosen_kinds():
    from kitchenlab.quiz import KINDS, makers_for

    for game in ("tem_purr_a", "critter_kitchen"):
        assert {m.kind for m in makers_for(game)} == set(KINDS)
        only = questions(game, seed=3, n=6, kinds=["chance"])
        assert [q.kind for q in only] == ["chance"] * 6 and len({q.prompt for q in only}) >= 4
        mixed = questions(game, seed=3, n=4, kinds=("score", "tie"))
        assert {q.kind for q in mixed} == {"score", "tie"}
    with pytest.raises(OptionError, match="unknown question kind.*kinds: legal, score, chance, tie"):
        questions("tem_purr_a", kinds=["riddle"])
    assert all(m.kind in KINDS for m in GENERIC_MAKERS)


@pytest.mark.parametrize("game", kitchenlab.available_games())
def test_each_game_declares_its_makers_in_its_game_info(game):
    """The makers come from the hook ``GameInfo.quiz`` names: the game's own ``quiz.MAKERS``."""
    import importlib

    from kitchenlab.quiz import makers_for

    info = kitchenlab.game_info(game)
    module, _, name = info.quiz.partition(":")
    assert name == "MAKERS" and module.split(".")[-1] == "quiz"
    # the makers live in the game's own package, never in a shared module of the kit
    assert module not in {"kitchenlab.quiz", "kitchenlab.classroom"} and module.count(".") >= 1
    assert makers_for(game) == tuple(importlib.import_module(module).MAKERS)


# A game from outside the kit writes its makers the same way; these stand in for one.
@kind("score")
def nothing_to_ask(game, rng):
    return None


HANDING_OVER = (nothing_to_ask, winner_question)
NOTHING = (nothing_to_ask,)


def _toy_with_quiz(monkeypatch, spec: str):
    """The toy game (tests/toy_game.py) with ``GameInfo.quiz`` naming ``spec``, for one test."""
    monkeypatch.setitem(kitchenlab.engine._REGISTRY, "dice_nim", dataclasses.replace(TOY, quiz=spec))


def test_a_game_without_makers_gets_the_generic_questions():
    from kitchenlab.quiz import makers_for

    assert TOY.quiz == "" and makers_for("dice_nim") == GENERIC_MAKERS
    quiz = questions("dice_nim", seed=2, n=3, kinds=["tie"])
    # a two-player toy ends 1-0 or 0-1: two questions only, and a quiz never asks one twice
    assert [q.kind for q in quiz] == ["tie"] * 2
    assert {q.prompt for q in quiz} == {f"Dice Nim, 2 players, game over with scores {s}. Who wins?"
                                        for s in ("[1, 0]", "[0, 1]")}
    for q in quiz:
        final = replay("dice_nim", q.facts["players"], q.facts["seed"], q.facts["history"])
        assert final.is_over and q.answer == f"Player {final.winners()[0] + 1}"


def test_a_maker_with_nothing_to_ask_hands_over_to_the_next(monkeypatch):
    expected = questions("dice_nim", seed=2, n=3, kinds=["tie"])
    _toy_with_quiz(monkeypatch, f"{__name__}:HANDING_OVER")
    assert questions("dice_nim", seed=2, n=3) == expected
    assert questions("dice_nim", seed=2, n=2, kinds=["tie"]) == expected[:2]
    _toy_with_quiz(monkeypatch, f"{__name__}:NOTHING")
    with pytest.raises(OptionError, match=r"dice_nim: none of the question makers \(nothing_to_ask\) found"):
        questions("dice_nim", seed=2, n=1)


def test_a_quiz_hook_that_names_no_makers_says_so(monkeypatch):
    _toy_with_quiz(monkeypatch, f"{__name__}:KINDS")
    with pytest.raises(KitchenlabError, match="dice_nim: GameInfo.quiz must name a non-empty sequence of question"):
        questions("dice_nim", seed=2, n=1)
    _toy_with_quiz(monkeypatch, f"{__name__}:NO_SUCH_MAKERS")
    with pytest.raises(KitchenlabError, match="dice_nim.quiz: cannot load"):
        questions("dice_nim", seed=2, n=1)
