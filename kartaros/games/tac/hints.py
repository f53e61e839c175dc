"""Why a hinted Tač move is good, in the game's terms (``Words.hint``; ``kartaros.analysis.hints``).

Where the card goes is what a Tač move decides (T6, T7): onto the central pile, which burdens
nobody, or onto an opponent's open pile, which gives him one more card to get rid of (T4).
Either way a card that fits must be placed, or anyone may call the miss (T11). The sentence is
built from the player's observation only.
"""

from __future__ import annotations

from collections.abc import Sequence

from kartaros.cards import RANKS
from kartaros.games.tac.views import TacObservation
from kartaros.games.tac.words import SPEECH


def _cards_left(observation: TacObservation, seat: int) -> int:
    return observation["closed_sizes"][seat] + len(observation["open_piles"][seat])


def describe_hint(observation: TacObservation, action: str, names: Sequence[str], lang: str = "en") -> str | None:
    """Why ``action`` is the move to make: the pile the card fits and what that does."""
    say = SPEECH.speech(lang)
    me = observation["player"]
    if action in ("turn", "turn?"):
        return say("No card of yours fits a pile now: turn your next card and see whether it fits.")
    code, sep, place = action.rstrip("?").partition(">")
    if not sep:
        return None
    card = say.card(code)
    if place == "C":
        wants = say.rank(RANKS.index(observation["central_wants"]))
        return say("{card} fits the central pile, which takes {rank:a} now: a card that fits must be placed, "
                   "and the central pile gives nobody a card.", card=card, rank=wants)
    seat = int(place)
    if seat == me:
        return say("{card} fits no pile: it goes onto your own open pile, and your turn ends.", card=card)
    others = [p for p, out in enumerate(observation["places"]) if out is None and p != me]
    fewest = min((_cards_left(observation, p) for p in others), default=0)
    if len(others) > 1 and _cards_left(observation, seat) == fewest:
        return say("{card} fits {who}'s open pile: one more card to get rid of for {who}, who is closest to "
                   "going out.", card=card, who=names[seat])
    return say("{card} fits {who}'s open pile: one more card for {who} to get rid of, and one fewer for you.",
               card=card, who=names[seat])
