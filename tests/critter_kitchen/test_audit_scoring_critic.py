"""Audit of the critic meal and the end of the game, played through the game itself (not only the
pure scoring functions): the rules digest's "Critic meal (after round 7)", "Critics known",
"Rumors known", its variant table and worked examples, each asserting the digest's value."""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab.critter_kitchen.actions import Phase
from kitchenlab.critter_kitchen.components import load_components
from kitchenlab.critter_kitchen.tokens import token

C = load_components()
NO_SCORE = ("hibernator", "picky", "to_go")          # rumor cards whose texts score nothing in the kit


def toks(text: str) -> list:
    return [token(t) for t in text.split()]


def at_critic(players: int = 2, seed: int = 0, **options):
    """A game played (first legal action each time) up to its critic meal."""
    s = kitchenlab.new_game("critter_kitchen", players=players, seed=seed, **options)
    while s.phase is not Phase.CRITIC:
        s = s.apply(s.legal_actions()[0])
    return s.copy()


def finish(s, *puts):
    """Apply ``puts`` (a seat's meal ends by itself when nothing is left to place), then every
    remaining seat is done."""
    for a in puts:
        s = s.apply(a)
    while not s.is_over:
        s = s.apply("done with critic meal")
    return s


def texts(s) -> list[str]:
    return [a.text for a in s.legal_actions()]


# ------------------------------------------------------------------ 1. prepare


def test_prepare_no_soup_and_at_most_one_ingredient_per_course():
    """Step 1: a course holds at most one ingredient of its type with at most one spice; soup and
    bisque never go in; courses may stay empty."""
    s = at_critic(critic="hedgehog")
    s.storage[0] = toks("fish7 fish5 fish-spice allspice soup bisque")
    legal = texts(s)
    assert "put fish7+spice on fish course" in legal and "put fish7+allspice on fish course" in legal
    assert not any("soup" in a or "bisque" in a for a in legal)
    s = s.apply("put fish7+spice on fish course")
    assert s.current_player == 1          # the fish course is full and nothing else fits: meal over
    s.storage[1] = []
    s = finish(s)
    assert s.results[0].course_qualities == (0, 0, 0, 14, 0, 0, 0)


def test_game_ends_right_after_the_critic_meal():
    """The game ends right after the critic meal: no player to act, nothing legal."""
    s = finish(at_critic(critic="hedgehog"))
    assert s.is_over and s.current_player is None and s.legal_actions() == []


# ------------------------------------------------------------------ 2 to 7, in the game


def test_steps_in_the_game_default_every_rumor_scores_for_every_player():
    """Steps 2-7 with the default [RB] rumor scoring: every rumor scores for every player, known or
    not, and a Fanatic doubles that course (after spices) for everyone at the final score; most
    soup counts soup 1 and bisque 3."""
    s = at_critic(critic="hedgehog")
    s.rumor_cards = ("tender", "nocturnal", "fish_fanatic")
    s.rumors = ((token("rumor1"), None, None), (None, None, None))   # player 1 knows only Tender
    s.storage[0] = toks("fish4 fish-spice bread3 wine7 soup bisque")   # soup value 4
    s.storage[1] = toks("bread7 fish6 soup soup soup")                # soup value 3
    s = finish(s, "put fish4+spice on fish course", "put bread3 on bread course", "put wine7 on wine course",
               "put bread7 on bread course", "put fish6 on fish course")
    p1, p2 = s.results
    assert (p1.soup_value, p2.soup_value) == (4, 3)
    assert (p1.most_soup, p2.most_soup) == (1, 0)
    # step 4 compares before the Fanatic: fish 8 against 6, bread 3 against 7
    assert p1.best_course_types == ("fish", "wine") and p2.best_course_types == ("bread",)
    # step 5: Tender (bread 3 + wine 7) and Nocturnal (printed 3, 4, 7: rising) for player 1
    assert dict(p1.rumors) == {"tender": C.rumor("tender").stars, "nocturnal": C.rumor("nocturnal").stars}
    assert dict(p2.rumors) == {"tender": 0, "nocturnal": 0}          # bread 7 then fish 6 falls
    # step 7: the worked example, a course of 8 after spices becomes 16 with its Fanatic
    assert p1.course_qualities == (3, 0, 0, 16, 0, 0, 7) and p1.final_total == 26
    assert p2.course_qualities[3] == 12 and p2.final_total == 19       # it doubles p2's fish too


