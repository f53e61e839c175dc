"""Tač: action space and observation tensor (rules T1-T13).

The card of a placement is fixed by the position (the open pile's top in ``open``, the turned
card in ``turned``: T6, T7), so an id names only where it goes. Seats are relative to the mover.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kartaros.rl.spaces import ActionSpace
from kartaros.rl.tensors import RANK_OF, Encoder, Sparse, one_hot, rank_counts

TURN, CENTRAL, SEAT = 0, 1, 2  # then SEAT + r for r = 0 … n-1, then the miss ids, call, pass


class TacSpace(ActionSpace):
    """n + 6 ids: turn (T7), onto the central pile (T4), onto the open pile of the seat r places
    after the mover (r = 0: his own, the card fits nowhere, T7), the misses ``turn?`` and
    ``X>own?`` (T11, calls open), call, pass (T11)."""

    game = "tac"
    exact = True

    def _names(self) -> list[str]:
        n = self.num_players
        return (
            ["turn", "to central"]
            + ["to own open pile"]
            + [f"to open pile of seat +{r}" for r in range(1, n)]
            + ["turn? (miss)", "keep? (miss)", "call", "pass"]
        )

    def ids(self, actions: Any, mover: int) -> list[int]:
        n = self.num_players
        out = []
        for action in actions:
            if action == "turn":
                out.append(TURN)
            elif action == "call":
                out.append(n + 4)
            elif action == "pass":
                out.append(n + 5)
            elif action == "turn?":
                out.append(n + 2)
            elif action.endswith("?"):
                out.append(n + 3)
            else:
                where = action[action.index(">") + 1:]
                out.append(CENTRAL if where == "C" else SEAT + (int(where) - mover) % n)
        return out


PHASES = ("open", "turn", "turned", "call", "over")
RANK_LETTERS = "A23456789TJQK"


class TacEncoder(Encoder):
    """Rank counts (/4 per deck) of every pile; seats relative to the viewer. Every card in Tač
    is public and the observation lists every known closed card (T8, T11), so the observation
    is the information state: the recall variant is the same tensor (no history piece)."""

    game = "tac"

    def __init__(
        self,
        num_players: int,
        variant: Mapping[str, Any] | None = None,
        *,
        recall: bool = False,
        history: int | None = None,
    ) -> None:
        self.decks = 2 if num_players >= 5 else 1  # T1
        super().__init__(num_players, variant, recall=recall, history=history)

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

    def _fill(self, obs: Mapping[str, Any], out: Sparse) -> None:
        o = self.layout.offset
        me, n = obs["player"], self.num_players
        per_rank = 4.0 * self.decks
        cards = 52.0 * self.decks
        one_hot(PHASES, obs["phase"], out, o["phase"])
        out[o["to_move"]] = float(obs["current_player"] == me)
        out[o["to_move"] + 1] = float(obs["turn"] == me)
        one_hot(RANK_LETTERS, obs["central_wants"], out, o["central_wants"])
        out[o["opened"]] = float(obs["opened"])
        out[o["central_size"]] = len(obs["central"]) / cards
        for seat in range(n):
            rel = (seat - me) % n
            pile = obs["open_piles"][seat]
            if pile:
                out[o["open_top"] + 13 * rel + RANK_OF[pile[-1]]] = 1.0
            rank_counts(pile, out, o["open_piles"] + 13 * rel, per_rank)
            out[o["open_sizes"] + rel] = len(pile) / cards
            out[o["closed_sizes"] + rel] = obs["closed_sizes"][seat] / cards
            closed = obs["closed"][seat]
            if closed and closed[0] is not None:
                out[o["closed_next"] + 13 * rel + RANK_OF[closed[0]]] = 1.0
            rank_counts(closed, out, o["closed_known"] + 13 * rel, per_rank)
            out[o["finished"] + rel] = float(obs["places"][seat] is not None)
        if obs["turned"] is not None:
            out[o["turned"] + RANK_OF[obs["turned"]]] = 1.0
        miss = obs["miss"]
        if miss is not None:
            out[o["miss_by"] + (miss["player"] - me) % n] = 1.0
            out[o["miss_card"] + RANK_OF[miss["card"]]] = 1.0
            one_hot(("turn", "keep"), miss["kind"], out, o["miss_kind"])
        out[o["aside"]] = obs["aside"] / 8
