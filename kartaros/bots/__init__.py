"""Bots: programs that choose a move for the player to move.

A bot sees only what that player may know: ``state.legal_actions()`` and
``state.observation(state.current_player)``. Nothing else of the state (no ``zones()``, no
private fields) may inform its choice, so a bot plays the same in every world the player
cannot tell apart.

    >>> import kartaros
    >>> from kartaros.bots import make
    >>> state = kartaros.new_game("kec", seed=7)
    >>> make("random", seed=1).choose(state)
    'draw'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from kartaros.bots.greedy import GreedyBot
from kartaros.bots.ismcts import IsmctsBot
from kartaros.bots.learned import LearnedBot
from kartaros.bots.levels import LEVELS, Level, LevelBot
from kartaros.bots.pimc import PimcBot
from kartaros.bots.random_bot import RandomBot
from kartaros.state import GameState

__all__ = [
    "BOTS", "LEVELS", "Bot", "GreedyBot", "IsmctsBot", "LearnedBot", "Level", "LevelBot", "PimcBot", "RandomBot",
    "check_game", "for_level", "make",
]


class Bot(Protocol):
    """What every bot offers: a name, and a move for the player to move."""

    name: str

    def choose(self, state: GameState) -> str:
        """One of ``state.legal_actions()``, for ``state.current_player``."""
        ...


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": IsmctsBot,
    "pimc": PimcBot,
    "learned": LearnedBot,
}


def make(name: str, *, seed: int | None = None, **params: Any) -> Bot:
    """A new bot by name (see ``BOTS``) or level (see ``LEVELS``: a level takes no parameters),
    with its own generator seeded by ``seed`` (random if None)."""
    if isinstance(name, str) and name in LEVELS and name not in BOTS:
        if params:
            raise ValueError(f"the level {name!r} takes no parameters; got {', '.join(params)}")
        return for_level(name, seed=seed)
    factory = BOTS.get(name) if isinstance(name, str) else None
    if factory is None:
        known = ", ".join(sorted(BOTS))
        levels = ", ".join(LEVELS)
        raise ValueError(f"there is no bot called {name!r}; the known bots are: {known} (and the levels {levels})")
    return factory(seed=seed, **params)


def check_game(bot: Bot, state: GameState) -> None:
    """Raise ValueError, with a sentence saying why, if ``bot`` cannot play ``state``'s game and
    player count (a bot that can play only some offers ``check_game(state)``, as the learned bot
    does, whose policies are trained for some games); otherwise nothing."""
    check = getattr(bot, "check_game", None)
    if check is not None:
        check(state)


def for_level(level: str, *, seed: int | None = None) -> Bot:
    """The bot that plays at ``level`` (easy, medium or hard; see ``LEVELS``)."""
    if level not in LEVELS:
        raise ValueError(f"there is no level {level!r}; the levels are: {', '.join(LEVELS)}")
    return LevelBot(level, LEVELS[level], seed=seed)
