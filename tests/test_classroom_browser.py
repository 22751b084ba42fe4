"""The classroom notebooks in a real browser (Debian's Chromium driven by Playwright; the servers,
fixtures and page helpers are those of ``browser_harness.py``).

* JupyterLab, ``tem_purr_a/05_play``: run all; at the table of one person and three bots, a move is
  clicked and the bots' replies appear; at the hot-seat table the cover hides the hand until
  "show my hand" is clicked.
* JupyterLab, ``critter_kitchen/05_play``: the game's plan chooser at the shared table sends the chefs;
  the others' plans appear in this round's summary.
* JupyterLab, ``tem_purr_a/06_quiz``: an answer is clicked, the feedback and the score show.
* Voila, ``classroom/tem_purr_a`` served by the very command ``kitchenlab present`` runs, at the
  address it prints: the page renders, its rules link opens the how-to-play notebook, "Next event"
  changes the shown event, the tabs open, the quiz's answer shows on the click, no error; on every
  game's page the picture starts on the first screen at 1280×720.

Skipped like ``test_browser.py`` when Chromium or Playwright is missing (unless
``KITCHENLAB_REQUIRE_BROWSER=1``).
"""

from __future__ import annotations

import re

import pytest

from browser_harness import (
    CLICK_MS, PAGE_MS, PANEL, TOKEN, VOILA_RENDER_MS, Server, _error_outputs, _open_and_run_all, _open_voila,
    _shown_problems, _step_changes_event, _wait_or_explain,
)

pytestmark = pytest.mark.browser

PLAY = "tem_purr_a/05_play.ipynb"
QUIZ = "tem_purr_a/06_quiz.ipynb"

def _run_all(page, lab, notebook: str) -> None:
    """Run every cell of a notebook (the harness's Run All) and check that nothing went wrong."""
    _open_and_run_all(page, lab, notebook)
    assert _shown_problems(page) == []


def test_lab_play_table_a_move_and_the_bots_reply(lab_page, lab):
    page = lab_page
    _run_all(page, lab, PLAY)
    assert _shown_problems(page) == []
    tables = page.locator(f"{PANEL} .kl-play-table")
    _wait_or_explain(page, "for the two play tables", lambda: tables.nth(1).wait_for(timeout=PAGE_MS))

    # The hot-seat table starts covered: no move on offer until Player 1 says they are at the screen.
    hot = tables.nth(0)
    assert hot.locator(".kl-action").count() == 0
    assert "Pass the screen to Player 1" in hot.locator(".kl-cover").inner_text()
    hot.locator(".kl-reveal").click()
    _wait_or_explain(page, "for Player 1's moves", lambda: hot.locator(".kl-action").first.wait_for(timeout=CLICK_MS))
    hot.locator(".kl-action").first.click()
    _wait_or_explain(page, "for the cover to Player 2", lambda: page.wait_for_function(
        "(el) => el.innerText.includes('Pass the screen to Player 2')",
        arg=hot.locator(".kl-cover").element_handle(), timeout=CLICK_MS))
    assert hot.locator(".kl-action").count() == 0

    # One person against three bots: a move, and the bots' lines since it.
    solo = tables.nth(1)
    assert solo.locator(".kl-cover").is_hidden()
    move = solo.locator(".kl-action").first
    text = move.inner_text().strip()
    move.click()
    since = f"{PANEL} .kl-play-table >> nth=1 >> .kl-bot-lines"
    _wait_or_explain(page, f"for the bots to reply to {text!r}", lambda: page.wait_for_function(
        "(el) => /Player [234] /.test(el.innerText)", arg=page.locator(since).element_handle(), timeout=CLICK_MS))
    lines = page.locator(since).inner_text()
    assert re.search(r"Player 2 ", lines) and "your turn" in lines, lines
    log = solo.locator(".kl-log")
    _wait_or_explain(page, "for the whole log to show the moves", lambda: page.wait_for_function(
        "(el) => el.textContent.includes('Player 1 ') && el.textContent.includes('Player 2 ')",
        arg=log.element_handle(), timeout=CLICK_MS))
    assert _shown_problems(page) == []


