"""Diced Veggies quiz questions: which cut of this block is legal, what a cooked recipe scores with
its hype, the exact chance of a roll, and who wins a tie at the end.

What the answers rest on that no source gives is named in ``rests_on`` (a ⚠ note): the cleaver
geometry (the ``blade_entry`` option, the kit's own model of a cut) for every cut question, and the
recipe and hype cards (every row of ``recipes.csv`` and ``hypes.csv`` is the kit's own) for every
question that scores them. The faces of a die come from the game help, so roll questions carry none.

>>> from kitchenlab.quiz import questions
>>> q = questions("diced_veggies", seed=3, n=2)[1]
>>> q.kind, int(q.answer) == cook_report(*q.facts["cook"])["points"]
('score', True)
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from itertools import product

from ..engine import Rng
from ..errors import OptionError
from ..i18n import N_, SOURCE_LANGUAGE, _, joined, ngettext, using
from ..quiz import (TRIES, Question, assumed_option, assumptions, fraction_text, kind, pick_choices,
                    seeded_position)
from . import cut_text, legal_cuts, load_components
from .cleaver import CUT_LIMIT, parse_block
from .scoring import cook_report, hype_met, player_total, shared_winners

GAME = "diced_veggies"


#: The roll tests, as the facts name them, in the words a reader sees.
TESTS = {"exactly": N_("exactly"), "at least": N_("at least"), "at most": N_("at most")}


def colour_name(letter: str) -> str:
    return load_components().colour(letter).name


def player_text(p: int) -> str:
    """``"Player 1"`` for seat 0, in the current language."""
    return _("Player {number}").format(number=p + 1)


def names_text(seats) -> str:
    """The players of ``seats`` joined with "and", in the current language."""
    return joined(player_text(p) for p in seats)


def dice_text(dice) -> str:
    """Dice (``["M3", "P2"]``) as a reader of the current language sees them, joined by spaces."""
    return " ".join(load_components().shown_letters(d) for d in dice)


def cleaver_reading(game: str) -> str | None:
    """The ``rests_on`` entry of a cut question: the kit's model of the cleaver (option ``blade_entry``)."""
    return assumed_option(game, "blade_entry", _("the cleaver geometry, the kit's model of a cut: one straight "
                                                 "cut along a seam, the blade entering from the block's edge"))


def cards_assumed(recipes=(), hypes=()) -> tuple[str, ...]:
    """The ``rests_on`` entries for the recipe and hype cards a question scores, where the data marks
    them assumed (source A)."""
    named_r = [r.shown_name() for r in dict.fromkeys(recipes) if r.assumed]
    named_h = [h.shown_name() for h in dict.fromkeys(hypes) if h.assumed]
    return assumptions(
        ngettext("the recipe card {names} (data/diced_veggies/recipes.csv)",
                 "the recipe cards {names} (data/diced_veggies/recipes.csv)", len(named_r))
        .format(names=", ".join(named_r)) if named_r else None,
        ngettext("the hype card {names} (data/diced_veggies/hypes.csv)",
                 "the hype cards {names} (data/diced_veggies/hypes.csv)", len(named_h))
        .format(names=", ".join(named_h)) if named_h else None)


def why_illegal(block, cut) -> str:
    """Why the rules refuse a cut the blade could make only with a bigger limit or from mid-seam."""
    if cut.total > CUT_LIMIT:
        return _("it takes {total}, more than {limit}").format(total=cut.total, limit=CUT_LIMIT)
    return _("the blade would have to enter in the middle of a seam")


def block_text(rows) -> str:
    """The block as lines of text, a column letter over each cell and a row number before each row:
    how a worksheet on paper draws it."""
    width = max(len(r.split()) for r in rows)
    lines = ["   " + " ".join(f"{chr(97 + c):<2}" for c in range(width))]
    shown = load_components().shown_letters
    lines += [f"{i:>2} " + " ".join(f"{shown(cell):<2}" for cell in row.split())
              for i, row in enumerate(rows, start=1)]
    return "\n".join(line.rstrip() for line in lines)


