"""Seeded games play exactly as the stored playthroughs say (tests/playthroughs/, plain text).

Each file is one seeded game decision by decision (the acting seat's view, the move, the log), the
final state, and one line per seeded game for 30 seeds and each of the game's test bots. A change
of rules that is meant to change games is recorded again with ``python scripts/make_playthroughs.py``
and the diff of the files says what changed. The games and player counts come from the registry.
"""

from __future__ import annotations

import pytest

import kitchenlab
from kitchenlab import playthrough
from kitchenlab.playthrough import Case, first_difference

GAMES = kitchenlab.available_games()
CASES = [case for game in GAMES for case in playthrough.cases(game)]


def regenerate(game: str) -> str:
    return f"{playthrough.REGENERATE} --game {game}"


def check(case: Case) -> str | None:
    """``None`` when the stored file of ``case`` is the game played now; else what is wrong."""
    if not case.path.exists():
        return (f"{case.game}: no stored playthrough {case.path}; create it with `{regenerate(case.game)}` "
                "and commit the file")
    found = first_difference(case.path.read_text(encoding="utf-8"), playthrough.file_text(case), case.filename)
    if found is None:
        return None
    return (f"{found}\nIf this change of the game is meant, write the files again with "
            f"`{regenerate(case.game)}` and read their diff before committing.")


@pytest.mark.parametrize("case", CASES, ids=str)
def test_seeded_games_match_the_stored_playthrough(case):
    problem = check(case)
    assert problem is None, problem


@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_test_bots_and_playouts(game):
    info = kitchenlab.game_info(game)
    bots = playthrough.pinned_bots(game)
    assert all(b in info.bots or b == "ismcts" for b in bots), f"{game}: test bots {bots}, bots {list(info.bots)}"
    assert isinstance(info.test_settings.get("playouts"), int) and info.test_settings["playouts"] > 0
    assert [c.players for c in playthrough.cases(game)][:len(info.players)] == list(info.players)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_text_and_a_save_replays_it(game):
    info = kitchenlab.game_info(game)
    bot = playthrough.pinned_bots(game)[-1]
    for players in (min(info.players), max(info.players)):
        first = playthrough.playthrough(game, players, seed=5, bots=bot)
        assert playthrough.playthrough(game, players, seed=5, bots=bot) == first
        final = playthrough.play(game, players, seed=5, bots=bot)
        loaded = kitchenlab.load_state(final.to_json())
        assert loaded == final and loaded is not final
        assert loaded.log == final.log and loaded.events == final.events and loaded.rng.state == final.rng.state
        assert playthrough.describe(loaded, bot) == first


def test_the_text_follows_the_game_step_by_step():
    game = GAMES[0]
    players = kitchenlab.game_info(game).players[0]
    final = playthrough.play(game, players, seed=2, bots="random")
    lines = playthrough.describe(final, "random").splitlines()
    moves = [line.split(": ", 1)[1] for line in lines if line.startswith("step ")]
    assert moves == [str(a) for a in final.history]
    logged = [line.removeprefix("  log ") for line in lines if line.startswith("  log ")]
    assert logged == list(final.log)
    assert f"  scores {playthrough.compact(list(final.scores()))}" in lines
    assert f"steps: {final.steps}" in lines


def test_a_long_game_says_where_it_is_cut():
    game = GAMES[0]
    players = kitchenlab.game_info(game).players[0]
    text = playthrough.playthrough(game, players, seed=1, bots="random", max_lines=20)
    decisions = [line for line in text.splitlines() if line.startswith("step ")]
    assert 0 < len(decisions) < 20
    assert f"shown: decisions 1 to {len(decisions)} of " in text
    assert f"(decisions {len(decisions) + 1} to " in text and "\nfinal:\n" in text


def test_the_comparison_reports_the_first_changed_line():
    case = CASES[0]
    stored = case.path.read_text(encoding="utf-8").splitlines(keepends=True)
    edited = [*stored]
    at = next(i for i, line in enumerate(stored) if line.startswith("  view "))   # a long line
    edited[at] = edited[at].replace('"over":false', '"over":true', 1)
    assert edited[at] != stored[at]
    report = first_difference("".join(stored), "".join(edited), case.filename)
    assert report.startswith(f"{case.filename} differs from the game played now, first at line {at + 1}, column ")
    assert '"over":true' in report and '"over":false' in report
    assert f"@@ -{at + 1 - 3}," in report                   # the diff's numbers are the file's lines
    assert all(len(line) < 300 for line in report.splitlines())   # long views are cut around the change
    shorter = first_difference("".join(stored), "".join(stored[:-1]), case.filename)
    assert f"first at line {len(stored)}," in shorter and "(the game's text ends here)" in shorter


def test_a_game_without_a_stored_file_says_how_to_make_one():
    case = CASES[0]
    missing = Case(case.game, case.players, "never_written")
    problem = check(missing)
    assert "no stored playthrough" in problem and missing.filename in problem
    assert f"scripts/make_playthroughs.py --game {case.game}" in problem


def test_a_game_from_outside_the_kit_keeps_its_files_in_its_own_folder(tmp_path, monkeypatch):
    import dataclasses

    from kitchenlab import engine
    from toy_game import INFO

    info = dataclasses.replace(INFO, name="dice_nim_outside", test_settings={
        "bots": ("random",), "playthroughs": str(tmp_path)})
    monkeypatch.setitem(engine._REGISTRY, info.name, info)
    [case] = playthrough.cases(info.name)
    assert case.path == tmp_path / "dice_nim_outside_2p.txt"
    assert "no stored playthrough" in check(case)
    text = playthrough.file_text(case)
    case.path.write_text(text, encoding="utf-8")
    assert check(case) is None
    assert "\nsummary: seeds 0 to 29, each bot at every seat\nseed  0 random: steps " in text
    monkeypatch.setitem(engine._REGISTRY, info.name, dataclasses.replace(info, test_settings={
        "bots": ("random",), "playthroughs": "relative/folder"}))
    with pytest.raises(kitchenlab.KitchenlabError, match="must be an absolute folder"):
        playthrough.folder(info.name)
    monkeypatch.setitem(engine._REGISTRY, info.name, dataclasses.replace(info, test_settings={}))
    with pytest.raises(kitchenlab.KitchenlabError, match=r"declares no test_settings\['bots'\]"):
        playthrough.file_text(case)
