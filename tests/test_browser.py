"""The notebooks in a real browser (the servers, fixtures and page helpers are in ``browser_harness``).

What is checked: every notebook opens in JupyterLab with all its saved outputs shown, figures
drawn and nothing on stderr; the round notebooks (Tem-Purr-A, Critter Kitchen) run in full and
their event steppers move on; the Critter Kitchen challenge-meal builder updates the meal's quality;
Voila renders the start page, the Tem-Purr-A round and the Critter Kitchen setup. Stand-in
notebooks with a failing cell and a saved traceback show that the error checks do find errors.
"""

from __future__ import annotations

import re

import pytest

from browser_harness import (  # constants and page helpers; the fixtures come from conftest
    CK_ROUND, CK_SCORING, CK_SETUP, CLICK_MS, FIGURE, NOTEBOOKS, PAGE_MS, PANEL, PLOT, ROUND, START,
    _error_outputs, _item_quality, _open_and_run_all, _open_saved, _open_voila, _shown_problems,
    _step_changes_event, _stored_output_counts, _text_changes, _wait_or_explain, _wait_rendered,
    _wait_stored_outputs,
)

pytestmark = pytest.mark.browser


# ---------------------------------------------------------------------------- tests


def test_lab_harness_sees_widgets_plots_and_errors(lab_page, lab):
    """The checks below can fail: on a notebook with a failing cell, the error is found."""
    page = lab_page
    _open_and_run_all(page, lab, "standin.ipynb")
    before, after = _step_changes_event(page)
    assert (before, after) == ("nothing yet", "event number 1")
    assert page.locator(PLOT).count() >= 1
    errors = _error_outputs(page)
    assert len(errors) == 1 and "KeyError" in errors[0], errors
    problems = _shown_problems(page)
    assert len(problems) == 1 and "KeyError" in problems[0], problems


def test_lab_harness_sees_saved_errors_far_down(saved_view, served):
    """The saved-output check can fail: a notebook saved with a traceback below the first screen."""
    page = saved_view
    shown, plots = _stored_output_counts(served / "standin_stored.ipynb")
    assert (shown, plots) == (3, 1)
    _open_saved(page, "standin_stored.ipynb")
    _wait_stored_outputs(page, "standin_stored.ipynb", shown, plots)
    problems = _shown_problems(page)
    assert len(problems) == 1 and "KeyError: 'no such key'" in problems[0], problems


def test_every_notebook_is_checked():
    """The notebooks below are found (an empty list would check nothing)."""
    assert {START, ROUND, CK_SETUP, CK_ROUND, CK_SCORING} <= set(NOTEBOOKS), NOTEBOOKS
    assert len(NOTEBOOKS) >= 10, NOTEBOOKS


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_lab_notebook_opens_without_errors(saved_view, served, notebook):
    """Every notebook, opened as saved: all its outputs show, figures drawn, nothing on stderr."""
    page = saved_view
    shown, plots = _stored_output_counts(served / notebook)
    _open_saved(page, notebook)
    _wait_stored_outputs(page, notebook, shown, plots)
    assert _shown_problems(page) == []


def test_lab_round_notebook_steps_through_a_round(lab_page, lab):
    page = lab_page
    _open_and_run_all(page, lab, ROUND)
    assert _shown_problems(page) == []
    _wait_rendered(page)
    before, after = _step_changes_event(page)
    assert after.strip() and after != before
    assert _shown_problems(page) == []


def test_lab_critter_round_stepper_steps(lab_page, lab):
    """Critter Kitchen's round: Next shows the second event (as the notebook's own event list
    prints it) and redraws the position."""
    page = lab_page
    _open_and_run_all(page, lab, CK_ROUND)
    assert _shown_problems(page) == []
    stepper = f"{PANEL} .kl-stepper"
    picture_title = f"{stepper} .kl-picture {FIGURE} .gtitle"
    _wait_or_explain(page, "for the round stepper",
                     lambda: page.locator(f"{stepper} .kl-step").wait_for(timeout=PAGE_MS))
    _wait_or_explain(page, "for the stepper's figure", lambda: page.locator(picture_title).wait_for(timeout=PAGE_MS))
    assert page.locator(stepper).count() == 1
    title_before = page.locator(picture_title).text_content()

    before, after = _step_changes_event(page, stepper)
    # The notebook prints every event of the same round as "<number> <kind> <text>".
    listing = page.locator(f"{PANEL} .jp-CodeCell", has_text="for frame in record.frames").locator(
        ".jp-OutputArea-output").text_content()
    events = dict(re.findall(r"^\s*(\d+) +\w+ +(.+?)\s*$", listing, flags=re.M))
    assert "1" in events and "2" in events, listing[:1000]
    assert before.split() == f"1. {events['1']}".split()
    assert after.split() == f"2. {events['2']}".split()
    title_after = _text_changes(page, picture_title, title_before, "for the stepper to redraw its figure")
    assert "event 2" in title_after and "event 1" in title_before, (title_before, title_after)
    assert _shown_problems(page) == []


