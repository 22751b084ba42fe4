"""The Chefs notebooks in a real browser: JupyterLab on 127.0.0.1 driven by Playwright in Debian's
Chromium (never Playwright's own downloads). The round notebook runs in full and its stepper moves
on to the next event, as the notebook's own event list prints it; in the play notebook a move is
made by clicking, and the game's log shows it; Voila renders the setup notebook. No error output
anywhere.

The servers, fixtures and page helpers are those of ``tests/browser_harness.py``; skipped when
Chromium or Playwright is missing (a failure with ``KITCHENLAB_REQUIRE_BROWSER=1``).
"""

from __future__ import annotations

import re

import pytest

import browser_harness as tb

pytestmark = pytest.mark.browser

ROUND = "chefs/02_round.ipynb"
PLAY = "chefs/05_play.ipynb"
SETUP = "chefs/01_setup.ipynb"


def test_chefs_round_stepper_steps_to_the_next_event(lab_page, lab):
    page = lab_page
    tb._open_and_run_all(page, lab, ROUND)
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


def test_chefs_play_a_move_by_clicking(lab_page, lab):
    page = lab_page
    tb._open_and_run_all(page, lab, PLAY)
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


def test_chefs_voila_renders_the_setup(browser, voila):
    server = voila(SETUP)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        tb._open_voila(page, server, drawn=".kl-setup .kl-picture .js-plotly-plot .gtitle")
        figure = page.locator(".kl-setup .kl-picture .js-plotly-plot .gtitle")
        tb._wait_or_explain(page, "for the setup picture", lambda: figure.wait_for(timeout=tb.PAGE_MS))
        assert "The deal: 4 players" in figure.text_content()
        assert tb._error_outputs(page) == []
    finally:
        page.close()
