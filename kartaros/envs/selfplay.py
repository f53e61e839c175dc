"""Self-play for the Gymnasium environment: policies as bots, and a pool of past selves.

    >>> import numpy as np
    >>> from kartaros.envs.selfplay import PolicyPool, self_play_env
    >>> def first_legal(obs):                                   # any policy: observation -> id
    ...     return int(np.flatnonzero(obs["action_mask"])[0])
    >>> env = self_play_env("puck", players=3, policy=first_legal)
    >>> obs, info = env.reset(seed=1)
    >>> pool = PolicyPool([first_legal], seed=2)                # grows with add(snapshot)
    >>> env = self_play_env("puck", players=3, pool=pool, seat="random")

A policy takes the observation dict the learner gets (``{"observation", "action_mask"}``) and
returns a legal id. ``PolicyBot`` plays a seat with it: it sees only that seat's
``observation(player)``, encoded as the learner's is, so the no-cheating rule holds. With
``policy=`` every other seat plays the learner's current policy (pass the object your trainer
updates, and the opponents improve with it); with ``pool=`` each seat draws a policy from the
pool at the start of every game (``PolicyPool.add`` puts in a frozen snapshot of the learner).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal

import numpy as np

from kartaros import rl
from kartaros.envs._arrays import mask
from kartaros.envs.gymnasium import SingleAgentEnv
from kartaros.state import GameState

Observation = dict[str, np.ndarray]
Policy = Callable[[Observation], int]


class PolicyBot:
    """A bot that plays ``policy`` on its seat's encoded observation."""

    name = "policy"

    def __init__(
        self, policy: Policy, game: str, players: int, variant: Mapping[str, Any] | None = None, *,
        recall: bool = False, history: int | None = None,
    ) -> None:
        self.policy = policy
        self.space = rl.action_space(game, players)
        self.encoder = rl.encoder(game, players, dict(variant or {}), recall=recall, history=history)

    def choose(self, state: GameState) -> str:
        seat = state.current_player
        assert seat is not None
        return self.space.action(state, self.act(self.policy, state, seat))

    def act(self, policy: Policy, state: GameState, seat: int) -> int:
        """The id ``policy`` picks for ``seat``, from his observation only."""
        seen = np.asarray(self.encoder.encode(state.observation(seat)), np.float32)
        legal = mask(self.space.legal_ids(state), self.space.size)
        return int(policy({"observation": seen, "action_mask": legal}))


class PolicyPool:
    """Past policies to play against; a seat draws one at the start of each game."""

    def __init__(self, policies: Sequence[Policy] = (), *, seed: int | None = None, keep: int | None = None) -> None:
        if keep is not None and keep < 1:
            raise ValueError(f"keep must be at least 1 (or None: keep all); got {keep!r}")
        self.policies: list[Policy] = list(policies)
        self.keep = keep
        self._rng = random.Random(seed)

    def add(self, policy: Policy) -> None:
        """Put ``policy`` in (a frozen snapshot: the pool keeps the object it is given); with
        ``keep``, the oldest drops out."""
        self.policies.append(policy)
        if self.keep is not None and len(self.policies) > self.keep:
            del self.policies[0]

    def draw(self) -> Policy:
        if not self.policies:
            raise ValueError("the policy pool is empty: add a policy first")
        return self.policies[self._rng.randrange(len(self.policies))]


class PoolBot(PolicyBot):
    """A seat that plays a policy drawn from a pool, a new draw for each game."""

    name = "pool"

    def __init__(self, pool: PolicyPool, game: str, players: int, variant: Mapping[str, Any] | None = None, *,
                 recall: bool = False, history: int | None = None) -> None:
        super().__init__(_no_policy, game, players, variant, recall=recall, history=history)  # each game draws its own
        self.pool = pool
        self._game: GameState | None = None  # the game the current draw is for
        self._current: Policy = _no_policy

    def choose(self, state: GameState) -> str:
        if state is not self._game:
            self._game, self._current = state, self.pool.draw()
        seat = state.current_player
        assert seat is not None
        return self.space.action(state, self.act(self._current, state, seat))


def _no_policy(observation: Observation) -> int:
    raise ValueError("the policy pool is empty: add a policy first")


def self_play_env(
    game: str,
    players: int | None = None,
    variant: Mapping[str, Any] | None = None,
    *,
    policy: Policy | None = None,
    pool: PolicyPool | None = None,
    seat: int | Literal["random"] = "random",
    recall: bool = False,
    history: int | None = None,
    **options: Any,
) -> SingleAgentEnv:
    """A ``SingleAgentEnv`` whose other seats play ``policy`` (the learner against itself) or
    policies drawn from ``pool`` (against its past selves); ``options`` go to the env."""
    if (policy is None) == (pool is None):
        raise ValueError("give either policy= (self-play) or pool= (play against past selves)")
    probe = SingleAgentEnv(game, players, variant, opponents="random")  # checks game, players, variant
    n, others = probe.num_players, probe.num_players - 1
    bots: list[PolicyBot] = [
        PolicyBot(policy, game, n, variant, recall=recall, history=history) if policy is not None
        else PoolBot(pool, game, n, variant, recall=recall, history=history)  # type: ignore[arg-type]  # given
        for _ in range(others)
    ]
    return SingleAgentEnv(game, n, variant, seat=seat, opponents=bots, recall=recall, history=history, **options)
