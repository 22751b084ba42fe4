"""One screen, one game, any mix of people and bots: the play widget shared by every game.

>>> table = play_widget("tem_purr_a", seats=["human", "human", "cautious"], seed=3)   # doctest: +SKIP
>>> table                                                                           # doctest: +SKIP

The game at the table is a :class:`kitchenlab.session.PlaySession` (seats, whose turn, the bots'
moves, the screen passing between people, undo, the log, the result: see its module); the
:class:`PlayTable` here only draws it and forwards clicks to it:

* while the screen passes from one person to the next, a cover ("Pass the screen to Player N")
  hides the last hand until the next person clicks that they are at the screen;
* the person to act sees their own ``view(seat)``, the lines written since their last move
  ("what happened since your last move") and one button per legal move (a row per kind of move,
  with a dropdown for a kind with many, when there are many), or what the game's move helper
  offers instead (``GameInfo.move_helper``, ``"module:function"`` called as ``function(table)``:
  the rows of widgets to show, playing moves through :meth:`PlayTable.try_move`, or ``None`` for
  the plain buttons);
* *Undo my last move* shows while the person may take their move back.

Everything here reads the game contract only (``GameInfo``, ``view``, ``legal_actions``,
``str(action)``, ``result_text``) and draws the position with the game's renderer
(``GameInfo.renderer``, ``"module:function"`` called as ``function(frame, viewer)``); a game without
one is shown as the table of its view. A new game needs nothing more to be playable here. This
module imports ipywidgets.
"""

from __future__ import annotations

import base64
import itertools
from html import escape
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from . import game_info
from .display import ShowsWidget
from .engine import Event, load_hook
from .errors import KitchenlabError
from .i18n import _
from .session import (HARD, HUMAN, TAKEN_BACK, EndScreen, PlaySession, default_bot, end_screen, move_groups,
                      resolve_seats, seat_bot, seat_choices, seat_name)

#: More legal moves than this are offered in a dropdown instead of one button each.
MAX_BUTTONS = 18


def renderer_for(game: str) -> Callable | None:
    """The game's picture function ``function(frame, viewer)`` (``GameInfo.renderer``), or ``None``."""
    if not game_info(game).renderer:
        return None
    from .widgets import load_renderer

    return load_renderer(game)


def move_button(table, text: str, label: str, cls: str = "kl-action", style: str = ""):
    """A button labelled ``label`` that plays the move ``text`` at ``table`` (a :class:`PlayTable`),
    with the CSS class ``kl-action`` and ``cls``: the buttons of the games' move helpers."""
    b = widgets.Button(description=label, tooltip=text, button_style=style, layout=widgets.Layout(width="auto"))
    b.add_class("kl-action")
    if cls != "kl-action":
        b.add_class(cls)
    b.on_click(lambda _b: table.try_move(text))
    table.move_buttons[text] = b
    return b


def frame_of(state):
    """The state as a playback frame (its last log line), what a game's renderer draws."""
    from .play import Frame

    log, events = state.log, state.events
    if not log:
        return Frame(0, "", Event("note", {}), state)
    return Frame(len(log) - 1, log[-1], events[-1], state)


_TABLE_IDS = itertools.count(1)


def fit_style(selector: str, aspect: float | None, max_height: str | None = None) -> str:
    """A style sheet that gives the Plotly figure drawn under ``selector`` the width : height ratio
    ``aspect`` (the figure then follows its box's width; Plotly reads the box's size when it
    resizes), and at most ``max_height`` (a CSS length) where given; ``""`` for no ratio.

    >>> print(fit_style(".kl-picture", 2.5))      # doctest: +NORMALIZE_WHITESPACE
    <style>.kl-picture .jp-OutputArea-child { display: block; } .kl-picture .js-plotly-plot { display: block;
    width: 100%; aspect-ratio: 2.5000; height: auto !important; overflow: hidden; }</style>
    """
    if aspect is None:
        return ""
    cap = f" max-height: {max_height};" if max_height else ""
    # a block box (an output may be laid out as a table cell, whose height ignores both limits)
    return (f"<style>{selector} .jp-OutputArea-child {{ display: block; }} "
            f"{selector} .js-plotly-plot {{ display: block; width: 100%; aspect-ratio: {aspect:.4f}; "
            f"height: auto !important; overflow: hidden;{cap} }}</style>")


