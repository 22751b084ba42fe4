"""The Chefs data tables: what the box holds, and clear errors for malformed files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kitchenlab import DataFileError
from kitchenlab.chefs import components_table, load_components
from kitchenlab.chefs.components import parse_needs
from kitchenlab.data import data_path


def test_the_box_holds_60_ingredient_cards_6_kinds_of_10():
    c = load_components()
    assert len(c.kinds) == 6
    assert [k.count for k in c.kinds] == [10] * 6
    assert sum(k.count for k in c.kinds) == 60
    assert c.kind_names == ("carrot", "tomato", "potato", "onion", "egg", "flour")
    assert all(k.assumed for k in c.kinds)      # the names are the kit's own


def test_29_meal_cards_with_assumed_recipes():
    c = load_components()
    assert len(c.meals) == 29
    assert len({m.name for m in c.meals}) == 29
    assert all(m.assumed for m in c.meals)
    assert all(m.steps >= 1 and m.cost >= 1 for m in c.meals)
    assert c.meals[10].name == "Tomato soup" and c.meals[10].needs == ((1, 2), (3, 1)) and c.meals[10].steps == 3


def test_6_chefs_with_3_discs_and_different_chef_card_ingredients():
    c = load_components()
    assert len(c.chefs) == 6
    assert all(ch.discs == 3 for ch in c.chefs)
    assert sorted(ch.ingredient for ch in c.chefs) == list(range(6))


def test_locations_in_resolution_order_and_circles():
    c = load_components()
    assert [loc.key for loc in c.locations] == ["counter", "window", "door", "wall", "service"]
    assert [loc.circles for loc in c.locations] == [None, None, 5, None, None]
    assert c.door_boxes == ((1, 1), (1, 2), (2, 2), (2, 3), (3, 4))
    assert c.layouts == {2: (4, 1), 3: (6, 2), 4: (6, 2), 5: (8, 3), 6: (8, 3)}
    assert c.settings == {"hand_deal": 2, "discs_per_player": 3, "finish_square": 20, "track_squares": 20,
                          "stall_rounds": 10}
    assert c.circle_tables[4] == {"counter": 4, "window": 4, "door": 5, "wall": 4, "service": 4}


def test_components_table_marks_assumed_rows():
    rows = components_table()
    by = {r["component"]: r for r in rows}
    assert by["ingredient cards"]["count"] == 60 and not by["ingredient cards"]["assumed"]
    assert by["meal recipes and steps"]["assumed"]
    assert by["circles at door"]["count"] == 5 and by["circles at door"]["assumed"]
    assert by["door exchange boxes"]["note"] == "1→1, 1→2, 2→2, 2→3, 3→4"


@pytest.fixture
def copy_dir(tmp_path):
    dst = tmp_path / "chefs"
    shutil.copytree(data_path("chefs", ""), dst)
    load_components.cache_clear()
    yield dst
    load_components.cache_clear()


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("file,old,new,expected", [
    ("ingredients.csv", "0,carrot,zanahoria,Car,#EB8225,10", "0,carrot,zanahoria,Car,#EB8225,11",
     "add up to 61 ingredient cards"),
    ("ingredients.csv", "0,carrot,zanahoria,Car,#EB8225,10", "0,carrot,zanahoria,Car,#EB8225,ten",
     "row 2, field 'count'"),
    ("ingredients.csv", "1,tomato,tomate,Tom", "1,carrot,tomate,Tom", "row 3, field 'name': 'carrot' appears twice"),
    ("ingredients.csv", "1,tomato,tomate,Tom", "1,tomato,,Tom", "row 3, field 'name_es'"),
    ("ingredients.csv", "1,tomato,tomate,Tom", "1,tomato,zanahoria,Tom", "row 3, field 'name_es': 'zanahoria' appears twice"),
    ("ingredients.csv", "#D64038", "red", "row 3, field 'color'"),
    ("meals.csv", "29,Garden feast,Festín de la huerta,carrot:1 tomato:1 flour:1 egg:1,6,A,\n", "", "28 meal cards listed"),
    ("meals.csv", "2,Tomato salad,Ensalada de tomate,", "2,Tomato salad,,", "row 3, field 'name_es'"),
    ("meals.csv", "2,Tomato salad,Ensalada de tomate,", "2,Tomato salad,Patata asada,", "row 4, field 'name_es': 'Patata asada' appears twice"),
    ("meals.csv", "2,Tomato salad,Ensalada de tomate,tomato:2,2,A", "2,Tomato salad,Ensalada de tomate,tomatoe:2,2,A",
     "row 3, field 'needs'"),
    ("meals.csv", "Ensalada de tomate,tomato:2,2,A", "Ensalada de tomate,tomato:2,2,X", "row 3, field 'source'"),
    ("meals.csv", "Patata asada,potato:2,2,A", "Patata asada,potato:2,0,A", "row 4, field 'steps'"),
    ("chefs.csv", "2,#2E6DB4,tomato", "2,#2E6DB4,carrot", "row 3, field 'ingredient': 'carrot' appears twice"),
    ("chefs.csv", "2,#2E6DB4,tomato,3", "2,#2E6DB4,tomato,4", "row 3, field 'discs'"),
    ("locations.csv", "3,door,door,puerta,la,5", "3,door,door,puerta,la,0", "row 4, field 'circles'"),
    ("locations.csv", "3,door,door,puerta,la,5", "3,door,door,,la,5", "row 4, field 'name_es'"),
    ("locations.csv", "3,door,door,puerta,la,5", "3,door,door,puerta,the,5", "row 4, field 'article_es'"),
    ("door_boxes.csv", "5,3,4,S1,\n", "", "4 exchange boxes listed"),
    ("layout.csv", "6,8,3,S1,\n", "", "no layout row for 6 players"),
    ("layout.csv", "2,4,1,S1", "7,4,1,S1", "row 2, field 'players'"),
    ("circles_by_players.csv", "2,2,2,3,2,2,A", "2,1,1,1,1,1,A", "cannot hold the 6 discs"),
    ("circles_by_players.csv", "4,4,4,5,4,4,A", "4,4,4,6,4,4,A", "row 4, field 'door'"),
    ("settings.csv", "hand_deal,2,S1", "hand_deals,2,S1", "missing rows for key(s) hand_deal"),
])
def test_malformed_files_name_file_row_and_field(copy_dir, file, old, new, expected):
    _edit(copy_dir / file, old, new)
    with pytest.raises(DataFileError) as err:
        load_components(str(copy_dir))
    assert file in str(err.value)
    assert expected in str(err.value), str(err.value)


def test_a_missing_file_is_a_data_file_error(copy_dir):
    (copy_dir / "meals.csv").unlink()
    with pytest.raises(DataFileError, match="meals.csv"):
        load_components(str(copy_dir))


def test_a_teacher_may_edit_a_recipe(copy_dir):
    _edit(copy_dir / "meals.csv", "Palitos de zanahoria,carrot:2,2,A", "Palitos de zanahoria,carrot:3,4,A")
    c = load_components(str(copy_dir))
    assert c.meals[0].needs == ((0, 3),) and c.meals[0].steps == 4


def test_parse_needs():
    names = ("carrot", "tomato", "potato", "onion", "egg", "flour")
    assert parse_needs("onion:1 tomato:2", names) == ((1, 2), (3, 1))
    for bad in ("", "tomato", "tomato:0", "tomato:1 tomato:1", "fish:1"):
        with pytest.raises(ValueError):
            parse_needs(bad, names)
