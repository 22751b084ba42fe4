"""Chefs quiz questions: which meal a disc may cook at a stove, what a meal costs and where serving
it takes a chef, the exact chance that the door brings a wanted ingredient, and who wins a tie.

What the answers rest on that no source gives is named in ``rests_on`` (a ⚠ note), read from the
data: the meal cards (recipes and steps: every row of ``meals.csv`` is the kit's own), the chef
cards' ingredients (``chefs.csv``) and the tie rule (option ``ties``, source A). The door question
uses only the 10 cards of each kind (a published count) and the door boxes, so it carries none.

>>> from kitchenlab.quiz import questions
>>> q = questions("chefs", seed=3, n=5)[4]
>>> q.kind, q.answer == square_text(*track_square(q.facts["steps"] + sum(q.facts["served"])))
('score', True)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..engine import Rng
from ..errors import OptionError
from ..i18n import SOURCE_LANGUAGE, using
from ..quiz import (TRIES, Question, assumed_option, assumptions, fraction_text, kind, pick_choices,
                    seeded_position, sub_seed)
from . import DOOR_BOXES, from_position, meal_table, pay_for_meal, track_square
from .scoring import FINISH_SQUARE, passed_finish

GAME = "chefs"
STOVES = ("window", "wall")


def meals() -> dict[str, dict]:
    """The meal cards by name (``meal_table`` rows)."""
    return {m["name"]: m for m in meal_table()}


def kinds() -> list[str]:
    """The ingredient kinds, in the data's order."""
    from . import load_components

    return list(load_components().kind_names)


def square_text(lap: int, square: int) -> str:
    """``"lap 2, square 3"`` (a :func:`track_square` pair in words)."""
    return f"lap {lap}, square {square}"


def a_kind(kind: str) -> str:
    """``"a carrot"``, ``"an egg"``."""
    return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind}"


def names_text(seats) -> str:
    return " and ".join(f"Player {p + 1}" for p in seats)


def meals_assumed(names) -> str | None:
    """The ``rests_on`` entry for the meal cards ``names`` where ``meals.csv`` marks them assumed."""
    table = meals()
    named = [n for n in dict.fromkeys(names) if table[n]["assumed"]]
    if not named:
        return None
    return f"the meal card{'s' if len(named) > 1 else ''} {', '.join(named)} (data/chefs/meals.csv)"


def chef_card_assumed(kind: str) -> str | None:
    """The ``rests_on`` entry for a chef card showing ``kind`` where ``chefs.csv`` marks it assumed."""
    from . import load_components

    comps = load_components()
    rows = [c for c in comps.chefs if comps.kind_names[c.ingredient] == kind]
    if not any(c.source == "A" for c in rows):
        return None
    return f"the chef card showing {a_kind(kind)} (data/chefs/chefs.csv)"


def _needs_text(name: str) -> str:
    return f"{name} ({meals()[name]['needs']})"


@kind("legal")
def legal(game: str, rng: Rng) -> Question:
    """Which meal may this disc cook at the stove where it acts? (A seeded position in the action
    phase; the rules list the legal moves; the wrong choices are the other meals on the stoves,
    cooked with or without the chef card, that the rules refuse here.)"""
    def at_stove(s) -> bool:
        return s.phase == "resolve" and s.acting_disc is not None and s.acting_disc[0] in (1, 3)

    for _count in range(TRIES):
        state, facts = seeded_position(game, rng, steps_max=120, accept=at_stove)
        seat = state.current_player
        v = state.view(seat)
        where = v["acting_disc"][0]
        with using(SOURCE_LANGUAGE):      # the quiz's own texts are English for now
            legal_moves = [str(a) for a in state.legal_actions()]
        chef = v["chef_cards"][seat]
        candidates = []
        for loc in STOVES:
            for m in v[loc]:
                candidates.append(f"cook {m}")
                if chef in meals()[m]["needs"]:
                    candidates.append(f"cook {m} with the chef card")
        candidates = list(dict.fromkeys(candidates))
        good = [c for c in candidates if c in legal_moves]
        bad = [c for c in candidates if c not in legal_moves]
        if not good or len(bad) < 2:
            continue
        answer = rng.choice(good)
        other = STOVES[1 - STOVES.index(where)]
        used = " (already used at this stove this round)" if where in v["chef_used"][seat] else ""
        facts.update(seat=seat, legal=legal_moves, stove=where)
        stove_name = "window stoves" if where == "window" else "wall stoves"
        prompt = (f"Chefs, {facts['players']} players, action phase: Player {seat + 1}'s "
                  f"disc acts at the {stove_name}. Their hand: {', '.join(v['hand']) or 'empty'}; their chef "
                  f"card shows {a_kind(chef)}{used}. At the {stove_name}: "
                  f"{'; '.join(_needs_text(m) for m in v[where])}. At the other stoves ({other}): "
                  f"{'; '.join(_needs_text(m) for m in v[other]) or 'none'}. Which move is legal?")
        why = (f"Legal here: {', '.join(legal_moves)}. A disc cooks only a meal at its own stove, paying its "
               "ingredients from the hand; the chef card stands in for one of its kind.")
        shown = list(v[where]) + list(v[other])
        return Question(game, "legal", prompt, pick_choices(rng, answer, bad), answer, why, facts,
                        rests_on=assumptions(meals_assumed(shown), chef_card_assumed(chef)))
    raise OptionError(f"{game}: no stove position found in {TRIES} tries")


