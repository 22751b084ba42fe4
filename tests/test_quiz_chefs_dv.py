"""Chefs and Diced Veggies quizzes: every answer of many seeded quizzes recomputed here,
independently, through the public API and the rules digests."""

from __future__ import annotations

import doctest
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

import kitchenlab
from kitchenlab.chefs import quiz as quiz_chefs
from kitchenlab.diced_veggies import quiz as quiz_diced_veggies
from kitchenlab.chefs import DOOR_BOXES, from_position, load_components as chefs_components, meal_table
from kitchenlab.diced_veggies import load_components as dv_components, parse_block
from kitchenlab.quiz import KINDS, Question, makers_for, questions, replay

SEEDS = range(12)
GAMES = ["chefs", "diced_veggies"]


def rebuild(game: str, facts: dict):
    return replay(game, facts["players"], facts["seed"], facts["history"])


@pytest.mark.parametrize("module", [quiz_chefs, quiz_diced_veggies], ids=lambda m: m.__name__)
def test_doctests(module):
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE).failed == 0


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_quiz_other_seed_other_questions(game):
    a = questions(game, seed=5, n=8)
    assert questions(game, seed=5, n=8) == a
    b = questions(game, seed=6, n=8)
    assert len({q.prompt for q in a} & {q.prompt for q in b}) <= 1
    assert {q.kind for q in a} == set(KINDS)
    assert {m.kind for m in makers_for(game)} == set(KINDS)


@pytest.mark.parametrize("game", GAMES)
def test_every_question_has_its_parts(game):
    for seed in SEEDS:
        for q in questions(game, seed=seed, n=5):
            assert isinstance(q, Question) and q.game == game and q.kind in KINDS
            assert q.prompt.endswith("?") and q.explanation and "\n" not in q.explanation
            assert 2 <= len(q.choices) <= 5 and len(set(q.choices)) == len(q.choices)
            assert sum(q.is_right(c) for c in q.choices) == 1


# ---------------------------------------------------------------- Chefs, recomputed


def digest_pay(hand: list[str], needs: dict, chef: str):
    """What the digest says a hand pays: the meal's needs, one card of the chef card's kind fewer."""
    want = Counter(needs)
    if want[chef]:
        want[chef] -= 1
    have = Counter(hand)
    if any(have[k] < n for k, n in want.items()):
        return None
    return sorted(want.elements())


def chefs_unseen(view: dict, seat: int) -> Counter:
    """60 cards (10 per kind) minus everything the seat can see."""
    unseen = Counter({k: 10 for k in ("carrot", "tomato", "potato", "onion", "egg", "flour")})
    unseen.subtract(view["hand"])
    unseen.subtract(view["counter"])
    unseen.subtract(view["ingredient_discard"])
    for p, known in enumerate(view["known_cards"]):
        if p != seat:
            unseen.subtract(known)
    return unseen