def block_picture(rows) -> str:
    """The block drawn in HTML: each die a square in its colour showing its letter and number, the
    cells named by column letter and row number, and a key of the colours under it."""
    comps = load_components()
    width = max(len(r.split()) for r in rows)
    cell = "width:2.6em;height:2.6em;text-align:center;font-weight:bold;border-radius:6px"
    head = "".join(f"<th style='font-weight:normal'>{chr(97 + c)}</th>" for c in range(width))
    body = []
    used = []
    for i, row in enumerate(rows, start=1):
        tds = []
        for die in row.split():
            if die == "..":
                tds.append(f"<td style='{cell};border:1px dashed #999'></td>")
                continue
            colour = comps.colour(die[0])
            used.append(colour)
            tds.append(f"<td style='{cell};background:{colour.shade};color:#000;border:2px solid #333'"
                       f" title='{escape(colour.shown_name())} {die[1:]}'>{escape(comps.shown_letters(die))}</td>")
        body.append(f"<tr><th style='font-weight:normal'>{i}</th>{''.join(tds)}</tr>")
    key = ", ".join(f"{c.shown_letter()} {escape(c.shown_name())}" for c in dict.fromkeys(used))
    legend = _("Key: {key}; a dashed square is an empty cell.").format(key=key)
    return (f"<div class='kl-block'><table style='border-collapse:separate;border-spacing:3px'>"
            f"<tr><th></th>{head}</tr>{''.join(body)}</table>"
            f"<div style='margin-top:4px'>{legend}</div></div>")


def show_blocks(quiz):
    """Draw the block of every cut question in a quiz widget (``kitchenlab.classroom.quiz_widget``)
    in place of its lines of text; returns the quiz, to display."""
    def draw(_change=None) -> None:
        q = quiz.current
        grid = "\n" + block_text(q.facts["block"]) if q.kind == "legal" and "block" in q.facts else None
        if grid and escape(grid) in quiz.question.value:
            quiz.question.value = quiz.question.value.replace(escape(grid), block_picture(q.facts["block"]))

    quiz.question.observe(draw, "value")
    draw()
    return quiz


@kind("legal")
def legal(game: str, rng: Rng) -> Question:
    """Which of these cuts is legal? (A seeded block at a cut; ``legal_cuts`` decides; the wrong
    choices are cuts a blade could make only with a higher limit or entering mid-seam.)"""
    def cutting(s) -> bool:
        v = s.view(None)
        return v["phase"] == "cut" and v["block_total"] > CUT_LIMIT

    for _attempt in range(TRIES):
        state, facts = seeded_position(game, rng, steps_max=80, accept=cutting)
        seat = state.current_player
        rows = state.view(None)["block"]
        block = parse_block(rows)
        with using(SOURCE_LANGUAGE):   # facts are data: English in every language
            legal_moves = [str(a) for a in state.legal_actions()]
        good = [cut_text(c) for c in legal_cuts(block)]
        more = [c for c in legal_cuts(block, middle_entry=True, limit=2 * CUT_LIMIT) if cut_text(c) not in good]
        if not good or len(more) < 3:
            continue
        rng.shuffle(more)
        wrong = more[:3]
        answer = rng.choice(good)
        facts.update(seat=seat, block=rows, legal=legal_moves)
        reasons = "; ".join(f"{cut_text(c).split(' (')[0]}: {why_illegal(block, c)}" for c in wrong)
        prompt = _("Diced Veggies, {n} player(s): {player} cuts the block drawn here (rows 1, 2, … from the "
                   "top, cells a, b, c, … from the left; .. is an empty cell):").format(
                       n=facts["players"], player=player_text(seat))
        ask = _("Which cut is legal?")
        return Question(game, "legal", f"{prompt}\n{block_text(rows)}\n{ask}",
                        pick_choices(rng, answer, [cut_text(c) for c in wrong]), answer,
                        _("{cut} takes 10 or less in one piece and leaves one piece; not {reasons}.").format(
                            cut=answer, reasons=reasons), facts,
                        rests_on=assumptions(cleaver_reading(game)))
    raise OptionError(f"{game}: no cut position found in {TRIES} tries")


