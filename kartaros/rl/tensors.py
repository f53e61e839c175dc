"""Observation tensors: a flat list of floats in [0, 1] with a named layout, built from
``state.observation(player)`` alone, so a tensor can hold nothing the player may not know.

An encoder writes the slots that are not zero into a zeroed buffer (``fill``): a list
(``encode``, ``observe``), a dict of those slots alone (``sparse``: index → value) or an
``array`` (``Tracker``, which the environments turn into numpy arrays without a copy).

Seats are relative to the viewer: index 0 is the viewer, 1 the next seat, and so on. Counts are
divided by their largest possible value. The "recall" variant adds the player's history (the
last ``history`` events of his observation, most recent first) where history matters.
"""

from __future__ import annotations

from array import array
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar, cast

from kartaros.cards import CODE, RANK, card_id
from kartaros.state import NO_EVENTS, GameState
from kartaros.views import Observation

Sparse = defaultdict[int, float]  # slot index → value; absent slots are 0
Typecode = Literal["d", "f"]  # an ``array`` of doubles, or of float32 (what numpy arrays take without a copy)
RANK_OF: dict[str, int] = {CODE[c]: RANK[c] for c in range(54)}  # Joker: 13
CARD_OF: dict[str, int] = {CODE[c]: card_id(CODE[c]) for c in range(52)}
# The observation type of an encoder's game (its ``views.py``): ``KecEncoder(Encoder[KecObservation])``.
Obs = TypeVar("Obs", bound=Observation[Any])


