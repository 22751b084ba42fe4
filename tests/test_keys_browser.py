"""The ← and → keys step an event stepper in a real JupyterLab page (1280×720).

A small notebook shows ``round_stepper(...)``; the pointer is moved over the stepper (ipyevents
gives it the keyboard focus then) and the arrow keys are pressed: → shows the next event, ← the
one before again. The servers, fixtures and page helpers are in ``browser_harness``.
"""

from __future__ import annotations

import pytest

from browser_harness import (  # constants and page helpers; the fixtures come from conftest
    CLICK_MS, PAGE_MS, PANEL, _end_sessions, _open_and_run_all, _shown_problems, _text_changes,
    _wait_or_explain, _write_notebook,
)

pytestmark = pytest.mark.browser

KEYS_NOTEBOOK = "keys_stepper.ipynb"


@pytest.fixture
def small_page(browser, lab, served):
    """A JupyterLab page at 1280×720 and the small notebook with a round stepper in it."""
    _write_notebook(served / KEYS_NOTEBOOK, [
        "from kitchenlab.widgets import round_stepper",
        "round_stepper('tem_purr_a', players=4, seed=27, bots='cautious')",
    ])
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()
        _end_sessions(lab)


def test_lab_arrow_keys_step_the_round_stepper(small_page, lab):
    page = small_page
    _open_and_run_all(page, lab, KEYS_NOTEBOOK)
    assert _shown_problems(page) == []
    stepper = f"{PANEL} .kl-stepper"
    event = f"{stepper} .kl-event"
    _wait_or_explain(page, "for the round stepper", lambda: page.locator(f"{stepper} .kl-step").wait_for(timeout=PAGE_MS))
    assert "← → keys step too" in page.locator(f"{stepper} .kl-help").inner_text()
    first = page.locator(event).text_content()
    assert first.strip().startswith("1.")

    page.locator(event).hover()
    _wait_or_explain(page, "for the stepper to take the keyboard focus",
                     lambda: page.wait_for_selector(f"{stepper}.ipyevents-watched", timeout=CLICK_MS))
    page.keyboard.press("ArrowRight")
    second = _text_changes(page, event, first, "for → to show the next event")
    assert second.strip().startswith("2."), second
    assert page.locator(f"{stepper} .kl-back").is_enabled()

    page.keyboard.press("ArrowLeft")
    assert _text_changes(page, event, second, "for ← to show the event before") == first
    assert _shown_problems(page) == []
