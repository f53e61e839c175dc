"""The state's own seeded random generator.

SplitMix64: one 64-bit integer of state, so ``clone()`` copies an int, and the sequence is
defined here rather than by the Python version (a record made today replays bit-for-bit
on any later Python).
"""

from __future__ import annotations

import math
import secrets
import struct
import sys
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


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
        """Fisher-Yates in place: ``below(i + 1)`` for i from the end.

        The draws, and the places they choose, are computed at once, as lanes of one big
        integer (``_Lanes``): the n - 1 states of a shuffle are known in advance (the state
        is a counter), and SplitMix's steps are shifts, xors and multiplications that keep
        within a 128-bit lane once masked to its low 64 bits, so each step runs once, in C,
        for every draw. So does ``below``'s product of each draw by its lane's size, as the
        sum of the lanes shifted by each bit of their sizes (``_Lanes.sizes``), whose top half
        is the place. For a deck 9.3 µs compiled against 12.4 with the products made a draw
        at a time (pure 9.2 against 10.4), and the very same numbers (tests/test_core.py)."""
        n = len(items)
        if n < 2:
            return
        lanes = _LANES.get(n) or _new_lanes(n)
        s = self.state
        draws = _in_lanes(s, lanes)
        products = 0
        for bit, lanes_with_bit in lanes.sizes:
            products += (draws & lanes_with_bit) << bit
        # Each lane's place is its product's high half: up to 256 items, a place is the first
        # byte of that half (the rest are 0), read in C as ints Python keeps made.
        places: Sequence[int]
        if n <= 256:
            places = products.to_bytes(lanes.size, "little")[8::16]
        else:
            places = lanes.draws((products >> 64).to_bytes(lanes.size, "little"))
        size = n  # of the part still to shuffle, counted down by hand (cheaper than a zipped range)
        for j in places:
            size -= 1  # the last place of that part, swapped with place j
            items[size], items[j] = items[j], items[size]
        self.state = (s + (n - 1) * _GOLDEN) & _MASK

    def quick_shuffle(self, items: list[int]) -> None:
        """A uniform shuffle (bias below 2**-50) from a few draws instead of one per item, for
        the worlds a search samples (``determinize``); the games' own chance keeps ``shuffle``.

        One big random number, read digit by digit in the mixed radix n, n - 1, …, 2, gives
        Fisher-Yates its choices: its 64-bit draws hold 50 bits more than a permutation needs.
        """
        n = len(items)
        draws = _DRAWS[n] if n < len(_DRAWS) else _draws_for(n)
        if n < 2:  # nothing to move: the draws it would make, skipped (the state is a counter)
            self.state = (self.state + draws * _GOLDEN) & _MASK
            return
        if draws > 2 and _LITTLE:  # (for two, the lanes cost what they save)
            r = self._draws(draws)
        else:
            r = 0
            z = self.state
            for _ in range(draws):  # next64, inlined: worlds make many small shuffles
                z = (z + _GOLDEN) & _MASK
                x = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
                r = r << 64 | x ^ (x >> 31)
            self.state = z
        # Its digits come a chunk at a time: the remainder by the product of the next radices
        # (under 2**62) holds them, so the number itself is divided a few times, not n - 1, and
        # the digits come out of a small int (native arithmetic in the compiled build).
        if n <= _ONE_CHUNK:  # every digit from one remainder: the worlds' many small shuffles
            low = r % _FACTORIALS[n]
            for i in range(n - 1, 0, -1):
                j = low % (i + 1)
                low //= i + 1
                items[i], items[j] = items[j], items[i]
            return
        for product, top, bottom in _CHUNKS[n] if n < len(_CHUNKS) else _chunks_for(n):
            r, low = divmod(r, product)
            for i in range(top, bottom, -1):
                j = low % (i + 1)
                low //= i + 1
                items[i], items[j] = items[j], items[i]

    def _draws(self, count: int) -> int:
        """The next ``count`` draws as one number, the first the most significant, computed
        at once in lanes as ``shuffle`` does (on a little-endian machine): a handful of
        operations on one big integer instead of a dozen per draw, each making an int of its own."""
        lanes = _LANES.get(count + 1) or _new_lanes(count + 1)  # (count lanes)
        s = self.state
        z = _in_lanes(s, lanes)
        self.state = (s + count * _GOLDEN) & _MASK
        # The low halves, last draw first: as little-endian bytes, the first draw on top.
        return int.from_bytes(memoryview(z.to_bytes(lanes.size, "little")).cast("Q")[-2::-2].tobytes(), "little")

    def clone(self) -> Rng:
        return Rng(self.state)


