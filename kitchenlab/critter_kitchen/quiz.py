"""Critter Kitchen quiz questions: what may go into a challenge meal, what a meal or a critic-meal
course is worth, the exact chance of a draw from the bag, and who wins a tie at the end.

What the answers rest on that no source gives is named in ``rests_on`` (a ⚠ note). A challenge
question rests on the challenge card's requirements where ``challenges.csv`` marks them assumed, and
always on the kit's reading that a challenge meal refuses ingredients of any other type (the
rulebook's wording, read by the kit: [RB wording, A] in the digest). The other questions use only
sourced values: ingredient values (13 per type, [RB]; an ``A`` in ``ingredients.csv`` marks the
inferred course order, which no question here uses), spices and soups, the star thresholds of
``stars.csv``, the bag's 119 tokens (the split of its 12 rumor tokens is assumed, their number is
not) and the tie-break order.

>>> from kitchenlab.quiz import questions
>>> q = questions("critter_kitchen", seed=3, n=2)[1]
>>> q.kind, int(q.answer) == meal_quality(q.facts["meal"])
('score', True)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from ..engine import Rng
from ..errors import OptionError
from ..quiz import TRIES, Question, assumptions, fraction_text, kind, pick_choices, seeded_position
from . import challenge_stars, course_quality, meal_quality
from .components import load_components
from .scoring import winners
from .tokens import TYPES, ingredient_type, is_ingredient

GAME = "critter_kitchen"

#: The kit's reading the challenge questions rest on ([RB wording, A] in the rules digest).
OTHER_TYPES_READING = ("the kit's reading of the rulebook that a challenge meal takes no ingredient of a "
                       "type it does not require")


def bag_ingredients() -> list[str]:
    """The ingredient tokens of the bag at setup (as text), in the data's order."""
    return [str(t) for t in load_components().bag_contents() if is_ingredient(str(t))]


def _names(n: int) -> list[str]:
    return [f"Player {p + 1}" for p in range(n)]


def challenge_assumed(name: str) -> str | None:
    """The ``rests_on`` entry for the challenge card ``name`` where ``challenges.csv`` marks it assumed."""
    card = next(c for c in load_components().challenges if c.name == name)
    return f"the requirements of {name} (data/critter_kitchen/challenges.csv)" if card.assumed else None


@kind("legal")
def legal(game: str, rng: Rng) -> Question:
    """Which item may go into this challenge meal? (A seeded game at its first challenge day; the
    rules list the legal additions; the answer is of a type the meal still requires, the wrong
    choices items of the same storage of other types, which the rules refuse.)"""
    for _try in range(TRIES):
        state, facts = seeded_position(game, rng, bots="greedy", players=2 + rng.randbelow(3), steps_max=1,
                                       accept=lambda s: s.phase == "challenge")
        seat = state.current_player
        v = state.view(seat)
        legal_moves = [a.text for a in state.legal_actions()]   # English, as the choices below
        k = 1 + rng.randbelow(len(v["challenges"]))
        ch = v["challenges"][k - 1]
        covered = ch["hold_covers"]
        need = [t for t in ch["requirements"] if t != covered]
        items = [t for t in dict.fromkeys(v["storage"]) if is_ingredient(t)]
        add = {t: f"add {t} to meal {k}" for t in items}
        # the marking must agree with the explanation: right answers of a type the meal requires, wrong
        # ones of another type (an item refused for another reason is never offered)
        good = [add[t] for t in items if ingredient_type(t) in need and add[t] in legal_moves]
        bad = [add[t] for t in items if ingredient_type(t) not in need and add[t] not in legal_moves]
        if not good or len(bad) < 3:
            continue
        if covered:
            needs = (f"its card lists {', '.join(ch['requirements'])}, but the Hold token covers {covered}, so "
                     f"this meal requires only {', '.join(need)}")
        else:
            needs = f"it requires {', '.join(need)}"
        answer = rng.choice(good)
        facts.update(seat=seat, meal=k, legal=legal_moves, requires=need)
        held = f"; {covered}, under the Hold, is not one of them" if covered else ""
        return Question(game, "legal", f"Critter Kitchen, challenge meals after round {state.round}. "
                        f"Player {seat + 1}'s storage: {', '.join(v['storage'])}. Meal {k} is for {ch['name']}: "
                        f"{needs}. Which item may go into meal {k}?", pick_choices(rng, answer, bad), answer,
                        f"A challenge meal holds only the types it requires ({', '.join(need)}{held}) plus soup "
                        "or bisque.", facts, rests_on=assumptions(challenge_assumed(ch["name"]), OTHER_TYPES_READING))
    raise OptionError(f"{game}: no challenge position found in {TRIES} tries")


@kind("score")
def meal_score(game: str, rng: Rng) -> Question:
    """What is this meal's quality? (``meal_quality`` of a meal drawn from the bag's ingredients.)"""
    pool = bag_ingredients()
    picks = [pool[rng.randbelow(len(pool))] for _ in range(2 + rng.randbelow(3))]
    items = [p + ("+spice" if rng.randbelow(3) == 0 else "") for p in picks]
    extra = rng.choice(["", "soup", "bisque"])
    meal = " ".join(items + ([extra] if extra else []))
    q = meal_quality(meal)
    plain = meal_quality(" ".join(i.split("+")[0] for i in items) + (f" {extra}" if extra else ""))
    soup_swap = q - 2 if extra == "bisque" else q + 2 if extra == "soup" else q + 1
    wrong = [str(x) for x in (plain, soup_swap, q + 1, q - 1, q + 3) if x >= 0 and x != q]
    stars = challenge_stars(q)
    return Question(game, "score", f"An item marked +spice is paired with its matching spice. What is the quality "
                    f"of the meal {meal}?", pick_choices(rng, str(q), wrong), str(q),
                    f"{q}: printed values, each spiced one doubled, soup 1, bisque 3 (as a challenge meal: "
                    f"{stars} star{'s' if stars != 1 else ''}).", {"meal": meal})


