"""Python's cyclic garbage collector, set for a server process.

A server holds hundreds of tables in memory, each a game with its history, views and
sentences: about a million objects that live for minutes. With the collector's defaults every
700 new objects start a young collection, and every 70,000 a full one that walks all of those
objects, about a tenth of a second during which no table is answered: at 200 tables at full
speed (``benchmarks/load.py``) the collector took 14% of the server's time, 26 full
collections in 30 seconds, and those pauses made the slowest round trips. So the server
freezes what it holds once started (the modules, the app: never garbage, never walked again)
and starts a young collection every ``YOUNG_OBJECTS`` new objects instead. The other
thresholds stay the defaults, each a number of the collections below it, so a full
collection comes after 14 times as many new objects (3 in those 30 seconds, the collector's
time 2%). Garbage in cycles waits a little longer to be freed; everything else is freed at
once, by its reference count, as before.
"""

from __future__ import annotations

import gc
from typing import Final

YOUNG_OBJECTS: Final = 10_000  # new container objects (less those freed) between young collections


def tune_for_serving() -> None:
    """Freeze what the process holds now and space the collections out (see the module); called
    once a server process has built its app, before it serves."""
    gc.collect()  # the garbage of start-up goes first, so that none of it is frozen
    gc.freeze()
    _, middle, full = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS, middle, full)