def test_lab_quiz_an_answer_and_its_feedback(lab_page, lab):
    page = lab_page
    _run_all(page, lab, QUIZ)
    assert _shown_problems(page) == []
    quiz = page.locator(f"{PANEL} .kl-quiz").first
    _wait_or_explain(page, "for the quiz", lambda: quiz.locator(".kl-choice").first.wait_for(timeout=PAGE_MS))
    assert "Score: 0 / 0" in quiz.locator(".kl-score").inner_text()
    quiz.locator(".kl-choice").first.click()
    feedback = f"{PANEL} .kl-quiz .kl-feedback"
    _wait_or_explain(page, "for the feedback", lambda: page.wait_for_function(
        "(sel) => { const e = document.querySelector(sel); return e && e.innerText.trim().length > 0; }",
        arg=feedback, timeout=CLICK_MS))
    said = page.locator(feedback).inner_text()
    assert said.startswith("✔ Right!") or said.startswith("✘ Not quite"), said
    assert "Legal here:" in said                                   # question 1's explanation
    assert "Score: " in quiz.locator(".kl-score").inner_text() and "/ 1" in quiz.locator(".kl-score").inner_text()
    assert quiz.locator(".kl-choice:not([disabled])").count() == 0
    assert _shown_problems(page) == []


@pytest.fixture
def present(browser, served, jupyter_env, get_free_port, tmp_path):
    """A game's classroom page served with the command ``kitchenlab present`` builds (on the served
    copy of the notebooks folder, or on ``folder`` when given); the server's ``address`` is the one
    the command prints."""
    from kitchenlab.cli import present_address, present_command, present_site

    started = []

    def serve(game: str, folder=None) -> Server:
        port = get_free_port()
        _, page = present_site(game)
        folder = folder or served
        cmd = present_command(folder, port=port, token=TOKEN)
        server = Server("Voila", cmd + ["--show_tracebacks=True"], folder, jupyter_env,
                        tmp_path / f"voila-{len(started)}.log", port)
        server.address = present_address(page, port, TOKEN)
        started.append(server)
        server.wait_listening()
        return server

    yield serve
    for server in started:
        server.stop()


def _rules_link_opens(page, server: Server, rules_url: str, heading: str) -> None:
    """Click the projector page's rules link: a new tab renders ``rules_url`` with ``heading`` first."""
    with page.context.expect_page(timeout=PAGE_MS) as opened:
        page.locator(".kl-rules").click()
    rules = opened.value
    try:
        _wait_or_explain(rules, "for Voila to render the how-to-play notebook", lambda: rules.locator(
            "#rendered_cells h1").first.wait_for(timeout=VOILA_RENDER_MS))
        assert rules.url == f"{server.base}/voila/render/{rules_url}"
        assert rules.locator("#rendered_cells h1").first.inner_text().strip(" ¶\n") == heading
        assert _error_outputs(rules) == []
    finally:
        rules.close()


def test_voila_projector_page_rules_link_opens_how_to_play(browser, present):
    """At the address ``kitchenlab present`` prints, the projector page shows at 1280×720; its rules
    link opens the game's how-to-play notebook, rendered by the same server."""
    server = present("tem_purr_a")
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        _open_voila(page, server, drawn=".kl-rules")
        assert page.url.startswith(f"{server.base}/voila/render/classroom/tem_purr_a.ipynb")
        assert page.locator("h1").first.inner_text().strip(" ¶\n") == "Tem-Purr-A in class"
        _rules_link_opens(page, server, "tem_purr_a/00_how_to_play.ipynb", "Tem-Purr-A in five minutes")
    finally:
        page.close()


def test_voila_made_page_of_a_game_without_one_and_its_rules_link(browser, present, monkeypatch, tmp_path):
    """A game without a projector page of its own is served the page made from its GameInfo, and
    that page's rules link opens the how-to-play page made next to it."""
    import tempfile

    from kitchenlab import catalogue
    from kitchenlab.cli import present_site

    (tmp_path / "checkout" / "notebooks").mkdir(parents=True)
    monkeypatch.setattr(catalogue, "repo_root", lambda: tmp_path / "checkout")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    folder, _ = present_site("chefs")
    assert folder == tmp_path / "tmp" / "kitchenlab-pages"
    server = present("chefs", folder)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        _open_voila(page, server, drawn=".kl-rules")
        assert page.locator("h1").first.inner_text().strip(" ¶\n") == "Chefs in class"
        _rules_link_opens(page, server, "chefs/00_how_to_play.ipynb", "How to play Chefs")
    finally:
        page.close()


