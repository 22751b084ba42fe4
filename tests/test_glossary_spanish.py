"""The glossaries and the option tables in Spanish: official terms first, ingredient names listed,
no flagged mistranslation as a main term, and option texts with no English word left."""

from __future__ import annotations

import re

import pytest

import kitchenlab
from kitchenlab import i18n
from kitchenlab.glossary import game_terms, glossary_html, glossary_table, lookup
from test_language import ENGLISH_WORDS, _english_words_in

#: the ingredient names each game's glossary must list: (English, Spanish)
INGREDIENTS = {
    "critter_kitchen": (("bread", "pan"), ("carrot", "zanahoria"), ("cheese", "queso"), ("fish", "pescado"),
                        ("meat", "carne"), ("mushroom", "champiñón"), ("wine", "vino"), ("allspice", "pimienta")),
    "chefs": (("carrot", "zanahoria"), ("tomato", "tomate"), ("potato", "patata"), ("onion", "cebolla"),
              ("egg", "huevo"), ("flour", "harina")),
    "diced_veggies": (("mushroom (M)", "seta (S)"), ("pepper (P)", "pimiento (P)"), ("carrot (C)", "zanahoria (Z)"),
                      ("tomato (T)", "tomate (T)"), ("onion (O)", "cebolla (C)")),
}

#: words that must never be a glossary's main (Spanish) term: the odd words of the Spanish texts
MISTRANSLATIONS = ("almendra", "carro fanático", "mazo de dibujo", "oficial:", "dibujar", "retén", "waterfront")


@pytest.fixture
def spanish():
    with i18n.using("es"):
        yield


@pytest.mark.parametrize("game", sorted(INGREDIENTS))
def test_each_glossary_lists_its_ingredients_in_spanish(game, spanish):
    table = glossary_table(game)
    pairs = set(zip(table["Inglés"], table["Español"]))
    assert set(INGREDIENTS[game]) <= pairs


def test_the_flagged_terms_are_fixed_and_named_in_the_note():
    assert lookup("critter_kitchen", "Allspice 7th-round token").spanish == "Pimienta de 7.ª ronda"
    assert lookup("critter_kitchen", "Carrot Fanatic").spanish == "Fanático de la zanahoria"
    assert lookup("critter_kitchen", "Hold token").spanish == "ficha de Bloqueo"
    assert lookup("chefs", "draw deck").spanish == "mazo de robo"
    assert "Carro Fanático" in lookup("critter_kitchen", "Carrot Fanatic").note
    assert "mazo de dibujo" in lookup("chefs", "draw deck").note


@pytest.mark.parametrize("game", ["chefs", "critter_kitchen", "diced_veggies", "tem_purr_a"])
def test_no_main_term_is_a_mistranslation(game):
    for term in game_terms(game):
        assert not any(bad in term.spanish.lower() for bad in MISTRANSLATIONS), term


def test_glossary_headers_and_notes_follow_the_language():
    english = glossary_html("chefs", ["draw deck"])
    with i18n.using("es"):
        spanish = glossary_html("chefs", ["draw deck"])
        table = glossary_table("critter_kitchen", ["Carrot Fanatic"])
    assert "<th" in english and ">Spanish</th>" in english and "a mistranslation" in english
    assert ">Español</th>" in spanish and ">nota</th>" in spanish and "una mala traducción" in spanish
    assert list(table.columns) == ["Español", "Inglés", "nota"]
    assert table["nota"][0].startswith("un rumor que duplica el plato de zanahoria")


def _typed_names(game: str) -> set[str]:
    """The option names and values a person types (they stay as written in both languages)."""
    names = set()
    for option in kitchenlab.game_info(game).options:
        names.add(option.name)
        names.update(str(c) for c in (option.choices or ()))
        names.update(str(word[0]) for word in (option.words or ()))
    return names


def _texts_without_typed_names(game: str, rows) -> list[str]:
    typed = sorted(_typed_names(game), key=len, reverse=True)
    pattern = re.compile(r"(?<![\w/.])(" + "|".join(re.escape(t) for t in typed) + r")(?![\w/])")
    return [pattern.sub(" ", str(row[key])) for row in rows for key in ("meaning", "alternatives", "source")]


@pytest.mark.parametrize("game", ["chefs", "critter_kitchen"])
def test_option_tables_in_spanish_leave_no_english_word(game):
    english_rows = kitchenlab.game_info(game).variant_rows()
    with i18n.using("es"):
        spanish_rows = kitchenlab.game_info(game).variant_rows()
    assert _english_words_in(_texts_without_typed_names(game, english_rows))  # the check can fail
    assert _english_words_in(_texts_without_typed_names(game, spanish_rows)) == set()
    assert [(r["option"], r["default"]) for r in spanish_rows] == [(r["option"], r["default"]) for r in english_rows]
    assert all(s["meaning"] != e["meaning"] for s, e in zip(spanish_rows, english_rows))


def test_option_texts_with_numbers_from_the_data_are_filled_in_spanish():
    with i18n.using("es"):
        rows = {r["option"]: r for r in kitchenlab.game_info("critter_kitchen").variant_rows()}
        chefs = {r["option"]: r for r in kitchenlab.game_info("chefs").variant_rows()}
    assert rows["rounds"]["source"] == "RB (7); A (partida corta 3)"
    assert "hedgehog, otter, owl, raccoon son inventadas" in rows["critic"]["source"]
    assert "standard: 6->1, 12->2, 21->4" in rows["thresholds"]["meaning"]
    assert chefs["stall_rounds"]["meaning"].startswith("la regla de bloqueo del kit [A]: tras 10 rondas")