@kind("score")
def pay_score(game: str, rng: Rng) -> Question:
    """Which cards does the hand discard to cook this meal? (``pay_for_meal``, chef card included.)"""
    table = meals()
    names = sorted(table)
    all_kinds = kinds()
    for _count in range(TRIES):
        meal = rng.choice(names)
        needs = dict(pair.split(" ", 1)[::-1] for pair in table[meal]["needs"].split(" + "))
        needs = {k: int(n) for k, n in needs.items()}
        need_kinds = sorted(needs)
        chef = rng.choice(need_kinds) if rng.randbelow(3) else rng.choice(all_kinds)
        hand = [k for k in need_kinds for _count in range(needs[k] + rng.randbelow(2) - (1 if k == chef else 0))]
        hand += [rng.choice(all_kinds) for _count in range(rng.randbelow(3))]
        hand = sorted(k for k in hand)
        pay = pay_for_meal(hand, needs, chef_kind=chef)
        answer = "it cannot be cooked" if pay is None else ", ".join(pay)
        plain = pay_for_meal(hand, needs)
        everything = [k for k in sorted(needs) for _count in range(needs[k])]
        wrong = [", ".join(everything), ", ".join(hand), "it cannot be cooked"]
        if plain is not None:
            wrong.append(", ".join(plain))
        if pay:
            wrong.append(", ".join(pay[1:]) or "nothing")
            wrong.append(", ".join(sorted(pay + [chef])))
        wrong = [w for w in wrong if w and w != answer]
        if len(set(wrong)) < 2:
            continue
        facts = {"meal": meal, "needs": needs, "hand": hand, "chef": chef}
        if pay is None:
            why = f"the hand is short of what {meal} needs ({table[meal]['needs']}), even with the chef card."
        elif chef in needs:
            why = (f"{meal} needs {table[meal]['needs']}; the chef card stands in for one {chef} and stays with "
                   "the player.")
        else:
            why = (f"{meal} needs {table[meal]['needs']}; the chef card shows {a_kind(chef)}, which this meal "
                   "does not use.")
        return Question(game, "score", f"A player's hand: {', '.join(hand)}; chef card: {chef}. They cook "
                        f"{meal} ({table[meal]['needs']}, {table[meal]['steps']} steps), letting the chef card "
                        "stand in for one ingredient if the meal needs its kind. Which cards do they discard?",
                        pick_choices(rng, answer, wrong), answer, f"{answer}: {why}", facts,
                        rests_on=assumptions(meals_assumed([meal])))
    raise OptionError(f"{game}: no meal-cost question found in {TRIES} tries")


@kind("score")
def serve_square(game: str, rng: Rng) -> Question:
    """Where does serving these meals take a chef? (``track_square`` of the steps after serving.)"""
    table = meal_table()
    steps = rng.randbelow(FINISH_SQUARE + 8)
    served = [rng.choice(table) for _count in range(1 + rng.randbelow(2))]
    total = steps + sum(m["steps"] for m in served)
    lap, square = track_square(total)
    answer = square_text(lap, square)
    wrong = [square_text(1, total), square_text(lap, square + 1), square_text(lap + 1, square),
             square_text(*track_square(total + 1)), square_text(*track_square(max(total - 1, 0)))]
    wrong = [w for w in wrong if w != answer]
    start = square_text(*track_square(steps))
    ends = (" That passes square 20: the game ends with this round." if passed_finish(total) and
            not passed_finish(steps) else "")
    served_text = " and ".join(f"{m['name']} ({m['steps']} steps)" for m in served)
    facts = {"steps": steps, "served": [m["steps"] for m in served], "meals": [m["name"] for m in served]}
    return Question(game, "score", f"A chef has advanced {steps} squares ({start}) and serves {served_text}. "
                    "Where does the chef stand after serving?", pick_choices(rng, answer, wrong, k=5), answer,
                    f"{steps} + {' + '.join(str(m['steps']) for m in served)} = {total} squares: {answer} (square "
                    f"21 is square 1 of the second lap).{ends}", facts,
                    rests_on=assumptions(meals_assumed(m["name"] for m in served)))


def unseen_cards(view: dict) -> dict[str, int]:
    """The ingredient cards a seat has not seen, by kind: the deck and the other hands' hidden
    cards (all 60 cards minus its own hand, the counter, the discard and the cards others took
    face up)."""
    from . import load_components

    counts = {k.name: k.count for k in load_components().kinds}
    seen = list(view["hand"])
    for pile in [view["counter"], view["ingredient_discard"]] + [
            k for p, k in enumerate(view["known_cards"]) if p != view["seat"]]:
        seen += [k for k, n in pile.items() for _count in range(n)]
    for k in seen:
        counts[k] -= 1
    return counts


