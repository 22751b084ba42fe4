"""One screen, one game, any mix of people and bots: the play widget shared by every game.

>>> table = play_widget("tem_purr_a", seats=["human", "human", "cautious"], seed=3)   # doctest: +SKIP
>>> table                                                                           # doctest: +SKIP

Vocabulary:

* a *seat* is a place at the table (0, 1, ...), shown as "Player 1", "Player 2", ...; each seat is
  taken by ``"human"``, by one of the game's bots (a name from ``GameInfo.bots``), or by
  ``"ismcts"``, the **hard opponent**: the search bot every game shares (:mod:`kitchenlab.search`),
  which samples what it cannot see and never peeks (:func:`seat_choices` lists them all, easiest
  first);
* *hot seat*: the people share one screen. Each sees only their own ``view(seat)``; when the turn
  passes from one person to another, a cover ("Pass the screen to Player N") hides the last hand
  until the next person clicks that they are at the screen;
* bots move by themselves as soon as it is their turn; the lines they wrote in the game's log are
  shown as "what happened since your last move";
* *undo* takes back one's own last move under the rule of :mod:`kitchenlab.undo`: nobody moved
  since, nothing random happened, nothing hidden was revealed. Never another player's move.

Everything here reads the game contract only (``GameInfo``, ``view``, ``legal_actions``,
``str(action)``, ``result_text``) and draws the position with the game's renderer
(``GameInfo.renderer``, ``"module:function"`` called as ``function(frame, viewer)``); a game without
one is shown as the table of its view. A new game needs nothing more to be playable here.

The bots draw from ``Rng(kitchenlab.sim.bot_seed(seed))``, as in ``kitchenlab.sim.play_game``: the
same seed and the same human moves give the same game. This module imports ipywidgets.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from . import game_info, new_game
from .engine import Event, Rng
from .errors import GameStalledError, KitchenlabError, OptionError
from .quiz import default_bot
from .undo import undo_check

HUMAN = "human"
#: The hard opponent every game offers: the information-set search bot of :mod:`kitchenlab.search`.
HARD = "ismcts"
#: More legal moves than this are offered in a dropdown instead of one button each.
MAX_BUTTONS = 18

#: Move helpers, by game: ``"module:function"`` (or the function itself), called as
#: ``function(table)`` with the :class:`PlayTable` whenever its person chooses a move. It returns
#: the rows of widgets to offer instead of the plain move buttons (a meal builder, a plan chooser,
#: ...), playing moves through :meth:`PlayTable.try_move`, or ``None`` for the plain buttons. A game
#: without a helper is played with the plain buttons; :func:`register_move_helper` adds one.
MOVE_HELPERS: dict[str, str | Callable] = {
    "critter_kitchen": "kitchenlab.critter_kitchen.play_table:move_helper",
}


# ---------------------------------------------------------------- seats and pictures


def seat_name(seat: int) -> str:
    """``"Player 1"`` for seat 0 (the name every game's log uses)."""
    return f"Player {seat + 1}"


def seat_choices(game: str) -> list[str]:
    """What may take a seat: ``"human"``, the game's own bots, then ``"ismcts"`` (the hard opponent).

    >>> seat_choices("tem_purr_a")
    ['human', 'random', 'cautious', 'ismcts']
    """
    bots = [b for b in game_info(game).bots if b != HARD]
    return [HUMAN, *bots, HARD]


def seat_bot(game: str, name: str, search_budget: int | float | None = None) -> Callable:
    """The bot for a seat called ``name``; ``search_budget`` (simulations, or seconds as a float)
    replaces the hard opponent's tuned budget (a quicker, weaker opponent when smaller)."""
    from .sim import named_bot

    info = game_info(game)
    if name == HARD and search_budget is not None and HARD not in info.bots:
        from .search import ISMCTS, game_settings

        return ISMCTS(**{**game_settings(game), "budget": search_budget})
    return named_bot(info, name)


def resolve_seats(game: str, seats: Sequence[str] | None = None, players: int | None = None) -> list[str]:
    """Check ``seats`` (``"human"`` or a bot name per seat) against the game; ``None`` seats two
    people and fills the other seats with :func:`default_bot` (3 seats unless ``players`` says)."""
    info = game_info(game)
    if seats is None:
        n = players if players is not None else (3 if 3 in info.players else info.default_players)
        seats = [HUMAN] * min(2, n) + [default_bot(game)] * max(0, n - 2)
    seats = list(seats)
    if players is not None and players != len(seats):
        raise OptionError(f"{game}: {len(seats)} seats given for players={players}; give one seat per player")
    if len(seats) not in info.players:
        raise OptionError(f"{game}: {len(seats)} seats, but the game is for "
                          f"{', '.join(map(str, info.players))} players")
    allowed = seat_choices(game)
    for i, s in enumerate(seats):
        if s not in allowed:
            raise OptionError(f"{game}: seat {i + 1} is {s!r}; a seat is 'human' or a bot: "
                              f"{', '.join(allowed[1:])} ({HARD!r} is the hard opponent)")
    return seats


def renderer_for(game: str) -> Callable | None:
    """The game's picture function ``function(frame, viewer)`` (``GameInfo.renderer``), or ``None``."""
    if not game_info(game).renderer:
        return None
    from .widgets import load_renderer

    return load_renderer(game)


def register_move_helper(game: str, helper: str | Callable) -> None:
    """Offer ``helper`` (``"module:function"`` or a function of the table) for ``game``'s moves."""
    game_info(game)          # an unknown game raises UnknownGameError
    MOVE_HELPERS[game] = helper


def move_helper_for(game: str) -> Callable | None:
    """The move helper registered for ``game`` (:data:`MOVE_HELPERS`), imported; ``None`` if none."""
    spec = MOVE_HELPERS.get(game)
    if spec is None or callable(spec):
        return spec
    import importlib

    module, _, name = spec.partition(":")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as e:
        raise KitchenlabError(f"{game}: the move helper {spec!r} ('module:function') cannot be loaded: {e}") from e


def move_groups(moves: Sequence[str]) -> dict[str, list[str]]:
    """Moves grouped by their first word (``"add"``, ``"send"``, ``"serve"``...), in the order seen.

    >>> move_groups(["serve 3", "eat 3", "serve 5"])
    {'serve': ['serve 3', 'serve 5'], 'eat': ['eat 3']}
    """
    out: dict[str, list[str]] = {}
    for m in moves:
        out.setdefault(m.split(" ", 1)[0], []).append(m)
    return out


def frame_of(state):
    """The state as a playback frame (its last log line), what a game's renderer draws."""
    from .play import Frame

    log, events = state.log, state.events
    if not log:
        return Frame(0, "", Event("note", {}), state)
    return Frame(len(log) - 1, log[-1], events[-1], state)


HEADER_KEYS = ("game", "seat", "round", "to_act", "over", "result")


def _value_html(value: Any) -> str:
    if value is None:
        return "<span style='color:#777'>—</span>"
    if isinstance(value, dict):
        return rows_html(value)
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, dict) for v in value):
            return records_html(value)
        return escape(", ".join(str(v) for v in value)) if value else "<span style='color:#777'>none</span>"
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


