"""An exact, faster deck shuffle for the card games (Tem-Purr-A, Chefs).

Besides the engine's ``apply`` and ``copy``, a random playout spends its time shuffling decks.
:func:`shuffle` makes the very draws of :meth:`Rng.shuffle` (same order, same generator state
afterwards), computed for the whole deck at once with numpy (loaded with this module, which the
card games import; ``import kitchenlab`` alone does not load it).
"""

from __future__ import annotations

from .engine import Rng


# ---------------------------------------------------------------- the shuffle

try:                # numpy comes with pandas; without it, shuffle is Rng.shuffle itself
    import numpy as _np
except ImportError:  # pragma: no cover
    _np = None

_MAX = 512           # longer lists go to Rng.shuffle (a Tem-Purr-A deck holds at most 95 cards)
_MIN = 12            # and so do shorter ones: below about this size numpy's set-up costs more
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
    if m < _MIN or m >= _MAX or _np is None:
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
