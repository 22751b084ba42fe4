"""Playback, written once for every game: play a seeded game with bots, and record it line by line.

Vocabulary:

* an *event* is one line of a state's log together with its :class:`~kitchenlab.engine.Event`
  (a kind and named facts);
* a *frame* is an event with the game as it stood at that very line: one action may write several
  lines (an eat that reveals an indigestion card also ends the round), and each line gets its own
  picture of the game (recorded with :meth:`GameState.apply_recorded`);
* a *viewer* is whose eyes a frame is seen through: a seat (0, 1, ...), ``None`` for the public
  view (what a spectator, or a projector in class, may see: ``state.view(None)``), or :data:`TABLE`
  for the whole table with every hidden thing shown (the teacher's view, for pictures only).

:func:`playout` plays a game the way :func:`kitchenlab.sim.play_game` does (the same seed gives the
same game), :func:`record` turns it into frames, :func:`round_frames` keeps one round. Widgets and
notebooks build on these; this module imports neither ipywidgets nor Plotly.

>>> frames = round_frames("tem_purr_a", players=3, seed=1, bots="cautious")
>>> frames[0].text
'Round 1: 3 players get 5 cards; 1 indigestion card is in the deck.'
>>> frames[1].text, frames[1].actor, frames[1].event.kind
('Player 1 starts a stack with a 7.', 0, 'start')
>>> frames[1].view(0)["hand"], frames[1].view(None)["hand"]
(['2', '2', '3', '+1'], None)
>>> {f.state.round for f in frames}
{1}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .engine import Event, GameState, Rng
from .errors import GameStalledError, OptionError

#: The viewer that sees the whole table, hidden things included (for pictures; a state's
#: ``view`` has no such seat). ``None`` is the public view, an int a seat.
TABLE = "table"


@dataclass(frozen=True)
class Frame:
    """One line of a game's log with the game as it stood at that line.

    ``number`` is the line's index in the log (from 0), ``text`` the line, ``event`` its facts,
    ``state`` the game at that moment (for the last line an action wrote, the state after the
    action), ``actor`` the seat whose action wrote the line (``None`` for set-up lines) and
    ``action`` that action. ``settled`` is False for a moment inside an action (a line that
    another line of the same action follows): that state shows what the line says, but it is not
    a position to move from. ``views`` holds every seat's ``view(seat)`` and then the public
    ``view(None)``; it is computed the first time it is read, and :meth:`view` computes only the
    one asked for, so recording a game stays cheap.
    """

    number: int
    text: str
    event: Event
    state: GameState
    actor: int | None = None
    action: Any = None
    settled: bool = True

    @property
    def round(self) -> int | None:
        """The round the frame's state is in (``None`` for a game without rounds)."""
        return self.state.round

    def view(self, viewer: int | None) -> dict:
        """``state.view(viewer)`` at this line (a seat, or ``None`` for the public view), kept once made."""
        viewer = self.state.check_seat(viewer)
        cache = self.__dict__.setdefault("_views", {})
        got = cache.get(viewer)
        if got is None:
            got = cache[viewer] = self.state.view(viewer)
        return got

    @property
    def views(self) -> tuple[dict, ...]:
        """Every seat's view, seat 0 first, then the public view (``views[-1]``)."""
        return tuple(self.view(p) for p in range(self.state.players)) + (self.view(None),)


# ---------------------------------------------------------------- playing


def _start(game_or_state, players, seed, variants) -> tuple[GameState, int]:
    """The first state and the seed of the bots' generator."""
    if isinstance(game_or_state, GameState):
        if players is not None or variants:
            given = ", ".join((["players"] if players is not None else []) + sorted(variants))
            raise OptionError(f"{game_or_state.game}: {given} cannot be given with a state: the state has them already")
        return game_or_state, game_or_state.seed if seed is None else seed
    from . import new_game

    seed = 0 if seed is None else seed
    return new_game(game_or_state, players=players, seed=seed, **variants), seed


def _check_seed(game: str, seed: Any) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"{game}: seed must be an int, got {seed!r}")


def _moves(start: GameState, seed: int, bots, until: Callable | None, max_steps: int | None, step: Callable):
    """Play from ``start`` with the bots, ``step(state, action)`` making each move; yields the moves'
    results. The bots draw from ``Rng(sim.bot_seed(seed))``, as in :func:`kitchenlab.sim.play_game`."""
    from . import game_info
    from .sim import bot_seed, resolve_bots

    _check_seed(start.game, seed)
    seats = resolve_bots(start.game, start.players, bots)
    limit = max_steps if max_steps is not None else game_info(start.game).max_steps
    rng = Rng(bot_seed(seed))
    state, made = start, 0
    while not state.is_over and not (until is not None and until(state)):
        if made >= limit:
            raise GameStalledError(f"{state.game}: game with seed {seed} did not end within {limit} steps")
        action = seats[state.current_player](state, rng)
        result = step(state, action)
        state = result[0]
        made += 1
        yield action, result


