"""The state's own seeded random generator.

SplitMix64: one 64-bit integer of state, so ``clone()`` copies an int, and the sequence is
defined here rather than by the Python version (a record made today replays bit-for-bit
on any later Python).
"""

from __future__ import annotations

import math
import secrets

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def new_seed() -> int:
    """A fresh random seed for a game started without one (it is still recorded)."""
    return secrets.randbits(63)


def mix(*parts: int) -> int:
    """Derive one 64-bit seed from several integers (e.g. a seed and a purpose)."""
    z = 0
    for part in parts:
        z = (z + _GOLDEN + (part & _MASK)) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
    return z


class Rng:
    """A small deterministic generator: ``below(n)`` and ``shuffle(list)`` are all games need."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (multiply-shift; bias below 2**-50 for card counts)."""
        self.state = z = (self.state + _GOLDEN) & _MASK  # next64, inlined: a hot path
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def shuffle(self, items: list[int]) -> None:
        """Fisher-Yates in place (``below(i + 1)`` for i from the end, inlined)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s

    def quick_shuffle(self, items: list[int]) -> None:
        """A uniform shuffle (bias below 2**-50) from a few draws instead of one per item, for
        the worlds a search samples (``determinize``); the games' own chance keeps ``shuffle``.

        One big random number, read digit by digit in the mixed radix n, n - 1, …, 2, gives
        Fisher-Yates its choices: its 64-bit draws hold 50 bits more than a permutation needs.
        """
        n = len(items)
        if n < 2:  # nothing to move: the draws it would make, skipped (the state is a counter)
            self.state = (self.state + _draws_for(n) * _GOLDEN) & _MASK
            return
        r = 0
        for _ in range(_draws_for(n)):
            r = r << 64 | self.next64()
        for i in range(n - 1, 0, -1):
            r, j = divmod(r, i + 1)
            items[i], items[j] = items[j], items[i]

    def clone(self) -> Rng:
        return Rng(self.state)


def _draws_for(n: int) -> int:
    """How many 64-bit draws hold log2(n!) + 50 bits."""
    return _DRAWS[n] if n < len(_DRAWS) else (math.factorial(n).bit_length() + 113) // 64


_DRAWS = [(math.factorial(n).bit_length() + 113) // 64 for n in range(105)]  # up to two decks
