"""Fixed action spaces: every action string of a game maps to an integer id from ``0`` to ``size - 1``.

Where the rules make cards interchangeable (suits in Keč, Nesalomljiv and Tač) an id names a
class of strings, e.g. "discard a Seven", and the string it stands for depends on the position:
the first legal string of that class, in ``legal_actions()`` order. Where a string's cards are
fixed by the position anyway (Tač) or where suits count (Puck) an id names exactly one legal
string. ``docs/rl.md`` has the table of each game.

Pure Python: ``state.legal_action_ids()`` works without the ``rl`` extras.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
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
        # Per mover: the id of each action key met (``GameState.legal_action_keys``).
        self._key_ids: list[dict[Hashable, int]] = [{} for _ in range(num_players)]

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
        return self.table_of(self.ids(actions, mover), actions)

    def legal_ids_and_actions(self, state: GameState) -> tuple[list[int], list[str]]:
        """The id of each legal action of ``state``, and the actions, in legal order (empty once
        it is over). Where the game gives action keys (``GameState.legal_action_keys``) the ids
        are remembered per key, not read from the strings."""
        mover = state.current_player
        if mover is None:
            return [], []
        keys = state.legal_action_keys()
        if keys is None:
            actions = state.legal_actions()
            return self.ids(actions, mover), actions
        known = self._key_ids[mover]
        try:  # one look-up per action, once every key has been met
            ids = list(map(known.__getitem__, keys.values()))
        except KeyError:
            ids = self.ids(list(keys), mover)
            if len(known) > 100_000:  # a bound, should a game's keys be many
                known.clear()
            known.update(zip(keys.values(), ids, strict=True))
        return ids, list(keys)

    def table_of(self, ids: Sequence[int], actions: Sequence[str]) -> dict[int, str]:
        """id → the first of ``actions`` with that id; ``ids`` holds the id of each action."""
        return dict(zip(ids, actions, strict=True)) if self.exact else _first_of_each(ids, actions)

    def legal_table(self, state: GameState) -> dict[int, str]:
        """``table`` of the legal actions of ``state`` (empty once it is over)."""
        mover = state.current_player
        if mover is None:
            return {}
        if state.legal_action_keys() is None:
            return self.table(state.legal_actions(), mover)  # in one pass
        return self.table_of(*self.legal_ids_and_actions(state))

    def legal_ids(self, state: GameState) -> list[int]:
        """The ids of the legal actions of ``state``, ascending, each once."""
        return sorted(set(self.legal_ids_and_actions(state)[0]))

    def mask(self, state: GameState) -> list[bool]:
        """``size`` booleans: which ids are legal now."""
        out = [False] * self.size
        for action_id in self.legal_ids_and_actions(state)[0]:
            out[action_id] = True
        return out

    def action(self, state: GameState, action_id: int) -> str:
        """The legal string that ``action_id`` stands for now (the first such in legal order)."""
        found = self.legal_table(state).get(action_id)
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


def _first_of_each(ids: Iterable[int], actions: Iterable[str]) -> dict[int, str]:
    """id → the first of ``actions`` with that id."""
    out: dict[int, str] = {}
    for action_id, action in zip(ids, actions, strict=True):
        if action_id not in out:
            out[action_id] = action
    return out


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
