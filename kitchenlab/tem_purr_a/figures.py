"""Plotly pictures of a Tem-Purr-A table and its components.

:func:`table_figure` draws one position: the public row on top (the stack with its worth, the deck,
the discard pile, the indigestion cards set aside, the direction and the round), then one row per
player (name, indigestion tokens, hand). Drawn for a ``viewer`` it shows only what that player
may see: their own hand face up and every other hand face down (the number of cards stays visible);
drawn for the public every hand is face down. :func:`frame_figure` is the game's playback renderer
(``GameInfo.renderer``): one recorded frame, for the whole table, the public or one seat.

Every card is one rectangle shape whose ``name`` says where it lies: ``"hand 2 up"``,
``"hand 2 down"`` (face down), ``"stack"``, ``"deck"``, ``"discard"``, ``"aside"``; tokens are
circles named ``"token 2"`` (taken) and ``"slot 2"`` (still free). :func:`count_shapes` counts them.
"""

from __future__ import annotations

from collections import Counter

import plotly.graph_objects as go

from ..charts import (PLAYER_COLORS, Canvas, board_layout, key_height, key_legend, key_traces, player_color,
                      player_text_color, readable_on)
from ..i18n import N_, _
from ..errors import KitchenlabError, OptionError, SeatError
from ..play import TABLE
from .components import DISH_VALUES, load_components
from .rules import CHOOSE, INDIGESTION, PLUS_ONE, REVERSE, card_name, player_name

CARD_W, CARD_H = 0.8, 1.15
ROW_H = 1.7
HAND_X0, HAND_X1 = 3.2, 19.6
X_MAX = 20.0
WIDTH, MARGIN, TOP = 830, 8, 50  # 830 px: fits JupyterLab at 1280 px with the file browser open

CARD_COLORS = {
    2: "#FFF8D0", 3: "#FFF291", 4: "#FFC619", 5: "#F1AF73", 6: "#D08F78", 7: "#C75B4D",
    PLUS_ONE: "#B4E1D1", REVERSE: "#AEB6D9", CHOOSE: "#FCDEFF", INDIGESTION: "#82AB26",
}
BACK_COLOR = "#3E4C6D"
BORDER = "#333333"
TOKEN_COLOR = CARD_COLORS[INDIGESTION]
CARD_LABELS = {PLUS_ONE: "+1", REVERSE: "⇄", CHOOSE: "☞", INDIGESTION: "✖"}


#: what each card colour means, for the card key
_KEY_NAMES = {PLUS_ONE: N_("+1 card"), REVERSE: N_("reverse"), CHOOSE: N_("choose next"),
              INDIGESTION: N_("indigestion")}


def card_key() -> list[tuple[str, str]]:
    """The card key: ``("2 dish", colour)`` per card colour, the sign as the cards print it."""
    return [(f"{card_label(card)} {_(_KEY_NAMES.get(card, N_('dish')))}", colour) for card, colour in CARD_COLORS.items()]


def card_label(card: int) -> str:
    """The short text printed on a card: its value, or a sign for an action card."""
    return CARD_LABELS.get(card, str(card))


def _spacing(n: int, width: float, widest: float = 0.9) -> float:
    """Distance between card left edges so that ``n`` cards fit in ``width`` (they overlap if needed)."""
    if n <= 1:
        return widest
    return min(widest, (width - CARD_W) / (n - 1))


class _Canvas(Canvas):
    """The shared canvas plus cards (face up, or their backs)."""

    text_size = 13

    def card(self, x: float, y: float, card: int | None, name: str, dashed: bool = False,
             hover: str | None = None, label_left: bool = True) -> None:
        """A card with its lower-left corner at (x, y); ``card=None`` draws its back."""
        face_up = card is not None
        self.shapes.append(dict(
            type="rect", x0=x, y0=y, x1=x + CARD_W, y1=y + CARD_H, name=name, layer="below",
            fillcolor=CARD_COLORS[card] if face_up else BACK_COLOR,
            line=dict(color=BORDER if face_up else "#FFFFFF", width=1.2, dash="dash" if dashed else "solid")))
        if face_up:
            tx = x + 0.17 if label_left else x + CARD_W / 2
            self.write(tx, y + CARD_H - 0.25, card_label(card), size=13,
                       color=readable_on(CARD_COLORS[card]))
        self.hoverpoint(x + CARD_W / 2, y + CARD_H / 2,
                        hover if hover is not None else (card_name(card) if face_up else "a hidden card"))

    def circle(self, x, y, r, name, fill, line="#333333", width=1.5, dash="solid"):
        super().circle(x, y, r, name, fill, line=line, width=width, dash=dash)

    def figure(self, title: str, rows: int) -> go.Figure:
        fig = go.Figure(data=self.overlay_traces("cards", 18) + key_traces(card_key()))
        fig.update_layout(title_text=title, shapes=self.shapes, showlegend=True, legend=key_legend())
        _set_y_range(fig, -ROW_H * (rows - 1) - 0.25, ROW_H + 0.05)
        return fig


