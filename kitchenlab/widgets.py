"""ipywidgets pieces shared by every game's notebooks.

* :class:`EventStepper` — walk through a game one logged event at a time: "◀ Back" and
  "Next event ▶" buttons and a slider over the events, the event text (an HTML widget with CSS
  class ``kl-event``), a picture of the position (drawn by a function you pass) and the log so far.
  The Next button carries CSS class ``kl-step``, so a browser test can find it. Once the slider is
  clicked (or reached with Tab), the ← and → keys step Back and Next too; every other key is left
  to the page.
* :func:`round_stepper` — one seeded round of any game in an event stepper, each frame drawn by
  the game's renderer (``GameInfo.renderer``), with the view toggle. The same call for every game.
* :func:`view_toggle` — "Table", "Public" or "Player k": whose eyes the picture is drawn through.
* :func:`glossary_widget` — a game's Spanish–English glossary as an HTML widget.

An *event* is one line of a state's log; a *frame* (:class:`kitchenlab.play.Frame`) is an event
with the game as it stood at that line (one action may log several lines: an eat that reveals an
indigestion card also ends the round, and each line gets its own picture).

The viewer convention (the same as :mod:`kitchenlab.play`): a renderer is called as
``render(frame, viewer)`` with ``viewer`` one of

* :data:`TABLE` (``"table"``) — the whole table, hidden things shown (the teacher's view);
* ``None`` — the public view, what a spectator may see (``state.view(None)``);
* a seat ``0 .. players-1`` — that player's view (``state.view(seat)``).

This module imports ipywidgets; the rules never import it.
"""

from __future__ import annotations

import importlib
import json
import os
from html import escape
from pathlib import Path
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from .display import ShowsWidget
from .errors import KitchenlabError
from .i18n import LANGUAGES, _, language, set_language
from .play import TABLE, Frame, round_frames

#: The view toggle's value for the whole table (the same as :data:`kitchenlab.play.TABLE`).
TABLE_VIEW = TABLE
#: The view toggle's value for the public view (the stepper hands renderers ``None`` for it: a
#: toggle button cannot hold ``None``).
PUBLIC_VIEW = "public"


def frames_from_states(states: Sequence) -> list[Frame]:
    """One frame per log line written along a sequence of states (each one step after the last);
    every line shows the state after the action that wrote it (:func:`kitchenlab.play.record`
    shows each line's own moment instead).

    >>> import kitchenlab
    >>> s0 = kitchenlab.new_game("tem_purr_a", players=3, seed=1)
    >>> s1 = s0.apply(s0.legal_actions()[0])
    >>> [f.text for f in frames_from_states([s0, s1])]  # doctest: +NORMALIZE_WHITESPACE
    ['Round 1: 3 players get 5 cards; 1 indigestion card is in the deck.',
     'Player 1 starts a stack with a 2.']
    """
    frames: list[Frame] = []
    seen = 0
    before = None
    for state in states:
        log, events = state.log, state.events
        actor = None if before is None else before.current_player
        action = None if before is None else state.history[-1]
        for i in range(seen, len(log)):
            frames.append(Frame(i, log[i], events[i], state, actor, action))
        seen = len(log)
        before = state
    return frames


def states_along(start, actions) -> list:
    """``[start, start.apply(a1), ...]`` for the given actions (objects or their text)."""
    out = [start]
    for a in actions:
        out.append(out[-1].apply(a))
    return out


def view_toggle(players: int, value: Any = TABLE_VIEW, names: Sequence[str] | None = None,
                public: bool = False):
    """Toggle buttons: "Table (all hands)", with ``public`` "Public", then one button per player
    (values ``TABLE_VIEW``, ``PUBLIC_VIEW`` and the seats)."""
    names = list(names) if names is not None else [_("Player {number}").format(number=p + 1) for p in range(players)]
    options = [(_("Table (all hands)"), TABLE_VIEW)] + ([(_("Public"), PUBLIC_VIEW)] if public else [])
    options += [(names[p], p) for p in range(players)]
    toggle = widgets.ToggleButtons(options=options, value=value, description=_("View:"),
                                   style={"button_width": "auto"})
    toggle.add_class("kl-view")
    return toggle


