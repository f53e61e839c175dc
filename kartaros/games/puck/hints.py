"""Why a hinted Puck move is good, in the game's terms (``Words.hint``; ``kartaros.analysis.hints``).

The exchange is Puck's one real decision (P6): hold the hand, or put cards into the pot and take
as many from the others' piles. What decides it is the hand it makes (P9): the chance that the
cards kept, completed by the unknown ones taken, beat every opponent at the showdown, which is
the heuristic's own measure (``heuristic._win_chance``). From the player's observation only.
"""

from __future__ import annotations

from collections.abc import Sequence

from kartaros.cards import card_id
from kartaros.games.puck.heuristic import _win_chance
from kartaros.games.puck.views import PuckObservation
from kartaros.games.puck.words import SPEECH, _by_strength, _exchange, describe_hand


def describe_hint(observation: PuckObservation, action: str, names: Sequence[str], lang: str = "en") -> str | None:
    """Why ``action`` is the exchange to make: the hand it keeps and its chance at the showdown."""
    if observation["phase"] != "exchange" or action in ("draw", "turn"):
        return None
    say = SPEECH.speech(lang)
    hand = list(observation["hand"])
    ace_low = bool(observation["variant"].get("ace_low_straight", True))
    short_pair = bool(observation["variant"].get("short_pair", True))
    opponents = max(1, sum(1 for p in observation["order"] if p != observation["player"]))
    named = describe_hand(hand, ace_low, lang, short_pair)
    hold_chance = _percent(_win_chance(tuple(card_id(c) for c in hand), 0, opponents, ace_low))
    if action == "hold":
        return say("Your {hand} is worth keeping: as it is, it beats every opponent about {chance}% of the time.",
                   hand=named, chance=hold_chance)
    put, _ = _exchange(observation, action)
    kept = [c for c in hand if c not in put]
    chance = _percent(_win_chance(tuple(card_id(c) for c in kept), len(put), opponents, ace_low))
    if chance <= hold_chance:
        return None  # the search sees more than the showdown here (whose pile the cards come from)
    if not kept:
        return say("None of your cards is worth keeping: {count} taken instead beat every opponent about "
                   "{chance}% of the time, your {hand} only about {held}%.", count=say.count(len(put)), chance=chance,
                   hand=named, held=hold_chance)
    return say("Keep {kept}: with {count} taken it makes a hand that beats every opponent about {chance}% of "
               "the time; your {hand} as it is, about {held}%.", kept=say.cards(_by_strength(kept)),
               count=say.count(len(put)), chance=chance, hand=named, held=hold_chance)


def _percent(share: float) -> int:
    return round(100 * share)
