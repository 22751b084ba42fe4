"""Diced Veggies in a real browser: the cut explorer of ``02_round`` and the game of ``05_play``.

JupyterLab runs each notebook in full (Debian's Chromium driven by Playwright, as in
``tests/browser_harness.py``, whose servers, fixtures and page helpers are shared); then a highlighted
cut is clicked, and the block and the player's dice must both change, with no error output.

The notebooks' set-up cells are collapsed (their input hidden, so no execution prompt shows): the
end of "Run All" is read from the notebook model (every code cell has an execution count and the
kernel is idle) instead of from the prompts on the page.
"""

from __future__ import annotations

import re

import pytest

from browser_harness import (
    CLICK_MS, PAGE_MS, PANEL, _open_and_run_all, _shown_problems, _wait_or_explain,
)

pytestmark = pytest.mark.browser

ROUND = "diced_veggies/02_round.ipynb"
PLAY = "diced_veggies/05_play.ipynb"


def _run_all(page, lab, notebook: str) -> None:
    _open_and_run_all(page, lab, notebook)


def _text(page, selector: str) -> str:
    return page.locator(selector).first.text_content() or ""


def _changes(page, selector: str, before: str, what: str) -> str:
    _wait_or_explain(page, what, lambda: page.wait_for_function(
        "([sel, before]) => { const e = document.querySelector(sel); return e && e.textContent !== before; }",
        arg=[selector, before], timeout=CLICK_MS))
    return _text(page, selector)


def _cut_dice(label: str) -> list[str]:
    """The dice a cut button names: "1: a1 b1 (M2 P3 = 5)" -> ["M2", "P3"]."""
    m = re.search(r"\(([^=]+)=", label)
    assert m, label
    return m.group(1).split()


def test_round_explorer_takes_a_highlighted_cut(lab_page, lab):
    page = lab_page
    _run_all(page, lab, ROUND)
    assert _shown_problems(page) == []
    scope = f"{PANEL} .kl-cut-explorer"
    _wait_or_explain(page, "for the cut buttons", lambda: page.locator(f"{scope} .kl-cut").first.wait_for(timeout=PAGE_MS))
    _wait_or_explain(page, "for the block figure",
                     lambda: page.locator(f"{scope} .kl-picture .js-plotly-plot").first.wait_for(timeout=PAGE_MS))
    block_before = _text(page, f"{scope} .kl-block")
    dice_before = _text(page, f"{scope} .kl-dice")
    buttons = page.locator(f"{scope} .kl-cut")
    assert buttons.count() >= 5
    label = buttons.first.text_content()
    taken = _cut_dice(label)
    buttons.first.click()
    block_after = _changes(page, f"{scope} .kl-block", block_before, "for the block to change after the cut")
    dice_after = _changes(page, f"{scope} .kl-dice", dice_before, "for the player's dice to change")
    assert sum(c != ".." for c in block_after.split()) == sum(c != ".." for c in block_before.split()) - len(taken)
    for d in taken:
        assert d in dice_after, (d, dice_after)
    assert "cuts" in _text(page, f"{scope} .kl-status")
    assert _shown_problems(page) == []


def test_play_notebook_takes_a_highlighted_cut(lab_page, lab):
    """05_play: the shared play table offers the cuts as buttons; a click takes the dice into the
    player's own view and redraws the table picture."""
    page = lab_page
    _run_all(page, lab, PLAY)
    assert _shown_problems(page) == []
    scope = f"{PANEL} .kl-play-table"
    picture, own = f"{scope} .kl-picture", f"{scope} .kl-hand"
    _wait_or_explain(page, "for the cut buttons", lambda: page.locator(f"{scope} .kl-cut").first.wait_for(timeout=PAGE_MS))
    _wait_or_explain(page, "for the table picture",
                     lambda: page.locator(f"{picture} .js-plotly-plot").first.wait_for(timeout=PAGE_MS))
    picture_before = _text(page, picture)
    dice_before = _text(page, own)
    assert "Your dice: (none)" in dice_before, dice_before
    button = page.locator(f"{scope} .kl-cut").first
    taken = _cut_dice(button.text_content())
    button.click()
    _changes(page, picture, picture_before, "for the table picture to be redrawn after the cut")
    dice_after = _changes(page, own, dice_before, "for Player 1's dice to change")
    for d in taken:
        assert d in dice_after, (d, dice_after)
    assert _shown_problems(page) == []
