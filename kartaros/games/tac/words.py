"""Tač in words for people: moves, events, the table and the turn, in English and Serbian."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kartaros.cards import RANKS, card_id, pretty
from kartaros.games.tac.rules import rank_words
from kartaros.info import TableRow
from kartaros.words import card_name, cards_count, listed, rank_name, to_move, you


def _card_words(code: str) -> str:
    return pretty(card_id(code))


def describe_action(observation: dict[str, Any], action: str, names: Sequence[str], lang: str = "en") -> str:
    """An action of the player to move, in words, from his observation."""
    me = observation["player"]
    if lang == "sr":
        return _action_sr(observation, action, me)
    if action == "call":
        miss = observation["miss"] or {}
        return f"call “Tač!” on player {miss.get('player', '?')}'s miss: he gets a card from each of you"
    if action == "pass":
        return "let the miss go"
    if action in ("turn", "turn?"):
        if observation["closed_sizes"][me] == 0:
            words = "turn your open pile over (T8) and turn its first card"
        else:
            words = "turn your next closed card"
        if action == "turn?":
            top = observation["open_piles"][me][-1]
            words += f", leaving {_card_words(top)} unplaced (a miss: others may call “Tač!”)"
        return words
    code, _, place = action.rstrip("?").partition(">")
    card = _card_words(code)
    if place == "C":
        central = observation["central"]
        return f"put {card} on the central pile" + (f" (on {_card_words(central[-1])})" if central else "")
    seat = int(place)
    if seat == me:
        if action.endswith("?"):
            return f"put {card} on your open pile although it fits (a miss: others may call “Tač!”)"
        return f"put {card} on your open pile: it fits nowhere (your turn ends)"
    top = observation["open_piles"][seat][-1]
    return f"put {card} on player {seat}'s open pile (on {_card_words(top)})"


_TAC_SR = "„Tač!“"
_REASONS_SR = {"out": "prvi bez karata", "ranking": "poredak", "max_moves": "granica broja poteza"}


def _action_sr(observation: dict[str, Any], action: str, me: int) -> str:
    """:func:`describe_action` in Serbian."""
    if action == "call":
        miss = observation["miss"] or {}
        return f"reci {_TAC_SR} za propust igrača {miss.get('player', '?')}: dobija po jednu kartu od svakog od vas"
    if action == "pass":
        return "pusti propust da prođe"
    if action in ("turn", "turn?"):
        if observation["closed_sizes"][me] == 0:
            words = "okreni svoju odbačenu gomilu (T8) i otvori njenu prvu kartu"
        else:
            words = "otvori sledeću kartu sa zatvorene gomile"
        if action == "turn?":
            top = card_name(observation["open_piles"][me][-1], "sr")
            words += f", iako {top} može da se spusti (propust: ostali mogu reći {_TAC_SR})"
        return words
    code, _, place = action.rstrip("?").partition(">")
    card = card_name(code, "sr", "acc")
    if place == "C":
        central = observation["central"]
        on = f" (na {card_name(central[-1], 'sr', 'acc')})" if central else ""
        return f"spusti {card} na centralnu gomilu{on}"
    seat = int(place)
    if seat == me:
        if action.endswith("?"):
            return f"spusti {card} na svoju odbačenu gomilu iako može drugde (propust: ostali mogu reći {_TAC_SR})"
        return f"spusti {card} na svoju odbačenu gomilu: nigde drugde ne može (potez se završava)"
    top = card_name(observation["open_piles"][seat][-1], "sr", "acc")
    return f"spusti {card} na odbačenu gomilu igrača {seat} (na {top})"


def _event_sr(event: dict[str, Any], names: Sequence[str], who: str) -> str:
    """:func:`describe_event` in Serbian."""
    kind = event["type"]
    if kind == "deal":
        text = f"Karte su podeljene: po {event['each']} u svaku zatvorenu gomilu"
        if event["central"]:
            text += f"; {card_name(event['central'], 'sr')} počinje centralnu gomilu"
        if event["aside"]:
            text += f"; {cards_count(event['aside'], 'sr')} po strani, licem nadole"
        return text
    if kind == "turn":
        return f"{who} otvara {card_name(event['card'], 'sr', 'acc')}"
    if kind == "turnover":
        return f"{who} okreće svoju odbačenu gomilu u novu zatvorenu ({cards_count(event['count'], 'sr')})"
    if kind == "place":
        card = card_name(event["card"], "sr", "acc")
        if event["to"] == "central":
            return f"{who} spušta {card} na centralnu gomilu"
        if event["to"] == event["player"]:
            return f"{who} spušta {card} na svoju odbačenu gomilu"
        return f"{who} spušta {card} na odbačenu gomilu igrača {names[event['to']]}"
    if kind == "miss":
        what = "otvara sledeću kartu" if event["kind"] == "turn" else "spušta kartu na svoju odbačenu gomilu"
        return f"Propust: {card_name(event['card'], 'sr')} može da se spusti, a {who} {what}"
    if kind == "call":
        return f"{who} kaže {_TAC_SR} igraču {names[event['offender']]}"
    if kind == "pass":
        return f"{who} pušta propust igrača {names[event['offender']]}"
    if kind == "give":
        to = names[event["to"]]
        if event["count"] == 0:
            return f"{who} nema zatvorenu kartu za igrača {to}"
        seen = f" ({card_name(event['card'], 'sr')})" if event["card"] else ""
        return f"{who} daje igraču {to} kartu sa dna svoje zatvorene gomile{seen}"
    if kind == "out":
        return f"{who} više nema karata ({event['place']}. mesto)"
    returns = event["returns"]
    best = max(returns)
    winners = [names[p] for p, r in enumerate(returns) if r == best]
    verb = "pobeđuje" if len(winners) == 1 else "dele pobedu"
    return f"{listed(winners, 'sr')} {verb} ({_REASONS_SR.get(event['reason'], event['reason'])})"


def describe_event(event: dict[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """One observed event as a sentence, e.g. "Milan puts 7♥ on the central pile" ("Milan spušta
    sedmicu herc na centralnu gomilu")."""
    kind = event["type"]
    who = names[event["player"]] if "player" in event else ""
    if lang == "sr":
        return _event_sr(event, names, who)
    if kind == "deal":
        text = f"The cards are dealt: {event['each']} to each closed pile"
        if event["central"]:
            text += f"; {_card_words(event['central'])} starts the central pile"
        if event["aside"]:
            text += f"; {event['aside']} set aside face down"
        return text
    if kind == "turn":
        return f"{who} turns {_card_words(event['card'])}"
    if kind == "turnover":
        count = event["count"]
        return f"{who} turns their open pile over as the new closed pile ({count} card{'s' * (count != 1)})"
    if kind == "place":
        card = _card_words(event["card"])
        if event["to"] == "central":
            return f"{who} puts {card} on the central pile"
        if event["to"] == event["player"]:
            return f"{who} puts {card} on their own open pile"
        return f"{who} puts {card} on {names[event['to']]}'s open pile"
    if kind == "miss":
        what = "turned a card instead" if event["kind"] == "turn" else "kept it"
        return f"{who} missed: {_card_words(event['card'])} could have been placed, but {who} {what}"
    if kind == "call":
        return f"{who} calls “Tač!” on {names[event['offender']]}"
    if kind == "pass":
        return f"{who} lets {names[event['offender']]}'s miss go"
    if kind == "give":
        to = names[event["to"]]
        if event["count"] == 0:
            return f"{who} has no closed card to give {to}"
        seen = f" ({_card_words(event['card'])})" if event["card"] else ""
        return f"{who} gives {to} the bottom card of their closed pile{seen}"
    if kind == "out":
        return f"{who} has no cards left (place {event['place']})"
    returns = event["returns"]
    best = max(returns)
    winners = [names[p] for p, r in enumerate(returns) if r == best]
    return f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'share the win'} ({event['reason']})"


