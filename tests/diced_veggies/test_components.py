"""Diced Veggies data tables: counts from the digest, assumed rows marked, errors naming file/row/field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kitchenlab import DataFileError
from kitchenlab.data import data_path
from kitchenlab.diced_veggies.components import load_components
from kitchenlab.diced_veggies.hypes import RuleError, parse_points, parse_rule


def test_counts_match_the_digest():
    c = load_components()
    assert sum(col.dice for col in c.colours) == 35
    assert [col.dice for col in c.colours] == [7, 7, 7, 7, 7]
    assert sorted(c.faces) == [2, 2, 3, 4, 5, 6]
    assert (c.count("block_rows"), c.count("block_cols")) == (5, 7)
    assert len(c.recipes) == 44 and len(c.hypes) == 34
    assert c.count("display") == 3
    assert (c.count("dice_limit"), c.count("recipe_limit"), c.count("hype_limit")) == (8, 2, 2)
    assert c.count("end_trigger") == 6 and c.count("cut_limit") == 10
    assert [col.name for col in c.colours][:2] == ["mushroom", "pepper"]


def test_recipes_and_hypes_are_marked_assumed():
    c = load_components()
    assert all(r.assumed for r in c.recipes) and all(h.assumed for h in c.hypes)
    assert not c.colour("M").assumed and c.colour("C").assumed


def test_digest_sample_hypes_exist():
    c = load_components()
    rules = {str(h.rule) for h in c.hypes}
    assert "sum = 19" in rules and "run" in rules and "extra M" in rules
    lover = next(h for h in c.hypes if str(h.rule) == "extra M")
    assert lover.points.score([("M", 2), ("M", 3), ("P", 4)]) == 6


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "dv"
    shutil.copytree(data_path("diced_veggies", ""), folder)
    return folder


def _edit(folder: Path, name: str, old: str, new: str) -> None:
    p = folder / name
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))


# Row numbers count the header as row 1 and skip comment lines (kitchenlab.data.read_table).
@pytest.mark.parametrize("name,old,new,expected", [
    ("hypes.csv", "sum = 19", "sum == 19", ["hypes.csv", "row 8", "'rule'"]),
    ("hypes.csv", "extra M", "extra X", ["hypes.csv", "row 25", "'rule'", "colour letters"]),
    ("hypes.csv", "count 6 >= 2", "count 1 >= 2", ["hypes.csv", "'rule'", "2..6"]),
    ("hypes.csv", "3 per M", "3 each M", ["hypes.csv", "row 25", "'points'"]),
    ("hypes.csv", "En orden,run", "En orden,jump", ["hypes.csv", "'rule'", "unknown condition"]),
    ("recipes.csv", "Tostada de setas,MM,2", "Tostada de setas,MX,2", ["recipes.csv", "row 2", "'ingredients'"]),
    ("recipes.csv", "Tostada de setas,MM,2", "Tostada de setas,MM,two", ["recipes.csv", "row 2", "'points'"]),
    ("recipes.csv", "2,Pepper Poppers", "2,Mushroom Toast", ["recipes.csv", "row 3", "'name'", "twice"]),
    ("colours.csv", "M,mushroom,S,seta,#C8A97E,7,P", "M,mushroom,S,seta,#C8A97E,7,Q", ["colours.csv", "row 2", "'source'"]),
    ("colours.csv", "O,onion,C,cebolla", "O,onion,S,cebolla", ["colours.csv", "row 6", "'letter_es'", "twice"]),
    ("colours.csv", "O,onion,C,cebolla", "O,onion,c,cebolla", ["colours.csv", "row 6", "'letter_es'", "capital"]),
    ("recipes.csv", "Tostada de setas,MM", ",MM", ["recipes.csv", "row 2", "'name_es'"]),
    ("hypes.csv", "Doce perfecto,", ",", ["hypes.csv", "row 2", "'name_es'"]),
    ("components.csv", "end_trigger,6", "end_trigger,-6", ["components.csv", "'count'"]),
])
def test_malformed_rows_name_file_row_and_field(tmp_path, name, old, new, expected):
    folder = _copy(tmp_path)
    _edit(folder, name, old, new)
    with pytest.raises(DataFileError) as err:
        load_components(str(folder))
    for part in expected:
        assert part in str(err.value), (part, str(err.value))


def test_a_missing_card_is_counted(tmp_path):
    folder = _copy(tmp_path)
    p = folder / "hypes.csv"
    p.write_text("\n".join(p.read_text().splitlines()[:-1]) + "\n")
    with pytest.raises(DataFileError, match="holds 33 cards"):
        load_components(str(folder))


@pytest.mark.parametrize("text", ["", "sum", "sum = x", "run 3", "count 7 >= 1", "extra M and extra P",
                                  "sum = 5 and", "colours > 2"])
def test_rule_language_refuses_bad_rules(text):
    with pytest.raises(RuleError):
        parse_rule(text)


def test_rule_language_conditions():
    d = [("M", 2), ("P", 3), ("C", 4)]
    assert parse_rule("run").met(d) and parse_rule("distinct").met(d)
    assert not parse_rule("run").met([("M", 2), ("P", 4)])
    assert not parse_rule("run").met([("M", 3), ("P", 3), ("C", 4)])
    assert parse_rule("same").met([("M", 5), ("T", 5)]) and not parse_rule("same").met(d)
    assert parse_rule("even").met([("M", 2), ("P", 6)]) and not parse_rule("even").met(d)
    assert parse_rule("odd").met([("M", 3), ("P", 5)])
    assert parse_rule("sum = 9").met(d) and parse_rule("sum <= 9").met(d) and not parse_rule("sum >= 10").met(d)
    assert parse_rule("colours >= 3").met(d) and not parse_rule("colours >= 4").met(d)
    assert parse_rule("count 2 >= 1 and dice >= 3").met(d)
    assert parse_rule("extra P").met(d) and not parse_rule("extra T").met(d)
    assert parse_points("2 per die").score(d) == 6 and parse_points("5").score(d) == 5
