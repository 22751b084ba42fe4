"""Tem-Purr-A widgets for the notebooks: a risk calculator and a deal explorer.

>>> calculator = risk_calculator(n=60, d=1, k=6, chart=False)
>>> calculator.value, risk_text(60, 1, 6)
(Fraction(1, 10), '1/10 = 10.0 %')

Each is built by one call and shown by making it a cell's last value. The round stepper is the
shared one, :func:`kitchenlab.widgets.round_stepper` (``round_stepper`` here calls it with this
game's name and the cautious bots). They import ipywidgets and plotly; the rules never import
this module.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

import ipywidgets as widgets

from ..display import ShowsWidget
from .. import play
from ..widgets import TABLE_VIEW, EventStepper, Frame, show_in
from ..widgets import round_stepper as shared_round_stepper
from .rules import player_name
from .scoring import indigestion_chance


def round_states(players: int = 4, seed: int = 7, bots="cautious", rounds: int = 1, **variants) -> list:
    """Every state of the first ``rounds`` round(s) of a seeded game played by bots.

    The game is the one :func:`kitchenlab.sim.play_game` plays with the same arguments; the list
    starts with the deal and ends once round ``rounds + 1`` has begun (or the game is over).
    """
    def later_round(state) -> bool:
        return state.round > rounds

    return play.playout("tem_purr_a", players, seed, bots, until=later_round, **variants)


def round_frames(players: int = 4, seed: int = 7, bots="cautious", round: int = 1, **variants) -> list[Frame]:
    """One frame per logged event of round ``round`` (:func:`kitchenlab.play.round_frames`)."""
    return play.round_frames("tem_purr_a", players, seed, bots, round=round, **variants)


def round_stepper(players: int = 4, seed: int = 7, bots="cautious", round: int = 1, **variants) -> EventStepper:
    """The shared :func:`kitchenlab.widgets.round_stepper` for Tem-Purr-A, cautious bots by default."""
    return shared_round_stepper("tem_purr_a", players, seed, bots, round=round, **variants)


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f} %"


def risk_text(deck_size: int, indigestion: int, draw: int) -> str:
    """``"1/10 = 10.0 %"``: the exact chance and its percentage."""
    p = indigestion_chance(deck_size, indigestion, draw)
    return f"{p.numerator}/{p.denominator} = {_percent(p)}" if p.denominator != 1 else f"{p} = {_percent(p)}"


class RiskCalculator(ShowsWidget):
    """Sliders for the deck size ``n``, the indigestion cards in it ``d`` and the cards eaten ``k``;
    shows the exact chance of indigestion and a curve over ``k`` with the current ``k`` marked."""

    def __init__(self, n: int = 60, d: int = 1, k: int = 6, n_max: int = 90, k_max: int = 40,
                 chart: bool = True) -> None:
        style = {"description_width": "14em"}
        layout = widgets.Layout(width="520px")
        self.n = widgets.IntSlider(value=n, min=6, max=n_max, description="cards in the deck (n)",
                                   style=style, layout=layout, continuous_update=False)
        self.d = widgets.IntSlider(value=d, min=0, max=6, description="indigestion cards (d)",
                                   style=style, layout=layout, continuous_update=False)
        self.k = widgets.IntSlider(value=k, min=0, max=k_max, description="cards eaten (k)",
                                   style=style, layout=layout, continuous_update=False)
        self.result = widgets.HTML()
        self.result.add_class("kl-risk")
        self.chart = widgets.Output() if chart else None
        self.drawn = None  # the last chart drawn
        for s in (self.n, self.d, self.k):
            s.observe(lambda change: self.update(), names="value")
        parts = [self.n, self.d, self.k, self.result] + ([self.chart] if chart else [])
        self.widget = widgets.VBox(parts)
        self.widget.add_class("kl-risk-calculator")
        self.update()

    @property
    def value(self) -> Fraction:
        """The exact chance for the sliders' current values."""
        return indigestion_chance(self.n.value, self.d.value, self.k.value)

    def update(self) -> None:
        n, d, k = self.n.value, self.d.value, self.k.value
        self.result.value = (
            f"<div style='font-size:120%'>Eating <b>{k}</b> card(s) from a deck of <b>{n}</b> holding "
            f"<b>{d}</b> indigestion card(s): chance of indigestion <b>{escape(risk_text(n, d, k))}</b></div>")
        if self.chart is not None:
            self.drawn = self.figure()
            show_in(self.chart, self.drawn)

    def figure(self):
        """The exact curve for the current ``n`` and ``d`` over every ``k`` of the slider, ``k`` marked."""
        import plotly.graph_objects as go

        from ..charts import PLAYER_COLORS, probability_curves
        from .analysis import exact_curve

        n, d, k = self.n.value, self.d.value, self.k.value
        curve = exact_curve(n, d, range(0, self.k.max + 1))
        fig = probability_curves({f"d = {d}": curve}, "cards eaten (k)", "chance of indigestion",
                                 f"Deck of {n} with {d} indigestion card(s)")
        fig.add_trace(go.Scatter(x=[k], y=[float(self.value)], mode="markers", name=f"k = {k}",
                                 marker=dict(size=16, symbol="star", color=PLAYER_COLORS[1])))
        fig.update_yaxes(range=[0, 1.02], tickformat=".0%")
        fig.update_layout(height=330, width=640)
        return fig


