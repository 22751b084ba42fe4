"""Projector pages: a game shown to a class, in large type, the public view only.

>>> page = classroom_page("tem_purr_a", players=4, seed=27)      # doctest: +SKIP
>>> page                                                          # doctest: +SKIP

* :func:`projector_style` — the page's large type (put it in the first cell);
* :class:`ProjectorPage` — the page itself, what :func:`classroom_page` makes: a "rules" link and
  tabs in the order a lesson takes them — the round stepper (:class:`ClassroomPage`), a game to
  play at the projector (:class:`PlayPanel`), the quiz read out one question at a time
  (:class:`ProjectorQuiz`), then the game's calculator and what-if widget. Only the stepper is
  built with the page; every other tab is built the first time it is opened, so the page starts fast;
* :class:`ClassroomPage` — the setup for a chosen player count and seed, and a round stepper with
  a few sentences under the picture that say where things stand (:func:`state_sentences`). Every
  picture is the **public** view (``view(None)``: what a spectator sees, no hidden hand) unless
  the teacher ticks "show all hands";
* :class:`QuizWidget` — a seeded quiz for a pupil, one question at a time, marked at once;
* :func:`projector_glossary` — the game's Spanish–English words in large type;
* :func:`scoring_calculator` and :func:`what_if_slider` — the game's scoring calculator and what-if
  widget, which its ``GameInfo`` names (``calculator=`` and ``what_if=``, ``"module:function"`` hooks
  of functions returning the widget object; the kit's games keep them in
  ``kitchenlab/<game>/classroom.py``, with ``describe=``, the sentences on a public view). A game
  without one gets a clear error (and its page no such tab). To write them:
  :class:`SliderWhatIf` (a slider and the answer under it), :func:`large_type` (the page's type
  size for a widget made elsewhere) and :class:`kitchenlab.display.ShowsWidget` (a cell's last
  value shows the object's ``widget``).

The pictures come from the game's renderer (``GameInfo.renderer``) called with ``None`` (public)
or :data:`kitchenlab.play.TABLE` (all hands); a game without a renderer shows its view as a table.
This module imports ipywidgets; ``kitchenlab present GAME`` serves a game's page with Voila.
"""

from __future__ import annotations

import secrets
from html import escape

import ipywidgets as widgets

from . import available_games, game_info, new_game
from .display import ShowsWidget
from .errors import KitchenlabError
from .glossary import glossary_rows, header_names
from .i18n import N_, _
from .play import TABLE, round_frames
from .quiz import default_bot
from .session import HUMAN, seat_name
from .table import fit_style, play_widget, renderer_for, view_html
from .widgets import TABLE_VIEW, EventStepper, language_toggle, rules_href

#: Large type for a projector (applies to the page's widgets and text), and a compact title so
#: that the title, the stepper and the table's picture share the first screen at 1280×720.
PROJECTOR_CSS = """<style>
.kl-projector, .kl-projector .widget-label, .kl-projector .widget-html-content, .kl-projector button,
.kl-projector select, .kl-projector input, .kl-projector .widget-readout, .kl-projector label,
.kl-projector .lm-TabBar-tabLabel, .kl-projector .p-TabBar-tabLabel
{ font-size: 20px !important; }
.kl-projector input[type=checkbox] { width: 22px; height: 22px; }
.kl-projector button { height: auto !important; padding: 4px 14px !important; }
.kl-projector .widget-label { width: auto !important; min-width: 5em; }
.kl-projector .kl-event { font-size: 24px !important; }
.kl-projector .lm-TabBar-tab, .kl-projector .p-TabBar-tab { min-width: 7em; flex: 0 0 auto !important; }
.kl-projector .kl-question, .kl-projector .kl-quiz-choices, .kl-projector .kl-answer { font-size: 26px !important; }
.kl-glossary td, .kl-glossary th { font-size: 20px !important; padding: 4px 16px !important; }
.jp-RenderedMarkdown, #rendered_cells .jp-RenderedHTMLCommon { font-size: 20px; }
#rendered_cells h1, .jp-RenderedMarkdown h1 { font-size: 32px; margin: 0 0 4px 0 !important; }
.kl-projector-page { position: relative; }
.kl-projector-page > .kl-rules-box { position: absolute; top: 2px; right: 12px; z-index: 2; }
</style>"""


