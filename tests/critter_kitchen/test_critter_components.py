"""Critter Kitchen data tables: loading, provenance, cross-table checks and clear errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kitchenlab.errors import KitchenlabError

from kitchenlab.critter_kitchen import tokens
from kitchenlab.critter_kitchen.components import (
    Challenge,
    Critic,
    components_table,
    default_path,
    load_components,
)
from kitchenlab.errors import DataFileError


@pytest.fixture(scope="module")
def comps():
    return load_components()


@pytest.fixture
def copy(tmp_path):
    """A fresh copy of the data folder, for editing."""
    dest = tmp_path / "ck"
    shutil.copytree(default_path(), dest)
    return dest


def edit(folder: Path, name: str, old: str, new: str) -> None:
    p = folder / name
    text = p.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    p.write_text(text.replace(old, new, 1), encoding="utf-8")


def row_of(folder: Path, name: str, start: str) -> int:
    """The spreadsheet row (header = 1) of the line starting with ``start``."""
    lines = [ln for ln in (folder / name).read_text(encoding="utf-8").splitlines() if ln.strip()]
    return next(i for i, ln in enumerate(lines, start=1) if ln.startswith(start))


# ------------------------------------------------------------------ the shipped tables


def test_deck_sizes(comps):
    assert len(comps.critics) == 12
    assert len(comps.rumors) == 28
    assert len(comps.zous_chefs) == 12
    assert len(comps.restaurateurs) == 10
    assert len(comps.challenges) >= 6          # 6 are dealt each game


def test_bag_matches_the_token_vocabulary(comps):
    bag = comps.bag_contents()
    assert len(bag) == 119
    assert sorted(bag) == sorted(tokens.bag_contents())
    assert sum(1 for t in bag if tokens.is_ingredient(t)) == 91
    assert sum(1 for t in bag if tokens.is_spice(t)) == 16
    assert sum(1 for t in bag if tokens.is_rumor(t)) == 12


def test_ingredient_types_in_course_order(comps):
    assert tuple(i.type for i in comps.ingredients) == tokens.TYPES
    assert [i.course for i in comps.ingredients] == [1, 2, 3, 4, 5, 6, 7]
    assert all(len(i.values) == 13 and sum(i.values) == 52 for i in comps.ingredients)


def test_soup_and_bisque(comps):
    assert comps.soup("soup").value == 1 and comps.soup("soup").supply is None
    assert comps.soup("soup").start == 1
    assert comps.soup("bisque").value == 3 and comps.soup("bisque").supply == 7


def test_known_challenges(comps):
    um = comps.challenge("ultimate_melt")
    assert isinstance(um, Challenge)
    assert um.requirements == ("bread", "cheese", "fish")
    assert um.source == "RB" and not um.assumed
    assert "meat" in comps.challenge("savory_stack").requirements
    assert comps.challenge("savory_stack").assumed
    for c in comps.challenges:
        assert set(c.requirements) <= set(tokens.TYPES)


def test_critics(comps):
    mouse = comps.critic("mouse")
    assert isinstance(mouse, Critic) and mouse.first_game and mouse.effect == "cheese_multi"
    assert comps.critic("kangaroo").effect == "six_is_nine"
    assert comps.critic("tree_shrew").effect == "spice_triples"
    assert comps.critic("cow").effect == "one_course_four"
    assert comps.critic("jerboa").effect == "rumor_as_allspice"
    assert comps.critic("capybara").effect == "challenge_bonus"
    assert [c.id for c in comps.critics if c.first_game] == ["mouse"]


def test_rumors(comps):
    fan = comps.fanatics
    assert len(fan) == 7
    assert sorted(r.fanatic_type for r in fan) == sorted(tokens.TYPES)
    assert comps.rumor("nocturnal").stars == 5
    assert comps.rumor("tender").stars == 3
    assert comps.rumor("tender").param == "10"
    assert comps.rumor("mercurial").effect == "mercurial"
    names = {r.name for r in comps.rumors}
    for n in ("Hibernator", "Psychedelic Flavor", "Spice Lover", "Big Cheese", "Big Dipper", "Odd Tastes",
              "Simple Palate", "Subtle Flavors", "Super Chatty", "To Go", "Wine Cellar", "Picky",
              "Shortsighted", "Sommelier", "Unsophisticated", "Varied Leftovers", "Varied Servings",
              "Mercurial", "Nocturnal", "Tender", "Extremely Pampered"):
        assert n in names
    # every rumor whose text the sources do not give is marked assumed
    assert all(r.assumed for r in comps.rumors if r.effect not in ("fanatic", "mercurial"))


def test_thresholds_and_track(comps):
    assert comps.thresholds == ((0, 0), (6, 1), (12, 2), (21, 4))
    assert len(comps.track_stars) == 70
    assert comps.track_stars[6] == 1
    assert comps.score_track[6].source == "RB"
    assert all(s.assumed for s in comps.score_track if s.position != 6)
    assert comps.score_lap == 70 and comps.lap_stars == 10


def test_fridge_and_settings(comps):
    assert comps.fridge_limit(1) == 5
    assert comps.fridge_limit(2) == 10
    assert comps.challenge_rounds == (3, 6)
    assert comps.setting_int("challenges_dealt") == 6
    assert comps.setting_int("rumors_dealt") == 3
    assert comps.setting_int("hold_round_day1") == 3
    assert comps.setting_int("hold_round_day2") == 6
    with pytest.raises(KitchenlabError, match="fridge"):
        comps.fridge_limit(3)


def test_locations_per_player_count(comps):
    keys = lambda n: [loc.key for loc in comps.locations_for(n)]  # noqa: E731
    assert keys(2) == ["soup_truck", "garden_top_shop", "desert_vendor", "midnight_merchant", "chef_academy"]
    assert keys(1) == keys(2)                       # solo uses the 2-player layout
    assert keys(3)[3] == "water_market"
    assert keys(5) == ["soup_truck", "garden_top_shop", "desert_vendor", "water_market", "air_docks",
                       "lantern_lane", "midnight_merchant", "chef_academy"]
    academy = comps.location("chef_academy")
    assert academy.spaces(2) == 2 and academy.spaces(1) == 2 and academy.spaces(4) == 0


def test_zous_chefs_and_tokens(comps):
    for z in comps.zous_chefs:
        assert z.capacity in (1, 2, 3)
        assert tokens.is_zous(z.token)
        assert z.assumed


def test_solo_tables(comps):
    chefs = {c.chef for c in comps.solo_cards}
    assert chefs == {"manager", "mouse", "lizard", "boar"}
    for card in comps.critics_choice_cards:
        for day in (1, 2, 3):
            assert comps.critics_choice_day(card, day)
    assert comps.critics_choice_day("standard", 1)[0] == "rumor"      # [RB] example: day one, the rumor first


def test_components_table(comps):
    rows = components_table()
    by = {r["component"]: r for r in rows}
    assert by["critic cards"]["count"] == 12
    assert by["rumor cards"]["count"] == 28
    assert by["ingredient tokens"]["count"] == 91
    assert by["spice tokens"]["count"] == 16
    assert by["ingredient tokens"]["assumed"] is True      # the course order is inferred
    assert by["zous-chef cards"]["assumed"] is True
    assert by["zous-chef cards"]["assumed_rows"] == 12
    assert set(rows[0]) >= {"component", "count", "source", "assumed"}


def test_cache_per_folder(copy):
    a = load_components()
    assert load_components() is a
    b = load_components(copy)
    assert b is not a
    assert load_components(str(copy)) is b


def test_edited_copy_is_used(copy):
    edit(copy, "rumors.csv", "nocturnal,Nocturnal,Nocturno,nocturnal,,5,", "nocturnal,Nocturnal,Nocturno,nocturnal,,7,")
    assert load_components(copy).rumor("nocturnal").stars == 7
    assert load_components().rumor("nocturnal").stars == 5


# ------------------------------------------------------------------ broken copies


def test_bad_number_names_file_row_field(copy):
    row = row_of(copy, "critics.csv", "kangaroo,")
    edit(copy, "critics.csv", "kangaroo,The Kangaroo,El Canguro,six_is_nine,0,", "kangaroo,The Kangaroo,El Canguro,six_is_nine,lots,")
    with pytest.raises(DataFileError) as e:
        load_components(copy)
    msg = str(e.value)
    assert "critics.csv" in msg and f"row {row}" in msg and "'bonus_stars'" in msg


def test_unknown_requirement_type(copy):
    row = row_of(copy, "challenges.csv", "ultimate_melt,")
    edit(copy, "challenges.csv", "bread cheese fish", "bread cheese pizza")
    with pytest.raises(DataFileError) as e:
        load_components(copy)
    msg = str(e.value)
    assert "challenges.csv" in msg and f"row {row}" in msg and "'requirements'" in msg and "pizza" in msg


def test_bad_source_tag(copy):
    row = row_of(copy, "zous_chefs.csv", "mole,")
    edit(copy, "zous_chefs.csv", "mole,Mole,Topo,3,after_last_pick,gain_soup,1,A,", "mole,Mole,Topo,3,after_last_pick,gain_soup,1,X,")
    with pytest.raises(DataFileError) as e:
        load_components(copy)
    msg = str(e.value)
    assert "zous_chefs.csv" in msg and f"row {row}" in msg and "'source'" in msg


def test_unknown_effect(copy):
    row = row_of(copy, "critics.csv", "otter,")
    edit(copy, "critics.csv", "otter,The Otter,La Nutria,none,", "otter,The Otter,La Nutria,swim,")
    with pytest.raises(DataFileError) as e:
        load_components(copy)
    assert f"row {row}" in str(e.value) and "'effect'" in str(e.value)


def test_missing_fanatic(copy):
    edit(copy, "rumors.csv", "wine_fanatic,Wine Fanatic,Fanático del vino,fanatic,wine,", "wine_fanatic,Wine Fanatic,Fanático del vino,fanatic,bread,")
    with pytest.raises(DataFileError, match="rumors.csv.*Fanatic"):
        load_components(copy)


def test_wrong_critic_count(copy):
    p = copy / "critics.csv"
    lines = p.read_text(encoding="utf-8").splitlines()
    p.write_text("\n".join(line for line in lines if not line.startswith("raccoon,")) + "\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="critics.csv.*12"):
        load_components(copy)


def test_values_must_match_tokens(copy):
    row = row_of(copy, "ingredients.csv", "fish,")
    edit(copy, "ingredients.csv", "fish,4,2 2 2", "fish,4,1 2 2")
    with pytest.raises(DataFileError) as e:
        load_components(copy)
    assert "ingredients.csv" in str(e.value) and f"row {row}" in str(e.value) and "'values'" in str(e.value)


def test_solo_preference_must_be_a_location(copy):
    row = row_of(copy, "solo_placement.csv", "lizard_1,")
    edit(copy, "solo_placement.csv", "lizard_1,lizard,,desert_vendor", "lizard_1,lizard,,moon_base")
    with pytest.raises(DataFileError) as e:
        load_components(copy)
    assert f"row {row}" in str(e.value) and "'preferences'" in str(e.value) and "moon_base" in str(e.value)


@pytest.mark.parametrize("card, old, new, says", [
    ("manager_2,", "manager_2,manager,mouse,", "manager_2,manager,,", "a Manager card sends one of mouse, lizard, boar"),
    ("manager_2,", "manager_2,manager,mouse,", "manager_2,manager,manager,", "got 'manager'"),
    ("boar_1,", "boar_1,boar,,", "boar_1,boar,mouse,", "only a Manager card names the chef it sends"),
])
def test_solo_sends_names_a_chef_on_manager_cards_only(copy, card, old, new, says):
    row = row_of(copy, "solo_placement.csv", card)
    edit(copy, "solo_placement.csv", old, new)
    with pytest.raises(DataFileError) as e:
        load_components(copy)
    assert f"row {row}" in str(e.value) and "'sends'" in str(e.value) and says in str(e.value)


def test_score_track_must_cover_every_position(copy):
    p = copy / "score_track.csv"
    lines = p.read_text(encoding="utf-8").splitlines()
    p.write_text("\n".join(line for line in lines if not line.startswith("33,")) + "\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="score_track.csv"):
        load_components(copy)


def test_missing_table(copy):
    (copy / "restaurateurs.csv").unlink()
    with pytest.raises(DataFileError, match="restaurateurs.csv"):
        load_components(copy)


@pytest.mark.parametrize("key, old, new, says", [
    ("hold_round_day1", "hold_round_day1,3,", "hold_round_day1,4,", "hold_round_day1 must be 3"),
    ("hold_round_day2", "hold_round_day2,6,", "hold_round_day2,5,", "hold_round_day2 must be 6"),
    ("challenges_dealt", "challenges_dealt,6,", "challenges_dealt,5,", "challenges_dealt must be 6"),
    ("allspice_round", "allspice_round,7,", "allspice_round,6,", "allspice_round must be 7"),
    ("start_soup", "start_soup,1,", "start_soup,2,", "start_soup must be 1"),
    ("rumors_dealt", "rumors_dealt,3,", "rumors_dealt,4,", "rumors_dealt must be 3"),
])
def test_settings_that_other_rows_decide_must_agree_with_them(copy, key, old, new, says):
    """A setting whose fact the rules take from another row is checked against that row, so an
    edit is never silently ignored: the error names the file, row and field, and what decides it."""
    row = row_of(copy, "settings.csv", key + ",")
    edit(copy, "settings.csv", old, new)
    with pytest.raises(DataFileError) as e:
        load_components(copy)
    assert f"row {row}" in str(e.value) and "'value'" in str(e.value) and says in str(e.value)


@pytest.mark.parametrize("start, old, new, field", [
    # every numbered board has the same spaces (the option item_spaces changes them all)
    ("3,water_market,", "3,water_market,Water Market,Mercado del Agua,numbered,3,3,3,3,",
     "3,water_market,Water Market,Mercado del Agua,numbered,3,3,4,4,",
     "item_spaces"),
    # the Merchant has one number of spaces on both sides (the option merchant_spaces)
    ("6,midnight_merchant,", "midnight_merchant,Midnight Merchant,Comerciante de medianoche,merchant,0,1,3,3,",
     "midnight_merchant,Midnight Merchant,Comerciante de medianoche,merchant,0,1,3,2,", "two_player_item_spaces"),
])
def test_location_spaces_the_game_reads_as_one_value_must_agree(copy, start, old, new, field):
    row = row_of(copy, "locations.csv", start)
    edit(copy, "locations.csv", old, new)
    with pytest.raises(DataFileError) as e:
        load_components(copy)
    assert f"row {row}" in str(e.value) and f"'{field}'" in str(e.value)


def test_every_named_table_has_a_spanish_name(comps):
    for rows in (comps.locations, comps.challenges, comps.critics, comps.rumors,
                 comps.zous_chefs, comps.restaurateurs):
        assert all(r.name_es.strip() for r in rows)
    assert comps.critic("mouse").name_es == "El Ratón"


def test_a_missing_spanish_name_names_file_row_and_field(copy):
    edit(copy, "critics.csv", "kangaroo,The Kangaroo,El Canguro,", "kangaroo,The Kangaroo,,")
    with pytest.raises(DataFileError, match=r"critics\.csv: row 3, field 'name_es'"):
        load_components(copy)
