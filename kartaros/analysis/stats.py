"""Small statistics helpers: the Wilson score interval and deterministic seed derivation."""

from __future__ import annotations

import hashlib
import math

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile


def wilson(score: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a rate ``score / n`` (95% by default).

    ``score`` may be fractional (draws count as shares): every game's score lies in [0, 1], so
    its variance is at most p(1 − p) (the Bhatia–Davis inequality) and the interval, built on
    p(1 − p), stays valid — a little wide when there are draws. ``n == 0`` gives ``(0, 1)``.
    """
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= score <= n:
        raise ValueError(f"score must lie between 0 and n; got {score} of {n}")
    p = score / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if p == 0 else max(0.0, centre - half)  # exact ends, free of rounding
    high = 1.0 if p == 1 else min(1.0, centre + half)
    return (low, high)


def derive_seed(seed: int, *parts: int | str) -> int:
    """A 63-bit seed from ``seed`` and ``parts``: the same in every process and on every machine."""
    text = ":".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1