#: the most a projector page's picture may take of the screen's height: what the title, the tabs,
#: the stepper's buttons and a two-line event over it leave (CSS)
PICTURE_ROOM = "calc(100vh - 290px)"
#: the smallest share of its own height a projector page's picture is drawn at to fit that room
SMALLEST = 0.76


def untitled(picture):
    """A drawn board (:func:`kitchenlab.charts.board_layout`) without its title, the room the title
    took given back (the drawing keeps its size); any other picture as it is."""
    if type(picture).__name__ != "Figure" or not picture.layout.title.text or picture.layout.yaxis.scaleanchor != "x":
        return picture
    top = picture.layout.margin.t if picture.layout.margin.t is not None else 80
    saved = max(0, top - 12)
    picture.update_layout(title_text=None, margin_t=top - saved, height=picture.layout.height - saved)
    return picture


def projector_style():
    """An HTML widget carrying the large-type style sheet (show it in the page's first cell)."""
    return widgets.HTML(PROJECTOR_CSS)


def large_type(widget):
    """Give ``widget`` the projector's large type (the CSS class ``kl-projector``); returns it."""
    widget.add_class("kl-projector")
    return widget


def rules_path(game: str) -> str | None:
    """Where a projector page finds the game's how-to-play notebook (see
    :func:`kitchenlab.widgets.rules_href`).

    >>> rules_path("chefs")
    '../chefs/00_how_to_play.ipynb'
    """
    return rules_href(game)


def rules_link(game: str) -> str:
    """The "rules" link of a projector page: the game's how-to-play notebook, in a new tab (for a
    game without one, the command that prints its rules)."""
    if rules_path(game) is None:
        return ("<span class='kl-rules'>" + escape(_("Rules:")) + f" <code>kitchenlab rules {escape(game)}</code></span>")
    return (f"<a class='kl-rules' href='{escape(rules_path(game))}' target='_blank' "
            "style='font-weight:bold'>" + escape(_("Rules: how to play {game}").format(game=game_info(game).title))
            + "</a>")


def state_sentences(game: str, view: dict, settled: bool = True) -> list[str]:
    """Where things stand, in plain words, from a public view: the round and whose turn it is,
    then the game's own sentences (its ``GameInfo.describe``). ``settled`` is False for a moment
    inside an action, which is no one's turn.

    >>> state_sentences("tem_purr_a", new_game("tem_purr_a", players=3, seed=1).view(None))[:2]
    ['Round 1: Player 1 is to play.', 'The stack is empty.']
    """
    said = []
    if view.get("over") and settled:
        said.append("The game is over.")
    else:
        where = f"Round {view['round']}" if view.get("round") is not None else ""
        who = f"{seat_name(view['to_act'])} is to play" if view.get("to_act") is not None and settled else ""
        if where or who:
            said.append(f"{where}{': ' if where and who else ''}{who}.")
    describe = game_info(game).hook("describe")
    if describe is not None:
        said += describe(view)
    return said


def sentences_html(sentences: list[str]) -> str:
    """Sentences as one short paragraph."""
    return f"<div style='line-height:1.45;margin:4px 0'>{escape(' '.join(sentences))}</div>"


class HtmlPicture:
    """HTML that IPython shows as it is (a picture for a game without a renderer); ``value`` is the
    HTML and ``text`` what a plain-text display shows."""

    def __init__(self, value: str, text: str = "(a view of the game)") -> None:
        self.value, self.text = value, text

    def _repr_html_(self) -> str:
        return self.value

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/html": self.value, "text/plain": self.text}


