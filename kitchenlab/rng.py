"""The kit's seeded generator: SplitMix64, whose whole state is one integer, so it is copied for free
with a game state and saved in JSON. The global ``random`` module is never used.
"""

from __future__ import annotations

from typing import Sequence

from .errors import KitchenlabError

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
            raise KitchenlabError(f"randbelow needs n >= 1, got {n}")
        limit = _TWO64 - _TWO64 % n
        while True:
            # x = self.next64(), written out: every random playout draws at every step
            self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            x = z ^ (z >> 31)
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
