"""Tač: action space and observation tensor (rules T1-T13).

The card of a placement is fixed by the position (the open pile's top in ``open``, the turned
card in ``turned``: T6, T7), so an id names only where it goes. Seats are relative to the mover.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

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


class TacEncoder(Encoder):
    """Rank counts (/4 per deck) of every pile; seats relative to the viewer. Every card in Tač
    is public and the observation lists every known closed card (T8, T11), so the observation
    is the information state: the recall variant is the same tensor (no history piece)."""

    game = "tac"
    incremental = True

    def _slots(self) -> None:
        self.decks = 2 if self.num_players >= 5 else 1  # T1
        o = self.layout.offset
        self._small_at = tuple(o[name] for name in (
            "phase", "to_move", "central_wants", "opened", "central_size",
            "turned", "miss_by", "miss_card", "miss_kind", "finished", "aside",
        ))
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

    def _fill(self, obs: Mapping[str, Any], out: Slots, last: Last | None = None) -> None:
        me = obs["player"]
        old = None if last is None else last.obs
        self._small(obs, me, out, last)
        piles = obs["open_piles"]
        if old is None or piles != old["open_piles"]:
            self._open_piles(piles, None if old is None else old["open_piles"], self._open_at[me], out, last)
        closed, sizes = obs["closed"], obs["closed_sizes"]
        if old is None or closed != old["closed"] or sizes != old["closed_sizes"]:
            self._closed_piles(closed, sizes, None if old is None else old["closed"], self._closed_at[me], out)

    def _small(self, obs: Mapping[str, Any], me: int, out: Slots, last: Last | None) -> None:
        """Every piece but the piles: small, and written every time."""
        (phase_at, to_move_at, wants_at, opened_at, central_at, turned_at,
         miss_by_at, miss_card_at, miss_kind_at, finished_at, aside_at) = self._small_at
        if last is not None:
            last.clear(phase_at, central_at + 1 - phase_at)
            last.clear(turned_at, aside_at + 1 - turned_at)
        out[phase_at + PHASES[obs["phase"]]] = 1.0
        if obs["current_player"] == me:
            out[to_move_at] = 1.0
        if obs["turn"] == me:
            out[to_move_at + 1] = 1.0
        out[wants_at + RANK_LETTERS[obs["central_wants"]]] = 1.0
        if obs["opened"]:
            out[opened_at] = 1.0
        out[central_at] = len(obs["central"]) / (52.0 * self.decks)
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

    def _open_piles(
        self, piles: list[list[str]], olds: list[list[str]] | None, at: list[tuple[int, int, int]],
        out: Slots, last: Last | None,
    ) -> None:
        """``open_top``, ``open_piles`` and ``open_sizes`` of the seats whose pile differs from
        ``olds`` (those ``out`` holds). Only the cards after a pile's common start with its old
        one are taken out and put in: a pile mostly changes at its top alone."""
        step, cards = 0.25 / self.decks, 52.0 * self.decks
        for seat, pile in enumerate(piles):
            top_at, counts_at, size_at = at[seat]
            start = 0
            if olds is not None and last is not None:
                old = olds[seat]
                if pile == old:
                    continue
                if old:
                    out[top_at + RANK_OF[old[-1]]] = 0.0
                start = max(0, min(len(old), len(pile)) - 1)
                if pile[:start] == old[:start]:
                    for code in old[start:]:
                        out[counts_at + RANK_OF[code]] -= step
                else:
                    start = 0
                    last.clear(counts_at, 13)
            for code in pile[start:]:
                out[counts_at + RANK_OF[code]] += step
            if pile:
                out[top_at + RANK_OF[pile[-1]]] = 1.0
            out[size_at] = len(pile) / cards

    def _closed_piles(
        self, piles: list[list[str | None]], sizes: list[int], olds: list[list[str | None]] | None,
        at: list[tuple[int, int, int]], out: Slots,
    ) -> None:
        """``closed_sizes``, ``closed_next`` and ``closed_known``; the known cards of a pile that
        differs from its old one (which ``out`` holds) are taken out and put in."""
        step, cards = 0.25 / self.decks, 52.0 * self.decks
        for seat, pile in enumerate(piles):
            size_at, next_at, known_at = at[seat]
            out[size_at] = sizes[seat] / cards
            if olds is not None:
                old = olds[seat]
                if pile == old:
                    continue
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
