"""numpy arrays from kartaros.rl's tensors and legal ids."""

from __future__ import annotations

from array import array
from collections.abc import Iterable

import numpy as np

FLOAT32, INT8 = np.dtype(np.float32), np.dtype(np.int8)  # dtype objects: a little cheaper per call


def tensor(values: array[float]) -> np.ndarray:
    """A float32 numpy array over the memory of a float32 ``array`` (no copy: the array is new)."""
    return np.frombuffer(values, FLOAT32)


def mask(ids: Iterable[int], size: int) -> np.ndarray:
    """An int8 mask of ``size`` with the given ids set."""
    flags = bytearray(size)
    for i in ids:
        flags[i] = 1
    return np.frombuffer(flags, INT8)
