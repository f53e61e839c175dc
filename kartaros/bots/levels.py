"""Levels for people: ``easy``, ``medium`` and ``hard`` as bot settings.

A level is a bot plus the human touches of a :class:`Level`: now and then it plays another
honest move than its choice (``mistakes``); in a game with misses and calls (Tač's open-call
mode, T11-T12) it sometimes misses a placement it had to make (``miss_rate``), and it notices
others' misses only some of the time (``notice``) and calls them after a human reaction time
(``reaction``, seconds after the miss).

Where the reaction times come from: to a light going on, attentive people press a button in
about 0.2-0.25 s (simple visual reaction time); each choice to make on top adds time (Hick's
law). Calling a miss is such a choice: one has to see the card that went astray and judge
that it fitted somewhere, then press. Our reading of what attentive people do in fast card
games is 0.5-1.5 s; someone who also thinks of his own cards takes 2-3 s and sometimes does
not see the miss at all. Measured reaction times are skewed to the right (a few slow ones,
none much faster than the typical), which a lognormal describes well, so a level draws its
time as ``median · e^(spread·z)`` for a standard normal z, never below ``fastest`` (a
reaction plus the hand's move; nobody calls before he could have seen the card).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from kartaros.bots.ismcts import search_actions
from kartaros.info import GREEDY, BotSetting, GameInfo
from kartaros.state import GameState


@dataclass(frozen=True)
class Level:
    """How a level plays like a person; every share is a probability from 0 to 1."""

    # The share of decisions (with more than one honest move) where it plays some other honest
    # move, chosen at random, instead of its bot's choice.
    mistakes: float
    # The chance it misses when a miss is legal, that is when a placement is obligatory (T11:
    # it turns or keeps its card instead of placing it, as a distracted person does).
    miss_rate: float
    # The chance it notices another player's miss at all; a miss it does not notice it lets go.
    notice: float
    # Its reaction time when it notices a miss, in seconds after the miss: lognormal with this
    # median and this spread (the standard deviation of its logarithm), never below ``fastest``.
    reaction_median: float
    reaction_spread: float
    fastest: float = 0.35

    def __post_init__(self) -> None:
        for share in ("mistakes", "miss_rate", "notice"):
            if not 0.0 <= getattr(self, share) <= 1.0:
                raise ValueError(f"{share} is a probability from 0 to 1; got {getattr(self, share)!r}")
        if not 0 < self.fastest <= self.reaction_median or self.reaction_spread < 0:
            raise ValueError("a reaction time needs 0 < fastest ≤ median and a spread ≥ 0")

    def reaction_time(self, rng: random.Random) -> float:
        """One reaction time, in seconds, drawn from ``rng``."""
        drawn = self.reaction_median * math.exp(self.reaction_spread * rng.gauss(0.0, 1.0))
        return max(self.fastest, drawn)


# Each level plays the heuristic, except ``hard``, which plays the bot each game declares for it
# (``GameInfo.hard``: the search measured stronger than the heuristic there, docs/strength.md),
# without mistakes or misses, noticing every miss as fast as an attentive person.
LEVELS: dict[str, Level] = {
    # Plays without much attention: a wrong move in three, a miss in five chances, a call slow.
    "easy": Level(mistakes=0.35, miss_rate=0.2, notice=0.5, reaction_median=2.6, reaction_spread=0.35),
    # Plays carefully: a wrong move in ten, a miss now and then, calls most misses in time.
    "medium": Level(mistakes=0.1, miss_rate=0.05, notice=0.8, reaction_median=1.5, reaction_spread=0.3),
    # Attentive and quick, but human: about three quarters of a second.
    "hard": Level(mistakes=0.0, miss_rate=0.0, notice=1.0, reaction_median=0.75, reaction_spread=0.25),
}


def level_setting(level: str, info: GameInfo) -> BotSetting:
    """The bot ``level`` plays ``info``'s game with."""
    return info.hard if level == "hard" else GREEDY


class LevelBot:
    """The level's bot for each game, played with the human touches of its :class:`Level`."""

    def __init__(self, name: str, level: Level, *, seed: int | None) -> None:
        self.name = name
        self.level = level
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
        level, rng = self.level, self._rng
        honest = search_actions(state)
        call = state.info.call_action
        if call is not None and call in honest and rng.random() >= level.notice:
            # A window asked in turn (the engine's, T11): the miss went unnoticed, let it go.
            others = [a for a in honest if a != call]
            if others:
                return others[0]
        is_miss = state.info.is_miss
        if is_miss is not None and level.miss_rate > 0:
            # A miss is legal only where a placement is obligatory (T11); a distracted person
            # does not see the card fits and goes on as if it did not (turns, or keeps it).
            misses = [a for a in state.legal_actions() if is_miss(a)]
            if misses and len(misses) < len(state.legal_actions()) and rng.random() < level.miss_rate:
                return misses[rng.randrange(len(misses))]
        if len(honest) > 1 and rng.random() < level.mistakes:
            return honest[rng.randrange(len(honest))]
        return str(self.inner(state.info).choose(state))

    def reaction(self, state: GameState, seat: int) -> float | None:
        """When ``seat`` calls the miss just made, in seconds after it, or None if it does not
        notice it (T11). Asked only while a window is open to ``seat``; what it knows is its
        own observation, and the draw is its own generator's, so the answer is the same in
        every world the seat cannot tell apart."""
        seen = state.observation(seat)
        if seen["result"] is not None:
            return None  # the game is over: nothing to call
        level, rng = self.level, self._rng
        if rng.random() >= level.notice:
            return None
        return level.reaction_time(rng)

    def __repr__(self) -> str:
        return f"LevelBot({self.name!r}, seed={self.seed!r})"
