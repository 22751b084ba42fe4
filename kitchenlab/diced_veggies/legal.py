"""The legal actions of each phase of a Diced Veggies turn (read from a state, never changing it)."""

from __future__ import annotations

from . import actions as A
from .actions import Action
from .cleaver import can_take_all, legal_cuts
from .components import load_components
from .scoring import cook_choices, hype_met, physical_colour

#: Cut actions per (block, blade entry, small-block rule): blocks recur along a game and across the
#: copies of a search.
#: Emptied when it passes CUT_CACHE_SIZE entries: a long run keeps meeting new blocks, and a bigger
#: cache only held memory (some 180 MB more after a few hundred games) without making games faster.
CUT_CACHE_SIZE = 1_000
_CUT_CACHE: dict = {}


def cut_actions(s) -> list[Action]:
    """The cuts of the block; when the whole block totals 10 or less, taking it all — the only
    move with ``small_block="take_all"`` (the seed: "Si todos los dados del bloque suman 10 o menos,
    simplemente tómalos todos sin cortar"), the cuts too with ``"may_cut"``."""
    only_whole = s.options["small_block"] == "take_all"
    key = (s.block, s.middle_entry, only_whole)
    out = _CUT_CACHE.get(key)
    if out is None:
        if len(_CUT_CACHE) > CUT_CACHE_SIZE:
            _CUT_CACHE.clear()
        b = s.block_obj
        if can_take_all(b, s.limit):
            whole = A.take_all(b.total)
            out = [whole] if only_whole else [A.cut_action(c) for c in legal_cuts(b, s.middle_entry, s.limit)] + [whole]
        else:
            out = [A.cut_action(c) for c in legal_cuts(b, s.middle_entry, s.limit)] or [A.NO_CUT]
        _CUT_CACHE[key] = out
    return out


def cook_actions(s, p: int) -> list[Action]:
    comps = load_components()
    dice = s.dice[p]
    out = []
    for rid in s.recipes[p]:
        for choice in cook_choices(dice, comps.recipe(rid).ingredients):
            out.append(A.cook_action(rid, choice))
    if s.chef[p]:
        out += chef_actions(s, dice)
    out.append(A.DONE)
    return out


def chef_actions(s, dice) -> list[Action]:
    """Change the colour or the number of one die: any face 2..6, or ±1 in the variant."""
    out = []
    step = s.options["chef_number"] == "plus_minus_one"
    values = sorted(set(s.faces))
    for d in sorted(set(dice)):
        colour, value, body = d[0], ord(d[1]) - 48, physical_colour(d)
        for c in s.letters:
            if c != colour:
                out.append(A.chef_action(d, die_as(c, value, body)))
        for v in values:
            if v != value and (not step or abs(v - value) == 1):
                out.append(A.chef_action(d, die_as(colour, v, body)))
    return out


def hype_actions(s, p: int) -> list[Action]:
    comps = load_components()
    _rid, _hid, used = s.cooked[p][s.pending[0]]
    dice = s.dice[p]
    out = []
    for hid in s.hypes[p]:
        h = comps.hype(hid)
        extra = h.rule.extra
        if not extra:
            if hype_met(h, used):
                out.append(A.hype_action(hid))
            continue
        for d in sorted(set(x for x in dice if x[0] == extra)):
            if hype_met(h, used + (d,)):
                out.append(A.hype_action(hid, d))
    return out


def card_actions(s) -> list[Action]:
    out = []
    if s.hype_deck or s.hype_discard:
        out.append(A.DRAW_HYPE)
    out += [A.take_recipe(r) for r in s.display]
    if s.recipe_deck or (s.recipe_discard and s.players > 1):
        out.append(A.DRAW_RECIPE)
    return out


def limit_actions(s, p: int) -> list[Action]:
    comps = load_components()
    if len(s.dice[p]) > comps.count("dice_limit"):
        return [A.discard_die(d) for d in sorted(set(s.dice[p]))]
    if len(s.recipes[p]) > comps.count("recipe_limit"):
        return [A.discard_recipe(r) for r in s.recipes[p]]
    return [A.discard_hype(h) for h in s.hypes[p]]


def die_as(colour: str, value: int, body: str) -> str:
    """A die counting as ``colour`` / ``value``; it remembers its real colour ``body`` if different."""
    return f"{colour}{value}" if colour == body else f"{colour}{value}/{body}"
