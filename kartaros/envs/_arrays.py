"""numpy arrays from kartaros.rl's sparse tensors (index → value)."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np


def dense(sparse: Mapping[int, float], size: int) -> np.ndarray:
    """A float32 array of ``size`` with the given slots set (far cheaper than converting a list)."""
    array = np.zeros(size, np.float32)
    if sparse:
        array[list(sparse)] = list(sparse.values())
    return array


def mask(ids: Mapping[int, str], size: int) -> np.ndarray:
    """An int8 mask of ``size`` with the given ids set."""
    array = np.zeros(size, np.int8)
    if ids:
        array[list(ids)] = 1
    return array
