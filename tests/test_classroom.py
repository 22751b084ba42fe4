"""The classroom layer: projector pages, the quiz widget, `kitchenlab present`, Binder links, the
teaching notes and the classroom notebooks' form."""

from __future__ import annotations

import doctest
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

import kitchenlab
import kitchenlab.play
from kitchenlab import classroom, quiz, table, undo
from kitchenlab.chefs import classroom as chefs_classroom
from kitchenlab.critter_kitchen import classroom as critter_kitchen_classroom
from kitchenlab.critter_kitchen import quiz as quiz_critter_kitchen
from kitchenlab.diced_veggies import classroom as diced_veggies_classroom
from kitchenlab.tem_purr_a import classroom as tem_purr_a_classroom
from kitchenlab.tem_purr_a import quiz as quiz_tem_purr_a
from kitchenlab import binder_links
from kitchenlab.binder_links import badges_markdown, binder_url, launch_links
from kitchenlab.chefs.classroom import TrackWhatIf
from kitchenlab.classroom import QuizWidget, classroom_page
from kitchenlab.critter_kitchen.classroom import StarsWhatIf
from kitchenlab.diced_veggies.classroom import CutLimitWhatIf
from kitchenlab.errors import KitchenlabError
from kitchenlab.tem_purr_a.classroom import StackCalculator
from kitchenlab import cli
from kitchenlab.cli import main, present_address, present_command, present_site
from kitchenlab.critter_kitchen import challenge_stars
from kitchenlab.critter_kitchen.rules import THRESHOLD_PRESETS
from kitchenlab.quiz import questions
from kitchenlab.tem_purr_a import indigestion_chance, stack_total

ROOT = Path(__file__).resolve().parent.parent
MINE = ["tem_purr_a/05_play.ipynb", "tem_purr_a/06_quiz.ipynb", "critter_kitchen/06_quiz.ipynb",
        "chefs/06_quiz.ipynb", "diced_veggies/06_quiz.ipynb",
        "classroom/tem_purr_a.ipynb", "classroom/critter_kitchen.ipynb", "classroom/chefs.ipynb",
        "classroom/diced_veggies.ipynb"]


@pytest.mark.parametrize("module", [classroom, quiz, quiz_tem_purr_a, quiz_critter_kitchen, table, undo, binder_links,
                                    tem_purr_a_classroom, critter_kitchen_classroom, chefs_classroom,
                                    diced_veggies_classroom],
                         ids=lambda m: m.__name__)