OPEN_SHOWN = 6
CENTRAL_SHOWN = 6


def describe_table(observation: dict[str, Any], names: Sequence[str], lang: str = "en") -> list[TableRow]:
    """The table as the observing player sees it: the others from his left, the middle, himself."""
    me = observation["player"]
    n = observation["num_players"]
    mover = observation["current_player"]
    turn = observation["turn"]
    sr = lang == "sr"

    def seat(p: int) -> list[TableRow]:
        label = you(names[p], lang) if p == me else names[p]
        mark = ""
        if mover == p:
            mark = "   " + to_move(lang)
        elif turn == p and mover is not None:
            mark = "   (na redu)" if sr else "   (their turn)"
        if observation["places"][p]:
            out = f"{observation['places'][p]}. mesto" if sr else f"out: place {observation['places'][p]}"
            return [TableRow(label, None, out + mark, mover=mover == p)]
        pile = observation["open_piles"][p]
        closed = observation["closed_sizes"][p]
        known = sum(1 for c in observation["closed"][p] if c is not None)
        if sr:
            seen = "" if not known else " (sve poznate)" if known == closed else f" (poznato: {known})"
            note = f"zatvorena {closed}{seen}, odbačena {len(pile)}{mark}"
        else:
            seen = "" if not known else " (all known)" if known == closed else f" ({known} known)"
            note = f"closed {closed}{seen}, open {len(pile)}{mark}"
        return [
            TableRow(label, None, note, mover=mover == p),
            TableRow("  odbačena gomila" if sr else "  open pile", pile[-OPEN_SHOWN:], more=len(pile) > OPEN_SHOWN),
        ]

    central = observation["central"]
    if sr:
        wants = rank_name(RANKS.index(observation["central_wants"]), lang, "acc")
        closed_until = "; do tada se ne spušta na tuđe odbačene gomile (T5)"
        note = f"prima {wants}" + ("" if observation["opened"] else closed_until)
    else:
        wants = rank_words(observation["central_wants"])
        note = f"takes {wants}" if observation["opened"] else f"takes {wants}; open piles are closed until then (T5)"
    rows = [row for k in range(1, n) for row in seat((me + k) % n)]
    rows += [
        TableRow(""),
        TableRow(
            f"{'Centralna' if sr else 'Central'} ({len(central)})",
            central[-CENTRAL_SHOWN:],
            note,
            more=len(central) > CENTRAL_SHOWN,
        ),
    ]
    if observation["turned"]:
        if sr:
            rows.append(TableRow("Otvorena", [observation["turned"]], f"sa zatvorene gomile igrača {names[turn]}",
                                 alert=True))
        else:
            rows.append(TableRow("Turned", [observation["turned"]], f"{names[turn]} turned it", alert=True))
    miss = observation["miss"]
    if miss and mover is not None:
        if sr:
            note = f"propust igrača {names[miss['player']]}; {names[mover]} može da kaže {_TAC_SR}"
        else:
            note = f"{names[miss['player']]} could have placed it; {names[mover]} may call"
        rows.append(TableRow("Propust!" if sr else "Miss!", [miss["card"]], note, alert=True))
    if observation["aside"]:
        if sr:
            rows.append(TableRow("Po strani", None, f"{cards_count(observation['aside'], lang)}, licem nadole"))
        else:
            rows.append(TableRow("Set aside", None, f"{observation['aside']} cards, face down"))
    rows += [TableRow(""), *seat(me)]
    return rows


