"""Keč: action space and observation tensor (rules K1-K13).

Suits play no role (K1), so ids name ranks: "discard a Seven", "pair of Nines", "choke".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kartaros.cards import RANKS
from kartaros.rl.spaces import MemoSpace
from kartaros.rl.tensors import RANK_OF, Encoder, EventSpec, Sparse, one_hot, rank_counts

RANK_WORDS = [*RANKS, "Joker"]  # 14 ranks: the two Jokers are one rank (K1)
PAIR_RANKS = range(3, 11)  # K10: 4-4 … J-J (rank index 3 = Four … 10 = Jack)
HOLDS = ("choke", "lever", "pin", "knockout")  # K7
HOLD_RANKS: dict[tuple[int, ...], int] = {(0, 1, 2): 0, (3, 4, 5): 1, (0, 0, 0): 2, (11, 11, 11): 3}
DRAW, TAKE, CARD, PAIR, HOLD = 0, 1, 2, 16, 24


class KecSpace(MemoSpace):
    """28 ids: draw, take, one card by rank (14: discard K5c or break K8), a pair by rank (8, K10),
    a hold (4, K7)."""

    game = "kec"

    def _names(self) -> list[str]:
        return (
            ["draw", "take"]
            + [f"card {r}" for r in RANK_WORDS]
            + [f"pair {RANKS[r]}" for r in PAIR_RANKS]
            + list(HOLDS)
        )

    def _parse(self, action: str) -> int:
        if action == "draw":
            return DRAW
        if action == "take":
            return TAKE
        ranks = tuple(RANK_OF[code] for code in action.split("-"))
        if len(ranks) == 1:
            return CARD + ranks[0]
        if len(ranks) == 2:
            return PAIR + ranks[0] - PAIR_RANKS.start
        return HOLD + HOLD_RANKS[ranks]


PHASES = ("draw", "choose", "replace", "throw", "defend", "over")
CYCLES = ("original", "reshuffled", "extended")


class KecEncoder(Encoder):
    """Rank counts (/4) of every zone the player sees; seats relative to him (me, opponent)."""

    game = "kec"
    events = EventSpec(
        types=("deal", "draw", "take", "reshuffle", "extend", "discard", "pair", "steal", "hold", "break", "end"),
        fields_a=("card", "cards"),
        tags=HOLDS,
        ranks=14,
        count_scale=54.0,
    )

    def __init__(
        self,
        num_players: int = 2,
        variant: Mapping[str, Any] | None = None,
        *,
        recall: bool = False,
        history: int | None = None,
    ) -> None:
        super().__init__(num_players, variant, recall=recall, history=history)

    def _pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        return [
            ("phase", (6,)),
            ("to_move", (2,)),  # [I decide now, it is my turn]
            ("hand", (14,)),
            ("opponent_known", (14,)),  # cards seen going into his hand (K4, K11, K6)
            ("hand_sizes", (2,)),  # /5
            ("stock", (1,)),  # stock size /54
            ("stock_cycle", (3,)),  # K6
            ("discard", (2, 14)),  # by who put them there: me, opponent (K4)
            ("discard_top", (2, 14)),  # the top card, by who put it there: only his may be taken (K4)
            ("out_of_play", (14,)),
            ("table", (14,)),
            ("hold", (4,)),  # the hold to answer (K7, K8)
            ("took_discard", (1,)),  # K4: at most once per draw phase
            ("replacements", (1,)),  # K10: /2
        ]

    def _fill(self, obs: Mapping[str, Any], out: Sparse) -> None:
        o = self.layout.offset
        me = obs["player"]
        one_hot(PHASES, obs["phase"], out, o["phase"])
        out[o["to_move"]] = float(obs["current_player"] == me)
        out[o["to_move"] + 1] = float(obs["turn"] == me)
        rank_counts(obs["hand"], out, o["hand"])
        rank_counts(obs["opponent_known"], out, o["opponent_known"])
        sizes = obs["hand_sizes"]
        out[o["hand_sizes"]] = min(1.0, sizes[me] / 5)
        out[o["hand_sizes"] + 1] = min(1.0, sizes[1 - me] / 5)
        out[o["stock"]] = obs["stock_size"] / 54
        one_hot(CYCLES, obs["stock_cycle"], out, o["stock_cycle"])
        at = o["discard"]
        for item in obs["discard"]:
            out[at + (0 if item["by"] == me else 14) + RANK_OF[item["card"]]] += 0.25
        if obs["discard"]:
            top = obs["discard"][-1]
            out[o["discard_top"] + (0 if top["by"] == me else 14) + RANK_OF[top["card"]]] = 1.0
        rank_counts(obs["out_of_play"], out, o["out_of_play"])
        rank_counts(obs["table"], out, o["table"])
        one_hot(HOLDS, obs["hold"], out, o["hold"])
        out[o["took_discard"]] = float(obs["took_discard"])
        out[o["replacements"]] = obs["replacements"] / 2
