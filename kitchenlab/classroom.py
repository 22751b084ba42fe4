"""Projector pages: a game shown to a class, in large type, the public view only.

>>> page = classroom_page("tem_purr_a", players=4, seed=27)      # doctest: +SKIP
>>> page                                                          # doctest: +SKIP

* :func:`projector_style` — the page's large type (put it in the first cell);
* :class:`ClassroomPage` — the setup for a chosen player count and seed, and a round stepper.
  Every picture is the **public** view (``view(None)``: what a spectator sees, no hidden hand)
  unless the teacher ticks "show all hands";
* :class:`QuizWidget` — a seeded quiz, one question at a time, marked at once;
* :func:`scoring_calculator` and :func:`what_if_slider` — the game's scoring calculator and what-if
  widget, which its ``GameInfo`` names (``calculator=`` and ``what_if=``, ``"module:function"`` hooks
  of functions returning the widget object; the kit's games keep them in
  ``kitchenlab/<game>/classroom.py``). A game without one gets a clear error. To write them:
  :class:`SliderWhatIf` (a slider and the answer under it), :func:`large_type` (the page's type
  size for a widget made elsewhere) and :class:`kitchenlab.display.ShowsWidget` (a cell's last
  value shows the object's ``widget``).

The pictures come from the game's renderer (``GameInfo.renderer``) called with ``None`` (public)
or :data:`kitchenlab.play.TABLE` (all hands); a game without a renderer shows its view as a table.
This module imports ipywidgets; ``kitchenlab present GAME`` serves a game's page with Voila.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from . import available_games, game_info, new_game
from .display import ShowsWidget
from .errors import KitchenlabError
from .play import TABLE, round_frames
from .quiz import default_bot
from .table import renderer_for, view_html
from .widgets import TABLE_VIEW, EventStepper

#: Large type for a projector (applies to the page's widgets and text).
PROJECTOR_CSS = """<style>
.kl-projector, .kl-projector .widget-label, .kl-projector .widget-html-content, .kl-projector button,
.kl-projector select, .kl-projector input, .kl-projector .widget-readout, .kl-projector label
{ font-size: 20px !important; }
.kl-projector input[type=checkbox] { width: 22px; height: 22px; }
.kl-projector button { height: auto !important; padding: 4px 14px !important; }
.kl-projector .widget-label { width: auto !important; min-width: 9em; }
.kl-projector .kl-event { font-size: 24px !important; }
.jp-RenderedMarkdown, #rendered_cells .jp-RenderedHTMLCommon { font-size: 20px; }
</style>"""


def projector_style():
    """An HTML widget carrying the large-type style sheet (show it in the page's first cell)."""
    return widgets.HTML(PROJECTOR_CSS)


def large_type(widget):
    """Give ``widget`` the projector's large type (the CSS class ``kl-projector``); returns it."""
    widget.add_class("kl-projector")
    return widget


def facts_html(view: dict) -> str:
    """A view's facts as compact "name: value" chips that wrap (the setup at a glance)."""
    from .table import HEADER_KEYS, _value_html

    chips = "".join(f"<span class='kl-fact' style='display:inline-block;margin:2px 18px 2px 0'>"
                    f"<b>{escape(str(k).replace('_', ' '))}</b>: {_value_html(v)}</span>"
                    for k, v in view.items() if k not in HEADER_KEYS and v is not None)
    return f"<div class='kl-facts' style='line-height:1.5'>{chips}</div>"


class HtmlPicture:
    """HTML that IPython shows as it is (a picture for a game without a renderer); ``value`` is the HTML."""

    def __init__(self, value: str) -> None:
        self.value = value

    def _repr_html_(self) -> str:
        return self.value

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/html": self.value, "text/plain": "(a view of the game)"}


def public_picture(frame, show_all: bool = False):
    """A frame as the class sees it: the public view, or every hand with ``show_all``."""
    render = renderer_for(frame.state.game)
    if render is not None:
        return render(frame, TABLE if show_all else None)
    if show_all:
        parts = [f"<h4 style='margin:6px 0 2px'>Player {p + 1}</h4>" + view_html(frame.view(p), "120%")
                 for p in range(frame.state.players)]
        return HtmlPicture("".join(parts))
    return HtmlPicture(view_html(frame.view(None), "120%"))


class ClassroomPage(ShowsWidget):
    """Set up a game for ``players`` with ``seed`` and step through its first round, public view.

    The player-count dropdown (CSS class ``kl-players``) and the seed box (``kl-seed``) deal again;
    the "show all hands" box (``kl-show-all``) reveals every hand; the stepper is
    :class:`kitchenlab.widgets.EventStepper` (Next button ``kl-step``, event text ``kl-event``).

    The seed and the public moves rebuild every hidden card, so the page names the seed, and shows
    the seed box, only while "show all hands" is ticked: the public page never tells it.
    """

    def __init__(self, game: str, players: int | None = None, seed: int = 1, bots=None, round: int = 1) -> None:
        self.game = game
        self.info = info = game_info(game)
        self.bots = bots if bots is not None else default_bot(game)
        self.round = round
        n = players if players is not None else info.default_players
        self.players = widgets.Dropdown(options=[(f"{k} players" if k != 1 else "1 player (solo)", k)
                                                 for k in info.players], value=n, description="Players:")
        self.players.add_class("kl-players")
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed:",
                                           layout=widgets.Layout(width="260px"))
        self.seed.add_class("kl-seed")
        self.show_all = widgets.Checkbox(value=False, description="show all hands", indent=False)
        self.show_all.add_class("kl-show-all")
        self.setup = widgets.HTML()
        self.setup.add_class("kl-setup")
        self.stepper_box = widgets.VBox()
        self.stepper: EventStepper | None = None
        self.players.observe(lambda change: self.deal(), names="value")
        self.seed.observe(lambda change: self.deal(), names="value")
        self.show_all.observe(lambda change: self.redraw(), names="value")
        self._show_seed()
        self.widget = large_type(widgets.VBox([widgets.HBox([self.players, self.seed, self.show_all]),
                                         self.setup, self.stepper_box]))
        self.widget.add_class("kl-classroom")
        self.deal()

    def deal(self) -> None:
        """Deal the game for the chosen player count and seed; rebuild the setup and the stepper."""
        n, seed = self.players.value, self.seed.value
        self._start = new_game(self.game, players=n, seed=seed)
        frames = round_frames(self.game, n, seed, self.bots, round=self.round)
        self._setup_text()
        if self.stepper is not None:
            self.stepper.widget.close()
        title = f"{self.info.title}, round {self.round}: {n} players, played by {self.bots} bots"
        self.stepper = EventStepper(frames, self.render, title=title, reader=self.reader)
        self.stepper_box.children = (self.stepper.widget,)

    def render(self, frame, _viewer=None):
        return public_picture(frame, self.show_all.value)

    def reader(self):
        """Whose log the page reads out: the whole table when "show all hands" is ticked, else the public."""
        return TABLE_VIEW if self.show_all.value else None

    def _setup_text(self) -> None:
        n = self.players.value
        seed = f" (seed {self.seed.value})" if self.show_all.value else ""
        self.setup.value = (f"<h3 style='margin:4px 0'>{escape(self.info.title)}: the setup for {n} "
                            f"player{'s' if n != 1 else ''}{seed}, what everyone sees</h3>"
                            f"{facts_html(self._start.view(None))}")

    def _show_seed(self) -> None:
        """The seed box shows only with every hand shown (the seed rebuilds the hidden cards)."""
        self.seed.layout.display = "" if self.show_all.value else "none"

    def redraw(self) -> None:
        self._show_seed()
        self._setup_text()
        self.stepper._show()

    @property
    def event_text(self) -> str:
        return self.stepper.event_text


