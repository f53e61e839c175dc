"""A PettingZoo AEC environment for every kartaros game (``docs/rl.md``).

    >>> from kartaros.envs.pettingzoo import env
    >>> e = env("puck", players=3)
    >>> e.reset(seed=1)
    >>> for agent in e.agent_iter():
    ...     obs, reward, terminated, truncated, info = e.last()
    ...     action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
    ...     e.step(action)

Agents are ``player_0`` … ``player_{n-1}`` (the seats); the agent to act is the seat that must
decide now, in or out of turn. Observations are ``{"observation": float32 tensor,
"action_mask": int8 mask}`` as in PettingZoo's classic card games; the tensor is
``kartaros.rl.encoder`` of the agent's own ``observation(player)``. Rewards are given when the
game ends: zero-sum in −1…1 by default (``reward="zero-sum"``: +1 a win, −1 a loss in a
two-player game; ``kartaros.envs._rewards``), or the engine's returns (``reward="returns"``).
An illegal action ends the game: the offender gets ``illegal_reward``, the others 0, and
``infos[agent]["illegal_action"]`` is set.

``raw_env(…)`` is the environment itself; ``env(…)`` wraps it as PettingZoo's classic games
are wrapped (``OrderEnforcingWrapper``: a clear error when used before ``reset()``). An action
that is not an integer id (``1.7``, ``"3"``, ``True``) raises ``TypeError``; an id outside the
action space raises ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import kartaros
from kartaros import rl
from kartaros.envs._arrays import mask, tensor
from kartaros.envs._rewards import RewardKind, check_reward, rewards
from kartaros.state import GameState

VERSION = 0  # in ``metadata["name"]``: raised when observations, ids or rewards change meaning


def env(
    game: str,
    players: int | None = None,
    variant: Mapping[str, Any] | None = None,
    *,
    recall: bool = False,
    history: int | None = None,
    reward: RewardKind = "zero-sum",
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
) -> AECEnv:
    """The AEC environment of ``game``, wrapped (``recall=True``: the perfect-recall tensor)."""
    return wrappers.OrderEnforcingWrapper(raw_env(
        game, players, variant, recall=recall, history=history, reward=reward, illegal_reward=illegal_reward,
        render_mode=render_mode,
    ))


class KartarosAEC(AECEnv):  # type: ignore[misc]
    """One kartaros game as an agent-environment-cycle environment."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        variant: Mapping[str, Any] | None = None,
        *,
        recall: bool = False,
        history: int | None = None,
        reward: RewardKind = "zero-sum",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        info = kartaros.GAMES.get(game)
        if info is None:
            raise ValueError(f"unknown game {game!r}; kartaros plays: {', '.join(kartaros.GAMES)}")
        self.game = game
        self.num_players = info.default_players if players is None else players
        if not info.min_players <= self.num_players <= info.max_players:
            raise ValueError(f"{game} is played by {info.min_players} to {info.max_players} players; "
                             f"got {self.num_players!r}")
        self.variant = dict(variant or {})
        self.reward_kind = check_reward(reward)
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["human", "ansi"], "name": f"kartaros_{game}_v{VERSION}", "is_parallelizable": False,
        }
        self.space = rl.action_space(game, self.num_players)
        self.encoder = rl.encoder(game, self.num_players, self.variant, recall=recall, history=history)
        self._tracker = self.encoder.tracker("f")
        self.possible_agents = [f"player_{p}" for p in range(self.num_players)]
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8),
        })
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, spaces.Discrete(self.space.size))
        self._next_seed = np.random.SeedSequence().generate_state(1, np.uint64)[0].item() >> 1
        # The kartaros state, the whole truth (keep it from agents); ``state()`` stays PettingZoo's.
        self.kartaros_state: GameState = kartaros.new_game(game, players=self.num_players, seed=0, variant=self.variant)
        self._ids_actions: tuple[list[int], list[str]] | None = None  # the legal ids and actions, in legal order
        self._table: dict[int, str] | None = None
        self._dealt = False  # reset() has been called

    # ---- PettingZoo API ------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._next_seed = seed
        game_seed = self._next_seed
        self._next_seed = (self._next_seed * 6364136223846793005 + 1442695040888963407) % 2**63
        self.kartaros_state = kartaros.new_game(
            self.game, players=self.num_players, seed=game_seed, variant=self.variant)
        self._ids_actions = self._table = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._mover()]
        self._dealt = True

    def step(self, action: Any) -> None:
        if not self._dealt:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        action_id = self._checked(action)
        table = self._table
        if table is not None:
            move = table.get(action_id)
        else:
            ids, actions = self._legal_ids()
            move = actions[ids.index(action_id)] if action_id in ids else None  # the first string with that id
        if move is None:
            self._finish([0.0] * self.num_players)
            self.rewards[agent] = self.illegal_reward
            self.infos[agent]["illegal_action"] = True
        else:
            state = self.kartaros_state
            state.apply(move)
            self._ids_actions = self._table = None
            if state.is_over:
                self._finish(rewards(state.returns(), self.reward_kind))
            else:
                self.agent_selection = self.possible_agents[self._mover()]
                return
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        legal = self.action_mask() if agent == self.agent_selection else np.zeros(self.space.size, np.int8)
        seen = self._tracker.observe(self.kartaros_state, self._seat[agent])
        return {"observation": tensor(seen), "action_mask": legal}

    def render(self) -> str | None:
        text = _describe(self.kartaros_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # ---- kartaros extras ---------------------------------------------------------------------

    def legal_table(self) -> dict[int, str]:
        """id → legal action string for the agent to act (empty once the game is over)."""
        table = self._table
        if table is None:
            legal = self._ids_actions
            table = self.space.legal_table(self.kartaros_state) if legal is None else self.space.table_of(*legal)
            self._table = table
        return table

    def action_mask(self) -> np.ndarray:
        """The int8 mask of the agent to act, without building his observation tensor."""
        return mask(self._legal_ids()[0], self.space.size)

    def _legal_ids(self) -> tuple[list[int], list[str]]:
        """The id of each legal action and the actions, in legal order (no dict: cheaper)."""
        legal = self._ids_actions
        if legal is None:
            legal = self._ids_actions = self.space.legal_ids_and_actions(self.kartaros_state)
        return legal

    def _checked(self, action: object) -> int:
        """``action`` as an id, or a TypeError / ValueError that says what an action is."""
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise TypeError(f"an action is an integer id from 0 to {self.space.size - 1}; got {action!r}")
        if not 0 <= action < self.space.size:
            raise ValueError(f"an action is an integer id from 0 to {self.space.size - 1}; got {action!r}")
        return int(action)

    def _mover(self) -> int:
        mover = self.kartaros_state.current_player
        assert mover is not None
        return mover

    def _finish(self, returns: list[float]) -> None:
        for agent, value in zip(self.possible_agents, returns, strict=True):
            self.rewards[agent] = value
            self.terminations[agent] = True


def _describe(state: GameState) -> str:
    status = "over, returns " + str(state.returns()) if state.is_over else f"player {state.current_player} to move"
    return f"{state.game} after {len(state.actions)} actions: {status}; legal: {', '.join(state.legal_actions())}"


raw_env = KartarosAEC  # the AEC environment of a game, unwrapped (PettingZoo's usual name for it)