def random_dice(rng: Rng, colours: str) -> list[str]:
    """One die per colour letter, each showing a face drawn from the die's faces."""
    faces = load_components().faces
    return [f"{c}{faces[rng.randbelow(len(faces))]}" for c in colours]


@kind("score")
def cook_score(game: str, rng: Rng) -> Question:
    """What does this cooked recipe score with this hype? (``cook_report``.)"""
    comps = load_components()
    recipe = comps.recipes[rng.randbelow(len(comps.recipes))]
    hype = comps.hypes[rng.randbelow(len(comps.hypes))]
    colours = recipe.ingredients
    if hype.rule.extra and rng.randbelow(3):
        colours += hype.rule.extra
    dice = random_dice(rng, colours)
    report = cook_report(recipe.id, dice, hype.id)
    points = report["points"]
    full = recipe.points + hype.points.score([(d[0], int(d[1])) for d in dice])
    wrong = [str(x) for x in (recipe.points, full, points + 1, points - 1, points + 2, hype.points.score(
        [(d[0], int(d[1])) for d in dice])) if x >= 0 and x != points]
    facts = {"cook": [recipe.id, dice, hype.id]}
    return Question(game, "score", _("{recipe} ({ingredients}, {points} pts) is cooked with the dice {dice}, and "
                                     "the cook pairs the hype {hype} ({rule}) with it if those dice let them. How "
                                     "many points does it score?").format(
                        recipe=recipe.shown_name(), ingredients=dice_text(recipe.ingredients),
                        points=recipe.points, dice=dice_text(dice), hype=hype.shown_name(), rule=hype.text()),
                    pick_choices(rng, str(points), wrong), str(points), f"{points}: {report['text']}.", facts,
                    rests_on=cards_assumed([recipe], [hype]))


def roll_chance(dice: int, test: str, target: int) -> Fraction:
    """The exact chance that ``dice`` dice rolled show a total that is ``"at most"``, ``"exactly"``
    or ``"at least"`` ``target`` (every face of ``faces.csv`` equally likely)."""
    faces = load_components().faces
    good = total = 0
    for roll in product(faces, repeat=dice):
        s = sum(roll)
        total += 1
        good += (s <= target) if test == "at most" else (s == target) if test == "exactly" else (s >= target)
    return Fraction(good, total)


@kind("chance")
def roll(game: str, rng: Rng) -> Question:
    """The exact chance of a roll: one die's face, or two or three dice in a row that a cut could
    take together (10 or less)."""
    faces = load_components().faces
    dice = 1 + rng.randbelow(3)
    if dice == 1:
        test = rng.choice(["exactly", "at least", "at most"])
        values = sorted(set(faces))
        target = rng.choice(values if test == "exactly" else values[1:] if test == "at least" else values[:-1])
    else:
        test = rng.choice(["at most", "at most", "exactly"])
        target = CUT_LIMIT if test == "at most" and rng.randbelow(2) else 2 * dice + 1 + rng.randbelow(4 * dice - 1)
    p = roll_chance(dice, test, target)
    uniform = Fraction(sum(1 for r in product(range(1, 7), repeat=dice)
                           if (sum(r) <= target if test == "at most" else sum(r) == target if test == "exactly"
                               else sum(r) >= target)), 6 ** dice)
    guesses = (uniform, 1 - p, Fraction(1, len(set(faces))), p * 2 if p <= Fraction(1, 2) else p / 2,
               roll_chance(dice, test, target + 1), roll_chance(dice, test, target - 1))
    wrong = [fraction_text(x) for x in guesses if x != p and 0 <= x <= 1]
    what = (_("a rolled die shows") if dice == 1 else _("{dice} rolled dice total").format(dice=dice))
    lone = ("" if dice == 1 or (test, target) != ("at most", CUT_LIMIT) else
            _(" ({dice} dice in a row can be cut together only if they total {limit} or less)").format(
                dice=dice, limit=CUT_LIMIT))
    facts = {"dice": dice, "test": test, "target": target}
    count = len(faces) ** dice
    return Question(game, "chance", _("A die's faces are {faces} (no 1). What is the exact chance that {what} "
                                      "{test} {target}?").format(faces=", ".join(map(str, faces)), what=what,
                                                                 test=_(TESTS[test]), target=target),
                    pick_choices(rng, fraction_text(p), wrong), fraction_text(p),
                    _("{good} of the {count} equally likely face combinations: {p} ≈ {percent} (a die has two 2s "
                      "and no 1){lone}.").format(good=p * count, count=count, p=fraction_text(p),
                                                 percent=f"{float(p):.1%}", lone=lone), facts)