@kind("score")
def course_score(game: str, rng: Rng) -> Question:
    """What is this critic-meal course worth? (``course_quality`` with a spice and a Fanatic.)"""
    pool = bag_ingredients()
    tok = pool[rng.randbelow(len(pool))]
    spice, fanatic = rng.choice([(True, True), (True, False), (False, True)])
    course = tok + ("+spice" if spice else "")
    value = int(tok[len(ingredient_type(tok)):])
    q = course_quality(course, fanatic=fanatic)
    wrong = [str(x) for x in (value, 2 * value, 3 * value, 4 * value, value + 2) if x != q]
    t = ingredient_type(tok)
    said = f"{tok} with its {t} spice" if spice else f"{tok} without a spice"
    fan = f" and the {t} Fanatic rumor applies to the player" if fanatic else ""
    return Question(game, "score", f"A critic-meal course holds {said}{fan}; the critic changes nothing. "
                    "What is the course worth?", pick_choices(rng, str(q), wrong), str(q),
                    f"{q}: the printed {value}" + (", doubled by the spice" if spice else "")
                    + (", then doubled by the Fanatic" if fanatic else "") + ".",
                    {"course": course, "fanatic": fanatic})


@kind("chance")
def bag_chance(game: str, rng: Rng) -> Question:
    """The exact chance that the first draw(s) from the full bag are of one ingredient type."""
    bag = [str(t) for t in load_components().bag_contents()]
    size = len(bag)
    t = rng.choice(TYPES)
    c = Counter(ingredient_type(x) for x in bag if is_ingredient(x))[t]
    draws = 1 + rng.randbelow(2)
    if draws == 1:
        p = Fraction(c, size)
        wrong = [Fraction(c - 1, size), Fraction(1, len(TYPES)), Fraction(c, size - c), Fraction(1, size)]
        what = f"the first token drawn is a {t} ingredient"
        how = f"{c} {t} tokens out of {size}"
    else:
        p = Fraction(c * (c - 1), size * (size - 1))
        wrong = [Fraction(c, size) ** 2, Fraction(c, size), Fraction(2 * c, size), Fraction(c - 1, size - 1)]
        what = f"the first two tokens drawn are both {t} ingredients"
        how = f"{c}/{size} × {c - 1}/{size - 1} (the first one is not put back)"
    choices = [fraction_text(x) for x in wrong if x != p]
    return Question(game, "chance", f"The bag at setup holds {size} tokens, {c} of them {t} ingredients. What is "
                    f"the exact chance that {what}?", pick_choices(rng, fraction_text(p), choices),
                    fraction_text(p), f"{how} = {fraction_text(p)} ≈ {float(p):.1%}.",
                    {"type": t, "draws": draws, "bag_size": size, "count": c})


@kind("tie")
def tie(game: str, rng: Rng) -> Question:
    """Who wins this tie at the end? (``scoring.winners``: stars, then the score track, then priority.)"""
    n = 2 + rng.randbelow(4)
    top = 10 + rng.randbelow(12)
    stars = [top - 1 - rng.randbelow(5) for _ in range(n)]
    tied = sorted(set([rng.randbelow(n) for _ in range(2)] + [rng.randbelow(n)]))
    while len(tied) < 2:
        tied = sorted(set(tied + [rng.randbelow(n)]))
    totals = [40 + rng.randbelow(60) for _ in range(n)]
    for p in tied:
        stars[p] = top
    if rng.randbelow(2):
        far = max(totals[p] for p in tied)
        for p in tied:
            totals[p] = far            # tied on the track too: the priority track decides
    priority = list(range(n))
    rng.shuffle(priority)
    won = winners(stars, totals, priority)
    names = _names(n)
    answer = names[won[0]]
    track = [p for p in tied if totals[p] == max(totals[q] for q in tied)]
    if len(track) == 1:
        why = f"{', '.join(names[p] for p in tied)} tie on {top} stars; {answer} is furthest on the score track."
    else:
        why = (f"{', '.join(names[p] for p in track)} tie on {top} stars and on the score track; {answer} is "
               "ahead on the priority track (rightmost).")
    order = ", ".join(names[p] for p in priority)
    return Question(game, "tie", f"Final scores (Player 1 first): stars {stars}, score-track totals {totals}. "
                    f"Priority track, left to right: {order} (the rightmost is ahead). Who wins?",
                    pick_choices(rng, answer, names, k=5), answer, why,
                    {"stars": stars, "totals": totals, "priority": priority})


MAKERS = (legal, meal_score, bag_chance, tie, course_score)

__all__ = ["MAKERS", "OTHER_TYPES_READING", "bag_chance", "bag_ingredients", "challenge_assumed", "course_score",
           "legal", "meal_score", "tie"]
