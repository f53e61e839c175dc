"""Fixed action spaces: every action string of a game maps to an integer id from ``0`` to ``size - 1``.

Where the rules make cards interchangeable (suits in Keč, Nesalomljiv and Tač) an id names a
class of strings, e.g. "discard a Seven", and the string it stands for depends on the position:
the first legal string of that class, in ``legal_actions()`` order. Where a string's cards are
fixed by the position anyway (Tač) or where suits count (Puck) an id names exactly one legal
string. ``docs/rl.md`` has the table of each game.

Pure Python: ``state.legal_action_ids()`` works without the ``rl`` extras.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from kartaros.state import GameState


class ActionSpace:
    """The action space of one game for a number of players (and variant, where it matters)."""

    game: ClassVar[str]
    exact: ClassVar[bool] = False  # an id names one legal string in every position

    def __init__(self, num_players: int, variant: Mapping[str, Any] | None = None) -> None:
        self.num_players = num_players
        self.variant = dict(variant or {})
        self.names: list[str] = self._names()
        self.size = len(self.names)

    # ---- game hooks ------------------------------------------------------------------------

    def _names(self) -> list[str]:
        """A short readable name per id, in id order."""
        raise NotImplementedError

    def ids(self, actions: Sequence[str], mover: int) -> list[int]:
        """The id of each of ``actions`` (one position's legal list, played by seat ``mover``)."""
        raise NotImplementedError

    # ---- derived -----------------------------------------------------------------------------

    def table(self, actions: Sequence[str], mover: int) -> dict[int, str]:
        """id → the string it stands for: the first of ``actions`` with that id."""
        if self.exact:
            return dict(zip(self.ids(actions, mover), actions, strict=True))
        out: dict[int, str] = {}
        for action, action_id in zip(actions, self.ids(actions, mover), strict=True):
            if action_id not in out:
                out[action_id] = action
        return out

    def legal_ids(self, state: GameState) -> list[int]:
        """The ids of the legal actions of ``state``, ascending, each once."""
        mover = state.current_player
        if mover is None:
            return []
        return sorted(set(self.ids(state.legal_actions(), mover)))

    def mask(self, state: GameState) -> list[bool]:
        """``size`` booleans: which ids are legal now."""
        out = [False] * self.size
        for action_id in self.legal_ids(state):
            out[action_id] = True
        return out

    def action(self, state: GameState, action_id: int) -> str:
        """The legal string that ``action_id`` stands for now (the first such in legal order)."""
        mover = state.current_player
        found = None if mover is None else self.table(state.legal_actions(), mover).get(action_id)
        if found is None:
            raise ValueError(f"action id {action_id!r} is not legal now in {self.game}")
        return found

    def action_id(self, state: GameState, action: str) -> int:
        """The id of the legal string ``action``."""
        legal = state.legal_actions()
        mover = state.current_player
        if mover is None or action not in legal:
            raise ValueError(f"{action!r} is not a legal action now in {self.game}")
        return self.ids(legal, mover)[legal.index(action)]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game}, {self.num_players} players, {self.size} ids>"


class MemoSpace(ActionSpace):
    """A space whose id depends on the string alone: ids are parsed once and remembered."""

    def __init__(self, num_players: int, variant: Mapping[str, Any] | None = None) -> None:
        super().__init__(num_players, variant)
        self._memo: dict[str, int] = {}

    def _parse(self, action: str) -> int:
        raise NotImplementedError

    def ids(self, actions: Sequence[str], mover: int) -> list[int]:
        memo = self._memo
        out = []
        for action in actions:
            action_id = memo.get(action)
            if action_id is None:
                action_id = memo[action] = self._parse(action)
            out.append(action_id)
        return out

    def table(self, actions: Sequence[str], mover: int) -> dict[int, str]:
        memo = self._memo
        out: dict[int, str] = {}
        for action in actions:
            action_id = memo.get(action)
            if action_id is None:
                action_id = memo[action] = self._parse(action)
            if action_id not in out:
                out[action_id] = action
        return out
