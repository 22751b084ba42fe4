"""The engine core shared by every game.

* :class:`Rng` (from :mod:`kitchenlab.rng`) — a tiny seeded generator (SplitMix64) whose whole state
  is one integer, so it is copied for free with the game state and saved in JSON. The global
  ``random`` module is never used.
* :class:`Option` (from :mod:`kitchenlab.options`) — one variant option of a game (name, default,
  allowed values, source).
* :class:`GameState` — the base class of every game's state: ``legal_actions`` / ``apply`` (a new
  state; the old one is unchanged) / ``rollout`` (random moves on one private copy, fast) /
  ``history`` / ``log`` / ``events`` / ``view`` / ``determinize`` / ``to_json``.
* :class:`GameInfo` — what a game declares about itself (title, player counts, options, bots, step
  bound, constructors), registered once with :func:`register`; every caller reads it from there.
* :class:`Event` — the facts behind one log line (a kind and named facts).

Save files are JSON. A save records the game, the players, the seed, the options and the actions
taken; loading replays them on a fresh game (the rules are deterministic, so the replay rebuilds the
exact state) and then checks the generator state and the step count that were saved with it
(:mod:`kitchenlab.saves`). Seeds are whole numbers ``0 <= seed < 2**64``, what the generator and a
save hold.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, ClassVar, Mapping, NamedTuple, Sequence

from .i18n import LANGUAGES, SOURCE_LANGUAGE, _, ngettext, using
from .errors import IllegalActionError, KitchenlabError, OptionError, SaveFileError, SeatError, shown
from .options import Option, check_players, check_seed, resolve_options  # noqa: F401  (re-exported)
from .rng import Rng  # noqa: F401  (re-exported)

SAVE_FORMAT = "kitchenlab-save"
SAVE_VERSION = 1

_new_object = object.__new__   # the hot paths below build states and generators without __init__
_new_tuple = tuple.__new__


# ---------------------------------------------------------------- an append-only chain

# A persistent singly linked list, as nested tuples ``(previous, item, size)``: appending shares
# the old list, so ``apply`` adds to the history and the log in O(1).
Chain = tuple


def chain_push(chain: Chain | None, item: Any) -> Chain:
    return (chain, item, chain[2] + 1 if chain is not None else 1)


def chain_items(chain: Chain | None) -> tuple:
    out = []
    while chain is not None:
        out.append(chain[1])
        chain = chain[0]
    out.reverse()
    return tuple(out)


# ---------------------------------------------------------------- events


class Event(NamedTuple):
    """The facts behind one log line: ``kind`` (a short name such as ``"deal"``) and ``data``
    (named facts, with seat numbers from 0). ``State.events`` pairs one with every line of
    ``State.log``; lines written without facts are ``note`` events."""

    kind: str
    data: dict


def _in_other_languages(text: str, legal: list):
    """The action of ``legal`` whose text is ``text`` in any language the kit speaks (``apply``
    takes a move as written in any of them), or ``None``. The current language is tried too: the
    state's map of texts may have been made while another language was on."""
    for code in LANGUAGES:
        with using(code):
            for a in legal:
                if str(a) == text:
                    return a
    return None


# ---------------------------------------------------------------- the state base class


