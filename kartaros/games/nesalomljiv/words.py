"""Nesalomljiv in words for people: moves, events, the table and the turn, in English and Serbian."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kartaros.cards import card_id, pretty
from kartaros.games.nesalomljiv.rules import TARGET_VALUE, WEAPON_VALUE
from kartaros.info import TableRow
from kartaros.words import card_name, card_names, cards_count, to_move, you


def _card(code: str) -> str:
    return pretty(card_id(code))


def _cards(cards: Sequence[str]) -> str:
    return " ".join(_card(c) for c in cards)


def _worth(code: str) -> int:
    return WEAPON_VALUE[card_id(code)]


_ROLE_WORDS = {"chooser": "the Chooser", "attacker": "the Attacker"}
# The roles in the words of the Serbian rules: nominative, accusative, dative.
_ROLES_SR = {"chooser": ("Birač", "Birača", "Biraču"), "attacker": ("Napadač", "Napadača", "Napadaču")}
_REASONS_SR = {
    "last_card": "poslednja karta iz meč-ruke", "exhausted": "karte su iscrpljene", "max_duels": "granica broja duela",
}


def describe_action(observation: dict[str, Any], action: str, names: Sequence[str], lang: str = "en") -> str:
    """An action of the player to move, in words, from his observation."""
    sr = lang == "sr"
    if action == "draw":
        if sr:
            return "vuci kartu sa ostatka u svoju meč-ruku (posle nokauta)"
        return "draw a card from the stock into your match hand (knocked out)"
    if action == "place":
        if sr:
            return "postavi gornju kartu svoje meč-ruke kao Napadača"
        return "place the top card of your match hand as the Attacker"
    parts = action.split("-")
    if len(parts) == 1:
        value = TARGET_VALUE[card_id(action)]
        if sr:
            note = "slika: vredi 100, ne može se nokautirati" if value == 100 else f"vredi {value}"
            return f"postavi {card_name(action, lang, 'acc')} kao Napadača ({note})"
        note = "a face card: worth 100, it cannot be knocked out" if value == 100 else f"worth {value}"
        return f"place {_card(action)} as the Attacker ({note})"
    total = _worth(parts[0]) + _worth(parts[1])
    dropped = [w for w in observation["weapons"] if w not in parts]
    target = observation["target_value"]
    if sr:
        aim = f"zbir {total}: nokaut!" if target == total else f"zbir {total}, razlika {abs(target - total)}"
        kept = " i ".join(card_name(c, lang, "acc") for c in parts)
        return f"zadrži {kept} ({aim}), odbaci {card_names(dropped, lang, 'acc')}"
    aim = f"sum {total}: a knockout!" if target == total else f"sum {total}, {abs(target - total)} off {target}"
    return f"keep {_cards(parts)} ({aim}), drop {_cards(dropped)}"


def describe_event(event: dict[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """One observed event as a sentence, e.g. "Milan places the Attacker 7♥" ("Milan postavlja
    Napadača: sedmica herc")."""
    kind = event["type"]
    who = names[event["player"]] if "player" in event else ""
    if lang == "sr":
        return _event_sr(event, names, who)
    if kind == "deal":
        what = "match-hand cards" if event["zone"] == "match" else "weapons"
        cards = event.get("cards")
        return f"{who} is dealt {event['count']} {what}" + (f": {_cards(cards)}" if cards else "")
    if kind == "chooser":
        return f"The Chooser is turned: {_card(event['card'])}"
    if kind == "choose":
        if "keep" in event:
            return f"{who} keeps {_cards(event['keep'])} and drops {_card(event['drop'])} (hidden until the reveal)"
        return f"{who} has chosen his weapons"
    if kind == "duel":
        sides = [f"{names[p]} {_cards(event['kept'][p])} = {event['sums'][p]}" for p in (0, 1)]
        if event["winner"] is None:
            result = "a tie"
        else:
            result = f"{names[event['winner']]} wins" + (" by knockout" if event["knockout"] else "")
        role = _ROLE_WORDS[event["role"]]
        return f"Duel on {role} {_card(event['target'])} ({event['value']}): {sides[0]}, {sides[1]}: {result}"
    if kind == "take":
        return f"{who} takes {_ROLE_WORDS[event['role']]} {_card(event['card'])} into his match hand"
    if kind == "discard":
        return f"{_ROLE_WORDS[event['role']].replace('the', 'The')} {_card(event['card'])} is discarded"
    if kind == "draw":
        card = _card(event["card"]) if "card" in event else "a card"
        return f"{who} draws {card} from the stock into his match hand"
    if kind == "place":
        return f"{who} places the Attacker {_card(event['card'])}"
    if kind == "reshuffle":
        return f"The discard pile ({event['count']} cards) is shuffled into a new stock"
    returns = event["returns"]
    if returns[0] == returns[1]:
        return f"The game is drawn ({event['reason']})"
    return f"{names[0 if returns[0] > returns[1] else 1]} wins ({event['reason']})"


def _event_sr(event: dict[str, Any], names: Sequence[str], who: str) -> str:
    """:func:`describe_event` in Serbian."""
    kind = event["type"]
    if kind == "deal":
        count = cards_count(event["count"], "sr", "acc")
        what = "za meč-ruku" if event["zone"] == "match" else "oružja"
        cards = event.get("cards")
        return f"{who} dobija {count} {what}" + (f": {card_names(cards, 'sr')}" if cards else "")
    if kind == "chooser":
        return f"Otvara se Birač: {card_name(event['card'], 'sr')}"
    if kind == "choose":
        if "keep" in event:
            kept = " i ".join(card_name(c, "sr", "acc") for c in event["keep"])
            return f"{who} zadržava {kept}, a odbacuje {card_name(event['drop'], 'sr', 'acc')} (skriveno do otkrivanja)"
        return f"{who} bira oružje"
    if kind == "duel":
        sides = [
            f"{names[p]} {' + '.join(card_name(c, 'sr') for c in event['kept'][p])} = {event['sums'][p]}"
            for p in (0, 1)
        ]
        if event["winner"] is None:
            result = "nerešeno"
        else:
            result = f"pobeđuje {names[event['winner']]}" + (" nokautom" if event["knockout"] else "")
        role = _ROLES_SR[event["role"]][0]
        return f"Duel, {role} {card_name(event['target'], 'sr')} ({event['value']}): {sides[0]}; {sides[1]}: {result}"
    if kind == "take":
        role = _ROLES_SR[event["role"]][1]
        return f"{who} uzima {role} ({card_name(event['card'], 'sr')}) u svoju meč-ruku"
    if kind == "discard":
        return f"{_ROLES_SR[event['role']][0]} ({card_name(event['card'], 'sr')}) se odbacuje"
    if kind == "draw":
        card = card_name(event["card"], "sr", "acc") if "card" in event else "kartu"
        return f"{who} vuče {card} sa ostatka u svoju meč-ruku"
    if kind == "place":
        return f"{who} postavlja Napadača: {card_name(event['card'], 'sr')}"
    if kind == "reshuffle":
        return f"Odbačene karte ({event['count']}) mešaju se u novi ostatak"
    returns = event["returns"]
    reason = _REASONS_SR.get(event["reason"], event["reason"])
    if returns[0] == returns[1]:
        return f"Igra je nerešena ({reason})"
    return f"{names[0 if returns[0] > returns[1] else 1]} pobeđuje ({reason})"


DISCARD_SHOWN = 6


def describe_table(observation: dict[str, Any], names: Sequence[str], lang: str = "en") -> list[TableRow]:
    """The table as the observing player sees it: opponent, piles, the middle, the last duel, himself."""
    me = observation["player"]
    mover = observation["current_player"]
    blind = observation["variant"]["match_hand"] == "blind"
    sr = lang == "sr"
    turn = "   " + to_move(lang)
    match_label = "  meč-ruka" if sr else "  match hand"

    def match_row(player: int) -> TableRow:
        hand = observation["match_hands"][player]
        note = cards_count(len(hand), lang)
        if blind:  # a face-down stack: say where the cards that went in face up lie
            return TableRow(match_label, None, f"{note}, {'odozgo' if sr else 'top first'}: {_stack_words(hand, lang)}")
        unseen = hand.count(None)
        if unseen and sr:
            note += ", sve licem nadole" if unseen == len(hand) else f", {unseen} licem nadole"
        elif unseen:
            note += ", all face down" if unseen == len(hand) else f", {unseen} face down"
        return TableRow(match_label, [c for c in hand if c] or None, note)

    opponent = 1 - me
    count = observation["weapon_counts"][opponent]
    chosen = observation["chosen"][opponent]
    if sr:
        weapons = f"oružje: {count}" + (", izabrano" if chosen else "") if count else "bez oružja"
    else:
        weapons = f"{count} weapons" + (", chosen" if chosen else "") if count else "no weapons"
    discard = observation["discard"]
    rows = [
        TableRow(names[opponent], None, weapons + (turn if mover == opponent else ""), mover=mover == opponent),
        match_row(opponent),
        TableRow(""),
        TableRow("Ostatak" if sr else "Stock", None, cards_count(observation["stock_size"], lang)),
        TableRow(
            f"{'Odbačene' if sr else 'Discard'} ({len(discard)})",
            discard[-DISCARD_SHOWN:],
            ("◀ vrh" if sr else "◀ top") if discard else "",
            more=len(discard) > DISCARD_SHOWN,
        ),
    ]
    if observation["target"] is not None:
        role = observation["target_role"]
        value = observation["target_value"]
        if sr:
            note = "vredi 100: slika" if value == 100 else f"vredi {value}"
            if role == "attacker":
                note += f", od igrača {names[observation['placer']]}"
            label = _ROLES_SR[role][0]
        else:
            note = "worth 100: a face card" if value == 100 else f"worth {value}"
            if role == "attacker":
                note += f", placed by {names[observation['placer']]}"
            label = role.capitalize()
        rows.append(TableRow(label, [observation["target"]], note, alert=True))
    elif observation["phase"] == "place":
        placer = names[observation["placer"]]
        if sr:
            rows.append(TableRow("Napadač", None, f"{placer} postavlja sledećeg"))
        else:
            rows.append(TableRow("Attacker", None, f"{placer} places the next one"))
    duel = observation["last_duel"]
    if duel is not None:
        winner = None if duel["winner"] is None else names[duel["winner"]]
        if sr:
            result = "nerešeno" if winner is None else f"pobeda{' nokautom' if duel['knockout'] else ''}: {winner}"
            label = f"Poslednji duel (#{observation['duels']})"
            rows.append(TableRow(label, [duel["target"]], f"{_ROLES_SR[duel['role']][0]}; {result}"))
        else:
            result = "a tie" if winner is None else f"{winner} won" + (" by knockout" if duel["knockout"] else "")
            label = f"Last duel (#{observation['duels']})"
            rows.append(TableRow(label, [duel["target"]], f"on the {duel['role'].capitalize()}: {result}"))
        for p in (0, 1):
            sums, off, dropped = duel["sums"][p], duel["distances"][p], duel["dropped"][p]
            if sr:
                note = f"= {sums}, razlika {off}; odbačeno: {card_name(dropped, lang)}"
                rows.append(TableRow(f"  {names[p]}: zadržano", duel["kept"][p], note))
            else:
                note = f"= {sums}, {off} off; dropped {_card(dropped)}"
                rows.append(TableRow(f"  {names[p]} kept", duel["kept"][p], note))
    weapons_note = "" if observation["weapons"] else "nema" if sr else "none"
    rows += [
        TableRow(""),
        TableRow(you(names[me], lang), None, turn.strip() if mover == me else "", mover=mover == me),
        match_row(me),
        TableRow(
            "  oružje" if sr else "  weapons",
            observation["weapons"] or None,
            _choice_note(observation, lang) or weapons_note,
        ),
    ]
    return rows


def _stack_words(stack: Sequence[str | None], lang: str = "en") -> str:
    """A blind match hand, top first: "3 face down, 7♥, 1 face down"."""
    parts: list[str] = []
    hidden = 0
    for code in [*stack, ""]:
        if code is None:
            hidden += 1
            continue
        if hidden:
            parts.append(f"{hidden} {'licem nadole' if lang == 'sr' else 'face down'}")
            hidden = 0
        if code:
            parts.append(card_name(code, lang))
    return ", ".join(parts) or ("prazna" if lang == "sr" else "empty")


def _choice_note(observation: dict[str, Any], lang: str = "en") -> str:
    mine = observation["my_choice"]
    if mine is None:
        return ""
    total = sum(_worth(c) for c in mine["keep"])
    if lang == "sr":
        return f"zadržano: {' + '.join(card_name(c, lang) for c in mine['keep'])} = {total}, čeka se otkrivanje"
    return f"keeping {_cards(mine['keep'])} = {total}, waiting for the reveal"


def describe_turn(observation: dict[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """What the player to move is doing now, in a few words."""
    phase = observation["phase"]
    sr = lang == "sr"
    if phase == "choose":
        if sr:
            role = _ROLES_SR[observation["target_role"]][2]
            return f"zadrži dve karte čiji je zbir najbliži {role} ({observation['target_value']}); treća se odbacuje"
        role = _ROLE_WORDS[observation["target_role"]]
        return f"keep two weapons whose sum is closest to {role}'s {observation['target_value']}; the third is dropped"
    if phase == "place":
        if observation["variant"]["match_hand"] == "blind":
            if sr:
                return "postavi gornju kartu svoje meč-ruke kao Napadača"
            return "place the top card of your match hand as the Attacker"
        return "izaberi Napadača iz svoje meč-ruke" if sr else "choose the Attacker to place from your match hand"
    if phase == "draw":
        return "nokaut: vuci kartu u svoju meč-ruku" if sr else "you were knocked out: draw a card into your match hand"
    return ""
