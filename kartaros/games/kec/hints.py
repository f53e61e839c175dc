"""Why a hinted Keč move is good, in the game's terms (``Words.hint``; ``kartaros.analysis.hints``).

The reasons are the heuristic's own (``heuristic.py``), counted from the player's observation
only: an attack wins unless the opponent holds a breaker of the hold (K7, K8), and the sentence
says how likely that is by the cards still unseen; a defence breaks with the card the hand
misses least (K8); a throw takes a random card of the opponent's (K11); a discard gives up a
card that is part of no hold the player can still make and breaks none the opponent can (K5c);
a discard taken from the pile belongs to a hold or breaks one (K4).
"""

from __future__ import annotations

from collections.abc import Sequence

from kartaros.games.kec import heuristic as h
from kartaros.games.kec.rules import HOLD_NAMES
from kartaros.games.kec.views import KecObservation
from kartaros.games.kec.words import SPEECH, _hold


def describe_hint(observation: KecObservation, action: str, names: Sequence[str], lang: str = "en") -> str | None:
    """Why ``action`` is the move to make: the hold it threatens, breaks, keeps or gives up."""
    say = SPEECH.speech(lang)
    other = names[1 - observation["player"]]
    phase = observation["phase"]
    view = h._View(observation)
    if action == "take" and observation["discard"]:
        code = observation["discard"][-1]["card"]
        rank = h.RANK_OF[code]
        mine = [hold for hold in h.PART_OF[rank] if _can_make(view, hold)]
        if mine:
            return say("The {card} is a part of {hold:a}, which you can still make: take it rather than an "
                       "unknown card.", card=say.card(code), hold=_hold(say, HOLD_NAMES[mine[0]]))
        threats = [hold for hold in h.BROKEN_BY[rank] if view.threat[hold]]
        if threats:
            return say("The {card} breaks {hold:a}, which {who} can still make: take it rather than an unknown "
                       "card.", card=say.card(code), hold=_hold(say, HOLD_NAMES[threats[0]]), who=other)
        return None
    cards = action.split("-")
    if phase == "defend" and len(cards) == 1:
        return say("Break it with {card}: of your breakers it is the one your hand misses least.",
                   card=say.card(cards[0]))
    if len(cards) == 3:
        hold = h._hold_of(h.RANK_OF[cards[0]], h.RANK_OF[cards[-1]])
        chance = view.stands[hold]
        word = _hold(say, HOLD_NAMES[hold])
        if chance >= h.SURE:
            return say("Attack with {hold:a}: nothing still unseen breaks it, so {who} cannot answer it and you "
                       "win.", hold=word, who=other)
        return say("Attack with {hold:a}: {who} must break it at once, and by the cards still unseen the chance "
                   "that {who} holds nothing to break it with is about {chance}%.", hold=word, who=other,
                   chance=round(100 * chance))
    if len(cards) == 2:
        if h.RANK_OF[cards[0]] in h.THROW_RANKS:
            return say("A throw takes a random card from {who}'s hand, perhaps a breaker, and you draw two "
                       "new cards.", who=other)
        return say("An exchange costs you nothing: two cards you do not need go for two new ones.")
    if phase == "choose" and len(cards) == 1:
        rank = h.RANK_OF[cards[0]]
        keeps = any(_can_make(view, hold) for hold in h.PART_OF[rank])
        breaks = any(view.threat[hold] for hold in h.BROKEN_BY[rank])
        if not keeps and not breaks and view.counts[rank] == 1:
            return say("{card} is part of no hold you can still make and breaks none {who} can make: it is the "
                       "card you miss least.", card=say.card(cards[0]), who=other)
    return None


def _can_make(view: h._View, hold: int) -> bool:
    """Whether the player can still make ``hold``: every card of it is in his hand or unseen."""
    if hold in (h.PIN, h.KNOCKOUT):
        rank = h.HOLD_RANKS[hold][0]
        return view.counts[rank] + view.unseen[rank] >= 3
    return all(view.counts[r] + view.unseen[r] for r in h.HOLD_RANKS[hold])