class GameState:
    """Base class of every game's state.

    A subclass sets ``game`` and implements ``_legal()`` (the legal actions, each with a unique
    ``str``), ``_do(action)`` (mutate *this fresh copy*), ``_copy_fields(new)`` (copy the mutable
    parts), ``current_player``, ``scores()``, ``winners()``, ``_view(player)`` (the game's own part
    of a view; ``player`` is a seat or ``None`` for the public view) and ``_determinize(player, rng)``
    (re-deal, on a fresh copy, everything ``player`` cannot see). Everything else — checking
    actions and seats, history, the log and its events, saving and loading — lives here.
    """

    game: ClassVar[str] = ""
    #: The round in progress (1-based); games without rounds leave it ``None``.
    round: int | None = None

    def __init__(self, players: int, seed: int, options: dict) -> None:
        self.players = players
        self.seed = check_seed(self.game, seed)
        self.options = dict(options)
        self.rng = Rng(seed)
        self._hist: Chain | None = None
        #: the log: a chain of ``(previous, line, size, kind, facts)`` links, one per :meth:`say`
        self._log: Chain | None = None
        self._legal_cache: list | None = None
        self._by_str: dict | None = None
        #: For a position set up by hand (teaching examples): the JSON-ready description it was
        #: built from, saved so that ``load_state`` can rebuild it; ``None`` for a dealt game.
        self._position: dict | None = None

    # -- to implement -------------------------------------------------------------------------
    def _legal(self) -> list:  # pragma: no cover - abstract
        raise NotImplementedError

    def _do(self, action) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _copy_fields(self, new: "GameState") -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def current_player(self) -> int | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def scores(self) -> list:  # pragma: no cover - abstract
        raise NotImplementedError

    def winners(self) -> list[int]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _view(self, player: int | None) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def _determinize(self, player: int | None, rng: "Rng") -> None:  # pragma: no cover - abstract
        """Re-deal, on this fresh copy, everything hidden from ``player`` (``rng`` draws the deal)."""
        raise NotImplementedError

    def chance_outcomes(self, action) -> list | None:
        """For an action whose result is left to chance and can be listed exactly:
        ``[(probability, label, state), ...]``; ``None`` (the default) otherwise. Trees use it."""
        return None

    def result_text(self) -> str:
        """One line that says how the game ended (or that it is not over)."""
        if not self.is_over:
            return _("not over yet (step {step})").format(step=self.steps)
        won = self.winners()
        names = ", ".join(_("Player {number}").format(number=w + 1) for w in won) if won else _("nobody")
        return ngettext("scores {scores}; winner(s): {names}", "scores {scores}; winner(s): {names}",
                        max(len(won), 1)).format(scores=list(self.scores()), names=names)

    # -- shared behaviour -------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @property
    def history(self) -> tuple:
        """The actions taken so far, oldest first."""
        return chain_items(self._hist)

    @property
    def log(self) -> tuple[str, ...]:
        """Human-readable events so far, oldest first."""
        return chain_items(self._log)

    def log_for(self, seat: int | None) -> tuple[str, ...]:
        """The log as ``seat`` may read it (``None``: a spectator). A line that names something only
        one seat saw — the cards a player drew — was written with the facts ``seen_by`` (that seat)
        and ``public_text`` (its wording for everyone else), and reads that way for the others."""
        seat = self.check_seat(seat)
        return tuple(e.data["public_text"] if "seen_by" in e.data and e.data["seen_by"] != seat else line
                     for line, e in zip(self.log, self.events))

    @property
    def steps(self) -> int:
        return self._hist[2] if self._hist is not None else 0

    @property
    def events(self) -> tuple[Event, ...]:
        """One :class:`Event` per line of :attr:`log`, oldest first."""
        out = []
        link = self._log
        while link is not None:
            out.append(_new_tuple(Event, (link[3], link[4])))
            link = link[0]
        out.reverse()
        return tuple(out)

    def say(self, text: str, kind: str = "note", **data) -> None:
        """Log ``text`` and record its :class:`Event` next to it (only while building a new state)."""
        self.say_event(text, kind, data)

    def say_event(self, text: str, kind: str, facts: dict) -> None:
        """:meth:`say` with the event's facts as one dict, which the event keeps (build a new one
        for each line): the form of the rules' hot paths, where keyword arguments cost more than the
        line itself."""
        log = self._log                  # one chain link holds the line and its event's facts
        self._log = (log, text, log[2] + 1 if log is not None else 1, kind, facts)
        if self._recorder is not None:      # apply_recorded: keep the state as it is at this line
            snap = self.copy()
            snap._recorder = None
            self._recorder.append(snap)

    _recorder: list | None = None

    def apply_recorded(self, action) -> tuple["GameState", list["GameState"]]:
        """``apply`` that also returns the state as it stood at each log line the action wrote
        (one action may write several: an eat that reveals indigestion also ends the round).
        The last snapshot may differ from the returned state only in what follows the last line."""
        action = self._lookup(action)
        new = self.copy()
        new._hist = chain_push(self._hist, action)
        snaps: list = []
        new._recorder = snaps
        try:
            new._do(action)
        finally:
            del new._recorder
        return new, snaps

    def __deepcopy__(self, memo) -> "GameState":
        # States are values: apply never changes one, so a deep copy may be the state itself.
        return self

    def __copy__(self) -> "GameState":
        return self

    # -- seats and views ---------------------------------------------------------------------
    def check_seat(self, player: Any, allow_public: bool = True) -> int | None:
        """``player`` if it is a seat of this game (or ``None``, the public, when allowed)."""
        if player is None and allow_public:
            return None
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            allowed = f"0..{self.players - 1}" if self.players > 1 else "0"
            public = _(", or None for the public view") if allow_public else ""
            raise SeatError(_("{game}: seat {seat} does not exist; seats: {allowed}{public}").format(
                game=self.game, seat=shown(player), allowed=allowed, public=public))
        return player

    def view(self, player: int | None) -> dict:
        """What ``player`` may see (``None``: what a spectator may see). The common header — game,
        seat, round, player to act, over or not and, when over, the result — then the game's own part.
        """
        player = self.check_seat(player)
        out = {"game": self.game, "seat": player, "round": self.round, "to_act": self.current_player,
               "over": self.is_over}
        if self.is_over:
            out["result"] = {"scores": list(self.scores()), "winners": list(self.winners())}
        for key, value in self._view(player).items():
            if key not in out:
                out[key] = value
        return out

    def determinize(self, player: int | None, seed: int) -> "GameState":
        """A state that ``player`` cannot tell from this one (the same ``view(player)`` and
        ``view(None)``) with everything hidden from that player re-dealt at random from ``seed``,
        consistently with what that player has seen. Play goes on from it under the normal rules;
        its future chance events come from ``seed`` too, so the real deck order never leaks.

        A determinized state is a sample for search and teaching; it cannot be saved.
        """
        player = self.check_seat(player)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(_("{game}: determinize seed must be an int (a whole number), got {value}").format(
                game=self.game, value=shown(seed)))
        new = self.copy()
        rng = Rng(seed ^ 0x5DEECE66D)
        new._determinize(player, rng)
        new.rng = rng
        new._sampled = True
        return new

    # The hot paths of every playout (``legal_actions``, ``apply``, ``copy``) are written out: one
    # dict copy per step and no helper calls beyond the game's own hooks.
    def legal_actions(self) -> list:
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = [] if self.is_over else self._legal()
        return legal[:]

    def _lookup(self, action):
        legal = self._legal_cache
        if legal is None:
            self.legal_actions()
            legal = self._legal_cache
        if isinstance(action, str):
            by_str = self._by_str
            if by_str is None:
                by_str = self._by_str = {str(a): a for a in legal}
            found = by_str.get(action)
            if found is None:
                found = _in_other_languages(action, legal)
            if found is not None:
                return found
        else:
            for a in legal:           # identity first: the action usually comes from this list
                if a is action:
                    return action
            if action in legal:
                return legal[legal.index(action)]
        if self.is_over:
            raise IllegalActionError(_("{game}: the game is over; no action is legal").format(game=self.game))
        offered = "; ".join(str(a) for a in legal[:40])
        more = _(" (and {count} more)").format(count=len(legal) - 40) if len(legal) > 40 else ""
        raise IllegalActionError(
            _("{game}: {action} is not legal for player {seat} now; legal: {offered}{more}").format(
                game=self.game, action=shown(str(action)), seat=self.current_player, offered=offered, more=more)
        )

    def copy(self) -> "GameState":
        """A shallow copy sharing every field; ``_copy_fields`` then copies what ``_do`` mutates."""
        new = _new_object(type(self))
        d = self.__dict__.copy()
        rng = d["rng"] = _new_object(Rng)
        rng.state = self.rng.state
        d["_legal_cache"] = d["_by_str"] = None
        new.__dict__ = d
        self._copy_fields(new)
        return new

    def apply(self, action) -> "GameState":
        """Return the state after ``action`` (an action object or its ``str``). ``self`` is unchanged."""
        legal = self._legal_cache
        if legal is None:
            action = self._lookup(action)
        else:
            for a in legal:           # usually the very object from legal_actions()
                if a is action:
                    break
            else:
                action = self._lookup(action)
        new = _new_object(type(self))        # self.copy(), written out
        d = self.__dict__.copy()
        rng = d["rng"] = _new_object(Rng)
        rng.state = self.rng.state
        d["_legal_cache"] = d["_by_str"] = None
        hist = self._hist                    # the history chain: (previous, item, size)
        d["_hist"] = (hist, action, hist[2] + 1 if hist is not None else 1)
        new.__dict__ = d
        self._copy_fields(new)
        new._do(action)
        return new

    def rollout(self, rng: Rng, max_steps: int | None = None) -> "GameState":
        """Play on with uniformly random legal moves, drawn from ``rng``, until the game is over or
        ``max_steps`` moves were made, and return the state reached; ``self`` is unchanged.

        The result is the state that this loop reaches, with the same history, log and events, and
        ``rng`` ends in the same state::

            while not s.is_over and made < max_steps:
                legal = s.legal_actions()
                s = s.apply(legal[rng.randbelow(len(legal))])
                made += 1

        It gets there faster, by stepping one private copy in place, as OpenSpiel's
        ``apply_action`` does: the states in between are never built, so nothing can hold one (it
        is for random playouts, not for bots, which are handed every state). The state returned is
        a normal state (it can be saved, viewed, played on).

        It asks of a game what ``apply`` does: every container a step changes in place was copied
        by ``_copy_fields`` or made new by the rules since (Critter Kitchen copies only what the
        phase of the copy changes, and its plans, meals and shop run are made new when their
        phase begins).
        """
        if not isinstance(rng, Rng):
            raise OptionError(_("{game}: rollout needs a kitchenlab.Rng, got {kind}").format(
                game=self.game, kind=type(rng).__name__))
        if max_steps is None:
            max_steps = -1                   # no bound
        elif isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 0:
            raise OptionError(_("{game}: rollout max_steps must be None or a whole number >= 0, got {value}").format(
                game=self.game, value=shown(max_steps)))
        new = self.copy()
        made = 0
        randbelow = rng.randbelow
        while made != max_steps and not new.is_over:
            legal = new._legal_cache
            if legal is None:
                legal = new._legal_cache = new._legal()
            action = legal[randbelow(len(legal))]
            new._legal_cache = new._by_str = None
            hist = new._hist
            new._hist = (hist, action, hist[2] + 1 if hist is not None else 1)
            new._do(action)
            made += 1
        return new

    # -- saving ---------------------------------------------------------------------------------
    _sampled: bool = False   # True for a state made by determinize (not a game that can be replayed)

    def to_json(self) -> str:
        if self._sampled:
            raise SaveFileError(_("{game}: a determinized state is a sample of what is hidden, not a game that "
                                  "was played; save the real game instead").format(game=self.game))
        with using(SOURCE_LANGUAGE):         # a save is the same file in every language
            history = [str(a) for a in self.history]
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "game": self.game,
                "players": self.players,
                "seed": self.seed,
                "options": self.options,
                "history": history,
                "check": {"steps": self.steps, "rng": self.rng.state},
                **({"position": self._position} if self._position is not None else {}),
            },
            sort_keys=True,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState) or other.game != self.game:
            return NotImplemented
        if self._sampled or other._sampled:
            return self is other
        return self.to_json() == other.to_json() and self.log == other.log

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        who = "over" if self.is_over else f"player {self.current_player} to act"
        return f"<{type(self).__name__} {self.game} players={self.players} step {self.steps}, {who}>"


