"""Tač as each player sees it: the observation and the event views, as ``TypedDict``s.

``rules.py`` builds them (``_view``, ``_event_view``); ``words.py``, ``heuristic.py`` and
``tensors.py`` read them. At runtime they are plain dicts (``docs/api.md``, "Tač"). Nothing
in Tač is private, so no key is present for one viewer only.
"""

from typing import Literal, TypedDict, final

from kartaros.views import EndView, Observation

PhaseName = Literal["open", "turn", "turned", "call", "over"]
MissKind = Literal["turn", "keep"]  # T11: turned while a card fitted, or kept one that fitted


class Miss(TypedDict):
    """The miss a call window asks about (T11)."""

    player: int  # the offender
    card: str  # the card he could have placed
    kind: MissKind


# ---- the events (each ``@final``: exactly these keys, see ``kartaros.views``) ---------------


@final
class DealView(TypedDict):
    """T3: no ``player``."""

    type: Literal["deal"]
    each: int  # cards per closed pile
    aside: int
    central: str | None  # the Ace that starts the central pile with three players


@final
class TurnView(TypedDict):
    """T7: the card turned face up."""

    type: Literal["turn"]
    player: int
    card: str


@final
class TurnoverView(TypedDict):
    """T8: the open pile became the closed pile."""

    type: Literal["turnover"]
    player: int
    count: int


# ``from`` is a keyword, so that key is declared the functional way.
_PlacedFrom = TypedDict("_PlacedFrom", {"from": Literal["open", "closed"]})


@final
class PlaceView(_PlacedFrom):
    """T6, T7: a card onto the central pile or a seat's open pile (his own: his turn ends)."""

    type: Literal["place"]
    player: int
    card: str
    to: Literal["central"] | int


@final
class MissView(TypedDict):
    """T11: a card that fitted, not placed."""

    type: Literal["miss"]
    player: int
    card: str
    kind: MissKind


@final
class CallView(TypedDict):
    """T11: the caller calls out the miss."""

    type: Literal["call"]
    player: int
    offender: int


@final
class PassView(TypedDict):
    """T11: the player asked lets the miss go."""

    type: Literal["pass"]
    player: int
    offender: int


@final
class GiveView(TypedDict):
    """T11: the bottom closed card to the caught offender."""

    type: Literal["give"]
    player: int
    to: int
    count: int  # 1, or 0: his closed pile was empty
    card: str | None  # where everybody knows it


@final
class OutView(TypedDict):
    """T10: no cards left."""

    type: Literal["out"]
    player: int
    place: int


EventView = (
    DealView | TurnView | TurnoverView | PlaceView | MissView | CallView | PassView | GiveView | OutView
    | EndView
)


class TacObservation(Observation[EventView]):
    """``observation(player)``: the shared header and tail, and Tač's own keys."""

    turn: int  # whose turn it is (the offender during a call window)
    phase: PhaseName
    central: list[str]  # bottom first
    central_wants: str  # the rank it takes next, ``A 2 … 9 T J Q K``
    opened: bool  # T5: an Ace lies on the central pile
    open_piles: list[list[str]]  # per seat, bottom first
    closed_sizes: list[int]
    closed: list[list[str | None]]  # per seat, top first: a code where everybody knows the card
    turned: str | None
    aside: int  # cards set aside face down (T3)
    miss: Miss | None  # during a call window
    places: list[int | None]  # finishing place per seat, None while he plays on