def result_html(state) -> str:
    """The end of a game: the result line, every score and the winners, then the game's own final
    breakdown when its public view has one (``view(None)["final"]``)."""
    view = state.view(None)
    winners = set(state.winners())
    rows = "".join(f"<tr><td style='padding:2px 10px'>{'🏆 ' if p in winners else ''}{seat_name(p)}</td>"
                   f"<td style='padding:2px 10px;text-align:right'>{escape(str(sc))}</td></tr>"
                   for p, sc in enumerate(state.scores()))
    names = ", ".join(seat_name(w) for w in sorted(winners)) or "nobody"
    out = (f"<div class='kl-result'><h3 style='margin:4px 0'>Game over — winner(s): {escape(names)}</h3>"
           f"<p style='margin:2px 0'>{escape(state.result_text())}</p>"
           f"<table style='border-collapse:collapse'><tr><th style='padding:2px 10px'>seat</th>"
           f"<th style='padding:2px 10px'>score</th></tr>{rows}</table>")
    final = view.get("final")
    if final:
        out += "<h4 style='margin:6px 0 2px'>How the scores came about</h4>" + _value_html(final)
    return out + "</div>"


# ---------------------------------------------------------------- the table


class PlayTable:
    """A whole game at one screen: people and bots by seat (see the module docstring).

    Programmatic side (tests, benchmarks, demonstrations): :meth:`choose` plays a move for the
    person to act, :meth:`reveal` lifts the cover, :meth:`undo` takes a move back; :attr:`state`,
    :attr:`covered`, :attr:`viewer`, :attr:`legal`, :attr:`can_undo` and :attr:`lines` say where
    things stand.
    """

    def __init__(self, game: str, seats: Sequence[str] | None = None, seed: int = 0,
                 players: int | None = None, search_budget: int | float | None = None,
                 move_helper: Callable | None | str = "auto", **variants) -> None:
        from .sim import bot_seed

        self.game = game
        self.info = game_info(game)
        self.seats = resolve_seats(game, seats, players)
        self.seed = seed
        #: the game's move helper (``"auto"``: the registered one; ``None``: plain buttons only)
        self.move_helper = move_helper_for(game) if move_helper == "auto" else move_helper
        #: what a move helper keeps between redraws (the meal being built, a question asked...)
        self.helper_memory: dict = {}
        self.state = new_game(game, players=len(self.seats), seed=seed, **variants)
        self.rng = Rng(bot_seed(seed))
        self.humans = [p for p, s in enumerate(self.seats) if s == HUMAN]
        self.bots = {p: seat_bot(game, s, search_budget) for p, s in enumerate(self.seats) if s != HUMAN}
        #: the seat whose view is on screen (``None`` while the cover is up or no person acts)
        self.viewer: int | None = None
        #: the person who last had the screen (their move may still be taken back under the cover)
        self.last_human: int | None = None
        #: log lines since the person to act last had the screen
        self.lines: list[str] = []
        self._seen: dict[int, int] = {p: 0 for p in self.humans}
        self._undo: list[tuple] = []       # (seat, state before, bot rng state before)
        self.undo_reason = ""
        self.message_text = ""
        self._build()
        self._after_move()

    # -- reading --------------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return self.state.current_player

    @property
    def covered(self) -> bool:
        """True while the screen waits to be passed to the next person."""
        return not self.state.is_over and self.viewer is None and self.to_act in self.humans

    @property
    def legal(self) -> list[str]:
        """The moves on offer now (none while covered or when the game is over)."""
        if self.covered or self.state.is_over or self.to_act != self.viewer:
            return []
        return [str(a) for a in self.state.legal_actions()]

    @property
    def can_undo(self) -> bool:
        """Whether the person at the screen may take back their last move now."""
        holder = self.viewer if self.viewer is not None else self.last_human
        return bool(self._undo) and self._undo[-1][0] == holder

    # -- acting ---------------------------------------------------------------------------------
    def choose(self, text: str) -> list[str]:
        """Play ``text`` (one of :attr:`legal`) for the person to act; returns the new log lines."""
        if self.covered:
            raise KitchenlabError(f"the screen is covered: {seat_name(self.to_act)} must click to see their hand first")
        if self.state.is_over:
            raise KitchenlabError("the game is over")
        seat = self.to_act
        before, rng_before, n = self.state, self.rng.state, len(self.state.log)
        after = before.apply(text)                 # IllegalActionError (a KitchenlabError) if not legal
        check = undo_check(before, text, after, seat)
        self.state = after
        self._undo = self._undo + [(seat, before, rng_before)] if check.allowed else []
        self.undo_reason = "" if check.allowed else f"Your move cannot be taken back: {check.reason}."
        self.last_human = seat
        self._seen[seat] = len(after.log)
        self._after_move()
        return list(self.state.log_for(seat)[n:])

    def try_move(self, *texts: str) -> bool:
        """Play ``texts`` in turn for the person at the screen (what a button does): an illegal
        move stops there and is shown as the message instead of raising. True if all were played."""
        for text in texts:
            try:
                self.choose(text)
            except KitchenlabError as e:
                self.message.value = f"<span style='color:#B03A2E'>{escape(str(e))}</span>"
                return False
        return True

    def reveal(self) -> None:
        """The next person is at the screen: lift the cover and show their view."""
        if not self.covered:
            return
        seat = self.to_act
        if self.last_human is not None and self.last_human != seat:
            self._undo = []        # the screen has passed: the last person's move stands
        self.viewer = seat
        self._lines_for(seat)
        self.message_text = ""
        self.render()

    def undo(self) -> None:
        """Take back the last move of the person at the screen (see :attr:`can_undo`)."""
        if not self.can_undo:
            raise KitchenlabError("no move of yours can be taken back now (nobody may have moved since, "
                                  "and nothing random or hidden may have come out)")
        seat, before, rng_state = self._undo[-1]
        self._undo = self._undo[:-1]
        self.state = before
        self.rng = Rng(raw_state=rng_state)
        self.viewer = seat
        self.undo_reason = ""
        self.message_text = "Move taken back."
        self._seen[seat] = len(before.log)
        self.lines = []
        self.render()

    def _run_bots(self) -> None:
        made = 0
        while not self.state.is_over and self.to_act in self.bots:
            if made >= self.info.max_steps:
                raise GameStalledError(f"{self.game}: the bots did not hand the turn back within {made} moves")
            self.state = self.state.apply(self.bots[self.to_act](self.state, self.rng))
            self._undo = []           # another player moved: nothing before this can be taken back
            made += 1

    def _after_move(self) -> None:
        self._run_bots()
        nxt = self.to_act
        if self.state.is_over:
            self.viewer = None
        elif len(self.humans) == 1 or nxt == self.viewer:
            self.viewer = nxt          # one person at the table, or the same person goes on
            self._lines_for(nxt)
        else:
            self.viewer = None         # the cover goes up until the next person clicks
        self.render()

    def _lines_for(self, seat: int) -> None:
        log = self.state.log_for(seat)     # what others drew stays hidden
        self.lines = list(log[self._seen.get(seat, 0):])
        self._seen[seat] = len(log)

    # -- widgets --------------------------------------------------------------------------------
    def _build(self) -> None:
        self.header = widgets.HTML()
        self.header.add_class("kl-table-status")
        self.cover_text = widgets.HTML()
        self.reveal_button = widgets.Button(description="I am at the screen: show my hand", button_style="primary",
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
        self.undo_button = widgets.Button(description="↶ Undo my last move", layout=widgets.Layout(width="auto"))
        self.undo_button.add_class("kl-undo")
        self.undo_button.on_click(lambda _b: self._safe(self.undo))
        self.message = widgets.HTML()
        self.message.add_class("kl-message")
        self.since = widgets.HTML()
        self.since.add_class("kl-bot-lines")
        self.result = widgets.HTML()
        self.result.add_class("kl-result-box")
        self.log = widgets.HTML()
        self.log.add_class("kl-log")
        self.widget = widgets.VBox([self.header, self.cover, self.since, self.actions,
                                    widgets.HBox([self.undo_button]), self.message, self.result,
                                    self.view_box, self.picture, self.log])
        self.widget.add_class("kl-play-table")
        self._action_widgets: list = []
        self.move_buttons: dict = {}     # legal move -> its button (moves in a dropdown have none)
        self.move_menus: list = []       # the dropdowns, one per kind of move with too many moves
        self.drawn = None     # the last picture drawn (the renderer's figure, or an HTML widget)

    def _safe(self, fn, *args) -> None:
        try:
            fn(*args)
        except KitchenlabError as e:
            self.message.value = f"<span style='color:#B03A2E'>{escape(str(e))}</span>"

    def _play_clicked(self, text: str) -> None:
        self._safe(self.choose, text)

    def _seat_line(self) -> str:
        parts = []
        for p, s in enumerate(self.seats):
            who = "person" if s == HUMAN else f"{s} bot" + (" (hard)" if s == HARD else "")
            mark = "▶ " if p == self.to_act else ""
            parts.append(f"{mark}{seat_name(p)} ({who})")
        return " · ".join(parts)

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
            go = widgets.Button(description=f"Play this {word} move", button_style="success",
                                layout=widgets.Layout(width="auto"))
            go.add_class("kl-play-move")
            go.on_click(lambda _b, pick=pick: self._play_clicked(pick.value))
            self.move_menus.append(pick)
            rows.append(widgets.HBox([label, pick, go], layout=wrap))
        return rows

    def render(self) -> None:
        """Redraw every part of the widget from the state."""
        st = self.state
        title = escape(self.info.title)
        self.header.value = (f"<div style='font-size:110%'><b>{title}</b>, seed {self.seed} — "
                             f"{escape(self._seat_line())}</div>")
        for row in self._action_widgets:
            for w in getattr(row, "children", ()):
                w.close()
            row.close()
        self._action_widgets = self._action_controls()
        self.actions.children = self._action_widgets
        self.cover.layout.display = "flex" if self.covered else "none"
        self.result.value = result_html(st) if st.is_over else ""
        lines = "".join(f"<li>{escape(t)}</li>" for t in self.lines)
        if st.is_over:
            viewer = None
            self.since.value = ""
        elif self.covered:
            viewer = None
            who = seat_name(self.to_act)
            self.cover_text.value = (f"<div style='font-size:140%;padding:12px;background:#FDEBD0;border-radius:6px'>"
                                     f"Pass the screen to <b>{who}</b>. {who}: click below when the others "
                                     f"cannot see the screen.</div>")
            self.reveal_button.description = f"I am {who}: show my hand"
            self.since.value = ""
        else:
            viewer = self.viewer
            head = f"<b>{seat_name(viewer)}, your turn.</b>"
            # a short scrolling list, so the moves on offer stay on the first screen
            box = "margin:2px 0;max-height:120px;overflow-y:auto"
            self.since.value = (f"<div>{head} Since your last move:<ol style='{box}'>{lines}</ol></div>"
                                if lines else f"<div>{head}</div>")
        self.undo_button.layout.display = "inline-flex" if self.can_undo else "none"
        self.undo_button.description = ("↶ Undo my last move" if not self.covered or self.last_human is None
                                        else f"↶ {seat_name(self.last_human)}: undo my last move")
        self.message.value = escape(self.message_text or self.undo_reason)
        self.message_text = ""
        from .widgets import show_in

        if self.covered:               # the cover hides the table too, until the next person clicks
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
            show_in(self.picture, drawn)
        self._draw_log()

    def _draw_log(self) -> None:
        st = self.state
        self.log.value = ("<details><summary><b>The whole log</b></summary>"
                          "<ol style='max-height:260px;overflow-y:auto;margin:0'>"
                          + "".join(f"<li>{escape(t)}</li>" for t in st.log_for(self._log_reader()))
                          + "</ol></details>")

    def _log_reader(self) -> int | None:
        """Whose log the table shows: the person at the screen, else what a spectator may read."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if len(self.humans) == 1 else None

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def play_widget(game: str, seats: Sequence[str] | None = None, seed: int = 0, players: int | None = None,
                search_budget: int | float | None = None, move_helper: Callable | None | str = "auto",
                **variants) -> PlayTable:
    """A whole game at one screen (display it by making it a cell's last value).

    ``seats``: ``"human"`` or a bot name for each seat (e.g. ``["human", "human", "cautious"]``);
    ``"ismcts"`` seats the hard opponent, the search bot every game has
    (``play_widget(game, seats=["human", "ismcts"])``); :func:`seat_choices` lists what a seat may
    be. ``None`` seats two people and the game's default bot in a third seat. ``search_budget``
    (simulations per move, or seconds as a float) overrides the hard opponent's tuned budget.
    ``move_helper``: ``"auto"`` offers the game's registered move helper (:data:`MOVE_HELPERS`: a meal
    builder, a plan chooser...), ``None`` the plain move buttons only. ``variants`` are the game's options.
    """
    return PlayTable(game, seats, seed, players, search_budget, move_helper, **variants)


__all__ = ["HARD", "HUMAN", "MOVE_HELPERS", "PlayTable", "move_helper_for", "register_move_helper", "default_bot", "frame_of", "move_groups", "picture", "play_widget", "records_html",
           "renderer_for", "resolve_seats", "result_html", "rows_html", "seat_bot", "seat_choices", "seat_name", "view_html"]
