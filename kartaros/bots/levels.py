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
from kartaros.state import GameState

BotSetting = tuple[str, dict[str, Any]]  # a bot name and its parameters

# The search that plays ``hard`` in a game where it measured stronger than the heuristic
# (docs/strength.md): PIMC in Puck (2, 3 and 4 players with 95% confidence, about a tenth to a
# third of a second a move; ISMCTS with a paired baseline is as strong there, but slower), and
# in Keč ISMCTS with a paired baseline and a 40-move horizon (about 0.4 s a move, under 1 s).
# Elsewhere ``hard`` is the heuristic without mistakes, always vigilant: no search measured
# stronger there, and a person waits for none.
KEC_SEARCH: dict[str, Any] = {
    "iterations": 100, "prior": "greedy", "rollout": "greedy", "horizon": 40, "baseline": "greedy",
    "c": 0.1, "anchor": 1,
}
HARD_SEARCH: dict[str, BotSetting] = {
    "puck": ("pimc", {"worlds": 60, "horizon": 8}),
    "kec": ("ismcts", KEC_SEARCH),
}

# level → (bot per game, "*" for the others; mistakes; vigilance)
LEVELS: dict[str, tuple[dict[str, BotSetting], float, float]] = {
    "easy": ({"*": ("greedy", {})}, 0.35, 0.4),
    "medium": ({"*": ("greedy", {})}, 0.1, 0.75),
    "hard": ({"*": ("greedy", {}), **HARD_SEARCH}, 0.0, 1.0),
}


class LevelBot:
    """The level's bot for each game, with a share of ``mistakes`` and a ``vigilance`` for calls."""

    def __init__(
        self, level: str, bots: dict[str, BotSetting], *, mistakes: float, vigilance: float, seed: int | None
    ) -> None:
        self.name = level
        self.bots = bots
        self.mistakes = mistakes
        self.vigilance = vigilance
        self.seed = seed
        self._rng = random.Random(seed)
        self._inner: dict[str, Any] = {}

    def inner(self, game: str) -> Any:
        """The bot this level plays ``game`` with (made on first use)."""
        bot = self._inner.get(game)
        if bot is None:
            from kartaros.bots import make  # the registry imports this module

            name, params = self.bots.get(game, self.bots["*"])
            bot = self._inner[game] = make(name, seed=self.seed, **params)
        return bot

    def choose(self, state: GameState) -> str:
        honest = search_actions(state)
        calls = [a for a in honest if state.is_call(a)]
        if calls and self._rng.random() >= self.vigilance:
            others = [a for a in honest if not state.is_call(a)]
            if others:
                return others[0]  # the miss went unnoticed: let it go
        if len(honest) > 1 and self._rng.random() < self.mistakes:
            return honest[self._rng.randrange(len(honest))]
        return str(self.inner(state.game).choose(state))

    def __repr__(self) -> str:
        return f"LevelBot({self.name!r}, seed={self.seed!r})"
