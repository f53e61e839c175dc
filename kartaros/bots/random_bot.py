"""The random bot: a uniformly random legal move, from its own seeded generator."""

from __future__ import annotations

import random
from typing import Any

from kartaros.state import GameState


class RandomBot:
    """Picks uniformly among ``state.legal_actions()``; looks at nothing else."""

    name = "random"

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        if params:
            raise ValueError(f"the random bot takes no parameters; got {', '.join(sorted(params))}")
        if seed is not None and type(seed) is not int:
            raise ValueError(f"seed must be an int; got {seed!r}")
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> str:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("there is no move to choose: the game is over")
        return actions[self._rng.randrange(len(actions))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"
