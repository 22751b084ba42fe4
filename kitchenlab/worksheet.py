"""The quiz on paper, next to the quiz on screen: a worksheet that follows a quiz widget's seed box.

>>> from kitchenlab.classroom import quiz_widget        # doctest: +SKIP
>>> quiz = quiz_widget("chefs", seed=1)                  # doctest: +SKIP
>>> worksheet_panel(quiz)                                # doctest: +SKIP

The pupils' notebook shows the questions and their choices only. The answer key is the teacher's:
``kitchenlab quiz GAME --seed S --key`` or ``notebooks/teacher/answer_keys.ipynb``.
This module imports ipywidgets.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from . import game_info
from .display import ShowsWidget
from .i18n import _
from .quiz import worksheet


class WorksheetPanel(ShowsWidget):
    """The worksheet (questions and lettered choices, no answers) of the quiz a
    :class:`kitchenlab.classroom.QuizWidget` asks: it is drawn from the quiz's seed box again each
    time "New quiz" is clicked, so the screen and the paper always carry the same questions."""

    def __init__(self, quiz) -> None:
        self.quiz = quiz
        self.text = widgets.HTML()
        self.text.add_class("kl-worksheet")
        self.widget = widgets.VBox([self.text])
        quiz.new.on_click(lambda _b: self.update())   # runs after the quiz has started its new round
        self.update()

    @property
    def seed(self) -> int:
        return self.quiz.seed.value

    def sheet(self) -> str:
        """The worksheet as plain text, for the seed in the quiz's box."""
        return worksheet(self.quiz.game, seed=self.seed, n=self.quiz.n)

    def update(self) -> None:
        title = game_info(self.quiz.game).title
        heading = _("{game} quiz, seed {seed}: the worksheet").format(game=title, seed=self.seed)
        self.text.value = (f"<div><b>{escape(heading)}</b></div>"
                           f"<pre style='white-space:pre-wrap'>{escape(self.sheet())}</pre>")


def worksheet_panel(quiz) -> WorksheetPanel:
    """The worksheet of ``quiz`` (a quiz widget), following its seed box."""
    return WorksheetPanel(quiz)


__all__ = ["WorksheetPanel", "worksheet_panel"]
