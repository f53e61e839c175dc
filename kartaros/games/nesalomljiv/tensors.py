"""Nesalomljiv: action space and observation tensor (rules N1-N15).

Suits play no role (N1), so ids name ranks: "place a Five", "keep Three and Four".
"""

from __future__ import annotations

from kartaros.cards import RANKS
from kartaros.games.nesalomljiv.views import DuelView, NesalomljivObservation
from kartaros.rl.spaces import MemoSpace
from kartaros.rl.tensors import RANK_OF, Encoder, EventSpec, Last, Slots, indices, rank_counts

DRAW, PLACE_TOP, PLACE, KEEP = 0, 1, 2, 15
KEEP_PAIRS = [(a, b) for a in range(13) for b in range(a, 13)]  # 91 rank pairs, a ≤ b
KEEP_ID = {pair: KEEP + i for i, pair in enumerate(KEEP_PAIRS)}


class NesalomljivSpace(MemoSpace):
    """106 ids: draw (N11), place the top card (blind, N10), place a card by rank (13, N10), keep
    two weapons by their ranks (91 unordered rank pairs, N5)."""

    game = "nesalomljiv"

    def _names(self) -> list[str]:
        return (
            ["draw", "place top"]
            + [f"place {r}" for r in RANKS]
            + [f"keep {RANKS[a]}-{RANKS[b]}" for a, b in KEEP_PAIRS]
        )

    def _parse(self, action: str) -> int:
        if action == "draw":
            return DRAW
        if action == "place":
            return PLACE_TOP
        cards = action.split("-")
        if len(cards) == 1:
            return PLACE + RANK_OF[cards[0]]
        first, second = sorted((RANK_OF[cards[0]], RANK_OF[cards[1]]))
        return KEEP_ID[(first, second)]


PHASES = indices(("choose", "draw", "place", "over"))
ROLES = indices(("chooser", "attacker"))


class NesalomljivEncoder(Encoder[NesalomljivObservation]):
    """Rank counts (/4) of every zone the player sees; seats relative to him (me, opponent)."""

    game = "nesalomljiv"
    events = EventSpec(
        types=("deal", "chooser", "choose", "duel", "take", "discard", "draw", "place", "reshuffle", "end"),
        fields_a=("card", "cards", "keep", "kept"),
        fields_b=("drop", "dropped"),
        seat_fields=("winner",),
        tags=("match", "weapons", "chooser", "attacker", "knockout"),
    )

    def _pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        return [
            ("phase", (4,)),
            ("to_move", (1,)),
            ("target", (13,)),  # the Chooser or Attacker in the middle (N2: its rank gives its value)
            ("target_role", (2,)),
            ("placer", (2,)),  # who placed the Attacker / places next: me, opponent (N10-N12)
            ("weapons", (13,)),
            ("weapon_counts", (2,)),  # /3
            ("chosen", (2,)),  # N6: who has chosen in this duel
            ("my_keep", (13,)),  # my secret choice before the reveal (N6)
            ("my_drop", (13,)),
            ("match_known", (2, 13)),  # match-hand cards I can name: mine, his (seen going in, N8, N11)
            ("match_sizes", (2,)),  # /52
            ("stock", (1,)),  # /52
            ("discard", (13,)),
            ("last_duel", (2, 13)),  # the pairs kept at the last reveal: mine, his
            ("last_result", (4,)),  # I won, he won, tie, knockout
            ("blind", (1,)),  # variant match_hand: "blind"
        ]

    def _fill(self, obs: NesalomljivObservation, out: Slots, last: Last[NesalomljivObservation] | None = None) -> None:
        o = self.layout.offset
        me = obs["player"]
        out[o["phase"] + PHASES[obs["phase"]]] = 1.0
        if obs["current_player"] == me:
            out[o["to_move"]] = 1.0
        if obs["target"] is not None:
            out[o["target"] + RANK_OF[obs["target"]]] = 1.0
        if obs["target_role"] is not None:
            out[o["target_role"] + ROLES[obs["target_role"]]] = 1.0
        if obs["placer"] is not None:
            out[o["placer"] + (0 if obs["placer"] == me else 1)] = 1.0
        rank_counts(obs["weapons"], out, o["weapons"])
        weapons, chosen, hands, sizes = obs["weapon_counts"], obs["chosen"], obs["match_hands"], obs["match_sizes"]
        for rel, seat in enumerate((me, 1 - me)):
            out[o["weapon_counts"] + rel] = weapons[seat] / 3
            if chosen[seat]:
                out[o["chosen"] + rel] = 1.0
            rank_counts(hands[seat], out, o["match_known"] + 13 * rel)
            out[o["match_sizes"] + rel] = sizes[seat] / 52
        choice = obs["my_choice"]
        if choice is not None:
            rank_counts(choice["keep"], out, o["my_keep"])
            out[o["my_drop"] + RANK_OF[choice["drop"]]] = 0.25
        out[o["stock"]] = obs["stock_size"] / 52
        rank_counts(obs["discard"], out, o["discard"])
        if obs["last_duel"] is not None:
            self._duel(obs["last_duel"], me, out)
        if obs["variant"].get("match_hand") == "blind":
            out[o["blind"]] = 1.0

    def _duel(self, duel: DuelView, me: int, out: Slots) -> None:
        """The pieces ``last_duel`` and ``last_result``: the pairs kept at the last reveal, who won."""
        o = self.layout.offset
        rank_counts(duel["kept"][me], out, o["last_duel"])
        rank_counts(duel["kept"][1 - me], out, o["last_duel"] + 13)
        winner = duel["winner"]
        out[o["last_result"] + (2 if winner is None else 0 if winner == me else 1)] = 1.0
        if duel["knockout"]:
            out[o["last_result"] + 3] = 1.0
