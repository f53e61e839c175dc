"""A Gymnasium single-agent environment: one seat learns, kartaros bots play the others (``docs/rl.md``).

    >>> from kartaros.envs.gymnasium import SingleAgentEnv
    >>> env = SingleAgentEnv("tac", players=3, opponents="random")
    >>> obs, info = env.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = env.step(int(info["legal_ids"][0]))

Observations are ``{"observation": float32 tensor, "action_mask": int8 mask}`` as in the
PettingZoo environment; ``info["legal_ids"]`` lists the legal ids and ``action_masks()`` gives
the boolean mask (the convention of maskable policy learners). The reward is 0 before the end
and the learner's reward when the game ends: zero-sum in −1…1 by default (``reward="zero-sum"``,
``kartaros.envs._rewards``), or the engine's return (``reward="returns"``). An illegal id ends the
episode: it gets ``illegal_reward`` with ``terminated=True``, and the next ``step`` raises
until ``reset()``.

Opponents are bot specs as the command line writes them (``"random"``, ``"hard"``,
``"pimc:worlds=10"``) or bot objects. ``seat="random"`` seats the learner anew each episode;
``reset(options={"seat": k})`` picks the seat of one episode.

Importing this module registers one id per game, ``kartaros/<Name>-v0`` (``Kec``,
``Nesalomljiv``, ``Tac``, ``Puck``), so ``gymnasium.make("kartaros/Puck-v0", players=3)``
works after ``import kartaros.envs.gymnasium``, or at once as
``gymnasium.make("kartaros.envs.gymnasium:kartaros/Puck-v0", players=3)``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import kartaros
from kartaros import rl
from kartaros.analysis.bots import make_bot
from kartaros.bots import Bot
from kartaros.envs._arrays import mask, tensor
from kartaros.envs._rewards import RewardKind, check_reward, rewards
from kartaros.state import GameState

OpponentSpec = str | Bot
NAMESPACE = "kartaros"


def opponent(spec: OpponentSpec, seed: int) -> Bot:
    """The bot of ``spec``: a level (``"hard"``), a bot spec (``"pimc:worlds=10"``) or a bot."""
    return spec if not isinstance(spec, str) else make_bot(spec, seed=seed)


class SingleAgentEnv(gym.Env):
    """One seat of ``game`` learns; bots play the others (a spec for every other seat, or one per seat)."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        variant: Mapping[str, Any] | None = None,
        *,
        seat: int | Literal["random"] = 0,
        opponents: OpponentSpec | Sequence[OpponentSpec] = "random",
        recall: bool = False,
        history: int | None = None,
        reward: RewardKind = "zero-sum",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        info = kartaros.GAMES.get(game)
        if info is None:
            raise ValueError(f"unknown game {game!r}; kartaros plays: {', '.join(kartaros.GAMES)}")
        self.game = game
        self.num_players = info.default_players if players is None else players
        if not info.min_players <= self.num_players <= info.max_players:
            raise ValueError(f"{game} is played by {info.min_players} to {info.max_players} players; "
                             f"got {self.num_players!r}")
        self._seat_choice = self._checked_seat(seat)
        self.seat = 0 if seat == "random" else seat
        self.variant = dict(variant or {})
        kartaros.new_game(game, players=self.num_players, seed=0, variant=self.variant)  # a bad option fails here
        others = self.num_players - 1
        specs = [opponents] * others if isinstance(opponents, str) or not isinstance(opponents, Sequence) else opponents
        if len(specs) != others:
            raise ValueError(f"opponents must name one bot, or one per other seat ({others}); got {len(specs)}")
        for spec in specs:
            opponent(spec, 0)  # a bad spec fails now, not at the first reset
        self._specs = list(specs)
        self.reward_kind = check_reward(reward)
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
        self._ended = True  # no episode until reset(); an illegal id or the game's end ends one
        self._bots: dict[int, Bot] = {}
        self._table: dict[int, str] = {}

    def _checked_seat(self, seat: object) -> int | Literal["random"]:
        if seat == "random":
            return "random"
        if isinstance(seat, bool) or not isinstance(seat, int | np.integer) or not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be \"random\" or from 0 to {self.num_players - 1}; got {seat!r}")
        return int(seat)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        choice = self._checked_seat(options["seat"]) if options and "seat" in options else self._seat_choice
        while True:  # a deal that ends before the learner's first decision is dealt again
            self.seat = int(self.np_random.integers(self.num_players)) if choice == "random" else choice
            game_seed = int(self.np_random.integers(2**63))
            self.state = kartaros.new_game(self.game, players=self.num_players, seed=game_seed, variant=self.variant)
            bot_seeds = self.np_random.integers(2**63, size=len(self._specs))
            others = [p for p in range(self.num_players) if p != self.seat]
            self._bots = {
                p: opponent(spec, int(s)) for p, spec, s in zip(others, self._specs, bot_seeds, strict=True)
            }
            self._tracker = self.encoder.tracker("f")
            self._play_bots()
            if not self.state.is_over:
                self._ended = False
                return self._observe(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None or self._ended:
            raise RuntimeError("the episode is over (or has not begun): call reset() first")
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise TypeError(f"an action is an integer id from 0 to {self.space.size - 1}; got {action!r}")
        move = self._table.get(int(action))
        if move is None:
            self._ended = True
            return self._observe(), self.illegal_reward, True, False, {"illegal_action": True, "legal_ids": []}
        state.apply(move)
        self._play_bots()
        self._ended = state.is_over
        reward = rewards(state.returns(), self.reward_kind)[self.seat] if state.is_over else 0.0
        return self._observe(), reward, state.is_over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """Which ids are legal now, as booleans (none once the episode is over)."""
        return mask(() if self._ended else self._table, self.space.size).astype(bool)

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
        legal = () if self._ended else self._table
        return {"observation": tensor(self._tracker.observe(self.state, self.seat)),
                "action_mask": mask(legal, self.space.size)}

    def _info(self) -> dict[str, Any]:
        return {"legal_ids": sorted(self._table), "seat": self.seat}


def env_id(game: str) -> str:
    """The Gymnasium id of ``game``: ``kartaros/<Name>-v0``, the name in ASCII letters."""
    ascii_name = unicodedata.normalize("NFKD", game).encode("ascii", "ignore").decode()
    return f"{NAMESPACE}/{ascii_name.capitalize()}-v0"


def register() -> list[str]:
    """Register every game's id with Gymnasium (once); return the ids."""
    ids = []
    for game in kartaros.GAMES:
        name = env_id(game)
        ids.append(name)
        if name not in gym.registry:
            gym.register(id=name, entry_point=f"{__name__}:SingleAgentEnv", kwargs={"game": game})
    return ids


register()
