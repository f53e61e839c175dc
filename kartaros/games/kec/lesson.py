"""Keč's guided first game: drawing up to five (K4), a pair (K10), a throw (K11), a discard
(K5), answering a lever (K7, K8) and winning with a choke (K7, K12).

The learner against Ana, whose moves are fixed. The deck is stacked and the seed chosen so that
the throw takes Ana's 8, the card she does not need for her lever; ``tests/test_lessons.py``
replays it.
"""

from __future__ import annotations

from kartaros.cards import CODE
from kartaros.lessons import Lesson, Step
from kartaros.words import N_

LEARNER = ("7S", "7H", "9S", "9H")  # a pair to play, and a throw
ANA = ("4C", "5S", "6H", "8D")  # a lever, and the 8 the throw takes
# The stock, top first: the learner's fifth card, the pair's replacements, the throw's, Ana's
# two draws, and the learner's last two, the 3 that makes his choke among them.
STOCK = ("QH", "AS", "2H", "8C", "TD", "7C", "8S", "3D", "9D")
_DEALT = tuple(c for pair in zip(LEARNER, ANA, strict=True) for c in pair)
DECK = (*_DEALT, *STOCK, *(c for c in CODE[:54] if c not in _DEALT + STOCK))  # the 52 and the two Jokers (K1)

SCRIPT = ("draw", "draw", "4C-5S-6H")  # Ana draws back to five and attacks with a lever

STOCK_PILE = "[data-pile='stock']"
DISCARD_PILE = "[data-pile='discard']"
TABLE = "[data-pile='table']"

LESSON = Lesson(
    game="kec",
    deck=DECK,
    names=(None, "Ana"),
    seed=13,
    bot=SCRIPT,
    returns=(1.0, 0.0),  # the learner's choke: Ana has no King and no Joker (K8, K12)
    steps=(
        Step(N_("Keč is catch wrestling with cards: pairs are moves and throws, three cards make a "
                "hold, and a hold your opponent cannot break wins the match. Suits play no part. You "
                "hold four cards; {bot} holds four too."),
             places=(".hand",)),
        Step(N_("A turn starts by drawing until you hold five cards. Click the stock."),
             expect=("draw",), places=(STOCK_PILE,)),
        Step(N_("Two 7s are a pair: a move that does no harm, but it renews your hand. Select both "
                "7s, then click the table."),
             expect=("7S-7H",), cards=("7S", "7H"), places=("[data-card='7S']", "[data-card='7H']", TABLE),
             instead=N_("In this lesson, play the pair of 7s: select both, then click the table.")),
        Step(N_("The pair went onto the discard pile, and you draw two cards to replace it."),
             expect=("draw",), places=(STOCK_PILE,)),
        Step(N_("And the second."), expect=("draw",), places=(STOCK_PILE,)),
        Step(N_("Two 9s are a throw: a pair that also takes a card at random from {bot}'s hand. "
                "Select both 9s, then click the table."),
             expect=("9S-9H",), cards=("9S", "9H"), places=("[data-card='9S']", "[data-card='9H']", TABLE),
             instead=N_("In this lesson, throw with the pair of 9s: select both, then click the table.")),
        Step(N_("The throw took {bot}'s 8: it lies on the discard pile, and you may take it as one of "
                "your two replacements. An 8 does not help you: draw from the stock instead."),
             expect=("draw",), cards=("8D",), places=(STOCK_PILE,),
             instead=N_("In this lesson, leave the 8 and draw from the stock.")),
        Step(N_("And one more."), expect=("draw",), places=(STOCK_PILE,)),
        Step(N_("Now end your turn: discard one card onto the discard pile. Keep the Queen, the Ace "
                "and the 2, and let the 10 go: select it, then click the discard pile."),
             expect=("TD",), cards=("TD",), places=("[data-card='TD']", DISCARD_PILE),
             instead=N_("In this lesson, discard the 10: select it, then click the discard pile.")),
        Step(N_("{bot} drew back to five and attacks: 4-5-6 is a lever. A lever is broken by a King, "
                "a Queen or a Joker, and you must answer at once. Select your Queen and click the "
                "hold on the table. (Any other card is refused.)"),
             expect=("QH",), cards=("4C", "5S", "6H", "QH"), places=("[data-card='QH']", TABLE)),
        Step(N_("Broken! The lever and your Queen are out of play, and it is your turn. Draw back to "
                "five: click the stock."),
             expect=("draw",), places=(STOCK_PILE,)),
        Step(N_("And once more."), expect=("draw",), places=(STOCK_PILE,)),
        Step(N_("Ace, 2, 3 is a choke: only a King or a Joker breaks it. Attack with it: if {bot} has "
                "neither, you win. Select your Ace, 2 and 3, then click the table."),
             expect=("AS-2H-3D",), cards=("AS", "2H", "3D"),
             places=("[data-card='AS']", "[data-card='2H']", "[data-card='3D']", TABLE),
             instead=N_("In this lesson, attack with the choke: select the Ace, the 2 and the 3, then "
                        "click the table.")),
    ),
)