def test_voila_projector_page_steps_through_a_round(browser, present):
    server = present("tem_purr_a")
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        _open_voila(page, server, drawn=".kl-classroom .kl-step")
        step = page.locator(".kl-classroom .kl-step")
        _wait_or_explain(page, "for the stepper", lambda: step.wait_for(timeout=PAGE_MS))
        assert page.locator(".kl-show-all input[type=checkbox]").is_checked() is False
        assert "the setup for 4 players" in page.locator(".kl-setup").inner_text()
        before, after = _step_changes_event(page, ".kl-classroom")
        assert before.startswith("1.") and after.startswith("2.") and after != before
        assert page.locator(".kl-classroom .js-plotly-plot").count() >= 1
        for tab, part in (("Calculator", ".kl-stack-worth"), ("What if?", ".kl-risk-calculator")):   # built when opened
            _open_tab(page, tab)
            _wait_or_explain(page, f"for {part}", lambda part=part: page.locator(part).wait_for(timeout=PAGE_MS))
            assert page.locator(part).count() == 1
        _open_tab(page, "Quiz")
        quiz = page.locator(".kl-projector-quiz")
        _wait_or_explain(page, "for the quiz", lambda: quiz.locator(".kl-show-answer").wait_for(timeout=PAGE_MS))
        assert quiz.locator(".kl-answer").inner_text().strip() == ""
        quiz.locator(".kl-show-answer").click()
        _wait_or_explain(page, "for the answer", lambda: page.wait_for_function(
            "() => document.querySelector('.kl-answer').innerText.includes('The answer:')", timeout=CLICK_MS))
        assert _error_outputs(page) == []
    finally:
        page.close()


@pytest.mark.parametrize("game,players,calculator", [("chefs", 3, ".kl-cook"), ("diced_veggies", 2, ".kl-cook-result")])
def test_voila_projector_pages_of_chefs_and_diced_veggies(browser, present, game, players, calculator):
    server = present(game)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        _open_voila(page, server, drawn=".kl-classroom .kl-step")
        step = page.locator(".kl-classroom .kl-step")
        _wait_or_explain(page, "for the stepper", lambda: step.wait_for(timeout=PAGE_MS))
        assert f"the setup for {players} players" in page.locator(".kl-setup").inner_text()
        words = page.locator(".kl-state").inner_text()
        before, after = _step_changes_event(page, ".kl-classroom")
        assert before.startswith("1.") and after.startswith("2.") and after != before
        for tab, part in (("Calculator", calculator), ("What if?", ".kl-what-if-result")):
            _open_tab(page, tab)
            _wait_or_explain(page, f"for {part}", lambda part=part: page.locator(part).wait_for(timeout=PAGE_MS))
        assert words and "[" not in words
        assert _error_outputs(page) == []
    finally:
        page.close()


def _open_tab(page, title: str) -> None:
    """Click the projector page's tab ``title``."""
    page.locator(".kl-projector-tabs .lm-TabBar-tab, .kl-projector-tabs .p-TabBar-tab").filter(has_text=title).first.click()


@pytest.mark.parametrize("game", ["chefs", "critter_kitchen", "diced_veggies", "tem_purr_a"])
def test_voila_projector_page_first_screen_shows_the_picture(browser, present, game):
    """At 1280×720 the title, the stepper and the top of the table's picture are on the first
    screen, the rules link is there, and no raw state dump is anywhere on it."""
    server = present(game)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        _open_voila(page, server, drawn=".kl-classroom .kl-picture .js-plotly-plot")
        box = page.evaluate("""() => {
            const top = (sel) => document.querySelector(sel).getBoundingClientRect().top;
            return {title: top('h1'), step: top('.kl-step'), picture: top('.kl-picture .js-plotly-plot'),
                    rules: top('.kl-rules'), text: document.body.innerText}; }""")
        assert 0 <= box["title"] < box["step"] < box["picture"] < 400, box
        assert 0 <= box["rules"] < 200, box
        for dump in ("recipes: [", "current player:", "rumor cards:"):
            assert dump not in box["text"]
        assert _error_outputs(page) == []
    finally:
        page.close()


CK_PLAY = "critter_kitchen/05_play.ipynb"


def test_lab_critter_kitchen_plan_sent_at_the_shared_table(lab_page, lab):
    """Critter Kitchen at the shared table: its plan chooser sends every chef with one click, and
    what the others did this round shows next to the player's own restaurant."""
    page = lab_page
    _run_all(page, lab, CK_PLAY)
    table = page.locator(f"{PANEL} .kl-play-table").first
    _wait_or_explain(page, "for the plan chooser", lambda: table.locator(".kl-send").wait_for(timeout=PAGE_MS))
    assert table.locator(".kl-plan").count() == 3
    assert "Your restaurant" in table.locator(".kl-own").inner_text()
    table.locator(".kl-send").click()
    _wait_or_explain(page, "for the others' plans in this round's summary", lambda: page.wait_for_function(
        "() => [...document.querySelectorAll('.kl-round-summary')].some(e => e.innerText.includes('reveals: mouse'))",
        timeout=CLICK_MS))
    summary = table.locator(".kl-round-summary")
    assert "Player 2" in summary.inner_text() and "zous:" not in table.inner_text()
    assert _shown_problems(page) == []
