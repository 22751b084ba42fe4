"""Restaurateurs as far as the rulebook's clarifications state them (the rest of each card is a
graphic the text lost and stays assumed in data/), their place in the final score, and McDogald's
"critic plate item" pick."""

from __future__ import annotations

import csv

import pytest

import kitchenlab
from kitchenlab.critter_kitchen import final, scoring, solo
from kitchenlab.critter_kitchen.actions import Phase
from kitchenlab.critter_kitchen.components import default_path, load_components
from kitchenlab.critter_kitchen.shop import LocationRun
from kitchenlab.critter_kitchen.tokens import token

C = load_components()
RB_NAMES = {"Anthony Boardain", "Goat'N Ramsey", "Graham Elephant", "Herón Sanchez", "Jamie Owliver"}


# ------------------------------------------------------------------ provenance
def test_rulebook_names_and_every_row_marked_assumed():
    rows = list(csv.DictReader(open(default_path() / "restaurateurs.csv", encoding="utf-8")))
    assert RB_NAMES <= {r["name"] for r in rows}
    for r in rows:
        assert r["source"] == "A"      # bonus stars (a graphic) are assumed on every card
        if r["name"] in RB_NAMES:
            assert "[RB]" in r["note"]
        else:
            assert "invented" in r["note"]


def test_stated_abilities_are_modelled():
    assert C.restaurateur("goat_n_ramsey").ability == "two_carrot_plus"
    assert C.restaurateur("goat_n_ramsey").param == "2"
    assert C.restaurateur("heron_sanchez").ability == "challenge_double"


# ------------------------------------------------------------------ Goat'N Ramsey
def test_goat_n_ramsey_two_carrot_plus_two_before_the_rabbit_doubles():
    # [RB] with the Rabbit a 2-value carrot is worth +2 before the critic doubles it: (2 + 2) x 2 = 8
    me, other = scoring.score_critic_meals(["carrot2", "carrot3"], [0, 0], critic="rabbit",
                                           restaurateurs=["goat_n_ramsey", None])
    assert me.course_qualities[1] == 8
    assert other.course_qualities[1] == 6
    assert me.best_course_types == ("carrot",)          # the +2 counts for best of course
    assert me.restaurateur_quality == 4
    # without him the same carrot is 4 under the Rabbit
    plain, = scoring.score_critic_meals(["carrot2"], [0], critic="rabbit")
    assert plain.course_qualities[1] == 4


def test_goat_n_ramsey_without_the_rabbit_and_other_values():
    assert final.restaurateur_course_extra("carrot", "carrot2", "goat_n_ramsey") == 2
    assert final.restaurateur_course_extra("carrot", "carrot2+spice", "goat_n_ramsey") == 4   # (2+2) x 2
    assert final.restaurateur_course_extra("carrot", "carrot3", "goat_n_ramsey") == 0
    assert final.restaurateur_course_extra("bread", "bread2", "goat_n_ramsey") == 0
    assert final.restaurateur_course_extra("carrot", "carrot2", "brewer") == 0
    # Carrot Fanatic doubles the whole course after: (2 + 2) x 2 x 2 = 16
    me, = scoring.score_critic_meals(["carrot2"], [0], critic="rabbit", rumors=["carrot_fanatic"],
                                     restaurateurs=["goat_n_ramsey"])
    assert me.course_qualities[1] == 16


# ------------------------------------------------------------------ Herón Sanchez
def test_heron_sanchez_tasty_tapas_is_23():
    # [RB] bread 7 x2, carrot 4 x2 and a soup = 23
    note = "bread7 carrot4 soup"
    assert scoring.meal_quality(note) + final.restaurateur_meal_extra(note, "heron_sanchez") == 23
    assert final.restaurateur_meal_extra(note, None) == 0
    # a spiced ingredient is not doubled again; one ingredient of each type (the highest)
    assert final.restaurateur_meal_extra("bread7+spice carrot4 carrot3", "heron_sanchez") == 4


def _challenge_state(seed=3):
    s = kitchenlab.new_game("critter_kitchen", players=2, seed=seed, restaurateurs=True)
    while s.phase is not Phase.CHALLENGE:
        s = s.apply(s.legal_actions()[0])
    return s


def test_heron_sanchez_in_play_scores_23_for_tasty_tapas():
    s = _challenge_state().copy()
    seat = s.turn
    (ci, _), *_ = s.day_challenges()
    s.challenges = s.challenges[:ci] + ("tasty_tapas",) + s.challenges[ci + 1:]
    s.rest = type(s.rest)("heron_sanchez" if p == seat else r for p, r in enumerate(s.rest))
    s.storage[seat][:] = [token("bread7"), token("carrot4"), token("soup")]
    before = s.stars[seat]
    for text in ("add bread7 to meal 1", "add carrot4 to meal 1", "add soup to meal 1", "serve meal 1"):
        s = s.apply(text)
    served = s.served[seat][-1]
    assert served[2] == 23                               # quality
    assert served[3] == scoring.challenge_stars(23)      # 21+ → the top threshold
    assert s.stars[seat] - before == served[3]
    assert "quality 23" in s.log[-1]