def risk_calculator(n: int = 60, d: int = 1, k: int = 6, **kwargs) -> RiskCalculator:
    """The risk calculator widget (display it by making it a cell's last value)."""
    return RiskCalculator(n, d, k, **kwargs)


class DealExplorer(ShowsWidget):
    """The deal for a chosen player count and seed, drawn for the whole table or one player's eyes.

    The player-count dropdown offers 2..7 (2 is marked as exploration only); every change redraws
    the figure.
    """

    def __init__(self, players: int = 4, seed: int = 0, viewer: int | None = None) -> None:
        from . import PLAYERS

        options = [(f"{p} (exploration only)" if p == 2 else str(p), p) for p in PLAYERS]
        self.players = widgets.Dropdown(options=options, value=players, description="Players:")
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed:",
                                           layout=widgets.Layout(width="200px"))
        self.viewer = widgets.Dropdown(description="View:")
        self._set_viewer_options(viewer)
        self.note = widgets.HTML()
        self.drawn = None  # the last figure drawn
        self.picture = widgets.Output()
        self.picture.add_class("kl-picture")
        self.players.observe(self._players_changed, names="value")
        self.seed.observe(lambda change: self.update(), names="value")
        self.viewer.observe(lambda change: self.update(), names="value")
        self.widget = widgets.VBox([widgets.HBox([self.players, self.seed, self.viewer]), self.note, self.picture])
        self.widget.add_class("kl-deal")
        self.update()

    def _set_viewer_options(self, viewer: int | None) -> None:
        n = self.players.value
        opts = [("Table (all hands)", TABLE_VIEW)] + [(player_name(p), p) for p in range(n)]
        value = viewer if isinstance(viewer, int) and 0 <= viewer < n else TABLE_VIEW
        self.viewer.options = opts
        self.viewer.value = value

    def _players_changed(self, change) -> None:
        old = self.viewer.value
        with self.viewer.hold_trait_notifications():
            self._set_viewer_options(old)
        self.update()

    @property
    def state(self):
        import kitchenlab

        return kitchenlab.new_game("tem_purr_a", players=self.players.value, seed=self.seed.value)

    def figure(self):
        from .figures import deal_figure

        v = self.viewer.value
        return deal_figure(self.players.value, self.seed.value, None if v == TABLE_VIEW else v)

    def update(self) -> None:
        s = self.state
        census = s.card_census()
        self.note.value = (
            f"{s.players} hands of {s.hand_size}: {census['hands']} cards in hands, "
            f"{census['deck']} dish/action cards + {census['indigestion_in_deck']} indigestion card in the deck"
            + ("; <b>2 players is an exploration variant, not in the box</b>" if s.players == 2 else ""))
        self.drawn = self.figure()
        show_in(self.picture, self.drawn)


def deal_explorer(players: int = 4, seed: int = 0, viewer: int | None = None) -> DealExplorer:
    """The deal explorer widget (display it by making it a cell's last value)."""
    return DealExplorer(players, seed, viewer)
