"""A Gymnasium single-agent environment: one seat learns, kartaros bots play the others (``docs/rl.md``).

    >>> from kartaros.envs.gymnasium import SingleAgentEnv
    >>> env = SingleAgentEnv("tac", players=3, opponents="random")
    >>> obs, info = env.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = env.step(int(info["legal_ids"][0]))

Observations are ``{"observation": float32 tensor, "action_mask": int8 mask}`` as in the
PettingZoo environment; ``info["legal_ids"]`` lists the legal ids and ``action_masks()`` gives
the boolean mask (the convention of maskable policy learners). The reward is the learner's
return when the game ends, 0 before. An illegal id ends the episode with ``illegal_reward``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import kartaros
from kartaros import rl
from kartaros.bots import Bot, make
from kartaros.envs._arrays import mask, tensor
from kartaros.state import GameState

OpponentSpec = str | Bot


class SingleAgentEnv(gym.Env):
    """Seat ``seat`` of ``game`` against bots (a bot name for every other seat, or one per seat)."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        variant: Mapping[str, Any] | None = None,
        *,
        seat: int = 0,
        opponents: OpponentSpec | Sequence[OpponentSpec] = "random",
        recall: bool = False,
        history: int | None = None,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        info = kartaros.GAMES.get(game)
        if info is None:
            raise ValueError(f"unknown game {game!r}; kartaros plays: {', '.join(kartaros.GAMES)}")
        self.game = game
        self.num_players = info.default_players if players is None else players
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be from 0 to {self.num_players - 1}; got {seat!r}")
        self.seat = seat
        self.variant = dict(variant or {})
        others = self.num_players - 1
        specs = [opponents] * others if isinstance(opponents, str) or not isinstance(opponents, Sequence) else opponents
        if len(specs) != others:
            raise ValueError(f"opponents must name one bot, or one per other seat ({others}); got {len(specs)}")
        self._specs = list(specs)
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"]}
        self.space = rl.action_space(game, self.num_players)
        self.encoder = rl.encoder(game, self.num_players, self.variant, recall=recall, history=history)
        self._tracker = self.encoder.tracker("f")
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8),
        })
        self.action_space = spaces.Discrete(self.space.size)
        self.state: GameState | None = None
        self._bots: dict[int, Bot] = {}
        self._table: dict[int, str] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        while True:  # a deal that ends before the learner's first decision is dealt again
            game_seed = int(self.np_random.integers(2**63))
            self.state = kartaros.new_game(self.game, players=self.num_players, seed=game_seed, variant=self.variant)
            bot_seeds = self.np_random.integers(2**63, size=len(self._specs))
            others = [p for p in range(self.num_players) if p != self.seat]
            self._bots = {
                p: make(spec, seed=int(s)) if isinstance(spec, str) else spec
                for p, spec, s in zip(others, self._specs, bot_seeds, strict=True)
            }
            self._play_bots()
            if not self.state.is_over:
                return self._observe(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None or state.is_over:
            raise RuntimeError("call reset() first: the episode is over")
        move = self._table.get(int(action))
        if move is None:
            return self._observe(), self.illegal_reward, True, False, {"illegal_action": True, "legal_ids": []}
        state.apply(move)
        self._play_bots()
        reward = state.returns()[self.seat] if state.is_over else 0.0
        return self._observe(), reward, state.is_over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """Which ids are legal now, as booleans."""
        return mask(self._table, self.space.size).astype(bool)

    def render(self) -> str | None:
        state = self.state
        if state is None:
            return None
        status = f"returns {state.returns()}" if state.is_over else f"legal: {', '.join(state.legal_actions())}"
        return f"{self.game} after {len(state.actions)} actions; {status}"

    def _play_bots(self) -> None:
        state = self.state
        assert state is not None
        while not state.is_over and state.current_player != self.seat:
            mover = state.current_player
            assert mover is not None
            state.apply(self._bots[mover].choose(state))
        self._table = self.space.legal_table(state)  # the learner's, or empty once over

    def _observe(self) -> dict[str, np.ndarray]:
        assert self.state is not None
        return {"observation": tensor(self._tracker.observe(self.state, self.seat)),
                "action_mask": mask(self._table, self.space.size)}

    def _info(self) -> dict[str, Any]:
        return {"legal_ids": sorted(self._table)}
