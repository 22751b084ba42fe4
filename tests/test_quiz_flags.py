"""Quizzes flag what their answers rest on, never contradict the rules they quote, never repeat.

Fifty seeded quizzes per game: no question asked twice in one quiz; every question whose answer
uses a value the data marks assumed (source A), or one of the kit's own readings (an option whose
source is A), carries the ⚠ note naming it, on the worksheet, in the answer key and in the widget;
and the marking agrees with what the prompt says (the Critter Kitchen Hold question, the Diced
Veggies hype question, the Chefs meal-cost question).
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

import kitchenlab
from kitchenlab.quiz import ASSUMED_MARK, Question, questions, worksheet_text

SEEDS = range(50)
N = 8


def quiz_games() -> list[str]:
    return [g for g in kitchenlab.available_games() if kitchenlab.game_info(g).quiz]


@lru_cache(maxsize=None)
def quizzes(game: str) -> tuple[tuple[Question, ...], ...]:
    return tuple(tuple(questions(game, seed=s, n=N)) for s in SEEDS)


def all_questions(game: str, kind: str | None = None) -> list[Question]:
    return [q for quiz in quizzes(game) for q in quiz if kind is None or q.kind == kind]


def test_every_kit_game_has_a_quiz_here():
    assert set(quiz_games()) >= {"chefs", "critter_kitchen", "diced_veggies", "tem_purr_a"}


# ---------------------------------------------------------------- no question twice


@pytest.mark.parametrize("game", quiz_games())
def test_no_quiz_asks_the_same_question_twice(game):
    for seed, quiz in zip(SEEDS, quizzes(game)):
        prompts = [q.prompt for q in quiz]
        assert len(prompts) == len(set(prompts)), f"{game} seed {seed} repeats a question"
        assert len(quiz) == N, f"{game} seed {seed}: {len(quiz)} questions instead of {N}"


def test_a_quiz_stays_the_same_for_its_seed_after_dropping_repeats():
    first = questions("critter_kitchen", seed=7, n=30)
    assert questions("critter_kitchen", seed=7, n=30) == first
    assert len({q.prompt for q in first}) == len(first) == 30


def test_a_quiz_of_one_small_kind_stops_when_only_repeats_are_left():
    # Critter Kitchen's bag questions: 7 ingredient types x one or two draws = 14 questions at most
    asked = questions("critter_kitchen", seed=1, n=40, kinds=["chance"])
    assert 10 <= len(asked) <= 14
    assert len({q.prompt for q in asked}) == len(asked)


# ---------------------------------------------------------------- ⚠ on what rests on assumptions


def needs_mark(game: str, q: Question) -> list[str]:
    """What the answer of ``q`` rests on that the data or the options mark assumed, worked out here
    from the data tables and the question's facts: the words the ⚠ note must contain."""
    info = kitchenlab.game_info(game)
    assumed_options = {o.name for o in info.options if o.source.startswith("A")}
    if game == "diced_veggies":
        from kitchenlab.diced_veggies import load_components
        comps = load_components()
        if q.kind == "legal":
            assert "blade_entry" in assumed_options
            return ["cleaver geometry", "blade_entry"]
        if q.kind == "score":
            rid, _dice, hid = q.facts["cook"]
            return [c.name for c in (comps.recipe(rid), comps.hype(hid)) if c.assumed]
        if q.kind == "tie":
            used = [e for c in q.facts["cooked"] for e in c]
            return ([comps.recipe(r).name for r, _h, _d in used if comps.recipe(r).assumed]
                    + [comps.hype(h).name for _r, h, _d in used if h and comps.hype(h).assumed])
        return []
    if game == "critter_kitchen":
        from kitchenlab.critter_kitchen.components import load_components
        if q.kind == "legal":   # [RB wording, A]: other types are refused
            named = [c for c in load_components().challenges if f"is for {c.name}:" in q.prompt]
            assert len(named) == 1
            return ["no ingredient of a type it does not require"] + (
                [f"requirements of {named[0].name}"] if named[0].assumed else [])
        return []
    if game == "chefs":
        from kitchenlab.chefs.quiz import meals
        table = meals()
        shown = [m for m in table if m in q.prompt and table[m]["assumed"]]
        if q.kind == "tie":
            assert "ties" in assumed_options
            pos = q.facts["position"]
            top = max(pos["steps"])
            counted = [m for p, held in enumerate(pos["held"]) if pos["steps"][p] == top for m in held]
            return ["(option ties)"] + ([m for m in counted if table[m]["assumed"]]
                                        if q.facts["ties"] == "meal_points" else [])
        if q.kind == "chance":
            return []
        return shown
    if game == "tem_purr_a":
        if q.kind != "legal":
            return []
        from kitchenlab.quiz import replay
        f = q.facts
        view = replay(game, f["players"], f["seed"], f["history"]).view(f["seat"])
        out = []
        if view["stack"] and not view["stack"][-1].isdigit() and any(c.startswith("serve ") for c in q.choices):
            out.append("(option match_after_action)")
        if any(c.endswith(f"choose next: Player {f['seat'] + 1}") for c in q.choices):
            out.append("(option choose_self)")
        return out
    # A game from outside the kit (the example game): no rule text here to work the marks out from,
    # so its own ``rests_on`` is taken as what the note must name.
    return list(q.rests_on)


KIT_GAMES = ("chefs", "critter_kitchen", "diced_veggies", "tem_purr_a")


