"""Nesalomljiv as each player sees it: the observation and the event views, as ``TypedDict``s.

``rules.py`` builds them (``_view``, ``_event_view``); ``words.py``, ``heuristic.py`` and
``tensors.py`` read them. At runtime they are plain dicts (``docs/api.md``, "Nesalomljiv").
"""

from typing import Literal, NotRequired, TypedDict, final

from kartaros.views import EndView, Observation

PhaseName = Literal["choose", "draw", "place", "over"]
RoleName = Literal["chooser", "attacker"]  # the card in the middle (N4, N10)


class Choice(TypedDict):
    """The viewer's own secret choice in this duel (N6)."""

    keep: list[str]
    drop: str


# ---- the events (each ``@final``: exactly these keys, see ``kartaros.views``) ---------------


@final
class DealView(TypedDict):
    """N4, N7: the cards show to their owner only (to nobody in a blind match hand)."""

    type: Literal["deal"]
    player: int
    zone: Literal["match", "weapons"]
    count: int
    cards: NotRequired[list[str]]


@final
class ChooserView(TypedDict):
    """N4, N9: the Chooser turned from the stock."""

    type: Literal["chooser"]
    card: str


@final
class ChooseView(TypedDict):
    """N6: a duel choice, shown to the chooser only until the reveal."""

    type: Literal["choose"]
    player: int
    keep: NotRequired[list[str]]  # the chooser's view only
    drop: NotRequired[str]


@final
class DuelView(TypedDict):
    """N5: the reveal; each list by seat."""

    type: Literal["duel"]
    role: RoleName
    target: str
    value: int  # the target's value (N2)
    kept: list[list[str]]
    dropped: list[str]
    sums: list[int]
    distances: list[int]
    winner: int | None  # None: a tie
    knockout: bool


@final
class TakeView(TypedDict):
    """N8, N11: the target into the loser's match hand."""

    type: Literal["take"]
    player: int
    card: str
    role: RoleName


@final
class DiscardView(TypedDict):
    """N8, N9, N12: the target to the discard pile."""

    type: Literal["discard"]
    card: str
    role: RoleName


@final
class DrawView(TypedDict):
    """N11: the knocked-out player's card, shown to him only (to nobody when blind)."""

    type: Literal["draw"]
    player: int
    source: Literal["stock"]
    card: NotRequired[str]


@final
class PlaceView(TypedDict):
    """N10: the next Attacker."""

    type: Literal["place"]
    player: int
    card: str


@final
class ReshuffleView(TypedDict):
    """N14: the discard pile becomes the stock."""

    type: Literal["reshuffle"]
    count: int
    cards: list[str]  # sorted: a set every player knows


EventView = (
    DealView | ChooserView | ChooseView | DuelView | TakeView | DiscardView | DrawView | PlaceView
    | ReshuffleView | EndView
)


class NesalomljivObservation(Observation[EventView]):
    """``observation(player)``: the shared header and tail, and Nesalomljiv's own keys."""

    phase: PhaseName
    target: str | None  # the card in the middle
    target_role: RoleName | None
    target_value: int | None
    placer: int | None  # who placed the Attacker, or places the next one
    weapons: list[str]  # the viewer's, sorted
    weapon_counts: list[int]
    chosen: list[bool]  # who has chosen in this duel
    my_choice: Choice | None
    match_hands: list[list[str | None]]  # per seat: a code per card the viewer can name, else None
    match_public: list[list[str]]  # per seat: the cards every player knows are in it, sorted
    match_sizes: list[int]
    stock_size: int
    discard: list[str]  # bottom first
    duels: int
    last_duel: DuelView | None
