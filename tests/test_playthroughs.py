"""Seeded games play exactly as the stored playthroughs say (tests/playthroughs/, plain text).

Each file is one seeded game decision by decision (one line per decision: the seat, a digest of its
view, the move; then the log), the views at the start and at the end written one value a line, and
one line per seeded game for 30 seeds and each of the game's test bots. A change
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


def entries(lines: list[str]) -> list[str]:
    """The lines of a playthrough with each wrapped line joined again (a line that goes on over the
    next lines was broken at a space, which the break dropped)."""
    out: list[str] = []
    for line in lines:
        if out and line.startswith(" " * 4) and len(line) - len(line.lstrip()) >= len(out[-1]) - len(out[-1].lstrip()) + 4:
            out[-1] += " " + line.lstrip()
        else:
            out.append(line)
    return out


def section(text: str, heading: str) -> list[str]:
    """The lines of a part of a playthrough: from the line that starts with ``heading`` to the next
    line that starts in the first column."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(heading))
    end = next((i for i in range(at + 1, len(lines)) if lines[i][:1] not in ("", " ")), len(lines))
    return lines[at + 1:end]


def test_the_text_follows_the_game_step_by_step():
    game = GAMES[0]
    players = kitchenlab.game_info(game).players[0]
    final = playthrough.play(game, players, seed=2, bots="random")
    text = playthrough.describe(final, "random", max_lines=None)
    lines = entries(text.splitlines())
    steps = [line for line in lines if line.startswith("step ")]
    assert [line.split(": ", 1)[1] for line in steps] == [str(a) for a in final.history]
    state = kitchenlab.new_game(game, players=players, seed=2)
    for n, (line, action) in enumerate(zip(steps, final.history), start=1):   # seat, view, move number
        seat = state.current_player
        legal = [str(a) for a in state.legal_actions()]
        assert line.startswith(f"step {n}, seat {seat}, view {playthrough.digest(state.view(seat))}, "
                               f"move {legal.index(str(action)) + 1} of {len(legal)}: "), line
        state = state.apply(action)
    logged = [line.removeprefix("  log ") for line in lines if line.startswith("  log ")]
    assert logged == list(final.log)
    assert f"  scores() = {playthrough.compact(list(final.scores()))}" in lines
    assert f"steps: {final.steps}" in lines
    assert "shown: every decision (1 to " in text and "not listed one by one" not in text


def value_at(view: dict, path: str):
    """The value of ``view`` at a path of a playthrough line (``players[0].served[1]``, ``a["b c"]``)."""
    import json
    import re

    value, rest = view, path
    while rest:
        m = re.match(r'\.?([A-Za-z_]\w*)|\[(\d+)\]|\[?("(?:[^"\\]|\\.)*")\]?', rest)
        assert m and m.end() > 0, f"cannot read the path {path!r} at {rest!r}"
        name, index, quoted = m.groups()
        value = value[int(index)] if index is not None else value[name if name is not None else json.loads(quoted)]
        rest = rest[m.end():]
    return value


@pytest.mark.parametrize("game", GAMES)
def test_the_views_are_written_value_by_value_in_short_lines(game):
    import json
    import re

    players = max(kitchenlab.game_info(game).players)
    final = playthrough.play(game, players, seed=1, bots="random")
    text = playthrough.describe(final, "random", max_lines=30)
    assert all(len(line) <= playthrough.WIDTH for line in text.splitlines())
    for heading, state in (("start:", kitchenlab.new_game(game, players=players, seed=1)), ("final,", final)):
        lines = section(text, heading)
        public = json.loads(playthrough.compact(state.view(None)))
        joined = []                       # a value goes on over the next lines just after a comma
        for line in lines:
            if line.startswith("      ") and joined:
                joined[-1] += line.lstrip()
            else:
                joined.append(line)
        written = [line.strip().split(" = ", 1) for line in joined
                   if not re.match(r"  (seat \d+: |scores\(\) |winners\(\) |result_text\(\) )", line)]
        for path, value in written:
            assert json.loads(value) == value_at(public, path), (path, value)
        tops = [re.match(r'"(?:[^"\\]|\\.)*"|[A-Za-z_]\w*', path).group() for path, _ in written]
        tops = [json.loads(t) if t.startswith('"') else t for t in tops]
        assert list(dict.fromkeys(tops)) == sorted(public), "every key of the public view, in order"
        for seat in range(players):          # what a seat sees beyond the public view
            own = json.loads(playthrough.compact(state.view(seat)))
            assert own != public
            seat_line = next(line for line in entries(lines) if line.startswith(f"  seat {seat}: "))
            assert f"seat = {seat}" in seat_line


def test_a_long_game_says_where_it_is_cut():
    game = GAMES[0]
    players = kitchenlab.game_info(game).players[0]
    final = playthrough.play(game, players, seed=1, bots="random")
    text = playthrough.describe(final, "random", max_lines=20)
    decisions = [line for line in text.splitlines() if line.startswith("step ")]
    shown = len(decisions)
    assert 0 < shown < 20
    assert f"shown: decisions 1 to {shown} of {final.steps} (at most 20 lines of decisions)" in text
    views, state = [], kitchenlab.new_game(game, players=players, seed=1)
    for action in final.history:
        views.append(playthrough.digest(state.view(state.current_player)))
        state = state.apply(action)
    cut = " ".join(entries([line for line in text.splitlines() if line.startswith(("(decisions", "    "))])[:1])
    assert cut.startswith(f"(decisions {shown + 1} to {final.steps} are not listed one by one: the digest of "
                          f"their views is {playthrough.digest(views[shown:])};"), cut
    assert "\nfinal, after step " in text and f"\n  scores() = {playthrough.compact(list(final.scores()))}\n" in text


