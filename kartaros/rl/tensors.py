"""Observation tensors: a flat list of floats in [0, 1] with a named layout, built from
``state.observation(player)`` alone, so a tensor can hold nothing the player may not know.

Encoders write only the slots that are not zero (``sparse``: index → value), which is what
makes filling a numpy array cheap; ``encode`` and ``observe`` give the dense list.

Seats are relative to the viewer: index 0 is the viewer, 1 the next seat, and so on. Counts are
divided by their largest possible value. The "recall" variant adds the player's history (the
last ``history`` events of his observation, most recent first) where history matters.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from kartaros.cards import CODE, RANK, card_id
from kartaros.state import NO_EVENTS, GameState

Sparse = defaultdict[int, float]  # slot index → value; absent slots are 0
RANK_OF: dict[str, int] = {CODE[c]: RANK[c] for c in range(54)}  # Joker: 13
CARD_OF: dict[str, int] = {CODE[c]: card_id(CODE[c]) for c in range(52)}


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


class Encoder:
    """Observation tensor of one game: ``layout``, ``encode(observation)``, ``observe(state, p)``."""

    game: ClassVar[str]
    events: ClassVar[EventSpec | None] = None  # None: the observation is the information state
    default_history: ClassVar[int] = 64

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
        self.history = (history or self.default_history) if recall and self.events is not None else 0
        self.recall = recall
        pieces = self._pieces()
        spec = self.events
        if self.history and spec is not None:
            self._cards = 52 if spec.by_card else spec.ranks
            self._row = len(spec.types) + num_players + 1 + 2 * self._cards + num_players + len(spec.tags) + 1
            pieces = [*pieces, ("history", (self.history, self._row)), ("history_length", (1,))]
        self.layout = Layout(pieces)
        self.size = self.layout.size

    # ---- game hooks ------------------------------------------------------------------------

    def _pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        raise NotImplementedError

    def _fill(self, obs: Mapping[str, Any], out: Sparse) -> None:
        raise NotImplementedError

    # ---- encoding ----------------------------------------------------------------------------

    def sparse(self, obs: Mapping[str, Any]) -> Sparse:
        """The slots of ``encode(obs)`` that are not zero: index → value."""
        if obs.get("game") != self.game:
            raise ValueError(f"this encoder reads {self.game} observations, not {obs.get('game')!r}")
        out: Sparse = defaultdict(float)
        self._fill(obs, out)
        if self.history:
            self._fill_history(obs, out)
        return out

    def encode(self, obs: Mapping[str, Any]) -> list[float]:
        """The tensor of one observation (with the recall variant, of its last events)."""
        dense = [0.0] * self.size
        for index, value in self.sparse(obs).items():
            dense[index] = value
        return dense

    def observe_sparse(self, state: GameState, player: int) -> Sparse:
        """``sparse(state.observation(player))``, asking only for the events it uses."""
        if not self.history:
            return self.sparse(state.observation(player, since=NO_EVENTS))
        count = state.observation(player, since=NO_EVENTS)["event_count"]
        return self.sparse(state.observation(player, since=max(0, count - self.history)))

    def observe(self, state: GameState, player: int) -> list[float]:
        """``encode(state.observation(player))``, asking only for the events it uses."""
        dense = [0.0] * self.size
        for index, value in self.observe_sparse(state, player).items():
            dense[index] = value
        return dense

    def _fill_history(self, obs: Mapping[str, Any], out: Sparse) -> None:
        spec = self.events
        assert spec is not None
        events = obs["events"][-self.history:]
        me, n, cards = obs["player"], self.num_players, self._cards
        base = self.layout.offset["history"]
        types = {t: i for i, t in enumerate(spec.types)}
        tags = {t: i for i, t in enumerate(spec.tags)}
        actor_at = len(spec.types)
        a_at = actor_at + n + 1
        b_at = a_at + cards
        seats_at = b_at + cards
        tags_at = seats_at + n
        for row, event in enumerate(reversed(events)):
            o = base + row * self._row
            kind = types.get(event.get("type", ""))
            if kind is not None:
                out[o + kind] = 1.0
            player = event.get("player")
            out[o + actor_at + ((player - me) % n if isinstance(player, int) else n)] = 1.0
            for fields, at in ((spec.fields_a, a_at), (spec.fields_b, b_at)):
                for field in fields:
                    _add_cards(event.get(field), out, o + at, spec.by_card)
            for field in spec.seat_fields:
                value = event.get(field)
                for seat in value if isinstance(value, list) else [value]:
                    if isinstance(seat, int) and not isinstance(seat, bool):
                        out[o + seats_at + (seat - me) % n] = 1.0
            for field in spec.count_fields:
                value = event.get(field)
                if isinstance(value, list):
                    for seat, k in enumerate(value):
                        out[o + seats_at + (seat - me) % n] = min(1.0, k / 3)
            for key, value in event.items():
                tag = key if value is True else value if isinstance(value, str) and key != "type" else None
                if tag is not None and tag in tags:
                    out[o + tags_at + tags[tag]] = 1.0
            count = event.get("count")
            if isinstance(count, int):
                out[o + self._row - 1] = min(1.0, count / spec.count_scale)
        out[self.layout.offset["history_length"]] = len(events) / self.history


def _add_cards(value: Any, out: Sparse, at: int, by_card: bool) -> None:
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


def rank_counts(codes: Sequence[str | None], out: Sparse, at: int, per_rank: float = 4.0) -> None:
    """Add each card's rank to a count piece (count / ``per_rank``); nulls are skipped."""
    step = 1.0 / per_rank
    for code in codes:
        if code is not None:
            out[at + RANK_OF[code]] += step


def card_flags(codes: Sequence[str | None], out: Sparse, at: int) -> None:
    """Set one slot per card (card id order) for each code; nulls are skipped."""
    for code in codes:
        if code is not None:
            out[at + CARD_OF[code]] = 1.0


def one_hot(values: Sequence[Any], value: Any, out: Sparse, at: int) -> None:
    """Set the slot of ``value`` among ``values`` (nothing if absent)."""
    if value in values:
        out[at + values.index(value)] = 1.0