def classroom_page(game: str, players: int | None = None, seed: int = 1, bots=None) -> ClassroomPage:
    """The projector page's table (display it by making it a cell's last value)."""
    return ClassroomPage(game, players, seed, bots)


# ---------------------------------------------------------------- a quiz, one question at a time


class QuizWidget(ShowsWidget):
    """A quiz from :func:`kitchenlab.quiz.questions`: one question at a time, a button per choice
    (CSS class ``kl-choice``), instant feedback with the explanation (``kl-feedback``), a running
    score (``kl-score``), "Next question" (``kl-next-question``) and a seed box with "New quiz"
    (``kl-quiz-seed``, ``kl-new-quiz``): the whole class types the same seed, gets the same quiz.
    A question whose answer rests on an assumed value shows its ⚠ note (``kl-assumed``) under the
    question; the feedback's explanation ends with it too.

    ``answer(choice)`` answers from code; ``right``/``asked`` count the score.
    """

    def __init__(self, game: str, seed: int = 1, n: int = 8) -> None:
        self.game, self.n = game, n
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Quiz seed:",
                                           layout=widgets.Layout(width="240px"))
        self.seed.add_class("kl-quiz-seed")
        self.new = widgets.Button(description="New quiz", button_style="info")
        self.new.add_class("kl-new-quiz")
        self.new.on_click(lambda _b: self.start(self.seed.value))
        self.question = widgets.HTML()
        self.question.add_class("kl-question")
        self.choices = widgets.VBox()
        self.feedback = widgets.HTML()
        self.feedback.add_class("kl-feedback")
        self.score = widgets.HTML()
        self.score.add_class("kl-score")
        self.next = widgets.Button(description="Next question ▶", button_style="primary")
        self.next.add_class("kl-next-question")
        self.next.on_click(lambda _b: self.go(self.index + 1))
        self.widget = large_type(widgets.VBox([widgets.HBox([self.seed, self.new]), self.score, self.question,
                                         self.choices, self.feedback, self.next]))
        self.widget.add_class("kl-quiz")
        self.start(seed)

    def start(self, seed: int) -> None:
        """A new quiz from ``seed``; the score starts again."""
        from .quiz import questions

        self.questions = questions(self.game, seed=seed, n=self.n)
        self.right = self.asked = 0
        self.go(0)

    @property
    def current(self):
        return self.questions[self.index]

    def go(self, index: int) -> None:
        self.index = min(index, len(self.questions) - 1)
        self.answered = None
        q = self.current
        note = f"<div class='kl-assumed' style='margin-top:4px'>{escape(q.note)}</div>" if q.note else ""
        self.question.value = (f"<div style='margin:8px 0'><b>Question {self.index + 1} of {len(self.questions)}"
                               f"</b> ({escape(q.kind)})<br>{escape(q.prompt)}{note}</div>")
        for b in self.choices.children:
            b.close()
        buttons = []
        for c in q.choices:
            b = widgets.Button(description=c, tooltip=c, layout=widgets.Layout(width="auto"))
            b.add_class("kl-choice")
            b.on_click(lambda _b, c=c: self.answer(c))
            buttons.append(b)
        self.choices.children = buttons
        self.feedback.value = ""
        self.next.disabled = True
        self._score()

    def answer(self, choice: str) -> bool:
        """Answer the current question with ``choice``; returns whether it was right."""
        if self.answered is not None:
            return self.answered == self.current.answer
        q = self.current
        if choice not in q.choices:
            raise KitchenlabError(f"{choice!r} is not a choice; choices: {', '.join(q.choices)}")
        self.answered = choice
        self.asked += 1
        ok = q.is_right(choice)
        self.right += ok
        for b in self.choices.children:
            b.disabled = True
            if b.description == q.answer:
                b.button_style = "success"
            elif b.description == choice:
                b.button_style = "danger"
        verdict = "✔ Right!" if ok else f"✘ Not quite: the answer is <b>{escape(q.answer)}</b>."
        self.feedback.value = f"<div style='margin:6px 0'>{verdict} {escape(q.explanation)}</div>"
        self.next.disabled = self.index == len(self.questions) - 1
        self._score()
        return ok

    def _score(self) -> None:
        done = " — quiz finished" if self.asked == len(self.questions) else ""
        self.score.value = f"<b>Score: {self.right} / {self.asked}</b>{done}"