def projected(picture):
    """A Plotly figure with every text at least 14 px (:func:`kitchenlab.charts.projector_layout`);
    any other picture as it is."""
    if type(picture).__name__ == "Figure" and hasattr(picture, "layout"):
        from .charts import projector_layout
        return projector_layout(picture)
    return picture


def public_picture(frame, show_all: bool = False):
    """A frame as the class sees it: the public view, or every hand with ``show_all``."""
    render = renderer_for(frame.state.game)
    if render is not None:
        return projected(render(frame, TABLE if show_all else None))
    if show_all:
        parts = [f"<h4 style='margin:6px 0 2px'>Player {p + 1}</h4>" + view_html(frame.view(p), "120%")
                 for p in range(frame.state.players)]
        return HtmlPicture("".join(parts))
    return HtmlPicture(view_html(frame.view(None), "120%"))


class ClassroomPage(ShowsWidget):
    """Set up a game for ``players`` with ``seed`` and step through its first round, public view.

    Top row: the player-count dropdown (CSS class ``kl-players``) and the seed box (``kl-seed``),
    which deal again, and the "show all hands" box (``kl-show-all``), which reveals every hand.
    Then the stepper (:class:`kitchenlab.widgets.EventStepper`: Next button ``kl-step``, event
    text ``kl-event``, picture ``kl-picture``), and under the picture where things stand in a few
    sentences (``kl-state``, redrawn at every step) and the setup in words, folded (``kl-setup``).

    The seed and the public moves rebuild every hidden card, so the page names the seed, and shows
    the seed box, only while "show all hands" is ticked: the public page never tells it.
    """

    def __init__(self, game: str, players: int | None = None, seed: int = 1, bots=None, round: int = 1,
                 own_toggle: bool = True) -> None:
        self.game = game
        self.info = info = game_info(game)
        self.bots = bots if bots is not None else default_bot(game)
        self.round = round
        n = players if players is not None else info.default_players
        self.players = widgets.Dropdown(options=player_choices(game), value=n, description="Players:",
                                        layout=widgets.Layout(width="auto"))
        self.players.add_class("kl-players")
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed:",
                                           layout=widgets.Layout(width="220px"))
        self.seed.add_class("kl-seed")
        self.show_all = widgets.Checkbox(value=False, description="show all hands", indent=False,
                                         layout=widgets.Layout(width="auto"))
        self.show_all.add_class("kl-show-all")
        self.state_text = widgets.HTML()
        self.state_text.add_class("kl-state")
        self.setup = widgets.HTML()
        self.setup.add_class("kl-setup")
        self.stepper_box = widgets.VBox()
        self.stepper: EventStepper | None = None
        #: does the stepper keep its own language toggle? (a projector page draws one for the page)
        self.own_toggle = own_toggle
        self.players.observe(lambda change: self.deal(), names="value")
        self.seed.observe(lambda change: self.deal(), names="value")
        self.show_all.observe(lambda change: self.redraw(), names="value")
        self.fit = widgets.HTML()
        self._show_seed()
        self.widget = large_type(widgets.VBox([self.fit, self.stepper_box]))
        self.widget.add_class("kl-classroom")
        self.deal()

    def deal(self) -> None:
        """Deal the game for the chosen player count and seed; rebuild the setup and the stepper."""
        n, seed = self.players.value, self.seed.value
        self._start = new_game(self.game, players=n, seed=seed)
        frames = round_frames(self.game, n, seed, self.bots, round=self.round)
        self._setup_text()
        if self.stepper is not None:
            self.stepper.close()
        self.stepper = EventStepper(frames, self.render, reader=self.reader)
        self.stepper_box.children = (self._arranged(self.stepper),)

    def _arranged(self, stepper: EventStepper):
        """The stepper's own rows, rearranged so that the picture starts high on the screen: the
        page's choices on the row of its buttons, where things stand and the setup under its picture."""
        buttons = next(row for row in stepper.widget.children
                       if isinstance(row, widgets.HBox) and stepper.next in row.children)
        stepper.slider.layout.width = "220px"
        if not self.own_toggle:
            buttons.children = tuple(c for c in buttons.children if c is not stepper.language)
        buttons.children += (self.players, self.show_all, self.seed)
        buttons.layout = widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="0 12px")
        rows = list(stepper.widget.children)
        under = rows.index(stepper.picture) + 1
        stepper.widget.children = tuple(rows[:under] + [self.state_text, self.setup] + rows[under:])
        return stepper.widget

    def render(self, frame, _viewer=None):
        """The frame's picture for the class, without its title (the event text over it says the
        same), fitted to the first screen (:data:`PICTURE_ROOM`); the sentences under it follow the frame."""
        self.state_text.value = sentences_html(state_sentences(self.game, frame.view(None), frame.settled))
        picture = untitled(public_picture(frame, self.show_all.value))
        from .charts import board_aspect
        aspect = board_aspect(picture) if type(picture).__name__ == "Figure" else None
        # never smaller than SMALLEST of its own size, so its 14 px text is drawn at 10.6 px or more
        room = f"max({round(SMALLEST * picture.layout.height)}px, {PICTURE_ROOM})" if aspect else None
        self.fit.value = fit_style(".kl-classroom .kl-picture", aspect, room)
        return picture

    def reader(self):
        """Whose log the page reads out: the whole table when "show all hands" is ticked, else the public."""
        return TABLE_VIEW if self.show_all.value else None

    def _setup_text(self) -> None:
        n = self.players.value
        seed = f", seed {self.seed.value}" if self.show_all.value else ""
        start = self._start.view(None)
        said = state_sentences(self.game, start)[1:] or [f"{self.info.title} for {n}."]
        self.setup.value = (f"<details><summary><b>Setup</b>: the setup for {n} player{'s' if n != 1 else ''}"
                            f"{seed}, what everyone sees; round {self.round} played by {escape(str(self.bots))} "
                            f"bots</summary>{sentences_html(said)}</details>")

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


