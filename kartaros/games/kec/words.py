"""Keč in words for people: moves, events, the table and the turn, in English and Serbian."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kartaros.cards import RANK, RANK_NAMES, card_id, pretty
from kartaros.games.kec.rules import ACE, FOUR, QUEEN, THROW_RANKS
from kartaros.info import TableRow
from kartaros.words import CASES, card_name, card_names, cards_count, rank_name, to_move, you

_HOLD_WORDS = {"choke": "a choke", "lever": "a lever", "pin": "a pin", "knockout": "a knockout"}
# The holds in the words of the Serbian rules; nominative, accusative, genitive, instrumental.
_HOLDS_SR = {
    "choke": ("gušenje", "gušenje", "gušenja", "gušenjem"),
    "lever": ("poluga", "polugu", "poluge", "polugom"),
    "pin": ("tuš", "tuš", "tuša", "tušem"),
    "knockout": ("nokaut", "nokaut", "nokauta", "nokautom"),
}
_REASONS_SR = {
    "choke": "gušenje", "lever": "poluga", "pin": "tuš", "knockout": "nokaut",
    "disqualified": "diskvalifikacija protivnika", "exhausted": "karte su iscrpljene",
    "max_actions": "granica broja poteza",
}


def _hold_sr(hold: str, case: str = "nom") -> str:
    return _HOLDS_SR[hold][CASES.index(case)]


def _card_words(code: str) -> str:
    return pretty(card_id(code))


def _rank_word(code: str) -> str:
    return RANK_NAMES[RANK[card_id(code)]]


def describe_action(observation: dict[str, Any], action: str, lang: str = "en") -> str:
    """An action of the player to move, in words, from his observation."""
    phase = observation["phase"]
    sr = lang == "sr"
    if action == "draw":
        return "vuci kartu sa ostatka" if sr else "draw a card from the stock"
    if action == "take":
        top = observation["discard"][-1]["card"] if observation["discard"] else "?"
        if phase == "throw":
            if sr:
                return f"kupi izbačenu kartu ({card_name(top, lang)}) kao nadoknadu"
            return f"take the thrown {_card_words(top)} as a replacement"
        if sr:
            return f"vuci {card_name(top, lang, 'acc')} sa hrpe za odbacivanje"
        return f"take the {_card_words(top)} from the discard pile"
    cards = action.split("-")
    shown = " ".join(_card_words(c) for c in cards)
    if len(cards) == 1:
        if phase == "defend":
            if sr:
                return f"slomi {_hold_sr(observation['hold'], 'acc')} {card_name(cards[0], lang, 'ins')}"
            joker = cards[0] in ("RJ", "BJ")
            return f"break the {observation['hold']} with {'the ' if joker else ''}{shown}"
        return f"odbaci {card_name(cards[0], lang, 'acc')}" if sr else f"discard {shown}"
    if len(cards) == 2:
        rank = RANK[card_id(cards[0])]
        if sr:
            return f"odigraj par za {'bacanje' if rank in THROW_RANKS else 'menjanje'}: {card_names(cards, lang)}"
        return f"{'throw' if rank in THROW_RANKS else 'exchange'} with the pair {shown}"
    rank = RANK[card_id(cards[0])]
    name = {ACE: "pin" if RANK[card_id(cards[1])] == ACE else "choke", FOUR: "lever", QUEEN: "knockout"}[rank]
    if sr:
        return f"napadni {_hold_sr(name, 'ins')}: {card_names(cards, lang)}"
    return f"attack with {_HOLD_WORDS[name]}: {shown}"


def describe_event(event: dict[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """One observed event as a sentence, e.g. "Milan breaks the choke with a King" ("Milan lomi
    gušenje kraljem")."""
    kind = event["type"]
    who = names[event["player"]] if "player" in event else ""
    sr = lang == "sr"
    if kind == "deal":
        cards = event.get("cards")
        if sr:
            return f"{who} dobija {cards_count(event['count'], lang, 'acc')}" + (
                f": {card_names(cards, lang)}" if cards else ""
            )
        return f"{who} is dealt {event['count']} cards" + (f": {_cards_words(cards)}" if cards else "")
    if kind == "draw":
        if sr:
            return f"{who} vuče {card_name(event['card'], lang, 'acc') if 'card' in event else 'kartu'} sa ostatka"
        return f"{who} draws " + (_card_words(event["card"]) if "card" in event else "a card") + " from the stock"
    if kind == "take":
        if sr:
            return f"{who} uzima {card_name(event['card'], lang, 'acc')} sa hrpe za odbacivanje"
        return f"{who} takes the {_card_words(event['card'])} from the discard pile"
    if kind == "reshuffle":
        if sr:
            return f"Hrpa za odbacivanje ({cards_count(event['count'], lang)}) meša se u novi ostatak"
        return f"The discard pile ({event['count']} cards) is shuffled into a new stock"
    if kind == "extend":
        if sr:
            return f"Meč se produžava: sve odbačene karte ({event['count']}) mešaju se u novi ostatak"
        return f"The match is extended: {event['count']} cards are shuffled into a new stock"
    if kind == "discard":
        if sr:
            return f"{who} odbacuje {card_name(event['card'], lang, 'acc')}"
        return f"{who} discards {_card_words(event['card'])}"
    if kind == "pair":
        rank = RANK[card_id(event["cards"][0])]
        if sr:
            use = "bacanje" if rank in THROW_RANKS else "menjanje"
            return f"{who} igra par za {use}: {card_names(event['cards'], lang)}"
        verb = "throws with" if rank in THROW_RANKS else "exchanges"
        return f"{who} {verb} the pair {_cards_words(event['cards'])}"
    if kind == "steal":
        if event["card"] is None:
            return f"{who} baca, ali protivnik nema karata u ruci" if sr else f"{who}'s throw finds an empty hand"
        if sr:
            return f"{who} baca: {card_name(event['card'], lang)} iz protivničke ruke ide na hrpu za odbacivanje"
        return f"{who}'s throw takes {_card_words(event['card'])} onto the discard pile"
    if kind == "hold":
        if sr:
            return f"{who} napada {_hold_sr(event['hold'], 'ins')} ({card_names(event['cards'], lang)})"
        return f"{who} attacks with {_HOLD_WORDS[event['hold']]} ({_cards_words(event['cards'])})"
    if kind == "break":
        if sr:
            breaker = rank_name(RANK[card_id(event["card"])], lang, "ins")
            return f"{who} lomi {_hold_sr(event['hold'], 'acc')} {breaker}"
        article = "the Joker" if event["card"] in ("RJ", "BJ") else f"a {_rank_word(event['card'])}"
        return f"{who} breaks the {event['hold']} with {article}"
    returns = event["returns"]
    reason = _REASONS_SR.get(event["reason"], event["reason"]) if sr else event["reason"]
    if returns[0] == returns[1]:
        return f"Meč je nerešen ({reason})" if sr else f"The game is drawn ({reason})"
    winner = names[0 if returns[0] > returns[1] else 1]
    return f"{winner} pobeđuje ({reason})" if sr else f"{winner} wins ({reason})"


def _cards_words(cards: Sequence[str]) -> str:
    return " ".join(_card_words(c) for c in cards)


DISCARD_SHOWN = 5
OUT_SHOWN = 8


_CYCLES_SR = {"reshuffled": "promešan", "extended": "produžen"}


def describe_table(observation: dict[str, Any], names: Sequence[str], lang: str = "en") -> list[TableRow]:
    """The table as the observing player sees it: opponent, piles, table, himself and his hand."""
    me = observation["player"]
    mover = observation["current_player"]
    sr = lang == "sr"

    def seat(player: int) -> TableRow:
        size = observation["hand_sizes"][player]
        note = cards_count(size, lang)
        known = observation["opponent_known"] if player != me else []
        if known:
            note += "; poznate:" if sr else "; seen going in:"
        label = you(names[player], lang) if player == me else names[player]
        backs = size - len(known) if player != me else 0
        if mover == player:
            note += "   " + to_move(lang)
        return TableRow(label, known or None, note, backs=backs, mover=mover == player)

    discard = [d["card"] for d in observation["discard"]]
    top = observation["discard"][-1]["by"] if discard else None
    stock = cards_count(observation["stock_size"], lang)
    cycle = observation["stock_cycle"]
    if cycle != "original":
        stock += f" ({_CYCLES_SR[cycle] if sr else cycle})"
    top_note = "" if top is None else f"◀ vrh, od igrača {names[top]}" if sr else f"◀ top, from {names[top]}"
    out = observation["out_of_play"]
    rows = [
        seat(1 - me),
        TableRow(""),
        TableRow("Ostatak" if sr else "Stock", None, stock, backs=min(1, observation["stock_size"])),
        TableRow(
            f"{'Hrpa za odbacivanje' if sr else 'Discard'} ({len(discard)})",
            discard[-DISCARD_SHOWN:],
            top_note,
            more=len(discard) > DISCARD_SHOWN,
        ),
        TableRow(f"{'Van igre' if sr else 'Out of play'} ({len(out)})", out[-OUT_SHOWN:], more=len(out) > OUT_SHOWN),
    ]
    if observation["table"]:
        hold = observation["hold"]
        note = ""
        if hold and mover is not None and sr:
            note = f"{_hold_sr(hold)}, {names[mover]} mora da odgovori"
        elif hold and mover is not None:
            note = f"a {hold}, {names[mover]} must answer"
        rows.append(TableRow("Sto" if sr else "Table", observation["table"], note, alert=True))
    rows += [TableRow(""), seat(me), TableRow("Tvoja ruka" if sr else "Your hand", observation["hand"])]
    return rows


_TURN_HINTS = {
    "draw": "draw up to a full hand",
    "replace": "draw your replacement cards",
    "choose": "attack with a hold, play a pair, or discard to end your turn",
    "throw": "take the thrown card as a replacement, or draw",
}
_TURN_HINTS_SR = {
    "draw": "vuci karte do pune ruke",
    "replace": "vuci karte nadoknade",
    "choose": "napadni kombinacijom, odigraj par ili odbaci kartu i završi potez",
    "throw": "kupi izbačenu kartu kao nadoknadu ili vuci",
}


def describe_turn(observation: dict[str, Any], lang: str = "en") -> str:
    """What the player to move is doing now, in a few words."""
    if observation["phase"] == "defend":
        if lang == "sr":
            return f"moraš da slomiš {_hold_sr(observation['hold'], 'acc')}: izaberi kartu"
        return f"you must break the {observation['hold']}: choose the card"
    return (_TURN_HINTS_SR if lang == "sr" else _TURN_HINTS).get(observation["phase"], "")
