"""The official rulebook's own examples and clarifications, with its numbers; the assumed cards must
fit every one of them. Also the provenance the data tables promise."""

from __future__ import annotations

import csv

import kitchenlab
from kitchenlab.critter_kitchen import scoring
from kitchenlab.critter_kitchen.components import default_path, load_components
from kitchenlab.critter_kitchen.actions import Phase
from kitchenlab.critter_kitchen.tokens import token

C = load_components()


# ------------------------------------------------------------------ 8. the Rabbit

def test_rabbit_spiced_five_carrot_with_carrot_fanatic_is_20():
    assert scoring.course_quality("carrot5+spice", critic="rabbit", fanatic=True) == 20
    me, = scoring.score_critic_meals(["carrot5+spice"], [0], critic="rabbit", rumors=["carrot_fanatic"])
    assert me.course_qualities[1] == 20
    # the Rabbit doubles carrots (Goat'N Ramsey's clarification); other types are untouched
    assert scoring.course_quality("carrot5", critic="rabbit") == 10
    assert scoring.course_quality("fish5+spice", critic="rabbit") == 10


def test_rabbit_exact_optimiser_agrees():
    best = scoring.best_critic_meal("carrot5 carrot-spice fish4", "rabbit", ["carrot_fanatic"])
    assert best.meal["carrot"].startswith("carrot5")
    assert best.total == 20 + 4


# ------------------------------------------------------------------ 9. Tasty Tapas

def test_tasty_tapas_fits_both_rulebook_meals():
    tapas = C.challenge("tasty_tapas")
    assert {"carrot", "mushroom"} <= set(tapas.requirements)
    # Nathan's meal (third challenge of the day, so under the Hold): carrot 6, carrot 2, mushroom 3
    # and a soup that stands in for nothing = 12, 2 stars
    held = scoring.apply_hold(tapas)
    meal = "carrot6 carrot2 mushroom3 soup"
    assert scoring.validate_challenge_meal(meal, held) == []
    assert scoring.meal_quality(meal) == 12 and scoring.challenge_stars(12) == 2
    # the soup is not needed for a requirement: without it the meal still meets every held type
    assert all(any(i.type == t for i in scoring._parse("carrot6 carrot2 mushroom3")) for t in held)
    # Herón Sanchez's Tasty Tapas: bread 7, carrot 4 and a soup (standing in for the mushroom)
    assert scoring.validate_challenge_meal("bread7 carrot4 soup", tapas) == []


def test_ultimate_melt_21_is_4_stars():
    melt = C.challenge("ultimate_melt")
    assert melt.requirements == ("bread", "cheese", "fish")
    meal = "bread2+spice fish7+spice bisque"
    assert scoring.validate_challenge_meal(meal, melt) == []
    assert scoring.meal_quality(meal) == 21 and scoring.challenge_stars(21) == 4


# ------------------------------------------------------------------ the Hold

def test_hold_the_covered_requirement_is_no_longer_required_nor_allowed():
    melt = C.challenge("ultimate_melt")
    held = scoring.apply_hold(melt)
    assert held == ["bread", "cheese"]
    assert scoring.validate_challenge_meal("bread5 cheese4", held) == []      # quality 9: 1 star
    # a meal holds only required types and soup: the covered fish is another type now
    probs = scoring.validate_challenge_meal("bread5 cheese4 fish3", held)
    assert probs and "fish3 is fish" in probs[0]
    # fewer required ingredients, but you might need more of them
    assert scoring.validate_challenge_meal("bread5 bread4 cheese4 cheese2", held) == []


def test_hold_in_the_game_offers_no_covered_ingredient():
    s = kitchenlab.new_game("critter_kitchen", players=1, seed=0).copy()
    s.challenges = ("ultimate_melt", "wine_and_dine", "tasty_tapas") + s.challenges[3:]
    s.round, s.revealed, s.hold = 3, 3, {3: 0}
    s.phase, s.turn = Phase.CHALLENGE, 0
    s.storage[0] = [token(t) for t in "bread5 cheese4 fish3 soup".split()]
    from kitchenlab.critter_kitchen.phases.meals import legal_challenge

    texts = [a.text for a in legal_challenge(s)]
    assert "add bread5 to meal 1" in texts and "add cheese4 to meal 1" in texts
    assert "add fish3 to meal 1" not in texts
    assert s.view(0)["challenges"][0]["hold_covers"] == "fish"


