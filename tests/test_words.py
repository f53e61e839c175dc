"""The games in words, English and Serbian: every event and action of random games can be told
in both languages, and the Serbian is Serbian (no English left in it)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import kartaros
from kartaros.games.kec.words import describe_event as kec_event
from kartaros.games.puck.words import describe_hand
from kartaros.games.tac.words import describe_event as tac_event
from kartaros.state import NO_EVENTS
from kartaros.words import LANGUAGES, MISSING, check_lang, shared, to_cyrillic

NAMES = ["Milan", "Ana", "Bora", "Cica", "Dule"]
# English words that would give away an untranslated sentence (whole words; Serbian "a" and
# "to" are Serbian words too, so they are not here), and the suit symbols English uses.
ENGLISH = re.compile(
    r"\b(the|and|from|with|into|onto|cards?|piles?|wins?|you|your|draws?|takes?|puts?|turns?|player|holds?|"
    r"pot|stock|discard|of|is|Ace|King|Queen|Jack|Joker|Red|Black|high|pair|straight|flush|miss(ed)?|call|"
    r"out|top|none|empty|face|down|tie|trick|left|move)\b|[♠♥♦♣]",
    re.IGNORECASE,
)

# (game, players, variant) for the random games: each game's variants that change what is said.
SETUPS: list[tuple[str, int, dict[str, Any] | None]] = [
    ("kec", 2, None),
    ("kec", 2, {"pairs_to": "out", "exhausted": "draw"}),
    ("nesalomljiv", 2, None),
    ("nesalomljiv", 2, {"match_hand": "blind"}),
    ("tac", 2, {"calls": "open"}),
    ("tac", 3, {"calls": "open"}),
    ("tac", 5, {"calls": "open", "finish": "ranking"}),
    ("tac", 4, None),
    ("puck", 2, None),
    ("puck", 3, {"end": "last-standing"}),
    ("puck", 4, {"ace_low_straight": False}),
]
STEPS = 1500  # at most this many actions of a game are looked at move by move
EVERY = 3  # the table and the moves are told every few steps (the events: all of them)


LATIN = re.compile(r"[A-Za-zčćžšđČĆŽŠĐ]")
NAMED = re.compile("|".join(NAMES))


def check_serbian(said: dict[str, str], what: str) -> None:
    """The Serbian of ``said`` (words by language) is Serbian, and its Cyrillic is Cyrillic but
    for the players' names, which stay as they are written."""
    sr, en, cyrillic = said["sr"], said["en"], said["sr-Cyrl"]
    assert sr and en, f"{what}: empty words"
    assert sr != en, f"{what}: the Serbian is the English: {sr!r}"
    found = ENGLISH.search(sr)
    assert found is None, f"{what}: English {found.group(0)!r} in Serbian {sr!r} (English: {en!r})"
    assert cyrillic == to_cyrillic_but_names(sr), f"{what}: {cyrillic!r} is not the Cyrillic of {sr!r}"
    latin = LATIN.search(NAMED.sub("", cyrillic))
    assert latin is None, f"{what}: Latin {latin.group(0)!r} in Cyrillic {cyrillic!r}"


def to_cyrillic_but_names(latin: str) -> str:
    parts = re.split(f"({NAMED.pattern})", latin)
    return "".join(part if NAMED.fullmatch(part) else to_cyrillic(part) for part in parts)


