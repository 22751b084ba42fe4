"""What a class meets: no placeholder link, no answer key in the pupils' notebooks, the teacher's key,
"source" (not "seed") for a source document, and the kit's JupyterLab settings (no news pop-up)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import kitchenlab
from kitchenlab.quiz import worksheet

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = "OWNER/" + "REPO"       # written in two parts, so this file does not hold it
QUIZ_NOTEBOOKS = sorted((ROOT / "notebooks").glob("*/06_quiz.ipynb"))
TEACHER = ROOT / "notebooks" / "teacher" / "answer_keys.ipynb"
OVERRIDES = ROOT / "kitchenlab" / "jupyter" / "overrides.json"
NEWS = "@jupyterlab/apputils-extension:notification"


def tracked_text_files():
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for name in names:
        path = ROOT / name
        if not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data:
            continue
        yield name, data.decode("utf-8", errors="replace")


def notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def output_text(nb: dict) -> str:
    parts = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            parts.append("".join(out.get("text", "")))
            for value in out.get("data", {}).values():
                parts.append(value if isinstance(value, str) else "".join(value) if isinstance(value, list)
                             else json.dumps(value))
    return "\n".join(parts)


# ---------------------------------------------------------------- Binder links

def test_no_placeholder_repository_anywhere():
    hits = [name for name, text in tracked_text_files() if PLACEHOLDER in text]
    assert hits == [], f"{PLACEHOLDER} is still written in {hits}"


# ---------------------------------------------------------------- the answer key

@pytest.mark.parametrize("path", QUIZ_NOTEBOOKS, ids=lambda p: p.parent.name)
def test_no_quiz_notebook_shows_an_answer_key(path):
    nb = notebook(path)
    game = path.parent.name
    shown = output_text(nb)
    for seed in (0, 1, 2, 3, 5, 7, 12, 42):
        for line in worksheet(game, seed=seed, n=8, answers=True).splitlines():
            assert line not in shown, f"{path.name} shows the key of seed {seed}: {line[:80]}"
    assert not re.search(r"^\d+\. [A-E]\) .+ — ", shown, flags=re.M), "a line in the form of a key line"
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert "answers=True" not in code and "--key" not in code


@pytest.mark.parametrize("path", QUIZ_NOTEBOOKS, ids=lambda p: p.parent.name)
def test_one_seed_box_drives_the_quiz_and_its_worksheet(path):
    cells = ["".join(c["source"]) for c in notebook(path)["cells"] if c["cell_type"] == "code"]
    game = path.parent.name
    widget = f'quiz_widget("{game}", seed=1, n=8)'
    if game == "diced_veggies":                   # its cut questions draw their block
        widget = f"show_blocks({widget})"
    assert f"quiz = {widget}\nquiz" in cells
    assert "worksheet_panel(quiz)" in cells
    assert not any("worksheet(" in c and "worksheet_panel" not in c for c in cells)


def test_the_worksheet_follows_the_quiz_seed_box():
    from kitchenlab.classroom import QuizWidget
    from kitchenlab.worksheet import worksheet_panel

    quiz = QuizWidget("tem_purr_a", seed=1, n=3)
    panel = worksheet_panel(quiz)
    assert panel.sheet() == worksheet("tem_purr_a", seed=1, n=3)
    assert "Tem-Purr-A quiz, seed 1: the worksheet" in panel.text.value
    quiz.seed.value = 12
    quiz.new.click()
    assert panel.sheet() == worksheet("tem_purr_a", seed=12, n=3)
    assert "seed 12: the worksheet" in panel.text.value
    assert [q.prompt for q in quiz.questions] == [q.prompt for q in
                                                  kitchenlab.quiz.questions("tem_purr_a", seed=12, n=3)]
    first = quiz.questions[0]
    assert first.explanation not in panel.text.value


def test_the_teacher_notebook_prints_every_key_for_the_class_seed():
    nb = notebook(TEACHER)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert code[0].startswith("class_seed = 1 ")
    assert any("worksheet(game, seed=class_seed, n=questions_per_quiz, answers=True)" in c for c in code)
    shown = output_text(nb)
    for game in kitchenlab.available_games():
        assert worksheet(game, seed=1, n=8, answers=True) in shown


def test_teaching_notes_say_where_the_key_is():
    text = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8")
    assert "kitchenlab quiz chefs --seed 12 --key" in text and "notebooks/teacher/answer_keys.ipynb" in text
    assert "prints them (and the answer key)" not in text
    assert "answer key cell" not in text


# ---------------------------------------------------------------- "source", not "seed"

SEED_AS_SOURCE = re.compile(r"\bseeds? 0\d\d|\(seeds? `?0\d|\bseed documents?\b|\bseed text\b"
                            r"|\bthe seeds?(?:'s)? (?:once |also )?(?:write|writes|says|has|gives|leaves|table|only)\b"
                            r"|\b(?:in|by) the seed\b(?! box)|\bthe seed:|\bSpanish seed\b", re.I)


#: Notebooks whose stored outputs still show an older glossary note (they are run again, and checked
#: here again, once their own changes are in).
OUTPUTS_NOT_YET_RUN: set[str] = set()


def reader_texts():
    """What a person reads: docs, READMEs, data files' comments and texts, notebooks' markdown and
    outputs, and the strings of the package (figures, tables, rules)."""
    for name, text in tracked_text_files():
        if name.startswith(("tests/", "benchmarks/HISTORY")):
            continue
        if name.endswith(".ipynb"):
            nb = json.loads(text)
            parts = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
            shown = "" if name in OUTPUTS_NOT_YET_RUN else output_text(nb)
            yield name, "\n".join(parts) + "\n" + shown
        elif name.endswith(".py"):
            yield name, "\n".join(re.findall(r"\"[^\"\n]*\"|'[^'\n]*'", text))
        elif name.endswith((".md", ".csv", ".toml", ".txt")):
            yield name, text


def test_a_source_document_is_never_called_a_seed():
    hits = [f"{name}: {m.group(0)!r}" for name, text in reader_texts() for m in SEED_AS_SOURCE.finditer(text)]
    assert hits == []


def test_the_rules_table_names_its_sources(capsys):
    from kitchenlab.cli import main

    for game in kitchenlab.available_games():
        assert main(["rules", game]) == 0
        out = capsys.readouterr().out
        assert not SEED_AS_SOURCE.search(out), game
        assert "Sources: A = assumed by the kit" in out


# ---------------------------------------------------------------- JupyterLab without the news pop-up

def test_the_kit_s_lab_overrides_switch_the_news_off_by_the_installed_schema():
    jupyterlab = pytest.importorskip("jupyterlab")
    from jupyterlab.commands import get_app_dir

    overrides = json.loads(OVERRIDES.read_text(encoding="utf-8"))
    assert overrides == {NEWS: {"fetchNews": "false", "checkForUpdates": False}}
    schema_file = Path(get_app_dir()) / "schemas" / "@jupyterlab" / "apputils-extension" / "notification.json"
    schema = json.loads(schema_file.read_text(encoding="utf-8"))["properties"]
    assert "false" in [choice["const"] for choice in schema["fetchNews"]["oneOf"]], jupyterlab.__version__
    assert schema["checkForUpdates"]["type"] == "boolean"


def test_binder_postbuild_installs_the_overrides_where_lab_reads_them():
    lines = [ln.strip() for ln in (ROOT / "binder" / "postBuild").read_text().splitlines()
             if ln.strip() and not ln.lstrip().startswith("#")]
    assert "settings=\"$(python -c 'from jupyterlab.commands import get_app_dir; print(get_app_dir())')/settings\"" \
        in lines
    assert 'cp kitchenlab/jupyter/overrides.json "$settings/overrides.json"' in lines
    assert lines.index('mkdir -p "$settings"') < lines.index('cp kitchenlab/jupyter/overrides.json "$settings/overrides.json"')


def test_the_overrides_ship_in_the_package():
    import kitchenlab.cli as cli

    assert cli.LAB_OVERRIDES == Path(kitchenlab.__file__).parent / "jupyter" / "overrides.json"
    assert cli.LAB_OVERRIDES.is_file()


@pytest.mark.slow
def test_kitchenlab_lab_serves_the_news_switched_off(monkeypatch, tmp_path, get_free_port):
    """JupyterLab started the way ``kitchenlab lab`` starts it, with fresh user settings: its settings
    service reports the kit's values (the page then never asks about news)."""
    pytest.importorskip("jupyterlab")
    import urllib.request

    import kitchenlab.cli as cli
    from browser_harness import TOKEN, Server, _jupyter_env

    commands = []
    monkeypatch.setattr(cli, "run_server", lambda cmd, cwd=None: commands.append((cmd, cwd)) or 0)
    port = get_free_port()
    assert cli.main(["lab", "--no-browser", "--port", str(port)]) == 0
    (cmd, cwd), = commands
    env = _jupyter_env(tmp_path / "home")
    for made in (tmp_path / "home" / "lab-settings").rglob("notification.jupyterlab-settings"):
        made.unlink()                                   # nothing of the person's own: the kit's file decides
    server = Server("JupyterLab", [*cmd, f"--IdentityProvider.token={TOKEN}", "--ServerApp.port_retries=0"],
                    cwd, env, tmp_path / "lab.log", port)
    try:
        server.wait_listening()
        request = urllib.request.Request(f"{server.base}/lab/api/settings/{NEWS}",
                                         headers={"Authorization": f"token {TOKEN}"})
        for _ in range(60):
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    settings = json.load(answer)
                break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail(f"no answer from the settings service:\n{server.log_tail()}")
    finally:
        server.stop(shutdown_url=f"{server.base}/api/shutdown")
    assert settings["settings"] == {}                 # the person's settings are untouched (empty)
    defaults = {k: v["default"] for k, v in settings["schema"]["properties"].items()}
    assert defaults["fetchNews"] == "false" and defaults["checkForUpdates"] is False