# ------------------------------------------------------------------ 10. Odd Tastes with the Kangaroo

def test_odd_tastes_kangaroo_sixes_are_odd():
    stars = C.rumor("odd_tastes").stars
    assert stars > 0
    assert scoring.rumor_stars("odd_tastes", "bread7 fish6", critic="kangaroo") == stars
    assert scoring.rumor_stars("odd_tastes", "bread7 fish6") == 0
    a, = scoring.score_critic_meals(["bread7 fish6"], [0], critic="kangaroo", rumors=["odd_tastes"])
    assert dict(a.rumors)["odd_tastes"] == stars


# ------------------------------------------------------------------ 11. Spice Lover

def test_spice_lover_pays_when_no_other_player_served_three_spices():
    assert C.rumor("spice_lover").stars == 2                       # Nicole's 2 stars [RB]
    nicole = "bread3 fish5+spice wine7"
    few = "carrot4+spice meat5+spice"
    many = "carrot4+spice meat5+spice fish6+allspice"
    n1, o1 = scoring.score_critic_meals([nicole, few], [0, 0], rumors=["spice_lover"])
    assert dict(n1.rumors)["spice_lover"] == 2 and dict(o1.rumors)["spice_lover"] == 2
    n2, o2 = scoring.score_critic_meals([nicole, many], [0, 0], rumors=["spice_lover"])
    assert dict(n2.rumors)["spice_lover"] == 0                      # the other served 3 spices
    assert dict(o2.rumors)["spice_lover"] == 2                      # its own count does not matter


# ------------------------------------------------------------------ 12. Nocturnal and Tender (Nicole)

def test_nicole_nocturnal_counts_each_course_served_and_tender():
    nicole = "bread3 cheese4 meat6 wine7"                 # rising over the courses she served
    got = dict(scoring.score_critic_meals([nicole], [0], rumors=["nocturnal", "tender"])[0].rumors)
    assert got == {"nocturnal": 5, "tender": 3}            # 3 bread + 7 wine = 10
    assert scoring.rumor_stars("nocturnal", "bread3 cheese4 meat2 wine7") == 0


def test_other_rulebook_numbers():
    assert scoring.course_quality("fish4+spice", fanatic=True) == 16            # a course of 8 becomes 16
    assert scoring.course_quality("meat6+spice", critic="kangaroo") == 18
    assert scoring.course_quality("meat3+spice", critic="kangaroo") == 6
    assert scoring.final_score_stars(76) == 11
    assert scoring.rumor_stars("mercurial", "bread3 fish7") == 4
    # Kristin: Tree Shrew and the Wine Fanatic (she did not know it): 15 quality wine course -> 30 [RB]
    assert scoring.course_quality("wine5+spice", critic="tree_shrew", fanatic=True) == 30


# ------------------------------------------------------------------ 13. provenance

def _rows(name):
    with open(default_path() / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(line for line in f if line.strip() and not line.startswith("#")))


def test_rows_mixing_fact_and_assumption_are_marked_assumed():
    for r in _rows("critics.csv"):
        if "assumed" in r["note"] or "invented" in r["note"]:
            assert r["source"] == "A", r["id"]
    assert C.critic("mouse").assumed                         # the unlimited cheeses
    assert all(i.assumed for i in C.ingredients)              # the course order is inferred
    for r in C.rumors:
        if r.is_fanatic:
            assert r.assumed                                  # the advanced flag is not known
    for r in _rows("rumors.csv") + _rows("zous_chefs.csv") + _rows("restaurateurs.csv") + _rows("challenges.csv"):
        if "assumed" in r["note"] or "invented" in r["note"] or "not known" in r["note"]:
            assert r["source"] == "A", r["id"]


def test_rules_command_lists_no_invented_critic_under_rb(capsys):
    from kitchenlab import cli

    cli.main(["rules", "critter_kitchen"])
    out = capsys.readouterr().out
    block = out[out.index("\ncritic "):]
    source = next(line for line in block.splitlines() if "source:" in line)
    assert "A:" in source and "hedgehog" in source


# ------------------------------------------------------------------ 14. names the rulebook gives

