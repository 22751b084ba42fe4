"""The engine core shared by every game.

* :class:`Rng` — a tiny seeded generator (SplitMix64) whose whole state is one integer, so it is
  copied for free with the game state and saved in JSON. The global ``random`` module is never used.
* :class:`Option` — one variant option of a game (name, default, allowed values, source).
* :class:`GameState` — the base class of every game's state: ``legal_actions`` / ``apply`` (a new
  state; the old one is unchanged) / ``history`` / ``log`` / ``to_json``.

Save files are JSON. A save records the game, the players, the seed, the options and the actions
taken; loading replays them on a fresh game (the rules are deterministic, so the replay rebuilds the
exact state) and then checks the generator state and the step count that were saved with it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Sequence

from .errors import IllegalActionError, OptionError, SaveFileError

SAVE_FORMAT = "kitchenlab-save"
SAVE_VERSION = 1

_MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64


class Rng:
    """A seeded SplitMix64 generator. Its state is a single 64-bit integer.

    >>> r = Rng(7); a = [r.randbelow(10) for _ in range(5)]
    >>> r2 = Rng(7); a == [r2.randbelow(10) for _ in range(5)]
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, raw_state: int | None = None) -> None:
        if raw_state is not None:
            self.state = raw_state & _MASK64
        else:
            # Mix the seed once so that nearby seeds give unrelated streams.
            self.state = (int(seed) * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK64

    def copy(self) -> "Rng":
        return Rng(raw_state=self.state)

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, so exactly uniform)."""
        if n <= 0:
            raise ValueError(f"randbelow needs n >= 1, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher–Yates shuffle in place; the same draws as ``randbelow(i + 1)`` for i = n-1 .. 1.

        ``next64`` and ``randbelow`` are written out inline: shuffling decks is the hot spot of
        card-game playouts.
        """
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - _TWO64 % n
            while True:
                s = (s + 0x9E3779B97F4A7C15) & _MASK64
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def choice(self, items: Sequence):
        return items[self.randbelow(len(items))]


# ---------------------------------------------------------------- options (variants and knobs)


@dataclass(frozen=True)
class Option:
    """One variant option or numeric knob of a game.

    ``choices`` lists the allowed values of a categorical option; ``kind`` is the Python type of a
    numeric or boolean one, with optional bounds ``low``/``high`` (inclusive).
    """

    name: str
    default: Any
    help: str
    source: str
    choices: tuple = ()
    kind: type | None = None
    low: Any = None
    high: Any = None
    alternatives: str = ""

    def allowed(self) -> str:
        if self.choices:
            return ", ".join(repr(c) for c in self.choices)
        if self.kind is bool:
            return "True, False"
        if self.kind is not None:
            lo = "" if self.low is None else f"{self.low}"
            hi = "" if self.high is None else f"{self.high}"
            return f"{self.kind.__name__} {lo}..{hi}".strip()
        return "any"

    def check(self, value: Any, game: str) -> Any:
        if self.choices:
            if value not in self.choices:
                raise OptionError(
                    f"{game}: option {self.name}={value!r} is not allowed; allowed: {self.allowed()}"
                )
            return value
        if self.kind is bool:
            if not isinstance(value, bool):
                raise OptionError(f"{game}: option {self.name} must be True or False, got {value!r}")
            return value
        if self.kind is not None:
            if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise OptionError(f"{game}: option {self.name} must be an int, got {value!r}")
            if self.kind is float and not isinstance(value, (int, float)):
                raise OptionError(f"{game}: option {self.name} must be a number, got {value!r}")
            if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high
            ):
                raise OptionError(
                    f"{game}: option {self.name}={value!r} is out of range; allowed: {self.allowed()}"
                )
            return self.kind(value)
        return value

    def parse_text(self, text: str) -> Any:
        """Turn command-line text (``--set name=value``) into a value of the right type."""
        if self.choices:
            for c in self.choices:
                if str(c) == text:
                    return c
            return text
        if self.kind is bool:
            low = text.strip().lower()
            if low in ("true", "1", "yes", "on"):
                return True
            if low in ("false", "0", "no", "off"):
                return False
            return text
        if self.kind in (int, float):
            try:
                return self.kind(text)
            except ValueError:
                return text
        return text


def resolve_options(game: str, options: Sequence[Option], given: dict) -> dict:
    """Check ``given`` against the game's options and fill in defaults."""
    by_name = {o.name: o for o in options}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        allowed = ", ".join(by_name) or "(none)"
        raise OptionError(f"{game}: unknown option(s) {', '.join(unknown)}; allowed: {allowed}")
    return {o.name: o.check(given.get(o.name, o.default), game) for o in options}


def check_players(game: str, players: Any, allowed: Iterable[int]) -> int:
    allowed = tuple(allowed)
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise OptionError(
            f"{game}: players={players!r} is not allowed; allowed: "
            f"{', '.join(str(p) for p in allowed)}"
        )
    return players


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


# ---------------------------------------------------------------- the state base class