def player_choices(game: str) -> list[tuple[str, int]]:
    """The player counts a game offers, as a dropdown lists them ("3 players", "1 player (solo)")."""
    return [(f"{k} players" if k != 1 else "1 player (solo)", k) for k in game_info(game).players]


class PlayPanel(ShowsWidget):
    """A game for the class at the projector: how many players, how many of them people (the
    other seats are the game's default bot), and "Start a game" (``kl-start-game``), which puts
    :func:`kitchenlab.table.play_widget` under the choices. The table covers the screen whenever
    it passes from one person to the next, so each person's hand is seen by that person only.

    ``seed`` (for tests and demonstrations) deals every game the same; by default each game is new.
    """

    def __init__(self, game: str, seed: int | None = None) -> None:
        self.game, self.fixed_seed = game, seed
        info = game_info(game)
        self.bot = default_bot(game)
        self.players = widgets.Dropdown(options=player_choices(game), value=info.default_players,
                                        description="Players:", layout=widgets.Layout(width="auto"))
        self.players.add_class("kl-play-players")
        self.people = widgets.Dropdown(description="People:", layout=widgets.Layout(width="auto"))
        self.people.add_class("kl-play-people")
        self.start = widgets.Button(description="Start a game ▶", button_style="success",
                                    layout=widgets.Layout(width="auto"))
        self.start.add_class("kl-start-game")
        self.start.on_click(lambda _b: self.new_table())
        self.players.observe(lambda change: self._people_choices(), names="value")
        self._people_choices()
        self.note = widgets.HTML()
        self.table_box = widgets.VBox()
        self.table = None
        row = widgets.HBox([self.players, self.people, self.start],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="0 24px"))
        self.widget = large_type(widgets.VBox([row, self.note, self.table_box]))
        self.widget.add_class("kl-play-panel")
        self.note.value = self._note()

    def _people_choices(self) -> None:
        n = self.players.value
        self.people.options = [(f"{k} at the projector" if k else f"none: {n} bots", k) for k in range(n, -1, -1)]
        self.people.value = n

    def seats(self) -> list[str]:
        """The seats of the next game: the people first, then the bots."""
        people, n = self.people.value, self.players.value
        return [HUMAN] * people + [self.bot] * (n - people)

    def _note(self) -> str:
        return (f"<div style='color:#444'>People take the first seats, {escape(self.bot)} bots the rest. "
                "Between two people the screen is covered: pass it on, and the next person clicks to see "
                "their hand.</div>")

    def new_table(self):
        """Start a game with the chosen seats (a new deal unless the panel has a fixed seed)."""
        seed = self.fixed_seed if self.fixed_seed is not None else secrets.randbelow(10**9)
        if self.table is not None:
            self.table.widget.close()
        self.table = play_widget(self.game, seats=self.seats(), seed=seed, players=self.players.value)
        self.table_box.children = (self.table.widget,)
        return self.table


