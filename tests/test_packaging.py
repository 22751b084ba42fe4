"""The kit as a user gets it: a wheel built from the source tree, installed (not editable) into a
fresh virtual environment, used from another folder; and the Binder environment in ``binder/``.

The fresh environment gets the kit with ``--no-deps``; a ``.pth`` file lets it see the test
environment's dependencies, so nothing is downloaded.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import re
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

HEAVY = ("plotly", "pandas", "ipywidgets", "networkx", "IPython")


def _run(cmd, cwd, timeout=300, env=None) -> subprocess.CompletedProcess:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
    assert proc.returncode == 0, f"{' '.join(map(str, cmd))} exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}"
    return proc


@pytest.fixture(scope="module")
def wheel(repo_root, tmp_path_factory) -> Path:
    if importlib.util.find_spec("hatchling") is None:
        pytest.fail("hatchling is needed to build the wheel; it is in the 'test' extra (pip install -e '.[test]')")
    out = tmp_path_factory.mktemp("wheel")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(repo_root)],
         cwd=out)
    wheels = list(out.glob("kitchenlab-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv holding the installed wheel; returns its bin folder."""
    venv = tmp_path_factory.mktemp("venv") / "env"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=venv.parent)
    py = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "-q", str(wheel)], cwd=venv.parent)
    # Let the fresh venv see the test environment's dependencies (but not its .pth files, so not
    # the editable install of the source tree).
    site = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], cwd=venv).stdout.strip())
    deps = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (site / "zz_test_env_deps.pth").write_text("\n".join(sorted(deps)) + "\n")
    return venv / "bin"


def test_wheel_holds_the_package_and_every_data_file(wheel, repo_root):
    names = set(zipfile.ZipFile(wheel).namelist())
    data_files = {
        p.relative_to(repo_root / "data").as_posix()
        for p in (repo_root / "data").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert data_files, "data/ is empty"
    missing = sorted(f for f in data_files if f"kitchenlab/data/{f}" not in names)
    assert missing == []
    assert "kitchenlab/__init__.py" in names and "kitchenlab/engine.py" in names
    assert not any(n.startswith(("tests/", "notebooks/", "benchmarks/")) for n in names)
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "kitchenlab = kitchenlab.cli:main" in text
    games = text.split("[kitchenlab.games]", 1)[1].split("[", 1)[0].split()
    assert " ".join(games) == ("chefs = kitchenlab.chefs critter_kitchen = kitchenlab.critter_kitchen "
                               "diced_veggies = kitchenlab.diced_veggies tem_purr_a = kitchenlab.tem_purr_a")


def test_installed_package_loads_its_own_data(installed, repo_root, tmp_path):
    code = (
        "import json, sys, kitchenlab, kitchenlab.data as d\n"
        "s = kitchenlab.new_game('tem_purr_a', players=3, seed=1)\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in %r)\n"
        "print(json.dumps({'package': kitchenlab.__file__, 'data': str(d.data_dir()),"
        " 'games': list(kitchenlab.available_games()), 'heavy': heavy,"
        " 'declared': kitchenlab.registry.kit_declares_its_games(),"
        " 'moves': len(s.legal_actions()), 'saved': kitchenlab.load_state(s.to_json()) == s}))\n"
    ) % (HEAVY,)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = json.loads(_run([str(installed / "python"), "-c", code], cwd=tmp_path, env=env).stdout)
    venv = installed.parent.resolve()
    assert Path(out["package"]).resolve().is_relative_to(venv), out
    assert Path(out["data"]).resolve().is_relative_to(venv), out
    assert not Path(out["data"]).resolve().is_relative_to(repo_root), out
    assert {"chefs", "critter_kitchen", "diced_veggies", "tem_purr_a"} <= set(out["games"])
    assert out["declared"] is True, "the installed kit finds its games through its entry points"
    assert out["heavy"] == [], "importing kitchenlab must not import plotly/pandas/ipywidgets/networkx"
    assert out["moves"] >= 1 and out["saved"] is True


def test_installed_command_plays_a_game(installed, tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = _run([str(installed / "kitchenlab"), "play", "tem_purr_a", "--players", "3", "--seed", "1"],
                cwd=tmp_path, env=env)
    last = proc.stdout.strip().splitlines()[-1]
    assert re.search(r"winner", last, re.IGNORECASE), proc.stdout[-2000:]
    # The same seed replays the same game, so a second run prints the same text.
    again = _run([str(installed / "kitchenlab"), "play", "tem_purr_a", "--players", "3", "--seed", "1"],
                 cwd=tmp_path, env=env)
    assert again.stdout == proc.stdout


# ---------------------------------------------------------------------------- Binder


def _pins(repo_root: Path) -> dict[str, str]:
    pins = {}
    for line in (repo_root / "binder" / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        m = re.fullmatch(r"([A-Za-z0-9_.\-]+)==([A-Za-z0-9_.+\-]+)", line)
        assert m, f"binder/requirements.txt: {line!r} is not pinned as name==version"
        pins[m.group(1)] = m.group(2)
    return pins


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_binder_runtime_is_python_311(repo_root):
    assert (repo_root / "binder" / "runtime.txt").read_text().strip() == "python-3.11"


def test_binder_pins_match_the_tested_versions(repo_root):
    pins = _pins(repo_root)
    wrong = {name: (want, importlib.metadata.version(name)) for name, want in pins.items()
             if importlib.metadata.version(name) != want}
    assert wrong == {}, "binder/requirements.txt differs from the installed versions (pinned, installed)"


def test_binder_pins_every_runtime_dependency(repo_root):
    project = tomllib.loads((repo_root / "pyproject.toml").read_text())["project"]
    wanted = list(project["dependencies"]) + project["optional-dependencies"]["lab"] + project["optional-dependencies"]["voila"]
    names = {_norm(re.split(r"[<>=!~;\[ ]", req, maxsplit=1)[0]) for req in wanted}
    pinned = {_norm(n) for n in _pins(repo_root)}
    assert sorted(names - pinned) == []


def test_binder_postbuild_installs_the_kit(repo_root):
    post = repo_root / "binder" / "postBuild"
    assert os.access(post, os.X_OK), "binder/postBuild must be executable"
    lines = [ln.strip() for ln in post.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    assert any(re.fullmatch(r"(python -m )?pip install( --no-cache-dir)? \.", ln) for ln in lines), lines


def test_repo2docker_reads_binder_folder(repo_root, tmp_path):
    if importlib.util.find_spec("repo2docker") is None:
        pytest.skip("jupyter-repo2docker is not installed")
    proc = _run([sys.executable, "-m", "repo2docker", "--no-build", "--no-run", "--debug", str(repo_root)],
                cwd=tmp_path, timeout=120)
    text = proc.stdout + proc.stderr
    assert "python=3.11" in text
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in text
    assert "./binder/postBuild" in text