def tell_everything(game: str, players: int, variant: dict[str, Any] | None, seed: int) -> set[str]:
    """Play a random game and tell all of it in both languages; returns the event types seen."""
    info = kartaros.GAMES[game]
    names = NAMES[:players]
    state = kartaros.new_game(game, players=players, seed=seed, variant=variant)
    chooser = random.Random(seed)
    step = 0
    while not state.is_over and step < STEPS:
        legal = state.legal_actions()
        mover = state.current_player
        assert mover is not None
        if step % EVERY == 0 or "call" in legal:
            obs = state.observation(mover, since=NO_EVENTS)
            turn = {lang: info.words.turn(obs, names, lang) for lang in LANGUAGES}
            check_serbian(turn, f"{game} turn in phase {obs.get('phase')}")
            for action in legal:
                said = {lang: info.words.action(obs, action, names, lang) for lang in LANGUAGES}
                check_serbian(said, f"{game} action {action!r}")
            rows = {lang: info.words.table(obs, names, lang) for lang in LANGUAGES}
            assert len(rows["sr"]) == len(rows["en"])
            for sr, en in zip(rows["sr"], rows["en"], strict=True):
                assert (sr.cards, sr.more, sr.alert, sr.backs, sr.mover) == (en.cards, en.more, en.alert, en.backs,
                                                                               en.mover)
                for text_sr, text_en in ((sr.label, en.label), (sr.note, en.note)):
                    assert not ENGLISH.search(text_sr), f"{game} table: English in {text_sr!r} (English: {text_en!r})"
                    assert bool(text_sr) == bool(text_en)
            assert sum(row.mover for row in rows["sr"]) == 1, "the player to move is marked once"
        state.apply(chooser.choice(legal))
        step += 1
    seen: set[str] = set()
    told: set[str] = set()
    views = [state.observation(p)["events"] for p in range(players)] + [state.public_observation()["events"]]
    for events in views:
        for event in events:
            key = json.dumps(event, sort_keys=True)
            if key in told:  # the players' views share most events
                continue
            told.add(key)
            seen.add(event["type"])
            said = {lang: info.words.event(event, names, lang) for lang in LANGUAGES}
            check_serbian(said, f"{game} event {event}")
    return seen


@pytest.mark.parametrize(("game", "players", "variant"), SETUPS)
def test_every_event_action_table_and_turn_is_told_in_both_languages(
    game: str, players: int, variant: dict[str, Any] | None
) -> None:
    seen: set[str] = set()
    MISSING.clear()
    for seed in range(3):
        seen |= tell_everything(game, players, variant, seed)
    assert {"deal"} <= seen
    assert not MISSING, f"Serbian asked for messages no catalog has: {sorted(MISSING, key=str)}"


def test_the_random_games_meet_every_kind_of_event() -> None:
    """The games above do reach the rarer events (checked once here, on longer games)."""
    seen = {
        game: set().union(*(tell_everything(game, players, variant, seed) for seed in range(2)))
        for game, players, variant in [("kec", 2, None), ("tac", 3, {"calls": "open"}), ("puck", 3, None)]
    }
    assert {"deal", "draw", "take", "discard", "pair", "steal", "hold", "break"} <= seen["kec"]
    assert {"deal", "turn", "place", "turnover", "miss", "call", "pass", "give"} <= seen["tac"]
    assert {"cut", "deal", "draw", "hold", "exchange", "showdown", "collect"} <= seen["puck"]


def test_card_words() -> None:
    en, sr = shared().speech("en"), shared().speech("sr")
    assert str(en.card("KH")) == "K♥" and str(en.card("TS")) == "10♠" and str(en.card("RJ")) == "Red Joker"
    assert str(sr.card("KH")) == "kralj herc"
    assert format(sr.card("KH"), "acc") == "kralja herc"
    assert format(sr.card("7H"), "acc") == "sedmicu herc"
    assert format(sr.card("AS"), "ins") == "kecom pik"
    assert str(sr.card("RJ")) == "crveni džoker" and format(sr.card("BJ"), "ins") == "crnim džokerom"
    assert str(en.cards(["AS", "2H", "3D"])) == "A♠ 2♥ 3♦"
    assert str(sr.cards(["AS", "2H", "3D"])) == "kec pik, dvojka herc i trojka karo"
    assert format(sr.rank(12), "ins") == "kraljem" and format(sr.rank(12), "pl") == "kraljeva"
    assert [str(sr.count(n)) for n in (1, 2, 5, 11, 12, 21, 22, 25)] == [
        "1 karta", "2 karte", "5 karata", "11 karata", "12 karata", "21 karta", "22 karte", "25 karata",
    ]
    assert format(sr.count(1), "acc") == "1 kartu" and str(en.count(1)) == "1 card" and str(en.count(3)) == "3 cards"
    assert sr.listed(["Ana", "Bora", "Cica"]) == "Ana, Bora i Cica" and en.listed(["Ana"]) == "Ana"
    assert check_lang("sr-Cyrl") == "sr-Cyrl"
    with pytest.raises(ValueError, match="lang must be one of en, sr, sr-Cyrl"):
        check_lang("de")


