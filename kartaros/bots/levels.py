"""Levels for people: ``easy``, ``medium`` and ``hard`` as bot settings.

A level is a bot plus two human touches: ``mistakes``, the share of decisions where it plays
some other honest move instead of its choice, and ``vigilance``, the chance it notices a miss
it could call (Tač's open-call mode, T11); a miss it does not notice it lets go. No level ever
misses on purpose.
"""

from __future__ import annotations

import random
from typing import Any

from kartaros.state import GameState

# level → (bot name, bot parameters, mistakes, vigilance)
LEVELS: dict[str, tuple[str, dict[str, Any], float, float]] = {
    "easy": ("greedy", {}, 0.35, 0.4),
    "medium": ("greedy", {}, 0.0, 0.75),
    "hard": ("ismcts", {"seconds": 1.0, "prior": "greedy"}, 0.0, 1.0),
}


class LevelBot:
    """``inner`` bot, with a share of ``mistakes`` and a ``vigilance`` for calls."""

    def __init__(self, level: str, inner: Any, *, mistakes: float, vigilance: float, seed: int | None) -> None:
        self.name = level
        self.inner = inner
        self.mistakes = mistakes
        self.vigilance = vigilance
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> str:
        legal = state.legal_actions()
        honest = [a for a in legal if not state.is_miss(a)] or legal
        calls = [a for a in honest if state.is_call(a)]
        if calls and self._rng.random() >= self.vigilance:
            others = [a for a in honest if not state.is_call(a)]
            if others:
                return others[0]  # the miss went unnoticed: let it go
        if len(honest) > 1 and self._rng.random() < self.mistakes:
            return honest[self._rng.randrange(len(honest))]
        return str(self.inner.choose(state))

    def __repr__(self) -> str:
        return f"LevelBot({self.name!r}, {self.inner!r})"
