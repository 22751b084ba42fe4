"""The seed of a game in progress is never shown: the seed and the public moves rebuild the whole
deal (every hidden hand, the future deck), so naming it would tell every seat what it may not see.

Each check reads what the browser is sent (every synced widget state reachable from the page's
widget tree: values, descriptions, tooltips, options, HTML, drawn outputs) at every step, with a
distinctive seed so that a leak cannot hide among ordinary numbers."""

from __future__ import annotations

import json
import re

import ipywidgets as widgets
import pytest

import kitchenlab
from kitchenlab.classroom import classroom_page
from kitchenlab.quiz import default_bot, questions
from kitchenlab.table import play_widget

GAMES = kitchenlab.available_games()
SEED = 738291


def _mentions(text: str, seed: int) -> bool:
    """Whether ``text`` holds ``seed`` as a whole number (not inside a longer number or a decimal)."""
    return re.search(rf"(?<![\d.]){seed}(?!\d)", text) is not None


def shown_texts(root, visible_only: bool = False) -> list[str]:
    """The synced state of every widget reachable from ``root``, as JSON text, one per widget
    (``visible_only``: leave out widgets hidden with ``layout.display = 'none'``)."""
    out, todo, seen = [], [root], set()
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        layout = getattr(w, "layout", None)
        if visible_only and layout is not None and getattr(layout, "display", None) == "none":
            continue
        state = w.get_state()
        out.append(json.dumps(state, default=str))
        for name in w.keys:
            value = getattr(w, name, None)
            if isinstance(value, widgets.Widget):
                todo.append(value)
            elif isinstance(value, (list, tuple)):
                todo.extend(v for v in value if isinstance(v, widgets.Widget))
    return out


def _leaks(root, seed: int, visible_only: bool = False) -> list[str]:
    return [t[:200] for t in shown_texts(root, visible_only) if _mentions(t, seed)]


def _seats(game: str) -> list[str]:
    info = kitchenlab.game_info(game)
    n = 3 if 3 in info.players else info.default_players
    return ["human"] + [default_bot(game)] * (n - 1)


def _click(table, text: str) -> None:
    """Play ``text`` the way a person does: its button, else its dropdown and "Play" button, else
    (a move helper's own controls) the table's move call those controls make."""
    button = table.move_buttons.get(text)
    if button is not None:
        button.click()
        return
    for row in table.actions.children:
        kids = list(getattr(row, "children", ()))
        menus = [k for k in kids if isinstance(k, widgets.Dropdown) and text in k.options]
        if menus:
            menus[0].value = text
            kids[kids.index(menus[0]) + 1].click()     # "Play this ... move", next to its dropdown
            return
    assert table.try_move(text), table.message.value


def test_the_check_finds_a_seed_where_one_is_shown():
    """The check itself can fail: a header naming the seed is caught, a longer number is not."""
    box = widgets.VBox([widgets.HTML(f"<b>Game</b>, seed {SEED}")])
    assert _leaks(box, SEED)
    assert not _leaks(widgets.VBox([widgets.HTML(f"{SEED}1 and 0.{SEED}")]), SEED)


@pytest.mark.parametrize("game", GAMES)
def test_the_play_table_never_names_the_seed_until_the_game_is_over(game):
    table = play_widget(game, seats=_seats(game), seed=SEED)
    steps = 0
    while not table.state.is_over:
        assert not _leaks(table.widget, SEED), f"step {steps}"
        if table.covered:
            table.reveal_button.click()
            continue
        legal = table.legal
        assert legal, f"{game}: the person to act is offered no move"
        _click(table, legal[(steps * 7) % len(legal)])
        steps += 1
        assert steps < 5_000
    assert steps > 0
    # once the game is over and everything is revealed, the seed may be named (the header does)
    assert _mentions(table.header.value, SEED)


@pytest.mark.parametrize("game", GAMES)
def test_the_projector_page_names_the_seed_only_with_every_hand_shown(game):
    page = classroom_page(game, seed=SEED)
    for i in range(len(page.stepper.frames)):
        page.stepper.go(i)
        assert not _leaks(page.widget, SEED, visible_only=True), f"frame {i}"
    assert page.seed.layout.display == "none"
    page.show_all.value = True                 # the teacher's view: every hand on screen
    assert page.seed.layout.display != "none" and _mentions(page.setup.value, SEED)
    page.show_all.value = False
    assert not _leaks(page.widget, SEED, visible_only=True)


@pytest.mark.parametrize("game", GAMES)
def test_quiz_questions_never_print_the_seed_of_their_position(game):
    for q in questions(game, seed=5, n=8):
        seed = q.facts.get("seed")
        text = " | ".join([q.prompt, *q.choices, q.explanation])
        assert "seed" not in text.lower(), q.prompt
        if isinstance(seed, int) and seed >= 10_000:
            assert not _mentions(text, seed), q.prompt


@pytest.mark.parametrize("game", GAMES)
def test_the_round_stepper_names_the_seed_only_in_the_table_view(game):
    from kitchenlab.widgets import PUBLIC_VIEW, TABLE_VIEW, round_stepper

    stepper = round_stepper(game, seed=SEED)
    assert _mentions(stepper.heading.value, SEED)          # "Table (all hands)": everything is shown
    for viewer in [PUBLIC_VIEW, *range(stepper.frames[0].state.players)]:
        stepper.toggle.value = viewer
        for i in (0, len(stepper.frames) - 1):
            stepper.go(i)
            assert not _leaks(stepper.widget, SEED, visible_only=True), f"viewer {viewer}, frame {i}"
    stepper.toggle.value = TABLE_VIEW
    assert _mentions(stepper.heading.value, SEED)


def test_the_chefs_deal_tool_names_the_seed_only_for_the_whole_table():
    from kitchenlab.chefs.widgets import PUBLIC, setup_explorer

    explorer = setup_explorer(players=3, seed=SEED)
    assert SEED in [explorer.seed.value] and str(SEED) in explorer.drawn.layout.title.text
    for viewer in (PUBLIC, 0, 2):
        explorer.viewer.value = viewer
        assert str(SEED) not in (explorer.drawn.layout.title.text or ""), viewer