def classroom_page(game: str, players: int | None = None, seed: int = 1, bots=None) -> ProjectorPage:
    """The projector page (display it by making it a cell's last value)."""
    return ProjectorPage(game, players, seed, bots)


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
        self.question.value = question_html(q, self.index, len(self.questions))
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


def projector_quiz(game: str, seed: int = 1, n: int = 8) -> "ProjectorQuiz":
    """The projector page's quiz, dressed by the game's ``quiz_view`` hook where it has one."""
    quiz = ProjectorQuiz(game, seed, n)
    view = game_info(game).hook("quiz_view")
    return view(quiz) if view else quiz


class ProjectorQuiz(ShowsWidget):
    """The quiz read out to a class: one question at a time in large type, the choices lettered
    (``kl-quiz-choices``), the answer and why hidden until the teacher clicks "Show the answer"
    (``kl-show-answer``; the answer shows in ``kl-answer``), then "Next ▶" and "◀ Back"
    (``kl-quiz-next``, ``kl-quiz-back``). The seed box (``kl-quiz-seed``) makes the quiz: the class
    seed gives the quiz the pupils' notebooks give for it. Questions come from
    :func:`kitchenlab.quiz.questions`.
    """

    LETTERS = "ABCDEFGHIJ"

    def __init__(self, game: str, seed: int = 1, n: int = 8) -> None:
        self.game, self.n = game, n
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Quiz seed:",
                                           layout=widgets.Layout(width="260px"))
        self.seed.add_class("kl-quiz-seed")
        self.seed.observe(lambda change: self.start(change["new"]), names="value")
        self.question = widgets.HTML()
        self.question.add_class("kl-question")
        self.choices = widgets.HTML()
        self.choices.add_class("kl-quiz-choices")
        self.answer = widgets.HTML()
        self.answer.add_class("kl-answer")
        self.show_answer = widgets.Button(description="Show the answer", button_style="warning",
                                          layout=widgets.Layout(width="auto"))
        self.show_answer.add_class("kl-show-answer")
        self.show_answer.on_click(lambda _b: self.reveal())
        self.back = widgets.Button(description="◀ Back", layout=widgets.Layout(width="auto"))
        self.back.add_class("kl-quiz-back")
        self.back.on_click(lambda _b: self.go(self.index - 1))
        self.next = widgets.Button(description="Next ▶", button_style="primary", layout=widgets.Layout(width="auto"))
        self.next.add_class("kl-quiz-next")
        self.next.on_click(lambda _b: self.go(self.index + 1))
        buttons = widgets.HBox([self.back, self.show_answer, self.next], layout=widgets.Layout(grid_gap="0 16px"))
        self.widget = large_type(widgets.VBox([self.seed, self.question, self.choices, buttons, self.answer]))
        self.widget.add_class("kl-projector-quiz")
        self.start(seed)

    def start(self, seed: int) -> None:
        """The quiz of ``seed``, from its first question."""
        from .quiz import questions

        self.questions = questions(self.game, seed=seed, n=self.n)
        self.go(0)

    @property
    def current(self):
        return self.questions[self.index]

    def go(self, index: int) -> None:
        """Show question ``index`` (clamped to the quiz), its answer hidden."""
        self.index = max(0, min(index, len(self.questions) - 1))
        self.revealed = False
        q = self.current
        self.question.value = question_html(q, self.index, len(self.questions))
        self.choices.value = "".join(f"<div style='margin:4px 0 4px 1em'><b>{self.LETTERS[i]}.</b> {escape(c)}</div>"
                                     for i, c in enumerate(q.choices))
        self.answer.value = ""
        self.show_answer.disabled = False
        self.back.disabled = self.index == 0
        self.next.disabled = self.index == len(self.questions) - 1

    def reveal(self) -> None:
        """Show the current question's answer and why."""
        q = self.current
        self.revealed = True
        letter = self.LETTERS[q.choices.index(q.answer)]
        self.answer.value = (f"<div style='margin:8px 0;padding:8px 12px;background:#E8F6EF;border-radius:6px'>"
                             f"The answer: <b>{letter}. {escape(q.answer)}</b><br>{escape(q.explanation)}</div>")
        self.show_answer.disabled = True


