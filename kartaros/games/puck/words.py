"""Puck in words for people: moves, events, the table, the turn and the options.

Every sentence is a message of this folder's catalog (``sr.po``; see ``kartaros.words.speech``):
written here in English, translated there into Serbian in the words of the rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from kartaros.cards import card_id
from kartaros.games.puck.rules import (
    CATEGORY_NAMES,
    FLUSH,
    HAND_SIZE,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    STRENGTH,
    TRIPS,
    Why,
    hand_category,
    hand_value,
)
from kartaros.games.puck.views import EventView, PuckObservation
from kartaros.info import OptionWords, TableRow
from kartaros.state import Problem
from kartaros.views import EndView
from kartaros.words import N_, Catalog, Speech, Word, mark

SPEECH = Catalog(__package__)
# The game in one sentence.
SUMMARY = N_(
    "Poker crossed with War for 2-4: swap cards with the pot and others' piles; who runs out of cards loses."
)

# P9: a hand in words, by its category: ``{rank}`` is its top card's rank, ``{ranks}`` the same
# rank counted (a pair, trips), in the words of the Serbian rules.
HANDS = {
    HIGH_CARD: N_("{rank} high"),
    PAIR: N_("pair of {ranks}"),
    STRAIGHT: N_("straight to the {rank}"),
    FLUSH: N_("flush, {rank} high"),
    TRIPS: N_("three {ranks}"),
    STRAIGHT_FLUSH: N_("straight flush to the {rank}"),
}
assert len(HANDS) == len(CATEGORY_NAMES)
# The ranks counted, by rank (0 Ace … 12 King): "pair of Kings", "three Sixes".
RANKS = (
    mark("ranks", "Aces"), mark("ranks", "Twos"), mark("ranks", "Threes"), mark("ranks", "Fours"),
    mark("ranks", "Fives"), mark("ranks", "Sixes"), mark("ranks", "Sevens"), mark("ranks", "Eights"),
    mark("ranks", "Nines"), mark("ranks", "Tens"), mark("ranks", "Jacks"), mark("ranks", "Queens"),
    mark("ranks", "Kings"),
)
# P8, P10: how a trick was won (the event's "how") and whether the surplus went with it (P4).
COLLECTS = {
    ("hand", False): N_("{who} wins the trick and puts its {count} at the bottom of their pile"),
    ("hand", True): N_(
        "{who} wins the trick and puts its {count}, the face-down surplus card among them, at the bottom of their pile"
    ),
    ("tiebreak", False): N_("{who} wins the trick on the tie-break and puts its {count} at the bottom of their pile"),
    ("tiebreak", True): N_(
        "{who} wins the trick on the tie-break and puts its {count}, the face-down surplus card among them, "
        "at the bottom of their pile"
    ),
    ("tie", False): N_("{who} wins the trick on the tie and puts its {count} at the bottom of their pile"),
    ("tie", True): N_(
        "{who} wins the trick on the tie and puts its {count}, the face-down surplus card among them, "
        "at the bottom of their pile"
    ),
}
# P10: a tie won without turning (the others' piles are empty) or by the play order.
HOW = {"hand": "hand", "tiebreak": "tiebreak", "alone": "tie", "order": "tie"}
# P11, P12: why the game ended, for one winner and for several sharing the win.
ENDS = {
    "out_of_cards": N_("{who} wins: a player ran out of cards, and the most cards win"),
    "last_standing": N_("{who} wins: the last player with cards"),
    "max_rounds": N_("{who} wins: the round limit was reached, and the most cards win"),
}
SHARED_ENDS = {
    "out_of_cards": N_("{who} share the win: a player ran out of cards, and the most cards win"),
    "max_rounds": N_("{who} share the win: the round limit was reached, and the most cards win"),
}
CUT_JOINT = N_("{earlier}, {later}")  # one player's cut card after another's
TURNS = {
    "draw": N_("take the top cards of your pile"),
    "exchange": N_("hold, or put cards into the pot and take as many from the tops of other piles"),
    "tiebreak": N_("you are tied for the best hand: turn the next card of your pile"),
}


def _strength_rank(strength: int) -> int:
    """A strength (2 … 14, the Ace high) as a rank (0 Ace … 12 King)."""
    return 0 if strength == 14 else strength - 1


def describe_hand(
    cards: Sequence[str], ace_low_straight: bool = True, lang: str = "en", short_pair: bool = True
) -> str:
    """A hand in words, e.g. ``"pair of Kings"``, ``"straight to the Queen"``, ``"Ace high"``
    (``"par kraljeva"``, ``"kenta do dame"``, ``"daska do keca"``: the Serbian rules' names)."""
    say = SPEECH.speech(lang)
    if not cards:
        return say("no cards")
    value = hand_value([card_id(c) for c in cards], ace_low_straight, short_pair)
    category, top = value >> 12, _strength_rank((value >> 8) & 15)
    return say(HANDS[category], rank=say.rank(top), ranks=say.noun(*RANKS[top]))


def _shown_words(cards: Sequence[str], category: str | None, lang: str = "en") -> str:
    """A shown hand in words, agreeing with the category the game gave it (A-2-3 depends on an option;
    a showdown gives ``None`` only to a seat out of the game, which shows no cards)."""
    ids = [card_id(c) for c in cards]
    for ace_low, short_pair in ((True, True), (False, True), (True, False), (False, False)):
        if hand_category(hand_value(ids, ace_low, short_pair)) == category:
            return describe_hand(cards, ace_low, lang, short_pair)
    return describe_hand(cards, True, lang)


def _by_strength(cards: Sequence[str]) -> list[str]:
    return sorted(cards, key=lambda c: (-STRENGTH[card_id(c)], card_id(c)))


def _cards(say: Speech, cards: Sequence[str]) -> Word:
    """Cards by strength, the strongest first: ``A♠ K♥ 2♣`` / ``kec pik, kralj herc i dvojka tref``."""
    return say.cards(_by_strength(cards))


def _sources(say: Speech, taken: Sequence[int], names: Sequence[str], me: int = -1) -> str:
    """``[0, 2, 1]`` as "2 from Bora and 1 from Cica" ("2 od igrača Bora i 1 od igrača Cica"),
    ``you`` for ``me``."""
    return say.listed(
        say("{n} from you", n=count) if s == me else say("{n} from {who}", n=count, who=names[s])
        for s, count in enumerate(taken)
        if count
    )


def _exchange(observation: PuckObservation, action: str) -> tuple[list[str], list[int]]:
    """An exchange's cards put into the pot and the number taken from each seat (P6)."""
    parts = action.split("-")
    taken = [0] * observation["num_players"]
    for part in parts:
        if part.startswith("P"):
            taken[int(part[1:])] += 1
    return [p for p in parts if not p.startswith("P")], taken


def describe_action(observation: PuckObservation, action: str, names: Sequence[str], lang: str = "en") -> str:
    """An action of the player to move, in words, from his observation."""
    say = SPEECH.speech(lang)
    me = observation["player"]
    if action == "draw":
        count = min(HAND_SIZE, observation["pile_sizes"][me])
        if count > 1:
            return say("take the top {count} of your pile", count=say.count(count))
        return say("take the last card of your pile")
    if action == "turn":
        return say("turn the next card of your pile")
    ace_low = observation["variant"]["ace_low_straight"]
    short_pair = observation["variant"].get("short_pair", True)
    hand = observation["hand"]
    if action == "hold":
        named = describe_hand(hand, ace_low, lang, short_pair)
        return say("hold {cards} ({hand})", cards=_cards(say, hand), hand=named)
    put, taken = _exchange(observation, action)
    kept = [c for c in hand if c not in put]
    sources = _sources(say, taken, names, me)
    if kept:
        return say("keep {kept}, put {put} into the pot, take {sources}", kept=_cards(say, kept),
                   put=_cards(say, put), sources=sources)
    return say("put {put} into the pot, take {sources}", put=_cards(say, put), sources=sources)


def _joined(say: Speech, items: Sequence[str], joint: str) -> str:
    """``items`` one after another, by the message ``joint`` (``{earlier}`` and ``{later}``)."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = say(joint, earlier=text, later=item)
    return text


def describe_event(event: EventView, names: Sequence[str], lang: str = "en") -> str:
    """One observed event as a sentence, e.g. "Milan puts 2 cards into the pot and takes …"
    ("Milan stavlja 2 karte na sredinu i uzima …")."""
    say = SPEECH.speech(lang)
    who = names[event["player"]] if "player" in event else ""
    if event["type"] == "cut":
        drawn = [say("{who} {card}", who=names[p], card=say.card(c)) for p, c in enumerate(event["cards"])
                 if c is not None]
        return say("Cut for the first player: {drawn}", drawn=_joined(say, drawn, CUT_JOINT))
    if event["type"] == "deal":
        each = say.count(event["pile_sizes"][0])  # P3: the deck is dealt out evenly
        first = names[event["first"]]
        if event["surplus"]:
            return say("The deck is dealt into piles, {each} each; one card lies face down, for the first trick's "
                       "winner. {first} plays first", each=each, first=first)
        return say("The deck is dealt into piles, {each} each. {first} plays first", each=each, first=first)
    if event["type"] == "draw":
        cards = event.get("cards")
        if cards:
            taken = _cards(say, cards)
            return say.plural("{who} takes the top card of their pile: {cards}",
                              "{who} takes the top {n} cards of their pile: {cards}", event["count"], who=who,
                              cards=taken)
        return say.plural("{who} takes the top card of their pile", "{who} takes the top {n} cards of their pile",
                          event["count"], who=who)
    if event["type"] == "hold":
        return say("{who} holds", who=who)
    if event["type"] == "exchange":
        count, sources = say.count(event["count"]), _sources(say, event["from"], names)
        if "put" in event:
            return say("{who} puts {count} into the pot and takes {sources} (put {put}, took {took})", who=who,
                       count=count, sources=sources, put=_cards(say, event["put"]),
                       took=_cards(say, event["took"]))
        return say("{who} puts {count} into the pot and takes {sources}", who=who, count=count, sources=sources)
    if event["type"] == "showdown":
        shown = [
            say("{who} {cards} ({hand})", who=names[p], cards=_cards(say, hand),
                hand=_shown_words(hand, event["categories"][p], lang))
            for p, hand in enumerate(event["hands"])
            if hand
        ]
        return say("Showdown: {hands}", hands="; ".join(shown))
    if event["type"] == "tie":
        tied = say.names(names, event["players"])
        turning = event["turning"]
        if turning == event["players"]:
            return say("Tie between {tied}: each turns the next card of their pile", tied=tied)
        if len(turning) > 1:
            return say("Tie between {tied}: {turning} turn their next cards", tied=tied,
                       turning=say.names(names, turning))
        if turning:
            return say("Tie between {tied}: only {who} has cards left", tied=tied, who=names[turning[0]])
        return say("Tie between {tied}: nobody has cards left, so the first in play order wins", tied=tied)
    if event["type"] == "turn":
        return say("{who} turns {card}", who=who, card=say.card(event["card"]))
    if event["type"] == "collect":
        message = COLLECTS[HOW[event["how"]], bool(event["surplus"])]
        return say(message, who=who, count=say.count(event["count"]))
    if event["type"] == "out":
        return say("{who} is out of cards and leaves the game", who=who)
    return describe_end(event, names, lang)


def describe_end(event: EndView, names: Sequence[str], lang: str = "en") -> str:
    """Who won and why, from the end event (P11, P12): the most cards, or the last with cards."""
    say = SPEECH.speech(lang)
    returns = event["returns"]
    best = max(returns)
    winners = [p for p, r in enumerate(returns) if r == best]
    who = say.names(names, winners)
    if len(winners) > 1:
        return say(SHARED_ENDS[event["reason"]], who=who)
    return say(ENDS[event["reason"]], who=who)


def _took(say: Speech, taken: Sequence[int], names: Sequence[str], me: int) -> str:
    """Short, for the table: "took 3 from Bora", "took 3: 2 from you and 1 from Bora"."""
    total = sum(taken)
    sources = [s for s, count in enumerate(taken) if count]
    if len(sources) > 1:
        return say("took {n}: {sources}", n=total, sources=_sources(say, taken, names, me))
    if sources[0] == me:
        return say("took {n} from you", n=total)
    return say("took {n} from {who}", n=total, who=names[sources[0]])


def describe_table(observation: PuckObservation, names: Sequence[str], lang: str = "en") -> list[TableRow]:
    """The table as the observing player sees it: the others, the pot, himself and his hand."""
    say = SPEECH.speech(lang)
    me = observation["player"]
    n = observation["num_players"]
    mover = observation["current_player"]
    shown = observation["shown"]
    ace_low = observation["variant"]["ace_low_straight"]
    short_pair = observation["variant"].get("short_pair", True)

    def seat(player: int) -> TableRow:
        label = say.you(names[player]) if player == me else names[player]
        if player in observation["out"]:
            return TableRow(label, None, say("out of the game"))
        pile_size = observation["pile_sizes"][player]
        cards = None
        if shown is not None:  # P10, the tie-break: the hands lie shown on the table
            cards = _by_strength(shown[player])
            notes = [describe_hand(shown[player], ace_low, lang)]
            turned = observation["turned"][player]
            if turned:
                notes.append(say("turned {cards}", cards=say.cards(turned)))
            if not pile_size:
                notes.append(say("pile empty"))
        else:
            notes = [say("pile {n}", n=pile_size), say("hand {n}", n=observation["hand_sizes"][player])]
            done = observation["exchanges"][player]
            if done is not None and done["count"]:
                notes.append(_took(say, done["from"], names, me))
            elif done is not None:
                notes.append(say("held"))
        note = " · ".join(notes) + ("   " + say.to_move() if mover == player else "")
        return TableRow(label, cards, note, alert=player in observation["tied"], mover=mover == player)

    rows = [seat((me + i) % n) for i in range(1, n)]
    rows.append(TableRow(""))
    rows.append(TableRow(say("Pot"), None, str(say.count(observation["pot_size"]))))
    if observation["surplus_size"]:
        rows.append(TableRow(say("Surplus"), None, say("1 card face down: it goes to the first trick's winner")))
    rows += [TableRow(""), seat(me)]
    hand = observation["hand"]
    if shown is None:
        note = describe_hand(hand, ace_low, lang, short_pair) if hand else ""
        rows.append(TableRow(say("Your hand"), _by_strength(hand), note))
    return rows


def describe_turn(observation: PuckObservation, names: Sequence[str], lang: str = "en") -> str:
    """What the player to move is doing now, in a few words."""
    say = SPEECH.speech(lang)
    phase = observation["phase"]
    return say(TURNS[phase]) if phase in TURNS else ""


def describe_options(lang: str = "en") -> list[OptionWords]:
    """The rule options for people (P6, P9, P11, P12)."""
    say = SPEECH.speech(lang)
    return [
        OptionWords(
            "ace_low_straight", say("A-2-3 straight"),
            say("Whether an Ace, a Two and a Three count as a straight, the lowest of all."),
            {True: say("A-2-3 is the lowest straight"), False: say("A-2-3 is not a straight")},
        ),
        OptionWords(
            "short_pair", say("A pair in a hand of two"),
            say("A player left with two cards of one rank plays them as a pair, or only by the higher card."),
            {True: say("two cards of one rank are a pair"), False: say("only 3-card hands make combinations")},
        ),
        OptionWords(
            "single_from", say("Exchanging one card"),
            say("Whose pile a player who exchanges a single card takes it from."),
            {"any": say("from any other player's pile"), "next": say("from the next player's pile")},
        ),
        OptionWords(
            "end", say("When a player runs out of cards"),
            say("After a trick is collected, a player has no cards left in their pile."),
            {"first-out": say("the game ends at once, and the most cards win"),
             "last-standing": say("they leave the game, and the last player with cards wins")},
        ),
        OptionWords(
            "max_rounds", say("Round limit"), say("After this many rounds the game ends, and the most cards win."), {},
        ),
    ]


def describe_summary(lang: str = "en") -> str:
    """The game in one sentence, for people choosing what to play."""
    return SPEECH.speech(lang)(SUMMARY)


# What is wrong with an illegal action, by the rules' ``Why`` (P5, P6, P10).
PROBLEMS = {
    Why.DRAWN: N_("every player has taken their cards; now each holds or exchanges"),
    Why.NO_TIE: N_("there is no tie to break"),
    Why.FORM: N_("write the cards you put into the pot followed by the piles you take from, like {text}"),
    Why.NOT_HELD: N_("you do not hold {cards}"),
    Why.TWICE: N_("a card is named twice"),
    Why.COUNTS: N_("take as many cards as you put into the pot ({count})"),
    Why.NO_SEAT: N_("nobody sits at {text}"),
    Why.OWN_PILE: N_("you may never take from your own pile"),
    Why.PILE_SHORT: N_("the pile of {who} holds only {count}"),
    Why.NEXT_PILE: N_("a single card comes from the pile of {who}, the next player"),
    Why.NOTATION: N_("write it as {text}"),
}
assert set(PROBLEMS) == set(Why)
EMPTY_PILE = N_("the pile of {who} is empty")


def describe_problem(observation: PuckObservation, problem: Problem, names: Sequence[str], lang: str = "en") -> str:
    """What is wrong with an illegal action, from the rules' ``Problem``."""
    say = SPEECH.speech(lang)
    kind = Why(problem.kind)
    who = names[problem.seat] if problem.seat >= 0 else ""
    if kind is Why.NEXT_PILE:
        return say(PROBLEMS[kind], who=who)
    if kind is Why.PILE_SHORT:
        if not problem.number:
            return say(EMPTY_PILE, who=who)
        return say(PROBLEMS[kind], who=who, count=say.count(problem.number))
    return say(PROBLEMS[kind], cards=say.cards(problem.cards), count=problem.number, text=problem.text)
