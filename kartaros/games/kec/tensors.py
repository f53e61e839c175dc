"""Keč: action space and observation tensor for learning agents (rules K1-K13).

Suits play no role (K1), so ids name ranks: "discard a Seven", "pair of Nines", "choke".
"""

from __future__ import annotations

from kartaros.cards import RANKS
from kartaros.games.kec import rules
from kartaros.games.kec.views import DiscardEntry, KecObservation
from kartaros.rl.spaces import MemoSpace
from kartaros.rl.tensors import RANK_OF, Encoder, EventSpec, Last, Slots, indices, rank_counts

RANK_WORDS = [*RANKS, "Joker"]  # 14 ranks: the two Jokers are one rank (K1)
PAIR_RANKS = range(min(rules.PAIR_RANKS), max(rules.PAIR_RANKS) + 1)  # K10: 4-4 … J-J, one id each
HOLDS = rules.HOLD_NAMES  # K7
HOLD_OF_RANKS: dict[tuple[int, ...], int] = {ranks: hold for hold, ranks in enumerate(rules.HOLD_RANKS)}
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
        return HOLD + HOLD_OF_RANKS[ranks]


PHASES = indices(("draw", "choose", "replace", "throw", "defend", "over"))
CYCLES = indices(("original", "reshuffled", "extended"))
HOLD_AT = indices(HOLDS)


class KecEncoder(Encoder[KecObservation]):
    """Rank counts (/4) of every zone the player sees; seats relative to him (me, opponent)."""

    game = "kec"
    incremental = True
    events = EventSpec(
        types=("deal", "draw", "take", "reshuffle", "extend", "discard", "pair", "steal", "hold", "break", "end"),
        fields_a=("card", "cards"),
        tags=HOLDS,
        ranks=14,
        count_scale=54.0,
    )

    def _slots(self) -> None:
        o = self.layout.offset
        self._small_at = tuple(o[name] for name in (
            "phase", "to_move", "hand_sizes", "stock", "stock_cycle", "hold", "took_discard", "replacements",
        ))

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

    def _fill(self, obs: KecObservation, out: Slots, last: Last[KecObservation] | None = None) -> None:
        o = self.layout.offset
        me = obs["player"]
        self._small(obs, me, out, last)
        for name in ("hand", "opponent_known", "out_of_play", "table"):
            cards = obs[name]
            if last is None:
                rank_counts(cards, out, o[name])
            elif cards != last.obs[name]:
                last.clear(o[name], 14)
                rank_counts(cards, out, o[name])
        self._discard(obs["discard"], me, out, last)

    def _small(self, obs: KecObservation, me: int, out: Slots, last: Last[KecObservation] | None) -> None:
        """The small pieces, written every time (a one-hot's old slot cleared first)."""
        phase_at, to_move_at, sizes_at, stock_at, cycle_at, hold_at, took_at, replacements_at = self._small_at
        if last is not None:
            old = last.obs
            out[phase_at + PHASES[old["phase"]]] = 0.0
            out[cycle_at + CYCLES[old["stock_cycle"]]] = 0.0
            if old["hold"] is not None:
                out[hold_at + HOLD_AT[old["hold"]]] = 0.0
        out[phase_at + PHASES[obs["phase"]]] = 1.0
        out[to_move_at] = 1.0 if obs["current_player"] == me else 0.0
        out[to_move_at + 1] = 1.0 if obs["turn"] == me else 0.0
        sizes = obs["hand_sizes"]
        out[sizes_at] = min(1.0, sizes[me] / 5)
        out[sizes_at + 1] = min(1.0, sizes[1 - me] / 5)
        out[stock_at] = obs["stock_size"] / 54
        out[cycle_at + CYCLES[obs["stock_cycle"]]] = 1.0
        if obs["hold"] is not None:
            out[hold_at + HOLD_AT[obs["hold"]]] = 1.0
        out[took_at] = 1.0 if obs["took_discard"] else 0.0
        out[replacements_at] = obs["replacements"] / 2

    def _discard(self, discard: list[DiscardEntry], me: int, out: Slots, last: Last[KecObservation] | None) -> None:
        """The pieces ``discard`` (by who put each card there) and ``discard_top``. From the
        last observation only the cards after their common start are taken out and put in:
        the pile mostly changed at its top alone."""
        at, top_at = self.layout.offset["discard"], self.layout.offset["discard_top"]
        start = 0
        if last is not None:
            old = last.obs["discard"]
            if discard == old:
                return
            start = max(0, min(len(old), len(discard)) - 1)
            if discard[:start] == old[:start]:
                for item in old[start:]:
                    out[at + (0 if item["by"] == me else 14) + RANK_OF[item["card"]]] -= 0.25
            else:
                start = 0
                last.clear(at, 28)
            last.clear(top_at, 28)
        for item in discard[start:]:
            out[at + (0 if item["by"] == me else 14) + RANK_OF[item["card"]]] += 0.25
        if discard:
            top = discard[-1]
            out[top_at + (0 if top["by"] == me else 14) + RANK_OF[top["card"]]] = 1.0
