"""ipywidgets pieces shared by every game's notebooks.

* :class:`EventStepper` — walk through a game one logged event at a time: "◀ Back" and
  "Next event ▶" buttons and a slider over the events, the event text (an HTML widget with CSS
  class ``kl-event``), a picture of the position (drawn by a function you pass) and the log so far.
  The Next button carries CSS class ``kl-step``, so a browser test can find it.
* :func:`view_toggle` — "Table" or "Player k": whose eyes the picture is drawn through.
* :func:`glossary_widget` — a game's Spanish–English glossary as an HTML widget.

An *event* is one line of a state's log. One action may log several lines (an eat that reveals an
indigestion card also ends the round); each line becomes a frame that shows the state reached
after the action that wrote it.

This module imports ipywidgets; the rules never import it.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any, Callable, Sequence

import ipywidgets as widgets

TABLE_VIEW = -1  # the value of the view toggle meaning "show every hand"


@dataclass(frozen=True)
class Frame:
    """One event: its log line, its number in the log (from 0) and the state after it."""

    number: int
    text: str
    state: Any


def frames_from_states(states: Sequence) -> list[Frame]:
    """One frame per log line written along a sequence of states (each one step after the last).

    >>> import kitchenlab
    >>> s0 = kitchenlab.new_game("tem_purr_a", players=3, seed=1)
    >>> s1 = s0.apply(s0.legal_actions()[0])
    >>> [f.text for f in frames_from_states([s0, s1])]  # doctest: +NORMALIZE_WHITESPACE
    ['Round 1: 3 players get 5 cards; 1 indigestion card is in the deck.',
     'Player 1 starts a stack with a 2.']
    """
    frames: list[Frame] = []
    seen = 0
    for state in states:
        log = state.log
        for i in range(seen, len(log)):
            frames.append(Frame(i, log[i], state))
        seen = len(log)
    return frames


def states_along(start, actions) -> list:
    """``[start, start.apply(a1), ...]`` for the given actions (objects or their text)."""
    out = [start]
    for a in actions:
        out.append(out[-1].apply(a))
    return out


def view_toggle(players: int, value: int = TABLE_VIEW, names: Sequence[str] | None = None):
    """Toggle buttons: "Table (all hands)" or one player's view (value ``TABLE_VIEW`` or a seat)."""
    names = list(names) if names is not None else [f"Player {p + 1}" for p in range(players)]
    options = [("Table (all hands)", TABLE_VIEW)] + [(names[p], p) for p in range(players)]
    toggle = widgets.ToggleButtons(options=options, value=value, description="View:",
                                   style={"button_width": "auto"})
    toggle.add_class("kl-view")
    return toggle


def log_html(lines: Sequence[str], current: int | None = None, last: int = 12) -> str:
    """The last ``last`` log lines as a numbered list, the ``current`` one (an index) in bold."""
    shown = list(enumerate(lines))[-last:] if last else list(enumerate(lines))
    items = []
    for i, text in shown:
        t = escape(text)
        items.append(f"<li value='{i + 1}'><b>{t}</b></li>" if i == current else f"<li value='{i + 1}'>{t}</li>")
    return "<ol class='kl-log' style='margin:0;padding-left:2.5em;font-size:90%'>" + "".join(items) + "</ol>"


def show_in(output, obj) -> None:
    """Make an ``ipywidgets.Output`` show ``obj`` (a Plotly figure or anything IPython displays).

    The output's contents are replaced in one update, instead of capturing a display inside
    ``with output:``: notebook runners (nbclient) can otherwise miss the end of a cell whose
    Output widget captured a display, and wait for ever.
    """
    if hasattr(obj, "to_plotly_json"):
        data = obj._repr_mimebundle_() or {}
    else:
        from IPython.core.formatters import DisplayFormatter

        data, _ = DisplayFormatter().format(obj)
    output.outputs = ({"output_type": "display_data", "data": data, "metadata": {}},)