HEADER_KEYS = ("game", "seat", "round", "to_act", "over", "result")


def _value_html(value: Any) -> str:
    if value is None:
        return "<span style='color:#777'>—</span>"
    if isinstance(value, dict):
        return rows_html(value)
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, dict) for v in value):
            return records_html(value)
        return escape(", ".join(str(v) for v in value)) if value else "<span style='color:#777'>" + escape(_("none")) + "</span>"
    return escape(str(value))


def rows_html(data: dict, skip: Sequence[str] = ()) -> str:
    """A dict as a two-column table (keys with underscores read as words)."""
    rows = "".join(f"<tr><th style='text-align:left;padding:2px 10px 2px 0;vertical-align:top'>"
                   f"{escape(str(k).replace('_', ' '))}</th><td style='padding:2px 0'>{_value_html(v)}</td></tr>"
                   for k, v in data.items() if k not in skip)
    return f"<table class='kl-rows' style='border-collapse:collapse'>{rows}</table>"


def records_html(records: Sequence[dict]) -> str:
    """A list of dicts with the same keys as one table, a row each."""
    keys = list(dict.fromkeys(k for r in records for k in r))
    head = "".join(f"<th style='padding:2px 8px;text-align:left'>{escape(str(k).replace('_', ' '))}</th>" for k in keys)
    body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px'>{_value_html(r.get(k))}</td>" for k in keys)
                   + "</tr>" for r in records)
    return f"<table class='kl-records' style='border-collapse:collapse'><tr>{head}</tr>{body}</table>"


def view_html(view: dict, font_size: str = "100%") -> str:
    """A game's ``view(...)`` as a readable table (the common header and empty entries left out)."""
    shown = {k: v for k, v in view.items() if v is not None}
    return f"<div class='kl-view-html' style='font-size:{font_size}'>{rows_html(shown, skip=HEADER_KEYS)}</div>"


def picture(state, viewer: int | None, font_size: str = "100%"):
    """What to draw of ``state`` for ``viewer`` (a seat, ``None`` for the public): the game's
    renderer's figure, or (no renderer) the view as HTML."""
    render = renderer_for(state.game)
    if render is not None:
        return render(frame_of(state), viewer)
    return widgets.HTML(view_html(state.view(viewer), font_size))


def end_table_html(end: EndScreen, winners: Sequence[int] = ()) -> str:
    """An :class:`~kitchenlab.session.EndScreen`'s table: a header row, a row per player, the
    winners' rows marked 🏆 and bold."""
    cell = "padding:3px 10px;border-bottom:1px solid #ddd"
    head = "".join(f"<th style='{cell};text-align:left'>{escape(_(str(c)))}</th>" for c in end.columns)
    body = ""
    for i, row in enumerate(end.rows):
        won = i in winners
        tds = "".join(f"<td style='{cell}{';text-align:right' if isinstance(v, (int, float)) else ''}'>"
                      f"{'🏆 ' if won and j == 0 else ''}{escape(str(v))}</td>" for j, v in enumerate(row))
        body += f"<tr style='{'font-weight:bold' if won else ''}'>{tds}</tr>"
    return f"<table class='kl-end-table' style='border-collapse:collapse'><tr>{head}</tr>{body}</table>"


def result_html(state) -> str:
    """The end of a game: one sentence naming the winners and why, then every part of every
    seat's score in one table (:func:`kitchenlab.session.end_screen`)."""
    end = end_screen(state)
    return ("<div class='kl-result'><h3 class='kl-headline' style='margin:4px 0'>" + escape(_("Game over."))
            + f" {escape(end.headline)}</h3>"
            f"{end_table_html(end, sorted(set(state.winners())))}</div>")


# ---------------------------------------------------------------- the table


def _from_session(name: str, doc: str) -> property:
    """A read-only attribute of the table that is the session's ``name``."""
    return property(lambda self: getattr(self.session, name), doc=doc)