@pytest.mark.parametrize("game", quiz_games())
def test_every_answer_resting_on_an_assumption_carries_the_mark(game):
    flagged = 0
    for q in all_questions(game):
        words = needs_mark(game, q)
        if words:
            flagged += 1
            assert q.note.startswith(ASSUMED_MARK), (game, q.prompt)
            for w in words:
                assert w in q.note, (game, w, q.note)
            assert q.explanation.endswith(q.note)                      # feedback and answer key
            assert q.note in worksheet_text([q]).splitlines()[len(q.prompt.splitlines())]  # under the question
            assert q.note in worksheet_text([q], answers=True)
        else:
            assert not q.rests_on and ASSUMED_MARK not in q.explanation, (game, q.prompt, q.note)
    if game in KIT_GAMES:      # each of the kit's four games has questions resting on [A] values
        assert flagged > 0


@pytest.mark.parametrize("game, kinds", [
    ("diced_veggies", {"legal", "score", "tie"}), ("chefs", {"legal", "score", "tie"}),
    ("critter_kitchen", {"legal"})])
def test_the_kinds_that_rest_on_the_kits_cards_or_readings_are_always_flagged(game, kinds):
    # every recipe, hype and meal card, the cleaver geometry and the Chefs tie rule are the kit's own
    for kind in kinds:
        qs = all_questions(game, kind)
        assert qs and all(q.rests_on for q in qs), (game, kind)


def test_questions_on_sourced_values_carry_no_mark():
    for game, kind in [("critter_kitchen", "chance"), ("critter_kitchen", "tie"), ("diced_veggies", "chance"),
                       ("chefs", "chance"), ("tem_purr_a", "chance"), ("tem_purr_a", "score")]:
        qs = all_questions(game, kind)
        assert qs and not any(q.rests_on for q in qs), (game, kind)


def test_the_quiz_widget_shows_the_mark_under_the_question_and_in_the_feedback():
    pytest.importorskip("ipywidgets")
    from kitchenlab.classroom import QuizWidget

    box = QuizWidget("diced_veggies", seed=1, n=4)
    index = next(i for i, q in enumerate(box.questions) if q.rests_on)
    box.go(index)
    assert box.current.note in box.question.value.replace("&#x27;", "'")
    assert "kl-assumed" in box.question.value
    box.answer(box.current.answer)
    assert ASSUMED_MARK in box.feedback.value


def test_a_question_refuses_a_malformed_rests_on():
    with pytest.raises(kitchenlab.KitchenlabError, match="rests_on must be a tuple of non-empty texts"):
        Question("toy", "score", "?", ("1", "2"), "1", "because", rests_on=["a list"])


# ---------------------------------------------------------------- the marking agrees with the prompt


def test_critter_kitchen_challenge_marking_follows_the_requirements_it_states():
    from kitchenlab.critter_kitchen.tokens import ingredient_type

    held = 0
    for q in all_questions("critter_kitchen", "legal"):
        stated = re.search(r"requires (?:only )?([a-z, ]+)\. Which item", q.prompt)
        assert stated, q.prompt
        required = set(stated.group(1).split(", "))
        held += "Hold" in q.prompt
        for c in q.choices:
            t = ingredient_type(c.split()[1])
            assert (t in required) == (c == q.answer), (q.prompt, c, q.answer)
    assert held > 0    # the Hold case is among them


def test_diced_veggies_cook_question_does_not_say_an_unpaired_hype_is_played():
    from kitchenlab.diced_veggies.scoring import cook_report

    unpaired = 0
    for q in all_questions("diced_veggies", "score"):
        report = cook_report(*q.facts["cook"])
        assert int(q.answer) == report["points"]
        if not report["hype_met"]:
            unpaired += 1
            assert "is played with it" not in q.prompt and "if those dice let them" in q.prompt, q.prompt
    assert unpaired > 0


def test_chefs_meal_cost_offers_no_other_right_way_to_pay_as_a_wrong_choice():
    from kitchenlab.chefs.scoring import pay_for_meal

    both_ways = 0
    for q in all_questions("chefs", "score"):
        if "discard" not in q.prompt:
            continue
        f = q.facts
        ways = [pay_for_meal(f["hand"], f["needs"], chef_kind=f["chef"]), pay_for_meal(f["hand"], f["needs"])]
        if "chef card stand in for one ingredient if the meal needs its kind" in q.prompt:
            ways = ways[:1]          # the prompt says the chef card is used where it can be
        ways = {", ".join(w) for w in ways if w is not None}
        both_ways += len(ways) > 1
        for c in q.choices:
            if c != q.answer:
                assert c not in ways, (q.prompt, c, q.answer)
    assert both_ways == 0


def test_chefs_stove_marking_follows_the_rules_it_states():
    from kitchenlab.chefs.quiz import meals
    from kitchenlab.chefs.scoring import pay_for_meal
    from kitchenlab.quiz import replay

    for q in all_questions("chefs", "legal")[:40]:
        f = q.facts
        v = replay("chefs", f["players"], f["seed"], f["history"]).view(f["seat"])
        chef, stove = v["chef_cards"][f["seat"]], f["stove"]
        for c in q.choices:
            with_chef = c.endswith(" with the chef card")
            meal = c[len("cook "):].removesuffix(" with the chef card")
            needs = {k: int(n) for n, k in (p.split(" ", 1) for p in meals()[meal]["needs"].split(" + "))}
            ok = (meal in v[stove] and pay_for_meal(v["hand"], needs, chef if with_chef else None) is not None
                  and (not with_chef or (chef in needs and stove not in v["chef_used"][f["seat"]])))
            assert ok == (c == q.answer), (q.prompt, c, q.answer)
