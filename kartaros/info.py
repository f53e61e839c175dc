"""What every game declares about itself, for the registry and the interfaces above the engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

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
    ``mover`` marks the row of the player who must act now.
    A row with an empty label is a gap.
    """

    label: str
    cards: Sequence[str] | None = None
    note: str = ""
    more: bool = False
    alert: bool = False
    backs: int = 0
    mover: bool = False


# How a game puts things into words for people. ``lang`` is ``"en"`` (English) or ``"sr"``
# (Serbian, Latin script): see ``kartaros.words``.


class DescribeAction(Protocol):
    def __call__(self, observation: dict[str, Any], action: str, /, lang: str = "en") -> str: ...


class DescribeEvent(Protocol):
    def __call__(self, event: dict[str, Any], names: Sequence[str], /, lang: str = "en") -> str: ...


class DescribeTable(Protocol):
    def __call__(self, observation: dict[str, Any], names: Sequence[str], /, lang: str = "en") -> list[TableRow]: ...


class DescribeTurn(Protocol):
    def __call__(self, observation: dict[str, Any], /, lang: str = "en") -> str: ...


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
    # (observation, action, lang="en") -> an action of the player to move, in words
    describe_action: DescribeAction
    # (event, names, lang="en") -> one observed event as a sentence, names indexed by seat
    describe_event: DescribeEvent
    # (observation, names, lang="en") -> the table as the observing player sees it
    describe_table: DescribeTable
    # (observation, lang="en") -> what the player to move is doing now, in a few words
    describe_turn: DescribeTurn
    # Options people play with, where they differ from the defaults kept for simulations
    # (Tač: misses and calls exist only in "open" mode); interfaces for people start here.
    people_variant: Mapping[str, Any] = field(default_factory=dict)

    @property
    def default_players(self) -> int:
        return self.min_players