class PlayTable(ShowsWidget):
    """A whole game at one screen: the widget over a :class:`~kitchenlab.session.PlaySession`.

    Programmatic side (tests, benchmarks, demonstrations): :meth:`choose` plays a move for the
    person to act, :meth:`reveal` lifts the cover, :meth:`undo` takes a move back, each redrawing
    the widget; :attr:`state`, :attr:`covered`, :attr:`viewer`, :attr:`legal`, :attr:`can_undo` and
    :attr:`lines` (the session's) say where things stand.
    """

    game = _from_session("game", "the game's name")
    info = _from_session("info", "the game's GameInfo")
    seats = _from_session("seats", "who takes each seat: 'human' or a bot's name")
    seed = _from_session("seed", "the game's seed")
    humans = _from_session("humans", "the seats people take")
    bots = _from_session("bots", "the bot of each seat a bot takes, by seat")
    state = _from_session("state", "the game as it stands")
    rng = _from_session("rng", "the bots' generator")
    viewer = _from_session("viewer", "the seat whose view is on screen (None while covered)")
    last_human = _from_session("last_human", "the person who last had the screen")
    lines = _from_session("lines", "the log lines since the person to act last had the screen")
    to_act = _from_session("to_act", "the seat to act (None when the game is over)")
    covered = _from_session("covered", "True while the screen waits to be passed to the next person")
    legal = _from_session("legal", "the moves on offer now")
    can_undo = _from_session("can_undo", "whether the person at the screen may take back their last move")
    undo_reason = _from_session("undo_reason", "why the last move cannot be taken back ('' if it can)")

    def __init__(self, game: str, seats: Sequence[str] | None = None, seed: int = 0,
                 players: int | None = None, search_budget: int | float | None = None,
                 move_helper: Callable | None | str = "auto", **variants) -> None:
        #: the game's move helper (``"auto"``: the one its GameInfo declares; ``None``: plain buttons
        #: only; a ``"module:function"`` or a function of the table: that one)
        if move_helper == "auto":
            self.move_helper = game_info(game).hook("move_helper")
        elif isinstance(move_helper, str):
            self.move_helper = load_hook(move_helper, f"{game}: the move helper")
        else:
            self.move_helper = move_helper
        self.session = PlaySession(game, seats, seed, players, search_budget, **variants)
        #: what a move helper keeps between redraws (the meal being built, a question asked...)
        self.helper_memory: dict = {}
        self.message_text = ""
        self._build(game)
        self.render()

    # -- forwarded to the session ---------------------------------------------------------------
    def choose(self, text: str) -> list[str]:
        """Play ``text`` (one of :attr:`legal`) for the person to act; returns the new log lines."""
        out = self.session.choose(text)
        self.render()
        return out

    def try_move(self, *texts: str) -> bool:
        """Play ``texts`` in turn for the person at the screen (what a button does): an illegal
        move stops there and is shown as the message instead of raising. True if all were played."""
        for text in texts:
            try:
                self.choose(text)
            except KitchenlabError as e:
                self.show_error(e)
                return False
        return True

    def reveal(self) -> None:
        """The next person is at the screen: lift the cover and show their view."""
        if self.session.reveal():
            self.message_text = ""
            self.render()

    def undo(self) -> None:
        """Take back the last move of the person at the screen (see :attr:`can_undo`)."""
        self.session.undo()
        self.message_text = _(TAKEN_BACK)
        self.render()

    def new_game(self) -> None:
        """Start the next game at this table: the same seats and options, the next seed."""
        self.session = self.session.next_game()
        self.helper_memory = {}
        self.save_link.value = ""
        self.message_text = _("A new game, seed {seed}: the same seats as before.").format(seed=self.session.seed)
        self.render()

    def save(self) -> str:
        """Offer the game so far as a file to download (a link under the Save button); returns
        the save's JSON text (:meth:`kitchenlab.session.PlaySession.save`)."""
        text = self.session.save()
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = self.session.save_name()
        self.save_link.value = (f"<a class='kl-save-link' download='{escape(name)}' "
                                f"href='data:application/json;base64,{data}' style='font-weight:bold'>"
                                "⬇ " + escape(_("Download the save ({name})").format(name=name)) + "</a>")
        return text

    def load(self, text: str | bytes) -> None:
        """Go on from a save (what :meth:`save` offers): a bad file shows why and changes nothing."""
        try:
            self.session.load(text)
        except KitchenlabError as e:
            self.show_error(_("That file cannot be loaded: {error}").format(error=e))
            return
        self.helper_memory = {}
        self.save_link.value = ""
        self.message_text = _("Game loaded: move {move}, seed {seed}.").format(move=self.session.state.steps,
                                                                                seed=self.session.seed)
        self.render()

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        content = files[0]["content"]
        self.load_button.value = ()          # the same file may be loaded again
        self.load(bytes(content))

    def show_error(self, error: Exception | str) -> None:
        """Show ``error`` as the table's message (in red)."""
        self.message.value = f"<span style='color:#B03A2E'>{escape(str(error))}</span>"

    # -- widgets --------------------------------------------------------------------------------
    def _build(self, game: str) -> None:
        self.header = widgets.HTML()
        self.header.add_class("kl-table-status")
        self.cover_text = widgets.HTML()
        self.reveal_button = widgets.Button(button_style="primary",
                                            layout=widgets.Layout(width="auto"))
        self.reveal_button.add_class("kl-reveal")
        self.reveal_button.on_click(lambda _b: self.reveal())
        self.cover = widgets.VBox([self.cover_text, self.reveal_button])
        self.cover.add_class("kl-cover")
        self.picture = widgets.Output()
        self.picture.add_class("kl-picture")
        self.view_box = widgets.HTML()
        self.view_box.add_class("kl-own-view")
        self.actions = widgets.VBox()
        self.actions.add_class("kl-actions")
        self.undo_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.undo_button.add_class("kl-undo")
        self.undo_button.on_click(lambda _b: self._safe(self.undo))
        self.undo_note = widgets.HTML()
        self.undo_note.add_class("kl-undo-note")
        self.new_game_button = widgets.Button(button_style="success", layout=widgets.Layout(width="auto"))
        self.new_game_button.add_class("kl-new-game")
        self.new_game_button.on_click(lambda _b: self._safe(self.new_game))
        self.save_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.save_button.add_class("kl-save")
        self.save_button.on_click(lambda _b: self._safe(self.save))
        self.save_link = widgets.HTML()
        self.save_link.add_class("kl-save-box")
        self.load_button = widgets.FileUpload(accept=".json", multiple=False, layout=widgets.Layout(width="auto"))
        self.load_button.add_class("kl-load")
        self.load_button.observe(self._uploaded, names="value")
        from .widgets import language_toggle

        self.rules = widgets.HTML()
        self.language = language_toggle(self.retell)
        self.rules.add_class("kl-rules")
        self.message = widgets.HTML()
        self.message.add_class("kl-message")
        self.since = widgets.HTML()
        self.since.add_class("kl-bot-lines")
        self.result = widgets.HTML()
        self.result.add_class("kl-result-box")
        self.log = widgets.HTML()
        self.log.add_class("kl-log")
        middle = widgets.Layout(align_items="center", flex_flow="row wrap")
        self.undo_row = widgets.HBox([self.undo_button, self.undo_note], layout=middle)
        self.game_row = widgets.HBox([self.new_game_button, self.save_button, self.load_button, self.save_link,
                                      self.rules, self.language], layout=middle)
        self.game_row.add_class("kl-game-buttons")
        # the board on the left, what the person does on the right: side by side from about
        # 1040 px, one column (controls first) on a narrower screen
        self.fit = widgets.HTML()
        self.fit_class = f"kl-fit-{next(_TABLE_IDS)}"
        self.board_side = widgets.VBox([self.view_box, self.picture],
                                       layout=widgets.Layout(flex="3 1 600px", min_width="0", order="1"))
        self.board_side.add_class("kl-board-side")
        self.board_side.add_class(self.fit_class)
        self.control_side = widgets.VBox([self.since, self.actions, self.undo_row, self.message, self.game_row,
                                          self.log],
                                         layout=widgets.Layout(flex="2 1 420px", min_width="0", order="2"))
        self.control_side.add_class("kl-control-side")
        self.body = widgets.HBox([self.board_side, self.control_side],
                                 layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                       grid_gap="0 16px", width="100%"))
        self.body.add_class("kl-table-body")
        self.widget = widgets.VBox([self.fit, self.header, self.cover, self.result, self.body])
        self.widget.add_class("kl-play-table")
        self._action_widgets: list = []
        self.move_buttons: dict = {}     # legal move -> its button (moves in a dropdown have none)
        self.move_menus: list = []       # the dropdowns, one per kind of move with too many moves
        self.drawn = None     # the last picture drawn (the renderer's figure, or an HTML widget)
        self.label()

    def label(self) -> None:
        """Write the table's fixed texts (buttons, their help, the rules link) in the current language."""
        from .widgets import rules_link

        self.reveal_button.description = _("I am at the screen: show my hand")
        self.undo_button.description = _("↶ Undo my last move")
        self.new_game_button.description, self.new_game_button.tooltip = (_("▶ New game"),
                                                                          _("the same seats, the next seed"))
        self.save_button.description, self.save_button.tooltip = (_("💾 Save"),
                                                                  _("a file to download and load again later"))
        self.load_button.description, self.load_button.tooltip = _("📂 Load"), _("go on from a save file")
        self.rules.value = rules_link(self.game)

    def retell(self) -> None:
        """Redraw the whole table in the current language (what the language toggle does): the
        game is the same, its log told again in the new language (:meth:`PlaySession.retell`)."""
        self.session.retell()
        self.label()
        self.render()

    def _safe(self, fn, *args) -> None:
        try:
            fn(*args)
        except KitchenlabError as e:
            self.show_error(e)

    def _play_clicked(self, text: str) -> None:
        self._safe(self.choose, text)

    def _seat_line(self) -> str:
        return self.session.seat_line()

    def _move_button(self, text: str, label: str | None = None):
        b = widgets.Button(description=label or text, tooltip=text, layout=widgets.Layout(width="auto"))
        b.add_class("kl-action")
        b.on_click(lambda _b: self._play_clicked(text))
        self.move_buttons[text] = b
        return b

    def _action_controls(self) -> list:
        """One button per legal move; with many, one row per kind of move (its first word), a
        dropdown for a kind with too many moves for buttons."""
        legal = self.legal
        self.move_buttons: dict = {}
        self.move_menus: list = []
        if not legal:
            return []
        if self.move_helper is not None:
            rows = self.move_helper(self)
            if rows is not None:
                return list(rows)
        wrap = widgets.Layout(flex_flow="row wrap", align_items="center")
        if len(legal) <= MAX_BUTTONS:
            return [widgets.HBox([self._move_button(m) for m in legal], layout=wrap)]
        rows = []
        for word, moves in move_groups(legal).items():
            label = widgets.HTML(f"<b style='margin-right:8px'>{escape(word)}</b>")
            if len(moves) <= MAX_BUTTONS:
                rows.append(widgets.HBox([label] + [self._move_button(m) for m in moves], layout=wrap))
                continue
            pick = widgets.Dropdown(options=moves, value=moves[0], layout=widgets.Layout(width="420px"))
            pick.add_class("kl-action-choice")
            go = widgets.Button(description=_("Play this {kind} move").format(kind=word), button_style="success",
                                layout=widgets.Layout(width="auto"))
            go.add_class("kl-play-move")
            go.on_click(lambda _b, pick=pick: self._play_clicked(pick.value))
            self.move_menus.append(pick)
            rows.append(widgets.HBox([label, pick, go], layout=wrap))
        return rows

    def render(self) -> None:
        """Redraw every part of the widget from the session."""
        s = self.session
        st = s.state
        title = escape(s.info.title)
        # The seed and the public moves rebuild every hidden card: it is named only once the game is over.
        seed = _(", seed {seed}").format(seed=s.seed) if st.is_over else ""
        self.header.value = (f"<div style='font-size:110%'><b>{title}</b>{seed} — "
                             f"{escape(s.seat_line())}</div>")
        for row in self._action_widgets:
            for w in getattr(row, "children", ()):
                w.close()
            row.close()
        self._action_widgets = self._action_controls()
        self.actions.children = self._action_widgets
        self.cover.layout.display = "flex" if s.covered else "none"
        self.result.value = result_html(st) if st.is_over else ""
        lines = "".join(f"<li>{escape(t)}</li>" for t in s.lines)
        if st.is_over:
            viewer = None
            self.since.value = ""
        elif s.covered:
            viewer = None
            who = seat_name(s.to_act)
            self.cover_text.value = (f"<div style='font-size:140%;padding:12px;background:#FDEBD0;border-radius:6px'>"
                                     + _("Pass the screen to <b>{player}</b>. {player}: click below when the others "
                                         "cannot see the screen.").format(player=escape(who)) + "</div>")
            self.reveal_button.description = _("I am {player}: show my hand").format(player=who)
            self.since.value = ""
        else:
            viewer = s.viewer
            head = "<b>" + escape(_("{player}, your turn.").format(player=seat_name(viewer))) + "</b>"
            # a short scrolling list, so the moves on offer stay on the first screen
            box = "margin:2px 0;max-height:120px;overflow-y:auto"
            self.since.value = (f"<div>{head} " + escape(_("Since your last move:")) + f"<ol style='{box}'>{lines}</ol></div>"
                                if lines else f"<div>{head}</div>")
        self.undo_row.layout.display = "none" if st.is_over else "flex"
        self.undo_button.disabled = not s.can_undo
        self.undo_button.description = (_("↶ Undo my last move") if not s.covered or s.last_human is None
                                        else _("↶ {player}: undo my last move").format(player=seat_name(s.last_human)))
        why = s.why_no_undo()
        self.undo_note.value = ("<span style='color:#555'>"
                                + escape(_("Undo is not available now: {reason}.").format(reason=why)) + "</span>"
                                if why else "")
        self.new_game_button.layout.display = "inline-flex" if st.is_over else "none"
        self.message.value = escape(self.message_text)
        self.message_text = ""
        from .widgets import show_in

        if s.covered:                  # the cover hides the table too, until the next person clicks
            self.view_box.value = ""
            self.picture.outputs = ()
            self.drawn = None
            self._draw_log()
            return
        self.drawn = drawn = picture(st, viewer)
        if isinstance(drawn, widgets.HTML):
            self.view_box.value = drawn.value
            self.picture.outputs = ()
        else:
            self.view_box.value = ""
            self._fit_to(drawn)
            show_in(self.picture, drawn)
        self._draw_log()

    def _fit_to(self, fig) -> None:
        """Give the picture's box the board's own proportions (:func:`kitchenlab.charts.board_aspect`),
        so that the board fills the width of its side at any screen size, with no blank band."""
        from .charts import board_aspect

        self.fit.value = fit_style(f".{self.fit_class} .kl-picture", board_aspect(fig))

    def _draw_log(self) -> None:
        self.log.value = ("<details><summary><b>" + escape(_("The whole log")) + "</b></summary>"
                          "<ol style='max-height:260px;overflow-y:auto;margin:0'>"
                          + "".join(f"<li>{escape(t)}</li>" for t in self.session.log_lines())
                          + "</ol></details>")


