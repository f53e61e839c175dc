"""Puck as each player sees it: the observation and the event views, as ``TypedDict``s.

``rules.py`` builds them (``_view``, ``_event_view``); ``words.py``, ``heuristic.py`` and
``tensors.py`` read them. At runtime they are plain dicts (``docs/api.md``, "Puck").
"""

from typing import Literal, NotRequired, TypedDict, final

from kartaros.views import EndView, Observation

PhaseName = Literal["draw", "exchange", "tiebreak", "over"]
Win = Literal["hand", "tiebreak", "alone", "order"]  # P7, P10: how a trick was won

# ``from`` is a keyword, so the shapes with that key are declared the functional way.
# P6: a seat's decision this round, ``count`` cards into the pot and as many taken, per seat.
Exchanged = TypedDict("Exchanged", {"count": int, "from": list[int]})


# ---- the events (each ``@final``: exactly these keys, see ``kartaros.views``) ---------------


@final
class CutView(TypedDict):
    """P3: the card each seat drew for the cut (``None``: not drawing in this round)."""

    type: Literal["cut"]
    cards: list[str | None]


@final
class DealView(TypedDict):
    """P3-P4: no ``player``."""

    type: Literal["deal"]
    first: int
    pile_sizes: list[int]
    surplus: int  # cards left over, face down (P4)


@final
class DrawView(TypedDict):
    """P5: the cards show to their drawer only."""

    type: Literal["draw"]
    player: int
    count: int
    cards: NotRequired[list[str]]  # the drawer's view only


@final
class ExchangeView(Exchanged):
    """P6: the cards show to the exchanger only; the others learn ``count`` and ``from``."""

    type: Literal["exchange"]
    player: int
    put: NotRequired[list[str]]  # the exchanger's view only, sorted
    took: NotRequired[list[str]]  # the exchanger's view only, seat by seat, top card first


@final
class HoldView(TypedDict):
    """P6: the hand kept."""

    type: Literal["hold"]
    player: int


@final
class ShowdownView(TypedDict):
    """P7, P9: per seat ([] and ``None`` for a player out of the game)."""

    type: Literal["showdown"]
    hands: list[list[str]]
    categories: list[str | None]
    best: list[int]  # the players with the strongest hand, in play order


@final
class TieView(TypedDict):
    """P10: the tied players, and those with cards left who turn."""

    type: Literal["tie"]
    players: list[int]
    turning: list[int]


@final
class TurnView(TypedDict):
    """P10: a tie-break card."""

    type: Literal["turn"]
    player: int
    card: str


@final
class CollectView(TypedDict):
    """P8: the trick to its winner."""

    type: Literal["collect"]
    player: int
    count: int
    how: Win
    surplus: bool  # P4: the surplus card was in it


@final
class OutView(TypedDict):
    """P11, last-standing: a player without cards leaves."""

    type: Literal["out"]
    player: int


EventView = (
    CutView | DealView | DrawView | ExchangeView | HoldView | ShowdownView | TieView | TurnView | CollectView
    | OutView | EndView
)


class PuckObservation(Observation[EventView]):
    """``observation(player)``: the shared header and tail, and Puck's own keys."""

    phase: PhaseName
    round: int
    order: list[int]  # this round's play order
    hand: list[str]  # sorted by card id
    hand_sizes: list[int]
    pile_sizes: list[int]
    pot_size: int
    surplus_size: int
    exchanges: list[Exchanged | None]  # per seat: None until he has decided this round
    shown: list[list[str]] | None  # the hands, shown during a tie-break
    turned: list[list[str]]  # per seat: tie-break cards turned this round
    tied: list[int]
    out: list[int]  # the players who left the game
    rounds_played: int
