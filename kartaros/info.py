"""What every game declares about itself, for the registry and the interfaces above the engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kartaros.state import GameState
from kartaros.variant import Option


@dataclass(frozen=True)
class TableRow:
    """One line of a game's table as a player sees it, for any interface to draw.

    ``cards`` are card codes drawn as cards (``None``: no cards on this line, an empty list:
    an empty pile); ``more`` says earlier cards were left out; ``note`` follows in words;
    ``alert`` marks what needs the player's eye (the player to move, a hold to answer);
    ``backs`` is a number of face-down cards to draw before the face-up ones (an opponent's
    hand, a pile: pages draw at most a few and let the note say how many).
    A row with an empty label is a gap.
    """

    label: str
    cards: Sequence[str] | None = None
    note: str = ""
    more: bool = False
    alert: bool = False
    backs: int = 0


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
    describe_table: Callable[[dict[str, Any], Sequence[str]], list[TableRow]]
    describe_turn: Callable[[dict[str, Any]], str]
    # Options people play with, where they differ from the defaults kept for simulations
    # (Tač: misses and calls exist only in "open" mode); interfaces for people start here.
    people_variant: Mapping[str, Any] = field(default_factory=dict)

    @property
    def default_players(self) -> int:
        return self.min_players
