"""Keč in words for people: moves, events, the table, the turn and the options.

Every sentence is a message of this folder's catalog (``sr.po``; see ``kartaros.words.speech``):
written here in English, translated there into Serbian in the words of the rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from kartaros.cards import RANK, card_id
from kartaros.games.kec.rules import ACE, FOUR, HOLD_NAMES, QUEEN, THROW_RANKS, Why
from kartaros.games.kec.views import EventView, HoldName, KecObservation
from kartaros.info import OptionWords, TableRow
from kartaros.state import Problem
from kartaros.views import EndView
from kartaros.words import N_, Catalog, Speech, Word, mark

SPEECH = Catalog(__package__)
# The game in one sentence.
SUMMARY = N_(
    "Catch wrestling with cards for 2: holds and throws; win with a hold the opponent cannot break."
)
DISCARD_SHOWN = 5  # the discard pile's top cards shown on the table
OUT_SHOWN = 8

# K7: the holds, by the names the rules give them (a noun with its cases in Serbian).
HOLDS = {
    "choke": mark("hold", "choke"), "lever": mark("hold", "lever"), "pin": mark("hold", "pin"),
    "knockout": mark("hold", "knockout"),
}
assert tuple(HOLDS) == HOLD_NAMES
CYCLES = {"reshuffled": N_("reshuffled"), "extended": N_("extended")}  # K6: the stock's generation
TURNS = {
    "draw": N_("draw up to a full hand"),
    "replace": N_("draw your replacement cards"),
    "choose": N_("attack with a hold, play a pair, or discard to end your turn"),
    "throw": N_("take the thrown card as a replacement, or draw"),
}


def _hold(say: Speech, name: str) -> Word:
    return say.noun(*HOLDS[name])


def _to_answer(observation: KecObservation) -> HoldName:
    """The hold the defender must break: in ``defend`` there always is one (K8)."""
    hold = observation["hold"]
    assert hold is not None, "defending against no hold"
    return hold


def _hold_of(cards: Sequence[str]) -> str:
    """Which hold three cards make (K7)."""
    first, second = RANK[card_id(cards[0])], RANK[card_id(cards[1])]
    return {ACE: "pin" if second == ACE else "choke", FOUR: "lever", QUEEN: "knockout"}[first]


def _is_throw(cards: Sequence[str]) -> bool:
    return RANK[card_id(cards[0])] in THROW_RANKS  # K10: 9-9, T-T, J-J throw; the others exchange


def describe_action(observation: KecObservation, action: str, names: Sequence[str], lang: str = "en") -> str:
    """An action of the player to move, in words, from his observation."""
    say = SPEECH.speech(lang)
    phase = observation["phase"]
    if action == "draw":
        return say("draw a card from the stock")
    if action == "take":
        top = say.card(observation["discard"][-1]["card"])
        if phase == "throw":
            return say("take the thrown {card} as a replacement", card=top)
        return say("take the {card} from the discard pile", card=top)
    cards = action.split("-")
    if len(cards) == 1:
        card = say.card(cards[0])
        if phase == "defend":
            hold = _hold(say, _to_answer(observation))
            if cards[0] in ("RJ", "BJ"):
                return say("break the {hold} with the {card}", hold=hold, card=card)
            return say("break the {hold} with {card}", hold=hold, card=card)
        return say("discard {card}", card=card)
    if len(cards) == 2:
        if _is_throw(cards):
            return say("throw with the pair {cards}", cards=say.cards(cards))
        return say("exchange with the pair {cards}", cards=say.cards(cards))
    return say("attack with {hold:a}: {cards}", hold=_hold(say, _hold_of(cards)), cards=say.cards(cards))


def describe_event(event: EventView, names: Sequence[str], lang: str = "en") -> str:
    """One observed event as a sentence, e.g. "Milan breaks the choke with a King" ("Milan lomi
    gušenje kraljem")."""
    say = SPEECH.speech(lang)
    who = names[event["player"]] if "player" in event else ""
    if event["type"] == "deal":
        if event.get("cards"):
            return say("{who} is dealt {count}: {cards}", who=who, count=say.count(event["count"]),
                       cards=say.cards(event["cards"]))
        return say("{who} is dealt {count}", who=who, count=say.count(event["count"]))
    if event["type"] == "draw":
        if "card" in event:
            return say("{who} draws {card} from the stock", who=who, card=say.card(event["card"]))
        return say("{who} draws a card from the stock", who=who)
    if event["type"] == "take":
        return say("{who} takes the {card} from the discard pile", who=who, card=say.card(event["card"]))
    if event["type"] == "reshuffle":
        return say("The discard pile ({count}) is shuffled into a new stock", count=say.count(event["count"]))
    if event["type"] == "extend":
        return say("The match is extended: {count} are shuffled into a new stock", count=say.count(event["count"]))
    if event["type"] == "discard":
        return say("{who} discards {card}", who=who, card=say.card(event["card"]))
    if event["type"] == "pair":
        cards = say.cards(event["cards"])
        if _is_throw(event["cards"]):
            return say("{who} throws with the pair {cards}", who=who, cards=cards)
        return say("{who} exchanges the pair {cards}", who=who, cards=cards)
    if event["type"] == "steal":
        if event["card"] is None:
            return say("{who}'s throw finds an empty hand", who=who)
        return say("{who}'s throw takes {card} onto the discard pile", who=who, card=say.card(event["card"]))
    if event["type"] == "hold":
        return say("{who} attacks with {hold:a} ({cards})", who=who, hold=_hold(say, event["hold"]),
                   cards=say.cards(event["cards"]))
    if event["type"] == "break":
        hold = _hold(say, event["hold"])
        if event["card"] in ("RJ", "BJ"):
            return say("{who} breaks the {hold} with the Joker", who=who, hold=hold)
        rank = say.rank(RANK[card_id(event["card"])])
        return say("{who} breaks the {hold} with {rank:a}", who=who, hold=hold, rank=rank)
    return describe_end(event, names, lang)


def describe_end(event: EndView, names: Sequence[str], lang: str = "en") -> str:
    """How the game ended, from its end event (K8, K9, K6, K13)."""
    say = SPEECH.speech(lang)
    reason, returns = event["reason"], event["returns"]
    if returns[0] == returns[1]:
        if reason == "exhausted":
            return say("The game is drawn: the cards ran out")
        return say("The game is drawn: the limit of moves was reached")
    winner = 0 if returns[0] > returns[1] else 1
    who, other = names[winner], names[1 - winner]
    if reason == "disqualified":
        return say("{who} wins: {other} is disqualified, their knockout was answered", who=who, other=other)
    return say("{who} wins: {other} could not break the {hold}", who=who, other=other, hold=_hold(say, reason))


def describe_table(observation: KecObservation, names: Sequence[str], lang: str = "en") -> list[TableRow]:
    """The table as the observing player sees it: opponent, piles, table, himself and his hand."""
    say = SPEECH.speech(lang)
    me = observation["player"]
    mover = observation["current_player"]

    def seat(player: int) -> TableRow:
        size = observation["hand_sizes"][player]
        note = str(say.count(size))
        known = observation["opponent_known"] if player != me else []
        if known:
            note = say("{count}; seen going in:", count=note)
        label = say.you(names[player]) if player == me else names[player]
        if mover == player:
            note += "   " + say.to_move()
        backs = size - len(known) if player != me else 0
        return TableRow(label, known or None, note, backs=backs, mover=mover == player)

    discard = [d["card"] for d in observation["discard"]]
    stock = str(say.count(observation["stock_size"]))
    cycle = observation["stock_cycle"]
    if cycle != "original":
        stock = say("{count} ({generation})", count=stock, generation=say(CYCLES[cycle]))
    top_note = say("◀ top, from {who}", who=names[observation["discard"][-1]["by"]]) if discard else ""
    out = observation["out_of_play"]
    rows = [
        seat(1 - me),
        TableRow(""),
        TableRow(say("Stock"), None, stock, backs=min(1, observation["stock_size"])),
        TableRow(say("Discard ({n})", n=len(discard)), discard[-DISCARD_SHOWN:], top_note,
                 more=len(discard) > DISCARD_SHOWN),
        TableRow(say("Out of play ({n})", n=len(out)), out[-OUT_SHOWN:], more=len(out) > OUT_SHOWN),
    ]
    if observation["table"]:
        hold = observation["hold"]
        note = ""
        if hold and mover is not None:
            note = say("{hold:a}, {who} must answer", hold=_hold(say, hold), who=names[mover])
        rows.append(TableRow(say("Table"), observation["table"], note, alert=True))
    rows += [TableRow(""), seat(me), TableRow(say("Your hand"), observation["hand"])]
    return rows


def describe_turn(observation: KecObservation, names: Sequence[str], lang: str = "en") -> str:
    """What the player to move is doing now, in a few words."""
    say = SPEECH.speech(lang)
    phase = observation["phase"]
    if phase == "defend":
        return say("you must break the {hold}: choose the card", hold=_hold(say, _to_answer(observation)))
    return say(TURNS[phase]) if phase in TURNS else ""


def describe_options(lang: str = "en") -> list[OptionWords]:
    """The rule options for people (K6, K10, K11, K13)."""
    say = SPEECH.speech(lang)
    return [
        OptionWords(
            "exhausted", say("When the new stock runs out too"),
            say("After the discard pile was shuffled into a new stock and that runs out as well."),
            {
                "extend": say("extend the match with every discarded card"),
                "draw": say("the game is drawn"),
                "discard-first": say(
                    "shuffle the discard pile again; the cards out of play return only when it is empty"
                ),
            },
        ),
        OptionWords(
            "pairs_to", say("Where played pairs go"), say("A pair played to exchange or to throw is put away."),
            {"discard": say("onto the discard pile"), "out": say("out of play")},
        ),
        OptionWords(
            "thrown_card", say("The card taken by a throw"),
            say("The thrower may take it back at once as a replacement card."),
            {"one": say("it counts as one of the two replacements"), "both": say("it stands for both replacements")},
        ),
        OptionWords(
            "max_actions", say("Move limit"), say("After this many moves the game is drawn."), {},
        ),
    ]


def describe_summary(lang: str = "en") -> str:
    """The game in one sentence, for people choosing what to play."""
    return SPEECH.speech(lang)(SUMMARY)


# What is wrong with an illegal action, by the rules' ``Why`` (K4, K7, K10).
PROBLEMS = {
    Why.NOT_A_CARD: N_("“{text}” is not a card"),
    Why.NOT_HELD: N_("you do not hold {cards}"),
    Why.NOTATION: N_("write it as {text}, the lowest card first"),
    Why.NOT_A_PAIR: N_("that pair is not a move: pairs run from 4-4 to J-J"),
    Why.NOT_A_HOLD: N_("that is not a hold: the holds are A-2-3, 4-5-6, A-A-A and Q-Q-Q"),
    Why.DISCARD_EMPTY: N_("the discard pile is empty"),
    Why.ONE_FROM_DISCARD: N_("only one card per draw may come from the discard pile"),
    Why.OWN_DISCARD: N_("you discarded the top card yourself, so you cannot take it back"),
}
assert set(PROBLEMS) == set(Why)


def describe_problem(observation: KecObservation, problem: Problem, names: Sequence[str], lang: str = "en") -> str:
    """What is wrong with an illegal action, from the rules' ``Problem``."""
    say = SPEECH.speech(lang)
    return say(PROBLEMS[Why(problem.kind)], cards=say.cards(problem.cards), text=problem.text)
