"""Tač in words for people: moves, events, the table, the turn, the call's button and the options.

Every sentence is a message of this folder's catalog (``sr.po``; see ``kartaros.words.speech``):
written here in English, translated there into Serbian in the words of the rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from kartaros.cards import RANKS
from kartaros.games.tac.rules import Why, plays_calls
from kartaros.games.tac.views import DealView, EventView, Miss, TacObservation
from kartaros.info import OptionWords, TableRow
from kartaros.state import Problem
from kartaros.views import EndView
from kartaros.words import N_, Catalog, Speech

SPEECH = Catalog(__package__)
# The game in one sentence.
SUMMARY = N_(
    "A race for 2–8 to shed every card onto ascending piles; miss a placement and anyone may call “Tač!”."
)
OPEN_SHOWN = 6  # an open pile's top cards shown on the table
CENTRAL_SHOWN = 6

# How a game ended, by its end reason: (one winner, several sharing the win).
ENDS = {
    "out": (
        N_("{who} wins: first to get rid of every card"),
        N_("{who} share the win: they got rid of their last cards with the same move"),
    ),
    "ranking": (
        N_("{who} wins the ranking: first to get rid of every card"),
        N_("{who} share first place in the ranking: they got rid of their last cards with the same move"),
    ),
    "max_moves": (
        N_("{who} wins with the fewest cards: the limit of moves was reached"),
        N_("{who} share the win with the fewest cards: the limit of moves was reached"),
    ),
    "stuck": (
        N_("{who} wins with the fewest cards: nothing could be placed any more"),
        N_("{who} share the win with the fewest cards: nothing could be placed any more"),
    ),
}
WINS = (N_("{who} wins"), N_("{who} share the win"))  # an end without a reason of its own


def _others(observation: TacObservation, player: int) -> int:
    """How many players besides ``player`` are still playing (they may call, and they give)."""
    return sum(1 for p, place in enumerate(observation["places"]) if place is None and p != player)


def _miss(observation: TacObservation) -> Miss:
    """The miss a call window asks about: while one is open there always is one (T11)."""
    miss = observation["miss"]
    assert miss is not None, "a call window without a miss"
    return miss


def describe_action(observation: TacObservation, action: str, names: Sequence[str], lang: str = "en") -> str:
    """An action of the player to move, in words, from his observation."""
    say = SPEECH.speech(lang)
    me = observation["player"]
    if action == "call":
        offender = _miss(observation)["player"]
        if _others(observation, offender) == 1:
            return say("call “Tač!” on {who}'s miss: they get a card from you", who=names[offender])
        return say("call “Tač!” on {who}'s miss: they get a card from each of you", who=names[offender])
    if action == "pass":
        return say("let the miss go")
    if action in ("turn", "turn?"):
        # T11, T12: turning is worded alike whether or not it leaves a card that fits (a miss is
        # the player's to make and the others' to notice; nothing says so before it is made).
        if observation["closed_sizes"][me] == 0:
            return say("turn your open pile over and turn its first card")
        return say("turn your next closed card")
    code, _, place = action.rstrip("?").partition(">")
    card = say.card(code)
    if place == "C":
        central = observation["central"]
        if central:
            return say("put {card} on the central pile (on {top})", card=card, top=say.card(central[-1]))
        return say("put {card} on the central pile", card=card)
    seat = int(place)
    if seat == me:
        if plays_calls(observation["variant"]):  # T11: keeping a card that fits is a miss, worded alike
            return say("put {card} on your open pile (your turn ends)", card=card)
        return say("put {card} on your open pile: it fits nowhere (your turn ends)", card=card)
    pile = observation["open_piles"][seat]
    if not pile:  # offered to try with open calls (T7, T12), though an empty pile takes nothing
        return say("put {card} on {who}'s open pile", card=card, who=names[seat])
    return say("put {card} on {who}'s open pile (on {top})", card=card, who=names[seat], top=say.card(pile[-1]))


def describe_event(event: EventView, names: Sequence[str], lang: str = "en") -> str:
    """One observed event as a sentence, e.g. "Milan puts 7♥ on the central pile" ("Milan spušta
    sedmicu herc na centralnu gomilu")."""
    say = SPEECH.speech(lang)
    who = names[event["player"]] if "player" in event else ""
    if event["type"] == "deal":
        return _deal(say, event)
    if event["type"] == "turn":
        return say("{who} turns {card}", who=who, card=say.card(event["card"]))
    if event["type"] == "turnover":
        return say("{who} turns their open pile over as the new closed pile ({count})", who=who,
                   count=say.count(event["count"]))
    if event["type"] == "place":
        card = say.card(event["card"])
        if event["to"] == "central":
            return say("{who} puts {card} on the central pile", who=who, card=card)
        if event["to"] == event["player"]:
            return say("{who} puts {card} on their own open pile", who=who, card=card)
        return say("{who} puts {card} on {other}'s open pile", who=who, card=card, other=names[event["to"]])
    if event["type"] == "miss":
        card = say.card(event["card"])
        if event["kind"] == "turn":
            return say("{who} missed: {card} could have been placed, but {who} turned a card instead", who=who,
                       card=card)
        return say("{who} missed: {card} could have been placed, but {who} kept it", who=who, card=card)
    if event["type"] == "call":
        return say("{who} calls “Tač!” on {other}", who=who, other=names[event["offender"]])
    if event["type"] == "pass":
        # True of a pass asked in turn and of a race lost or let run out alike (T11): no choice implied.
        return say("{who} does not call “Tač!” on {other}'s miss", who=who, other=names[event["offender"]])
    if event["type"] == "give":
        to = names[event["to"]]
        if event["count"] == 0:
            return say("{who} has no closed card to give {other}", who=who, other=to)
        if event["card"]:
            return say("{who} gives {other} the bottom card of their closed pile ({card})", who=who, other=to,
                       card=say.card(event["card"]))
        return say("{who} gives {other} the bottom card of their closed pile", who=who, other=to)
    if event["type"] == "out":
        return say("{who} has no cards left (place {place})", who=who, place=event["place"])
    return describe_end(event, names, lang)


def _deal(say: Speech, event: DealView) -> str:
    """The deal (T3): the cards of each closed pile, the Ace laid out with 3 players, the cards
    set aside with two decks."""
    each, aside = event["each"], event["aside"]
    if event["central"]:
        card = say.card(event["central"])
        if aside:
            return say.plural(
                "The cards are dealt: {each} to each closed pile; {card} starts the central pile; "
                "{n} set aside face down",
                "The cards are dealt: {each} to each closed pile; {card} starts the central pile; "
                "{n} set aside face down",
                aside, each=each, card=card,
            )
        return say("The cards are dealt: {each} to each closed pile; {card} starts the central pile", each=each,
                   card=card)
    if aside:
        return say.plural(
            "The cards are dealt: {each} to each closed pile; {n} set aside face down",
            "The cards are dealt: {each} to each closed pile; {n} set aside face down",
            aside, each=each,
        )
    return say("The cards are dealt: {each} to each closed pile", each=each)


def describe_end(event: EndView, names: Sequence[str], lang: str = "en") -> str:
    """Who won and why, from the game's end event (T10, T13)."""
    say = SPEECH.speech(lang)
    returns = event["returns"]
    best = max(returns)
    winners = [p for p, r in enumerate(returns) if r == best]
    one, several = ENDS.get(event["reason"], WINS)
    return say(one if len(winners) == 1 else several, who=say.names(names, winners))


def describe_table(observation: TacObservation, names: Sequence[str], lang: str = "en") -> list[TableRow]:
    """The table as the observing player sees it: the others from his left, the middle, himself."""
    say = SPEECH.speech(lang)
    me = observation["player"]
    n = observation["num_players"]
    mover = observation["current_player"]
    turn = observation["turn"]

    def seat(p: int) -> list[TableRow]:
        label = say.you(names[p]) if p == me else names[p]
        mark = ""
        if mover == p:
            mark = "   " + say.to_move()
        elif turn == p and mover is not None:
            mark = "   " + say("(their turn)")
        place = observation["places"][p]
        if place:
            return [TableRow(label, None, say("out: place {place}", place=place) + mark, mover=mover == p)]
        pile = observation["open_piles"][p]
        closed = observation["closed_sizes"][p]
        known = sum(1 for c in observation["closed"][p] if c is not None)
        if not known:
            note = say("closed {closed}, open {open}", closed=closed, open=len(pile))
        elif known == closed:
            note = say("closed {closed} (all known), open {open}", closed=closed, open=len(pile))
        else:
            note = say("closed {closed} ({known} known), open {open}", closed=closed, known=known, open=len(pile))
        return [
            TableRow(label, None, note + mark, mover=mover == p),
            TableRow("  " + say("open pile"), pile[-OPEN_SHOWN:], more=len(pile) > OPEN_SHOWN),
        ]

    central = observation["central"]
    wants = say.rank(RANKS.index(observation["central_wants"]))
    if observation["opened"]:
        note = say("takes {rank:a}", rank=wants)
    else:
        note = say("takes {rank:a}; open piles are closed until then", rank=wants)
    rows = [row for k in range(1, n) for row in seat((me + k) % n)]
    rows += [
        TableRow(""),
        TableRow(say("Central ({n})", n=len(central)), central[-CENTRAL_SHOWN:], note,
                 more=len(central) > CENTRAL_SHOWN),
    ]
    if observation["turned"]:
        rows.append(TableRow(say("Turned"), [observation["turned"]], say("{who} turned it", who=names[turn]),
                             alert=True))
    miss = observation["miss"]
    if miss and mover is not None:
        note = say("{who} could have placed it; {other} may call", who=names[miss["player"]], other=names[mover])
        rows.append(TableRow(say("Miss!"), [miss["card"]], note, alert=True))
    if observation["aside"]:
        rows.append(TableRow(say("Set aside"), None, say("{count}, face down", count=say.count(observation["aside"]))))
    rows += [TableRow(""), *seat(me)]
    return rows


def describe_turn(observation: TacObservation, names: Sequence[str], lang: str = "en") -> str:
    """What the player to move is doing now, in a few words."""
    say = SPEECH.speech(lang)
    phase = observation["phase"]
    me = observation["current_player"]
    if phase == "open" and not plays_calls(observation["variant"]):
        assert me is not None, "an open pile's top to place, and nobody to move"  # T6
        top = say.card(observation["open_piles"][me][-1])
        return say("the top of your open pile, {card}, fits: place it", card=top)
    if phase in ("open", "turn"):
        # T11, T12: with calls, whether the open pile's top fits is the player's to see: the
        # words are the same whether it does (phase "open") or not (phase "turn").
        pile = observation["open_piles"][me] if me is not None else []
        empty = me is not None and observation["closed_sizes"][me] == 0
        if pile and plays_calls(observation["variant"]):
            top = say.card(pile[-1])
            if empty:
                return say("place {card} from your open pile if it fits anywhere, or turn your open pile over",
                           card=top)
            return say("place {card} from your open pile if it fits anywhere, or turn your next closed card",
                       card=top)
        if empty:
            return say("your closed pile is empty: turn your open pile over")
        return say("turn your next closed card")
    if phase == "turned":
        turned = observation["turned"]
        assert turned is not None, "a turned card to place, and none turned"  # T7
        return say("place the {card} you turned", card=say.card(turned))
    if phase == "call":
        miss = _miss(observation)
        return say("{who} missed {card}: call “Tač!” or pass", who=names[miss["player"]], card=say.card(miss["card"]))
    return ""


def call_button(lang: str = "en") -> str:
    """The label of the call's own button: the word called out (T11), the same in every language."""
    say = SPEECH.speech(lang)
    return say("Tač!")


def describe_options(lang: str = "en") -> list[OptionWords]:
    """The rule options for people (T4, T9, T10, T12, T13), in the order of the rules' options."""
    say = SPEECH.speech(lang)
    return [
        OptionWords(
            "wrap_open_piles", say("Ace after King on open piles"),
            say("Whether an open pile topped by a King takes an Ace, as the central pile does."),
            {True: say("a King takes an Ace"), False: say("a King takes nothing")},
        ),
        OptionWords(
            "central_first", say("The central pile first"),
            say("Whether a card that fits the central pile must go there, or the player chooses among the piles "
                "it fits."),
            {False: say("the player chooses"), True: say("it must go onto the central pile")},
        ),
        OptionWords(
            "finish", say("End of the game"),
            say("Whether the game ends when the first player gets rid of every card, or play goes on until only "
                "one player has cards left and everyone is ranked."),
            {"first-out": say("the first player out of cards wins"),
             "ranking": say("play on and rank every player")},
        ),
        OptionWords(
            "calls", say("Misses and “Tač!”"),
            say("Whether only correct moves can be played, or a player may miss a card that fits and the others "
                "may call “Tač!” on it."),
            {"enforced": say("only correct moves"), "open": say("misses can be made and called out")},
        ),
        OptionWords(
            "max_moves", say("Move limit"),
            say("After this many moves the game ends and the player with the fewest cards wins."), {},
        ),
    ]


def describe_summary(lang: str = "en") -> str:
    """The game in one sentence, for people choosing what to play."""
    return SPEECH.speech(lang)(SUMMARY)


# What is wrong with an illegal action, by the rules' ``Why`` (T4-T7, T9, T11, T12).
PROBLEMS = {
    Why.NO_CALLS: N_("this game is played without calls, so there is no miss to call"),
    Why.NOT_ASKED: N_("calling and passing are only for the players asked right after a miss"),
    Why.CALL_OR_PASS: N_("{who} missed: call “Tač!” or pass"),
    Why.NO_MISSES: N_("this game is played without calls, so there are no misses"),
    Why.PLACE_TURNED_FIRST: N_("first place the {card} you turned"),
    Why.OPEN_TOP_FIRST: N_("the top of your open pile, {card}, fits and must be placed first"),
    Why.TURN_NO_MISS: N_("nothing you could place is waiting, so turning is no miss: write {text}"),
    Why.TURN_FIRST: N_("you have no card to place: turn your next card first"),
    Why.OPEN_TOP_CARD: N_("the card to place is {card}, the top of your open pile"),
    Why.TURNED_CARD: N_("the card to place is {card}, the card you turned"),
    Why.MISS_IS_KEEPING: N_("only keeping a card that fits, or turning, is a miss"),
    Why.CENTRAL_WANTS: N_("the central pile takes {rank:a} now"),
    Why.NO_PLACE: N_("“{text}” names no pile on the table"),
    Why.ALREADY_THERE: N_("the top of your open pile is already there"),
    Why.FITS_ELSEWHERE: N_("{card} fits elsewhere, so it must be placed"),
    Why.FITS_NOWHERE: N_("it fits nowhere, so keeping it is no miss: write {text}"),
    Why.NOT_OPENED: N_("no card goes onto another player's open pile before an Ace lies on the central pile"),
    Why.EMPTY_PILE: N_("the open pile of {who} is empty and takes nothing"),
    Why.PILE_REFUSES: N_("the open pile of {who}, {card} on top, does not take {rank:a}"),
    Why.CENTRAL_FIRST: N_("a card that fits the central pile must go there first"),
}
assert set(PROBLEMS) == set(Why)
# With open calls, leaving such a card is a miss one may make on purpose, written as ``text``.
MISS_WRITTEN = N_("{problem}; leaving it is a miss, written {text}")


def describe_problem(observation: TacObservation, problem: Problem, names: Sequence[str], lang: str = "en") -> str:
    """What is wrong with an illegal action, from the rules' ``Problem``."""
    say = SPEECH.speech(lang)
    kind = Why(problem.kind)
    card = say.card(problem.cards[0]) if problem.cards else ""
    who = names[problem.seat] if problem.seat >= 0 else ""
    text = say(PROBLEMS[kind], card=card, who=who, text=problem.text, rank=say.rank(problem.number))
    if kind in (Why.OPEN_TOP_FIRST, Why.FITS_ELSEWHERE) and problem.text:
        return say(MISS_WRITTEN, problem=text, text=problem.text)
    return text