class GameState:
    """Base class of every game's state.

    A subclass sets ``game`` and implements ``_legal()`` (the legal actions, each with a unique
    ``str``), ``_do(action)`` (mutate *this fresh copy*), ``_copy_fields(new)`` (copy the mutable
    parts), ``current_player`` and ``scores()``. Everything else — checking actions, history, the
    event log, saving and loading — lives here.
    """

    game: ClassVar[str] = ""

    def __init__(self, players: int, seed: int, options: dict) -> None:
        self.players = players
        self.seed = seed
        self.options = dict(options)
        self.rng = Rng(seed)
        self._hist: Chain | None = None
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

    def view(self, player: int) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

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

    @property
    def steps(self) -> int:
        return self._hist[2] if self._hist is not None else 0

    def say(self, text: str) -> None:
        """Append an event to the log (only while building a new state)."""
        self._log = chain_push(self._log, text)

    def legal_actions(self) -> list:
        if self._legal_cache is None:
            self._legal_cache = [] if self.is_over else self._legal()
        return list(self._legal_cache)

    def _lookup(self, action):
        legal = self._legal_cache if self._legal_cache is not None else None
        if legal is None:
            self.legal_actions()
            legal = self._legal_cache
        if isinstance(action, str):
            if self._by_str is None:
                self._by_str = {str(a): a for a in legal}
            found = self._by_str.get(action)
            if found is not None:
                return found
        else:
            for a in legal:           # identity first: the action usually comes from this list
                if a is action:
                    return action
            if action in legal:
                return legal[legal.index(action)]
        if self.is_over:
            raise IllegalActionError(f"{self.game}: the game is over; no action is legal")
        shown = "; ".join(str(a) for a in legal[:40])
        more = f" (and {len(legal) - 40} more)" if len(legal) > 40 else ""
        raise IllegalActionError(
            f"{self.game}: {str(action)!r} is not legal for player {self.current_player} now; "
            f"legal: {shown}{more}"
        )

    def copy(self) -> "GameState":
        """A shallow copy sharing every field; ``_copy_fields`` then copies what ``_do`` mutates."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.rng = self.rng.copy()
        new._legal_cache = None
        new._by_str = None
        self._copy_fields(new)
        return new

    def apply(self, action) -> "GameState":
        """Return the state after ``action`` (an action object or its ``str``). ``self`` is unchanged."""
        action = self._lookup(action)
        new = self.copy()
        new._hist = chain_push(self._hist, action)
        new._do(action)
        return new

    # -- saving ---------------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "game": self.game,
                "players": self.players,
                "seed": self.seed,
                "options": self.options,
                "history": [str(a) for a in self.history],
                "check": {"steps": self.steps, "rng": self.rng.state},
                **({"position": self._position} if self._position is not None else {}),
            },
            sort_keys=True,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState) or other.game != self.game:
            return NotImplemented
        return self.to_json() == other.to_json() and self.log == other.log

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        who = "over" if self.is_over else f"player {self.current_player} to act"
        return f"<{type(self).__name__} {self.game} players={self.players} step {self.steps}, {who}>"


def state_from_save(text: str, start: Callable[..., GameState]) -> GameState:
    """Rebuild a state from ``to_json`` text by replaying its history on a fresh game.

    ``start(game, players, seed, options, position)`` builds the starting state: a dealt game, or
    the hand-made position saved with the game.
    """
    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as e:
        raise SaveFileError(f"save file is not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise SaveFileError("save file must be a JSON object with a 'game' field")
    if data.get("format") != SAVE_FORMAT:
        raise SaveFileError(f"save file field 'format' must be {SAVE_FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != SAVE_VERSION:
        raise SaveFileError(f"save file field 'version' must be {SAVE_VERSION}, got {data.get('version')!r}")
    for name, typ in (("game", str), ("players", int), ("seed", int), ("options", dict), ("history", list)):
        if name not in data:
            raise SaveFileError(f"save file has no field {name!r}")
        if not isinstance(data[name], typ) or (typ is int and isinstance(data[name], bool)):
            raise SaveFileError(f"save file field {name!r} must be {typ.__name__}, got {data[name]!r}")
    try:
        position = data.get("position")
        if position is not None and not isinstance(position, dict):
            raise SaveFileError(f"save file field 'position' must be an object, got {position!r}")
        state = start(data["game"], data["players"], data["seed"], data["options"], position)
    except SaveFileError:
        raise
    except (ValueError, KeyError, TypeError) as e:
        raise SaveFileError(f"save file fields game/players/options/position are not valid: {e}") from None
    for i, text_action in enumerate(data["history"]):
        if not isinstance(text_action, str):
            raise SaveFileError(f"save file field history[{i}] must be a string, got {text_action!r}")
        try:
            state = state.apply(text_action)
        except IllegalActionError as e:
            raise SaveFileError(f"save file field history[{i}] = {text_action!r} cannot be replayed: {e}") from None
    check = data.get("check", {})
    if isinstance(check, dict):
        if "steps" in check and check["steps"] != state.steps:
            raise SaveFileError(f"save file field check.steps={check['steps']!r} does not match the replay ({state.steps})")
        if "rng" in check and check["rng"] != state.rng.state:
            raise SaveFileError("save file field check.rng does not match the replayed game (edited history?)")
    return state