def test_the_stored_files_are_short_and_end_with_one_line_per_seeded_game():
    for case in CASES:
        lines = case.path.read_text(encoding="utf-8").splitlines()
        assert len(lines) <= 400, f"{case.filename}: {len(lines)} lines"
        assert max(map(len, lines)) <= playthrough.WIDTH, case.filename
        summary = [line for line in lines if line.startswith("seed ")]
        bots = playthrough.pinned_bots(case.game)
        assert len(summary) == playthrough.SUMMARY_SEEDS * len(bots), case.filename
        assert summary[0].startswith(f"seed  0 {bots[0]}: steps ") and summary[-1].startswith(f"seed 29 {bots[-1]}: ")


def test_a_summary_line_pins_the_end_of_a_game():
    game = GAMES[0]
    players = kitchenlab.game_info(game).players[0]
    final = playthrough.play(game, players, seed=4, bots="random")
    line = playthrough.summary_line(final, "random")
    d = playthrough.digest
    views = [final.view(seat) for seat in range(players)] + [final.view(None)]
    assert line == (f"seed  4 random: steps {final.steps}, scores {playthrough.compact(list(final.scores()))}, "
                    f"winners {playthrough.compact(list(final.winners()))}, moves {d([str(a) for a in final.history])}, "
                    f"rng {d(str(final.rng.state))}, log {len(final.log)} {d(list(final.log))}, "
                    f"events {d([[e.kind, e.data] for e in final.events])}, views {d(views)}")
    other = playthrough.play(game, players, seed=5, bots="random")
    assert playthrough.summary_line(other, "random").split(", moves ")[1] != line.split(", moves ")[1]


def test_the_comparison_reports_the_first_changed_line():
    case = CASES[0]
    stored = case.path.read_text(encoding="utf-8").splitlines(keepends=True)
    edited = [*stored]
    at = stored.index("  over = false\n")                 # the start's public view
    edited[at] = "  over = true\n"
    report = first_difference("".join(stored), "".join(edited), case.filename)
    assert report.startswith(f"{case.filename} differs from the game played now, first at line {at + 1}, column 10:\n"
                             "  stored:   over = false\n  now:      over = true\n")
    assert f"@@ -{at + 1 - 3},7 +{at + 1 - 3},7 @@" in report        # the diff's numbers are the file's lines
    assert f"\n-  over = false\n+  over = true\n {stored[at + 1].rstrip()}" in report
    assert report.endswith("\nlines that differ, by part of the file: start 1")
    shorter = first_difference("".join(stored), "".join(stored[:-1]), case.filename)
    assert f"first at line {len(stored)}," in shorter and "(the game's text ends here)" in shorter
    long = "x" * 500
    clipped = first_difference(f"{long}a{long}\n", f"{long}b{long}\n", "long.txt")
    assert "first at line 1, column 501:" in clipped and all(len(line) < 300 for line in clipped.splitlines())


def test_a_changed_view_shows_at_the_decision_where_it_first_differs(monkeypatch):
    case = next(c for c in CASES if c.game == "tem_purr_a" and c.players == 3 and not c.label)
    cls = type(kitchenlab.new_game("tem_purr_a", players=3))
    view = cls._view

    def shifted(self, player):           # the stack worth one more once it passes 9: moves stay the same
        out = view(self, player)
        return {**out, "stack_total": out["stack_total"] + 1} if out.get("stack_total", 0) > 9 else out

    monkeypatch.setattr(cls, "_view", shifted)
    problem = check(case)
    lines = case.path.read_text(encoding="utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("step ") and "stack is worth 1" in lines[i - 1]
                 and int(lines[i - 1].rsplit("worth ", 1)[1].rstrip(".")) > 9)
    assert problem.startswith(f"{case.filename} differs from the game played now, first at line {first + 1}, column 23:")
    assert f"\n-{lines[first]}\n+{lines[first].split(', view ')[0]}, view " in problem
    assert "\nlines that differ, by part of the file: decisions " in problem and "summary" not in problem.splitlines()[-2]
    assert problem.endswith(f"`{regenerate('tem_purr_a')}` and read their diff before committing.")


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
    assert "\nsummary: seeds 0 to 29, each bot at every seat\n" in text and "\nseed  0 random: steps " in text
    monkeypatch.setitem(engine._REGISTRY, info.name, dataclasses.replace(info, test_settings={
        "bots": ("random",), "playthroughs": "relative/folder"}))
    with pytest.raises(kitchenlab.KitchenlabError, match="must be an absolute folder"):
        playthrough.folder(info.name)
    monkeypatch.setitem(engine._REGISTRY, info.name, dataclasses.replace(info, test_settings={}))
    with pytest.raises(kitchenlab.KitchenlabError, match=r"declares no test_settings\['bots'\]"):
        playthrough.file_text(case)