def test_serbian_sentences_read_naturally() -> None:
    names = ["Milan", "Ana"]
    assert kec_event({"type": "break", "player": 0, "card": "KS", "hold": "choke"}, names, "sr") == (
        "Milan lomi gušenje kraljem"
    )
    assert kec_event({"type": "break", "player": 1, "card": "RJ", "hold": "pin"}, names, "sr") == (
        "Ana lomi tuš džokerom"
    )
    assert kec_event({"type": "hold", "player": 0, "hold": "lever", "cards": ["4S", "5H", "6D"]}, names, "sr") == (
        "Milan napada polugom (četvorka pik, petica herc i šestica karo)"
    )
    assert kec_event({"type": "draw", "player": 1, "source": "stock", "card": "QH"}, names, "sr") == (
        "Ana vuče damu herc sa ostatka"
    )
    assert kec_event({"type": "end", "reason": "choke", "returns": [1.0, 0.0]}, names, "sr") == (
        "Milan pobeđuje: Ana ne može da slomi gušenje"
    )
    assert tac_event({"type": "call", "player": 1, "offender": 0}, names, "sr") == "Ana kaže „Tač!“ igraču Milan"
    assert tac_event({"type": "place", "player": 0, "card": "7H", "from": "open", "to": 1}, names, "sr") == (
        "Milan spušta sedmicu herc na odbačenu gomilu igrača Ana"
    )
    assert describe_hand(["KS", "KH", "2C"], lang="sr") == "par kraljeva"
    assert describe_hand(["AS", "2H", "3D"], lang="sr") == "kenta do trojke"
    assert describe_hand(["AS", "KS", "QS"], lang="sr") == "kenta u boji do keca"
    assert describe_hand(["6S", "6H", "6D"], lang="sr") == "triling šestica"
    assert describe_hand(["9H", "5D", "2C"], lang="sr") == "daska do devetke"


def test_tac_names_players_and_tells_the_end_in_words() -> None:
    info = kartaros.GAMES["tac"]
    names = ["Milan", "Ana", "Bora"]
    view = {
        "player": 0, "places": [None, None, None], "closed_sizes": [5, 5, 5], "central": ["AS"], "phase": "call",
        "open_piles": [["3C"], ["6D"], ["9H"]], "current_player": 2, "miss": {"player": 1, "card": "2H"},
    }
    assert info.words.action(view, "7H>1", names, "en") == "put 7♥ on Ana's open pile (on 6♦)"
    assert info.words.action(view, "7H>1", names, "sr") == (
        "spusti sedmicu herc na odbačenu gomilu igrača Ana (na šesticu karo)"
    )
    assert info.words.turn(view, names, "en") == "Ana missed 2♥: call “Tač!” or pass"
    assert info.words.turn(view, names, "sr") == "propust igrača Ana (dvojka herc): reci „Tač!“ ili pusti"
    end = {"type": "end", "reason": "out", "returns": [0.0, 1.0, 0.0]}
    assert tac_event(end, names) == "Ana wins: first to get rid of every card"
    assert tac_event(end, names, "sr") == "Ana pobeđuje: oslobađa se svih karata pre ostalih"
    assert tac_event({"type": "end", "reason": "max_moves", "returns": [0.5, 0.0, 0.5]}, names, "sr") == (
        "Milan i Bora dele pobedu sa najmanje karata: dostignuta je granica broja poteza"
    )


def test_english_is_the_default() -> None:
    event = {"type": "break", "player": 0, "card": "KS", "hold": "choke"}
    assert kec_event(event, ["Milan", "Ana"]) == kec_event(event, ["Milan", "Ana"], "en") == (
        "Milan breaks the choke with a King"
    )


def test_numbers_are_written_as_each_language_writes_them() -> None:
    assert [shared().speech(lang).number(2.5) for lang in ("en", "sr", "sr-Cyrl")] == ["2.5", "2,5", "2,5"]
    assert shared().speech("sr").number(4.0) == "4"