def _draws_for(n: int) -> int:
    """How many 64-bit draws hold log2(n!) + 50 bits."""
    return _DRAWS[n] if n < len(_DRAWS) else (math.factorial(n).bit_length() + 113) // 64


_DRAWS: Final = [(math.factorial(n).bit_length() + 113) // 64 for n in range(105)]  # up to two decks


def _chunks_for(n: int) -> list[tuple[int, int, int]]:
    """The digits of a shuffle of ``n`` items (``quick_shuffle``: radix i + 1 for i from n - 1
    down to 1) in chunks: each chunk's product of radices (under 2**62, a short int compiled)
    and its range of i, from ``top`` down to above ``bottom``."""
    chunks: list[tuple[int, int, int]] = []
    top = n - 1
    while top > 0:
        product, i = 1, top
        while i > 0 and product * (i + 1) < 1 << 62:
            product *= i + 1
            i -= 1
        chunks.append((product, top, i))
        top = i
    return chunks


_CHUNKS: Final = [_chunks_for(n) for n in range(105)]
_FACTORIALS: Final = [math.factorial(n) for n in range(21)]
_ONE_CHUNK: Final = 20  # 20! < 2**62


class _Lanes(NamedTuple):
    """The constants of a shuffle of ``n`` items: n - 1 lanes of 128 bits in one integer, the
    draws' values in their low 64 bits (a product of two of them fits in the lane)."""

    ones: int  # 1 in every lane
    steps: int  # lane k - 1: k * _GOLDEN, mod 2**64
    low: int  # the low 64 bits of every lane
    size: int  # bytes of the lanes
    draws: Callable[[bytes], Sequence[int]]  # the lanes' bytes, little-endian → their low halves
    # (bit, the low halves of the lanes whose size has that bit), for a shuffle's products:
    # lane k - 1 draws for a part of n - k + 1 items
    sizes: tuple[tuple[int, int], ...]


def _new_lanes(n: int) -> _Lanes:
    """The lanes of a shuffle of ``n`` items, made and kept (``_LANES``)."""
    ones = sum(1 << (128 * k) for k in range(n - 1))
    steps = sum((((k + 1) * _GOLDEN) & _MASK) << (128 * k) for k in range(n - 1))
    sizes = tuple(
        (bit, sum(_MASK << (128 * k) for k in range(n - 1) if (n - k) >> bit & 1)) for bit in range(n.bit_length())
    )
    lanes = _LANES[n] = _Lanes(ones, steps, ones * _MASK, 16 * (n - 1), _low_halves if _LITTLE else _unpacker(n), sizes)
    return lanes


def _in_lanes(state: int, lanes: _Lanes) -> int:
    """The draws that follow ``state``, one a lane (lane k - 1: the k-th), each in the low 64
    bits of its lane: SplitMix's steps on every lane at once (``_Lanes``). The high halves
    hold bits of the next lane (the last shift's), which no reader takes: the shuffle masks
    the low halves for its products, and ``_draws`` reads them alone."""
    low = lanes.low
    z = (state * lanes.ones + lanes.steps) & low  # lane k - 1: the state after k steps
    z = ((z ^ (z >> 30)) & low) * 0xBF58476D1CE4E5B9 & low
    z = ((z ^ (z >> 27)) & low) * 0x94D049BB133111EB & low
    return z ^ (z >> 31)


def _low_halves(lanes: bytes) -> Sequence[int]:
    """The low halves of the lanes, read in place: a view of the bytes as 64-bit words makes
    ints of the low halves only (a tenth faster than unpacking both halves with ``struct``)."""
    return memoryview(lanes).cast("Q")[::2]


def _unpacker(n: int) -> Callable[[bytes], Sequence[int]]:
    """``_low_halves`` on a big-endian machine, where the native words are not the lanes'."""
    unpack = struct.Struct(f"<{2 * (n - 1)}Q").unpack
    return lambda lanes: unpack(lanes)[::2]


_LITTLE: Final = sys.byteorder == "little"


_LANES: Final[dict[int, _Lanes]] = {}  # by the number of items, made when first needed