# ------------------------------------------------------------------ the final score shows the bonus
def test_final_breakdown_has_a_restaurateur_line():
    me, other = scoring.score_critic_meals(["carrot2 bread5", "bread4"], [1, 0], critic="rabbit",
                                           restaurateurs=["goat_n_ramsey", None])
    stars = C.restaurateur("goat_n_ramsey").bonus_stars
    assert me.restaurateur == "Goat'N Ramsey"
    assert me.restaurateur_bonus == stars and me.bonus == stars
    lines = me.lines("Ann")
    assert f"Ann: restaurateur Goat'N Ramsey: bonus {stars} star(s), 4 quality on the plate" in lines
    item = me.itemised()
    assert item["restaurateur"] == "Goat'N Ramsey" and item["restaurateur bonus"] == stars
    assert not any("restaurateur" in line for line in other.lines("Bob"))
    assert "restaurateur" not in other.itemised()


def test_finished_game_log_and_rows_show_each_restaurateur():
    from kitchenlab import sim
    s = sim.play_game("critter_kitchen", 3, 5, "greedy", restaurateurs=True)
    assert s.phase is Phase.OVER
    from kitchenlab.critter_kitchen.phases.critic import final_rows
    rows = final_rows(s)
    for p, row in enumerate(rows):
        r = C.restaurateur(s.rest[p])
        assert row["restaurateur"] == r.name
        assert row["restaurateur bonus"] == r.bonus_stars
        assert any(line.startswith(f"{s._name(p)}: restaurateur {r.name}: bonus {r.bonus_stars}")
                   for line in s.log)


def test_default_game_has_no_restaurateur_line():
    from kitchenlab import sim
    s = sim.play_game("critter_kitchen", 2, 1, "greedy")
    assert not any(": restaurateur " in line for line in s.log)


# ------------------------------------------------------------------ McDogald's "critic plate item"
@pytest.fixture
def plate_row(monkeypatch):
    monkeypatch.setattr(type(C), "critics_choice_day", lambda self, card, day: ("plate", "rumor", "any"))


def _rival(state, items):
    chef = (1, 2, "lizard")
    state.run = LocationRun("X", list(items), [chef], state.priority, known={1: state.known_kinds(1)})
    return state.run.advance()


def test_plate_item_takes_what_most_improves_its_meal(plate_row):
    s = kitchenlab.new_game("critter_kitchen", players=1, seed=0).copy()
    s.storage[1][:] = [token("fish7")]
    chef = _rival(s, ["fish6", "bread3", "fish-spice"])
    # fish6 adds nothing (fish7 is on the plate), bread3 adds 3, the fish spice doubles the 7: +7
    assert solo.plate_gains(s, [token("fish6"), token("bread3"), token("fish-spice")]) == {
        token("fish6"): 0, token("bread3"): 3, token("fish-spice"): 7}
    assert solo.rival_choice(s, chef)[0] == token("fish-spice")


def test_plate_item_ignores_the_critic(plate_row):
    s = kitchenlab.new_game("critter_kitchen", players=1, seed=0, critic="kangaroo").copy()
    s.storage[1][:] = []
    chef = _rival(s, ["bread6", "carrot7"])
    # with the Kangaroo bread 6 would be a 9; McDogald's ignores critic rules: carrot 7
    assert solo.rival_choice(s, chef)[0] == token("carrot7")


def test_plate_item_with_nothing_to_gain_moves_on(plate_row):
    s = kitchenlab.new_game("critter_kitchen", players=1, seed=0).copy()
    s.storage[1][:] = [token("fish7")]
    chef = _rival(s, ["fish2", "rumor1"])
    assert solo.rival_choice(s, chef)[0] == token("rumor1")     # the next condition of the row


def test_goat_n_ramsey_in_play_reaches_the_final_score():
    s = kitchenlab.new_game("critter_kitchen", players=2, seed=4, restaurateurs=True, critic="rabbit")
    while s.phase is not Phase.CRITIC:
        s = s.apply(s.legal_actions()[0])
    s = s.copy()
    s.rest = type(s.rest)(("goat_n_ramsey", "brewer"))
    s.storage[0][:] = [token("carrot2")]
    s.storage[1][:] = [token("carrot3")]
    # the last item placed ends each meal (nothing else can be served)
    for text in ("put carrot2 on carrot course", "put carrot3 on carrot course"):
        s = s.apply(text)
    assert s.phase is Phase.OVER
    me, other = s.results
    fan = 2 if "carrot_fanatic" in s.rumor_cards else 1          # Carrot Fanatic doubles the course after
    assert me.course_qualities[1] == 8 * fan and other.course_qualities[1] == 6 * fan   # (2 + 2) x 2 vs 3 x 2
    assert me.best_course_types == ("carrot",) and other.best_course_types == ()
    assert me.restaurateur_bonus == C.restaurateur("goat_n_ramsey").bonus_stars
    assert other.restaurateur == "The Brewer"
    assert any(line.endswith("4 quality on the plate") for line in s.log)