def play_widget(game: str, seats: Sequence[str] | None = None, seed: int = 0, players: int | None = None,
                search_budget: int | float | None = None, move_helper: Callable | None | str = "auto",
                **variants) -> PlayTable:
    """A whole game at one screen (display it by making it a cell's last value).

    ``seats``: ``"human"`` or a bot name for each seat (e.g. ``["human", "human", "cautious"]``);
    ``"ismcts"`` seats the hard opponent, the search bot every game has
    (``play_widget(game, seats=["human", "ismcts"])``); :func:`seat_choices` lists what a seat may
    be. ``None`` seats two people and the game's default bot in a third seat. ``search_budget``
    (simulations per move, or seconds as a float) overrides the hard opponent's tuned budget.
    ``move_helper``: ``"auto"`` offers the move helper the game declares (``GameInfo.move_helper``:
    a meal builder, a plan chooser...), ``None`` the plain move buttons only. ``variants`` are the
    game's options.
    """
    return PlayTable(game, seats, seed, players, search_budget, move_helper, **variants)


__all__ = ["HARD", "HUMAN", "MAX_BUTTONS", "PlayTable", "default_bot", "frame_of", "move_groups",
           "picture", "play_widget", "records_html", "renderer_for", "resolve_seats", "result_html", "rows_html",
           "seat_bot", "seat_choices", "seat_name", "view_html"]