def question_html(q, index: int, total: int) -> str:
    """A question's heading, prompt and ⚠ note (``kl-assumed``) — never its answer."""
    note = f"<div class='kl-assumed' style='margin-top:4px'>{escape(q.note)}</div>" if q.note else ""
    return (f"<div style='margin:8px 0'><b>Question {index + 1} of {total}</b> ({escape(q.kind)})<br>"
            f"{escape(q.prompt)}{note}</div>")


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


# ---------------------------------------------------------------- the page


def projector_glossary(game: str, terms=None) -> HtmlPicture:
    """The game's Spanish–English words (``terms``: English terms, in that order; all by default)
    as a large-type table (``kl-glossary``) for the projector.

    >>> print(projector_glossary("tem_purr_a", ["stack", "deck"]).text)
    pila — stack (the cards served in the middle of the table)
    mazo / baraja — deck (face-down cards to draw from)
    """
    rows = glossary_rows(game, terms)
    cell = "style='text-align:left;border-bottom:1px solid #ccc;vertical-align:top'"
    body = "".join(f"<tr><td {cell}>{escape(t.spanish)}</td><td {cell}><b>{escape(t.english)}</b></td>"
                   f"<td {cell}>{escape(t.shown_note)}</td></tr>" for t in rows)
    head = "".join(f"<th {cell}>{escape(name)}</th>" for name in header_names())
    html = (f"<table class='kl-glossary' style='border-collapse:collapse;font-size:20px'><thead><tr>{head}</tr>"
            f"</thead><tbody>{body}</tbody></table>")
    return HtmlPicture(html, "\n".join(f"{t.spanish} — {t.english}" + (f" ({t.shown_note})" if t.note else "")
                                       for t in rows))


