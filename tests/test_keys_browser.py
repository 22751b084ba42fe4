"""The ← and → keys step an event stepper in a real JupyterLab page and Voila page (1280×720).

A small notebook shows ``round_stepper(...)``; the pointer is moved over the stepper (ipyevents
gives it the keyboard focus then) and the arrow keys are pressed: → shows the next event, ← the
one before again. The same in Voila. The servers, fixtures and page helpers are in ``browser_harness``.
"""

from __future__ import annotations

import pytest

from browser_harness import (  # constants and page helpers; the fixtures come from conftest
    CLICK_MS, PAGE_MS, PANEL, _end_sessions, _open_and_run_all, _open_voila, _shown_problems,
    _text_changes, _wait_or_explain, _write_notebook,
)

pytestmark = pytest.mark.browser

KEYS_NOTEBOOK = "keys_stepper.ipynb"


@pytest.fixture
def keys_notebook(served) -> str:
    """The small notebook with a round stepper in it, in the served folder."""
    _write_notebook(served / KEYS_NOTEBOOK, [
        "from kitchenlab.widgets import round_stepper",
        "round_stepper('tem_purr_a', players=4, seed=27, bots='cautious')",
    ])
    return KEYS_NOTEBOOK


@pytest.fixture
def small_page(browser):
    """A page at 1280×720, in a browser profile of its own."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        yield context.new_page()
    finally:
        context.close()


def _arrows_step(page, stepper: str) -> None:
    """Point at the stepper, press → then ←: the event shown moves to the next one and back."""
    event = f"{stepper} .kl-event"
    assert "← → keys step too" in page.locator(f"{stepper} .kl-help").inner_text()
    first = page.locator(event).text_content()
    assert first.strip().startswith("1."), first

    page.locator(event).hover()
    _wait_or_explain(page, "for the stepper to take the keyboard focus",
                     lambda: page.wait_for_selector(f"{stepper}.ipyevents-watched", timeout=CLICK_MS))
    page.keyboard.press("ArrowRight")
    second = _text_changes(page, event, first, "for → to show the next event")
    assert second.strip().startswith("2."), second
    assert page.locator(f"{stepper} .kl-back").is_enabled()

    page.keyboard.press("ArrowLeft")
    assert _text_changes(page, event, second, "for ← to show the event before") == first


def test_lab_arrow_keys_step_the_round_stepper(small_page, lab, keys_notebook):
    page = small_page
    try:
        _open_and_run_all(page, lab, keys_notebook)
        assert _shown_problems(page) == []
        stepper = f"{PANEL} .kl-stepper"
        _wait_or_explain(page, "for the round stepper",
                         lambda: page.locator(f"{stepper} .kl-step").wait_for(timeout=PAGE_MS))
        _arrows_step(page, stepper)
        assert _shown_problems(page) == []
    finally:
        _end_sessions(lab)


def test_voila_arrow_keys_step_the_round_stepper(small_page, voila, keys_notebook):
    page = small_page
    _open_voila(page, voila(keys_notebook), drawn=".kl-stepper .kl-step")
    _arrows_step(page, ".kl-stepper")
