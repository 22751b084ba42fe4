"""Critter Kitchen scoring: every rule and worked example of the rules digest, and the optimisers
checked against brute force on small seeded storages."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kitchenlab.critter_kitchen import reference, tokens
from kitchenlab.critter_kitchen.components import load_components
from kitchenlab.critter_kitchen.scoring import (
    apply_hold,
    best_challenge_meal,
    best_challenge_plan,
    best_critic_meal,
    challenge_stars,
    course_quality,
    critic_meal_problems,
    critic_meal_quality,
    extremely_pampered_met,
    final_score_stars,
    fridge_keep,
    meal_quality,
    mercurial_stars,
    min_presentable,
    nocturnal_met,
    rumor_stars,
    score_critic_meals,
    tender_met,
    validate_challenge_meal,
    winners,
)
from kitchenlab.engine import Rng

C = load_components()
MELT = ["bread", "cheese", "fish"]


# ------------------------------------------------------------------ the digest's worked examples


def test_example_1_fanatic_doubles_a_course_of_8():
    assert course_quality("meat4+spice") == 8
    assert course_quality("meat4+spice", fanatic=True) == 16
    # in the full scoring, the Meat Fanatic doubles that course at final score
    [s] = score_critic_meals(["meat4+spice bread2"], [0], rumors=["meat_fanatic"])
    assert s.course_qualities == (2, 0, 0, 0, 16, 0, 0)
    assert s.final_total == 18


def test_example_2_spiced_fish_and_bread_with_bisque_is_21():
    meal = "fish7+spice bread2+spice bisque"
    assert meal_quality(meal) == 14 + 4 + 3 == 21
    assert challenge_stars(21) == 4
    assert validate_challenge_meal(meal, MELT) == []          # bisque stands in for the cheese


def test_example_3_quality_12_and_5():
    assert challenge_stars(12) == 2
    assert challenge_stars(5) == 0
    problems = validate_challenge_meal("bread2 cheese2 soup", MELT)   # quality 5
    assert len(problems) == 1 and "not presentable" in problems[0]


def test_example_4_kangaroo():
    assert course_quality("bread6+spice", critic="kangaroo") == 18
    assert course_quality("bread3+spice", critic="kangaroo") == 6
    assert course_quality("bread6", critic="kangaroo") == 9
    assert course_quality("bread6+spice") == 12                 # without the Kangaroo


def test_example_5_final_score_76():
    assert final_score_stars(76) == 10 + 1
    meal = "bread7+spice carrot7+spice cheese7+spice fish7+spice meat7+spice mushroom6"
    assert critic_meal_quality(meal) == 76
    [s] = score_critic_meals([meal], [0])
    assert (s.final_total, s.laps, s.position, s.track_stars) == (76, 1, 6, 11)


# ------------------------------------------------------------------ challenge meals


@pytest.mark.parametrize("q,stars", [(0, 0), (5, 0), (6, 1), (11, 1), (12, 2), (20, 2), (21, 4), (40, 4)])
def test_thresholds(q, stars):
    assert challenge_stars(q) == stars


def test_custom_thresholds():
    th = [(0, 0), (10, 1), (20, 3)]
    assert challenge_stars(9, th) == 0 and challenge_stars(20, th) == 3
    assert challenge_stars(15, {0: 0, 10: 1, 20: 3}) == 1
    assert min_presentable(th) == 10
    assert min_presentable() == 6


def test_meal_quality_soups_and_allspice():
    assert meal_quality("soup") == 1
    assert meal_quality("bisque bisque") == 6
    assert meal_quality("cheese5+allspice wine3") == 13
    assert meal_quality([]) == 0


def test_all_soup_meal_rejected():
    problems = validate_challenge_meal("bisque bisque bisque bisque", MELT)
    assert any("all-soup" in p for p in problems)


def test_two_spices_on_one_ingredient_rejected():
    problems = validate_challenge_meal("fish7+spice+allspice bread3 cheese3", MELT)
    assert len(problems) == 1 and "at most one spice" in problems[0]


def test_wrong_type_ingredient_rejected():
    problems = validate_challenge_meal("fish7 bread3 cheese3 meat7", MELT)
    assert len(problems) == 1 and "meat7" in problems[0]


def test_one_soup_per_missing_requirement():
    # fish alone: bread and cheese missing, one bisque covers only one of them
    problems = validate_challenge_meal("fish7+spice bisque", MELT)
    assert len(problems) == 1 and "bread, cheese missing" in problems[0]
    assert validate_challenge_meal("fish7+spice bisque soup", MELT) == []
    # extra soups beyond the missing requirements are welcome
    assert validate_challenge_meal("fish7 bread3 cheese2 soup soup", MELT) == []


def test_unparsable_meal_gives_a_problem():
    [p] = validate_challenge_meal("fish9", MELT)
    assert "fish9" in p
    assert validate_challenge_meal("", MELT) == ["the meal is empty"]


def test_hold_drops_rightmost():
    assert apply_hold(["bread", "cheese", "fish"]) == ["bread", "cheese"]
    assert apply_hold(C.challenge("ultimate_melt")) == ["bread", "cheese"]
    meal = "bread5 cheese4 cheese3"
    assert validate_challenge_meal(meal, apply_hold(MELT)) == []
    [p] = validate_challenge_meal(meal, MELT)
    assert "fish" in p


def test_requirements_as_challenge_or_text():
    assert validate_challenge_meal("fish7+spice bread2+spice bisque", C.challenge("ultimate_melt")) == []
    assert validate_challenge_meal("fish7+spice bread2+spice bisque", "bread cheese fish") == []
    with pytest.raises(ValueError, match="pizza"):
        validate_challenge_meal("fish7", ["pizza"])


# ------------------------------------------------------------------ critic-meal courses


def test_course_quality_critics():
    assert course_quality("fish5+spice", critic="tree_shrew") == 15
    assert course_quality("fish5+spice", critic="tree_shrew", fanatic=True) == 30
    assert course_quality("cheese3+spice cheese4+allspice", critic="mouse") == 14
    assert course_quality("carrot3+spice", critic="rabbit") == 6           # 3 counts double; the spice adds nothing [A]
    assert course_quality("carrot3+spice", critic="rabbit", fanatic=True) == 12
    assert course_quality("meat2 meat3+spice meat4 meat5", critic="cow") == 2 + 6 + 4 + 5
    assert course_quality("") == 0


def test_fruit_bat_paired_wine():
    assert course_quality("fish5+spice wine4", critic="fruit_bat") == 14
    assert course_quality("fish5+spice wine4", critic="fruit_bat", fanatic=True) == 28
    with pytest.raises(ValueError, match="spiced"):
        course_quality("fish5 wine4+spice", critic="fruit_bat")
    with pytest.raises(ValueError, match="one type"):
        course_quality("fish5 wine4")                   # no pairing without the Fruit Bat


def test_course_quality_rejects_soup():
    with pytest.raises(ValueError, match="soup"):
        course_quality("fish5 soup")


def test_critic_meal_problems_default():
    assert critic_meal_problems({}) == []                       # every course may stay empty
    assert critic_meal_problems({"fish": "fish7+spice", "bread": "bread2+allspice"}) == []
    assert critic_meal_problems("fish7+spice bread2+allspice") == []
    [p] = critic_meal_problems("fish7 soup")
    assert "soup" in p
    [p] = critic_meal_problems({"fish": "fish7 fish2"})
    assert "at most one" in p
    [p] = critic_meal_problems({"fish": "meat7"})
    assert "meat7" in p and "fish course" in p
    [p] = critic_meal_problems({"dessert": "fish7"})
    assert "dessert" in p
    [p] = critic_meal_problems({"fish": "fish7+spice+allspice"})
    assert "at most one spice" in p


def test_critic_meal_problems_mouse_and_cow():
    assert critic_meal_problems({"cheese": "cheese2+spice cheese3+allspice cheese7 cheese5"}, "mouse") == []
    assert critic_meal_problems({"fish": "fish2 fish3"}, "mouse") != []
    assert critic_meal_problems({"fish": "fish2+spice fish3 fish4 fish5+allspice"}, "cow") == []
    [p] = critic_meal_problems({"fish": "fish2 fish3 fish4 fish5 fish6"}, "cow")
    assert "at most 4" in p
    [p] = critic_meal_problems({"fish": "fish2 fish3", "meat": "meat2 meat3"}, "cow")
    assert "only one course" in p


def test_critic_meal_problems_fruit_bat():
    assert critic_meal_problems({"fish": "fish5 wine4", "wine": "wine6"}, "fruit_bat") == []
    assert critic_meal_problems({"fish": "fish5 wine4"}) != []
    [p] = critic_meal_problems({"fish": "fish5 wine4+spice"}, "fruit_bat")
    assert "cannot be spiced" in p
    [p] = critic_meal_problems({"fish": "wine4"}, "fruit_bat")
    assert "no fish" in p
    [p] = critic_meal_problems({"fish": "fish5 wine4 wine3"}, "fruit_bat")
    assert "paired wines" in p


def test_critic_meal_variants():
    full = "bread2 carrot2 cheese2 fish2 meat2 mushroom2 wine2"
    assert critic_meal_problems(full, exact_one=True) == []
    problems = critic_meal_problems("bread2 fish7", exact_one=True)
    assert len(problems) == 5 and all("empty" in p for p in problems)
    # with the storage known, a course may stay empty when no ingredient of its type is left
    assert critic_meal_problems("bread2 fish7", exact_one=True, storage=["soup", "allspice"]) == []
    assert len(critic_meal_problems("bread2 fish7", exact_one=True, storage=["meat3"])) == 1
    [p] = critic_meal_problems("bread2 fish3", min_quality=6)
    assert "not presentable" in p
    assert critic_meal_problems("bread2 fish4", min_quality=6) == []


# ------------------------------------------------------------------ rumors


def test_mercurial():
    assert mercurial_stars("bread2 fish7 wine5") == 5
    assert mercurial_stars("") == 0
    assert rumor_stars("mercurial", "bread3 carrot6") == 3


def test_nocturnal():
    rising = "bread2 carrot3 cheese3 fish5 meat6 mushroom6 wine7"
    assert nocturnal_met(rising)
    assert rumor_stars("nocturnal", rising) == 5
    assert not nocturnal_met("bread2 carrot3 cheese3 fish2 meat6 mushroom6 wine7")
    assert nocturnal_met("bread2 carrot3 cheese3 meat6 mushroom6 wine7")   # the empty fish course is skipped [RB]
    assert not nocturnal_met("")


def test_tender():
    assert tender_met("bread3 wine7")
    assert not tender_met("bread3 wine6")
    assert rumor_stars("tender", "bread4 wine6 fish2") == 3
    assert rumor_stars("tender", {"fish": "fish2 wine6", "bread": "bread4"}, critic="fruit_bat") == 3


def test_extremely_pampered():
    assert extremely_pampered_met("bread5 carrot5 cheese6 fish7 meat5 mushroom6 wine5")
    assert not extremely_pampered_met("bread5 carrot4 cheese6 fish7 meat5 mushroom6 wine5")
    assert rumor_stars("extremely_pampered", "bread5 carrot5 cheese6 fish7 meat5 mushroom6 wine5") == \
        C.rumor("extremely_pampered").stars


def test_assumed_rumors():
    stars = lambda rid: C.rumor(rid).stars  # noqa: E731
    # Spice Lover depends on the other players' meals (see test_rulebook.py); alone, a served meal pays
    assert rumor_stars("spice_lover", "bread2+spice carrot2+spice fish3") == stars("spice_lover")
    assert rumor_stars("spice_lover", "") == 0
    assert rumor_stars("simple_palate", "bread2 fish7") == stars("simple_palate")
    assert rumor_stars("simple_palate", "bread2 fish7+spice") == 0
    assert rumor_stars("simple_palate", "") == 0
    assert rumor_stars("big_cheese", "cheese6") == stars("big_cheese")
    assert rumor_stars("big_cheese", "cheese5") == 0
    assert rumor_stars("big_dipper", "", soup_value=5) == stars("big_dipper")
    assert rumor_stars("big_dipper", "", soup_value=4) == 0
    assert rumor_stars("odd_tastes", "bread3 fish7 wine5") == stars("odd_tastes")
    assert rumor_stars("odd_tastes", "bread3 fish6") == 0
    assert rumor_stars("unsophisticated", "bread3 fish4") == stars("unsophisticated")
    assert rumor_stars("unsophisticated", "bread3 fish5") == 0
    assert rumor_stars("varied_servings", "bread2 carrot3 cheese4 fish5 meat6") == stars("varied_servings")
    assert rumor_stars("varied_servings", "bread2 carrot3 cheese4 fish5 meat5") == 0
    assert rumor_stars("hibernator", "bread2 carrot3") == 0           # text unknown
    assert rumor_stars("fish_fanatic", "fish7+spice") == 0            # applies at final score


# ------------------------------------------------------------------ critic meal scoring, step by step

MEALS = [
    "bread2 carrot3 cheese4 fish5 meat6 mushroom6 wine7",   # all courses, Nocturnal
    "fish7+spice meat6",
    "bread5 wine5",                                          # Tender
]
SOUPS = [3, ["soup", "soup", "soup"], ["soup"]]
RUMORS = ["nocturnal", "tender", "fish_fanatic"]


def test_critic_scoring_steps():
    s0, s1, s2 = score_critic_meals(MEALS, SOUPS, rumors=RUMORS)
    # step 2: most soup, friendly tie between players 0 and 1
    assert [s.most_soup for s in (s0, s1, s2)] == [1, 1, 0]
    assert [s.soup_value for s in (s0, s1, s2)] == [3, 3, 1]
    # step 3: all seven courses
    assert [s.all_courses for s in (s0, s1, s2)] == [1, 0, 0]
    # step 4: best of each course; meat is a friendly tie (6 and 6)
    assert s0.best_course_types == ("carrot", "cheese", "meat", "mushroom", "wine")
    assert s1.best_course_types == ("fish", "meat")
    assert s2.best_course_types == ("bread",)
    assert [s.best_courses for s in (s0, s1, s2)] == [5, 2, 1]
    # step 5: every rumor scores for every player (Fanatics wait for step 7)
    assert dict(s0.rumors) == {"nocturnal": 5, "tender": 0}
    assert dict(s1.rumors) == {"nocturnal": 0, "tender": 0}
    assert dict(s2.rumors) == {"nocturnal": 5, "tender": 3}     # bread 5 then wine 5: rising [RB]
    # step 7: the Fish Fanatic doubles every fish course
    assert s0.final_total == 2 + 3 + 4 + 10 + 6 + 6 + 7 == 38
    assert s1.final_total == 28 + 6 == 34
    assert s2.final_total == 10
    track = C.track_stars
    assert s0.track_stars == track[38] and s2.track_stars == track[10]
    assert s0.total == 1 + 1 + 5 + 5 + 0 + track[38]
    assert s1.total == 1 + 0 + 2 + 0 + 0 + track[34]
    assert s2.total == 0 + 0 + 1 + 5 + 3 + 0 + track[10]


def test_rumors_known_only_variant():
    known = [{"nocturnal"}, {"fish_fanatic"}, {"tender", "nocturnal"}]
    s0, s1, s2 = score_critic_meals(MEALS, SOUPS, rumors=RUMORS, known=known, known_only=True)
    assert dict(s0.rumors) == {"nocturnal": 5}
    assert dict(s1.rumors) == {}
    assert dict(s2.rumors) == {"tender": 3, "nocturnal": 5}
    assert s0.final_total == 33            # player 0 does not know the Fish Fanatic: no doubling
    assert s1.final_total == 34
    with pytest.raises(ValueError, match="known"):
        score_critic_meals(MEALS, SOUPS, rumors=RUMORS, known_only=True)


def test_best_course_compares_before_fanatic():
    # player 0's fish is 8 (16 with the Fanatic it alone knows); player 1's is 14: player 1 wins the course
    s0, s1 = score_critic_meals(["fish4+spice", "fish7+spice"], [0, 0], rumors=["fish_fanatic"],
                                known=[{"fish_fanatic"}, set()], known_only=True)
    assert s0.course_qualities[3] == 16 and s1.course_qualities[3] == 14
    assert s0.best_course_types == () and s1.best_course_types == ("fish",)


def test_no_soup_no_star_and_empty_course_no_star():
    s0, s1 = score_critic_meals(["fish3", "fish3"], [0, 0])
    assert s0.most_soup == s1.most_soup == 0
    assert s0.best_course_types == s1.best_course_types == ("fish",)


def test_bonus_stars():
    capy = C.critic("capybara")
    s0, s1 = score_critic_meals(["fish3", "fish2"], [0, 0], critic="capybara", challenges_served=[3, 0],
                                restaurateurs=["brewer", None], extra_stars=[0, 2])
    assert s0.bonus == 3 * capy.bonus_stars + C.restaurateur("brewer").bonus_stars
    assert s1.bonus == 2


def test_illegal_critic_meal_raises():
    with pytest.raises(ValueError, match="player 1"):
        score_critic_meals(["fish3", "fish3 fish4"], [0, 0])
    with pytest.raises(ValueError, match="soup"):
        score_critic_meals(["fish3"], [0, 0])


def test_min_quality_variant_meal_counts_as_empty():
    s0, s1 = score_critic_meals(["fish2 bread3", "fish3 bread3"], [0, 2], min_quality=6)
    assert not s0.presentable and s1.presentable
    assert s0.final_total == 0 and s0.best_course_types == ()
    assert s1.best_course_types == ("bread", "fish")
    assert s1.most_soup == 1


def test_score_track_laps():
    track = C.track_stars
    assert final_score_stars(0) == track[0] == 0
    assert final_score_stars(69) == track[69]
    assert final_score_stars(70) == 10 + track[0]
    assert final_score_stars(146) == 20 + track[6] == 21


def test_winners():
    assert winners([10, 12, 11], [90, 10, 50]) == [1]
    assert winners([12, 12, 9], [80, 85, 99]) == [1]              # tie -> further on the score track
    assert winners([12, 12, 9], [80, 80, 99], priority=[0, 1, 2]) == [1]    # rightmost hat is ahead
    assert winners([12, 12, 9], [80, 80, 99], priority=[1, 0, 2]) == [0]
    assert winners([12, 12, 9], [80, 80, 99]) == [0, 1]
    # the solo restaurant joins as one more player
    assert winners([8, 9], [40, 10], priority=[1, 0]) == [1]


# ------------------------------------------------------------------ optimisers against brute force


def random_storage(seed: int, n: int, pool=None) -> list[str]:
    rng = Rng(seed)
    if pool is None:
        pool = [t for t in tokens.bag_contents() if not tokens.is_rumor(t)] + ["soup"] * 6 + ["bisque"] * 3
    pool = list(pool)
    rng.shuffle(pool)
    return pool[:n]


all_meals = reference.meal_writings


brute_best_quality = reference.best_meal_quality


@pytest.mark.parametrize("seed", range(12))
def test_best_challenge_meal_matches_brute_force(seed):
    rng = Rng(1000 + seed)
    storage = random_storage(seed, 8)
    reqs = [t for t in tokens.TYPES if rng.randbelow(7) < 3] or ["fish"]
    best = best_challenge_meal(storage, reqs)
    expected = brute_best_quality(storage, reqs)
    if expected is None:
        assert best is None
        return
    assert best is not None
    assert best.quality == expected
    assert best.stars == challenge_stars(expected)
    assert validate_challenge_meal(best.meal, reqs) == []
    assert meal_quality(best.meal) == best.quality
    assert not Counter(best.items) - Counter(storage)


def test_best_challenge_meal_example():
    storage = ["fish7", "bread2", "fish-spice", "bread-spice", "bisque", "meat7", "wild"]
    m = best_challenge_meal(storage, MELT)
    assert m.quality == 21 and m.stars == 4
    assert sorted(m.items) == sorted(["fish7", "bread2", "fish-spice", "bread-spice", "bisque"])
    assert best_challenge_meal(["soup", "bisque", "meat7"], MELT) is None       # no real requirement


def test_best_challenge_meal_thrifty():
    storage = ["fish7", "fish2", "bread2", "cheese3", "soup", "allspice"]
    full = best_challenge_meal(storage, MELT)
    thrifty = best_challenge_meal(storage, MELT, thrifty=True)
    assert full.quality == 7 * 2 + 2 + 2 + 3 + 1 and full.stars == 4
    # the lowest quality that keeps 4 stars: 14 + 3 + 2 + 2, the soup stays home
    assert thrifty.stars == 4 and thrifty.quality == 21 and "soup" not in thrifty.items
    assert validate_challenge_meal(thrifty.meal, MELT) == []


brute_plan = reference.best_plan_value


PLAN_CASES = [(s, 7, 2) for s in range(6)] + [(s, 6, 3) for s in range(6, 10)]


@pytest.mark.parametrize("seed,n,k", PLAN_CASES)
def test_best_challenge_plan_matches_brute_force(seed, n, k):
    rng = Rng(500 + seed)
    storage = random_storage(seed, n, pool=[t for t in tokens.bag_contents()
                                            if not tokens.is_rumor(t) and (not tokens.is_ingredient(t)
                                                                           or tokens.ingredient_type(t) in ("bread", "cheese", "fish", "meat"))]
                             + ["soup"] * 4 + ["bisque"] * 2)
    types = ["bread", "cheese", "fish", "meat"]
    reqs_list = []
    for _ in range(k):
        rng.shuffle(types)
        reqs_list.append(sorted(types[:2]))
    plan = best_challenge_plan(storage, reqs_list)
    assert (plan.stars, plan.quality) == brute_plan(storage, reqs_list)
    used = Counter()
    for m, reqs in zip(plan.meals, reqs_list):
        if m is not None:
            assert validate_challenge_meal(m.meal, reqs) == []
            used.update(m.items)
    assert not used - Counter(storage)                                 # disjoint items
    assert Counter(plan.leftover) + used == Counter(storage)


def test_best_challenge_plan_splits_shared_items():
    # one meal (fish, cheese) would be 25 -> 4 stars; two meals give 2 + 2 stars and use the bread too
    storage = ["fish7", "fish7", "fish6", "bread5", "cheese5"]
    plan = best_challenge_plan(storage, [["fish", "bread"], ["fish", "cheese"]])
    assert plan.stars == 4 and all(m is not None for m in plan.meals)
    assert plan.quality == 7 + 7 + 6 + 5 + 5
    assert [m.stars for m in plan.meals] == [2, 2]
    # a third challenge that only soup can help is skipped: soup alone is never a meal
    plan3 = best_challenge_plan(storage + ["soup"], [["fish", "bread"], ["fish", "cheese"], ["wine"]])
    assert plan3.meals[2] is None and plan3.quality == 31


def brute_critic(storage, critic, rumors, soup_value=0, comps=C):
    return reference.best_critic_value(storage, critic, rumors, soup_value, components=comps)


CRITIC_CASES = [
    (0, None, ["mercurial", "nocturnal", "fish_fanatic"]),
    (1, "kangaroo", ["tender", "extremely_pampered", "bread_fanatic"]),
    (2, "tree_shrew", ["spice_lover", "simple_palate", "odd_tastes"]),
    (3, None, ["varied_servings", "unsophisticated", "wine_cellar"]),
    (4, "rabbit", ["carrot_fanatic", "mercurial", "big_cheese"]),
    (5, None, ["nocturnal", "tender", "hibernator"]),
]


@pytest.mark.parametrize("seed,critic,rumors", CRITIC_CASES)
def test_best_critic_meal_matches_brute_force(seed, critic, rumors):
    storage = random_storage(seed, 12, pool=[t for t in tokens.bag_contents() if not tokens.is_rumor(t)]
                             + ["allspice", "allspice"])
    choice = best_critic_meal(storage, critic, rumors)
    assert (choice.stars, choice.total) == brute_critic(storage, critic, rumors)
    assert critic_meal_problems(choice.meal, critic) == []
    assert not Counter(choice.items) - Counter(storage)
    fans = {C.rumor(r).fanatic_type for r in rumors if C.rumor(r).is_fanatic}
    assert critic_meal_quality(choice.meal, critic, fans) == choice.total


@pytest.mark.parametrize("seed,critic", [(20, "mouse"), (21, "cow"), (22, "mouse"), (23, "cow")])
def test_best_critic_meal_multi_ingredient_critics_match_brute_force(seed, critic):
    pool = [t for t in tokens.bag_contents() if tokens.is_spice(t) or
            (tokens.is_ingredient(t) and tokens.ingredient_type(t) in ("cheese", "fish", "meat"))]
    storage = random_storage(seed, 8, pool=pool)
    rumors = ["mercurial", "cheese_fanatic", "unsophisticated"]
    choice = best_critic_meal(storage, critic, rumors)
    assert (choice.stars, choice.total) == brute_critic(storage, critic, rumors)
    assert critic_meal_problems(choice.meal, critic) == []


def test_best_critic_meal_with_an_uneven_score_track(tmp_path):
    # a teacher's track where position 20 pays more than any later one: the optimiser must still be exact
    import shutil

    from kitchenlab.critter_kitchen.components import default_path

    folder = tmp_path / "ck"
    shutil.copytree(default_path(), folder)
    track = folder / "score_track.csv"
    track.write_text(track.read_text(encoding="utf-8").replace("\n20,2,A,", "\n20,9,A,"), encoding="utf-8")
    comps = load_components(folder)
    assert comps.track_stars[20] == 9
    storage = random_storage(31, 10)
    rumors = ["mercurial", "tender", "wine_fanatic"]
    choice = best_critic_meal(storage, None, rumors, components=comps)
    assert (choice.stars, choice.total) == brute_critic(storage, None, rumors, comps=comps)


def test_best_critic_meal_prefers_rumor_stars_over_quality():
    # Nocturnal (5 stars) asks for rising values; the highest total would break it
    storage = ["bread2", "carrot3", "cheese4", "fish5", "meat6", "mushroom6", "wine7", "carrot7"]
    choice = best_critic_meal(storage, None, ["nocturnal"])
    assert choice.meal["carrot"] == "carrot3"
    assert choice.rumor_stars == 5


def test_best_critic_meal_mouse_uses_every_cheese():
    storage = ["cheese2", "cheese5", "cheese7", "cheese-spice", "allspice", "fish3"]
    choice = best_critic_meal(storage, "mouse")
    assert choice.meal == {"cheese": "cheese7+spice cheese5+allspice cheese2", "fish": "fish3"}
    assert choice.total == 14 + 10 + 2 + 3


def test_best_critic_meal_cow_fills_one_course():
    storage = ["meat7", "meat6", "meat5", "meat4", "meat3", "fish2"]
    choice = best_critic_meal(storage, "cow")
    assert choice.meal == {"meat": "meat7 meat6 meat5 meat4", "fish": "fish2"}
    assert critic_meal_problems(choice.meal, "cow") == []


def test_best_critic_meal_fruit_bat_pairs_wines():
    storage = ["fish5", "wine6", "wine3"]
    choice = best_critic_meal(storage, "fruit_bat")
    assert choice.total == 5 + 6 + 3
    assert critic_meal_problems(choice.meal, "fruit_bat") == []
    assert sorted(choice.items) == sorted(storage)


def test_best_critic_meal_jerboa_uses_rumor_tokens():
    storage = ["fish7", "rumor2"]
    assert best_critic_meal(storage, "jerboa").total == 14
    assert best_critic_meal(storage, "jerboa").items == ("fish7", "rumor2")
    assert best_critic_meal(storage, None).total == 7


def test_best_critic_meal_exact_one():
    storage = ["fish7", "fish2", "bread3"]
    assert best_critic_meal(storage, exact_one=True).meal == {"bread": "bread3", "fish": "fish7"}


# ------------------------------------------------------------------ fridge heuristic


def test_fridge_keep():
    storage = ["fish7", "fish-spice", "bread2", "cheese3", "soup", "wild", "meat-spice"]
    assert fridge_keep(storage, 2) == ["fish7", "fish-spice"]      # the spice is worth its 7 partner
    assert fridge_keep(storage, 5) == ["fish7", "fish-spice", "cheese3", "bread2"]   # no meat to spice
    assert fridge_keep(["meat-spice", "bread2"], 2) == ["bread2"]
    assert fridge_keep(storage, 0) == []


# ------------------------------------------------------------------ properties


ING = st.sampled_from([f"{t}{v}" for t in tokens.TYPES for v in range(2, 8)])
ITEM = st.one_of(ING, st.sampled_from(list(tokens.SPICES) + ["soup", "bisque"]))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(ITEM, max_size=12), st.lists(st.sampled_from(tokens.TYPES), min_size=1, max_size=4, unique=True))
def test_best_meal_is_always_legal_and_maximal(storage, reqs):
    m = best_challenge_meal(storage, reqs)
    if m is None:
        return
    assert validate_challenge_meal(m.meal, reqs) == []
    assert meal_quality(m.meal) == m.quality
    assert not Counter(m.items) - Counter(storage)
    thrifty = best_challenge_meal(storage, reqs, thrifty=True)
    assert thrifty.stars == m.stars and thrifty.quality <= m.quality


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(ITEM, max_size=14), st.integers(0, 12))
def test_fridge_keep_respects_the_limit(storage, limit):
    kept = fridge_keep(storage, limit)
    assert len(kept) <= limit
    assert not Counter(kept) - Counter(storage)
    assert all(tokens.is_ingredient(t) or tokens.is_spice(t) for t in kept)
    n_items = sum(1 for t in storage if tokens.is_ingredient(t))
    assert len(kept) >= min(limit, n_items)
