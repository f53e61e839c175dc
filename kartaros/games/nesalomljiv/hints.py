"""Why a hinted Nesalomljiv move is good, in the game's terms (``Words.hint``;
``kartaros.analysis.hints``).

In a duel (N5) the pair to keep is the one closest to the target: the sentence says its
distance, and which pairs the opponent would need to beat it, or that he can no longer have
one because the cards for it are all seen (in the player's hand, in the middle, on the discard
pile or known in a match hand). Placing an Attacker (N10) chooses the target: a face card makes
it 100, which no sum reaches (no knockout, hardly a tie), a low card ties less often than a
middle one (the heuristic's reasons, ``heuristic.py``). From the player's observation only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from kartaros.cards import CODE, card_id
from kartaros.games.nesalomljiv.rules import TARGET_VALUE, WEAPON_VALUE
from kartaros.games.nesalomljiv.views import NesalomljivObservation
from kartaros.games.nesalomljiv.words import SPEECH

FACE = 100


def unseen_weapons(observation: NesalomljivObservation) -> Counter[int]:
    """The weapon values of the cards the player cannot place (N2): those the opponent's
    weapons may be among."""
    me = observation["player"]
    seen = [*observation["weapons"], *observation["discard"]]
    seen += [c for c in observation["match_hands"][me] if c is not None]
    seen += [c for seat, cards in enumerate(observation["match_public"]) if seat != me for c in cards]
    if observation["target"] is not None:
        seen.append(observation["target"])
    left = Counter(WEAPON_VALUE[c] for c in range(52))
    for code in set(seen):
        left[WEAPON_VALUE[card_id(code)]] -= 1
    return left


def _reachable(left: Counter[int], target: int, closer_than: int) -> list[int]:
    """The sums of two unseen weapons closer than ``closer_than`` to ``target``."""
    values = [v for v, n in left.items() for _ in range(min(n, 2)) if n > 0]
    return sorted({a + b for a, b in combinations(values, 2) if abs(target - a - b) < closer_than})


def describe_hint(
    observation: NesalomljivObservation, action: str, names: Sequence[str], lang: str = "en"
) -> str | None:
    """Why ``action`` is the move to make: a pair's distance to the target, or the target an Attacker sets."""
    say = SPEECH.speech(lang)
    me = observation["player"]
    other = names[1 - me]
    parts = action.split("-")
    if len(parts) == 2 and observation["target_value"] is not None:
        target = observation["target_value"]
        total = WEAPON_VALUE[card_id(parts[0])] + WEAPON_VALUE[card_id(parts[1])]
        off = abs(target - total)
        kept = say.cards(parts)
        if off == 0:
            return say("{kept} sums {total}, the target exactly: a knockout, and {who} can at best tie it.",
                       kept=kept, total=total, who=other)
        weapons = [WEAPON_VALUE[card_id(w)] for w in observation["weapons"]]
        if min(abs(target - a - b) for a, b in combinations(weapons, 2)) < off:
            return None  # not the closest pair: the search's reasons are its numbers
        sums = _reachable(unseen_weapons(observation), target, off)
        if not sums:
            return say("{kept} sums {total}, {off} off the target {target}: {who} can no longer have a closer "
                       "pair, the cards for one are all seen.", kept=kept, total=total, off=off, target=target,
                       who=other)
        low, high = sums[0], sums[-1]
        if low == high:
            return say("{kept} sums {total}, {off} off the target {target}, the closest you can get: {who} wins "
                       "the duel only with a pair that sums {low}.", kept=kept, total=total, off=off,
                       target=target, who=other, low=low)
        return say("{kept} sums {total}, {off} off the target {target}, the closest you can get: {who} wins the "
                   "duel only with a pair that sums {low} to {high}.", kept=kept, total=total, off=off,
                   target=target, who=other, low=low, high=high)
    if len(parts) == 1 and action in CODE:
        value = TARGET_VALUE[card_id(action)]
        card = say.card(action)
        if value == FACE:
            return say("{card} makes the target 100: no pair reaches it, so nobody is knocked out, a tie is rare "
                       "and the higher sum wins.", card=card)
        if value <= 4:
            return say("{card} makes the target {value}: a low target ties less often than a middle one, so the "
                       "duel is more often decided.", card=card, value=value)
    return None