class ProjectorPage(ShowsWidget):
    """A game's projector page: a "rules" link (``kl-rules``) over tabs (``kl-projector-tabs``) in
    lesson order — "Round" (the :class:`ClassroomPage` stepper), "Play" (:class:`PlayPanel`),
    "Quiz" (:class:`ProjectorQuiz`), then "Calculator" and "What if?" where the game's ``GameInfo``
    names them; the quiz starts from ``quiz_seed`` (the class's quiz seed, not the deal's, which the
    public page never tells). Only the round is built with the page; a tab is built the first time it is opened
    (:meth:`open`), so the page starts fast. ``stepper``, ``players``, ``seed``, ``show_all``, ``setup`` and
    ``event_text`` are the round tab's.
    """

    def __init__(self, game: str, players: int | None = None, seed: int = 1, bots=None, quiz_seed: int = 1) -> None:
        self.game = game
        info = game_info(game)
        self.round = ClassroomPage(game, players, seed, bots, own_toggle=False)
        makers = {N_("Round"): lambda: self.round, N_("Play"): lambda: PlayPanel(game),
                  N_("Quiz"): lambda: projector_quiz(game, quiz_seed)}
        if info.calculator:
            makers[N_("Calculator")] = lambda: scoring_calculator(game)
        if info.what_if:
            makers[N_("What if?")] = lambda: what_if_slider(game)
        self.makers = makers
        #: the tools built so far, by tab title
        self.tools: dict = {"Round": self.round}
        self.tabs = widgets.Tab(children=[self.round.widget] + [widgets.VBox() for _ in list(makers)[1:]])
        self.tabs.titles = tuple(_(t) for t in makers)
        self.tabs.add_class("kl-projector-tabs")
        self.tabs.observe(lambda change: self.open(list(self.makers)[change["new"]]), names="selected_index")
        # the rules link and the language toggle, drawn at the right end of the row of tab titles (the
        # round stepper's toggle moves up here, so the stepper's buttons keep to one row)
        self.link = widgets.HTML(rules_link(game))
        toggle = self.language = language_toggle(self.retell)
        box = widgets.HBox([self.link, toggle], layout=widgets.Layout(align_items="center"))
        box.add_class("kl-rules-box")
        self.widget = large_type(widgets.VBox([box, self.tabs]))
        self.widget.add_class("kl-projector-page")

    @property
    def titles(self) -> tuple[str, ...]:
        return tuple(self.makers)

    def retell(self) -> None:
        """Write the page's texts (tab titles, the rules link, the round's stepper) in the current
        language (what its language toggle does)."""
        self.tabs.titles = tuple(_(t) for t in self.makers)
        self.link.value = rules_link(self.game)
        self.round.stepper.retell()

    def open(self, title: str):
        """Show the tab ``title`` ("Round", "Play", "Quiz", "Calculator", "What if?"), building it on
        first use; returns its tool (the :class:`PlayPanel`, the :class:`ProjectorQuiz`, ...)."""
        if title not in self.makers:
            raise KitchenlabError(f"{game_info(self.game).title}'s page has no {title!r} tab; "
                                  f"tabs: {', '.join(self.makers)}")
        i = list(self.makers).index(title)
        if title not in self.tools:
            tool = self.tools[title] = self.makers[title]()
            self.tabs.children = self.tabs.children[:i] + (tool.widget,) + self.tabs.children[i + 1:]
        if self.tabs.selected_index != i:
            self.tabs.selected_index = i
        return self.tools[title]

    # the round tab's parts, as the page's
    stepper = property(lambda self: self.round.stepper, doc="the round's event stepper")
    players = property(lambda self: self.round.players, doc="the round's player-count dropdown")
    seed = property(lambda self: self.round.seed, doc="the round's seed box (shown with every hand only)")
    show_all = property(lambda self: self.round.show_all, doc='the round\'s "show all hands" box')
    setup = property(lambda self: self.round.setup, doc="the round's setup, in words")
    event_text = property(lambda self: self.round.event_text, doc="the event the round shows, as the class reads it")


__all__ = ["PROJECTOR_CSS", "ClassroomPage", "HtmlPicture", "PlayPanel", "ProjectorPage", "ProjectorQuiz",
           "QuizWidget", "SliderWhatIf", "classroom_page", "large_type", "player_choices", "projector_glossary",
           "projector_style", "public_picture", "question_html", "quiz_widget", "rules_link", "rules_path",
           "scoring_calculator", "sentences_html", "state_sentences", "what_if_slider"]