def test_known_only_variant_in_the_game():
    """Variant [S0] rumor_scoring=known: a rumor, a Fanatic too, scores only for players who know it."""
    s = at_critic(critic="hedgehog", rumor_scoring="known")
    s.rumor_cards = ("tender", "nocturnal", "fish_fanatic")
    s.rumors = ((token("rumor1"), None, None), (None, None, token("rumor3")))
    s.storage[0] = toks("fish4 fish-spice bread3 wine7")
    s.storage[1] = toks("fish6")
    s = finish(s, "put fish4+spice on fish course", "put bread3 on bread course", "put wine7 on wine course",
               "put fish6 on fish course")
    p1, p2 = s.results
    assert dict(p1.rumors) == {"tender": 3}
    assert p1.course_qualities[3] == 8                                 # player 1 does not know the Fanatic
    assert p2.course_qualities[3] == 12 and dict(p2.rumors) == {}


def test_jerboa_rumor_token_as_allspice_still_counts_as_known():
    """The Jerboa: a rumor token may be used as allspice and still counts as known (known-only
    variant: the rumor still scores for its owner)."""
    s = at_critic(critic="jerboa", rumor_scoring="known")
    s.rumor_cards = ("tender", "nocturnal", "to_go")
    s.rumors = ((token("rumor1"), None, None), (None, None, None))
    s.storage[0] = toks("fish7 bread3 wine7")
    assert "put fish7 spiced with rumor1 on fish course" in texts(s)
    s = finish(s, "put fish7 spiced with rumor1 on fish course", "put bread3 on bread course",
               "put wine7 on wine course")
    p1 = s.results[0]
    assert p1.course_qualities[3] == 14                                 # the token doubles like allspice
    assert dict(p1.rumors) == {"tender": 3}                            # Tender still known and scored
    assert s.rumors[0][0] == token("rumor1")


def test_tree_shrew_triples_in_the_game():
    """The Tree Shrew: a spice (allspice too) triples instead of doubling."""
    s = at_critic(critic="tree_shrew")
    s.rumor_cards = NO_SCORE
    s.storage[0] = toks("fish5 allspice cheese4")
    s = finish(s, "put fish5+allspice on fish course", "put cheese4 on cheese course")
    assert s.results[0].course_qualities == (0, 0, 4, 15, 0, 0, 0)


def test_capybara_bonus_counts_challenge_meals_served():
    """Step 6, the Capybara: bonus stars for challenges served (the kit's [A]: its bonus per meal)."""
    s = at_critic(critic="capybara")
    s.rumor_cards = NO_SCORE
    s.served = ((("x", "fish7", 7, 1), ("y", "bread7", 7, 1)), ())
    s = finish(s)
    per = C.critic("capybara").bonus_stars
    assert per > 0
    assert [r.bonus for r in s.results] == [2 * per, 0]


def test_passing_70_in_the_game_gives_10_stars_then_the_position():
    """Step 7 worked example: a final total of 76 passes 70 (10 stars) and ends on position 6
    (1 star): 11 stars from the track."""
    s = at_critic(critic="hedgehog")
    s.rumor_cards = NO_SCORE
    s.storage[0] = toks("bread7 carrot7 cheese7 fish7 meat7 mushroom6 bread-spice carrot-spice cheese-spice "
                        "fish-spice meat-spice")
    puts = [f"put {t}7+spice on {t} course" for t in ("bread", "carrot", "cheese", "fish", "meat")]
    s = finish(s, *puts, "put mushroom6 on mushroom course")
    p1 = s.results[0]
    assert p1.final_total == 76 and p1.track_stars == 11


@pytest.mark.parametrize("totals,priority,winner", [((30, 20), (0, 1), 0), ((20, 20), (0, 1), 1),
                                                     ((20, 20), (1, 0), 0)])
def test_winner_tie_breaks_in_the_game(totals, priority, winner):
    """Winner: most stars; tie -> furthest on the score track; then ahead (rightmost) on the
    priority track."""
    s = finish(at_critic(critic="hedgehog")).copy()
    s.stars = (15, 15)
    s.totals = totals
    s.priority = priority
    assert s.winners() == [winner]
    s.stars = (14, 15)
    assert s.winners() == [1]