def cooked_entry(rng: Rng) -> tuple[int, int, tuple]:
    """A recipe cooked with random dice, paired with a random hype when its condition is met."""
    comps = load_components()
    recipe = comps.recipes[rng.randbelow(len(comps.recipes))]
    dice = tuple(random_dice(rng, recipe.ingredients))
    hype = comps.hypes[rng.randbelow(len(comps.hypes))]
    paired = not hype.rule.extra and hype_met(hype, dice)
    return (recipe.id, hype.id if paired else 0, dice)


def entry_text(entry) -> str:
    comps = load_components()
    rid, hid, dice = entry
    r = comps.recipe(rid)
    text = _("{recipe} ({points} pts) with {dice}").format(recipe=r.shown_name(), points=r.points,
                                                            dice=dice_text(dice))
    if hid:
        h = comps.hype(hid)
        text += _(" + hype {hype} ({rule})").format(hype=h.shown_name(), rule=h.text())
    return text


@kind("tie")
def tie(game: str, rng: Rng) -> Question:
    """Who wins? (Cooked recipes and paired hypes scored with ``player_total``; ties are shared.)"""
    for _attempt in range(TRIES * 5):
        n = 2 + rng.randbelow(3)
        cooked = [[cooked_entry(rng) for _dish in range(1 + rng.randbelow(2))] for _seat in range(n)]
        scores = [player_total(c) for c in cooked]
        won = shared_winners(scores)
        if len(won) < 2:
            continue
        answer = names_text(won)
        wrong = [player_text(p) for p in range(n)] + [names_text(range(n))]
        lines = " | ".join(f"{player_text(p)}: " + "; ".join(entry_text(e) for e in cooked[p]) for p in range(n))
        why = _("totals {scores}: {players} share the win on {best} (ties are shared).").format(
            scores=scores, players=answer, best=max(scores))
        wrong += [names_text(won[:-1]), names_text(won[1:])] if len(won) > 2 else []
        facts = {"cooked": [[[r, h, list(d)] for r, h, d in c] for c in cooked]}
        comps = load_components()
        used = [e for c in cooked for e in c]
        return Question(game, "tie", _("The game is over. Recipes cooked (recipe points, plus the points of a "
                                       "paired hype scored on that recipe's dice): {lines}. Who wins?").format(
                            lines=lines),
                        pick_choices(rng, answer, wrong, k=5), answer, why, facts,
                        rests_on=cards_assumed([comps.recipe(r) for r, _h, _d in used],
                                               [comps.hype(h) for _r, h, _d in used if h]))
    raise OptionError(f"{game}: no finished table found in {TRIES} tries")


MAKERS = (legal, cook_score, roll, tie)

__all__ = ["MAKERS", "block_picture", "block_text", "cards_assumed", "cleaver_reading", "colour_name", "cook_score", "cooked_entry", "entry_text", "legal", "names_text",
           "random_dice", "roll", "roll_chance", "show_blocks", "tie", "why_illegal"]
