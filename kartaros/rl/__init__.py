"""For learning agents: a fixed action space and observation tensors per game (``docs/rl.md``).

    >>> import kartaros
    >>> from kartaros import rl
    >>> state = kartaros.new_game("kec", seed=7)
    >>> space = rl.action_space("kec")
    >>> space.size, state.legal_action_ids(), space.action(state, 0)
    (28, [0], 'draw')
    >>> rl.encoder("kec").size
    132

Pure Python; the environments for PettingZoo, Gymnasium and OpenSpiel live in ``kartaros.envs``
and need the ``rl`` extras.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kartaros.rl.kec import KecEncoder, KecSpace
from kartaros.rl.nesalomljiv import NesalomljivEncoder, NesalomljivSpace
from kartaros.rl.puck import PuckEncoder, PuckSpace
from kartaros.rl.spaces import ActionSpace
from kartaros.rl.tac import TacEncoder, TacSpace
from kartaros.rl.tensors import Encoder, Layout, Tracker
from kartaros.state import GameState

__all__ = [
    "ENCODERS", "SPACES", "ActionSpace", "Encoder", "Layout", "Tracker", "action_space", "encoder",
    "legal_action_ids", "legal_action_mask",
]

SPACES: dict[str, type[ActionSpace]] = {
    "kec": KecSpace, "nesalomljiv": NesalomljivSpace, "tac": TacSpace, "puck": PuckSpace,
}
ENCODERS: dict[str, type[Encoder]] = {
    "kec": KecEncoder, "nesalomljiv": NesalomljivEncoder, "tac": TacEncoder, "puck": PuckEncoder,
}
_SPACE_CACHE: dict[tuple[str, int], ActionSpace] = {}


def _default_players(game: str) -> int:
    from kartaros.registry import game_info

    return game_info(game).default_players


def action_space(game: str, num_players: int | None = None, variant: Mapping[str, Any] | None = None) -> ActionSpace:
    """The action space of ``game`` for ``num_players`` (default: the game's fewest).

    No variant option changes a space; ``variant`` is accepted for symmetry with ``encoder``.
    """
    if game not in SPACES:
        raise ValueError(f"no action space for game {game!r}; known: {', '.join(SPACES)}")
    players = _default_players(game) if num_players is None else num_players
    key = (game, players)
    space = _SPACE_CACHE.get(key)
    if space is None:
        space = _SPACE_CACHE[key] = SPACES[game](players, variant)
    return space


def encoder(
    game: str,
    num_players: int | None = None,
    variant: Mapping[str, Any] | None = None,
    *,
    recall: bool = False,
    history: int | None = None,
) -> Encoder:
    """The observation tensor of ``game``; ``recall=True`` adds the last ``history`` events."""
    if game not in ENCODERS:
        raise ValueError(f"no observation tensor for game {game!r}; known: {', '.join(ENCODERS)}")
    players = _default_players(game) if num_players is None else num_players
    return ENCODERS[game](players, variant, recall=recall, history=history)


def legal_action_ids(state: GameState) -> list[int]:
    """The ids of ``state``'s legal actions, ascending (``GameState.legal_action_ids``)."""
    return action_space(state.game, state.num_players).legal_ids(state)


def legal_action_mask(state: GameState) -> list[bool]:
    """One boolean per id of the game's action space (``GameState.legal_action_mask``)."""
    return action_space(state.game, state.num_players).mask(state)
