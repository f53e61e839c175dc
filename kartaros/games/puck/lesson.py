"""Puck's guided first game: the draw (P5), an exchange from two piles (P6), the showdown (P7-P9),
a tie broken by the next card (P10), and a player running out of cards (P11).

Three players, so an exchange can take from two piles: the learner against Ana and Boško, who
hold every time. The learner plays first in every round (he wins every trick, P8), so the
rounds go: everyone takes three cards, everyone holds or exchanges, the hands are shown.
``tests/test_lessons.py`` replays it.
"""

from __future__ import annotations

from kartaros.cards import CODE
from kartaros.lessons import Lesson, Step, deal_order
from kartaros.words import N_

# Each pile, top first, as its cards come: the three of each round's draw, the cards others
# take or a tie-break turns. The learner's: a 9 to build a straight on, then K-Q-5 (Ana has the
# same: a tie) and the Ace that breaks it, three poor cards to exchange, and a pair of Aces.
LEARNER = ("9H", "2C", "4D", "KS", "QD", "5C", "AS", "2D", "3D", "7C", "AH", "AD", "4S")
ANA = ("5S", "5D", "JC", "TS", "KH", "QC", "5H", "7D", "6S", "6D", "4C", "8S", "8C", "8H", "3C", "2H", "6H")
BOSKO = ("QS", "7H", "9S", "JD", "JH", "8D", "3S", "9C", "7S", "2S", "TC", "9D", "4H")
_REST = [c for c in CODE[:52] if c not in LEARNER + ANA + BOSKO]
PILES = (LEARNER + tuple(_REST[:4]), ANA, BOSKO + tuple(_REST[4:8]))
SURPLUS = _REST[8]  # the 52nd card: to the first trick's winner (P4)

ROUND = ("draw", "draw")  # Ana and Boško take their cards after the learner
HOLDS = ("hold", "hold")
SCRIPT = (
    *ROUND, *HOLDS,  # the first round: the learner exchanges from both piles
    *ROUND, *HOLDS, "turn",  # the second: a tie with Ana, each turns a card (P10)
    *ROUND, *HOLDS,  # the third: the learner takes three from Ana's pile
    *ROUND, *HOLDS,  # the fourth: Ana's pile is empty after her draw
)

YOUR_PILE = "[data-key='pile-0']"
DRAW = N_("Click your pile to take its top three cards into your hand.")
HOLD_ONLY = N_("In this lesson, hold your hand now: click Hold.")

LESSON = Lesson(
    game="puck",
    deck=(*deal_order(PILES), SURPLUS),
    names=(None, "Ana", "Boško"),
    bot=SCRIPT,
    returns=(1.0, 0.0, 0.0),  # Ana runs out of cards; the learner holds the most (P11)
    steps=(
        Step(N_("Puck is poker with three cards, and war: the best hand takes every card shown, and "
                "whoever runs out of cards ends the game. Each of you has a pile face down: nobody, "
                "you included, knows its order. You play first."),
             places=(YOUR_PILE, "[data-key='pile-1']", "[data-key='pile-2']")),
        Step(DRAW, expect=("draw",), places=(YOUR_PILE,)),
        Step(N_("A 9, a 2 and a 4: nothing yet. You may exchange: put cards face down into the pot "
                "and take as many from the tops of the others' piles. Select your 2 and your 4, click "
                "{bot}'s pile once and {bot2}'s pile once, then click the pot."),
             expect=("2C-4D-P1-P2",), cards=("2C", "4D"),
             places=("[data-key='card-2C']", "[data-key='card-4D']", "[data-key='pile-1']", "[data-key='pile-2']",
                     "[data-key='pot']"),
             instead=N_("In this lesson, put your 2 and 4 into the pot and take one card from each of the two "
                        "piles.")),
        Step(N_("A 10 from {bot} and a Jack from {bot2}: 9, 10, Jack is a straight. They held, and "
                "the hands are shown. Strongest first: straight flush, three of a kind, flush, "
                "straight, pair, high card. Your straight beats {bot}'s pair of 5s, and you take every "
                "card shown, the pot and the card left over from the deal under your pile."),
             cards=("9H", "TS", "JD")),
        Step(DRAW, expect=("draw",), places=(YOUR_PILE,)),
        Step(N_("King, Queen, 5: only a high card. Hold it this time: click Hold."),
             expect=("hold",), places=("[data-key='hold']",), instead=HOLD_ONLY),
        Step(N_("{bot} has King, Queen, 5 too: the strongest hands are equal. A tie is broken by "
                "the next card: each of you turns the top card of his pile, and the higher wins. "
                "Click your pile to turn yours."),
             expect=("turn",), cards=("KH", "QC", "5H"), places=(YOUR_PILE,)),
        Step(N_("Your Ace beats {bot}'s 7: you take the trick, the turned cards with it."), cards=("AS", "7D")),
        Step(DRAW, expect=("draw",), places=(YOUR_PILE,)),
        Step(N_("Three poor cards, and {bot} has only a few left in her pile. Exchange all three and "
                "take them all from her pile: select your three cards, click {bot}'s pile three "
                "times, then the pot."),
             expect=("2D-3D-7C-P1-P1-P1",), cards=("2D", "3D", "7C"),
             places=("[data-key='card-2D']", "[data-key='card-3D']", "[data-key='card-7C']", "[data-key='pile-1']",
                     "[data-key='pile-1']", "[data-key='pile-1']", "[data-key='pot']"),
             instead=N_("In this lesson, put all three cards into the pot and take all three from {bot}'s "
                        "pile.")),
        Step(N_("Three 8s, three of a kind: you win again, and {bot} lost three cards more to your "
                "exchange."), cards=("8S", "8C", "8H")),
        Step(DRAW, expect=("draw",), places=(YOUR_PILE,)),
        Step(N_("A pair of Aces. {bot}'s pile is empty now: she plays these three cards, and if she "
                "does not win them back, she is out of cards. Hold."),
             expect=("hold",), places=("[data-key='hold']",), instead=HOLD_ONLY),
        Step(N_("{bot} ran out of cards, so the game ends: the winner is the player with the most "
                "cards in his pile, and that is you."),
             cards=("AH", "AD")),
    ),
)
