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
from typing import TYPE_CHECKING, Any

from kartaros.rl.spaces import ActionSpace
from kartaros.rl.tensors import Encoder, Layout, Tracker
from kartaros.state import GameState

if TYPE_CHECKING:
    from kartaros.info import GameInfo

__all__ = [
    "ActionSpace", "Encoder", "Layout", "Tracker", "action_space", "encoder", "legal_action_ids", "legal_action_mask",
]


def _info(game: str) -> GameInfo:
    from kartaros.registry import game_info  # the games build on this package: import late

    return game_info(game)


def action_space(game: str, num_players: int | None = None, variant: Mapping[str, Any] | None = None) -> ActionSpace:
    """The action space of ``game`` for ``num_players`` (default: the game's fewest), made once.

    No variant option changes a space; ``variant`` is accepted for symmetry with ``encoder``.
    """
    info = _info(game)
    return info.space(info.default_players if num_players is None else num_players)


def encoder(
    game: str,
    num_players: int | None = None,
    variant: Mapping[str, Any] | None = None,
    *,
    recall: bool = False,
    history: int | None = None,
) -> Encoder[Any]:
    """The observation tensor of ``game``; ``recall=True`` adds the last ``history`` events."""
    info = _info(game)
    players = info.default_players if num_players is None else num_players
    return info.encoder(players, variant, recall=recall, history=history)


def legal_action_ids(state: GameState) -> list[int]:
    """The ids of ``state``'s legal actions, ascending (``GameState.legal_action_ids``)."""
    return state.legal_action_ids()


def legal_action_mask(state: GameState) -> list[bool]:
    """One boolean per id of the game's action space (``GameState.legal_action_mask``)."""
    return state.legal_action_mask()
