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