def language_toggle(redraw: Callable[[], None]):
    """Small "English / español" toggle buttons: a click makes the chosen language the kit's
    (:func:`kitchenlab.i18n.set_language`) and calls ``redraw()``, which writes the widget's texts
    again; the game itself is untouched. Every play table, stepper and projector page has one."""
    toggle = widgets.ToggleButtons(options=[(name, code) for code, name in LANGUAGES.items()], value=language(),
                                   style={"button_width": "auto"}, layout=widgets.Layout(margin="0 0 0 12px"))
    toggle.add_class("kl-language")

    def changed(change) -> None:
        set_language(change["new"])
        redraw()

    toggle.observe(changed, names="value")
    return toggle


def log_html(lines: Sequence[str], current: int | None = None, last: int = 12) -> str:
    """The last ``last`` log lines as a numbered list, the ``current`` one (an index) in bold."""
    shown = list(enumerate(lines))[-last:] if last else list(enumerate(lines))
    items = []
    for i, text in shown:
        t = escape(text)
        items.append(f"<li value='{i + 1}'><b>{t}</b></li>" if i == current else f"<li value='{i + 1}'>{t}</li>")
    return "<ol class='kl-log' style='margin:0;padding-left:2.5em;font-size:90%'>" + "".join(items) + "</ol>"


#: The kit's notebooks (next to the package in a checkout; absent from an installed package).
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def rules_href(game: str, here: str | Path | None = None) -> str | None:
    """The relative link from the notebook folder ``here`` (by default the kernel's working folder,
    which is the notebook's own in JupyterLab and in Voila) to the game's how-to-play notebook: the
    Spanish one (``notebooks/es/<game>/00_como_se_juega.ipynb``) in Spanish where it exists, else
    ``notebooks/<game>/00_how_to_play.ipynb``. From outside ``notebooks/`` it is written as seen
    from a folder beside the game's (``../<game>/00_how_to_play.ipynb``). ``None`` when the kit has
    no such notebook for the game."""
    english = NOTEBOOKS / game / "00_how_to_play.ipynb"
    spanish = NOTEBOOKS / "es" / game / "00_como_se_juega.ipynb"
    target = spanish if language() == "es" and spanish.is_file() else english
    if not target.is_file():
        return None
    here = Path(os.getcwd() if here is None else here).resolve()
    if here == NOTEBOOKS or NOTEBOOKS in here.parents:
        return Path(os.path.relpath(target, here)).as_posix()
    return "../" + target.relative_to(target.parent.parent).as_posix()


def rules_link(game: str) -> str:
    """A "rules" link to the game's how-to-play notebook (opens in a new tab, so the game on
    this page stays), or, where the kit has no notebook for the game, the command that prints its
    rule variants."""
    href = rules_href(game)
    if href is None:
        return ("<span class='kl-rules-link' style='color:#555'>" + escape(_("Rules:"))
                + f" <code>kitchenlab rules {escape(game)}</code></span>")
    return (f"<a class='kl-rules-link' href='{escape(href)}' target='_blank' rel='noopener' "
            "style='margin-left:12px;font-weight:bold'>📖 " + escape(_("Rules: how to play")) + "</a>")


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


