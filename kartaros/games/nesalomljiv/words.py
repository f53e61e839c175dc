"""Nesalomljiv in words for people: moves, events, the table, the turn and the options.

Every sentence is a message of this folder's catalog (``sr.po``; see ``kartaros.words.speech``):
written here in English, translated there into Serbian in the words of the rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from kartaros.cards import card_id
from kartaros.games.nesalomljiv.rules import ROLE_NAMES, TARGET_VALUE, WEAPON_VALUE, Why
from kartaros.games.nesalomljiv.views import DuelView, EventView, NesalomljivObservation
from kartaros.info import OptionWords, TableRow
from kartaros.state import Problem
from kartaros.views import EndView
from kartaros.words import N_, Catalog, Speech, Word, mark

SPEECH = Catalog(__package__)
# The game in one sentence.
SUMMARY = N_(
    "Duels for 2: keep the two weapons closest to the card in the middle; empty your match hand first."
)
DISCARD_SHOWN = 6

# The card in the middle, by the names the rules give it (a noun with its cases in Serbian).
ROLES = {"chooser": mark("role", "Chooser"), "attacker": mark("role", "Attacker")}
assert tuple(ROLES) == ROLE_NAMES
# What the player to move must do in a duel, by the role of the card in the middle.
KEEPS = {
    "chooser": N_("keep two weapons whose sum is closest to the Chooser's {value}; the third is dropped"),
    "attacker": N_("keep two weapons whose sum is closest to the Attacker's {value}; the third is dropped"),
}


def _role(say: Speech, role: str) -> Word:
    return say.noun(*ROLES[role])


def _worth(code: str) -> int:
    return WEAPON_VALUE[card_id(code)]


def describe_action(observation: NesalomljivObservation, action: str, names: Sequence[str], lang: str = "en") -> str:
    """An action of the player to move, in words, from his observation."""
    say = SPEECH.speech(lang)
    if action == "draw":
        return say("draw a card from the stock into your match hand (knocked out)")
    if action == "place":
        return say("place the top card of your match hand as the Attacker")
    parts = action.split("-")
    if len(parts) == 1:
        value = TARGET_VALUE[card_id(action)]
        if value == 100:
            return say("place {card} as the Attacker (a face card: worth 100, it cannot be knocked out)",
                       card=say.card(action))
        return say("place {card} as the Attacker (worth {value})", card=say.card(action), value=value)
    total = _worth(parts[0]) + _worth(parts[1])
    kept = say.cards(parts)
    dropped = say.cards([w for w in observation["weapons"] if w not in parts])
    target = observation["target_value"]
    assert target is not None, "a duel without a card in the middle"  # N5
    if target == total:
        return say("keep {kept} (sum {total}: a knockout!), drop {dropped}", kept=kept, total=total, dropped=dropped)
    return say("keep {kept} (sum {total}, {off} off {target}), drop {dropped}", kept=kept, total=total,
               off=abs(target - total), target=target, dropped=dropped)


def describe_event(event: EventView, names: Sequence[str], lang: str = "en") -> str:
    """One observed event as a sentence, e.g. "Milan places the Attacker 7♥" ("Milan postavlja
    Napadača: sedmica herc")."""
    say = SPEECH.speech(lang)
    who = names[event["player"]] if "player" in event else ""
    if event["type"] == "deal":
        n = event["count"]
        cards = event.get("cards")
        if event["zone"] == "match":
            if cards:
                return say.plural("{who} is dealt {n} match-hand card: {cards}",
                                  "{who} is dealt {n} match-hand cards: {cards}", n, who=who, cards=say.cards(cards))
            return say.plural("{who} is dealt {n} match-hand card", "{who} is dealt {n} match-hand cards", n, who=who)
        if cards:
            return say.plural("{who} is dealt {n} weapon: {cards}", "{who} is dealt {n} weapons: {cards}", n,
                              who=who, cards=say.cards(cards))
        return say.plural("{who} is dealt {n} weapon", "{who} is dealt {n} weapons", n, who=who)
    if event["type"] == "chooser":
        return say("The Chooser is turned: {card}", card=say.card(event["card"]))
    if event["type"] == "choose":
        if "keep" in event:
            return say("{who} keeps {kept} and drops {dropped} (hidden until the reveal)", who=who,
                       kept=say.cards(event["keep"]), dropped=say.card(event["drop"]))
        return say("{who} has chosen their weapons", who=who)
    if event["type"] == "duel":
        first, second = (_side(say, names[p], event["kept"][p], event["sums"][p]) for p in (0, 1))
        return say("Duel on the {role} {card} ({value}): {first}, {second}: {result}", role=_role(say, event["role"]),
                   card=say.card(event["target"]), value=event["value"], first=first, second=second,
                   result=_result(say, event, names))
    if event["type"] == "take":
        return say("{who} takes the {role} {card} into their match hand", who=who, role=_role(say, event["role"]),
                   card=say.card(event["card"]))
    if event["type"] == "discard":
        return say("The {role} {card} is discarded", role=_role(say, event["role"]), card=say.card(event["card"]))
    if event["type"] == "draw":
        if "card" in event:
            return say("{who} draws {card} from the stock into their match hand", who=who, card=say.card(event["card"]))
        return say("{who} draws a card from the stock into their match hand", who=who)
    if event["type"] == "place":
        return say("{who} places the Attacker {card}", who=who, card=say.card(event["card"]))
    if event["type"] == "reshuffle":
        return say.plural("The discard pile ({n} card) is shuffled into a new stock",
                          "The discard pile ({n} cards) is shuffled into a new stock", event["count"])
    return describe_end(event, names, lang)


def _side(say: Speech, who: str, kept: Sequence[str], total: int) -> str:
    """One player's side of a duel: his two weapons and their sum."""
    first, second = kept
    return say("{who} {first} {second} = {total}", who=who, first=say.card(first), second=say.card(second),
               total=total)


def _result(say: Speech, duel: DuelView, names: Sequence[str]) -> str:
    """Who won a duel, and how."""
    if duel["winner"] is None:
        return say("a tie")
    who = names[duel["winner"]]
    if duel["knockout"]:
        return say("{who} wins by knockout", who=who)
    return say("{who} wins", who=who)


def describe_end(event: EndView, names: Sequence[str], lang: str = "en") -> str:
    """How the game ended, from its end event (N13, N14, N15)."""
    say = SPEECH.speech(lang)
    reason, returns = event["reason"], event["returns"]
    if returns[0] == returns[1]:
        if reason == "exhausted":
            return say("The game is drawn: the cards ran out, and both match hands hold the same number of cards")
        return say("The game is drawn: the limit of duels was reached")
    winner = 0 if returns[0] > returns[1] else 1
    who, other = names[winner], names[1 - winner]
    if reason == "exhausted":
        return say("{who} wins: the cards ran out, and {other} holds more match-hand cards", who=who, other=other)
    return say("{who} wins by placing the last match-hand card", who=who)


def describe_table(observation: NesalomljivObservation, names: Sequence[str], lang: str = "en") -> list[TableRow]:
    """The table as the observing player sees it: opponent, piles, the middle, the last duel, himself."""
    say = SPEECH.speech(lang)
    me = observation["player"]
    mover = observation["current_player"]
    blind = observation["variant"]["match_hand"] == "blind"
    match_label = say("  match hand")

    def match_row(player: int) -> TableRow:
        hand = observation["match_hands"][player]
        count = say.count(len(hand))
        if blind:  # a face-down stack: say where the cards that went in face up lie
            return TableRow(match_label, None, say("{count}, top first: {stack}", count=count,
                                                   stack=_stack_words(hand, lang)))
        unseen = hand.count(None)
        note = str(count)
        if unseen == len(hand) and unseen:
            note = say("{count}, all face down", count=count)
        elif unseen:
            note = say("{count}, {hidden} face down", count=count, hidden=unseen)
        return TableRow(match_label, [c for c in hand if c] or None, note)

    opponent = 1 - me
    count = observation["weapon_counts"][opponent]
    if not count:
        weapons = say("no weapons")
    elif observation["chosen"][opponent]:
        weapons = say.plural("{n} weapon, chosen", "{n} weapons, chosen", count)
    else:
        weapons = say.plural("{n} weapon", "{n} weapons", count)
    discard = observation["discard"]
    turn = say.to_move()
    rows = [
        TableRow(names[opponent], None, weapons + ("   " + turn if mover == opponent else ""),
                 mover=mover == opponent),
        match_row(opponent),
        TableRow(""),
        TableRow(say("Stock"), None, str(say.count(observation["stock_size"]))),
        TableRow(say("Discard ({n})", n=len(discard)), discard[-DISCARD_SHOWN:], say("◀ top") if discard else "",
                 more=len(discard) > DISCARD_SHOWN),
    ]
    if observation["target"] is not None:
        role = observation["target_role"]
        value = observation["target_value"]
        assert role is not None, "a card in the middle without a role"
        note = say("worth 100: a face card") if value == 100 else say("worth {value}", value=value)
        if role == "attacker":
            note = say("{worth}, placed by {who}", worth=note, who=names[_placer(observation)])
        rows.append(TableRow(str(_role(say, role)), [observation["target"]], note, alert=True))
    elif observation["phase"] == "place":
        rows.append(TableRow(str(_role(say, "attacker")), None,
                             say("{who} places the next one", who=names[_placer(observation)])))
    duel = observation["last_duel"]
    if duel is not None:
        rows.append(TableRow(
            say("Last duel (#{n})", n=observation["duels"]), [duel["target"]],
            say("on the {role}: {result}", role=_role(say, duel["role"]), result=_result_past(say, duel, names)),
        ))
        for p in (0, 1):
            note = say("= {total}, {off} off; dropped {card}", total=duel["sums"][p], off=duel["distances"][p],
                       card=say.card(duel["dropped"][p]))
            rows.append(TableRow(say("  {who} kept", who=names[p]), duel["kept"][p], note))
    rows += [
        TableRow(""),
        TableRow(say.you(names[me]), None, turn if mover == me else "", mover=mover == me),
        match_row(me),
        TableRow(say("  weapons"), observation["weapons"] or None,
                 _choice_note(say, observation) or ("" if observation["weapons"] else say("none"))),
    ]
    return rows


def _placer(observation: NesalomljivObservation) -> int:
    """Who placed the Attacker in the middle, or places the next one: there is one whenever an
    Attacker is in the middle or awaited (N10)."""
    placer = observation["placer"]
    assert placer is not None, "an Attacker without a placer"
    return placer


def _result_past(say: Speech, duel: DuelView, names: Sequence[str]) -> str:
    """Who won the last duel, and how, for the table."""
    if duel["winner"] is None:
        return say("a tie")
    who = names[duel["winner"]]
    if duel["knockout"]:
        return say("{who} won by knockout", who=who)
    return say("{who} won", who=who)


def _stack_words(stack: Sequence[str | None], lang: str = "en") -> str:
    """A blind match hand, top first: "3 face down, 7♥, 1 face down"."""
    say = SPEECH.speech(lang)
    parts: list[str] = []
    hidden = 0
    for code in [*stack, ""]:
        if code is None:
            hidden += 1
            continue
        if hidden:
            parts.append(say("{n} face down", n=hidden))
            hidden = 0
        if code:
            parts.append(str(say.card(code)))
    return ", ".join(parts) or say("empty")


def _choice_note(say: Speech, observation: NesalomljivObservation) -> str:
    """The weapons the observer kept for this duel, while the other player chooses."""
    mine = observation["my_choice"]
    if mine is None:
        return ""
    first, second = mine["keep"]
    return say("keeping {first} {second} = {total}, waiting for the reveal", first=say.card(first),
               second=say.card(second), total=_worth(first) + _worth(second))


def describe_turn(observation: NesalomljivObservation, names: Sequence[str], lang: str = "en") -> str:
    """What the player to move is doing now, in a few words."""
    say = SPEECH.speech(lang)
    phase = observation["phase"]
    if phase == "choose":
        role = observation["target_role"]
        assert role is not None, "a duel without a card in the middle"  # N5
        return say(KEEPS[role], value=observation["target_value"])
    if phase == "place":
        if observation["variant"]["match_hand"] == "blind":
            return say("place the top card of your match hand as the Attacker")
        return say("choose the Attacker to place from your match hand")
    if phase == "draw":
        return say("you were knocked out: draw a card into your match hand")
    return ""


def describe_options(lang: str = "en") -> list[OptionWords]:
    """The rule options for people (N7, N10, N15)."""
    say = SPEECH.speech(lang)
    return [
        OptionWords(
            "match_hand", say("Match hand"),
            say("Whether a player looks at their match hand and chooses the Attacker they place, or the match hand is "
                "a face-down stack placed from the top."),
            {
                "open-to-owner": say("open to its owner, who chooses what to place"),
                "blind": say("blind: a face-down stack, placed from the top"),
            },
        ),
        OptionWords(
            "weapons_first", say("When new weapons are dealt"),
            say("After every duel each player is dealt 3 new weapons; dealt before the next Attacker is placed, "
                "they let its placer know their weapons."),
            {False: say("after the next Attacker is placed"), True: say("before the next Attacker is placed")},
        ),
        OptionWords(
            "max_duels", say("Duel limit"), say("After this many duels (Chooser duels count) the game is drawn."), {},
        ),
    ]


def describe_summary(lang: str = "en") -> str:
    """The game in one sentence, for people choosing what to play."""
    return SPEECH.speech(lang)(SUMMARY)


# What is wrong with an illegal action, by the rules' ``Why`` (N5, N10).
PROBLEMS = {
    Why.KEEP_FORM: N_("name the two weapons you keep, joined by '-', like {example}"),
    Why.KEEP_TWO: N_("keep exactly two weapons: the third one is dropped"),
    Why.NOT_HELD: N_("you do not hold {cards}"),
    Why.SAME_TWICE: N_("name two different weapons"),
    Why.NOTATION: N_("write it as {text}, the lowest card first"),
    Why.NOT_IN_MATCH: N_("{cards} is not in your match hand"),
}
assert set(PROBLEMS) == set(Why)


def describe_problem(
    observation: NesalomljivObservation, problem: Problem, names: Sequence[str], lang: str = "en"
) -> str:
    """What is wrong with an illegal action, from the rules' ``Problem``."""
    say = SPEECH.speech(lang)
    return say(PROBLEMS[Why(problem.kind)], cards=say.cards(problem.cards), text=problem.text, example="3S-7H")