def test_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_rules_side_modules_stay_light():
    code = ("import sys, kitchenlab.quiz, kitchenlab.undo, kitchenlab.binder_links, kitchenlab.tem_purr_a.quiz; "
            "print(sorted(m for m in ('ipywidgets', 'plotly', 'pandas') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# ---------------------------------------------------------------- projector pages


def test_tem_purr_a_page_shows_the_public_view_unless_asked():
    page = classroom_page("tem_purr_a", players=4, seed=27)
    names = {s.name for s in page.stepper.drawn.layout.shapes}
    assert {f"hand {p} down" for p in range(4)} <= names and not any(n.endswith(" up") for n in names)
    before = page.event_text
    page.stepper.next.click()
    assert page.event_text != before and page.stepper.index == 1
    page.show_all.value = True
    names = {s.name for s in page.stepper.drawn.layout.shapes}
    assert {f"hand {p} up" for p in range(4)} <= names and page.stepper.index == 1
    assert "seat" not in page.setup.value and "Cards in hand: Player 1 5, Player 2 5" in page.setup.value
    assert "hand_sizes" not in page.setup.value and "hand sizes" not in page.setup.value


def _picture_text(obj) -> str:
    return obj.to_json() if hasattr(obj, "to_json") else obj.value


@pytest.mark.parametrize("game", ["tem_purr_a", "critter_kitchen"])
def test_page_draws_the_public_view_or_the_whole_table(game):
    """The page hands the game's renderer the public viewer (None), or the whole table when asked."""
    from kitchenlab.play import TABLE
    from kitchenlab.table import renderer_for

    page = classroom_page(game, players=3, seed=1)
    page.stepper.go(len(page.stepper.frames) - 1)
    frame = page.stepper.frame
    game_render = renderer_for(game)
    if game_render is not None:      # the game's own picture, with the projector's text sizes, untitled
        def render(frame, viewer):
            return classroom.untitled(classroom.projected(game_render(frame, viewer)))
    else:
        render = classroom.public_picture
    public = render(frame, None) if render is not classroom.public_picture else render(frame, False)
    assert _picture_text(page.stepper.drawn) == _picture_text(public)
    page.show_all.value = True
    table_view = render(frame, TABLE) if render is not classroom.public_picture else render(frame, True)
    assert _picture_text(page.stepper.drawn) == _picture_text(table_view) != _picture_text(public)


def test_the_fallback_table_shows_storages_only_in_seat_views():
    frame = kitchenlab.play.record("critter_kitchen", players=3, seed=1, until=lambda s: s.steps == 12)[-1]
    assert "storage" not in classroom.view_html(frame.view(None))
    everyone = "".join(classroom.view_html(frame.view(p)) for p in range(3))
    assert "storage" in everyone


@pytest.mark.parametrize("game", ["tem_purr_a", "critter_kitchen"])
def test_page_deals_again_for_another_player_count(game):
    info = kitchenlab.game_info(game)
    page = classroom_page(game, seed=2)
    other = next(n for n in info.players if n != page.players.value)
    page.players.value = other
    assert f"setup for {other} player" in page.setup.value
    assert page.stepper.frames[0].state.players == other and page.stepper.index == 0
    start = kitchenlab.new_game(game, players=other, seed=2)
    assert page.stepper.frames[0].text == start.log[0]


def test_stack_calculator_and_risk():
    calc = StackCalculator(deck=40, indigestion=2)
    for card in ("5", "+1", "reverse", "5"):
        calc.add(card)
    assert calc.worth == stack_total([5, "+1", "reverse", 5]) == 11
    p = indigestion_chance(40, 2, 11)
    assert f"{p.numerator}/{p.denominator}" in calc.result.value
    calc.clear()
    assert calc.worth == 0


def test_stars_what_if_follows_every_preset():
    w = StarsWhatIf(12)
    for q in (0, 5, 6, 12, 20, 21, 30):
        w.slider.value = q
        assert w.stars() == {name: challenge_stars(q, th) for name, th in THRESHOLD_PRESETS.items()}
    assert "★" in w.result.value


def _games_with_a_page():
    return [g for g in kitchenlab.available_games() if (ROOT / "notebooks" / "classroom" / f"{g}.ipynb").exists()]


@pytest.mark.parametrize("game", _games_with_a_page())
def test_calculators_exist_for_every_page(game):
    """Each game with a projector page names its two projector tools in its own classroom module."""
    import importlib

    info = kitchenlab.game_info(game)
    spec = info.calculator.partition(":")[0]     # the game's own module
    assert spec == f"kitchenlab.{game}.classroom"
    assert (info.calculator, info.what_if) == (f"{spec}:calculator", f"{spec}:what_if")
    module = importlib.import_module(spec)
    calc, slider = classroom.scoring_calculator(game), classroom.what_if_slider(game)
    assert type(calc) is type(module.calculator()) and type(slider) is type(module.what_if())
    assert "kl-projector" in calc.widget._dom_classes and "kl-projector" in slider.widget._dom_classes
    assert calc._repr_mimebundle_() == calc.widget._repr_mimebundle_()


def test_a_game_without_projector_tools_says_so():
    """The toy game (tests/toy_game.py) names no calculator and no what-if widget."""
    from toy_game import INFO

    assert INFO.calculator == INFO.what_if == ""
    games = ", ".join(kitchenlab.available_games())
    with pytest.raises(KitchenlabError, match=re.escape(
            f"Dice Nim has no scoring calculator for the projector (its GameInfo names no 'calculator'); "
            f"games with one: {games}")):
        classroom.scoring_calculator("dice_nim")
    with pytest.raises(KitchenlabError, match="Dice Nim has no what-if widget for the projector"):
        classroom.what_if_slider("dice_nim")


def test_chefs_calculator_pays_for_a_meal():
    calc = classroom.scoring_calculator("chefs")
    calc.meal.value, calc.chef.value = "Tomato soup", "tomato"
    for kind, slider in calc.sliders.items():
        slider.value = {"tomato": 1, "onion": 1}.get(kind, 0)
    assert calc.hand == {"tomato": 1, "onion": 1}
    assert "With the chef card (tomato): yes, pay onion, tomato (2 cards)" in calc.text   # 2 tomato + 1 onion
    assert "Without the chef card: no." in calc.text
    calc.chef.value = None
    assert "chef card (" not in calc.text


def test_track_what_if_follows_the_track():
    """Square 21 is square 1 of the second lap; passing square 20 ends the game (digest)."""
    from kitchenlab.chefs import meal_table

    w = TrackWhatIf(16)
    values = sorted({m["steps"] for m in meal_table()})
    for now in (0, 15, 18, 20, 21, 39):
        w.slider.value = now
        rows = w.rows()
        assert [r["steps"] for r in rows] == values
        for r in rows:
            total = now + r["steps"]
            assert r["lands"] == f"lap {(total - 1) // 20 + 1}, square {(total - 1) % 20 + 1}"
            assert r["ends"] == (total > 20 >= now)
            assert r["meals"] == sum(1 for m in meal_table() if m["steps"] == r["steps"])
    w.slider.value = 18
    assert "lap 1, square 18" in w.result.value and w.result.value.count("the game ends this round") == 4


def test_cut_limit_what_if_counts_the_legal_cuts():
    from kitchenlab.diced_veggies import legal_cuts

    w = CutLimitWhatIf()
    block = kitchenlab.new_game("diced_veggies", players=2, seed=1).view(None)["block"]
    assert w.block == block
    last = (0, 0)
    for limit in (2, 6, 10, 14, 24):
        w.slider.value = limit
        c = w.counts()
        assert c == {"edge": len(legal_cuts(block, False, limit)), "middle": len(legal_cuts(block, True, limit))}
        assert c["edge"] <= c["middle"] and (c["edge"], c["middle"]) >= last
        last = (c["edge"], c["middle"])
        assert f"<b>{c['edge']}</b> legal cuts" in w.result.value
    w.slider.value = 10
    assert "the rules' limit" in w.result.value
    assert w.counts()["edge"] == len(kitchenlab.new_game("diced_veggies", players=2, seed=1).legal_actions())


def test_diced_veggies_calculator_scores_a_cooked_recipe():
    from kitchenlab.diced_veggies.scoring import cook_report

    calc = classroom.scoring_calculator("diced_veggies")
    assert calc.report()["points"] == cook_report(1, ["M2", "M3", "M6"], 24)["points"] == 11   # 2 + 3 per mushroom
    calc.dice.value = "M2 M3"
    assert calc.report()["points"] == 2 and "2 points" in calc.result.value


# ---------------------------------------------------------------- the quiz widget


def test_quiz_widget_marks_answers_and_keeps_the_score():
    w = QuizWidget("tem_purr_a", seed=4, n=3)
    assert [q.prompt for q in w.questions] == [q.prompt for q in questions("tem_purr_a", seed=4, n=3)]
    q = w.current
    assert all(b.description in q.choices for b in w.choices.children) and w.next.disabled
    assert w.answer(q.answer) is True
    assert "Right" in w.feedback.value and "Score: 1 / 1" in w.score.value and not w.next.disabled
    assert all(b.disabled for b in w.choices.children)
    w.next.click()
    q = w.current
    wrong = next(c for c in q.choices if c != q.answer)
    [b for b in w.choices.children if b.description == wrong][0].click()
    assert "Not quite" in w.feedback.value and q.answer in w.feedback.value.replace("&#x27;", "'")
    assert "Score: 1 / 2" in w.score.value
    w.seed.value = 9
    w.new.click()
    assert w.index == 0 and w.asked == 0 and w.current == questions("tem_purr_a", seed=9, n=3)[0]


# ---------------------------------------------------------------- kitchenlab present, make present


def test_present_serves_the_notebooks_folder_with_voila_on_localhost_with_a_token():
    """Voila serves the whole notebooks folder (so the page's rules link has a notebook to open),
    on 127.0.0.1, with the token, on the given port only, and opens no browser of its own."""
    folder, page = present_site("tem_purr_a")
    assert (folder, page) == (ROOT / "notebooks", "classroom/tem_purr_a.ipynb")
    assert present_command(folder, port=9123, token="t0k") == [
        sys.executable, "-m", "voila", str(ROOT / "notebooks"), "--Voila.ip=127.0.0.1", "--port=9123",
        "--Voila.token=t0k", "--Voila.port_retries=0", "--no-browser"]
    assert present_address(page, 9123, "t0k") == "http://127.0.0.1:9123/voila/render/classroom/tem_purr_a.ipynb?token=t0k"


@pytest.mark.parametrize("game", sorted(g for g in kitchenlab.available_games() if (ROOT / "notebooks" / g).is_dir()))
def test_every_projector_page_links_to_a_how_to_play_notebook_in_the_served_folder(game):
    folder, page = present_site(game)
    target = ((folder / page).parent / classroom.rules_path(game)).resolve()
    assert target == ROOT / "notebooks" / game / "00_how_to_play.ipynb" and target.is_file()


def test_present_prints_the_page_address_and_opens_it_unless_told_not_to(monkeypatch, capsys, get_free_port):
    ran, opened = [], []
    monkeypatch.setattr(cli, "run_server", lambda cmd, cwd: ran.append((cmd, Path(cwd))) or 0)
    monkeypatch.setattr(cli, "_open_when_served", lambda address, port: opened.append((address, port)))
    port = get_free_port()
    assert main(["present", "chefs", "--port", str(port)]) == 0
    printed = re.findall(r"http://\S+", capsys.readouterr().out)
    assert len(printed) == 1
    assert re.fullmatch(rf"http://127\.0\.0\.1:{port}/voila/render/classroom/chefs\.ipynb\?token=[\w-]{{16,}}", printed[0])
    token = printed[0].rpartition("=")[2]
    for _ in range(50):             # the browser is opened from a thread of its own
        if opened:
            break
        time.sleep(0.02)
    assert opened == [(printed[0], port)]
    assert ran == [(present_command(ROOT / "notebooks", port, token), ROOT / "notebooks")]
    assert main(["present", "chefs", "--no-browser", "--port", str(port)]) == 0
    time.sleep(0.1)
    assert len(opened) == 1 and len(ran) == 2


def test_the_browser_is_opened_once_the_server_answers(monkeypatch):
    import socket
    import webbrowser

    opened = []
    monkeypatch.setattr(webbrowser, "open", opened.append)
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
        server.bind(("127.0.0.1", 0))
        port = server.getsockname()[1]
        cli._open_when_served("http://x/", port, wait=0.5)    # bound, not listening: nothing answers
        assert opened == []
        server.listen()
        cli._open_when_served("http://x/", port, wait=5)
    assert opened == ["http://x/"]


def test_a_game_without_a_page_of_its_own_gets_one_from_its_game_info(monkeypatch, tmp_path):
    """Every kit game has its page; a game without one (from another package, or a checkout missing
    the file) is served a page made from what its GameInfo offers, and that page runs."""
    assert all((ROOT / "notebooks" / "classroom" / f"{g}.ipynb").is_file()
               for g in kitchenlab.available_games() if (ROOT / "notebooks" / g).is_dir())
    (tmp_path / "notebooks" / "classroom").mkdir(parents=True)
    from kitchenlab import catalogue
    from kitchenlab.cli import classroom_page_path

    monkeypatch.setattr(catalogue, "repo_root", lambda: tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    page = classroom_page_path("chefs")
    assert page.name == "chefs.ipynb" and page.parent != tmp_path / "notebooks" / "classroom"
    cells = json.loads(page.read_text())["cells"]
    sources = [c["source"] for c in cells if c["cell_type"] == "code"]
    assert sources[1:] == ["classroom_page('chefs')", "scoring_calculator('chefs')", "what_if_slider('chefs')",
                           "glossary_table('chefs')"]
    assert cells[1]["source"].startswith("# Chefs in class\n\n" + kitchenlab.game_info("chefs").summary)
    folder, served = present_site("chefs")
    assert folder / served == page and served == "classroom/chefs.ipynb"
    rules = json.loads((page.parent / classroom.rules_path("chefs")).read_text())["cells"]
    assert rules[0]["source"].startswith("# How to play Chefs\n\n" + kitchenlab.game_info("chefs").summary)
    namespace: dict = {}
    for source in sources:          # the page runs: every cell, in order
        exec(compile(source, str(page), "exec"), namespace)


def test_make_present_runs_the_command():
    text = (ROOT / "Makefile").read_text()
    assert re.search(r"^present: \$\(STAMP\)\n\t\$\(BIN\)/kitchenlab present \$\(GAME\) "
                     r"\$\(if \$\(filter command line,\$\(origin LANG\)\),--lang \$\(LANG\)\)$", text, flags=re.M)
    assert re.search(r"^GAME \?= tem_purr_a$", text, flags=re.M)


# ---------------------------------------------------------------- Binder links and teaching notes

URL = re.compile(r"https://mybinder\.org/v2/gh/[^/\s)]+/[^/\s)]+/main\?urlpath=(lab/tree|voila/render)/"
                 r"(notebooks/[\w/]+\.ipynb)")


def test_binder_urls_have_the_right_form():
    repo = "ada/kitchenlab"
    assert binder_url("notebooks/00_start_here.ipynb", repo=repo) == (
        "https://mybinder.org/v2/gh/ada/kitchenlab/main?urlpath=lab/tree/notebooks/00_start_here.ipynb")
    links = launch_links()
    paths = [p for _, p, _ in links]
    assert paths[0] == "notebooks/00_start_here.ipynb"
    for game in ("tem_purr_a", "critter_kitchen"):
        assert f"notebooks/{game}/05_play.ipynb" in paths and f"notebooks/classroom/{game}.ipynb" in paths
    for _, path, voila in links:
        url = binder_url(path, voila, repo=repo)
        m = URL.fullmatch(url)
        assert m and m.group(1) == ("voila/render" if voila else "lab/tree") and (ROOT / m.group(2)).is_file()
        assert voila == path.startswith("notebooks/classroom/")


def test_the_binder_setting_names_a_repository_or_nothing():
    repo = binder_links.BINDER_REPO
    assert repo is None or (re.fullmatch(r"[\w-]+/[\w.-]+", repo) and binder_links.check_repo(repo) == repo)
    if repo is None:
        assert badges_markdown() == binder_links.MAKE_YOUR_OWN
        with pytest.raises(KitchenlabError, match="owner/name"):
            binder_url("notebooks/00_start_here.ipynb")
    else:
        assert badges_markdown().count("https://mybinder.org/v2/gh/") == len(launch_links())


@pytest.mark.parametrize("doc", ["README.md", "docs/teaching.md", "notebooks/00_start_here.ipynb"])
def test_docs_carry_the_badges_or_how_to_make_them(doc):
    text = (ROOT / doc).read_text()
    if doc.endswith(".ipynb"):
        text = "".join("".join(c["source"]) for c in json.loads(text)["cells"] if c["cell_type"] == "markdown")
    flat = " ".join(text.split())
    if binder_links.BINDER_REPO is None:
        assert binder_links.MAKE_YOUR_OWN in flat
        assert "mybinder.org/v2/gh/" not in text          # no link that leads nowhere
    else:
        assert badges_markdown() in text
        for m in URL.finditer(text):
            assert (ROOT / m.group(2)).is_file(), m.group(0)
        assert len(URL.findall(text)) == len(launch_links())


def test_teaching_notes_cover_every_game():
    text = (ROOT / "docs" / "teaching.md").read_text()
    for words in ("conditional probability and risk", "optimisation under limits", "planning and turn order",
                  "geometry and combinatorics", "45-minute", "make present", "same seed"):
        assert words in text
    for title in ("Tem-Purr-A", "Critter Kitchen", "Chefs", "Diced Veggies"):
        assert f"### {title}:" in text


@pytest.mark.parametrize("title,game", [("Chefs", "chefs"), ("Diced Veggies", "diced_veggies")])
def test_lesson_plans_name_notebooks_and_sections_that_exist(title, game):
    """Every notebook a lesson plan names exists, every section it quotes is a heading there, and the
    projector page's players and seed are the ones the page deals."""
    text = (ROOT / "docs" / "teaching.md").read_text()
    plan = text.split(f"### {title}:")[1].split("\n### ")[0].split("\n## ")[0]
    folder = ROOT / "notebooks" / game
    named = set(re.findall(r"`(0\d_\w+)`", plan))
    assert {"00_how_to_play", "02_round", "05_play", "06_quiz"} <= named
    headings = []
    for name in named:
        nb = json.loads((folder / f"{name}.ipynb").read_text())          # the notebook exists
        headings += [line.lstrip("#").strip() for c in nb["cells"] if c["cell_type"] == "markdown"
                     for line in "".join(c["source"]).split("\n") if line.startswith("#")]
    quoted = [q for q in re.findall(r'"([^"]+)"', plan.replace("\n   ", " ")) if q[0].isupper() and q != "Next event"]
    assert len(quoted) >= 4
    for q in quoted:
        assert any(q in re.sub(r"^\d+\. ", "", h) for h in headings), q
    page = re.search(r"`notebooks/classroom/(\w+)\.ipynb`, (\d) players, seed (\d+)", plan.replace("\n   ", " "))
    assert page and page.group(1) == game
    source = (ROOT / "notebooks" / "classroom" / f"{game}.ipynb").read_text()
    assert f'classroom_page(\\"{game}\\", players={page.group(2)}, seed={page.group(3)})' in source


# ---------------------------------------------------------------- the notebooks' form


@pytest.mark.parametrize("name", MINE)
def test_classroom_notebooks_follow_the_standard(name):
    nb = json.loads((ROOT / "notebooks" / name).read_text())
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and any(c["metadata"].get("jupyter", {}).get("source_hidden") for c in code)
    for c in code:
        src = "".join(c["source"])
        assert "lambda" not in src and "NBVAL" not in src and not re.search(r"\._[a-z]", src)
        tags = c["metadata"].get("tags", [])
        if any(f in src for f in ("play_widget(", "quiz_widget(", "classroom_page(", "_calculator(", "_slider(")):
            assert "nbval-ignore-output" in tags
        assert not any(o.get("output_type") == "error" for o in c["outputs"])
    last = code[-1]
    glossary = "projector_glossary(" if name.startswith("classroom/") else "glossary_table("
    assert glossary in "".join(last["source"]) and "nbval-check-output" in last["metadata"]["tags"]
    assert sum("nbval-check-output" in c["metadata"].get("tags", []) for c in code) >= 1


@pytest.mark.parametrize("game", kitchenlab.available_games())
def test_every_game_gets_a_projector_table_and_a_quiz(game):
    """What a new game gets without a line of its own: the page's setup and stepper, and a quiz of
    the generic questions (or its own)."""
    page = classroom_page(game, seed=1)
    before = page.event_text
    page.stepper.step(1)
    assert page.event_text != before and page.stepper.drawn is not None
    w = QuizWidget(game, seed=1, n=2)
    assert w.answer(w.current.answer) and "Score: 1 / 1" in w.score.value


def test_the_projector_page_reads_out_no_drawn_cards_unless_all_hands_are_shown():
    page = classroom_page("tem_purr_a", players=3, seed=1)
    frames = page.stepper.frames
    secret = [i for i, f in enumerate(frames)
              if "seen_by" in f.state.events[f.number].data]
    assert secret, "the first round of this seed has no eat that draws cards: nothing is checked"
    i = secret[0]
    f = frames[i]
    page.stepper.go(i)
    public = f.state.events[f.number].data["public_text"]
    assert page.event_text == public and f.text != public          # the public page: no cards named
    assert f.text not in page.stepper.log.value.replace("&#x27;", "'")
    page.show_all.value = True
    assert page.event_text == f.text                                # the teacher's full view


# ---------------------------------------------------------------- the projector page: tabs, words, quiz

DUMPS = ("recipes: [", "current player:", "rumor cards:", "None", "hand_sizes", "[[", "': ", "True", "False")


@pytest.mark.parametrize("game", ["chefs", "critter_kitchen", "diced_veggies", "tem_purr_a"])
def test_the_page_says_where_things_stand_in_words_that_follow_the_steps(game):
    """No raw state dump: the sentences under the picture are plain words, redrawn at every step."""
    page = classroom_page(game, seed=1)
    seen = set()
    for i in range(len(page.stepper.frames)):
        page.stepper.go(i)
        text = page.round.state_text.value
        frame = page.stepper.frame
        assert text == classroom.sentences_html(classroom.state_sentences(game, frame.view(None), frame.settled))
        seen.add(text)
    assert len(seen) > 1                                          # the words changed while stepping
    for text in seen | {page.setup.value}:
        assert not any(d in text for d in DUMPS), text
    assert "<details>" in page.setup.value and "Setup" in page.setup.value


def test_diced_veggies_words_follow_the_cuts():
    """The block and the dice a player holds are those of the frame shown, not of the deal."""
    page = classroom_page("diced_veggies", players=2, seed=1)
    last = page.stepper.frames[-1]
    page.stepper.go(len(page.stepper.frames) - 1)
    view = last.view(None)
    left = sum(1 for row in view["block"] for die in row.split() if die != "..")
    assert left < 35 and f"The block holds {left} dice, worth {view['block_total']} in all." in page.round.state_text.value
    held = view["dice"][0]
    assert f"Player 1: {len(held)} dice ({' '.join(held)})" in page.round.state_text.value
    page.stepper.go(0)
    assert "The block holds 35 dice, worth 117 in all." in page.round.state_text.value


def test_the_page_has_its_tabs_in_lesson_order_built_on_first_opening():
    page = classroom_page("tem_purr_a", players=4, seed=27)
    assert page.titles == ("Round", "Play", "Quiz", "Calculator", "What if?")
    assert page.tabs.titles == page.titles and set(page.tools) == {"Round"}
    assert page.tabs.children[0] is page.round.widget and all(not c.children for c in page.tabs.children[1:])
    page.tabs.selected_index = 3                                   # the teacher clicks "Calculator"
    assert type(page.tools["Calculator"]) is StackCalculator and page.tabs.children[3] is page.tools["Calculator"].widget
    assert isinstance(page.open("Quiz"), classroom.ProjectorQuiz) and page.tabs.selected_index == 2
    with pytest.raises(KitchenlabError, match="no 'Scores' tab"):
        page.open("Scores")
    assert page.widget.children[0].children == (page.link, page.language)
    assert "href='../tem_purr_a/00_how_to_play.ipynb'" in page.link.value
    assert (ROOT / "notebooks" / "classroom" / classroom.rules_path("tem_purr_a")).resolve().is_file()


def test_the_page_has_one_language_toggle_that_retells_it():
    from kitchenlab import i18n

    page = classroom.ProjectorPage("tem_purr_a", players=3, seed=1)
    stepper = page.round.stepper
    assert not any(page.language is c or stepper.language in getattr(c, "children", ())
                   for c in stepper.widget.children)                 # the stepper's buttons keep to one row
    try:
        page.language.value = "es"
        assert page.tabs.titles[:3] == ("Ronda", "Jugar", "Cuestionario")
        assert "00_como_se_juega.ipynb" in page.link.value and stepper.next.description == "Siguiente evento ▶"
        assert page.titles[:3] == ("Round", "Play", "Quiz")             # the tabs' names in code stay
    finally:
        page.language.value = "en"
    assert i18n.language() == "en" and page.tabs.titles[0] == "Round"


def test_a_game_without_tools_gets_a_page_without_their_tabs():
    assert classroom_page("dice_nim").titles == ("Round", "Play", "Quiz")


def test_projector_quiz_shows_the_answer_only_on_the_teachers_click():
    quiz = classroom.ProjectorQuiz("tem_purr_a", seed=4, n=3)
    asked = questions("tem_purr_a", seed=4, n=3)
    for i, q in enumerate(asked):
        assert quiz.current == q and quiz.answer.value == "" and not quiz.revealed
        shown = quiz.question.value + quiz.choices.value
        assert escape_html(q.prompt) in shown and escape_html(q.explanation) not in shown
        assert all(escape_html(c) in quiz.choices.value for c in q.choices)
        quiz.show_answer.click()
        assert escape_html(q.answer) in quiz.answer.value and escape_html(q.explanation) in quiz.answer.value
        assert quiz.show_answer.disabled
        quiz.next.click()
    assert quiz.index == 2 and quiz.next.disabled
    quiz.back.click()
    assert quiz.index == 1 and quiz.answer.value == ""             # back again: hidden again
    quiz.seed.value = 9                                            # the seed box makes the quiz
    assert quiz.index == 0 and quiz.current == questions("tem_purr_a", seed=9, n=3)[0] and quiz.answer.value == ""


def escape_html(text: str) -> str:
    from html import escape

    return escape(text)


def test_play_tab_seats_people_at_the_projector_behind_the_cover():
    panel = classroom.PlayPanel("tem_purr_a", seed=3)
    panel.players.value = 3
    assert [v for _, v in panel.people.options] == [3, 2, 1, 0] and panel.people.value == 3
    panel.people.value = 2
    assert panel.seats() == ["human", "human", "cautious"]
    table = panel.new_table()
    assert list(table.seats) == ["human", "human", "cautious"]
    assert table.covered and table.state.players == 3 and panel.table_box.children == (table.widget,)
    panel.start.click()
    again = panel.table
    assert again is not table and again.state.to_json() == table.state.to_json()   # a fixed seed deals the same


def test_projector_glossary_is_large_type():
    g = classroom.projector_glossary("chefs", ["door", "square"])
    assert "class='kl-glossary'" in g.value and "font-size:20px" in g.value
    assert ".kl-glossary td, .kl-glossary th { font-size: 20px" in classroom.PROJECTOR_CSS
    assert g.text.splitlines()[0].endswith("— door") and g._repr_mimebundle_()["text/html"] == g.value


def test_projector_quiz_draws_a_diced_veggies_block_in_place_of_its_lines():
    from kitchenlab.classroom import projector_quiz
    from kitchenlab.diced_veggies.quiz import block_picture

    quiz = projector_quiz("diced_veggies", seed=1, n=8)
    cuts = [i for i, q in enumerate(quiz.questions) if q.kind == "legal" and "block" in q.facts]
    assert cuts, "seed 1 should hold a cut question"
    quiz.go(cuts[0])
    assert block_picture(quiz.current.facts["block"]) in quiz.question.value
    plain = projector_quiz("tem_purr_a", seed=1, n=8)          # a game without a quiz_view: as it was
    assert type(plain).__name__ == "ProjectorQuiz"


@pytest.mark.parametrize("game", ["chefs", "critter_kitchen", "diced_veggies", "tem_purr_a"])
def test_the_projector_picture_has_no_text_under_14_px(game):
    from kitchenlab.charts import text_sizes
    from kitchenlab.classroom import public_picture

    page = classroom_page(game)
    for show_all in (False, True):
        fig = public_picture(page.stepper.frame, show_all)
        assert min(min(v) for v in text_sizes(fig).values() if v) >= 14
