"""What every game declares about itself, for the registry and the interfaces above the engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kartaros.state import GameState
from kartaros.variant import Option


@dataclass(frozen=True)
class GameInfo:
    """What every game declares about itself."""

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    create: Callable[[int, int | None, Sequence[str] | None, Mapping[str, Any] | None], GameState]
    describe_action: Callable[[dict[str, Any], str], str]
    describe_event: Callable[[dict[str, Any], Sequence[str]], str]

    @property
    def default_players(self) -> int:
        return self.min_players