class EventStepper(ShowsWidget):
    """Step through ``frames`` with buttons and a slider, redrawing on each move.

    ``render(frame, viewer)`` returns what to show for a frame (a Plotly figure, or anything
    IPython can display). With ``players`` a view toggle is shown and ``viewer`` is ``TABLE_VIEW``
    or a seat (with ``public=True`` also ``None``, the public view); without, ``viewer`` is
    ``None``. The picture is drawn into an ``ipywidgets.Output`` (see
    :func:`show_in`), which renders in JupyterLab, classic Notebook and Voila without extra packages.

    The event text and the log read as the viewer may read them (``state.log_for``: the cards a
    player drew are named only to that player); the table view, and a stepper without a toggle,
    read the whole narration unless ``reader`` (a function giving the reader) says otherwise.

    ``title`` is a heading, or a function of the viewer giving it (so that a heading may say more
    in the table view than in the public or a player's view).

    The ← and → keys step Back and Next as well, through the slider's own keyboard handling: once
    the slider holds the focus (clicked, or reached with Tab) ← and → move it one event, Home and
    End to the first and the last; the help line under the buttons says so. Nothing on the page
    listens for other keys, so Shift+Enter still runs a cell and letters still type into a text
    box wherever the pointer rests. (A watcher that takes the keys while the pointer is over the
    stepper, as ``ipyevents`` does, keeps every key from the page: it stops each one.)

    Display the stepper by making it the last value of a cell (or ``display(stepper)``).
    """

    def __init__(self, frames: Sequence[Frame], render: Callable[[Frame, int | None], Any] | None = None,
                 players: int | None = None, title: str | Callable[[Any], str] = "", log_lines: int = 12,
                 start: int = 0,
                 public: bool = False, reader: Callable[[], Any] | None = None) -> None:
        if not frames:
            raise KitchenlabError("an event stepper needs at least one frame")
        self.frames = list(frames)
        self.render = render
        self.reader = reader
        self.log_lines = log_lines
        self.back = widgets.Button()
        self.back.add_class("kl-back")
        self.next = widgets.Button(button_style="primary")
        self.next.add_class("kl-step")
        self.slider = widgets.IntSlider(value=0, min=0, max=len(self.frames) - 1,
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
        self.toggle = view_toggle(players, public=public) if players else None
        self.drawn = None  # the last picture drawn (what ``render`` returned)
        #: a function giving the same frames told in the current language (None: the frames stay as they are)
        self.frames_in_language: Callable[[], Sequence[Frame]] | None = None
        self.slider.value = max(0, min(start, len(self.frames) - 1))

        self.back.on_click(lambda _: self.step(-1))
        self.next.on_click(lambda _: self.step(+1))
        self.slider.observe(lambda change: self._show(), names="value")
        if self.toggle is not None:
            self.toggle.observe(lambda change: self._show(), names="value")

        self._title = title
        self.heading = widgets.HTML()
        rows = [self.heading] if title else []
        rows.append(widgets.HBox([self.back, self.next, self.slider, self.position]))
        self.help = widgets.HTML()
        self.help.add_class("kl-help")
        rows.append(self.help)
        rows.append(self.event)
        if self.toggle is not None:
            rows.append(self.toggle)
        rows.append(self.picture)
        self.log_heading = widgets.HTML()
        rows.append(self.log_heading)
        rows.append(self.log)
        self.widget = widgets.VBox(rows)
        self.widget.add_class("kl-stepper")
        self.language = language_toggle(self.retell)
        buttons = rows[1 if title else 0]
        buttons.children = (*buttons.children, self.language)
        self.label()
        self._show()

    def label(self) -> None:
        """Write the stepper's own texts (buttons, help, headings) in the current language."""
        self.back.description, self.back.tooltip = _("◀ Back"), _("previous event")
        self.next.description, self.next.tooltip = _("Next event ▶"), _("next event")
        self.slider.description = _("Event")
        self.help.value = "<span style='color:#555'>" + escape(_("Click the slider: then the ← → keys step too.")) + "</span>"
        self.log_heading.value = "<b>" + escape(_("Log")) + "</b>"
        if self.toggle is not None:
            players = sum(isinstance(v, int) for _label, v in self.toggle.options)
            labels = view_toggle(players, public=any(v == PUBLIC_VIEW for _label, v in self.toggle.options)).options
            self.toggle.options, self.toggle.value = labels, self.toggle.value

    def retell(self) -> None:
        """Redraw every text in the current language (what the language toggle does): the stepper's
        own texts, and the frames when ``frames_in_language`` can tell them again; the game stays the same."""
        self.label()
        if self.frames_in_language is not None:
            self.frames = list(self.frames_in_language())
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
    def view(self) -> Any:
        """The viewer the picture is drawn for: ``TABLE_VIEW``, ``None`` (public) or a seat."""
        if self.toggle is None or self.toggle.value == PUBLIC_VIEW:
            return None
        return self.toggle.value

    def show_view(self, viewer: Any) -> None:
        """Set the toggle to ``viewer`` (``TABLE_VIEW``, ``None`` for the public view, or a seat)."""
        if self.toggle is None:
            raise KitchenlabError("this stepper has no view toggle")
        self.toggle.value = PUBLIC_VIEW if viewer is None else viewer

    @property
    def event_text(self) -> str:
        """The shown event as plain text (as the viewer may read it)."""
        return self._log_of(self.frame.state)[self.frame.number]

    def _log_of(self, state) -> tuple:
        who = self.reader() if self.reader is not None else (self.view if self.toggle is not None else TABLE_VIEW)
        return state.log if who == TABLE_VIEW else state.log_for(who)

    # -- moving ---------------------------------------------------------------------------------
    def step(self, delta: int = 1) -> None:
        """Move ``delta`` events (clamped to the first and last)."""
        self.go(self.index + delta)

    def go(self, index: int) -> None:
        self.slider.value = max(0, min(int(index), len(self.frames) - 1))

    def close(self) -> None:
        """Close the stepper's box (for a page that replaces the stepper)."""
        self.widget.close()

    # -- drawing --------------------------------------------------------------------------------
    def _show(self) -> None:
        i = self.index
        f = self.frames[i]
        self.back.disabled = i == 0
        self.next.disabled = i == len(self.frames) - 1
        self.position.value = f"<span style='color:#555'>{i + 1} / {len(self.frames)}</span>"
        if self._title:
            text = self._title(self.view) if callable(self._title) else self._title
            self.heading.value = f"<h4 style='margin:0'>{escape(text)}</h4>"
        lines = list(self._log_of(f.state)[: f.number + 1])
        self.event.value = (f"<div style='font-size:115%;padding:4px 0'><b>{f.number + 1}.</b> "
                            f"{escape(lines[-1])}</div>")
        self.log.value = log_html(lines, current=f.number, last=self.log_lines)
        self._draw()

    def _draw(self) -> None:
        if self.render is None:
            return
        self.drawn = self.render(self.frame, self.view)
        show_in(self.picture, self.drawn)


def load_renderer(game: str) -> Callable[[Frame, Any], Any]:
    """The frame renderer a game declares (``GameInfo.renderer``, ``"module:function"``), imported
    now; a game without one gets :func:`view_html`, which prints the view as text."""
    from . import game_info

    spec = game_info(game).renderer
    if not spec:
        return view_html
    module, _, name = spec.partition(":")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError, ValueError) as e:
        raise KitchenlabError(f"{game}: the renderer {spec!r} (GameInfo.renderer, 'module:function') "
                              f"cannot be loaded: {e}") from None


