"""The command line: narrated games, the variant table, simulations, trees, and clean errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kitchenlab.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_narrates_a_whole_game_and_the_result(capsys):
    code, out, _ = run(capsys, "play", "tem_purr_a", "--players", "4", "--seed", "7")
    assert code == 0
    assert "Tem-Purr-A: 4 players, seed 7" in out
    assert "starts a stack with" in out and "takes indigestion token number 3" in out
    assert out.splitlines()[-1].endswith("winner(s): Player 2")
    again = run(capsys, "play", "tem_purr_a", "--players", "4", "--seed", "7")[1]
    assert again == out          # seeded: the same story every time


def test_rules_prints_the_variant_table(capsys):
    code, out, _ = run(capsys, "rules", "tem_purr_a")
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "players: 2, 3, 4, 5, 6, 7 (default 4); bots: random, cautious"
    assert lines[2].split() == ["option", "default", "alternatives", "source"]
    for option in ("match_after_action", "choose_self", "dish_split", "extra_indigestion", "players"):
        assert option in out
    # each option's help text stands under its row
    row = next(i for i, line in enumerate(lines) if line.startswith("choose_self"))
    assert lines[row + 1].strip() == "means: may a 'choose next player' card name its own player?"


def test_simulate_summarises_win_rates(capsys):
    code, out, err = run(capsys, "simulate", "tem_purr_a", "-n", "40", "--players", "3", "--set",
                         "extra_indigestion=always")
    assert code == 0
    rates = [float(line.split()[-1].rstrip("%")) for line in out.splitlines() if "win rate" in line]
    assert len(rates) == 3 and abs(sum(rates) - 100) < 0.5
    assert "mean game length" in out and "mean rounds" in out
    assert "extra_indigestion" in out


@pytest.mark.parametrize("argv,expected", [
    (["play", "poker"], "unknown game 'poker'"),
    (["simulate", "tem_purr_a", "--players", "9", "-n", "2"], "players=9"),
    (["simulate", "tem_purr_a", "--set", "bogus=1", "-n", "2"], "unknown option 'bogus'"),
    (["simulate", "tem_purr_a", "--set", "choose_self=maybe", "-n", "2"], "choose_self"),
    (["simulate", "tem_purr_a", "--set", "novalue", "-n", "2"], "option=value"),
    (["play", "tem_purr_a", "--bots", "genius"], "unknown bot 'genius'"),
    (["play", "tem_purr_a", "--players", "9"], "players=9 is not allowed; allowed: 2, 3, 4, 5, 6, 7"),
    (["rules", "poker"], "unknown game 'poker'"),
    (["present", "tem_purr_a", "--port", "-1"], "port must be a whole number from 1024 to 65535, got '-1'"),
    (["present", "tem_purr_a", "--port", "99999"], "port must be a whole number from 1024 to 65535, got '99999'"),
    (["present", "tem_purr_a", "--port", "80"], "got '80'"),
    (["lab", "--port", "http"], "port must be a whole number from 1024 to 65535, got 'http'"),
])
def test_bad_arguments_give_a_message_and_a_nonzero_exit(argv, expected):
    proc = subprocess.run([sys.executable, "-m", "kitchenlab.cli", *argv], capture_output=True, text=True)
    assert proc.returncode == 2
    assert expected in proc.stderr
    assert "Traceback" not in proc.stderr


def test_the_game_argument_is_one_of_the_registry_s_games(capsys):
    import kitchenlab

    games = ", ".join(kitchenlab.available_games())
    assert "chefs, critter_kitchen, diced_veggies" in games
    with pytest.raises(SystemExit):
        main(["play", "poker"])
    assert f"unknown game 'poker'; games: {games}" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["rules", "--help"])
    assert f"one of: {games}" in " ".join(capsys.readouterr().out.split())


def test_no_command_prints_usage():
    proc = subprocess.run([sys.executable, "-m", "kitchenlab.cli"], capture_output=True, text=True)
    assert proc.returncode == 2 and "usage: kitchenlab" in proc.stderr and "Traceback" not in proc.stderr


def test_tree_prints_decisions_and_exact_chance_edges(capsys):
    code, out, _ = run(capsys, "tree", "tem_purr_a", "--players", "3", "--seed", "2", "--after", "6",
                       "--depth", "2")
    assert code == 0
    assert "game tree from step 6 (depth 2)" in out
    chance_lines = [line for line in out.splitlines() if "[p=" in line]
    assert chance_lines and all(("indigestion" in ln) or ("safe" in ln) for ln in chance_lines)
    # each eat splits into two outcomes whose probabilities add up to one
    from fractions import Fraction
    probs = [Fraction(ln.split("[p=")[1].split("]")[0]) for ln in chance_lines]
    assert len(probs) % 2 == 0
    assert all(probs[i] + probs[i + 1] == 1 for i in range(0, len(probs), 2))


def test_rules_cuts_long_cells_and_gives_them_whole_below(capsys):
    code, out, _ = run(capsys, "rules", "critter_kitchen")
    assert code == 0
    lines = out.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("critic "))
    assert "'random', 'mouse', 'kangaroo', 't…" in lines[row]
    below = " ".join(line.strip() for line in lines[row + 1: row + 5])
    assert "alternatives: 'random', 'mouse', 'kangaroo', 'tree_shrew'" in below and "'owl', 'raccoon'" in below
    assert max(len(line) for line in lines) <= 140


# ---------------------------------------------------------------- quiz, binder-links, lab settings

def test_quiz_prints_the_worksheet_of_questions_for_a_seed(capsys):
    from kitchenlab.quiz import questions

    code, out, _ = run(capsys, "quiz", "chefs", "--seed", "12", "-n", "5")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Chefs quiz, seed 12, 5 questions: worksheet"
    asked = questions("chefs", seed=12, n=5)
    for number, q in enumerate(asked, start=1):
        assert f"{number}. {q.prompt}" in lines
        for letter, choice in zip("ABCDE", q.choices):
            assert f"   {letter}) {choice}" in lines
    assert not any(q.explanation in out for q in asked)      # no answer, no reason
    assert sum(line[:1].isdigit() for line in lines[1:]) == 5


def test_quiz_key_gives_each_right_letter_and_the_reason(capsys):
    from kitchenlab.quiz import questions

    code, out, _ = run(capsys, "quiz", "tem_purr_a", "--seed", "12", "-n", "4", "--key")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Tem-Purr-A quiz, seed 12, 4 questions: answer key"
    asked = questions("tem_purr_a", seed=12, n=4)
    assert lines[1:] == [f"{n}. {'ABCDE'[q.choices.index(q.answer)]}) {q.answer} — {q.explanation}"
                         for n, q in enumerate(asked, start=1)]
    assert not any(q.prompt in out for q in asked)


def test_quiz_default_seed_is_the_quiz_boxes_first_value(capsys):
    from kitchenlab.classroom import QuizWidget

    out = run(capsys, "quiz", "diced_veggies", "--key")[1]
    box = QuizWidget("diced_veggies")
    assert out.splitlines()[0] == "Diced Veggies quiz, seed 1, 8 questions: answer key"
    assert box.seed.value == 1
    assert out.splitlines()[1].startswith(f"1. {'ABCDE'[box.questions[0].choices.index(box.questions[0].answer)]}) "
                                          f"{box.questions[0].answer} — ")


@pytest.mark.parametrize("argv, expected", [
    (["quiz", "chefs", "-n", "0"], "a quiz has 1..100 questions, got n=0"),
    (["quiz", "nogame"], "unknown game 'nogame'"),
    (["binder-links", "just-a-name"], "owner/name (e.g. you/your-fork), got 'just-a-name'"),
    (["binder-links", "OWNER/" + "REPO"], "is a placeholder"),
])
def test_quiz_and_binder_links_refuse_bad_arguments(capsys, argv, expected):
    try:
        code = main(argv)
    except SystemExit as stop:            # argparse's own checks (the game argument)
        code = stop.code
    out, err = capsys.readouterr()
    assert code == 2 and expected in err and out == ""


def test_binder_links_prints_one_working_badge_per_launch_link(capsys):
    import re

    from kitchenlab.binder_links import launch_links

    code, out, _ = run(capsys, "binder-links", "ada-l/kitchen.lab")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == len(launch_links()) >= 9
    assert lines[0] == ("- [![Binder](https://mybinder.org/badge_logo.svg)](https://mybinder.org/v2/gh/ada-l/"
                        "kitchen.lab/main?urlpath=lab/tree/notebooks/00_start_here.ipynb) Start here")
    assert ("- [![Binder](https://mybinder.org/badge_logo.svg)](https://mybinder.org/v2/gh/ada-l/kitchen.lab/main"
            "?urlpath=voila/render/notebooks/classroom/chefs.ipynb) Chefs in class (Voila)") in lines
    form = re.compile(r"- \[!\[Binder\]\(https://mybinder\.org/badge_logo\.svg\)\]\(https://mybinder\.org/v2/gh/"
                      r"ada-l/kitchen\.lab/main\?urlpath=(lab/tree|voila/render)/notebooks/[\w/]+\.ipynb\) .+")
    assert all(form.fullmatch(line) for line in lines)
    other = run(capsys, "binder-links", "ada-l/kitchen.lab", "--branch", "lesson-2")[1]
    assert "/ada-l/kitchen.lab/lesson-2?urlpath=lab/tree/notebooks/00_start_here.ipynb" in other


def test_binder_links_without_a_repository_says_how_to_make_them(capsys, monkeypatch):
    from kitchenlab import binder_links

    monkeypatch.setattr(binder_links, "BINDER_REPO", None)
    code, out, _ = run(capsys, "binder-links")
    assert code == 0 and out.strip() == binder_links.MAKE_YOUR_OWN
    assert "mybinder.org" not in out and "kitchenlab binder-links you/your-fork" in out
    monkeypatch.setattr(binder_links, "BINDER_REPO", "ada/kitchenlab")
    assert "/v2/gh/ada/kitchenlab/main?" in run(capsys, "binder-links")[1]


def test_lab_gives_jupyterlab_the_kit_s_settings_overrides(capsys, monkeypatch, tmp_path):
    import json
    from pathlib import Path

    import kitchenlab.cli as cli

    calls = []
    monkeypatch.setattr(cli, "run_server", lambda cmd, cwd=None: calls.append(cmd) or 0)
    monkeypatch.setattr("jupyterlab.commands.get_app_dir", lambda: str(tmp_path / "app"))
    assert main(["lab", "--no-browser"]) == 0
    (flag,) = [a for a in calls[0] if a.startswith("--LabApp.app_settings_dir=")]
    folder = Path(flag.partition("=")[2])
    assert folder == cli.LAB_OVERRIDES.parent
    overrides = json.loads((folder / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    # the environment's own overrides are kept, the kit's added on top, in a folder of the kit's
    (tmp_path / "app" / "settings").mkdir(parents=True)
    (tmp_path / "app" / "settings" / "overrides.json").write_text(json.dumps(
        {"@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"},
         "@jupyterlab/apputils-extension:notification": {"fetchNews": "true", "doNotDisturbMode": True}}))
    merged_dir = cli.lab_settings_dir()
    assert merged_dir != folder
    merged = json.loads((merged_dir / "overrides.json").read_text())
    assert merged == {"@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"},
                      "@jupyterlab/apputils-extension:notification": {
                          "fetchNews": "false", "doNotDisturbMode": True, "checkForUpdates": False}}
