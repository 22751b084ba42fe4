"""Projector pages and play tables fit the screen (Voila, Debian's Chromium; see ``browser_harness.py``).

* at 1280×720 the first screen of every game's projector page shows the title, the stepper and the
  whole table picture (its bottom above 720 px);
* at 1280×720 Critter Kitchen's play table shows its plan controls (the "Send the chefs" button) and
  the board together on the first screen, side by side;
* at 1920×1080 the table picture fills the page's width: wider than 1200 px.
"""

from __future__ import annotations

import pytest

from browser_harness import PAGE_MS, _open_voila, _wait_or_explain
from test_classroom_browser import _open_tab, present  # noqa: F401  (the fixture serving a projector page)

pytestmark = pytest.mark.browser

GAMES = ["chefs", "critter_kitchen", "diced_veggies", "tem_purr_a"]
PICTURE = ".kl-classroom .kl-picture .js-plotly-plot"
BOX = """(sel) => { const e = document.querySelector(sel); if (!e) return null;
    const r = e.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                                                 width: r.width}; }"""


def _box(page, selector: str) -> dict:
    box = page.evaluate(BOX, selector)
    assert box is not None, f"nothing matches {selector!r}"
    return box


def _settled_picture(page, selector: str = PICTURE) -> dict:
    """The picture's box once Plotly has resized it to its box (two equal readings in a row)."""
    page.wait_for_function(f"""(sel) => {{ const e = document.querySelector(sel);
        const h = e && e.getBoundingClientRect().height; const same = h && window.klLastH === h;
        window.klLastH = h; return same; }}""", arg=selector, timeout=PAGE_MS, polling=400)
    return _box(page, selector)


@pytest.mark.parametrize("game", GAMES)
def test_projector_first_screen_holds_title_stepper_and_whole_picture(browser, present, game):  # noqa: F811
    server = present(game)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        _open_voila(page, server, drawn=PICTURE)
        picture = _settled_picture(page)
        title, step = _box(page, "h1"), _box(page, ".kl-classroom .kl-step")
        print(game, "1280x720 picture", picture, "stepper", step)
        assert 0 <= title["top"] < step["top"] < picture["top"], (title, step, picture)
        assert step["bottom"] <= 720 and picture["bottom"] <= 720, (game, step, picture)
    finally:
        page.close()


@pytest.mark.parametrize("game", GAMES)
def test_projector_picture_fills_a_wide_screen(browser, present, game):  # noqa: F811
    server = present(game)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    try:
        _open_voila(page, server, drawn=PICTURE)
        picture = _settled_picture(page)
        drawn = _box(page, f"{PICTURE} .main-svg")
        print(game, "1920x1080 picture", picture)
        assert drawn["width"] > 1200 and picture["bottom"] <= 1080, (game, drawn, picture)
    finally:
        page.close()


def test_critter_kitchen_plan_controls_and_board_on_one_screen(browser, present):  # noqa: F811
    server = present("critter_kitchen")
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        _open_voila(page, server, drawn=PICTURE)
        _open_tab(page, "Play")
        page.locator(".kl-start-game").wait_for(timeout=PAGE_MS)
        page.locator(".kl-start-game").click()
        _wait_or_explain(page, "for the cover", lambda: page.locator(".kl-reveal").wait_for(timeout=PAGE_MS))
        page.locator(".kl-reveal").click()
        _wait_or_explain(page, "for the plan", lambda: page.locator(".kl-send").wait_for(timeout=PAGE_MS))
        board = _settled_picture(page, ".kl-play-table .kl-picture .js-plotly-plot")
        send = _box(page, ".kl-play-table .kl-send")
        first_plan = _box(page, ".kl-play-table .kl-plan")
        print("critter play: board", board, "plan", first_plan, "send", send)
        assert board["bottom"] <= 720 and send["bottom"] <= 720 and first_plan["top"] >= 0, (board, send)
        assert board["right"] <= first_plan["left"], "the board is beside the plan, on its left"
    finally:
        page.close()
