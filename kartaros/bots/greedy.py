"""The greedy bot: a hand-written heuristic per game, from understanding its rules.

Each game declares its heuristic (``GameInfo.heuristic``, in the game's ``heuristic.py``): a
function ``policy(obs, legal, rng) -> str`` that sees only the player's observation and legal
actions. In search rollouts it may get an observation without its event history
(``events`` empty), so it must not depend on events to choose a legal move; the bot, too,
passes no history (building it costs more than the heuristic).
"""

from __future__ import annotations

import random
from typing import Any

from kartaros.state import NO_EVENTS, GameState


def greedy_move(state: GameState, legal: list[str], rng: random.Random) -> str:
    """The heuristic's pick among ``legal`` for the player to move (the only one, if one)."""
    if len(legal) == 1:
        return legal[0]
    player = state.current_player
    assert player is not None
    observation = state.observation(player, since=NO_EVENTS)  # the policies read no history
    return state.info.heuristic(observation, legal, rng)


class GreedyBot:
    """Plays each game's heuristic (``GameInfo.heuristic``) for the player to move."""

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
