"""The shapes every game's observation and end event share, as ``TypedDict``s.

``GameState.observation`` writes the header and the tail of :class:`Observation` in every game;
the game's ``_view`` writes its own keys in between. A game declares those, and one view per
kind of event it shows, in its own ``views.py`` (``kartaros/games/<name>/views.py``): its
observation extends ``Observation[<its event views>]``, so that mypy checks the code that reads
them (the game's words, heuristic and tensor encoder) key by key.

Types only: at runtime a ``TypedDict`` is a plain dict, so nothing here is validated or copied.
"""

from typing import Any, Generic, Literal, TypedDict, TypeVar, final

EventView = TypeVar("EventView")  # the game's event views: a union of TypedDicts


class Result(TypedDict):
    """An observation's ``result`` once the game is over."""

    returns: list[float]
    reason: str  # the game's ``Reason``, as its plain word


# An event view is ``@final``: its keys are exactly these, so ``"card" in event`` tells the
# kinds of a union apart for the type checker too (games mark theirs the same way).
@final
class EndView(TypedDict):
    """The last event of every game as every player sees it (``kartaros.state.end_view``)."""

    type: Literal["end"]
    reason: str
    returns: list[float]


class Observation(TypedDict, Generic[EventView]):
    """What ``observation(player)`` holds in every game; a game's observation extends it with
    its own keys (``_view``), and its event views as the type argument."""

    game: str
    player: int
    num_players: int
    current_player: int | None
    actions_played: int
    variant: dict[str, Any]  # the resolved options
    event_count: int  # the whole history's length; ``events`` holds those from ``since`` on
    events: list[EventView]
    result: Result | None