def describe_turn(observation: dict[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """What the player to move is doing now, in a few words."""
    phase = observation["phase"]
    me = observation["current_player"]
    if lang == "sr":
        return _turn_sr(observation, phase, me)
    if phase == "open":
        return f"the top of your open pile, {_card_words(observation['open_piles'][me][-1])}, fits: place it (T6)"
    if phase == "turn":
        if me is not None and observation["closed_sizes"][me] == 0:
            return "your closed pile is empty: turn your open pile over (T8)"
        return "turn your next closed card (T7)"
    if phase == "turned":
        return f"place the {_card_words(observation['turned'])} you turned (T7)"
    if phase == "call":
        miss = observation["miss"]
        return f"player {miss['player']} missed {_card_words(miss['card'])}: call “Tač!” or pass (T11)"
    return ""


def _turn_sr(observation: dict[str, Any], phase: str, me: int | None) -> str:
    """:func:`describe_turn` in Serbian."""
    if phase == "open" and me is not None:
        top = card_name(observation["open_piles"][me][-1], "sr")
        return f"vrh tvoje odbačene gomile, {top}, može da se spusti: spusti kartu (T6)"
    if phase == "turn":
        if me is not None and observation["closed_sizes"][me] == 0:
            return "zatvorena gomila je prazna: okreni svoju odbačenu gomilu (T8)"
        return "otvori sledeću kartu sa zatvorene gomile (T7)"
    if phase == "turned":
        return f"spusti otvorenu kartu: {card_name(observation['turned'], 'sr')} (T7)"
    if phase == "call":
        miss = observation["miss"]
        return f"propust igrača {miss['player']} ({card_name(miss['card'], 'sr')}): reci {_TAC_SR} ili pusti (T11)"
    return ""


def call_button(lang: str = "en") -> str:
    """The label of the call's own button: the word called out (T11), the same in both languages."""
    return "Tač!"