class Layout:
    """Named pieces of a flat tensor, in order: ``offset[name]``, ``shape[name]``, ``size``."""

    def __init__(self, pieces: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        self.pieces = list(pieces)
        self.offset: dict[str, int] = {}
        self.shape: dict[str, tuple[int, ...]] = {}
        size = 0
        for name, shape in self.pieces:
            self.offset[name] = size
            self.shape[name] = shape
            count = 1
            for dim in shape:
                count *= dim
            size += count
        self.size = size

    def view(self, tensor: Sequence[float], name: str) -> list[float]:
        """The flat slice of one piece (reshape it with ``shape[name]``)."""
        start = self.offset[name]
        count = 1
        for dim in self.shape[name]:
            count *= dim
        return list(tensor[start:start + count])


@dataclass(frozen=True)
class EventSpec:
    """How one game's events become rows of the history piece.

    A row: ``type`` one-hot, ``actor`` (relative seat of ``player``, or the last slot for none),
    ``cards_a`` and ``cards_b`` (the cards named in the listed fields, as rank counts / 4 or,
    with ``by_card``, one slot per card), ``seats`` (flags for seats named in ``seat_fields``,
    counts / 3 for ``count_fields`` lists indexed by seat), ``tags`` (string values and true
    booleans from a fixed vocabulary), ``count`` (the event's ``count`` / ``count_scale``).
    """

    types: tuple[str, ...]
    fields_a: tuple[str, ...]
    fields_b: tuple[str, ...] = ()
    seat_fields: tuple[str, ...] = ()
    count_fields: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    by_card: bool = False
    ranks: int = 13
    count_scale: float = 52.0


class Slots(Protocol):
    """Where an encoder writes: a zeroed list or ``array`` of ``size`` floats, or a ``Sparse`` dict."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


class Last(Generic[Obs]):
    """What an incremental ``Encoder._fill`` starts from: ``out`` already holds the tensor of
    ``obs``, an earlier observation, as the viewer of the new one sees it (``obs`` is his own, or
    another seat's turned to his view by ``Encoder._reseat``; ``Tracker``). A piece whose input
    equals its input in ``obs`` is left as it is; any other has its old slots cleared and is
    written again. Exact because a piece is a function of its input (and of the viewer) alone
    and no other piece writes its slots.
    """

    __slots__ = ("_zeros", "obs", "out")
    obs: Obs

    def __init__(self, zeros: array[float]) -> None:
        self._zeros = zeros
        self.obs = cast(Obs, {})  # none yet: the tracker sets it before each use
        self.out = zeros

    def clear(self, at: int, width: int) -> None:
        """Zero ``width`` slots of ``out`` from ``at``."""
        self.out[at:at + width] = self._zeros[at:at + width]


class Encoder(Generic[Obs]):
    """Observation tensor of one game: ``layout``, ``encode(observation)``, ``observe(state, p)``.

    ``Obs`` is the game's observation type; ``observe`` and ``Tracker`` take it from a state of
    the game (``GameState.observation`` is typed by the header alone) and ``check`` it."""

    game: ClassVar[str]
    events: ClassVar[EventSpec | None] = None  # None: the observation is the information state
    default_history: ClassVar[int] = 64
    incremental: ClassVar[bool] = False  # _fill can update the tensor of an earlier observation
    reseats: ClassVar[bool] = False  # _reseat turns one viewer's tensor into another's (incremental only)

    def __init__(
        self,
        num_players: int,
        variant: Mapping[str, Any] | None = None,
        *,
        recall: bool = False,
        history: int | None = None,
    ) -> None:
        self.num_players = num_players
        self.variant = dict(variant or {})
        # rels[me][seat]: the seat as seen by the viewer ``me`` (0: himself, 1: the next seat, …)
        self.rels = [[(seat - me) % num_players for seat in range(num_players)] for me in range(num_players)]
        self.history = (history or self.default_history) if recall and self.events is not None else 0
        self.recall = recall
        pieces = self._pieces()
        spec = self.events
        if self.history and spec is not None:
            self._cards = 52 if spec.by_card else spec.ranks
            self._types = {t: i for i, t in enumerate(spec.types)}
            self._tags = {t: i for i, t in enumerate(spec.tags)}
            self._actor_at = len(spec.types)
            self._a_at = self._actor_at + num_players + 1
            self._b_at = self._a_at + self._cards
            self._seats_at = self._b_at + self._cards
            self._tags_at = self._seats_at + num_players
            self.row = self._tags_at + len(spec.tags) + 1
            pieces = [*pieces, ("history", (self.history, self.row)), ("history_length", (1,))]
        self.layout = Layout(pieces)
        self.size = self.layout.size
        self._slots()

    # ---- game hooks ------------------------------------------------------------------------

    def _pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        raise NotImplementedError

    def _slots(self) -> None:
        """Precompute the slots ``_fill`` writes to, once the layout is known (optional)."""

    def _fill(self, obs: Obs, out: Slots, last: Last[Obs] | None = None) -> None:
        """Write every piece but the history into ``out``: zeroed, or holding the tensor of
        ``last.obs`` (then ``out`` is ``last.out``, and only changed pieces need writing)."""
        raise NotImplementedError

    def _reseat(self, obs: Obs, out: array[float], seat: int, player: int) -> None:
        """Turn ``out``, the tensor of ``obs`` as ``seat`` sees it, into the tensor of ``obs`` as
        ``player`` sees it (``obs`` with its ``player`` replaced). Optional (``reseats``): for a
        game where seats differ only in where they sit, cheaper than a stale tensor of ``player``."""
        raise NotImplementedError

    # ---- encoding ----------------------------------------------------------------------------

    def fill(self, obs: Obs, out: Slots) -> None:
        """Write the tensor of ``obs`` into ``out``: a zeroed buffer of ``size``, or a ``Sparse``."""
        self.check(obs)
        self._fill(obs, out)
        if self.history:
            events = obs["events"][-self.history:]
            base, row, me = self.layout.offset["history"], self.row, obs["player"]
            for i, event in enumerate(reversed(events)):
                self.event_row(event, me, out, base + i * row)
            out[self.layout.offset["history_length"]] = len(events) / self.history

    def check(self, obs: Mapping[str, Any]) -> None:
        """Raise ``ValueError`` unless ``obs`` is an observation of this encoder's game."""
        if obs.get("game") != self.game:
            raise ValueError(f"this encoder reads {self.game} observations, not {obs.get('game')!r}")
        if obs.get("num_players") != self.num_players:
            players = obs.get("num_players")
            raise ValueError(f"this encoder reads {self.num_players}-player observations, not {players!r}")

    def sparse(self, obs: Obs) -> Sparse:
        """The slots of ``encode(obs)`` that are not zero: index → value."""
        out: Sparse = defaultdict(float)
        self.fill(obs, out)
        return out

    def encode(self, obs: Obs) -> list[float]:
        """The tensor of one observation (with the recall variant, of its last events)."""
        dense = [0.0] * self.size
        self.fill(obs, dense)
        return dense

    def observe_sparse(self, state: GameState, player: int) -> Sparse:
        """``sparse(state.observation(player))``, asking only for the events it uses."""
        return self.sparse(self._observation(state, player))

    def observe(self, state: GameState, player: int) -> list[float]:
        """``encode(state.observation(player))``, asking only for the events it uses."""
        return self.encode(self._observation(state, player))

    def tracker(self, typecode: Typecode = "d") -> Tracker:
        """A :class:`Tracker`: ``observe`` step after step of a game, reusing what cannot have changed."""
        return Tracker(self, typecode)

    def _observation(self, state: GameState, player: int) -> Any:
        """The observation to encode, of the encoder's own type as ``fill`` checks at run time
        (``Any``: a state's ``observation`` is typed by the shared header alone)."""
        if not self.history:
            return state.observation(player, since=NO_EVENTS)
        count = state.observation(player, since=NO_EVENTS)["event_count"]
        return state.observation(player, since=max(0, count - self.history))

    def event_row(self, event: Mapping[str, Any], me: int, out: Slots, at: int) -> None:
        """Write the history row of one event, seen by seat ``me``, at index ``at`` of ``out``."""
        spec = self.events
        assert spec is not None
        n, tags = self.num_players, self._tags
        kind = self._types.get(event.get("type", ""))
        if kind is not None:
            out[at + kind] = 1.0
        player = event.get("player")
        out[at + self._actor_at + ((player - me) % n if isinstance(player, int) else n)] = 1.0
        for fields, cards_at in ((spec.fields_a, at + self._a_at), (spec.fields_b, at + self._b_at)):
            for field in fields:
                _add_cards(event.get(field), out, cards_at, spec.by_card)
        seats_at = at + self._seats_at
        for field in spec.seat_fields:
            value = event.get(field)
            for seat in value if isinstance(value, list) else [value]:
                if isinstance(seat, int) and not isinstance(seat, bool):
                    out[seats_at + (seat - me) % n] = 1.0
        for field in spec.count_fields:
            value = event.get(field)
            if isinstance(value, list):
                for seat, k in enumerate(value):
                    out[seats_at + (seat - me) % n] = min(1.0, k / 3)
        for key, value in event.items():
            tag = key if value is True else value if isinstance(value, str) and key != "type" else None
            if tag is not None and tag in tags:
                out[at + self._tags_at + tags[tag]] = 1.0
        count = event.get("count")
        if isinstance(count, int):
            out[at + self.row - 1] = min(1.0, count / spec.count_scale)


class Tracker:
    """``encoder.observe(state, player)`` as an ``array`` of ``typecode`` (``"d"``, or ``"f"`` for
    float32), for a viewer that follows games step by step, as the environments do.

    Each call asks ``state.observation(player)`` and returns a new array equal to
    ``encode`` of it (tests/test_rl_tracker.py), reusing what cannot have changed:

    - per player, the last observation and its tensor: only the pieces whose input differs from
      that observation's are written again (``Last``). Where a tensor can be turned to another
      seat's view (``Encoder.reseats``: Tač, where every card is public) only the latest look is
      kept, whoever took it, and turned to the view of the next one;
    - with the recall tensor, per player, the encoded history rows: only the events he has not
      seen yet are asked for and encoded. A state's event log only ever grows, and an event's
      row depends on the event and the viewer alone; the rows are kept for one state object
      and a number of events seen, and anything else (a reset, another state) starts afresh.
    """

    def __init__(self, encoder: Encoder[Any], typecode: Typecode = "d") -> None:
        if typecode not in ("d", "f"):
            raise ValueError(f"a tracker's typecode is 'd' (float64) or 'f' (float32); got {typecode!r}")
        self.encoder = encoder
        self.typecode: Typecode = typecode
        self._zeros = _zeros(typecode, encoder.size)
        self._last_view: Last[Any] = Last(self._zeros)
        self._last: dict[int, tuple[Any, array[float]]] = {}  # player → (observation, tensor)
        self._state: GameState | None = None
        self._seen: dict[int, tuple[int, array[float]]] = {}  # player → (events seen, rows newest first)

    def observe(self, state: GameState, player: int) -> array[float]:
        """The tensor of ``state.observation(player)``, in a new array."""
        encoder = self.encoder
        if encoder.history:
            obs = self._observation(state, player)
        else:
            obs = state.observation(player, since=NO_EVENTS)
            if state is not self._state:  # a state's game and player count never change
                encoder.check(obs)
                self._state = state
        if encoder.incremental:
            out = self._update(obs, player)
        else:
            out = self._zeros[:]
            encoder._fill(obs, out)
        if encoder.history:
            self._write_history(player, out)
        return out

    def _update(self, obs: Any, player: int) -> array[float]:
        """The tensor of ``obs`` from the player's last one (kept, and a copy returned)."""
        previous = self._last.pop(player, None)  # an error below leaves no half-updated tensor
        if previous is None and self.encoder.reseats and self._last:
            # The one look kept, by another seat, turned to this seat's view: it is the latest
            # observation (the fewest changes), where his own last may be many steps old.
            seat, previous = self._last.popitem()
            self.encoder._reseat(previous[0], previous[1], seat, player)
        if previous is None:
            out = self._zeros[:]
            self.encoder._fill(obs, out)
        else:
            last = self._last_view
            last.obs, last.out = previous
            out = last.out
            self.encoder._fill(obs, out, last)
        self._last[player] = (obs, out)
        return out[:]

    def _observation(self, state: GameState, player: int) -> Any:
        """``observation(player)`` with the events since those already encoded (the last
        ``history`` at the first look); the rows of those new events are added."""
        if state is not self._state:
            self._state, self._seen = state, {}
        history, row = self.encoder.history, self.encoder.row
        seen, rows = self._seen.get(player) or (-1, self._zeros[:0])
        if seen < 0:  # a first look: the last ``history`` events
            seen = max(0, state.observation(player, since=NO_EVENTS)["event_count"] - history)
        obs = state.observation(player, since=seen)
        self.encoder.check(obs)
        if obs["event_count"] < seen:  # not the log it saw: afresh
            seen, rows = max(0, obs["event_count"] - history), self._zeros[:0]
            obs = state.observation(player, since=seen)
        events = obs["events"][-history:]
        if events:
            block = _zeros(self.typecode, row * len(events))
            for i, event in enumerate(reversed(events)):
                self.encoder.event_row(event, obs["player"], block, i * row)
            rows = block + rows[:(history - len(events)) * row]
        self._seen[player] = (obs["event_count"], rows)
        return obs

    def _write_history(self, player: int, out: array[float]) -> None:
        encoder = self.encoder
        history, row = encoder.history, encoder.row
        rows = self._seen[player][1]
        base = encoder.layout.offset["history"]
        out[base:base + len(rows)] = rows
        out[base + len(rows):base + history * row] = self._zeros[:history * row - len(rows)]
        out[encoder.layout.offset["history_length"]] = len(rows) // row / history


def _zeros(typecode: Typecode, size: int) -> array[float]:
    return array(typecode, bytes(array(typecode).itemsize * size))


def _add_cards(value: Any, out: Slots, at: int, by_card: bool) -> None:
    """Add the cards named anywhere in ``value`` (a code, or nested lists of codes and nulls)."""
    if isinstance(value, str):
        if by_card:
            card = CARD_OF.get(value)
            if card is not None:
                out[at + card] = 1.0
        else:
            rank = RANK_OF.get(value)
            if rank is not None:
                out[at + rank] += 0.25
    elif isinstance(value, list):
        for item in value:
            _add_cards(item, out, at, by_card)


# ---- helpers for the game encoders ---------------------------------------------------------


def rank_counts(codes: Sequence[str | None], out: Slots, at: int, per_rank: float = 4.0) -> None:
    """Add each card's rank to a count piece (count / ``per_rank``); nulls are skipped."""
    step = 1.0 / per_rank
    for code in codes:
        if code is not None:
            out[at + RANK_OF[code]] += step


def card_flags(codes: Sequence[str | None], out: Slots, at: int) -> None:
    """Set one slot per card (card id order) for each code; nulls are skipped."""
    for code in codes:
        if code is not None:
            out[at + CARD_OF[code]] = 1.0


def indices(values: Sequence[Any]) -> dict[Any, int]:
    """value → its slot in a one-hot piece."""
    return {value: i for i, value in enumerate(values)}