def _set_y_range(fig: go.Figure, low: float, high: float) -> None:
    """Set the y range and a height that gives y the same scale as x (so circles stay round)."""
    fig.update_layout(board_layout((0, X_MAX), (low, high), margin=MARGIN, top=TOP, bgcolor="#FAF7F0",
                                   design_width=WIDTH, bottom=MARGIN + key_height(card_key())))


def _row_y(row: int) -> float:
    """Lower edge of the cards in a row (row 0 is the public table, row p + 1 is player p)."""
    return -ROW_H * row + 0.1


def table_figure(state, viewer: int | None = None, title: str | None = None, public: bool = False) -> go.Figure:
    """The position drawn as cards. With ``viewer`` (a seat), other players' hands are face down;
    with ``public`` (and no viewer), every hand is face down."""
    if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < state.players):
        raise SeatError(f"viewer must be None or a seat 0..{state.players - 1}, got {viewer!r}")
    if public and viewer is not None:
        raise KitchenlabError("public=True draws what a spectator sees: give no viewer with it")
    c = _Canvas()

    # -- the public row ---------------------------------------------------------------------------
    y = _row_y(0)
    way = "↻ clockwise" if state.direction == 1 else "↺ counter-clockwise"
    c.write(1.45, y + 0.85, f"Round {state.round}", size=15)
    c.write(1.45, y + 0.35, way, size=13)
    stack = list(state.stack)
    step = _spacing(len(stack), 7.0, widest=0.62)
    for i, card in enumerate(stack):
        c.card(HAND_X0 + i * step, y, card, "stack")
    worth = state.stack_total
    top = state.top_dish
    if stack:
        c.write(HAND_X0 + 3.3, y + CARD_H + 0.2, f"stack: worth {worth}, top dish {top}", size=13)
    else:
        c.write(HAND_X0 + 3.3, y + 0.55, "(no stack yet)", size=13, color="#777777")

    deck_x = 11.3
    deck_bad = state.deck_indigestion
    c.card(deck_x, y, None, "deck", hover=f"deck: {len(state.deck)} cards, {deck_bad} of them indigestion")
    c.write(deck_x + CARD_W / 2, y + 0.55, str(len(state.deck)), size=14, color="#FFFFFF")
    c.write(deck_x + CARD_W / 2, y + CARD_H + 0.2, f"deck: {deck_bad} indig.", size=12)

    disc_x = 13.6
    n_disc = sum(state.discard)
    if n_disc:
        c.card(disc_x, y, None, "discard", hover=f"discard pile: {n_disc} cards")
        c.shapes[-1]["fillcolor"] = "#9AA3B5"
        c.write(disc_x + CARD_W / 2, y + 0.55, str(n_disc), size=14, color="#FFFFFF")
    c.write(disc_x + CARD_W / 2, y + CARD_H + 0.2, "discard" if n_disc else "discard: 0", size=12)

    aside_x = 16.0
    aside = state.max_indigestion - state.in_play
    if aside:
        c.card(aside_x, y, INDIGESTION, "aside", hover=f"{aside} indigestion card(s) set aside",
               label_left=False)
        c.write(aside_x + CARD_W / 2, y + 0.35, f"×{aside}", size=13, color="#FFFFFF")
    c.write(aside_x + CARD_W / 2, y + CARD_H + 0.2, "set aside", size=12)
    if state.revealed:
        c.write(18.4, y + 0.55, f"{state.revealed} ✖ revealed", size=12, color="#8A2B1E")

    # -- the players ------------------------------------------------------------------------------
    acting = state.current_player
    for p in range(state.players):
        y = _row_y(p + 1)
        color = player_color(p)
        name = player_name(p) + (" (you)" if viewer == p else "")
        if acting == p:
            c.shapes.append(dict(type="rect", x0=0.05, y0=y - 0.08, x1=X_MAX - 0.05, y1=y + CARD_H + 0.08,
                                 name="to act", fillcolor="rgba(255,230,150,0.35)",
                                 line=dict(color=color, width=2), layer="below"))
            name = "▶ " + name
        c.write(1.45, y + 0.9, name, size=14, color=player_text_color(p))
        hand = state.hand(p)
        c.write(1.45, y + 0.5, f"{len(hand)} card" + ("" if len(hand) == 1 else "s"), size=12, color="#555555")
        for t in range(state.lose_at):
            taken = t < state.tokens[p]
            c.circle(0.75 + t * 0.42, y + 0.12, 0.16, f"token {p}" if taken else f"slot {p}",
                     TOKEN_COLOR if taken else "#FFFFFF", "#4F6B22" if taken else "#AAAAAA")
        hidden = public or (viewer is not None and viewer != p)
        step = _spacing(len(hand), HAND_X1 - HAND_X0)
        for i, card in enumerate(hand):
            if hidden:
                c.card(HAND_X0 + i * step, y, None, f"hand {p} down")
            else:
                c.card(HAND_X0 + i * step, y, card, f"hand {p} up")

    if title is None:
        who = "the whole table" if viewer is None else f"what {player_name(viewer)} sees"
        who = "what a spectator sees" if public else who
        title = f"Tem-Purr-A, {state.players} players: {who}"
    return c.figure(title, state.players + 1)


