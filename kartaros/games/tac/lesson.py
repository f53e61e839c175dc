"""Tač's guided first game: the first Ace (T4, T5), a card that fits must be placed (T6, T7), a
miss and the call (T11), turning the open pile over (T8), and going out (T10).

Two players, calls open as people play (T12): the learner against Ana, whose moves are fixed.
The deck is stacked so that every step shows its rule; ``tests/test_lessons.py`` replays it.
"""

from __future__ import annotations

from kartaros.cards import CODE
from kartaros.lessons import Lesson, Step, deal_order
from kartaros.words import N_

BOT = "Ana"
YOURS = ".seat-bottom"
HERS = ".seat-top"

# The learner's closed pile, first turned first: a King that fits nowhere before the first Ace,
# the Ace, a 10 for Ana's 9, a 5 that must wait, then the long run the central pile takes once
# Ana's miss is called, the 2 and 3 that end on the open pile, and at the bottom the card the
# call gives Ana (T11).
RUN = ("6C", "7D", "8C", "9D", "TC", "JD", "QC", "AD", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H",
       "TH", "JH", "QH")
LEARNER = ("KH", "AS", "TD", "5S", *RUN, "2S", "3S", "7S")
# Ana's: a 9 that fits nowhere, 2, 3, 4 for the central pile and the 5 she keeps (her miss);
# then a King for the central pile and an 8 she keeps, an Ace and a 9 she keeps.
ANA_TOP = ("9C", "2C", "3D", "4S", "5D", "KC", "8S", "AC", "9S")
ANA = ANA_TOP + tuple(c for c in CODE[:52] if c not in LEARNER and c not in ANA_TOP)

SCRIPT = (
    "turn", "9C>1",  # her first card fits nowhere
    "turn", "2C>C", "turn", "3D>C", "turn", "4S>C", "turn", "5D>1?",  # the 5 fits, and she keeps it: a miss
    "turn", "KC>C", "turn", "8S>1",
    "turn", "AC>C", "turn", "9S>1",
)

# The run: each card turned and put on the central pile, the King from the open pile once a
# Queen lies there (T6), and last the 2 that fits nowhere (T7).
_RUN_MOVES = (
    *(m for card in RUN[:7] for m in ("turn", f"{card}>C")), "KH>C",
    *(m for card in RUN[7:] for m in ("turn", f"{card}>C")), "turn", "2S>0",
)

TURN = N_("Click your closed pile to turn its top card.")
TURN_NEXT = N_("Turn your next card: click your closed pile.")
PLACE_IT = N_(
    "In this lesson, put the card on the central pile: keeping a card that fits is a miss, and {bot} would call it."
)

LESSON = Lesson(
    game="tac",
    deck=deal_order([LEARNER, ANA]),
    names=(None, BOT),
    variant={"calls": "open"},
    bot=SCRIPT,
    returns=(1.0, 0.0),  # the learner goes out first (T10)
    steps=(
        Step(N_("Tač is a race: the first to get rid of all his cards wins. Your cards are the closed "
                "pile at the bottom, face down; {bot}'s are across the table. Nobody knows the order "
                "of a closed pile."),
             places=(f"{YOURS} .pile-closed", f"{HERS} .pile-closed")),
        Step(TURN, expect=("turn",), places=(f"{YOURS} .pile-closed",)),
        Step(N_("A King. The central pile starts only with an Ace, and no card goes onto another "
                "player's open pile before that Ace lies there: the King fits nowhere. Put it on "
                "your open pile; that ends your turn. (Try the central pile first, if you like.)"),
             expect=("KH>0",), cards=("KH",), places=(f"{YOURS} .pile-open",)),
        Step(N_("{bot} turned a 9, and it fitted nowhere either: it lies on her open pile. Your turn again."),
             cards=("9C",), places=(f"{HERS} .pile-open",)),
        Step(TURN_NEXT, expect=("turn",), places=(f"{YOURS} .pile-closed",)),
        Step(N_("The first Ace! Put it on the central pile. From now on the central pile takes 2, 3, "
                "4 … in order, whatever the suit, and the open piles are in play too."),
             expect=("AS>C",), cards=("AS",), places=(".pile-central",),
             instead=N_("In this lesson, put the Ace on the central pile: a card that fits must be placed.")),
        Step(TURN_NEXT, expect=("turn",), places=(f"{YOURS} .pile-closed",)),
        Step(N_("A 10 fits onto {bot}'s 9: every other player's open pile takes the next rank up. A "
                "card that fits must be placed, so put it there."),
             expect=("TD>1",), cards=("TD", "9C"), places=(f"{HERS} .pile-open",),
             instead=N_("In this lesson, put the 10 onto {bot}'s open pile: keeping a card that fits is a miss.")),
        Step(TURN_NEXT, expect=("turn",), places=(f"{YOURS} .pile-closed",)),
        Step(N_("The 5 fits nowhere now: the central pile takes a 2, {bot}'s pile a Jack. Put it on "
                "your open pile; your turn ends."),
             expect=("5S>0",), cards=("5S",), places=(f"{YOURS} .pile-open",)),
        Step(N_("{bot} put a 5 on her open pile, and it fitted the central pile: a miss! Be the first "
                "to call it: click “Tač!”."),
             expect=("call",), cards=("5D",), places=("#call",),
             instead=N_("In this lesson, call the miss: click “Tač!”.")),
        Step(N_("Your call counts: {bot}'s turn ended, and you gave her the bottom card of your closed "
                "pile, one card fewer for you. Had nobody called, play would have gone on."),
             places=(f"{HERS} .pile-closed",)),
        Step(N_("Now the 5 on your open pile fits the central pile. The top of your open pile always "
                "goes first, before you turn a card: place it."),
             expect=("5S>C",), cards=("5S",), places=(".pile-central",),
             instead=N_("In this lesson, place your open pile's 5 first: turning a card while it fits is a miss.")),
        Step(N_("Now watch: card after card fits the central pile, and your King goes too once a "
                "Queen lies there. Click Next and follow it on the table."),
             play=_RUN_MOVES, places=(".pile-central",)),
        Step(N_("Your 2 fitted nowhere and went on your open pile. {bot} played a King and kept an 8. "
                "Turn your last closed card."),
             expect=("turn",), places=(f"{YOURS} .pile-closed",)),
        Step(N_("The 3 fits nowhere: put it on your open pile."),
             expect=("3S>0",), cards=("3S",), places=(f"{YOURS} .pile-open",)),
        Step(N_("Your closed pile is empty. Click it anyway: you turn your open pile over, unshuffled, "
                "as your new closed pile, and turn its first card — the one at the bottom."),
             expect=("turn",), places=(f"{YOURS} .pile-closed",)),
        Step(N_("The 2 came first, and the central pile takes a 2: place it."),
             expect=("2S>C",), cards=("2S",), places=(".pile-central",), instead=PLACE_IT),
        Step(N_("One card left. Turn it: if it fits, you are out of cards and win."),
             expect=("turn",), places=(f"{YOURS} .pile-closed",)),
        Step(N_("Place it, and the game is yours."), expect=("3S>C",), cards=("3S",), places=(".pile-central",),
             instead=PLACE_IT),
    ),
)