class _Html:
    """Text for IPython to show as HTML."""

    def __init__(self, html: str) -> None:
        self.html = html

    def _repr_html_(self) -> str:
        return self.html


def view_html(frame: Frame, viewer: Any):
    """The fallback picture of a frame: the view as indented text (for ``TABLE_VIEW``, every
    seat's view, which together hold everything the seats know)."""
    if viewer == TABLE_VIEW:
        shown = {_("seat {number}").format(number=p): v for p, v in enumerate(frame.views[:-1])}
    else:
        shown = frame.view(viewer)
    text = json.dumps(shown, indent=1, default=str, ensure_ascii=False)
    return _Html(f"<pre class='kl-view-text' style='font-size:13px;max-height:420px;overflow:auto'>"
                 f"{escape(text, quote=False)}</pre>")


def _bot_text(bots) -> str:
    if bots is None:
        return _("random bots")
    if isinstance(bots, str):
        return _("{name} bots").format(name=bots)
    if callable(bots):
        return _("{name} bots").format(name=getattr(bots, "__name__", "custom"))
    names = ", ".join(b if isinstance(b, str) else getattr(b, "__name__", "custom") for b in bots)
    return _("bots {names}").format(names=names)


def round_stepper(game: str, players: int | None = None, seed: int = 0, bots=None, round: int = 1,
                  **variants) -> EventStepper:
    """An event stepper through one round of a seeded game played by bots, for any game.

    The frames are :func:`kitchenlab.play.round_frames` with the same arguments (the game is the
    one :func:`kitchenlab.sim.play_game` plays). Each frame is drawn by the game's renderer
    (``GameInfo.renderer``) for the viewer the toggle selects — "Table (all hands)" passes
    ``TABLE_VIEW``, "Public" passes ``None`` (the public view), "Player k" passes the seat k - 1 —
    the first time it is shown, and kept (``stepper.cache``, by frame number and viewer).
    Display it by making it a cell's last value; ``.step(1)``, ``.go(k)``, ``.show_view(v)`` and
    ``.drawn`` (the last picture) serve scripts and tests.
    """
    from . import game_info

    info = game_info(game)
    frames = round_frames(game, players, seed, bots, round=round, **variants)
    draw = load_renderer(game)
    cache: dict = {}

    def render(frame: Frame, viewer):
        key = (frame.number, viewer)
        got = cache.get(key)
        if got is None:
            got = cache[key] = draw(frame, viewer)
        return got

    n = frames[0].state.players

    def title(viewer) -> str:
        # The seed and the public moves rebuild every hidden card: only the table view names it.
        shown = _(", seed {seed}").format(seed=seed) if viewer == TABLE_VIEW else ""
        return _("{game}: round {round} of a {players}-player game{seed}, {bots}").format(
            game=info.title, round=round, players=n, seed=shown, bots=_bot_text(bots))

    stepper = EventStepper(frames, render, players=n, title=title, public=True)
    stepper.game = game

    def retold() -> list[Frame]:
        cache.clear()                 # the pictures hold texts too
        return round_frames(game, players, seed, bots, round=round, **variants)

    stepper.frames_in_language = retold
    stepper.language.observe(lambda _change: setattr(stepper.rules, "value", rules_link(game)), names="value")
    stepper.rules = widgets.HTML(rules_link(game))
    stepper.rules.add_class("kl-rules")
    buttons = next(w for w in stepper.widget.children if stepper.back in getattr(w, "children", ()))
    buttons.children = (*buttons.children, stepper.rules)     # beside Back / Next
    stepper.cache = cache
    return stepper


