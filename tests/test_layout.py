"""The kit's layout: games are found through the registry, each game's GameInfo is its whole
declaration, and no shared module names a game.

* no module ``kitchenlab/*.py`` names a registered game in its code (docstrings aside);
* every hook a registered game declares loads;
* a game declared by another package (an entry point of ``kitchenlab.games``) is found, and a broken
  one is left out with a warning naming its package;
* a game that leaves a hook empty gets a plain message from each shared layer.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import textwrap
import tomllib
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

import kitchenlab
import toy_game  # noqa: F401  (registers Dice Nim in the real registry before any test swaps it)
from kitchenlab import KitchenlabError, UnknownGameError, engine, registry
from kitchenlab.glossary import Term

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ("renderer", "openspiel_schema", "quiz", "calculator", "what_if", "move_helper", "glossary")


# ---------------------------------------------------------------- (a) no shared module names a game


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string statements (module, class, function and attribute docstrings)."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)}


def game_names_in_code(path: Path, names: set[str]) -> list[str]:
    """``file:line: 'text'`` for every string constant of ``path`` outside a docstring that is one of
    ``names`` or holds one as a part of a dotted or slashed path (``"kitchenlab.chefs.figures"``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
            if text in names or names & set(re.split(r"[./:]", text)):
                found.append(f"{path.relative_to(ROOT).as_posix()}:{node.lineno}: {text!r}")
    return sorted(found, key=lambda s: (s.split(":")[0], int(s.split(":")[1])))


def _names_and_titles() -> set[str]:
    out = set()
    for game in kitchenlab.available_games():
        out |= {game, kitchenlab.game_info(game).title}
    return out


def test_the_scan_sees_a_game_name_in_code_and_not_in_docstrings(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    module = tmp_path / "m.py"
    module.write_text(textwrap.dedent('''\
        """Module text naming chefs."""
        HOOK = "kitchenlab.chefs.figures:frame_figure"


        def f(game="chefs"):
            """A docstring: f("chefs")."""
            return f"{game} Chefs", "two chefs cook", "Chefs"
        '''))
    assert game_names_in_code(module, {"chefs", "Chefs"}) == [
        "m.py:2: 'kitchenlab.chefs.figures:frame_figure'", "m.py:5: 'chefs'", "m.py:7: 'Chefs'"]


def test_no_shared_module_names_a_game():
    names = _names_and_titles()
    offenders = [hit for path in sorted((ROOT / "kitchenlab").glob("*.py")) for hit in game_names_in_code(path, names)]
    assert offenders == [], ("shared modules name a game in code; move the per-game part into the game's "
                             "package and declare it in its GameInfo:\n" + "\n".join(offenders))


# ---------------------------------------------------------------- (b) every declared hook loads


@pytest.mark.parametrize("game", kitchenlab.available_games())
def test_every_hook_a_game_declares_loads(game):
    info = kitchenlab.game_info(game)
    for field in HOOKS:
        if getattr(info, field):
            assert info.hook(field) is not None, f"{game}.{field}"
    if info.openspiel_schema:
        from kitchenlab.openspiel_ids import ActionSchema

        schema = info.hook("openspiel_schema")(info.default_players)
        assert isinstance(schema, ActionSchema) and schema.game == game and schema.size > 0
    if info.glossary:
        terms = info.hook("glossary")
        assert isinstance(terms, Sequence) and terms and all(isinstance(t, Term) for t in terms)
    for field in ("renderer", "calculator", "what_if", "move_helper"):
        if getattr(info, field):
            assert isinstance(info.hook(field), Callable), f"{game}.{field}"
    assert re.fullmatch(r"#[0-9a-fA-F]{6}", info.colour)
    assert isinstance(info.profile_games, int) and info.profile_games >= 2


def test_a_hook_that_names_nothing_says_what_it_cannot_load():
    info = kitchenlab.game_info("tem_purr_a")
    from dataclasses import replace

    broken = replace(info, glossary="kitchenlab.tem_purr_a.glossary:NO_SUCH_TERMS")
    with pytest.raises(KitchenlabError, match="tem_purr_a.glossary: cannot load 'kitchenlab.tem_purr_a.glossary:NO_"):
        broken.hook("glossary")


# ---------------------------------------------------------------- the registry


def test_available_games_are_sorted_remembered_and_hold_the_kit_s_own():
    games = kitchenlab.available_games()
    assert games == tuple(sorted(games)) and games is kitchenlab.available_games()
    assert {"chefs", "critter_kitchen", "diced_veggies", "tem_purr_a"} <= set(games)
    assert [kitchenlab.game_info(g).title for g in ("chefs", "critter_kitchen", "diced_veggies", "tem_purr_a")] == [
        "Chefs", "Critter Kitchen", "Diced Veggies", "Tem-Purr-A"]


def test_an_unknown_game_lists_the_games_there_are():
    with pytest.raises(UnknownGameError) as caught:
        kitchenlab.game_info("nope")
    assert str(caught.value) == f"unknown game 'nope'; games: {', '.join(kitchenlab.available_games())}"
    with pytest.raises(UnknownGameError, match="unknown game None"):
        kitchenlab.game_info(None)
    with pytest.raises(UnknownGameError, match="unknown game 'registry'"):   # a module of the kit, not a game
        kitchenlab.new_game("registry")


def test_the_kit_declares_exactly_the_games_its_subpackages_hold():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["entry-points"][registry.GROUP]
    found = registry.scan_subpackages()
    assert declared == {name: f"kitchenlab.{name}" for name in found}
    assert set(found) <= set(kitchenlab.available_games())


def test_importing_the_kit_imports_no_game():
    code = "import sys, kitchenlab; print(sorted(m for m in sys.modules if m.startswith('kitchenlab.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert ast.literal_eval(out) == ["kitchenlab.engine", "kitchenlab.errors", "kitchenlab.i18n", "kitchenlab.options",
                                     "kitchenlab.registry", "kitchenlab.rng"]


# ---------------------------------------------------------------- (c) games from outside the kit

GAME_MODULE = '''\
"""Pantry Nim: Dice Nim under another name, declared by a package outside the kit."""
from kitchenlab.engine import GameInfo, register
from toy_game import DiceNim, random_bot


class PantryNim(DiceNim):
    game = "pantry_nim"


def new_state(players=2, seed=0, **variants):
    return PantryNim(pile=4, seed=seed)


INFO = register(GameInfo(name="pantry_nim", title="Pantry Nim", players=(2,), default_players=2, options=(),
                         bots={"random": random_bot}, max_steps=50, new_state=new_state))
'''


def _distribution(folder: Path, name: str, entry_points: dict[str, str]) -> None:
    """A distribution's metadata (``name-1.0.dist-info``) in ``folder``, declaring ``entry_points``."""
    info = folder / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    lines = "".join(f"{game} = {value}\n" for game, value in entry_points.items())
    (info / "entry_points.txt").write_text(f"[{registry.GROUP}]\n{lines}")


@pytest.fixture
def outside(tmp_path, monkeypatch):
    """A folder on ``sys.path`` for fake distributions; the registry reads it afresh and forgets it after."""
    monkeypatch.setattr(engine, "_REGISTRY", dict(engine._REGISTRY))
    monkeypatch.syspath_prepend(str(tmp_path))
    before = set(sys.modules)
    registry.refresh()
    yield tmp_path
    for name in set(sys.modules) - before:
        if name.startswith(("pantry_game", "quiet_game")):
            del sys.modules[name]
    monkeypatch.undo()
    registry.refresh()


def test_a_game_declared_by_another_package_is_found(outside):
    from toy_game import INFO as DICE_NIM

    (outside / "pantry_game.py").write_text(GAME_MODULE)
    _distribution(outside, "pantry-games", {"pantry_nim": "pantry_game", DICE_NIM.name: "toy_game:INFO"})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        games = kitchenlab.available_games()
    assert {"pantry_nim", DICE_NIM.name, "tem_purr_a"} <= set(games) and games == tuple(sorted(games))
    assert kitchenlab.game_info("pantry_nim").title == "Pantry Nim"
    final = kitchenlab.new_game("pantry_nim", seed=3).rollout(kitchenlab.Rng(1))
    assert final.is_over and final.game == "pantry_nim"


def test_a_game_is_loaded_on_first_use_without_loading_the_others(outside):
    (outside / "pantry_game.py").write_text(GAME_MODULE)
    _distribution(outside, "pantry-games", {"pantry_nim": "pantry_game"})
    assert "pantry_game" not in sys.modules
    assert kitchenlab.game_info("pantry_nim").name == "pantry_nim"
    assert "pantry_game" in sys.modules


def test_a_broken_game_from_outside_is_left_out_with_a_warning_naming_its_package(outside):
    (outside / "quiet_game.py").write_text("ANSWER = 42\n")
    _distribution(outside, "broken-kitchen", {"burnt_toast": "no_such_module_anywhere",
                                              "quiet": "quiet_game"})
    with pytest.warns(kitchenlab.GameLoadWarning) as caught:
        games = kitchenlab.available_games()
    texts = sorted(str(w.message) for w in caught)
    assert len(texts) == 2 and all("package 'broken-kitchen'" in t for t in texts)
    assert "declares the game 'burnt_toast' ('no_such_module_anywhere'" in texts[0]
    assert "ModuleNotFoundError" in texts[0] and "the kit goes on without it" in texts[0]
    assert "registered no game called 'quiet'" in texts[1]
    assert "burnt_toast" not in games and "quiet" not in games and "tem_purr_a" in games
    with pytest.raises(UnknownGameError, match="unknown game 'burnt_toast'"):
        kitchenlab.game_info("burnt_toast")


def test_installed_kit_reads_its_own_games_from_its_entry_points(outside):
    own = {name: f"kitchenlab.{name}" for name in registry.scan_subpackages()}
    _distribution(outside, "kitchenlab", own)
    assert registry.kit_declares_its_games()
    assert set(own) <= set(kitchenlab.available_games())


def test_a_broken_game_of_the_kit_s_own_raises(outside):
    _distribution(outside, "kitchenlab", {"lost_recipe": "kitchenlab.no_such_game"})
    with pytest.raises(ModuleNotFoundError, match="kitchenlab.no_such_game"):
        kitchenlab.available_games()


def test_another_package_cannot_take_a_kit_game_s_name(outside):
    (outside / "pantry_game.py").write_text(GAME_MODULE)
    _distribution(outside, "kitchenlab", {name: f"kitchenlab.{name}" for name in registry.scan_subpackages()})
    _distribution(outside, "copycat", {"chefs": "pantry_game"})
    with pytest.warns(kitchenlab.GameLoadWarning, match="package 'copycat' declares the game 'chefs'"):
        registry.declared()
    assert registry.declared()["chefs"].value == "kitchenlab.chefs"


# ---------------------------------------------------------------- (d) a game without a hook


def test_a_game_without_hooks_gets_a_plain_message_from_each_shared_layer():
    from kitchenlab import glossary, openspiel_ids, search
    from toy_game import INFO     # Dice Nim declares no schema, no glossary, no search settings

    with pytest.raises(KitchenlabError, match=r"^Dice Nim has no OpenSpiel action schema \(its GameInfo declares "
                                              r"no 'openspiel_schema' hook\); games with one: chefs, "):
        openspiel_ids.action_schema(INFO.name, 2)
    assert INFO.name not in openspiel_ids.schema_games()
    for call in (lambda: glossary.glossary_rows(INFO.name), lambda: glossary.lookup(INFO.name, "pila"),
                 lambda: glossary.glossary_html(INFO.name)):
        with pytest.raises(KitchenlabError, match=r"^Dice Nim has no Spanish–English glossary \(its GameInfo "
                                                  r"declares no 'glossary' hook\); games with one: chefs, "):
            call()
    assert search.game_settings(INFO.name) == search.DEFAULT_SETTINGS == {"budget": 50, "rollout_rounds": 1}
    assert (INFO.colour, INFO.profile_games, INFO.profile_terms) == ("#7f7f7f", 20, ())


def test_openspiel_says_a_game_without_a_schema_cannot_be_registered():
    pytest.importorskip("pyspiel")
    from kitchenlab import openspiel as kos
    from toy_game import INFO

    with pytest.raises(KitchenlabError, match="Dice Nim has no OpenSpiel action schema"):
        kos.register(INFO.name)
    assert set(kos.register_all()) == {kos.short_name(g) for g in kos.schema_games()}
