"""Bots for Diced Veggies. A bot is ``bot(state, rng) -> action``; it reads ``state.view(seat)`` and
the legal actions only (never the deck order or the other players' hypes).

* :func:`random_bot` — any legal action, uniformly.
* :func:`greedy_bot` — takes the cut that best serves its recipes (and hype), cooks every recipe it
  can (the most points first, with the hype that scores most), spends the chef token only when it
  makes a recipe cookable, takes the display recipe its dice suit best, and discards what it needs
  least.
"""

from __future__ import annotations

from .actions import Kind
from .components import load_components
from .scoring import cook_choices, hype_met, hype_points


def random_bot(state, rng):
    """Any legal action, uniformly."""
    return rng.choice(state.legal_actions())


def _counts(dice) -> dict[str, int]:
    out: dict[str, int] = {}
    for d in dice:
        out[d[0]] = out.get(d[0], 0) + 1
    return out


def fit(dice, ingredients: str) -> float:
    """The share of a recipe's ingredients these dice already cover (0..1)."""
    have = _counts(dice)
    need = _counts(ingredients)
    return sum(min(have.get(c, 0), k) for c, k in need.items()) / len(ingredients)


def hand_value(dice, recipe_ids, hype_ids=()) -> float:
    """How well ``dice`` serve the recipes: points × coverage², a bonus when a hype can be paired."""
    comps = load_components()
    value = 0.0
    for rid in recipe_ids:
        r = comps.recipe(rid)
        f = fit(dice, r.ingredients)
        value += r.points * f * f
        if f == 1 and hype_ids:
            best = 0
            for choice in cook_choices(dice, r.ingredients)[:20]:
                for hid in hype_ids:
                    h = comps.hype(hid)
                    if not h.rule.extra and hype_met(h, choice):
                        best = max(best, hype_points(h, choice))
            value += best
    return value - 0.3 * max(0, len(dice) - 8)


def _view_dice(view, seat) -> list[str]:
    # Dice labels: "M2", or "P2(M)" for a changed die; the first two characters are what it counts as.
    return [d[:2] for d in view["dice"][seat]]


def greedy_bot(state, rng):
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player
    view = state.view(seat)
    comps = load_components()
    dice = _view_dice(view, seat)
    recipes = view["recipes"][seat]
    hypes = view["hypes"] or []
    kinds = {a.kind for a in legal}

    if Kind.RESTOCK in kinds:
        block = [cell for row in view["block"] for cell in row.split() if cell != ".."]
        gain_now = max(hand_value(dice + [c], recipes) for c in block) if block else 0
        needed = {c for rid in recipes for c in comps.recipe(rid).ingredients} - set(_counts(dice))
        missing = {c for c in comps.letters if all(d[0] != c for d in block)}
        restock = bool(needed & missing) or gain_now <= hand_value(dice, recipes)
        return next(a for a in legal if a.kind == (Kind.RESTOCK if restock else Kind.KEEP))

    if kinds & {Kind.CUT, Kind.TAKE_ALL}:
        block = [cell for row in view["block"] for cell in row.split() if cell != ".."]

        def gain(a):
            got = list(a.dice) if a.kind == Kind.CUT else block if a.kind == Kind.TAKE_ALL else []
            return (hand_value(dice + [d[:2] for d in got], recipes, hypes), len(got), -a.total)

        return max(legal, key=gain)

    if Kind.COOK in kinds or Kind.CHEF in kinds:
        cooks = [a for a in legal if a.kind == Kind.COOK]
        if cooks:
            def worth(a):
                r = comps.recipe(a.card)
                extra = 0
                for hid in hypes:
                    h = comps.hype(hid)
                    if not h.rule.extra and hype_met(h, a.dice):
                        extra = max(extra, hype_points(h, a.dice))
                return (r.points + extra, -sum(int(d[1]) for d in a.dice))
            return max(cooks, key=worth)
        for a in legal:
            if a.kind == Kind.CHEF:
                old, new = a.dice
                after = list(dice)
                after.remove(old[:2])
                after.append(new[:2])
                if any(cook_choices(after, comps.recipe(rid).ingredients) for rid in recipes):
                    return a
        return next(a for a in legal if a.kind == Kind.DONE)

    if Kind.HYPE in kinds:
        used = [d[:2] for d in view["cooked"][seat][-1]["dice"]]
        best = max((a for a in legal if a.kind == Kind.HYPE),
                   key=lambda a: hype_points(comps.hype(a.card), used + [d[:2] for d in a.dice]))
        return best

    if kinds & {Kind.DRAW_HYPE, Kind.TAKE_RECIPE, Kind.DRAW_RECIPE}:
        takes = [a for a in legal if a.kind == Kind.TAKE_RECIPE]
        best = max(takes, key=lambda a: hand_value(dice, [a.card]), default=None)
        draw_hype = next((a for a in legal if a.kind == Kind.DRAW_HYPE), None)
        if len(recipes) >= 2 and draw_hype is not None and (len(hypes) < 2 or best is None):
            worst = min(hand_value(dice, [r]) for r in recipes)
            if best is None or hand_value(dice, [best.card]) <= worst:
                return draw_hype
        if best is not None:
            return best
        return next((a for a in legal if a.kind == Kind.DRAW_RECIPE), legal[0])

    if Kind.DISCARD_DIE in kinds:
        labels = view["dice"][seat]

        def loss(a):
            rest = list(labels)
            rest.remove(_label(a.dice[0]))
            return -hand_value([d[:2] for d in rest], recipes, hypes)
        return min(legal, key=loss)
    if Kind.DISCARD_RECIPE in kinds:
        return min(legal, key=lambda a: hand_value(dice, [a.card]))
    if Kind.DISCARD_HYPE in kinds:
        return min(legal, key=lambda a: comps.hype(a.card).points.amount)
    return legal[0]


def _label(die: str) -> str:
    return die if len(die) == 2 else f"{die[:2]}({die[3]})"


BOTS = {"random": random_bot, "greedy": greedy_bot}
