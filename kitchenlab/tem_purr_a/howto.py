"""The pieces of Tem-Purr-A's five-minute "how to play": one hand-made position and its pictures.

* :func:`example_position` — a 3-player table set up by hand, where Player 1 may make every kind of
  move (serve, eat, action card, skip) and where the deck is stacked so that eating now is safe but
  the stack, one dish bigger, gives the next eater indigestion.
* :func:`first_choices` / :func:`choice_rows` — one legal move of each kind and what it does.
* :func:`choices_figure` — the turn in one picture: the hand and stack, then each move's result.
* :func:`example_game` — a seeded whole game played by the cautious bots, for "how it ends".

>>> s = example_position()
>>> [str(a) for a in first_choices(s)]
['serve 4', 'eat 10', 'play +1', 'skip with two 3s']
>>> [row["worth after"] for row in choice_rows(s)]
[14, 0, 11, 3]
>>> str(s.eat_risk()), str(s.apply("serve 4").eat_risk())
('1/5', '7/25')
"""

from __future__ import annotations

from .rules import Kind, card_name, player_name

#: The cards of the example, bottom of the deck first (the top card is the LAST one): 50 cards, the
#: indigestion card 12th from the top, so eating 10 is safe and eating 14 is not.
_DECK_BOTTOM = [2, 3, 4, 5, 6, 7, "+1", 2, 3, 4, 5, 6, 7, "reverse", 2, 3, 4, 5, 6, 7, "choose next", 2, 3,
                4, 5, 6, 7, "+1", 2, 3, 4, 5, 6, 7, 5, 6, 7, 2]
_DECK_TOP = [6, 5, 3, 7, 2, 4, "+1", 6, 3, 7, 5]            # the 11 cards above the indigestion card
EXAMPLE = {
    "hands": [[4, 3, 3, "+1", 6], [5, 2, "reverse", 7], [6, 6, 2, "choose next", 5]],
    "stack": [2, 4, 4],
    "deck": _DECK_BOTTOM + ["indigestion"] + _DECK_TOP,
}

#: the order in which the choices of a turn are shown
KIND_ORDER = (Kind.SERVE, Kind.EAT, Kind.PLAY, Kind.SKIP)


def example_position(seed: int = 0):
    """The hand-made 3-player position of the how-to: Player 1 to act on a stack of 2, 4, 4.

    >>> s = example_position()
    >>> s.stack_total, s.top_dish, len(s.deck), s.deck_indigestion
    (10, 4, 50, 1)
    """
    from . import from_position

    return from_position(3, seed=seed, position=EXAMPLE)


def first_choices(state) -> list:
    """The first legal action of each kind (serve, eat, action card, skip) that the state allows."""
    out = []
    for kind in KIND_ORDER:
        found = next((a for a in state.legal_actions() if a.kind == kind), None)
        if found is not None:
            out.append(found)
    return out


def _stack_text(state) -> str:
    return ", ".join(card_name(c) for c in state.stack) if state.stack else "no stack"


def choice_rows(state) -> list[dict]:
    """One row per move of :func:`first_choices`: the move, what the log says, the stack after, its
    worth and who acts next."""
    rows = []
    for action in first_choices(state):
        after = state.apply(action)
        said = " ".join(after.log[len(state.log):])
        rows.append({"move": str(action), "what happens": said, "stack after": _stack_text(after),
                     "worth after": after.stack_total,
                     "next to act": player_name(after.current_player) if not after.is_over else "nobody"})
    return rows


def _result_cards(state, action) -> tuple[list[int], str]:
    """The cards to draw for a move's result (the new stack, or the cards an eat drew) and a caption."""
    after = state.apply(action)
    nxt = player_name(after.current_player)
    if action.kind == Kind.EAT:
        drawn = [c for c in after.hand(state.current_player)]
        for c in state.hand(state.current_player):
            drawn.remove(c)
        return drawn, (f"draws {len(drawn)} cards: no indigestion,<br>so they join the hand; "
                       f"{nxt} starts<br>a new stack")
    if action.kind == Kind.SKIP:
        return list(after.stack), f"old stack discarded; {nxt} faces<br>a new stack worth {after.stack_total}"
    return list(after.stack), f"the stack is worth {after.stack_total};<br>{nxt} faces it"


def choices_figure(state, title: str | None = None):
    """A turn in one picture: the player's hand and the stack, then one row per kind of move with
    the cards that result (the new stack, or what an eat draws) and what happens next. The card that
    came from the hand has a thick red border.

    >>> fig = choices_figure(example_position())
    >>> [t for t in fig.data[1].text if t.startswith("<b>")]
    ['<b>serve 4</b>', '<b>eat 10</b>', '<b>play +1</b>', '<b>skip with two 3s</b>']
    """
    import plotly.graph_objects as go

    from ..charts import Canvas, board_layout
    from .figures import BORDER, CARD_COLORS, card_label

    w, h = 0.8, 1.15
    c = Canvas()
    NEW = "#C0392B"

    def draw(x0, y, cards, step, name, new=None):
        for i, card in enumerate(cards):
            x = x0 + i * step
            fresh = new is not None and i >= len(cards) - new
            c.rect(x, y, x + w, y + h, name, fill=CARD_COLORS[card], line=NEW if fresh else BORDER,
                   width=3 if fresh else 1.2)
            label = card_label(card)
            c.write(x + 0.2 + 0.08 * (len(label) - 1), y + h - 0.25, label, size=13,
                    color="#FFFFFF" if card == 7 else "#222222")
            c.hoverpoint(x + w / 2, y + h / 2, card_name(card))

    p = state.current_player
    y = 0.0
    c.write(1.9, y + 0.75, f"{player_name(p)} holds", size=14)
    draw(3.6, y, state.hand(p), 0.9, "hand")
    c.write(10.6, y + 0.75, "the stack", size=14)
    draw(11.9, y, list(state.stack), 0.62, "stack")
    c.write(15.7, y + 0.55, f"worth {state.stack_total}<br>top dish {state.top_dish}", size=14)
    c.line(0.1, y - 0.35, 19.9, y - 0.35, "rule", color="#BBBBBB")
    for k, action in enumerate(first_choices(state), start=1):
        y = -1.6 * k
        cards, caption = _result_cards(state, action)
        c.write(1.9, y + 0.55, f"<b>{action}</b>", size=14)
        new = 0 if action.kind == Kind.EAT else 1     # the card that came from the hand
        draw(3.6, y, cards, 0.62 if len(cards) > 5 else 0.9, f"result {action.kind}", new=new)
        c.write(15.5, y + 0.55, caption, size=13)
    fig = go.Figure(data=c.overlay_traces("cards", 18))
    low, high = -1.6 * len(first_choices(state)) - 0.2, 1.35
    fig.update_layout(board_layout((0, 20), (low, high), margin=10, top=50, bgcolor="#FAF7F0"), shapes=c.shapes,
                      title_text=title or f"{player_name(p)}'s turn: four ways to play, and what each one does")
    return fig


def example_game(players: int = 3, seed: int = 5, bots="cautious"):
    """A whole seeded game played by bots (``kitchenlab.sim.play_game``): the final state.

    >>> final = example_game()
    >>> final.tokens, [player_name(p) for p in final.winners()]
    ((2, 3, 1), ['Player 3'])
    """
    from ..sim import play_game

    return play_game("tem_purr_a", players, seed, bots)


__all__ = ["EXAMPLE", "KIND_ORDER", "choice_rows", "choices_figure", "example_game", "example_position",
           "first_choices"]