# ------------------------------------------------------------------ rumors never affect challenges


def test_rumors_never_affect_challenge_meals():
    """[RB] Rumors never affect challenges: with the Fish and Bread Fanatics in play the worked
    example (spiced 7 fish + spiced 2 bread + bisque = 21) still gives 4 stars."""
    s = kitchenlab.new_game("critter_kitchen", players=3, seed=3)
    while not (s.phase == "challenge" and s.current_player == 0):
        s = s.apply(s.legal_actions()[0])
    s = s.copy()
    s.challenges = ("ultimate_melt", "wine_and_dine", "tasty_tapas") + s.challenges[3:]
    s.rumor_cards = ("fish_fanatic", "bread_fanatic", "nocturnal")
    s.rumors = ((token("rumor1"), token("rumor2"), token("rumor3")),) + tuple(s.rumors[1:])
    s.storage[0] = toks("fish7 fish-spice bread2 bread-spice bisque")
    before = s.stars[0]
    for a in ("add fish7+spice to meal 1", "add bread2+spice to meal 1", "add bisque to meal 1", "serve meal 1"):
        s = s.apply(a)
    assert s.stars[0] - before == 4


# ------------------------------------------------------------------ critics known, in the game


def test_mouse_cheese_course_holds_several_cheeses_each_spiced():
    """The Mouse: each cheese may be spiced; the cheese course may hold several cheeses [A]; the
    other courses keep the one-ingredient rule."""
    s = at_critic(critic="mouse")
    s.rumor_cards = NO_SCORE
    s.storage[0] = toks("cheese5 cheese3 cheese-spice allspice fish4 fish2")
    s = s.apply("put cheese5+spice on cheese course").apply("put cheese3+allspice on cheese course")
    s = s.apply("put fish4 on fish course")
    assert not any("fish2" in a for a in texts(s))
    s = finish(s)
    assert s.results[0].course_qualities == (0, 0, 10 + 6, 4, 0, 0, 0)


def test_cow_one_course_up_to_four_each_spiced():
    """The Cow: one course may hold up to 4 ingredients of its type, each may be spiced; only one
    course may do so."""
    s = at_critic(critic="cow")
    s.rumor_cards = NO_SCORE
    s.storage[0] = toks("meat2 meat3 meat4 meat5 meat6 meat-spice fish4 fish2")
    for a in ("put meat2 on meat course", "put meat3+spice on meat course", "put meat4 on meat course",
              "put meat5 on meat course"):
        s = s.apply(a)
    assert not any("meat6" in a for a in texts(s))                    # 4 at most
    s = s.apply("put fish4 on fish course")
    assert not any("fish2" in a for a in texts(s))                    # only one course holds several
    s = finish(s)
    assert s.results[0].course_qualities == (0, 0, 0, 4, 2 + 6 + 4 + 5, 0, 0)


def test_fruit_bat_paired_wine_adds_to_its_course():
    """The Fruit Bat: a paired wine's value adds to that course (pairing: one extra unspiced wine
    on a non-wine course [A])."""
    s = at_critic(critic="fruit_bat")
    s.rumor_cards = NO_SCORE
    s.storage[0] = toks("fish5 fish-spice wine4 wine6")
    s = s.apply("put fish5+spice on fish course").apply("pair wine4 with fish course")
    s = finish(s, "put wine6 on wine course")
    assert s.results[0].course_qualities == (0, 0, 0, 10 + 4, 0, 0, 6)


def test_kangaroo_and_rabbit_in_the_game():
    """Worked examples in the game: with the Kangaroo a spiced 6 is 18 and a spiced 3 stays 6; the
    Rabbit with Carrot Fanatic in play makes a spiced 5 carrot 20."""
    s = at_critic(critic="kangaroo")
    s.rumor_cards = NO_SCORE
    s.storage[0] = toks("meat6 meat-spice fish3 fish-spice")
    s = finish(s, "put meat6+spice on meat course", "put fish3+spice on fish course")
    assert s.results[0].course_qualities == (0, 0, 0, 6, 18, 0, 0)
    s = at_critic(critic="rabbit")
    s.rumor_cards = ("carrot_fanatic",) + NO_SCORE[:2]
    s.storage[0] = toks("carrot5 carrot-spice")
    s = finish(s, "put carrot5+spice on carrot course")
    assert s.results[0].course_qualities[1] == 20
