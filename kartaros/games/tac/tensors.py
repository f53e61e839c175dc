"""Tač: action space and observation tensor (rules T1-T13).

The card of a placement is fixed by the position (the open pile's top in ``open``, the turned
card in ``turned``: T6, T7), so an id names only where it goes. Seats are relative to the mover.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping, Sequence
from itertools import compress
from operator import ne
from typing import Any

from kartaros.games.tac.views import TacObservation
from kartaros.rl.spaces import ActionSpace
from kartaros.rl.tensors import RANK_OF, Encoder, Last, Slots, indices

TURN, CENTRAL, SEAT = 0, 1, 2  # then SEAT + r for r = 0 … n-1, then the miss ids, call, pass


class TacSpace(ActionSpace):
    """n + 6 ids: turn (T7), onto the central pile (T4), onto the open pile of the seat r places
    after the mover (r = 0: his own, the card fits nowhere, T7), the misses ``turn?`` and
    ``X>own?`` (T11, calls open), call, pass (T11)."""

    game = "tac"
    exact = True

    def __init__(self, num_players: int, variant: Mapping[str, Any] | None = None) -> None:
        super().__init__(num_players, variant)
        self._memo: list[dict[str, int]] = [{} for _ in range(num_players)]  # per mover: string → id

    def _names(self) -> list[str]:
        n = self.num_players
        return (
            ["turn", "to central"]
            + ["to own open pile"]
            + [f"to open pile of seat +{r}" for r in range(1, n)]
            + ["turn? (miss)", "keep? (miss)", "call", "pass"]
        )

    def ids(self, actions: Sequence[str], mover: int) -> list[int]:
        memo = self._memo[mover]
        out = []
        for action in actions:
            action_id = memo.get(action)
            if action_id is None:
                action_id = memo[action] = self._parse(action, mover)
            out.append(action_id)
        return out

    def _parse(self, action: str, mover: int) -> int:
        n = self.num_players
        if action == "turn":
            return TURN
        if action == "call":
            return n + 4
        if action == "pass":
            return n + 5
        if action == "turn?":
            return n + 2
        if action.endswith("?"):
            return n + 3
        where = action[action.index(">") + 1:]
        return CENTRAL if where == "C" else SEAT + (int(where) - mover) % n


PHASES = indices(("open", "turn", "turned", "call", "over"))
RANK_LETTERS = indices("A23456789TJQK")
MISS_KINDS = indices(("turn", "keep"))


class TacEncoder(Encoder[TacObservation]):
    """Rank counts (/4 per deck) of every pile; seats relative to the viewer. Every card in Tač
    is public and the observation lists every known closed card (T8, T11), so the observation
    is the information state: the recall variant is the same tensor (no history piece)."""

    game = "tac"
    incremental = True
    reseats = True  # every card is public: seats see the same, each from where he sits

    def _slots(self) -> None:
        self.decks: int = 2 if self.num_players >= 5 else 1  # T1
        self._count_step, self._all_cards = 0.25 / self.decks, 52.0 * self.decks  # one card of a count; all cards
        o = self.layout.offset
        self._small_at = tuple(o[name] for name in (
            "phase", "to_move", "central_wants", "opened", "central_size",
            "turned", "miss_by", "miss_card", "miss_kind", "finished", "aside",
        ))
        # For ``_reseat``: the span from the first piece with a row per seat to the last, and per
        # shift (the new viewer's seat minus the old one's) the (to, from) slices, from inside
        # the span, that turn each such piece by that many rows.
        n, shape = self.num_players, self.layout.shape
        first = o["open_top"]
        self._seated_span = (first, o["finished"] + n)
        self._reseat_moves: list[list[tuple[slice, slice]]] = [[] for _ in range(n)]
        for name in ("open_top", "open_piles", "open_sizes", "closed_sizes", "closed_next", "closed_known",
                     "miss_by", "finished"):
            at, width = o[name] - first, shape[name][-1] if len(shape[name]) > 1 else 1
            size = n * width
            for shift in range(1, n):
                cut = shift * width
                self._reseat_moves[shift] += [
                    (slice(first + at, first + at + size - cut), slice(at + cut, at + size)),
                    (slice(first + at + size - cut, first + at + size), slice(at, at + cut)),
                ]
        # Per viewer, per seat: the slots of the seat's open pile (top, counts, size) and of its
        # closed pile (size, next card, known cards), the seat seen from the viewer.
        self._open_at = [
            [(o["open_top"] + 13 * rel, o["open_piles"] + 13 * rel, o["open_sizes"] + rel) for rel in rels]
            for rels in self.rels
        ]
        self._closed_at = [
            [(o["closed_sizes"] + rel, o["closed_next"] + 13 * rel, o["closed_known"] + 13 * rel) for rel in rels]
            for rels in self.rels
        ]

    def _pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.num_players
        return [
            ("phase", (5,)),
            ("to_move", (2,)),  # [I decide now, it is my turn]
            ("central_wants", (13,)),  # T4
            ("opened", (1,)),  # T5
            ("central_size", (1,)),
            ("open_top", (n, 13)),
            ("open_piles", (n, 13)),
            ("open_sizes", (n,)),
            ("closed_sizes", (n,)),
            ("closed_next", (n, 13)),  # the next card to turn, where everybody knows it (T8, T11)
            ("closed_known", (n, 13)),
            ("turned", (13,)),
            ("miss_by", (n,)),  # T11: the offender during a call window
            ("miss_card", (13,)),
            ("miss_kind", (2,)),  # turn, keep
            ("finished", (n,)),  # T10
            ("aside", (1,)),  # T3: cards set aside with two decks
        ]

    def _fill(self, obs: TacObservation, out: Slots, last: Last[TacObservation] | None = None) -> None:
        me = obs["player"]
        if last is None:
            seats = range(self.num_players)
            self._small(obs, me, out)
            self._open_piles(obs["open_piles"], None, seats, self._open_at[me], out)
            self._closed_piles(obs["closed"], None, seats, self._closed_at[me], out, obs["closed_sizes"])
            return
        old = last.obs
        self._small_changes(obs, old, me, out, last)
        # Only the seats whose pile differs from the old one: mostly one or two.
        seats = range(self.num_players)
        piles, olds = obs["open_piles"], old["open_piles"]
        if piles != olds:
            self._open_piles(piles, olds, compress(seats, map(ne, piles, olds)), self._open_at[me], out, last)
        closed, old_closed = obs["closed"], old["closed"]
        if closed != old_closed:
            self._closed_piles(
                closed, old_closed, compress(seats, map(ne, closed, old_closed)), self._closed_at[me], out
            )
        sizes, old_sizes = obs["closed_sizes"], old["closed_sizes"]
        if sizes != old_sizes:
            at = self._closed_at[me]
            for seat in compress(seats, map(ne, sizes, old_sizes)):
                out[at[seat][0]] = sizes[seat] / self._all_cards

    def _reseat(self, obs: TacObservation, out: array[float], seat: int, player: int) -> None:
        """Row r of a seat piece as ``player`` sees it is row r + (player - seat) as ``seat`` sees it;
        of the rest only ``to_move`` depends on the viewer."""
        start, end = self._seated_span
        old = out[start:end]
        for to, source in self._reseat_moves[(player - seat) % self.num_players]:
            out[to] = old[source]
        to_move_at = self._small_at[1]
        out[to_move_at] = 1.0 if obs["current_player"] == player else 0.0
        out[to_move_at + 1] = 1.0 if obs["turn"] == player else 0.0

    def _small(self, obs: TacObservation, me: int, out: Slots) -> None:
        """Every piece but the piles, into zeroed slots."""
        (phase_at, to_move_at, wants_at, opened_at, central_at, turned_at,
         miss_by_at, miss_card_at, miss_kind_at, finished_at, aside_at) = self._small_at
        out[phase_at + PHASES[obs["phase"]]] = 1.0
        if obs["current_player"] == me:
            out[to_move_at] = 1.0
        if obs["turn"] == me:
            out[to_move_at + 1] = 1.0
        out[wants_at + RANK_LETTERS[obs["central_wants"]]] = 1.0
        if obs["opened"]:
            out[opened_at] = 1.0
        out[central_at] = len(obs["central"]) / self._all_cards
        if obs["turned"] is not None:
            out[turned_at + RANK_OF[obs["turned"]]] = 1.0
        miss = obs["miss"]
        if miss is not None:
            out[miss_by_at + self.rels[me][miss["player"]]] = 1.0
            out[miss_card_at + RANK_OF[miss["card"]]] = 1.0
            out[miss_kind_at + MISS_KINDS[miss["kind"]]] = 1.0
        for rel, place in zip(self.rels[me], obs["places"], strict=True):
            if place is not None:
                out[finished_at + rel] = 1.0
        out[aside_at] = obs["aside"] / 8

    def _small_changes(
        self, obs: TacObservation, old: TacObservation, me: int, out: Slots, last: Last[TacObservation]
    ) -> None:
        """``_small`` over the tensor of ``old``: each one-hot whose value differs moves its 1."""
        (phase_at, to_move_at, wants_at, opened_at, central_at, turned_at,
         miss_by_at, miss_card_at, miss_kind_at, finished_at, aside_at) = self._small_at
        phase, old_phase = obs["phase"], old["phase"]
        if phase != old_phase:
            out[phase_at + PHASES[old_phase]] = 0.0
            out[phase_at + PHASES[phase]] = 1.0
        out[to_move_at] = 1.0 if obs["current_player"] == me else 0.0
        out[to_move_at + 1] = 1.0 if obs["turn"] == me else 0.0
        wants, old_wants = obs["central_wants"], old["central_wants"]
        if wants != old_wants:
            out[wants_at + RANK_LETTERS[old_wants]] = 0.0
            out[wants_at + RANK_LETTERS[wants]] = 1.0
        out[opened_at] = 1.0 if obs["opened"] else 0.0
        out[central_at] = len(obs["central"]) / self._all_cards
        turned, old_turned = obs["turned"], old["turned"]
        if turned != old_turned:
            if old_turned is not None:
                out[turned_at + RANK_OF[old_turned]] = 0.0
            if turned is not None:
                out[turned_at + RANK_OF[turned]] = 1.0
        miss = obs["miss"]
        if miss != old["miss"]:  # a call window (T11): rare
            last.clear(miss_by_at, finished_at - miss_by_at)
            if miss is not None:
                out[miss_by_at + self.rels[me][miss["player"]]] = 1.0
                out[miss_card_at + RANK_OF[miss["card"]]] = 1.0
                out[miss_kind_at + MISS_KINDS[miss["kind"]]] = 1.0
        if obs["places"] != old["places"]:  # a player finished (T10)
            for rel, place in zip(self.rels[me], obs["places"], strict=True):
                out[finished_at + rel] = 0.0 if place is None else 1.0
        out[aside_at] = obs["aside"] / 8

    def _open_piles(
        self, piles: list[list[str]], olds: list[list[str]] | None, seats: Iterable[int],
        at: list[tuple[int, int, int]], out: Slots, last: Last[TacObservation] | None = None,
    ) -> None:
        """``open_top``, ``open_piles`` and ``open_sizes`` of ``seats``, whose piles differ from
        ``olds`` (those ``out`` holds; None: zeroed slots). A pile mostly grows or shrinks at its
        top: then only the cards put on or taken off are counted in or out."""
        step, cards = self._count_step, self._all_cards
        for seat in seats:
            pile = piles[seat]
            top_at, counts_at, size_at = at[seat]
            if olds is None or last is None:
                for code in pile:
                    out[counts_at + RANK_OF[code]] += step
            else:
                old = olds[seat]
                if old:
                    out[top_at + RANK_OF[old[-1]]] = 0.0
                if pile[:len(old)] == old:  # cards put on it
                    for code in pile[len(old):]:
                        out[counts_at + RANK_OF[code]] += step
                elif old[:len(pile)] == pile:  # cards taken off
                    for code in old[len(pile):]:
                        out[counts_at + RANK_OF[code]] -= step
                else:
                    last.clear(counts_at, 13)
                    for code in pile:
                        out[counts_at + RANK_OF[code]] += step
            if pile:
                out[top_at + RANK_OF[pile[-1]]] = 1.0
            out[size_at] = len(pile) / cards

    def _closed_piles(
        self, piles: list[list[str | None]], olds: list[list[str | None]] | None, seats: Iterable[int],
        at: list[tuple[int, int, int]], out: Slots, sizes: list[int] | None = None,
    ) -> None:
        """``closed_next`` and ``closed_known`` of ``seats``, whose piles differ from ``olds``
        (those ``out`` holds; None: zeroed slots): their known cards are taken out and put in.
        With ``sizes``, ``closed_sizes`` too."""
        step = self._count_step
        for seat in seats:
            pile = piles[seat]
            size_at, next_at, known_at = at[seat]
            if sizes is not None:
                out[size_at] = sizes[seat] / self._all_cards
            if olds is not None:
                old = olds[seat]
                if any(old):  # mostly no card of a closed pile is known
                    for code in filter(None, old[:1]):
                        out[next_at + RANK_OF[code]] = 0.0
                    for code in filter(None, old):
                        out[known_at + RANK_OF[code]] = 0.0
            if any(pile):
                for code in filter(None, pile[:1]):
                    out[next_at + RANK_OF[code]] = 1.0
                for code in filter(None, pile):
                    out[known_at + RANK_OF[code]] += step
