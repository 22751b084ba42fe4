"""The challenge-meal text of 00_how_to_play says what the engine does (rulebook, "Challenge Meals").

The rulebook: "Each meal you opt to present for a challenge must have at least 1 ingredient matching
each requirement on the card. If you don't have a required ingredient or don't want to use one, you
may substitute 1 soup for it. You may substitute soup for multiple different ingredients, but you
can't prepare a meal that is all soup" and "you can include any number of items of each required
ingredient in your meal, as well as any number of soup".
"""

import json
from pathlib import Path

import pytest

from kitchenlab.critter_kitchen import challenge_stars, meal_quality, validate_challenge_meal
from kitchenlab.critter_kitchen.components import load_components
from kitchenlab.critter_kitchen.howto import meal_rows

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "critter_kitchen" / "00_how_to_play.ipynb"
MELT = load_components().challenge("ultimate_melt")      # bread, cheese, fish


def served(meal):
    return validate_challenge_meal(meal, MELT) == []


def test_two_items_of_one_type_make_a_valid_meal():
    # "any number of items of each required ingredient": two fish, no soup
    assert served("fish7 fish3 bread2 cheese3")
    assert meal_quality("fish7 fish3 bread2 cheese3") == 15 and challenge_stars(15) == 2


def test_extra_soups_and_bisques_may_be_added_on_top():
    # every type already covered; "as well as any number of soup" (bisque counts as soup)
    meal = "bread2+spice fish7+spice cheese5 cheese4 bisque soup"
    assert served(meal)
    assert meal_quality(meal) == 4 + 14 + 5 + 4 + 3 + 1 == 31
    assert challenge_stars(31) == 4            # nothing above 4 stars


def test_the_rulebook_example_a_bisque_for_the_missing_cheese():
    # "(2x2) + (2x7) + 3 = 21" earns 4 stars
    assert served("fish7+spice bread2+spice bisque")
    assert meal_quality("fish7+spice bread2+spice bisque") == 21 and challenge_stars(21) == 4


def test_soup_may_stand_in_for_several_types_but_not_all():
    assert served("fish7 soup soup")                   # soups for the bread and the cheese
    assert meal_quality("fish7 soup soup") == 9
    problems = validate_challenge_meal("soup soup bisque", MELT)
    assert any("all-soup" in p for p in problems)


def test_an_ingredient_of_another_type_is_refused():
    problems = validate_challenge_meal("fish7 meat6 bread2 cheese3", MELT)
    assert problems and "meat6 is meat" in problems[0]


def test_meal_rows_are_the_numbers_the_notebook_shows():
    rows = meal_rows("ultimate_melt", ["fish7+spice bread2+spice bisque", "fish7 fish3 bread2 cheese3",
                                       "bread2+spice fish7+spice cheese5 cheese4 bisque soup",
                                       "fish7 meat6 bread2 cheese3", "soup soup bisque"])
    assert [(r["quality"], r["stars"], bool(r["problems"])) for r in rows] == [
        (21, 4, False), (15, 2, False), (31, 4, False), (18, 0, True), (5, 0, True)]


@pytest.fixture(scope="module")
def notebook_text():
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    return nb


def test_the_notebook_teaches_duplicates_and_extra_soup(notebook_text):
    cells = notebook_text["cells"]
    text = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert "one ingredient of every type" not in text     # the old wording read as "exactly one"
    assert "any number of ingredients of the types asked for" in text
    assert "any number of extra soups and bisques" in text
    code = next(c for c in cells if "meal_rows(" in "".join(c["source"]))
    assert "fish7 fish3 bread2 cheese3" in "".join(code["source"])
    shown = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                    for o in code["outputs"])
    assert "= 21" in shown and "15      2" in shown and "31      4" in shown