def playout(game_or_state, players: int | None = None, seed: int | None = None, bots=None,
            until: Callable[[GameState], bool] | None = None, max_steps: int | None = None,
            **variants) -> list[GameState]:
    """Play a game with bots and return every state visited, the first one included.

    ``game_or_state`` is a game's name (a new game is dealt with ``players``, ``seed`` and the
    variants) or a state to go on from. ``bots``: ``None`` (random), one bot name or function for
    every seat, or one per seat. The bots draw from ``Rng(kitchenlab.sim.bot_seed(seed))``, exactly
    as :func:`kitchenlab.sim.play_game` does, so the same arguments give the same game; ``seed``
    ``None`` means the state's own seed (0 for a new game). Play stops when the game is over or
    when ``until(state)`` is true for a state reached (that state is the last one returned);
    more than ``max_steps`` moves (default: the game's bound) raise ``GameStalledError``.

    >>> states = playout("tem_purr_a", players=3, seed=1, until=lambda s: s.steps == 2)
    >>> [s.steps for s in states]
    [0, 1, 2]
    """
    start, seed = _start(game_or_state, players, seed, variants)
    states = [start]
    for _action, (state,) in _moves(start, seed, bots, until, max_steps, lambda s, a: (s.apply(a),)):
        states.append(state)
    return states


# ---------------------------------------------------------------- recording


def _round_of(state: GameState) -> int:
    return 1 if state.round is None else state.round


def _check_round(game: str, round: Any) -> None:
    if isinstance(round, bool) or not isinstance(round, int) or round < 1:
        raise OptionError(f"{game}: round must be a whole number from 1, got {round!r}")


def record(game_or_state, players: int | None = None, seed: int | None = None, bots=None,
           until: Callable[[GameState], bool] | None = None, max_steps: int | None = None,
           round: int | None = None, **variants) -> list[Frame]:
    """Play a game as :func:`playout` does and return one :class:`Frame` per log line.

    The lines already in the first state's log (the set-up) show that state; every later line shows
    the game as it stood at that line. Frames align one to one with the final state's ``log`` and
    ``events`` (``frames[i].number == i``). With ``round=k`` only the frames of round ``k`` are kept:
    from the first line of round ``k`` to the last line before round ``k + 1`` (play stops there);
    a game without rounds is one round. A round that is never reached raises ``OptionError``.

    >>> frames = record("tem_purr_a", players=3, seed=1, until=lambda s: s.steps == 2)
    >>> [(f.number, f.actor) for f in frames]
    [(0, None), (1, 0), (2, 1)]
    """
    start, seed = _start(game_or_state, players, seed, variants)
    stop = until
    if round is not None:
        _check_round(start.game, round)

        def stop(state: GameState) -> bool:
            return _round_of(state) > round or (until is not None and until(state))

    frames = [Frame(i, text, event, start) for i, (text, event) in enumerate(zip(start.log, start.events))]
    state = start
    for action, (new, snaps) in _moves(start, seed, bots, stop, max_steps, GameState.apply_recorded):
        actor = state.current_player
        first = len(frames)
        lines, events = new.log, new.events
        last = len(snaps) - 1
        for j, snap in enumerate(snaps):
            k = first + j
            frames.append(Frame(k, lines[k], events[k], new if j == last else snap, actor, action, j == last))
        state = new
    if round is not None:
        kept = [f for f in frames if _round_of(f.state) == round]
        if not kept:
            raise OptionError(f"{start.game}: round {round} is never reached: the game with seed {seed} "
                              f"ends in round {_round_of(state)}")
        return kept
    return frames


def round_frames(game_or_state, players: int | None = None, seed: int | None = None, bots=None,
                 round: int = 1, **variants) -> list[Frame]:
    """The frames of one round (see :func:`record`): what a round stepper steps through.

    >>> [f.text for f in round_frames("tem_purr_a", players=3, seed=1, bots="cautious", round=2)][0][:8]
    'Round 2:'
    """
    return record(game_or_state, players, seed, bots, round=round, **variants)


__all__ = ["TABLE", "Frame", "playout", "record", "round_frames"]