def test_lab_critter_challenge_builder_adds_an_item(lab_page, lab):
    """Critter Kitchen's scoring: adding an item to the challenge meal updates its quality, to the
    value the rules give for the meal shown."""
    page = lab_page
    _open_and_run_all(page, lab, CK_SCORING)
    assert _shown_problems(page) == []
    builder = f"{PANEL} .kl-meal-builder"
    quality = f"{builder} .kl-quality"
    _wait_or_explain(page, "for the challenge-meal builder", lambda: page.locator(quality).wait_for(timeout=PAGE_MS))
    assert page.locator(builder).count() == 1

    def meal() -> list[str]:
        # The meal's items show as buttons "✕ <item>" (click to take one back).
        return [t.replace("✕", "").strip() for t in page.locator(f"{builder} .kl-remove-item").all_text_contents()]

    def shown_quality(text: str) -> int:
        m = re.search(r"Quality (\d+)", text)
        assert m, text
        return int(m.group(1))

    text_before = page.locator(quality).text_content()
    meal_before = meal()
    assert shown_quality(text_before) == sum(_item_quality(i) for i in meal_before), (text_before, meal_before)

    # Add the first item that is still available and comes with a spice (so the doubling shows).
    buttons = page.locator(f"{builder} .kl-add-item:not([disabled])")
    labels = [t.strip() for t in buttons.all_text_contents()]
    spiced = [label for label in labels if "+" in label]
    assert spiced, labels
    item = spiced[0]
    buttons.nth(labels.index(item)).click()

    text_after = _text_changes(page, quality, text_before, f"for the quality to change after adding {item}")
    _wait_or_explain(page, f"for {item} to join the meal", lambda: page.wait_for_function(
        "([sel, n]) => document.querySelectorAll(sel).length === n",
        arg=[f"{builder} .kl-remove-item", len(meal_before) + 1],
        timeout=CLICK_MS,
    ))
    assert meal() == meal_before + [item]
    assert shown_quality(text_after) == shown_quality(text_before) + _item_quality(item), (
        text_before, text_after, item)
    assert _shown_problems(page) == []


def test_voila_round_notebook_steps_through_a_round(browser, voila):
    server = voila(ROUND)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        _open_voila(page, server, drawn=".jupyter-widgets .kl-step")
        _wait_rendered(page)
        before, after = _step_changes_event(page)
        assert after.strip() and after != before
        assert _error_outputs(page) == []
    finally:
        page.close()


def test_voila_start_page_renders(browser, voila):
    server = voila(START)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        _open_voila(page, server)
        body = page.locator("#rendered_cells").inner_text()
        # The first code cell prints one line per game with its status.
        for title, name in (("Tem-Purr-A", "tem_purr_a"), ("Critter Kitchen", "critter_kitchen"),
                            ("Chefs", "chefs"), ("Diced Veggies", "diced_veggies")):
            assert re.search(rf"{title}\s+kitchenlab name '{name}'\s+playable", body), body[:2000]
    finally:
        page.close()


def test_voila_critter_setup_redraws_for_another_player_count(browser, voila):
    """Critter Kitchen's setup in Voila: the figures and the player-count dropdown show, and
    choosing another count redraws the setup picture."""
    server = voila(CK_SETUP)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        _open_voila(page, server, drawn=".kl-players select")
        select = page.locator(".kl-players select")
        title = ".kl-picture .js-plotly-plot .gtitle"
        _wait_or_explain(page, "for the player-count dropdown", lambda: select.wait_for(timeout=PAGE_MS))
        _wait_or_explain(page, "for the setup picture", lambda: page.locator(title).wait_for(timeout=PAGE_MS))
        # The saved figures of the notebook are drawn too (one per figure cell, at least).
        assert page.locator(f"#rendered_cells {FIGURE}").count() >= 3
        before = page.locator(title).text_content()
        assert "3 players" in before, before
        select.select_option(label="2 players")
        after = _text_changes(page, title, before, "for the setup picture to redraw")
        assert "2 players" in after, after
        assert _error_outputs(page) == []
    finally:
        page.close()
