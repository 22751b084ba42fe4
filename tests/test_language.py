"""The kit in two languages: one switch, the gettext catalogue, and games and saves that do not
depend on the language (see ``kitchenlab.i18n``)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import kitchenlab
from kitchenlab import i18n

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "kitchenlab" / "locale" / "es" / "LC_MESSAGES" / "kitchenlab.po"
MO = PO.with_suffix(".mo")


@pytest.fixture
def spanish():
    """Spanish mode for one test; the language before comes back afterwards."""
    with i18n.using("es"):
        yield


# ---------------------------------------------------------------- the switch


def test_switch_sets_and_reports_the_language():
    assert kitchenlab.language() == "en"
    try:
        assert kitchenlab.set_language("es") == "es"
        assert kitchenlab.language() == "es"
        assert i18n._("nobody") == "nadie"
        assert kitchenlab.set_language("EN") == "en"
        assert i18n._("nobody") == "nobody"
    finally:
        kitchenlab.set_language("en")


def test_region_and_encoding_are_ignored():
    assert i18n.check_language("es_MX.UTF-8") == "es"
    assert i18n.check_language("en-GB") == "en"


@pytest.mark.parametrize("bad", ["fr", "", "spanish", None, 3])
def test_a_bad_code_names_the_languages_there_are(bad):
    with pytest.raises(kitchenlab.OptionError, match=r"unknown language .*'en' \(English\), 'es' \(español\)"):
        kitchenlab.set_language(bad)
    assert kitchenlab.language() == "en"


def _run_python(code: str, lang: str | None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != i18n.ENV_VARIABLE}
    if lang is not None:
        env[i18n.ENV_VARIABLE] = lang
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)


def test_the_environment_variable_sets_the_starting_language():
    assert _run_python("import kitchenlab; print(kitchenlab.language())", "es").stdout.strip() == "es"
    assert _run_python("import kitchenlab; print(kitchenlab.language())", None).stdout.strip() == "en"
    bad = _run_python("import kitchenlab", "xx")
    assert bad.returncode != 0 and "KITCHENLAB_LANG: unknown language 'xx'" in bad.stderr


def test_numbers_and_percentages_in_each_language():
    assert (i18n.number(1.5), i18n.percent(0.25), i18n.percent(0.125, 1)) == ("1.5", "25%", "12.5%")
    with i18n.using("es"):
        assert (i18n.number(1.5), i18n.percent(0.25), i18n.percent(0.125, 1)) == ("1,5", "25 %", "12,5 %")
        assert i18n.number(2 / 3, 2) == "0,67"


# ---------------------------------------------------------------- the catalogue


def _catalogue():
    from babel.messages.pofile import read_po

    with PO.open("rb") as f:
        return read_po(f)


def test_every_catalogue_entry_is_translated():
    untranslated = []
    for message in _catalogue():
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(s.strip() for s in strings):
            untranslated.append(message.id)
    assert untranslated == []


def test_translations_keep_every_placeholder():
    import string

    def fields(text):
        return sorted(f for _, f, _, _ in string.Formatter().parse(text) if f is not None)

    wrong = []
    for message in _catalogue():
        if not message.id or "python-brace-format" not in message.flags:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if any(fields(s) != fields(ids[-1]) for s in strings):
            wrong.append(message.id)
    assert wrong == []


def test_compiled_catalogue_is_current_with_the_po():
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, _catalogue())
    assert MO.read_bytes() == out.getvalue(), "kitchenlab.mo is older than kitchenlab.po: run `make locale`"


def test_catalogue_holds_every_marked_text():
    """The .po was extracted from the code as it is: no marked text is missing from it."""
    from babel.messages.extract import extract_from_dir

    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in _catalogue() if m.id}
    marked = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map=[("kitchenlab/**.py", "python")],
            keywords={"_": None, "N_": None, "ngettext": (1, 2)}):
        marked.add(message if isinstance(message, str) else message[0])
    assert sorted(marked - ids) == []


def test_compiled_catalogue_ships_in_the_wheel(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(tmp_path), str(ROOT)], check=True, capture_output=True, timeout=300)
    (wheel,) = tmp_path.glob("kitchenlab-*.whl")
    assert "kitchenlab/locale/es/LC_MESSAGES/kitchenlab.mo" in zipfile.ZipFile(wheel).namelist()


def test_plural_forms_follow_the_language(spanish):
    assert i18n.ngettext("{count} token", "{count} tokens", 1).format(count=1) == "1 ficha"
    assert i18n.ngettext("{count} token", "{count} tokens", 3).format(count=3) == "3 fichas"


# ---------------------------------------------------------------- games in both languages

#: the games told in Spanish so far
SPANISH_GAMES = ("tem_purr_a", "diced_veggies", "critter_kitchen", "chefs")

#: English words that must not be left in a Spanish game's texts (whole words, any case)
ENGLISH_WORDS = ("the", "and", "player", "players", "draws", "draw", "score", "scores", "winner", "round",
                 "stack", "deck", "card", "cards", "eat", "eats", "serve", "serves", "skip", "play", "plays",
                 "with", "reverse", "choose", "next", "indigestion", "token", "out", "tie", "add", "is")


def _seeded_games(game: str):
    from kitchenlab.sim import play_game

    for players in kitchenlab.player_counts(game):
        for seed in (0, 1, 2):
            yield players, seed, play_game(game, players, seed, None)


def _english_words_in(texts) -> set[str]:
    import re

    pattern = re.compile(r"\b(" + "|".join(ENGLISH_WORDS) + r")\b", re.IGNORECASE)
    return {m.group(0).lower() for text in texts for m in pattern.finditer(text)}


@pytest.mark.parametrize("game", SPANISH_GAMES)
def test_spanish_games_leave_no_english_word(game, spanish):
    texts = []
    for _players, _seed, state in _seeded_games(game):
        texts += state.log
        texts += [e.data["public_text"] for e in state.events if "public_text" in e.data]
        texts += [str(a) for a in state.history]
        texts.append(state.result_text())
    assert texts and _english_words_in(texts) == set()


def test_the_word_check_finds_english():
    assert _english_words_in(["Player 1 draws 3 cards.", "Jugador 1 roba 3 cartas."]) == {"player", "draws", "cards"}


@pytest.mark.parametrize("game", SPANISH_GAMES)
def test_saves_and_games_are_the_same_in_both_languages(game):
    english = {(p, seed): s for p, seed, s in _seeded_games(game)}
    with i18n.using("es"):
        spanish = {(p, seed): s for p, seed, s in _seeded_games(game)}
    assert english.keys() == spanish.keys()
    for key, state in english.items():
        assert spanish[key].to_json() == state.to_json(), key
        assert [e.kind for e in spanish[key].events] == [e.kind for e in state.events]
        assert spanish[key].log != state.log


def test_a_spanish_save_loads_in_english():
    from kitchenlab.sim import play_game

    with i18n.using("es"):
        state = play_game("tem_purr_a", 5, 4, None)
        text = state.to_json()
        assert "Jugador" in state.log[-1]
    loaded = kitchenlab.load_state(text)
    assert loaded.to_json() == text
    assert loaded.log == play_game("tem_purr_a", 5, 4, None).log
    assert loaded.log[-1].startswith("Player ")


def test_switching_language_mid_game_changes_only_texts():
    from kitchenlab.rng import Rng

    def play(switch_at):
        s = kitchenlab.new_game("tem_purr_a", players=4, seed=11)
        rng = Rng(5)
        try:
            while not s.is_over:
                if s.steps == switch_at:
                    kitchenlab.set_language("es")
                legal = s.legal_actions()
                s = s.apply(legal[rng.randbelow(len(legal))])
        finally:
            kitchenlab.set_language("en")
        return s

    english, switched = play(None), play(30)
    assert switched.to_json() == english.to_json()
    assert switched.log[:5] == english.log[:5]
    assert switched.log[-1] != english.log[-1] and "Jugador" in switched.log[-1]


def test_apply_takes_a_move_in_either_language():
    s = kitchenlab.new_game("tem_purr_a", players=3, seed=1)
    assert s.apply("empezar una pila con 2").to_json() == s.apply("start a stack with 2").to_json()
    with i18n.using("es"):
        assert str(s.legal_actions()[0]) == "empezar una pila con 2"
        assert s.apply("start a stack with 2").log[-1] == "Jugador 1 empieza una pila con un 2."


def test_illegal_move_error_in_spanish(spanish):
    s = kitchenlab.new_game("tem_purr_a", players=3, seed=1)
    with pytest.raises(kitchenlab.IllegalActionError, match="'comer 99' no es una jugada válida ahora para el jugador 0; "
                                                            "se puede: empezar una pila con 2"):
        s.apply("comer 99")


def test_tem_purr_a_texts_in_spanish(spanish):
    from kitchenlab.tem_purr_a import from_position, stack_total

    s = from_position(3, position={"hands": [[3, 3], [6], [2, "reverse"]], "stack": [6],
                                   "deck": ["indigestion", 2, 4, 5]})
    assert [str(a) for a in s.legal_actions()] == ["comer 6", "saltar un plato con dos 3"]
    after = s.apply("saltar un plato con dos 3")
    assert after.log[-1] == "Jugador 1 salta un plato con dos 3: se descarta la pila y empieza una pila nueva de 3."
    eaten = after.apply("comer 3")
    assert eaten.log[-1] == "Jugador 2 come 3: roba 3 cartas (2, 4, 5)."
    assert eaten.log_for(0)[-1] == "Jugador 2 come 3: roba 3 cartas."
    with pytest.raises(kitchenlab.KitchenlabError, match="no se entiende la carta de la pila 'x'"):
        stack_total(["x"])


def test_english_playthrough_texts_are_unchanged():
    s = kitchenlab.new_game("tem_purr_a", players=4, seed=7)
    assert s.log == ("Round 1: 4 players get 5 cards; 1 indigestion card is in the deck.",)
    assert [str(a) for a in s.legal_actions()] == ["start a stack with 3", "start a stack with 4"]


# ---------------------------------------------------------------- the command line


def _cli(*args: str, lang: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != i18n.ENV_VARIABLE}
    if lang is not None:
        env[i18n.ENV_VARIABLE] = lang
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "kitchenlab.cli", *args], env=env, capture_output=True,
                          text=True, timeout=120)


def test_cli_speaks_spanish_with_lang_or_the_environment():
    by_flag = _cli("--lang", "es", "play", "tem_purr_a", "--seed", "2").stdout
    by_env = _cli("play", "tem_purr_a", "--seed", "2", lang="es").stdout
    assert by_flag == by_env
    assert by_flag.startswith("Tem-Purr-A: 4 jugadores, semilla 2\n")
    assert "Resultado tras " in by_flag and _english_words_in(by_flag.splitlines()) == set()
    rules = _cli("--lang", "es", "rules", "tem_purr_a").stdout
    assert "significa: cuántos gatos se sientan a la mesa" in rules
    sim = _cli("--lang", "es", "simulate", "tem_purr_a", "-n", "20", "--quiet").stdout
    assert "20 partidas" in sim and " %" in sim and "duración media de la partida" in sim
    quiz = _cli("--lang", "es", "quiz", "tem_purr_a", "-n", "2").stdout
    assert quiz.startswith("Cuestionario de Tem-Purr-A, semilla 1, 2 preguntas: hoja de ejercicios")


def test_cli_refuses_an_unknown_language():
    bad = _cli("--lang", "fr", "play", "tem_purr_a")
    assert bad.returncode == 2 and "unknown language 'fr'" in bad.stderr


# ---------------------------------------------------------------- Diced Veggies


def test_diced_veggies_moves_in_either_language():
    s = kitchenlab.new_game("diced_veggies", players=2, seed=3)
    english = s.apply("cut a1 b1 (C2 C3 = 5)")
    assert english.log[-1] == "Player 1 cuts C3 C2 (total 5)."
    assert str(english.legal_actions()[0]) == "chef token: C2 → M2(C)"
    with i18n.using("es"):                              # a carrot is a zanahoria (Z), a mushroom a seta (S)
        assert str(s.legal_actions()[1]) == "cortar a1 b1 (Z2 Z3 = 5)"
        spanish = s.apply("cortar a1 b1 (Z2 Z3 = 5)")      # s's texts were listed in English first
        assert spanish.log[-1] == "Jugador 1 corta Z3 Z2 (total 5)."
        assert str(spanish.legal_actions()[0]) == "ficha de chef: Z2 → S2(Z)"
        assert s.apply("cut a1 b1 (C2 C3 = 5)").to_json() == english.to_json()
    assert spanish.to_json() == english.to_json()


def test_diced_veggies_turn_texts_in_spanish(spanish):
    s = kitchenlab.new_game("diced_veggies", players=2, seed=3)
    assert s.log == ("2 jugador(es): cada uno recibe 2 recetas (a la vista), 1 exageración (oculta) y una ficha "
                     "de chef; hay 3 recetas en el expositor.",
                     "Se tiran los 35 dados en el marco y se deslizan hasta formar un bloque. El bloque tiene 35 dados.",
                     "Ronda 1: turno de Jugador 1.")
    card = s.apply("cortar a1 b1 (Z2 Z3 = 5)").apply("terminar de cocinar")
    assert [str(a) for a in card.legal_actions()][:2] == [
        "robar una exageración", "tomar Cazuela de setas y pimiento [S S P P, 5 ptos.] del expositor"]
    assert card.apply("robar una exageración").log[-2:] == ("Jugador 1 roba una exageración.",
                                                           "Ronda 1: turno de Jugador 2.")


def test_diced_veggies_end_texts_in_spanish(spanish):
    from kitchenlab.diced_veggies.end_table import end_table
    from kitchenlab.sim import play_game

    solo, three = play_game("diced_veggies", 1, 0, None), play_game("diced_veggies", 3, 0, None)
    assert solo.log[-1] == "Fin de la partida: Jugador 1 32. Valoración en solitario: ¡Ahora sí que estás cocinando!."
    assert solo.result_text() == "puntuación en solitario 32: ¡Ahora sí que estás cocinando!"
    assert end_table(solo)[0] == "32 puntos: ¡Ahora sí que estás cocinando!"
    assert three.log[-1] == "Fin de la partida: Jugador 1 32, Jugador 2 25, Jugador 3 17. Ganador(es): Jugador 1."
    assert end_table(three)[0] == "el mayor número de puntos (32)"


def test_diced_veggies_english_texts_are_unchanged():
    from kitchenlab.diced_veggies.end_table import end_table
    from kitchenlab.sim import play_game

    solo = play_game("diced_veggies", 1, 0, None)
    assert solo.log[-1] == "The game is over: Player 1 32. Solo rating: now you're cooking!."
    assert (solo.result_text(), end_table(solo)[0]) == ("solo score 32: now you're cooking!",
                                                        "32 points: now you're cooking!")
    s = kitchenlab.new_game("diced_veggies", players=2, seed=3)
    assert s.log[-1] == "Round 1: Player 1's turn." and str(s.legal_actions()[0]) == "cut a1 (C2 = 2)"


def test_diced_veggies_option_texts_in_both_languages():
    info = kitchenlab.game_info("diced_veggies")
    english = {r["option"]: r for r in info.variant_table()}
    assert english["final_cook"]["meaning"] == "after the last turns, may everybody cook once more?"
    assert english["small_block"]["alternatives"] == "may_cut: the ordinary cuts are offered too"
    with i18n.using("es"):
        spanish = {r["option"]: r for r in info.variant_table()}
        assert spanish["final_cook"]["meaning"] == "tras los últimos turnos, ¿pueden todos cocinar una vez más?"
        assert spanish["small_block"]["alternatives"] == "may_cut: también se ofrecen los cortes normales"
        assert spanish["chef_number"]["source"] == "S4 (cualquier cara de 2 a 6); ±1 es una variante para explorar qué pasaría si…"
        assert i18n._(info.summary).startswith("corta dados de un bloque con una cuchilla")
    assert [r["default"] for r in spanish.values()] == [r["default"] for r in english.values()]


def test_diced_veggies_cards_and_dice_in_spanish(spanish):
    from kitchenlab.diced_veggies.card_names import hype_name, points_words, recipe_name, rule_words
    from kitchenlab.diced_veggies.components import load_components
    from kitchenlab.diced_veggies.scoring import die_label

    comps = load_components()
    assert (recipe_name(7), hype_name(7)) == ("Sopa de zanahoria y tomate", "Diecinueve por docena")
    assert rule_words(29) == "extra P y suma <= 14" and points_words(24) == "3 por S"
    assert (rule_words(32), points_words(32)) == ("dados con 6 >= 1 y dados >= 3", "1 por dado")
    assert comps.hype(24).text() == "se cocina también un dado extra de seta → 3 por S ptos."
    # the letters a Spanish reader sees: every colour its own, from its Spanish name
    shown = {c.name: c.shown_letter() for c in comps.colours}
    assert shown == {"mushroom": "S", "pepper": "P", "carrot": "Z", "tomato": "T", "onion": "C"}
    assert all(c.shown_name().startswith(c.shown_letter().lower()) for c in comps.colours)
    assert (die_label("C4"), die_label("P2/M"), comps.shown_letters("MPCTO")) == ("Z4", "P2(S)", "SPZTC")
    with i18n.using("en"):
        assert [rule_words(h.id) for h in comps.hypes] == [str(h.rule) for h in comps.hypes]
        assert [points_words(h.id) for h in comps.hypes] == [str(h.points) for h in comps.hypes]
        assert (die_label("C4"), die_label("P2/M"), hype_name(7)) == ("C4", "P2(M)", "Nineteen to the Dozen")


@pytest.mark.parametrize("game", SPANISH_GAMES)
def test_data_tables_name_things_in_both_languages(game):
    """Every data table of a game the kit speaks Spanish in that holds names has ``name_es`` beside
    ``name``, filled on every row, and no two rows share a Spanish name."""
    import csv

    from kitchenlab.data import data_dir

    checked = 0
    for path in sorted((data_dir() / game).glob("*.csv")):
        lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip() and not ln.startswith("#")]
        rows = list(csv.DictReader(lines))
        if not rows or "name" not in rows[0]:
            continue
        checked += 1
        assert "name_es" in rows[0], f"{path.name} has names but no name_es column"
        empty = [i + 2 for i, r in enumerate(rows) if not r["name_es"].strip()]
        assert empty == [], f"{path.name}: rows {empty} have no Spanish name"
        spanish = [r["name_es"] for r in rows]
        assert len(set(spanish)) == len(spanish), f"{path.name}: a Spanish name appears twice"
    if checked == 0:
        pytest.skip(f"no data table of {game} holds names")


def test_diced_veggies_end_sequence_is_found_in_either_language():
    from kitchenlab.diced_veggies.howto import end_sequence, example_game

    english = end_sequence(example_game(players=2, seed=7))
    with i18n.using("es"):
        spanish = end_sequence(example_game(players=2, seed=7))
    assert len(spanish) == len(english) == 18
    assert english[0] == "Player 1 has cooked a sixth recipe: the end is triggered. Player 1 finishes the turn."
    assert spanish[0] == "Jugador 1 ha cocinado una sexta receta: se activa el final. Jugador 1 termina su turno."


# ---------------------------------------------------------------- Critter Kitchen


def test_critter_kitchen_moves_in_either_language():
    s = kitchenlab.new_game("critter_kitchen", players=3, seed=0)
    assert str(s.legal_actions()[0]) == "send mouse to Soup Truck"
    english = s.apply("send mouse to Soup Truck")
    with i18n.using("es"):
        assert str(s.legal_actions()[0]) == "enviar ratón a Camión de sopa"
        spanish = s.apply("enviar ratón a Camión de sopa")
        assert s.log[0].startswith("Setup: 3 player(s)")          # made in English, kept as made
        assert s.apply("send mouse to Soup Truck").to_json() == english.to_json()
    assert spanish.to_json() == english.to_json()


def test_critter_kitchen_texts_in_spanish(spanish):
    from kitchenlab.critter_kitchen.end_table import end_table
    from kitchenlab.sim import play_game

    s = kitchenlab.new_game("critter_kitchen", players=3, seed=0)
    assert s.log[1:4] == ("Empieza la ronda 1 (día 1)", "Se pone una bisque en el Camión de sopa",
                          "Se revela un desafío: Festín del bosque (champiñón, pescado, pan)")
    over = play_game("critter_kitchen", 3, 0, None)
    assert over.result_text() == ("Jugador 1 9 estrellas, Jugador 2 10 estrellas, Jugador 3 8 estrellas; "
                                  "ganador(es): Jugador 2")
    why, rows = end_table(over)
    assert why == "el mayor número de estrellas (10)" and rows[1]["jugador"] == "Jugador 2"


def test_critter_kitchen_english_texts_are_unchanged():
    from kitchenlab.sim import play_game

    over = play_game("critter_kitchen", 3, 0, None)
    assert over.result_text() == "Player 1 9 star(s), Player 2 10 star(s), Player 3 8 star(s); winner(s): Player 2"
    assert over.log[1] == "Round 1 begins (day 1)"


# ---------------------------------------------------------------- Chefs


def test_chefs_moves_in_either_language():
    s = kitchenlab.new_game("chefs", players=2, seed=3)
    english = s.apply("place a disc at the door")
    assert english.log[-1] == "Player 1 places a disc at the door (circle 1)."
    with i18n.using("es"):
        assert [str(a) for a in s.legal_actions()][:3] == [
            "colocar un marcador de acción en el mostrador de ingredientes",
            "colocar un marcador de acción en los fogones junto a la ventana",
            "colocar un marcador de acción en la puerta"]
        spanish = s.apply("colocar un marcador de acción en la puerta")
        assert spanish.log[-1] == "Jugador 1 coloca un marcador de acción en la puerta (círculo 1)."
        assert s.apply("place a disc at the door").to_json() == english.to_json()
    assert spanish.to_json() == english.to_json()


def test_chefs_turn_texts_in_spanish(spanish):
    s = kitchenlab.new_game("chefs", players=2, seed=3)
    assert s.log == (
        "Una partida de Chefs para 2 jugadores: 4 cartas de ingredientes en el mostrador, 1 carta(s) de comida en "
        "cada posición de fogones.",
        "Preparación del juego: al mostrador de ingredientes llega zanahoria + cebolla + huevo + harina; a los "
        "fogones junto a la ventana, Tortilla de patatas; a los fogones de pared, Lasaña.",
        "Cada jugador recibe 2 cartas de ingredientes (ocultas). Jugador 1 toma la carta de primer jugador.",
        "Ronda 1: la colocación empieza por Jugador 1.")
    from kitchenlab.chefs import from_position

    cook = from_position(2, position={"hands": [["egg", "potato", "onion"], []], "window": ["Spanish omelette"],
                                      "placed": [["window", 0], ["counter", 1], ["counter", 0],
                                                 ["counter", 1], ["counter", 0], ["counter", 1]],
                                      "counter": []})
    assert [str(a) for a in cook.legal_actions()] == ["cocinar Tortilla de patatas", "no cocinar nada"]
    assert ("Jugador 1 cocina Tortilla de patatas en los fogones junto a la ventana y descarta patata + cebolla + "
            "huevo.") in cook.apply("cocinar Tortilla de patatas").log


def test_chefs_end_texts_in_spanish(spanish):
    from kitchenlab.chefs.end_table import end_table
    from kitchenlab.sim import play_game

    state = play_game("chefs", 2, 0, None)
    assert state.log[-1] == ("La partida termina tras la ronda 23: Jugador 2 ha pasado la casilla 20. "
                             "Ganador(es): Jugador 2 con 23 casillas.")
    assert state.result_text() == "casillas [8, 23]; ganador(es): Jugador 2 (Jugador 2 ha pasado la casilla 20)"
    why, rows = end_table(state)
    assert why == ("el que más lejos llegó en el recorrido (23 casillas) al terminar la partida "
                   "(Jugador 2 ha pasado la casilla 20)")
    assert rows[1] == {"jugador": "Jugador 2", "comidas entregadas": 7, "puntos de comida sin entregar": 7,
                       "casillas": 23}
    assert state.end_reason == "Player 2 passed square 20"      # a fact of the end event: English


def test_chefs_english_texts_are_unchanged():
    from kitchenlab.chefs.end_table import end_table
    from kitchenlab.sim import play_game

    s = kitchenlab.new_game("chefs", players=2, seed=3)
    assert s.log[1] == ("Setup: the counter gets carrot + onion + egg + flour; the window stoves get Spanish "
                        "omelette; the wall stoves get Lasagne.")
    assert str(s.legal_actions()[1]) == "place a disc at the window stoves"
    state = play_game("chefs", 2, 0, None)
    assert state.result_text() == "squares [8, 23]; winner(s): Player 2 (Player 2 passed square 20)"
    assert end_table(state)[1][0] == {"player": "Player 1", "meals served": 2, "unserved meal points": 0,
                                      "squares": 8}


def test_every_chefs_data_table_with_names_has_spanish_names():
    import csv

    folder = ROOT / "data" / "chefs"
    named = []
    for path in sorted(folder.glob("*.csv")):
        lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip() and not ln.startswith("#")]
        rows = list(csv.DictReader(lines))
        if "name" not in rows[0]:
            continue
        named.append(path.name)
        assert all(r.get("name_es", "").strip() for r in rows), path.name
    assert named == ["ingredients.csv", "locations.csv", "meals.csv"]
    from kitchenlab.chefs import load_components

    comps = load_components()
    with i18n.using("es"):
        assert [k.shown_name for k in comps.kinds] == ["zanahoria", "tomate", "patata", "cebolla", "huevo", "harina"]
        assert comps.meals[0].shown_name == "Palitos de zanahoria"
        assert comps.locations[2].shown_name == "puerta"
    assert comps.meals[0].shown_name == "Carrot sticks"