def frame_figure(frame, viewer=TABLE) -> go.Figure:
    """One playback frame (:class:`kitchenlab.play.Frame`) drawn as :func:`table_figure`:
    ``viewer`` is :data:`kitchenlab.play.TABLE` (every hand face up), ``None`` (the public: every
    hand face down) or a seat (that hand face up). The title numbers the event, says whose view it
    is and, when a player faces a stack, what eating it now would risk (an exact chance anyone can
    work out from the deck)."""
    state = frame.state
    if viewer == TABLE:
        seat, public, who = None, False, "whole table"
    elif viewer is None:
        seat, public, who = None, True, "public view"
    else:
        seat, public, who = viewer, False, f"{player_name(viewer)}'s view"
    extra = ""
    if frame.settled and not state.is_over and state.phase == state.TURN:
        risk = state.eat_risk()
        extra = f" — {player_name(state.current_player)} to act, eating now risks {float(risk) * 100:.1f} %"
    return table_figure(state, seat, title=f"After event {frame.number + 1} ({who}){extra}", public=public)


def count_shapes(fig: go.Figure) -> Counter:
    """How many shapes of each name a figure holds, e.g. ``{"hand 0 up": 5, "deck": 1, ...}``."""
    return Counter(s.name for s in fig.layout.shapes)


def deal_figure(players: int, seed: int = 0, viewer: int | None = None, **variants) -> go.Figure:
    """The table right after the deal (player 1 is about to start the first stack)."""
    import kitchenlab

    state = kitchenlab.new_game("tem_purr_a", players=players, seed=seed, **variants)
    note = " (2 players: exploration only)" if players == 2 else ""
    who = "" if viewer is None else f", seen by {player_name(viewer)}"
    return table_figure(state, viewer, title=f"The deal: {players} players, seed {seed}{who}{note}")


def components_figure(split: str = "even") -> go.Figure:
    """One card of each kind with how many the game holds; assumed counts have dashed borders and a *."""
    comps = load_components()
    if split not in comps.splits:
        raise OptionError(f"unknown dish split {split!r}; splits: {', '.join(comps.splits)}")
    split_assumed = comps.split_sources[split] == "A"
    c = _Canvas()
    y = 0.2
    items = [(v, comps.splits[split][v], split_assumed, f"dish {v}") for v in DISH_VALUES]
    for key, card, label in (("plus_one_cards", PLUS_ONE, "+1 dish"), ("reverse_cards", REVERSE, "reverse"),
                             ("choose_next_cards", CHOOSE, "choose next")):
        fact = comps.facts[key]
        items.append((card, fact.count, fact.assumed, label))
    fact = comps.facts["indigestion_cards"]
    items.append((INDIGESTION, fact.count, fact.assumed, "indigestion"))
    x = 0.3
    for k, (card, count, assumed, label) in enumerate(items):
        c.card(x, y, card, "component", dashed=assumed, label_left=False,
               hover=f"{label}: {count} card(s)" + (" (assumed)" if assumed else ""))
        c.write(x + CARD_W / 2, y - 0.3, f"×{count}" + ("*" if assumed else ""), size=13)
        c.write(x + CARD_W / 2, y + CARD_H + (0.22 if k % 2 == 0 else 0.62), label, size=12)
        x += 1.45
    tokens = comps.facts["indigestion_tokens"]
    c.circle(x + 0.4, y + 0.6, 0.3, "component", TOKEN_COLOR, "#4F6B22")
    c.write(x + 0.4, y - 0.3, f"×{tokens.count}" + ("*" if tokens.assumed else ""), size=13)
    c.write(x + 0.4, y + CARD_H + 0.22, "tokens", size=12)
    x += 1.45
    c.circle(x + 0.4, y + 0.6, 0.3, "component", "#FFFFFF", BORDER)
    c.write(x + 0.4, y + 0.6, "↻", size=16)
    c.write(x + 0.4, y - 0.3, "×1", size=13)
    c.write(x + 0.4, y + CARD_H + 0.62, "direction", size=12)
    start = comps.count("starting_indigestion")
    title = (f"Tem-Purr-A components (dish split {split!r}; * = assumed by the kit; "
             f"{start} indigestion card starts in the deck)")
    fig = c.figure(title, 1)
    _set_y_range(fig, -0.6, 2.3)
    return fig


__all__ = ["CARD_COLORS", "PLAYER_COLORS", "card_label", "components_figure", "count_shapes", "deal_figure",
           "frame_figure", "table_figure"]
