"""kartaros: an engine and platform for the Serbian card games Keč, Nesalomljiv, Tač and Puck.

    >>> import kartaros
    >>> state = kartaros.new_game("kec", seed=7)
    >>> state.current_player, state.legal_actions()
    (0, ['draw'])
"""

from kartaros.errors import IllegalAction, RecordError, VariantError
from kartaros.info import GameInfo
from kartaros.registry import GAMES, Replay, new_game, replay, told_events
from kartaros.state import GameState, Outcome

__all__ = [
    "GAMES",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "Outcome",
    "RecordError",
    "Replay",
    "VariantError",
    "new_game",
    "replay",
    "told_events",
]
__version__ = "0.1.0"
