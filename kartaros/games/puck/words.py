"""Puck in words for people: moves, events, the table and the turn, in English and Serbian."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kartaros.cards import card_id, pretty
from kartaros.games.puck.rules import (
    FLUSH,
    HAND_SIZE,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    STRENGTH,
    TRIPS,
    hand_category,
    hand_value,
)
from kartaros.info import TableRow
from kartaros.words import card_name, card_names, cards_count, listed, rank_name, to_move, you

_RANK_WORDS = {
    2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
    9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace",
}


# The hands in the words of the Serbian rules, by category (HIGH_CARD … STRAIGHT_FLUSH).
_HANDS_SR = ("daska do {gen}", "par {pl}", "kenta do {gen}", "boja do {gen}", "triling {pl}", "kenta u boji do {gen}")


def _plural(strength: int) -> str:
    word = _RANK_WORDS[strength]
    return word + ("es" if word == "Six" else "s")


def describe_hand(cards: Sequence[str], ace_low_straight: bool = True, lang: str = "en") -> str:
    """A hand in words, e.g. ``"pair of Kings"``, ``"straight to the Queen"``, ``"Ace high"``
    (``"par kraljeva"``, ``"kenta do dame"``, ``"daska do keca"``: the Serbian rules' names)."""
    if not cards:
        return "bez karata" if lang == "sr" else "no cards"
    value = hand_value([card_id(c) for c in cards], ace_low_straight)
    category, top = value >> 12, (value >> 8) & 15
    if lang == "sr":
        rank = 0 if top == 14 else top - 1  # a strength (2 … 14, Ace high) as a rank (0 Ace … 12 King)
        return _HANDS_SR[category].format(gen=rank_name(rank, lang, "gen"), pl=rank_name(rank, lang, "pl"))
    if category == STRAIGHT_FLUSH:
        return f"straight flush to the {_RANK_WORDS[top]}"
    if category == TRIPS:
        return f"three {_plural(top)}"
    if category == FLUSH:
        return f"flush, {_RANK_WORDS[top]} high"
    if category == STRAIGHT:
        return f"straight to the {_RANK_WORDS[top]}"
    if category == PAIR:
        return f"pair of {_plural(top)}"
    return f"{_RANK_WORDS[top]} high"


def _shown_words(cards: Sequence[str], category: str, lang: str = "en") -> str:
    """A shown hand in words, agreeing with the category the game gave it (A-2-3 depends on an option)."""
    ace_low = hand_category(hand_value([card_id(c) for c in cards])) == category
    return describe_hand(cards, ace_low, lang)


def _by_strength(cards: Sequence[str]) -> list[str]:
    return sorted(cards, key=lambda c: (-STRENGTH[card_id(c)], card_id(c)))


def _cards_words(cards: Sequence[str], lang: str = "en", case: str = "nom") -> str:
    if lang == "sr":
        return card_names(_by_strength(cards), lang, case)
    return " ".join(pretty(card_id(c)) for c in _by_strength(cards))


def _listed(words: Sequence[str]) -> str:
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def _count_words(count: int) -> str:
    return f"{count} card{'s' * (count != 1)}"


def _sources(taken: Sequence[int], names: Sequence[str] | None, me: int = -1, lang: str = "en") -> str:
    """``[0, 2, 1]`` as "2 from Bora and 1 from Cica" (``player 1`` without names, ``you`` for ``me``)."""
    if lang == "sr":
        return listed([
            f"{count} od {'tebe' if s == me else f'igrača {names[s] if names else s}'}"
            for s, count in enumerate(taken)
            if count
        ], lang)
    parts = [
        f"{count} from {'you' if s == me else names[s] if names else f'player {s}'}"
        for s, count in enumerate(taken)
        if count
    ]
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


def _action_sr(observation: dict[str, Any], action: str, me: int) -> str:
    """:func:`describe_action` in Serbian."""
    if action == "draw":
        count = min(HAND_SIZE, observation["pile_sizes"][me])
        if count > 1:
            return f"uzmi gornje {cards_count(count, 'sr', 'acc')} sa svog kupa"
        return "uzmi poslednju kartu sa svog kupa"
    if action == "turn":
        return "okreni sledeću kartu sa svog kupa"
    ace_low = observation["variant"]["ace_low_straight"]
    hand = observation["hand"]
    if action == "hold":
        return f"zadrži {_cards_words(hand, 'sr', 'acc')} ({describe_hand(hand, ace_low, 'sr')})"
    parts = action.split("-")
    put = [p for p in parts if not p.startswith("P")]
    taken = [0] * observation["num_players"]
    for part in parts:
        if part.startswith("P"):
            taken[int(part[1:])] += 1
    kept = [c for c in hand if c not in put]
    keep = f"zadrži {_cards_words(kept, 'sr', 'acc')}, " if kept else ""
    return f"{keep}stavi {_cards_words(put, 'sr', 'acc')} na sredinu, uzmi {_sources(taken, None, lang='sr')}"


def describe_action(observation: dict[str, Any], action: str, names: Sequence[str], lang: str = "en") -> str:
    """An action of the player to move, in words, from his observation."""
    me = observation["player"]
    if lang == "sr":
        return _action_sr(observation, action, me)
    if action == "draw":
        count = min(HAND_SIZE, observation["pile_sizes"][me])
        return f"take the top {_count_words(count)} of your pile" if count > 1 else "take the last card of your pile"
    if action == "turn":
        return "turn the next card of your pile"
    ace_low = observation["variant"]["ace_low_straight"]
    hand = observation["hand"]
    if action == "hold":
        return f"hold {_cards_words(hand)} ({describe_hand(hand, ace_low)})"
    parts = action.split("-")
    put = [p for p in parts if not p.startswith("P")]
    taken = [0] * observation["num_players"]
    for part in parts:
        if part.startswith("P"):
            taken[int(part[1:])] += 1
    kept = [c for c in hand if c not in put]
    keep = f"keep {_cards_words(kept)}, " if kept else ""
    return f"{keep}put {_cards_words(put)} into the pot, take {_sources(taken, None)}"


def _event_sr(event: dict[str, Any], names: Sequence[str], who: str) -> str:
    """:func:`describe_event` in Serbian."""
    kind = event["type"]
    if kind == "cut":
        drawn = [f"{names[p]}: {card_name(c, 'sr')}" for p, c in enumerate(event["cards"]) if c is not None]
        return "Vučenje za prvog igrača: " + "; ".join(drawn)
    if kind == "deal":
        sizes = sorted(set(event["pile_sizes"]))
        each = f", po {cards_count(sizes[0], 'sr', 'acc')}" if len(sizes) == 1 else ""
        extra = "; jedna karta višak leži licem nadole, za osvajača prvog štiha" if event["surplus"] else ""
        return f"Špil se deli u kupove{each}{extra}. Prvi igra {names[event['first']]}"
    if kind == "draw":
        cards = event.get("cards")
        count = event["count"]
        top = "gornju kartu" if count == 1 else f"gornje {cards_count(count, 'sr', 'acc')}"
        return f"{who} uzima {top} sa svog kupa" + (f": {_cards_words(cards, 'sr')}" if cards else "")
    if kind == "hold":
        return f"{who} zadržava svoje karte"
    if kind == "exchange":
        count = cards_count(event["count"], "sr", "acc")
        text = f"{who} stavlja {count} na sredinu i uzima {_sources(event['from'], names, lang='sr')}"
        if "put" in event:
            text += f" (na sredinu: {_cards_words(event['put'], 'sr')}; uzeto: {_cards_words(event['took'], 'sr')})"
        return text
    if kind == "showdown":
        shown = [
            f"{names[p]}: {_cards_words(hand, 'sr')} ({_shown_words(hand, event['categories'][p], 'sr')})"
            for p, hand in enumerate(event["hands"])
            if hand
        ]
        return "Otkrivanje: " + "; ".join(shown)
    if kind == "tie":
        tied = listed([names[p] for p in event["players"]], "sr")
        turning = event["turning"]
        if turning == event["players"]:
            return f"Izjednačeni: {tied}; svako okreće sledeću kartu sa svog kupa"
        if len(turning) > 1:
            return f"Izjednačeni: {tied}; sledeće karte okreću {listed([names[p] for p in turning], 'sr')}"
        if turning:
            return f"Izjednačeni: {tied}; samo {names[turning[0]]} još ima karata"
        return f"Izjednačeni: {tied}; niko nema karata, pa pobeđuje prvi po redu igre"
    if kind == "turn":
        return f"{who} okreće {card_name(event['card'], 'sr', 'acc')}"
    if kind == "collect":
        tie = " posle izjednačenja"
        how = {"hand": "", "tiebreak": " posle okretanja", "alone": tie, "order": tie}
        extra = " (uključujući višak)" if event["surplus"] else ""
        count = cards_count(event["count"], "sr", "acc")
        return f"{who} nosi štih{how[event['how']]} i stavlja {count}{extra} na dno svog kupa"
    if kind == "out":
        return f"{who} više nema karata i napušta igru"
    returns = event["returns"]
    best = max(returns)
    winners = [names[p] for p, r in enumerate(returns) if r == best]
    verb = "pobeđuje" if len(winners) == 1 else "dele pobedu"
    return f"{listed(winners, 'sr')} {verb}: {_END_WORDS_SR.get(event['reason'], event['reason'])}"


_END_WORDS_SR = {
    "out_of_cards": "jedan igrač je ostao bez karata, a pobeđuje najviše karata",
    "last_standing": "poslednji sa kartama",
    "max_rounds": "dostignuta je granica broja kola, a pobeđuje najviše karata",
}


def describe_event(event: dict[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """One observed event as a sentence, e.g. "Milan puts 2 cards into the pot and takes …"
    ("Milan stavlja 2 karte na sredinu i uzima …")."""
    kind = event["type"]
    who = names[event["player"]] if "player" in event else ""
    if lang == "sr":
        return _event_sr(event, names, who)
    if kind == "cut":
        drawn = [f"{names[p]} {pretty(card_id(c))}" for p, c in enumerate(event["cards"]) if c is not None]
        return "Cut for the first player: " + ", ".join(drawn)
    if kind == "deal":
        sizes = sorted(set(event["pile_sizes"]))
        each = f"{sizes[0]} cards each" if len(sizes) == 1 else "cards"
        extra = "; one card lies face down, for the first trick's winner" if event["surplus"] else ""
        return f"The deck is dealt into piles, {each}{extra}. {names[event['first']]} plays first"
    if kind == "draw":
        cards = event.get("cards")
        text = f"{who} takes the top {_count_words(event['count'])} of his pile"
        return text + (f": {_cards_words(cards)}" if cards else "")
    if kind == "hold":
        return f"{who} holds"
    if kind == "exchange":
        text = f"{who} puts {_count_words(event['count'])} into the pot and takes {_sources(event['from'], names)}"
        if "put" in event:
            text += f" (put {_cards_words(event['put'])}, took {_cards_words(event['took'])})"
        return text
    if kind == "showdown":
        shown = [
            f"{names[p]} {_cards_words(hand)} ({_shown_words(hand, event['categories'][p])})"
            for p, hand in enumerate(event["hands"])
            if hand
        ]
        return "Showdown: " + "; ".join(shown)
    if kind == "tie":
        tied = _listed([names[p] for p in event["players"]])
        turning = event["turning"]
        if turning == event["players"]:
            return f"Tie between {tied}: each turns the next card of his pile"
        if len(turning) > 1:
            return f"Tie between {tied}: {_listed([names[p] for p in turning])} turn their next cards"
        if turning:
            return f"Tie between {tied}: only {names[turning[0]]} has cards left"
        return f"Tie between {tied}: nobody has cards left, so the first in play order wins"
    if kind == "turn":
        return f"{who} turns {pretty(card_id(event['card']))}"
    if kind == "collect":
        how = {"hand": "", "tiebreak": " on the tie-break", "alone": " on the tie", "order": " on the tie"}
        extra = ", the face-down surplus card among them," if event["surplus"] else ""
        return (
            f"{who} wins the trick{how[event['how']]} and puts its {event['count']} cards{extra} "
            "at the bottom of his pile"
        )
    if kind == "out":
        return f"{who} is out of cards and leaves the game"
    returns = event["returns"]
    best = max(returns)
    winners = [names[p] for p, r in enumerate(returns) if r == best]
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"{' and '.join(winners)} {verb}: {_END_WORDS.get(event['reason'], event['reason'])}"


_END_WORDS = {
    "out_of_cards": "a player ran out of cards, and the most cards win",
    "last_standing": "the last player with cards",
    "max_rounds": "the round limit was reached, and the most cards win",
}


def _took_words(taken: Sequence[int], names: Sequence[str], me: int, lang: str = "en") -> str:
    """Short, for the table: "took 2 from you and Bora", "took 3: 2 from you, 1 from Bora"."""
    if lang == "sr":  # "uzima 3: 2 od tebe i 1 od igrača Bora"
        return f"uzima {sum(taken)}: {_sources(taken, names, me, lang)}"
    who = ["you" if s == me else names[s] for s, count in enumerate(taken) if count]
    total = sum(taken)
    if len(who) == 1 or len(who) == total:
        return f"took {total} from {' and '.join(who)}"
    return f"took {total}: " + ", ".join(f"{count} from {'you' if s == me else names[s]}"
                                         for s, count in enumerate(taken) if count)


def describe_table(observation: dict[str, Any], names: Sequence[str], lang: str = "en") -> list[TableRow]:
    """The table as the observing player sees it: the others, the pot, himself and his hand."""
    me = observation["player"]
    n = observation["num_players"]
    mover = observation["current_player"]
    shown = observation["shown"]
    ace_low = observation["variant"]["ace_low_straight"]
    sr = lang == "sr"

    def seat(player: int) -> TableRow:
        label = you(names[player], lang) if player == me else names[player]
        if player in observation["out"]:
            return TableRow(label, None, "van igre" if sr else "out of the game")
        pile_size = observation["pile_sizes"][player]
        cards = None
        if shown is not None:  # the tie-break: the hands lie shown on the table
            cards = _by_strength(shown[player])
            notes = [describe_hand(shown[player], ace_low, lang)]
            turned = observation["turned"][player]
            if turned:
                notes.append(("okrenuto: " if sr else "turned ") + card_names(turned, lang))
            if not pile_size:
                notes.append("kup prazan" if sr else "pile empty")
        else:
            hand_size = observation["hand_sizes"][player]
            notes = [f"kup {pile_size}", f"ruka {hand_size}"] if sr else [f"pile {pile_size}", f"hand {hand_size}"]
            done = observation["exchanges"][player]
            if done is not None and done["count"]:
                notes.append(_took_words(done["from"], names, me, lang))
            elif done is not None:
                notes.append("zadržava" if sr else "held")
        note = " · ".join(notes) + ("   " + to_move(lang) if mover == player else "")
        return TableRow(label, cards, note, alert=player in observation["tied"], mover=mover == player)

    rows = [seat((me + i) % n) for i in range(1, n)]
    rows.append(TableRow(""))
    rows.append(TableRow("Sredina" if sr else "Pot", None, cards_count(observation["pot_size"], lang)))
    if observation["surplus_size"] and sr:
        rows.append(TableRow("Višak", None, "1 karta licem nadole: pripada osvajaču prvog štiha"))
    elif observation["surplus_size"]:
        rows.append(TableRow("Surplus", None, "1 card face down: it goes to the first trick's winner"))
    rows += [TableRow(""), seat(me)]
    hand = observation["hand"]
    if shown is None:
        note = describe_hand(hand, ace_low, lang) if hand else ""
        rows.append(TableRow("Tvoja ruka" if sr else "Your hand", _by_strength(hand), note))
    return rows


_TURN_HINTS = {
    "draw": "take the top cards of your pile",
    "exchange": "hold, or put cards into the pot and take as many from the tops of other piles",
    "tiebreak": "you are tied for the best hand: turn the next card of your pile",
}
_TURN_HINTS_SR = {
    "draw": "uzmi gornje karte sa svog kupa",
    "exchange": "zadrži karte, ili stavi karte na sredinu i uzmi isto toliko sa vrhova tuđih kupova",
    "tiebreak": "tvoja kombinacija je izjednačena sa najjačom: okreni sledeću kartu sa svog kupa",
}


def describe_turn(observation: dict[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """What the player to move is doing now, in a few words."""
    return (_TURN_HINTS_SR if lang == "sr" else _TURN_HINTS).get(observation["phase"], "")