def test_rulebook_names():
    zous = {z.name for z in C.zous_chefs}
    assert {"Ming", "Carol", "Newton", "Otto", "Penny"} <= zous
    rest = {r.name for r in C.restaurateurs}
    assert {"Anthony Boardain", "Goat'N Ramsey", "Graham Elephant", "Herón Sanchez", "Jamie Owliver"} <= rest
    for z in C.zous_chefs:
        if z.name not in {"Ming", "Carol", "Newton", "Otto", "Penny"}:
            assert "invented" in z.note
    assert C.zous_chef("carol").ability == "tie_star"
    assert C.zous_chef("newton").ability == "gain_soup"


def test_carol_gains_a_star_after_a_tie_move():
    from kitchenlab.critter_kitchen.shop import LocationRun

    s = kitchenlab.new_game("critter_kitchen", players=2, seed=0).copy()
    s.phase = Phase.SHOP
    s.priority = (1, 0)                                      # player 1 (seat 0) at the front
    s.plans = [{"zous:carol": 1}, {"mouse": 1}]
    s.hired = ("carol", None)
    s.loc = 1
    s.items[1] = [token("fish7"), token("bread2")]
    s.run = LocationRun("Garden Top Shop", s.items[1], [(0, 1, "zous:carol"), (1, 1, "mouse")], s.priority)
    s.soups_paid = 0
    s.run.advance()
    before = s.stars[0]
    s._take(token("fish7"), None)
    assert s.stars[0] == before + 1
    assert any("Carol tied and moved to the back" in line for line in s.log)
    assert any("now, left to right" in line for line in s.log)


# ------------------------------------------------------------------ 16. the log reads well

def test_log_names_and_consolation_soups():
    from kitchenlab import sim

    early = nothing = 0
    for seed in range(4):
        for players in (1, 2, 3):
            s = sim.play_game("critter_kitchen", players, seed, "greedy" if seed % 2 else "random")
            log = "\n".join(s.log)
            assert "zous:" not in log
            early += log.count("leaves early for a consolation soup")
            nothing += log.count("finds nothing left and goes home with a consolation soup")
            for line in s.log:
                if "hat moves to the back" in line:
                    assert "now, left to right:" in line
            for v in (s.view(None), s.view(0)):
                for loc in v["locations"]:
                    assert not any(n.startswith("zous:") for n in loc["item_names"])
    assert early and nothing


# ------------------------------------------------------------------ 17. rumor texts in the play widget

def test_every_rumor_has_an_effect_text_and_the_silent_ones_say_so():
    from kitchenlab.critter_kitchen.rumors import rumor_effect_text

    silent = [r for r in C.rumors if r.effect == "unknown"]
    assert len(silent) == 9
    for r in C.rumors:
        text = rumor_effect_text(r)
        assert text
        assert ("scores nothing" in text) == (r.effect == "unknown")
    assert rumor_effect_text("spice_lover") == "no other restaurant served 3 or more spices: 2 stars"


def test_play_widget_shows_rumor_texts_marked_assumed_and_every_plate():
    from kitchenlab import sim
    from kitchenlab.critter_kitchen.play_view import play_view_html
    from kitchenlab.critter_kitchen.rumors import rumor_effect_text

    s = sim.play_game("critter_kitchen", 1, 3, "greedy")
    html = play_view_html(s, 0)
    for rid in s.rumor_cards:
        r = C.rumor(rid)
        assert rumor_effect_text(r).replace("'", "&#x27;") in html["table"]
    assert html["table"].count("⚠") >= sum(C.rumor(r).assumed for r in s.rumor_cards)
    assert "Every critic plate" in html["own"] and "McDogald" in html["own"]
    assert f"McDogald&#x27;s {s.stars[1]} star(s)" in html["own"]


def test_hold_in_the_builder_agrees():
    from kitchenlab.critter_kitchen.widgets import ChallengeMealBuilder

    b = ChallengeMealBuilder("bread5 cheese4 fish3", "ultimate_melt", hold=True, chart=False)
    b.add("bread5")
    b.add("cheese4")
    assert b.problems == [] and b.stars == 1
    b.add("fish3")
    assert b.problems and "fish3 is fish" in b.problems[0] and b.stars == 0
    b.hold.value = False
    assert b.problems == [] and b.quality == 12
