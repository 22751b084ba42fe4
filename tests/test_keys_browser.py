"""The ← and → keys step an event stepper in a real JupyterLab page and Voila page (1280×720), and
leave every other key to the page.

A small notebook shows a text box, a cell that counts its runs and ``round_stepper(...)``. The
slider is clicked and the pointer rests over the stepper: → shows the next event, ← the one before
again. With the pointer still over the stepper, letters typed into the text box arrive there, and
in JupyterLab Shift+Enter runs the counting cell. The servers, fixtures and page helpers are in
``browser_harness``.
"""

from __future__ import annotations

import pytest

from browser_harness import (  # constants and page helpers; the fixtures come from conftest
    CLICK_MS, PAGE_MS, PANEL, _end_sessions, _open_and_run_all, _open_voila, _shown_problems,
    _text_changes, _wait_or_explain, _write_notebook,
)

pytestmark = pytest.mark.browser

KEYS_NOTEBOOK = "keys_stepper.ipynb"
TYPED = "soup"


@pytest.fixture
def keys_notebook(served) -> str:
    """The small notebook: a text box, a cell that counts its runs, a round stepper."""
    _write_notebook(served / KEYS_NOTEBOOK, [
        "import ipywidgets\nbox = ipywidgets.Text(placeholder='type here')\nbox.add_class('kl-typing')\nbox",
        "runs = globals().get('runs', 0) + 1\nprint(f'this cell ran {runs} times')",
        "from kitchenlab.widgets import round_stepper\n"
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
    """Click the slider, rest the pointer over the stepper, press → then ←: the event shown moves
    to the next one and back."""
    event = f"{stepper} .kl-event"
    assert "← → keys step" in page.locator(f"{stepper} .kl-help").inner_text()
    first = page.locator(event).text_content()
    assert first.strip().startswith("1."), first

    page.locator(f"{stepper} .kl-slider .noUi-handle").click()
    page.locator(event).hover()
    page.keyboard.press("ArrowRight")
    second = _text_changes(page, event, first, "for → to show the next event")
    assert second.strip().startswith("2."), second
    assert page.locator(f"{stepper} .kl-back").is_enabled()

    page.keyboard.press("ArrowLeft")
    assert _text_changes(page, event, second, "for ← to show the event before") == first


def _typing_goes_through(page, stepper: str) -> None:
    """Click into the text box, rest the pointer over the stepper and type: the letters arrive in
    the box and the stepper stays where it was."""
    event = f"{stepper} .kl-event"
    shown = page.locator(event).text_content()
    box = page.locator(".kl-typing input")
    box.click()
    page.locator(event).hover()
    page.keyboard.type(TYPED)
    _wait_or_explain(page, f"for {TYPED!r} to arrive in the text box",
                     lambda: page.wait_for_function(
                         "([sel, typed]) => document.querySelector(sel).value === typed",
                         arg=[".kl-typing input", TYPED], timeout=CLICK_MS))
    assert page.locator(event).text_content() == shown


def test_lab_arrow_keys_step_and_other_keys_go_through(small_page, lab, keys_notebook):
    page = small_page
    try:
        _open_and_run_all(page, lab, keys_notebook)
        assert _shown_problems(page) == []
        stepper = f"{PANEL} .kl-stepper"
        _wait_or_explain(page, "for the round stepper",
                         lambda: page.locator(f"{stepper} .kl-step").wait_for(timeout=PAGE_MS))
        _arrows_step(page, stepper)
        _typing_goes_through(page, stepper)

        counter = page.locator(f"{PANEL} .jp-CodeCell").nth(1)
        assert counter.locator(".jp-OutputArea-output").text_content().strip() == "this cell ran 1 times"
        counter.locator(".cm-content").click()          # edit the counting cell
        page.locator(f"{stepper} .kl-event").hover()
        page.keyboard.press("Shift+Enter")
        _wait_or_explain(page, "for Shift+Enter to run the counting cell again",
                         lambda: counter.get_by_text("this cell ran 2 times").wait_for(timeout=CLICK_MS))
        assert _shown_problems(page) == []
    finally:
        _end_sessions(lab)


def test_voila_arrow_keys_step_and_typing_goes_through(small_page, voila, keys_notebook):
    page = small_page
    _open_voila(page, voila(keys_notebook), drawn=".kl-stepper .kl-step")
    _arrows_step(page, ".kl-stepper")
    _typing_goes_through(page, ".kl-stepper")