def quiz_widget(game: str, seed: int = 1, n: int = 8) -> QuizWidget:
    """A quiz to answer in the notebook (display it by making it a cell's last value)."""
    return QuizWidget(game, seed, n)


# ---------------------------------------------------------------- the game's own tools


class SliderWhatIf(ShowsWidget):
    """One what-if slider and the answer under it, redrawn by ``update()`` whenever it moves (a
    game's what-if widget subclasses it and writes ``update``, filling ``self.result.value``)."""

    def __init__(self, value: int, low: int, high: int, description: str, width: str = "620px") -> None:
        self.slider = widgets.IntSlider(value=value, min=low, max=high, description=description,
                                        continuous_update=False, style={"description_width": "9em"},
                                        layout=widgets.Layout(width=width))
        self.slider.add_class("kl-what-if")
        self.result = widgets.HTML()
        self.result.add_class("kl-what-if-result")
        self.slider.observe(lambda change: self.update(), names="value")
        self.widget = large_type(widgets.VBox([self.slider, self.result]))
        self.update()

    def update(self) -> None:  # pragma: no cover - each what-if draws its own answer
        raise NotImplementedError


def _tool(game: str, hook: str, what: str):
    """The widget the game's ``hook`` function makes; a clear error if the game names none."""
    info = game_info(game)
    make = info.hook(hook)
    if make is None:
        have = [g for g in available_games() if getattr(game_info(g), hook)]
        raise KitchenlabError(f"{info.title} has no {what} for the projector (its GameInfo names no "
                              f"{hook!r}); games with one: {', '.join(have) or '(none)'}")
    return make()


def scoring_calculator(game: str):
    """The game's scoring calculator for the projector (a stack's worth, a meal's quality, ...),
    made by the function its ``GameInfo.calculator`` names."""
    return _tool(game, "calculator", "scoring calculator")


def what_if_slider(game: str):
    """The game's what-if widget for the projector (the risk as the deck changes, the stars as the
    thresholds change, ...), made by the function its ``GameInfo.what_if`` names."""
    return _tool(game, "what_if", "what-if widget")


__all__ = ["PROJECTOR_CSS", "ClassroomPage", "HtmlPicture", "QuizWidget", "SliderWhatIf", "classroom_page",
           "facts_html", "large_type", "projector_style", "public_picture", "quiz_widget", "scoring_calculator",
           "what_if_slider"]