# ---------------------------------------------------------------- what a game declares


def default_variant_rows(options: Sequence[Option]) -> list[dict]:
    """The variant table from an option table: option, what it means, default, alternatives, source
    (the texts in the current language; the option names and values stay as they are typed)."""
    return [{"option": o.name, "meaning": _(o.help), "default": o.default,
             "alternatives": _(o.alternatives) if o.alternatives else o.allowed(), "source": _(o.source)}
            for o in options]


@dataclass(frozen=True)
class GameInfo:
    """Everything the kit needs to know about one game, declared once by the game's package.

    ``new_state(players=..., seed=..., **variants)`` deals a game; ``from_position(players, seed,
    position, **variants)`` sets one up by hand (``None`` where a game has none); ``variant_rows()``
    lists the variant table (by default, one row per option). ``bots`` maps a bot's name to a
    function ``bot(state, rng) -> action`` that reads only ``state.view(seat)``-level facts.
    """

    name: str
    title: str
    players: tuple[int, ...]
    default_players: int
    options: tuple[Option, ...]
    bots: Mapping[str, Callable]
    max_steps: int
    new_state: Callable[..., GameState]
    from_position: Callable[..., GameState] | None = None
    variant_rows: Callable[[], list[dict]] | None = None
    summary: str = ""
    #: ``"module:function"`` drawing one playback frame: ``function(frame, viewer) -> figure``
    #: (``viewer`` a seat, ``None`` for the public view or ``kitchenlab.play.TABLE`` for the whole
    #: table); imported only by widgets, so the rules never load Plotly.
    renderer: str = ""
    # What the shared layers offer for the game, each a ``"module:name"`` hook loaded on first use
    # (:meth:`hook`) or a plain value; an empty hook means the game does not offer that piece, and
    # the shared layer says so plainly.
    #: ``schema(players) -> kitchenlab.openspiel_ids.ActionSchema``: the stable OpenSpiel action ids.
    openspiel_schema: str = ""
    #: a sequence of question makers ``maker(game, rng) -> Question | None`` (the game's ``quiz.MAKERS``).
    quiz: str = ""
    #: ``calculator() -> widget``: the projector page's scoring calculator.
    calculator: str = ""
    #: ``what_if() -> widget``: the projector page's what-if widget.
    what_if: str = ""
    #: ``describe(view) -> list[str]``: a few plain sentences on a public view (the projector page's
    #: "where things stand" under the picture, and its setup in words).
    describe: str = ""
    #: ``helper(table) -> rows | None``: the play table's move helper (a meal builder, ...).
    move_helper: str = ""
    #: ``end_table(state) -> (why, rows)``: the play table's end screen: why the winners won (a
    #: clause, e.g. ``"the most points (30)"``) and one row per seat (a dict: the score parts in
    #: order, the score last), what :meth:`kitchenlab.session.PlaySession.end_screen` shows.
    end_table: str = ""
    #: ``quiz_view(quiz) -> quiz``: dresses a quiz widget for the game (e.g. draws a question's
    #: position in place of its lines of text); applied to the projector page's quiz.
    quiz_view: str = ""
    #: a sequence of :class:`kitchenlab.glossary.Term`: the Spanish-English glossary.
    glossary: str = ""
    #: the :class:`kitchenlab.search.ISMCTS` keywords of the game's ``ismcts`` bot (empty: defaults).
    search_settings: Mapping[str, Any] = field(default_factory=dict)
    #: the game's colour in charts that compare games.
    colour: str = "#7f7f7f"
    #: the glossary terms (English) the game profiles name, shown with their Spanish words.
    profile_terms: tuple[str, ...] = ()
    #: seeded games a profile plays per player count (longer games play fewer).
    profile_games: int = 20
    #: what the shared test suites use: ``playouts`` (seeded random games in the conformance suite),
    #: ``bots`` (the bots whose seeded games the playthroughs pin), ``playthroughs`` (a folder of
    #: playthrough files when the game lives outside the kit), ``position_of`` (a ``"module:function"``
    #: reading a state's position in the form ``from_position`` takes, for the fuzz tests) and
    #: ``position_phases`` (the phases a position can be set up in; any, if absent).
    test_settings: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "options", tuple(self.options))
        object.__setattr__(self, "bots", MappingProxyType(dict(self.bots)))
        object.__setattr__(self, "search_settings", MappingProxyType(dict(self.search_settings)))
        object.__setattr__(self, "test_settings", MappingProxyType(dict(self.test_settings)))
        object.__setattr__(self, "profile_terms", tuple(self.profile_terms))
        if self.default_players not in self.players:
            raise KitchenlabError(f"{self.name}: default_players {self.default_players} is not one of {self.players}")

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise OptionError(_("{game}: unknown option {option}; options: {options}").format(
            game=self.name, option=repr(name), options=", ".join(o.name for o in self.options) or _("(none)")))

    def new_game(self, players: int | None = None, seed: int = 0, **variants) -> GameState:
        if players is None:
            players = self.default_players
        check_seed(self.name, seed)
        return self.new_state(players=players, seed=seed, **variants)

    def position(self, players: int, seed: int = 0, position: dict | None = None, **variants) -> GameState:
        if self.from_position is None:
            raise KitchenlabError(_("{game}: this game has no hand-made positions (from_position); start one "
                                    "with new_game and play to the position instead").format(game=self.name))
        check_seed(self.name, seed)
        return self.from_position(players=players, seed=seed, position=position, **variants)

    def variant_table(self) -> list[dict]:
        rows = self.variant_rows() if self.variant_rows is not None else default_variant_rows(self.options)
        by_name = {o.name: o for o in self.options}
        for r in rows:   # every row says what the option means, from the option's help text
            r.setdefault("meaning", _(by_name[r["option"]].help) if r["option"] in by_name else "")
        return rows

    def hook(self, name: str, required: bool = False) -> Any:
        """The object a ``"module:name"`` hook field names, imported on first use; ``None`` where the
        game leaves it empty (with ``required``, a :class:`KitchenlabError` saying what it lacks)."""
        spec = getattr(self, name, None)
        if not isinstance(spec, str):
            raise KitchenlabError(f"{self.name}: GameInfo has no hook field {name!r}")
        if not spec:
            if required:
                raise KitchenlabError(_("{title} does not offer this: its GameInfo declares no {hook}").format(
                    title=self.title, hook=repr(name)))
            return None
        return load_hook(spec, f"{self.name}.{name}")

    def bot(self, name: str) -> Callable:
        if name not in self.bots:
            raise OptionError(_("{game}: unknown bot {bot}; bots: {bots}").format(
                game=self.name, bot=repr(name), bots=", ".join(self.bots)))
        return self.bots[name]


def load_hook(spec: str, what: str = "hook") -> Any:
    """The object ``"package.module:name"`` names (``"package.module"`` alone: the module)."""
    import importlib

    module, _sep, name = spec.partition(":")
    try:
        obj = importlib.import_module(module)
        for part in filter(None, name.split(".")):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as e:
        raise KitchenlabError(f"{what}: cannot load {spec!r}: {e}") from None
    return obj


_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Register a game's :class:`GameInfo` (once per name)."""
    old = _REGISTRY.get(info.name)
    if old is not None and old is not info:
        raise KitchenlabError(f"game {info.name!r} is registered already")
    _REGISTRY[info.name] = info
    return info


def registered(name: str) -> GameInfo | None:
    """The registered :class:`GameInfo` of ``name``, or ``None``."""
    return _REGISTRY.get(name)


def registered_names() -> tuple[str, ...]:
    return tuple(sorted(_REGISTRY))
