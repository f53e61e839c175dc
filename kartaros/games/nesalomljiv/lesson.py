"""Nesalomljiv's guided first game: the Chooser duel (N5, N8), placing an Attacker (N10), a
knockout (N11) and a tie (N12).

The learner against Ana, whose moves are fixed. Each duel is set so that one pair of the
learner's weapons is the lesson's; ``tests/test_lessons.py`` replays it.
"""

from __future__ import annotations

from kartaros.cards import CODE
from kartaros.lessons import Lesson, Step
from kartaros.words import N_

LEARNER_MATCH = ("7S", "8S", "KS", "9S", "TS")  # the 7 and the 8 become his Attackers
ANA_MATCH = ("6C", "JD", "QS", "2H", "AH")  # the 6 becomes hers after the tie
CHOOSER = "9D"
# The weapons of each duel, (the learner's, Ana's), and between them the card Ana draws when
# knocked out (N11).
FIRST = (("4C", "3C", "KC"), ("AC", "4S", "QC"))  # 4 + 3 = 7 against her 1 + 4 = 5, for a 9
KNOCKOUT = (("2D", "5D", "QD"), ("9C", "TC", "JC"))  # 2 + 5 = 7: exactly the Attacker 7
DRAWN = "3D"
TIE = (("4H", "2S", "JS"), ("6D", "4D", "KD"))  # 4 + 2 = 6 and her 6 + 4 = 10: both 2 from the 8


def _dealt(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[str, ...]:
    """Cards dealt one at a time, the learner first (N4)."""
    return tuple(c for pair in zip(first, second, strict=True) for c in pair)


_ORDER = (*_dealt(LEARNER_MATCH, ANA_MATCH), CHOOSER, *_dealt(*FIRST), *_dealt(*KNOCKOUT), DRAWN, *_dealt(*TIE))
DECK = (*_ORDER, *(c for c in CODE[:52] if c not in _ORDER))

SCRIPT = ("AC-4S", "9C-TC", "draw", "4D-6D", "6C")

MIDDLE = ".nes-target"



def _keep(first: str, second: str) -> tuple[str, str, str]:
    """The places a person clicks to keep two weapons: both cards, then the card in the middle."""
    return (f"[data-card='{first}']", f"[data-card='{second}']", MIDDLE)


def _place(card: str) -> tuple[str, str]:
    """The places a person clicks to place an Attacker: the card of his match hand, then the middle."""
    return (f"[data-card='{card}']", MIDDLE)


LESSON = Lesson(
    game="nesalomljiv",
    deck=DECK,
    names=(None, "Ana"),
    bot=SCRIPT,
    steps=(
        Step(N_("Nesalomljiv is won by getting rid of your match hand, the five cards at the bottom: "
                "only you see them. Each round is a duel with three weapons; in the middle lies the "
                "card the duel is about, now the Chooser, whose winner starts."),
             places=(".seat-bottom .nes-match", MIDDLE)),
        Step(N_("In a duel you keep two of your three weapons, and the pair whose sum comes closer to "
                "the card in the middle wins. As a weapon an Ace counts 1 and a picture card 0. The "
                "Chooser is a 9: keep your 4 and your 3 (7) — select them, then click the Chooser."),
             expect=("3C-4C",), cards=("4C", "3C"), places=_keep("4C", "3C"),
             instead=N_("In this lesson, keep the 4 and the 3: 7 is the closest you can come to 9.")),
        Step(N_("Both pairs are shown at once: your 7 is 2 from the 9, {bot}'s 5 is 4 away. You win "
                "the Chooser duel, so you start."),
             cards=("AC", "4S")),
        Step(N_("Place an Attacker: a card of your match hand goes into the middle, and the next duel "
                "is about it. A picture card as Attacker counts 100, out of reach: place your 7 — select "
                "it, then click the middle."),
             expect=("7S",), cards=("7S",), places=_place("7S"),
             instead=N_("In this lesson, place your 7 as the Attacker.")),
        Step(N_("New weapons. A pair that makes the Attacker's value exactly is a knockout: keep the 2 "
                "and the 5 — 7!"),
             expect=("2D-5D",), cards=("2D", "5D"), places=_keep("2D", "5D"),
             instead=N_("In this lesson, keep the 2 and the 5: together exactly 7, a knockout.")),
        Step(N_("A knockout: {bot} lost, so she takes your 7 into her match hand, and on top of it "
                "draws a card from the stock. One card fewer for you, two more for her."),
             cards=("7S",), places=(".seat-top .nes-match",)),
        Step(N_("The winner places the next Attacker: place your 8."),
             expect=("8S",), cards=("8S",), places=_place("8S"),
             instead=N_("In this lesson, place your 8 as the Attacker.")),
        Step(N_("Your best pair is the 4 and the 2: 6, two below the 8. Keep them."),
             expect=("2S-4H",), cards=("4H", "2S"), places=_keep("4H", "2S"),
             instead=N_("In this lesson, keep the 4 and the 2: 6, the closest you can come to 8.")),
        Step(N_("{bot} kept 6 and 4: 10, two above the 8. Equal distances are a tie: the Attacker is "
                "discarded and the other player, {bot}, places the next one. She chose her 6."),
             cards=("6D", "4D", "6C")),
        Step(N_("That is the whole game: duel after duel, and whoever places the last card of his "
                "match hand wins at once. You hold three now, {bot} six.")),
    ),
)
