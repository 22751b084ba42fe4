"""One evaluation of a challenge meal, :func:`.challenge_meals.held_meal_value`: read through
:func:`.challenge_meals.meal_value` (the rules, the meal records) and through the plan search's
count-list reader :meth:`._Meals.meal`, it gives what the plain definition
:func:`.reference.meal_value` gives, on seeded meals."""

from __future__ import annotations

from collections import Counter

import pytest

from kitchenlab.critter_kitchen import reference, scoring, tokens
from kitchenlab.critter_kitchen.challenge_meals import (
    _challenge_meal, _Meals, _stars, meal_value, required_types, star_tables, tally, tally_counts,
)
from kitchenlab.critter_kitchen.config import THRESHOLD_PRESETS
from kitchenlab.critter_kitchen.phases import meals as phase_meals
from kitchenlab.engine import Rng


def seeded_meal(rng: Rng) -> tuple[list[str], tuple[str, ...]]:
    """Up to 8 tokens a meal for 1 to 3 required types can use (ingredients of those types, their
    spices, allspice, soup, bisque), and the requirements."""
    n_req = 1 + rng.randbelow(3)
    reqs = tuple(dict.fromkeys(tokens.TYPES[rng.randbelow(len(tokens.TYPES))] for _ in range(n_req)))
    pool = [f"{t}{v}" for t in reqs for v in sorted(set(tokens.VALUES))]
    pool += [f"{t}-spice" for t in reqs] * 3 + [tokens.ALLSPICE] * 3 + [tokens.SOUP] * 2 + [tokens.BISQUE]
    items = [pool[rng.randbelow(len(pool))] for _ in range(rng.randbelow(9))]
    return items, reqs


CASES = [seeded_meal(Rng(seed)) for seed in range(300)]


def test_the_seeded_meals_cover_the_cases():
    values = [reference.meal_value(items, reqs) for items, reqs in CASES]
    assert sum(v is None for v in values) > 20                 # no meal may be served
    assert sum(v is not None for v in values) > 150
    spiced = [items for items, _ in CASES if tokens.ALLSPICE in items and any(i.endswith("-spice") for i in items)]
    assert len(spiced) > 20                                     # both kinds of spice at once


def test_meal_value_worked_example():
    # fish7 + its spice (14), allspice on bread2 (4), a soup for the missing cheese (1)
    store = tokens.tokens_of("fish7 fish-spice bread2 soup allspice wine5 wild")
    assert meal_value(tally(store), required_types(("fish", "bread", "cheese"))) == 19
    # the allspice goes to the best ingredient left unspiced: fish7+spice fish6+allspice fish2
    assert meal_value(tally(tokens.tokens_of("fish2 fish6 fish7 fish-spice allspice")), ("fish",)) == 28
    # two requirements missing and one soup: no meal
    assert meal_value(tally(tokens.tokens_of("fish7 soup")), ("bread", "cheese", "fish")) is None


@pytest.mark.parametrize("k", range(0, 300, 50))
def test_meal_value_is_the_plain_definition(k):
    for items, reqs in CASES[k:k + 50]:
        plain = reference.meal_value(items, reqs)
        toks = [tokens.token(t) for t in items]
        assert meal_value(tally(toks), required_types(reqs)) == plain, (items, reqs)
        assert tally_counts(Counter(items)) == tally(toks)


@pytest.mark.parametrize("preset", sorted(THRESHOLD_PRESETS))
def test_the_rules_and_the_records_read_the_same_meal(preset):
    th = tuple(sorted(THRESHOLD_PRESETS[preset]))
    served = 0
    for items, reqs in CASES:
        plain = reference.meal_value(items, reqs)
        stars = 0 if plain is None else _stars(plain, th)
        # the challenge phase's check that a meal may be served
        assert phase_meals._meal_stars(tally(tokens.tokens_of(" ".join(items))), reqs, th) == stars
        record = _challenge_meal(Counter(items), reqs, th)
        if stars <= 0:
            assert record is None
            continue
        served += 1
        assert (record.quality, record.stars) == (plain, stars)
        assert scoring.meal_quality(record.meal) == plain         # the notation says the same
        assert not scoring.validate_challenge_meal(record.meal, list(reqs), th)
        assert not Counter(record.items) - Counter(items)
    assert served > 40


@pytest.mark.parametrize("preset", sorted(THRESHOLD_PRESETS))
def test_the_plan_searchs_reader_is_the_plain_definition(preset):
    th = tuple(sorted(THRESHOLD_PRESETS[preset]))
    table, _ = star_tables(th)
    for items, reqs in CASES:
        plain = reference.meal_value(items, reqs)
        stars = 0 if plain is None else _stars(plain, th)
        stock = Counter(items)
        toks = sorted(stock)
        reader = _Meals(toks, [reqs], table)
        counts = [stock[t] for t in toks]
        got = reader.meal(counts, 0, True)
        if stars <= 0:
            assert got is None and reader.meal(counts, 0, False) is None
            continue
        assert got[:2] == (stars, plain) == reader.meal(counts, 0, False)
        # the tokens it says it uses make that very meal
        record = _challenge_meal(got[2], reqs, th)
        assert record.quality == plain and not Counter(got[2]) - stock


def test_the_plan_searchs_quality_bound_is_the_plain_definition():
    # what meals needing the types can hold together: the best meal of everything of those types
    table, _ = star_tables(tuple(sorted(THRESHOLD_PRESETS["standard"])))
    with_ingredients = 0
    for items, reqs in CASES:
        stock = Counter(items)
        toks = sorted(stock)
        counts = [stock[t] for t in toks]
        held = tuple(t for t in reqs if any(tokens.token(i).kind is tokens.ING and tokens.token(i).type == t
                                            for i in items))
        pot = _Meals(toks, [reqs], table).pot(counts, frozenset(reqs))
        if held:
            with_ingredients += 1
            assert pot == reference.meal_value(items, held), (items, reqs)
        else:
            assert pot == stock[tokens.SOUP] + 3 * stock[tokens.BISQUE]
    assert with_ingredients > 150
