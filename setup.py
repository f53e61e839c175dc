"""The optional compiled build: ``KARTAROS_COMPILE=1 pip install .`` compiles the modules of
``COMPILED`` to C extension modules with mypyc (from the ``mypy`` package), from the same
source. Without the variable this is the pure-Python build, the default; pyproject.toml holds
everything else. ``scripts/test-compiled`` checks that both builds play the same games, and
``docs/speed.md`` says what each gains."""

from __future__ import annotations

import os
from typing import Any

from setuptools import setup

# What pays to compile, measured per game (benchmarks/versions.py, a compiled tree against the
# pure one, docs/speed.md): the rules of every game gain, random play 1.2 to 1.5 times as fast,
# playouts 1.5 to 2, ISMCTS 1.45 to 2, with the core they stand on (a game's state class derives
# from GameState, and a compiled class derives only from compiled ones). The search itself
# (kartaros/bots/ismcts.py) measured no faster compiled (1.00 to 1.05, and within the noise again
# after Puck's search round; 0.96-0.99 of the instructions counted under cachegrind) for a third
# more build time, and would answer a mistyped argument with a TypeError instead of its ValueError:
# it stays pure, as does everything else: the heuristics, words, views, bots, server and
# terminal are not where the time goes.
COMPILED = [
    "kartaros/rng.py",
    "kartaros/cards.py",
    "kartaros/state.py",
    "kartaros/games/kec/rules.py",
    "kartaros/games/nesalomljiv/rules.py",
    "kartaros/games/tac/rules.py",
    "kartaros/games/puck/rules.py",
]
MYPYC = "mypy>=1.10"  # mypyc comes with mypy


def compiled_build() -> dict[str, Any]:
    """setup()'s arguments for the build asked for: none for the pure one."""
    if os.environ.get("KARTAROS_COMPILE") != "1":
        return {}
    try:
        from mypyc.build import mypycify
    except ImportError:  # building in isolation: ask pip for mypy first, then it builds again
        return {"setup_requires": [MYPYC]}
    # Its own type-check settings (mypyc.ini): the project's stricter ones are for development.
    return {"ext_modules": mypycify(["--config-file", "mypyc.ini", *COMPILED], opt_level="3")}


setup(**compiled_build())
