"""The greedy bot: a hand-written heuristic per game, from understanding its rules.

Each game's heuristic lives in ``kartaros.bots.greedy_<game>`` as a function
``policy(obs, legal, rng) -> str`` that sees only the player's observation and legal
actions. In search rollouts it may get an observation without its event history
(``events`` empty), so it must not depend on events to choose a legal move; the bot, too,
passes no history (building it costs more than the heuristic).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

from kartaros.state import NO_EVENTS, GameState

Policy = Callable[[dict[str, Any], list[str], random.Random], str]

_POLICIES: dict[str, Policy] = {}


def policy_for(game: str) -> Policy:
    """The heuristic of ``game`` (imported on first use)."""
    policy = _POLICIES.get(game)
    if policy is None:
        try:
            module = importlib.import_module(f"kartaros.bots.greedy_{game}")
        except ModuleNotFoundError:
            raise ValueError(f"the greedy bot does not know the game {game!r}") from None
        policy = _POLICIES[game] = module.policy
    return policy


def greedy_move(state: GameState, legal: list[str], rng: random.Random) -> str:
    """The heuristic's pick among ``legal`` for the player to move (the only one, if one)."""
    if len(legal) == 1:
        return legal[0]
    player = state.current_player
    assert player is not None
    observation = state.observation(player, since=NO_EVENTS)  # the policies read no history
    return policy_for(state.game)(observation, legal, rng)


class GreedyBot:
    """Plays each game's heuristic (``policy_for``) for the player to move."""

    name = "greedy"

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        if params:
            raise ValueError(f"the greedy bot takes no parameters; got {', '.join(sorted(params))}")
        if seed is not None and type(seed) is not int:
            raise ValueError(f"seed must be an int; got {seed!r}")
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> str:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("there is no move to choose: the game is over")
        return greedy_move(state, legal, self._rng)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed!r})"