# ---------------------------------------------------------------- timed lesson plans

TEACHING = ROOT / "docs" / "teaching.md"
PLAN_ROW = re.compile(r"^\| (\d+)–(\d+) \|", re.M)


def lesson_times():
    import importlib.util

    spec = importlib.util.spec_from_file_location("lesson_times", ROOT / "benchmarks" / "lesson_times.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("lesson_times", module)
    spec.loader.exec_module(sys.modules["lesson_times"])
    return sys.modules["lesson_times"]


def lesson_plans() -> dict[str, str]:
    """Each plan's text, keyed by game heading and "projector" / "devices"."""
    text = TEACHING.read_text(encoding="utf-8")
    plans = {}
    for part in re.split(r"^### ", text, flags=re.M)[1:]:
        title = part.splitlines()[0]
        for which, body in re.findall(r"^(One projector|With devices).*?\n\n(\|.*?)(?:\n\n|\Z)", part, re.M | re.S):
            plans[f"{title}: {which}"] = body
    return plans


def test_every_game_has_a_projector_and_a_devices_plan():
    plans = lesson_plans()
    for game in kitchenlab.available_games():
        title = kitchenlab.game_info(game).title
        assert sum(1 for k in plans if k.startswith(title) and k.endswith("One projector")) == 1, title
        assert sum(1 for k in plans if k.startswith(title) and k.endswith("With devices")) == 1, title


def test_each_plan_runs_minute_by_minute_within_45_minutes():
    for name, body in lesson_plans().items():
        spans = [(int(a), int(b)) for a, b in PLAN_ROW.findall(body)]
        assert spans and spans[0][0] == 0, name
        assert all(a < b for a, b in spans), name
        assert all(b == a2 for (_a, b), (a2, _b) in zip(spans, spans[1:])), f"{name}: a gap or an overlap"
        assert spans[-1][1] <= 45, name


def test_plans_name_only_notebooks_and_commands_that_exist():
    from kitchenlab.cli import main

    text = TEACHING.read_text(encoding="utf-8")
    notebooks = set(re.findall(r"`(notebooks/[^`]+\.ipynb)`", text))
    assert notebooks and all((ROOT / n).is_file() for n in notebooks), sorted(n for n in notebooks
                                                                               if not (ROOT / n).is_file())
    commands = set(re.findall(r"`(kitchenlab [^`]+)`", text))
    assert any("--key" in c for c in commands)
    for command in commands:
        words = command.split()[1:]
        if "GAME" in words or "you/your-fork" in words:
            continue
        with pytest.raises(SystemExit) as done:     # each command parses (--help: nothing is run)
            main([*words, "--help"])
        assert done.value.code == 0, command


def test_the_timing_table_is_the_benchmark_s_output():
    lt = lesson_times()
    text = TEACHING.read_text(encoding="utf-8")
    assert lt.lesson_table() in text
    assert "8 s a\ndecision, 40 s a plan, 3 s a meal item" in text and "2 s to read out each event" in text
    assert (lt.DEVICE_RATES, lt.PROJECTOR_RATES, lt.NARRATE_SECONDS) == (
        {"decision": 8, "plan": 40, "meal item": 3}, {"decision": 20, "plan": 90, "meal item": 5}, 2)


def test_each_plan_gives_play_at_least_the_measured_minutes():
    lt = lesson_times()
    rows = {(r.title, r.players): r for r in (lt.measure(g, n, **o) for g, n, o in lt.LESSON_ROWS)}
    text = TEACHING.read_text(encoding="utf-8")
    for part in re.split(r"^### ", text, flags=re.M)[1:]:
        if part.startswith("How long"):
            continue
        quoted = re.findall(r"timed from the (.+?), (\d) players? row(?:, the short game)?: ([\d.]+) minutes "
                            r"on the projector", part.replace("\n", " "))
        assert quoted, part.splitlines()[0]
        title, players, minutes = quoted[0]
        row = rows[(title, int(players))]
        assert float(minutes) == row.projector_minutes, title
        play = next((int(b) - int(a) for a, b in re.findall(r"^\| (\d+)–(\d+) \| [^|]*plays?", part, re.M)), None)
        assert play is not None and play >= row.projector_minutes, title


def test_the_short_critter_kitchen_game_is_what_the_plans_play():
    lt = lesson_times()
    short = lt.measure("critter_kitchen", 3, rounds=3)
    full = lt.measure("critter_kitchen", 3)
    assert full.group_minutes > 10 >= short.device_minutes * 2
    text = TEACHING.read_text(encoding="utf-8")
    assert f"{short.device_minutes} minutes a person" in text and "`rounds=3`" in text


# ---------------------------------------------------------------- Diced Veggies' cut questions draw the block


def test_cut_questions_draw_their_block_on_screen_and_in_lines_on_paper():
    from kitchenlab.classroom import quiz_widget
    from kitchenlab.diced_veggies.quiz import block_picture, block_text, show_blocks

    qs = kitchenlab.quiz.questions("diced_veggies", seed=1, n=8)
    cut = next(q for q in qs if q.kind == "legal")
    rows = cut.facts["block"]
    assert " / " not in cut.prompt and "row 1 first" not in cut.prompt
    lines = cut.prompt.splitlines()
    assert lines[1].split() == list("abcdefg")[:len(rows[0].split())]
    assert [ln.split()[1:] for ln in lines[2:-1]] == [r.split() for r in rows]
    assert lines[-1] == "Which cut is legal?"
    assert "\n" + block_text(rows) + "\n" in cut.prompt and block_text(rows) in worksheet("diced_veggies", seed=1, n=8)
    picture = block_picture(rows)
    dice = [d for r in rows for d in r.split() if d != ".."]
    assert picture.count("<td") == sum(len(r.split()) for r in rows)
    assert all(f">{d}</td>" in picture for d in dice)
    assert "Key: " in picture and "C carrot" in picture and "#F07F13" in picture
    quiz = show_blocks(quiz_widget("diced_veggies", seed=1, n=8))
    for index, q in enumerate(quiz.questions):
        quiz.go(index)
        drawn = "class='kl-block'" in quiz.question.value
        assert drawn == (q.kind == "legal"), (index, q.kind)
        if drawn:
            assert block_text(q.facts["block"]).splitlines()[1] not in quiz.question.value
