"""The Chefs notebooks in a real browser: JupyterLab on 127.0.0.1 driven by Playwright in Debian's
Chromium (never Playwright's own downloads). The round notebook runs in full and its stepper moves
on to the next event, as the notebook's own event list prints it; in the play notebook a move is
made by clicking, and the game's log shows it; Voila renders the setup notebook. No error output
anywhere.

The servers, the fixtures' private Jupyter folders and the page helpers are those of
``tests/test_browser.py``; skipped when Chromium or Playwright is missing (a failure with
``KITCHENLAB_REQUIRE_BROWSER=1``).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import test_browser as tb  # noqa: E402  (the shared browser harness)

pytestmark = pytest.mark.browser

ROUND = "chefs/02_round.ipynb"
PLAY = "chefs/05_play.ipynb"
SETUP = "chefs/01_setup.ipynb"


RUN_ALL_MS = 150_000


def run_all(page, lab, notebook: str) -> None:
    """Open a notebook, run every cell from the Run menu and wait until each code cell whose source
    is shown has its execution count and the kernel is idle (a cell with its source collapsed shows
    no prompt, so it is left out of the count)."""
    tb._open_notebook(page, lab, notebook)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    tb._wait_or_explain(page, f"running all cells of {notebook}", lambda: page.wait_for_function(
        r"""(panel) => {
            const p = document.querySelector(panel);
            if (!p) return false;
            const ind = p.querySelector('.jp-Notebook-ExecutionIndicator');
            if (!ind || ind.getAttribute('data-status') !== 'idle') return false;
            const cells = [...p.querySelectorAll('.jp-CodeCell')].filter(c => !c.querySelector('.jp-InputPlaceholder'));
            const prompts = cells.map(c => c.querySelector('.jp-InputPrompt'));
            return prompts.length > 0 && prompts.every(e => e && /^\[\d+\]:$/.test(e.textContent.trim()));
        }""",
        arg=tb.PANEL, timeout=RUN_ALL_MS, polling=500))


@pytest.fixture(scope="module")
def chefs_browser():
    exe = tb._chromium()
    if exe is None:
        tb._unavailable("Debian's chromium is not installed (sudo apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        tb._unavailable("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, headless=True, args=tb.CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def chefs_served(tmp_path_factory, repo_root) -> Path:
    """A private copy of notebooks/ (running cells may write files)."""
    root = tmp_path_factory.mktemp("chefs-served") / "notebooks"
    shutil.copytree(repo_root / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return root


@pytest.fixture(scope="module")
def chefs_env(tmp_path_factory) -> dict:
    return tb._jupyter_env(tmp_path_factory.mktemp("chefs-jupyter-home"))


@pytest.fixture(scope="module")
def chefs_lab(chefs_browser, chefs_served, chefs_env, get_free_port, tmp_path_factory):
    port = get_free_port()
    cmd = [sys.executable, "-m", "jupyter", "lab", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
           "--ServerApp.port_retries=0", f"--IdentityProvider.token={tb.TOKEN}", "--ServerApp.open_browser=False",
           f"--ServerApp.root_dir={chefs_served}"]
    if os.geteuid() == 0:
        cmd.append("--ServerApp.allow_root=True")
    log = tmp_path_factory.mktemp("chefs-logs") / "jupyterlab.log"
    server = tb.Server("JupyterLab", cmd, chefs_served, chefs_env, log, port)
    try:
        server.wait_listening()
        yield server
    finally:
        server.stop(shutdown_url=f"{server.base}/api/shutdown")


@pytest.fixture
def chefs_page(chefs_browser, chefs_lab):
    context = chefs_browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    try:
        yield page
    finally:
        page.close()
        context.close()
        tb._end_sessions(chefs_lab)


def test_chefs_round_stepper_steps_to_the_next_event(chefs_page, chefs_lab):
    page = chefs_page
    run_all(page, chefs_lab, ROUND)
    assert tb._shown_problems(page) == []
    stepper = f"{tb.PANEL} .kl-stepper"
    title = f"{stepper} .kl-picture {tb.FIGURE} .gtitle"
    tb._wait_or_explain(page, "for the round stepper", lambda: page.locator(f"{stepper} .kl-step").wait_for(
        timeout=tb.PAGE_MS))
    tb._wait_or_explain(page, "for the stepper's figure", lambda: page.locator(title).wait_for(timeout=tb.PAGE_MS))
    title_before = page.locator(title).text_content()

    before, after = tb._step_changes_event(page, stepper)
    # The notebook prints the same round as "<event number> <text>", one line per event.
    listing = page.locator(f"{tb.PANEL} .jp-CodeCell", has_text="for frame in frames:").first.locator(
        ".jp-OutputArea-output").text_content()
    events = re.findall(r"^(\d+) (.+?)\s*$", listing, flags=re.M)
    assert len(events) > 10, listing[:800]
    (n1, t1), (n2, t2) = events[0], events[1]
    assert before.split() == f"{n1}. {t1}".split()
    assert after.split() == f"{n2}. {t2}".split()
    assert "Round 2: placement starts with Player 2." in after
    title_after = tb._text_changes(page, title, title_before, "for the stepper to redraw its figure")
    assert f"event {n2}" in title_after and f"event {n1}" in title_before, (title_before, title_after)
    assert tb._shown_problems(page) == []


def test_chefs_play_a_move_by_clicking(chefs_page, chefs_lab):
    page = chefs_page
    run_all(page, chefs_lab, PLAY)
    assert tb._shown_problems(page) == []
    table = f"{tb.PANEL} .kl-play-table"
    button = page.locator(f"{table} .kl-action", has_text="place a disc at the door")
    tb._wait_or_explain(page, "for the play table's moves", lambda: button.wait_for(timeout=tb.PAGE_MS))
    tb._wait_or_explain(page, "for the board picture",
                        lambda: page.locator(f"{table} .kl-picture {tb.FIGURE}").wait_for(timeout=tb.PAGE_MS))
    log = f"{table} .kl-log"
    log_before = page.locator(log).first.text_content()
    assert "Player 1 places a disc" not in log_before
    button.click()
    log_after = tb._text_changes(page, log, log_before, "for the game's log to show the move")
    assert "Player 1 places a disc at the door (circle 1)." in log_after
    # the bots answered at once: Player 2 and Player 3 placed their first discs
    assert "Player 2 places a disc" in log_after and "Player 3 places a disc" in log_after
    assert page.locator(f"{table} .kl-action").count() >= 4   # Player 1 places the next disc
    assert tb._shown_problems(page) == []


def test_chefs_voila_renders_the_setup(chefs_browser, chefs_served, chefs_env, get_free_port, tmp_path):
    port = get_free_port()
    cmd = [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
           "--Voila.port_retries=0", f"--Voila.token={tb.TOKEN}", "--show_tracebacks=True", SETUP]
    server = tb.Server("Voila", cmd, chefs_served, chefs_env, tmp_path / "voila.log", port)
    page = chefs_browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        server.wait_listening()
        tb._open_voila(page, server)
        figure = page.locator(".kl-setup .kl-picture .js-plotly-plot .gtitle")
        tb._wait_or_explain(page, "for the setup picture", lambda: figure.wait_for(timeout=tb.PAGE_MS))
        assert "The deal: 4 players" in figure.text_content()
        assert tb._error_outputs(page) == []
    finally:
        page.close()
        server.stop()