class EventStepper:
    """Step through ``frames`` with buttons and a slider, redrawing on each move.

    ``render(frame, view)`` returns what to show for a frame (a Plotly figure, or anything
    IPython can display); ``view`` is the toggle's value (``TABLE_VIEW`` or a seat) when
    ``players`` is given, else ``None``. The picture is drawn into an ``ipywidgets.Output`` (see
    :func:`show_in`), which renders in JupyterLab, classic Notebook and Voila without extra packages.

    Display the stepper by making it the last value of a cell (or ``display(stepper)``).
    """

    def __init__(self, frames: Sequence[Frame], render: Callable[[Frame, int | None], Any] | None = None,
                 players: int | None = None, title: str = "", log_lines: int = 12, start: int = 0) -> None:
        if not frames:
            raise ValueError("an event stepper needs at least one frame")
        self.frames = list(frames)
        self.render = render
        self.log_lines = log_lines
        self.back = widgets.Button(description="◀ Back", tooltip="previous event")
        self.back.add_class("kl-back")
        self.next = widgets.Button(description="Next event ▶", tooltip="next event", button_style="primary")
        self.next.add_class("kl-step")
        self.slider = widgets.IntSlider(value=0, min=0, max=len(self.frames) - 1, description="Event",
                                        continuous_update=False, readout=False,
                                        layout=widgets.Layout(width="420px"))
        self.slider.add_class("kl-slider")
        self.position = widgets.HTML()
        self.event = widgets.HTML()
        self.event.add_class("kl-event")
        self.picture = widgets.Output()
        self.picture.add_class("kl-picture")
        self.log = widgets.HTML()
        self.log.add_class("kl-log")
        self.toggle = view_toggle(players) if players else None
        self.drawn = None  # the last picture drawn (what ``render`` returned)
        self.slider.value = max(0, min(start, len(self.frames) - 1))

        self.back.on_click(lambda _: self.step(-1))
        self.next.on_click(lambda _: self.step(+1))
        self.slider.observe(lambda change: self._show(), names="value")
        if self.toggle is not None:
            self.toggle.observe(lambda change: self._draw(), names="value")

        rows = []
        if title:
            rows.append(widgets.HTML(f"<h4 style='margin:0'>{escape(title)}</h4>"))
        rows.append(widgets.HBox([self.back, self.next, self.slider, self.position]))
        rows.append(self.event)
        if self.toggle is not None:
            rows.append(self.toggle)
        rows.append(self.picture)
        rows.append(widgets.HTML("<b>Log</b>"))
        rows.append(self.log)
        self.widget = widgets.VBox(rows)
        self.widget.add_class("kl-stepper")
        self._show()

    # -- reading --------------------------------------------------------------------------------
    @property
    def index(self) -> int:
        return self.slider.value

    @property
    def frame(self) -> Frame:
        return self.frames[self.index]

    @property
    def state(self):
        return self.frame.state

    @property
    def view(self) -> int | None:
        return None if self.toggle is None else self.toggle.value

    @property
    def event_text(self) -> str:
        """The shown event as plain text."""
        return self.frame.text

    # -- moving ---------------------------------------------------------------------------------
    def step(self, delta: int = 1) -> None:
        """Move ``delta`` events (clamped to the first and last)."""
        self.go(self.index + delta)

    def go(self, index: int) -> None:
        self.slider.value = max(0, min(int(index), len(self.frames) - 1))

    # -- drawing --------------------------------------------------------------------------------
    def _show(self) -> None:
        i = self.index
        f = self.frames[i]
        self.back.disabled = i == 0
        self.next.disabled = i == len(self.frames) - 1
        self.position.value = f"<span style='color:#555'>{i + 1} / {len(self.frames)}</span>"
        self.event.value = (f"<div style='font-size:115%;padding:4px 0'><b>{f.number + 1}.</b> "
                            f"{escape(f.text)}</div>")
        lines = list(f.state.log[: f.number + 1])
        self.log.value = log_html(lines, current=f.number, last=self.log_lines)
        self._draw()

    def _draw(self) -> None:
        if self.render is None:
            return
        self.drawn = self.render(self.frame, self.view)
        show_in(self.picture, self.drawn)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def glossary_widget(game: str, terms=None):
    """A game's glossary (or the listed English terms) as an HTML widget."""
    from .glossary import glossary_html

    box = widgets.HTML(glossary_html(game, terms))
    box.add_class("kl-glossary")
    return box


class GlossaryBrowser:
    """A dropdown of games and the chosen game's Spanish–English glossary."""

    def __init__(self, game: str = "tem_purr_a") -> None:
        from . import GAMES, TITLES
        from .glossary import glossary_html

        self._html = glossary_html
        self.game = widgets.Dropdown(options=[(TITLES[g], g) for g in GAMES], value=game, description="Game:")
        self.table = widgets.HTML()
        self.table.add_class("kl-glossary")
        self.game.observe(lambda change: self.update(), names="value")
        self.widget = widgets.VBox([self.game, self.table])
        self.update()

    def update(self) -> None:
        self.table.value = self._html(self.game.value)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def glossary_browser(game: str = "tem_purr_a") -> GlossaryBrowser:
    """Pick a game, read its glossary (display it by making it a cell's last value)."""
    return GlossaryBrowser(game)