@kind("chance")
def door_chance(game: str, rng: Rng) -> Question:
    """The exact chance that a door box brings at least one card of a wanted kind, for the player
    who can count what they have seen (every unseen card is equally likely to be drawn)."""
    def ready(s) -> bool:
        return s.current_player is not None and s.view(None)["ingredient_deck"] >= 4

    state, facts = seeded_position(game, rng, steps_max=120, accept=ready)
    seat = state.current_player
    v = state.view(seat)
    unseen = unseen_cards(v)
    total = sum(unseen.values())
    want = rng.choice([k for k in kinds() if unseen[k] > 0] or kinds())
    u = unseen[want]
    box = rng.randbelow(len(DOOR_BOXES))
    give, draw = DOOR_BOXES[box]
    p = 1 - Fraction(comb(total - u, draw), comb(total, draw))
    guesses = (Fraction(u, total), min(Fraction(u * draw, total), Fraction(1)), 1 - Fraction(total - u, total) ** draw,
               Fraction(u, 60), 1 - p, Fraction(draw, total), 1 - Fraction(comb(50, draw), comb(60, draw)))
    wrong = [fraction_text(x) for x in guesses if x != p and x.denominator < 100_000]
    facts.update(seat=seat, want=want, unseen=u, unseen_total=total, box=box + 1, draw=draw)
    seen_text = (f"Player {seat + 1} has not seen {total} of the 60 ingredient cards (the deck and the hidden "
                 f"cards in other hands), {u} of them {want}.")
    return Question(game, "chance", f"{seen_text} They take door box {box + 1} ({give}→{draw}) and draw {draw} "
                    f"card(s) from the deck. What is the exact chance that at least one is {a_kind(want)}?",
                    pick_choices(rng, fraction_text(p), wrong), fraction_text(p),
                    f"1 − C({total - u},{draw})/C({total},{draw}) = {fraction_text(p)} ≈ {float(p):.1%}: "
                    "each unseen card is as likely to be on top of the deck as any other.", facts)


@kind("tie")
def tie(game: str, rng: Rng) -> Question:
    """Who wins when two chefs are level at the end? (A hand-made last round; ``winners()`` under
    the default shared win or the unserved-meal-points variant.)"""
    table = meal_table()
    for _count in range(TRIES):
        n = 2 + rng.randbelow(3)
        top = FINISH_SQUARE + 1 + rng.randbelow(6)
        steps = [rng.randbelow(top) for _count in range(n)]
        tied = sorted({rng.randbelow(n), rng.randbelow(n), rng.randbelow(n)})
        if len(tied) < 2:
            continue
        for p in tied:
            steps[p] = top
        names = sorted(m["name"] for m in table)
        rng.shuffle(names)
        held = [[names.pop() for _count in range(rng.randbelow(3))] for _count in range(n)]
        ties = rng.choice(["shared", "meal_points"])
        seed = sub_seed(rng)
        position = {"steps": steps, "held": held, "counter": [],
                    "placed": [["counter", p] for _count in range(3) for p in range(n)]}
        final = from_position(n, seed, position, ties=ties)
        if not final.is_over:
            continue
        won = final.winners()
        answer = names_text(won)
        everyone = [f"Player {p + 1}" for p in range(n)]
        wrong = everyone + [names_text(tied)] + [names_text(tied[:2])]
        points = [final.unserved_points(p) for p in range(n)]
        held_text = "; ".join(f"Player {p + 1}: {', '.join(held[p]) or 'none'}" for p in range(n))
        rule = ("a tie is shared (the default)" if ties == "shared" else
                "a tie goes to the most unserved meal points (steps on the meal cards still held), then is shared")
        if ties == "shared":
            why = f"{names_text(tied)} are level on {top} squares; {rule}."
        else:
            why = (f"{names_text(tied)} are level on {top} squares; unserved meal points "
                   f"{[points[p] for p in tied]}: {rule}.")
        facts = {"players": n, "seed": seed, "position": position, "ties": ties}
        counted = [m for p in tied for m in held[p]] if ties == "meal_points" else []
        return Question(game, "tie", f"Chefs, end of the last round ({n} players). Squares advanced: {steps} "
                        f"(Player 1 first). Meal cards still held: {held_text}. Tie rule: {rule}. Who wins?",
                        pick_choices(rng, answer, wrong, k=5), answer, why, facts,
                        rests_on=assumptions(assumed_option(game, "ties", "how a tie for the furthest chef is "
                                                            "settled (shared by default)"),
                                             meals_assumed(counted)))
    raise OptionError(f"{game}: no tied end found in {TRIES} tries")


MAKERS = (legal, pay_score, door_chance, tie, serve_square)

__all__ = ["MAKERS", "a_kind", "chef_card_assumed", "door_chance", "meals_assumed", "kinds", "legal", "meals", "names_text", "pay_score", "serve_square",
           "square_text", "tie", "unseen_cards"]