def glossary_widget(game: str, terms=None):
    """A game's glossary (or the listed English terms) as an HTML widget."""
    from .glossary import glossary_html

    box = widgets.HTML(glossary_html(game, terms))
    box.add_class("kl-glossary")
    return box


class GlossaryBrowser(ShowsWidget):
    """A dropdown of games and the chosen game's Spanish–English glossary."""

    def __init__(self, game: str | None = None) -> None:
        from . import game_info
        from .glossary import game_terms, glossary_games, glossary_html

        games = glossary_games()
        if game is None and not games:
            raise KitchenlabError("no game of the registry has a Spanish–English glossary (GameInfo.glossary)")
        if game is None:
            game = games[0]
        game_terms(game)          # an unknown game, or one without a glossary, fails here plainly
        self._html = glossary_html
        self.game = widgets.Dropdown(options=[(game_info(g).title, g) for g in games], value=game,
                                     description=_("Game:"))
        self.table = widgets.HTML()
        self.table.add_class("kl-glossary")
        self.game.observe(lambda change: self.update(), names="value")
        self.widget = widgets.VBox([self.game, self.table])
        self.update()

    def update(self) -> None:
        self.table.value = self._html(self.game.value)


def glossary_browser(game: str | None = None) -> GlossaryBrowser:
    """Pick a game, read its glossary (display it by making it a cell's last value); it opens on
    ``game``, by default the first game that has a glossary."""
    return GlossaryBrowser(game)
