"""A game at one table, in plain Python: seats, turns, bots, the screen passing, undo, the result.

The play widget (:mod:`kitchenlab.table`) draws a :class:`PlaySession` and forwards clicks to it;
everything that decides what happens lives here, so it can be tested (and scripted) without
ipywidgets or Plotly.

Vocabulary:

* a *seat* is a place at the table (0, 1, ...), shown as "Player 1", "Player 2", ...; each seat is
  taken by ``"human"``, by one of the game's bots (a name from ``GameInfo.bots``), or by
  ``"ismcts"``, the **hard opponent**: the search bot every game shares (:mod:`kitchenlab.search`),
  which samples what it cannot see and never peeks (:func:`seat_choices` lists them all, easiest
  first);
* *hot seat*: the people share one screen. Each sees only their own ``view(seat)``; when the turn
  passes from one person to another the screen is *covered* until the next person says they are
  at it (:meth:`PlaySession.reveal`);
* bots move by themselves as soon as it is their turn (each is called as ``bot(state, rng)`` and
  reads only what its seat may see); the lines written since a person's last move are that
  person's :attr:`PlaySession.lines`;
* *undo* takes back one's own last move under the rule of :mod:`kitchenlab.undo`: nobody moved
  since, nothing random happened, nothing hidden was revealed. Never another player's move;
  :meth:`PlaySession.why_no_undo` says why not.

The bots draw from ``Rng(kitchenlab.sim.bot_seed(seed))``, as in ``kitchenlab.sim.play_game``: the
same seed and the same moves of the people give the same game.

>>> s = PlaySession("tem_purr_a", seats=["human", "cautious", "cautious"], seed=4)
>>> s.viewer, s.covered, s.legal
(0, False, ['start a stack with 2', 'start a stack with 3', 'start a stack with 4'])
>>> s.choose("start a stack with 2")[:2]
['Player 1 starts a stack with a 2.', 'Player 2 eats 2: draws 2 card(s).']
>>> s.to_act, s.can_undo
(0, False)
>>> s.why_no_undo()
'Player 2 (cautious bot) has moved since'
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence

from . import game_info, new_game
from .engine import Rng
from .errors import GameStalledError, KitchenlabError, OptionError, SaveFileError
from .i18n import N_, _, joined
from .quiz import default_bot
from .undo import undo_check

HUMAN = "human"
#: The hard opponent every game offers: the information-set search bot of :mod:`kitchenlab.search`.
HARD = "ismcts"
#: What a person reads after taking a move back.
TAKEN_BACK = N_("Move taken back.")
#: The undo rule in one line, said whenever a move cannot be taken back.
UNDO_RULE = N_("a move may be taken back only by its player, while nobody else has moved since "
             "and nothing random or hidden came out of it")


# ---------------------------------------------------------------- seats


def seat_name(seat: int) -> str:
    """``"Player 1"`` for seat 0 (the name every game's log uses)."""
    return _("Player {number}").format(number=seat + 1)


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


def seat_label(seat: int, taken_by: str) -> str:
    """How the table names a seat and who sits there.

    >>> seat_label(0, "human"), seat_label(2, "ismcts")
    ('Player 1 (person)', 'Player 3 (ismcts bot (hard))')
    """
    if taken_by == HUMAN:
        who = _("person")
    elif taken_by == HARD:
        who = _("{name} bot (hard)").format(name=taken_by)
    else:
        who = _("{name} bot").format(name=taken_by)
    return f"{seat_name(seat)} ({who})"


def move_groups(moves: Sequence[str]) -> dict[str, list[str]]:
    """Moves grouped by their first word (``"add"``, ``"send"``, ``"serve"``...), in the order seen.

    >>> move_groups(["serve 3", "eat 3", "serve 5"])
    {'serve': ['serve 3', 'serve 5'], 'eat': ['eat 3']}
    """
    out: dict[str, list[str]] = {}
    for m in moves:
        out.setdefault(m.split(" ", 1)[0], []).append(m)
    return out


# ---------------------------------------------------------------- the result


class Outcome(NamedTuple):
    """How a game ended: every seat's score, the winners, the game's one-line result and its own
    final breakdown (``view(None)["final"]``, ``None`` when the game has none)."""

    scores: tuple
    winners: tuple[int, ...]
    text: str
    final: Any

    @property
    def winner_names(self) -> str:
        """``"Player 1, Player 3"``, or ``"nobody"``."""
        return ", ".join(seat_name(w) for w in self.winners) or _("nobody")


def outcome(state) -> Outcome:
    """The :class:`Outcome` of a finished game."""
    return Outcome(tuple(state.scores()), tuple(sorted(set(state.winners()))), state.result_text(),
                   state.view(None).get("final"))


class EndScreen(NamedTuple):
    """What the end of a game shows: one sentence naming the winners and why, then one table
    (``columns``, and ``rows`` of the same length) with every part of every seat's score, the
    first column the player's name ("Player 1"...), the last the score itself."""

    headline: str
    columns: tuple[str, ...]
    rows: tuple[tuple, ...]


def end_screen(state) -> EndScreen:
    """The :class:`EndScreen` of a finished game: the game's own ``GameInfo.end_table`` (why the
    winners won and every score part), or, for a game without one, each seat's score.

    >>> from kitchenlab.sim import play_game
    >>> end = end_screen(play_game("diced_veggies", 2, 5, "greedy"))
    >>> end.headline
    'Player 1 wins: the most points (30).'
    >>> end.columns, end.rows[0]
    (('player', 'recipes cooked', 'recipe points', 'hype points', 'points'), ('Player 1', 6, 27, 3, 30))
    """
    if not state.is_over:
        raise KitchenlabError("the game is not over: there is no end screen yet")
    table = game_info(state.game).hook("end_table")
    scores = state.scores()
    if table is None:
        best = max(scores)
        why = _("the highest score ({score})").format(score=best)
        rows = [{N_("player"): seat_name(p), N_("score"): sc} for p, sc in enumerate(scores)]
    else:
        why, rows = table(state)
    won = sorted(set(state.winners()))
    if won:
        names = joined(seat_name(w) for w in won)
        headline = (_("{players} win: {why}.") if len(won) > 1 else _("{players} wins: {why}.")).format(
            players=names, why=why)
    else:
        headline = _("No player wins: {why}.").format(why=why)
    columns = tuple(dict.fromkeys(k for r in rows for k in r))
    return EndScreen(headline, columns, tuple(tuple(r.get(k, "") for k in columns) for r in rows))


# ---------------------------------------------------------------- the session


class Undoable(NamedTuple):
    """A move that may still be taken back: who made it, the state and the bots' generator before."""

    seat: int
    before: Any
    rng_state: Any


class PlaySession:
    """A whole game at one table: people and bots by seat (see the module docstring).

    :meth:`choose` plays a move for the person to act, :meth:`reveal` lifts the cover,
    :meth:`undo` takes a move back; :attr:`state`, :attr:`covered`, :attr:`viewer`, :attr:`legal`,
    :attr:`can_undo` and :attr:`lines` say where things stand.
    """

    def __init__(self, game: str, seats: Sequence[str] | None = None, seed: int = 0,
                 players: int | None = None, search_budget: int | float | None = None, **variants) -> None:
        from .sim import bot_seed

        self.game = game
        self.info = game_info(game)
        self.seats = resolve_seats(game, seats, players)
        self.seed = seed
        self.search_budget = search_budget
        self.variants = dict(variants)
        self.state = new_game(game, players=len(self.seats), seed=seed, **variants)
        #: the bots' own generator (never the game's)
        self.rng = Rng(bot_seed(seed))
        self.humans = [p for p, s in enumerate(self.seats) if s == HUMAN]
        self.bots: dict[int, Callable] = {p: seat_bot(game, s, search_budget)
                                          for p, s in enumerate(self.seats) if s != HUMAN}
        #: the seat whose view is on screen (``None`` while the cover is up or no person acts)
        self.viewer: int | None = None
        #: the person who last had the screen (their move may still be taken back under the cover)
        self.last_human: int | None = None
        #: log lines since the person to act last had the screen
        self.lines: list[str] = []
        #: why the last person's move cannot be taken back ("" when it can, or after an undo)
        self.undo_reason = ""
        self._seen: dict[int, int] = {p: 0 for p in self.humans}
        self._undo: list[Undoable] = []
        self._no_undo = _("nobody has made a move yet")     # why _undo is empty
        self._advance()

    # -- reading --------------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return self.state.current_player

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def covered(self) -> bool:
        """True while the screen waits to be passed to the next person."""
        return not self.state.is_over and self.viewer is None and self.to_act in self.humans

    @property
    def legal(self) -> list[str]:
        """The moves on offer now, as text (none while covered or when the game is over)."""
        if self.covered or self.state.is_over or self.to_act != self.viewer:
            return []
        return [str(a) for a in self.state.legal_actions()]

    @property
    def holder(self) -> int | None:
        """The person who has the screen: the one looking at it, else the one who last had it."""
        return self.viewer if self.viewer is not None else self.last_human

    @property
    def can_undo(self) -> bool:
        """Whether the person at the screen may take back their last move now."""
        return bool(self._undo) and self._undo[-1].seat == self.holder

    def why_no_undo(self) -> str:
        """Why the person at the screen cannot take a move back now (``""`` when they can)."""
        if self.can_undo:
            return ""
        if self._undo:
            return _("the last move that may be taken back is {player}'s").format(player=seat_name(self._undo[-1].seat))
        return self._no_undo

    def seat_line(self) -> str:
        """Every seat and who takes it, the seat to act marked ``▶``."""
        return " · ".join(("▶ " if p == self.to_act else "") + seat_label(p, s) for p, s in enumerate(self.seats))

    def log_reader(self) -> int | None:
        """Whose log the table shows: the person at the screen, else what a spectator may read
        (the one person's, when only one person plays)."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if len(self.humans) == 1 else None

    def log_lines(self) -> tuple[str, ...]:
        """The whole log as :meth:`log_reader` may read it (what others drew stays hidden)."""
        return self.state.log_for(self.log_reader())

    def outcome(self) -> Outcome | None:
        """How the game ended (``None`` while it goes on)."""
        return outcome(self.state) if self.state.is_over else None

    def end_screen(self) -> EndScreen | None:
        """The end screen (:func:`end_screen`; ``None`` while the game goes on)."""
        return end_screen(self.state) if self.state.is_over else None

    def retell(self) -> None:
        """Tell the game again in the current language: the state (and every state a move may be
        taken back to) is rebuilt from its save, so its log, moves and result read in the language
        now chosen; the game, whose turn it is and what may be taken back stay the same."""
        from . import load_state

        self.state = load_state(self.state.to_json())
        self._undo = [u._replace(before=load_state(u.before.to_json())) for u in self._undo]
        if self.lines and self.holder is not None:
            self.lines = list(self.state.log_for(self.holder)[-len(self.lines):])

    def save(self) -> str:
        """The game so far as a save (``state.to_json()``, JSON text that :meth:`load` and
        :func:`kitchenlab.load_state` read back)."""
        return self.state.to_json()

    def save_name(self) -> str:
        """A file name for :meth:`save`: the game, its seed and its move count."""
        return f"{self.game}-seed{self.seed}-move{self.state.steps}.json"

    def next_game(self) -> "PlaySession":
        """A new game at the same table: the same seats, bots and options, the next seed."""
        return PlaySession(self.game, self.seats, self.seed + 1, search_budget=self.search_budget, **self.variants)

    # -- acting ---------------------------------------------------------------------------------
    def choose(self, text: str) -> list[str]:
        """Play ``text`` (one of :attr:`legal`) for the person to act, then the bots up to the next
        person's turn; returns the log lines written meanwhile, as that person reads them. A wrong
        move raises (:class:`~kitchenlab.errors.IllegalActionError`) and changes nothing."""
        if self.covered:
            raise KitchenlabError(_("the screen is covered: {player} must click to see their hand first").format(
                player=seat_name(self.to_act)))
        if self.state.is_over:
            raise KitchenlabError(_("the game is over"))
        seat = self.to_act
        before, rng_before, n = self.state, self.rng.state, len(self.state.log)
        after = before.apply(text)                 # IllegalActionError (a KitchenlabError) if not legal
        check = undo_check(before, text, after, seat)
        self.state = after
        if check.allowed:
            self._undo = self._undo + [Undoable(seat, before, rng_before)]
            self.undo_reason = ""
        else:
            self._undo = []
            self._no_undo = _("{player}'s last move cannot be taken back: {reason}").format(
                player=seat_name(seat), reason=check.reason)
            self.undo_reason = _("Your move cannot be taken back: {reason}.").format(reason=check.reason)
        self.last_human = seat
        self._seen[seat] = len(after.log)
        self._advance()
        return list(self.state.log_for(seat)[n:])

    def reveal(self) -> bool:
        """The next person is at the screen: lift the cover (False if it was not up)."""
        if not self.covered:
            return False
        seat = self.to_act
        if self.last_human is not None and self.last_human != seat:
            self._forget(_("the screen has passed to {player}: {before}'s move stands").format(
                player=seat_name(seat), before=seat_name(self.last_human)))
        self.viewer = seat
        self._lines_for(seat)
        return True

    def undo(self) -> int:
        """Take back the last move of the person at the screen (see :attr:`can_undo`); returns
        that person's seat, who has the screen again."""
        if not self.can_undo:
            raise KitchenlabError(_("no move of yours can be taken back now: {reason} ({rule})").format(
                reason=self.why_no_undo(), rule=_(UNDO_RULE)))
        seat, before, rng_state = self._undo[-1]
        self._undo = self._undo[:-1]
        if not self._undo:
            self._no_undo = _("{player} has no earlier move that may be taken back").format(player=seat_name(seat))
        self.state = before
        self.rng = Rng(raw_state=rng_state)
        self.viewer = seat
        self.undo_reason = ""
        self._seen[seat] = len(before.log)
        self.lines = []
        return seat

    def load(self, text: str | bytes) -> None:
        """Go on from a save (:meth:`save`, or any ``to_json`` text of this game for as many
        seats): a damaged file, another game or another number of players raises
        :class:`~kitchenlab.errors.SaveFileError` and changes nothing. Nothing from before the
        load can be taken back; the bots go on with a generator of the save's seed."""
        from . import load_state
        from .sim import bot_seed

        state = load_state(text)
        if state.game != self.game:
            raise SaveFileError(_("this save is a game of {game}; this table plays {here}").format(
                game=game_info(state.game).title, here=self.info.title))
        if state.players != len(self.seats):
            raise SaveFileError(_("this save is a {players}-player game; this table has {seats} seats").format(
                players=state.players, seats=len(self.seats)))
        self.state, self.seed, self.variants = state, state.seed, dict(state.options)
        self.rng = Rng(bot_seed(state.seed))
        self._undo, self._no_undo, self.undo_reason = [], _("the game was loaded from a save since"), ""
        self.viewer = self.last_human = None
        self._seen = {p: len(state.log_for(p)) for p in self.humans}
        self.lines = []
        self._advance()

    # -- inside ---------------------------------------------------------------------------------
    def _forget(self, why: str) -> None:
        """Nothing played so far can be taken back any more, because ``why``."""
        if self._undo:
            self._undo = []
            self._no_undo = why

    def _run_bots(self) -> None:
        made = 0
        while not self.state.is_over and self.to_act in self.bots:
            if made >= self.info.max_steps:
                raise GameStalledError(f"{self.game}: the bots did not hand the turn back within {made} moves")
            seat = self.to_act
            self.state = self.state.apply(self.bots[seat](self.state, self.rng))
            self._forget(_("{player} has moved since").format(player=seat_label(seat, self.seats[seat])))
            made += 1

    def _advance(self) -> None:
        """The bots' moves, then who has the screen."""
        self._run_bots()
        nxt = self.to_act
        if self.state.is_over:
            self.viewer = None
        elif len(self.humans) == 1 or nxt == self.viewer:
            self.viewer = nxt          # one person at the table, or the same person goes on
            self._lines_for(nxt)
        else:
            self.viewer = None         # the cover goes up until the next person clicks

    def _lines_for(self, seat: int) -> None:
        log = self.state.log_for(seat)     # what others drew stays hidden
        self.lines = list(log[self._seen.get(seat, 0):])
        self._seen[seat] = len(log)


__all__ = ["EndScreen", "HARD", "HUMAN", "Outcome", "PlaySession", "TAKEN_BACK", "UNDO_RULE", "Undoable", "default_bot",
           "end_screen", "move_groups", "outcome", "resolve_seats", "seat_bot", "seat_choices", "seat_label", "seat_name"]