def test_chefs_answers_recomputed():
    steps_of = {m["name"]: m["steps"] for m in meal_table()}
    needs_of = {m["name"]: m["needs"] for m in meal_table()}
    seen = Counter()
    for seed in SEEDS:
        for q in questions("chefs", seed=seed, n=10):
            seen[q.kind] += 1
            f = q.facts
            if q.kind == "legal":
                state = rebuild("chefs", f)
                assert state.current_player == f["seat"] and f"Player {f['seat'] + 1}'s disc" in q.prompt
                legal = {str(a) for a in state.legal_actions()}
                assert q.answer in legal and [c for c in q.choices if c in legal] == [q.answer]
                v = state.view(f["seat"])
                stove = v["acting_disc"][0]
                assert stove == f["stove"] in ("window", "wall")
                meal = q.answer.removeprefix("cook ").removesuffix(" with the chef card")
                assert meal in v[stove]                       # cooked from the stove where the disc acts
                needs = {k: int(n) for n, k in (part.split(" ", 1) for part in needs_of[meal].split(" + "))}
                chef = v["chef_cards"][f["seat"]] if q.answer.endswith("chef card") else "none"
                assert digest_pay(v["hand"], needs, chef) is not None
            elif q.kind == "score" and "meal" in f:
                pay = digest_pay(f["hand"], f["needs"], f["chef"])
                assert q.answer == ("it cannot be cooked" if pay is None else ", ".join(pay))
                assert f"cook {f['meal']}" in q.prompt.replace("They cook", "cook")
            elif q.kind == "score":
                assert [steps_of[m] for m in f["meals"]] == f["served"]
                total = f["steps"] + sum(f["served"])
                lap, square = (1, 0) if total == 0 else ((total - 1) // 20 + 1, (total - 1) % 20 + 1)
                assert q.answer == f"lap {lap}, square {square}"
            elif q.kind == "chance":
                state = rebuild("chefs", f)
                v = state.view(f["seat"])
                unseen = chefs_unseen(v, f["seat"])
                total, u, draw = sum(unseen.values()), unseen[f["want"]], f["draw"]
                assert (total, u) == (f["unseen_total"], f["unseen"])
                assert draw == DOOR_BOXES[f["box"] - 1][1] and v["ingredient_deck"] >= draw
                none = Fraction(1)
                for i in range(draw):                         # no wanted card, one draw after another
                    none *= Fraction(total - u - i, total - i)
                assert Fraction(q.answer) == 1 - none
                assert all(Fraction(c) != 1 - none for c in q.choices if c != q.answer)
            else:
                final = from_position(f["players"], f["seed"], f["position"], ties=f["ties"])
                assert final.is_over
                steps = f["position"]["steps"]
                best = [p for p, s in enumerate(steps) if s == max(steps)]
                assert len(best) >= 2 and max(steps) > 20                # a real tie past square 20
                if f["ties"] == "meal_points":
                    points = [sum(steps_of[m] for m in f["position"]["held"][p]) for p in best]
                    best = [p for p, pts in zip(best, points) if pts == max(points)]
                assert q.answer == " and ".join(f"Player {p + 1}" for p in best)
                assert final.winners() == best
    assert set(seen) == set(KINDS) and min(seen.values()) >= 20


def test_chefs_counted_cards_match_the_hidden_truth():
    """The unseen cards the chance question counts are exactly the deck plus the other hands'
    hidden cards (checked against the whole table's census)."""
    for q in questions("chefs", seed=11, n=12, kinds=["chance"]):
        state = rebuild("chefs", q.facts)
        seat = q.facts["seat"]
        unseen = quiz_chefs.unseen_cards(state.view(seat))
        assert sum(unseen.values()) == q.facts["unseen_total"]
        hidden = state.view(None)["ingredient_deck"] + sum(
            state.view(None)["hand_sizes"][p] - sum(state.view(None)["known_cards"][p].values())
            for p in range(state.players) if p != seat)
        assert sum(unseen.values()) == hidden


# ---------------------------------------------------------------- Diced Veggies, recomputed


def pieces(cells: set) -> int:
    """How many 4-connected pieces a set of cells makes (a flood fill written out)."""
    left, count = set(cells), 0
    while left:
        count += 1
        todo = [left.pop()]
        while todo:
            r, c = todo.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in left:
                    left.remove(n)
                    todo.append(n)
    return count


def cut_cells(text: str) -> set:
    names = text.split(" (")[0].removeprefix("cut ").split()
    return {(int(n[1:]) - 1, ord(n[0]) - ord("a")) for n in names}


def digest_points(recipe_id: int, dice: list[str], hype_id: int) -> int:
    comps = dv_components()
    r, h = comps.recipe(recipe_id), comps.hype(hype_id)
    colours = sorted(d[0] for d in dice)
    extra = h.rule.extra
    if colours == sorted(r.ingredients + extra) and extra:
        pairs = [(d[0], int(d[1])) for d in dice]
        return r.points + (h.points.score(pairs) if h.rule.met(pairs) else 0)
    if colours != sorted(r.ingredients):
        return 0
    pairs = [(d[0], int(d[1])) for d in dice]
    return r.points + (h.points.score(pairs) if not extra and h.rule.met(pairs) else 0)


def digest_chance(dice: int, test: str, target: int) -> Fraction:
    """By counting face combinations of the digest's die (2, 2, 3, 4, 5, 6), one die at a time."""
    ways = Counter({0: 1})
    for _ in range(dice):
        nxt = Counter()
        for s, w in ways.items():
            for face in (2, 2, 3, 4, 5, 6):
                nxt[s + face] += w
        ways = nxt
    ok = sum(w for s, w in ways.items() if (s <= target if test == "at most" else s == target if test == "exactly"
                                            else s >= target))
    return Fraction(ok, 6 ** dice)


def test_diced_veggies_answers_recomputed():
    comps = dv_components()
    seen = Counter()
    for seed in SEEDS:
        for q in questions("diced_veggies", seed=seed, n=8):
            seen[q.kind] += 1
            f = q.facts
            if q.kind == "legal":
                state = rebuild("diced_veggies", f)
                assert state.current_player == f["seat"] and state.view(None)["block"] == f["block"]
                legal = {str(a) for a in state.legal_actions()}
                assert q.answer in legal and [c for c in q.choices if c in legal] == [q.answer]
                block = parse_block(f["block"])
                dice = {cell for cell, _ in block.dice()}
                for choice in q.choices:
                    taken = cut_cells(choice)
                    total = sum(int(block.die(r, c)[1]) for r, c in taken)
                    assert taken <= dice and int(choice.split("= ")[1].rstrip(")")) == total
                    assert pieces(taken) == 1 and pieces(dice - taken) == 1   # the wrong ones fail otherwise
                    if choice == q.answer:
                        assert total <= 10
            elif q.kind == "score":
                rid, dice, hid = f["cook"]
                assert int(q.answer) == digest_points(rid, dice, hid)
                assert comps.recipe(rid).name in q.prompt and " ".join(dice) in q.prompt
            elif q.kind == "chance":
                p = digest_chance(f["dice"], f["test"], f["target"])
                assert Fraction(q.answer) == p
                assert all(Fraction(c) != p for c in q.choices if c != q.answer)
            else:
                totals = []
                for cooked in f["cooked"]:
                    total = 0
                    for rid, hid, dice in cooked:
                        total += comps.recipe(rid).points
                        if hid:
                            pairs = [(d[0], int(d[1])) for d in dice]
                            assert comps.hype(hid).rule.met(pairs)
                            total += comps.hype(hid).points.score(pairs)
                    totals.append(total)
                best = [p for p, t in enumerate(totals) if t == max(totals)]
                assert len(best) >= 2                                       # a real tie, shared
                assert q.answer == " and ".join(f"Player {p + 1}" for p in best)
    assert set(seen) == set(KINDS) and min(seen.values()) >= 20


def test_a_quiz_of_chosen_kinds_for_the_new_games():
    for game in GAMES:
        only = questions(game, seed=3, n=6, kinds=["chance"])
        assert [q.kind for q in only] == ["chance"] * 6 and len({q.prompt for q in only}) >= 4
        assert {q.kind for q in questions(game, seed=3, n=4, kinds=("score", "tie"))} == {"score", "tie"}


def test_the_rules_modules_stay_light():
    import subprocess
    import sys

    code = ("import sys, kitchenlab.chefs.quiz, kitchenlab.diced_veggies.quiz; "
            "print(sorted(m for m in ('ipywidgets', 'plotly', 'pandas') if m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "[]"
    assert makers_for("chefs") == quiz_chefs.MAKERS and makers_for("diced_veggies") == quiz_diced_veggies.MAKERS
