"""The base class's hot methods written out for Tem-Purr-A, and an exact faster deck shuffle.

A random playout spends most of its time in ``apply``, ``copy``, ``legal_actions``, ``say`` and in
shuffling the deck. :class:`FastState` gives the engine's behaviour (same fields, same history,
log and events) with fewer calls; :func:`shuffle` makes the very draws of :meth:`Rng.shuffle`
(same order, same generator state afterwards), computed for the whole deck at once with numpy
(imported with the game, not with ``kitchenlab``).
"""

from __future__ import annotations

from ..engine import Event, GameState, Rng

_new_object = object.__new__
_new_tuple = tuple.__new__


class FastState(GameState):
    """``GameState`` with ``copy``/``apply``/``legal_actions``/``say`` written out (same results)."""

    #: A plain attribute (not the base's property): set to True with the phase "over".
    is_over = False

    def copy(self) -> "State":
        new = _new_object(type(self))
        d = self.__dict__.copy()
        rng = d["rng"] = _new_object(Rng)
        rng.state = self.rng.state
        d["_legal_cache"] = d["_by_str"] = None
        d["_deck_owned"] = False
        new.__dict__ = d
        return new

    def legal_actions(self) -> list:
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = [] if self.is_over else self._legal()
        return legal[:]

    def apply(self, action) -> "State":
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
        d["_deck_owned"] = False
        hist = self._hist                    # the history chain: (previous, item, size)
        d["_hist"] = (hist, action, hist[2] + 1 if hist is not None else 1)
        new.__dict__ = d
        new._do(action)
        return new

    def say(self, text: str, kind: str = "note", **data) -> None:
        """The base's ``say`` with its two chain pushes written out (the recorder goes to the base)."""
        if self._recorder is not None:
            GameState.say(self, text, kind, **data)
            return
        log, events = self._log, self._events
        self._log = (log, text, log[2] + 1 if log is not None else 1)
        self._events = (events, _new_tuple(Event, (kind, data)), events[2] + 1 if events is not None else 1)


# ---------------------------------------------------------------- the shuffle

try:                # numpy comes with pandas; without it, shuffle is Rng.shuffle itself
    import numpy as _np
except ImportError:  # pragma: no cover
    _np = None

_MAX = 512           # longer lists go to Rng.shuffle (a Tem-Purr-A deck holds at most 95 cards)
if _np is not None:
    _TWO64 = 1 << 64
    _STEPS = _np.arange(1, _MAX, dtype=_np.uint64) * _np.uint64(0x9E3779B97F4A7C15)  # k * gamma
    _N = _np.arange(1, _MAX + 1, dtype=_np.uint64)                                   # n = 1.._MAX
    # the largest draw Rng.randbelow(n) accepts: 2**64 - 2**64 % n - 1
    _LAST = _np.array([_TWO64 - _TWO64 % n - 1 for n in range(1, _MAX + 1)], dtype=_np.uint64)
    _C1, _C2 = _np.uint64(0xBF58476D1CE4E5B9), _np.uint64(0x94D049BB133111EB)
    _S30, _S27, _S31 = _np.uint64(30), _np.uint64(27), _np.uint64(31)


def shuffle(rng: Rng, items: list) -> None:
    """Exactly ``rng.shuffle(items)``: the same permutation and the same generator state after.

    Fisher–Yates swaps item ``i`` with item ``randbelow(i + 1)`` for i = n-1 .. 1. SplitMix64's
    k-th output depends on ``state + k * gamma`` alone, so all n-1 outputs are computed at once
    (uint64 arithmetic wraps like the generator's). When one of them would be rejected by
    ``randbelow`` (a chance of about n / 2**64), the list is left to ``Rng.shuffle``.
    """
    m = len(items) - 1
    if m < 1 or m >= _MAX or _np is None:
        rng.shuffle(items)
        return
    s = _STEPS[:m] + _np.uint64(rng.state)
    z = (s ^ (s >> _S30)) * _C1
    z = (z ^ (z >> _S27)) * _C2
    x = z ^ (z >> _S31)
    n = _N[m:0:-1]                       # n = i + 1 for i = m .. 1
    if (x > _LAST[m:0:-1]).any():
        rng.shuffle(items)
        return
    i = m
    for j in (x % n).tolist():
        items[i], items[j] = items[j], items[i]
        i -= 1
    rng.state = int(s[-1])
