"""Levels for people: ``easy``, ``medium`` and ``hard`` as bot settings.

A level is a bot plus two human touches: ``mistakes``, the share of decisions where it plays
some other honest move instead of its choice, and ``vigilance``, the chance it notices a miss
it could call (Tač's open-call mode, T11); a miss it does not notice it lets go. No level ever
misses on purpose.
"""

from __future__ import annotations

import random
from typing import Any

from kartaros.bots.ismcts import search_actions
from kartaros.info import GREEDY, BotSetting, GameInfo
from kartaros.state import GameState

# level → (mistakes, vigilance). Each level plays the heuristic, except ``hard``, which plays
# the bot each game declares for it (``GameInfo.hard``: the search measured stronger than the
# heuristic there, docs/strength.md), without mistakes and always vigilant.
LEVELS: dict[str, tuple[float, float]] = {
    "easy": (0.35, 0.4),
    "medium": (0.1, 0.75),
    "hard": (0.0, 1.0),
}


def level_setting(level: str, info: GameInfo) -> BotSetting:
    """The bot ``level`` plays ``info``'s game with."""
    return info.hard if level == "hard" else GREEDY


class LevelBot:
    """The level's bot for each game, with a share of ``mistakes`` and a ``vigilance`` for calls."""

    def __init__(self, level: str, *, mistakes: float, vigilance: float, seed: int | None) -> None:
        self.name = level
        self.mistakes = mistakes
        self.vigilance = vigilance
        self.seed = seed
        self._rng = random.Random(seed)
        self._inner: dict[str, Any] = {}

    def inner(self, info: GameInfo) -> Any:
        """The bot this level plays ``info``'s game with (made on first use)."""
        bot = self._inner.get(info.name)
        if bot is None:
            from kartaros.bots import make  # ``kartaros.bots`` imports this module

            name, params = level_setting(self.name, info)
            bot = self._inner[info.name] = make(name, seed=self.seed, **params)
        return bot

    def choose(self, state: GameState) -> str:
        honest = search_actions(state)
        call = state.info.call_action
        if call is not None and call in honest and self._rng.random() >= self.vigilance:
            others = [a for a in honest if a != call]
            if others:
                return others[0]  # the miss went unnoticed: let it go
        if len(honest) > 1 and self._rng.random() < self.mistakes:
            return honest[self._rng.randrange(len(honest))]
        return str(self.inner(state.info).choose(state))

    def __repr__(self) -> str:
        return f"LevelBot({self.name!r}, seed={self.seed!r})"
