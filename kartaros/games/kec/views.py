"""Keč as each player sees it: the observation and the event views, as ``TypedDict``s.

``rules.py`` builds them (``_view``, ``_event_view``); ``words.py``, ``heuristic.py`` and
``tensors.py`` read them. At runtime they are plain dicts (``docs/api.md``, "Keč").
"""

from typing import Literal, NotRequired, TypedDict, final

from kartaros.views import EndView, Observation

PhaseName = Literal["draw", "choose", "replace", "throw", "defend", "over"]
HoldName = Literal["choke", "lever", "pin", "knockout"]  # K7
CycleName = Literal["original", "reshuffled", "extended"]  # K6: the stock's generation


class DiscardEntry(TypedDict):
    """A card of the discard pile and who put it there (K4: never take one's own)."""

    card: str
    by: int


# ---- the events (each ``@final``: exactly these keys, see ``kartaros.views``) ---------------


@final
class DealView(TypedDict):
    """K3: the cards show to their owner only."""

    type: Literal["deal"]
    player: int
    count: int
    cards: NotRequired[list[str]]  # the owner's view only


@final
class DrawView(TypedDict):
    """K4: a card from the stock, shown to its drawer only."""

    type: Literal["draw"]
    player: int
    source: Literal["stock"]
    card: NotRequired[str]  # the drawer's view only


@final
class TakeView(TypedDict):
    """K4, K11: the top discard taken."""

    type: Literal["take"]
    player: int
    card: str


class _NewStock(TypedDict):
    count: int
    cards: list[str]  # sorted: a set every player knows


@final
class ReshuffleView(_NewStock):
    """K6: the discard pile becomes the stock."""

    type: Literal["reshuffle"]


@final
class ExtendView(_NewStock):
    """K6: the discard pile and the cards out of play become the stock."""

    type: Literal["extend"]


@final
class DiscardView(TypedDict):
    """K5c: the turn ends."""

    type: Literal["discard"]
    player: int
    card: str


@final
class PairView(TypedDict):
    """K10: an exchange or a throw pair."""

    type: Literal["pair"]
    player: int
    cards: list[str]


@final
class StealView(TypedDict):
    """K10: the card a throw took from the opponent's hand (``None``: the hand was empty)."""

    type: Literal["steal"]
    player: int
    card: str | None


@final
class HoldView(TypedDict):
    """K7: an attack."""

    type: Literal["hold"]
    player: int
    hold: HoldName
    cards: list[str]


@final
class BreakView(TypedDict):
    """K8: the answer to a hold."""

    type: Literal["break"]
    player: int
    card: str
    hold: HoldName


EventView = (
    DealView | DrawView | TakeView | ReshuffleView | ExtendView | DiscardView | PairView | StealView
    | HoldView | BreakView | EndView
)


class KecObservation(Observation[EventView]):
    """``observation(player)``: the shared header and tail, and Keč's own keys."""

    turn: int  # whose turn it is (the attacker while the opponent defends)
    phase: PhaseName
    hand: list[str]  # sorted
    hand_sizes: list[int]
    opponent_known: list[str]  # cards the viewer saw go into the opponent's hand
    stock_size: int
    stock_cycle: CycleName
    discard: list[DiscardEntry]  # bottom first
    out_of_play: list[str]
    table: list[str]  # the cards of the hold on the table
    hold: HoldName | None
    took_discard: bool  # K4: the discard pile was used in this draw phase
    replacements: int  # K10: replacement draws still owed
