"""The machinery ``GameState`` shares with every game: the ending and its event, the
illegal-move sentence, the observation's header and history, clones, typed phases and reasons."""

from __future__ import annotations

import json
import random
import re
import sys
from enum import IntEnum, StrEnum

import pytest

import kartaros
from kartaros.state import NO_EVENTS, End, GameState

NAMES = ["Ana", "Bo", "Cica", "Dule", "Eva", "Fil", "Goca", "Hana"]
RULE_ID = re.compile(r"\([KNTP]\d+\)")
# A player named by his seat number rather than by name, in any of the languages.
SEAT_WORDS = re.compile(r"(?i)\b(player|seat|igrač|играч|mesto|место)\s*\d")

SEATINGS = [
    (name, players)
    for name, info in sorted(kartaros.GAMES.items())
    for players in sorted({info.min_players, info.max_players})
]


def random_end(name: str, players: int, seed: int) -> GameState:
    state = kartaros.new_game(name, players=players, seed=seed)
    chooser = random.Random(seed)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_every_game_ends_with_the_one_end_event(name: str, players: int) -> None:
    for seed in range(3):
        state = random_end(name, players, seed)
        outcome = state.outcome()
        assert outcome is not None
        end = state.events[-1]
        assert type(end) is End
        assert end == ("end", -1, outcome.reason, outcome.returns)
        assert sum(type(e) is End for e in state.events) == 1
        assert state.phase == type(state)._over_phase
        view = state.observation(0)["events"][-1]
        assert view == {"type": "end", "reason": outcome.reason, "returns": list(outcome.returns)}


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_the_illegal_move_sentence_has_one_shape(name: str, players: int) -> None:
    state = kartaros.new_game(name, players=players, seed=5)
    chooser = random.Random(5)
    names = NAMES[:players]
    generic = [f"Player {seat + 1}" for seat in range(players)]
    for _ in range(30):
        if state.is_over:
            break
        with pytest.raises(kartaros.IllegalAction) as raised:
            state.apply("xyzzy")
        err = raised.value
        sentence = str(err)
        legal = state.legal_actions()
        # For programmers: the action, what is wrong, the move in words, the legal actions.
        assert sentence.startswith("'xyzzy': That is not a legal move now")
        assert sentence.startswith(f"'xyzzy': {err.words(generic, 'en')} Legal: ")
        assert "Your move: " in sentence
        assert sentence.endswith(f"Legal: {', '.join(legal[:8])}{', …' if len(legal) > 8 else ''} ({len(legal)}).")
        assert not RULE_ID.search(sentence)
        assert not re.search(r"(?i)\bplayer 0\b", sentence)
        # For people: players by the names given, in each language, no notation of seats or rules.
        words = {lang: err.words(names, lang) for lang in ("en", "sr", "sr-Cyrl")}
        assert words["en"].startswith("That is not a legal move now") and "Your move: " in words["en"]
        for lang, text in words.items():
            assert text, lang
            assert not RULE_ID.search(text), (lang, text)
            assert not SEAT_WORDS.search(text), (lang, text)
            assert "Legal:" not in text, (lang, text)
        assert words["sr"] != words["en"] and words["sr-Cyrl"] != words["en"]
        state.apply(chooser.choice(legal))


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_every_observation_has_the_shared_header_and_history(name: str, players: int) -> None:
    state = random_end(name, players, 1)
    for player in range(players):
        view = state.observation(player)
        keys = list(view)
        assert keys[:4] == ["game", "player", "num_players", "current_player"]
        assert keys[-5:] == ["actions_played", "variant", "event_count", "events", "result"]
        assert view["game"] == name and view["player"] == player and view["event_count"] == len(state.events)
        for since in (0, 3, len(state.events), NO_EVENTS):
            assert state.observation(player, since)["events"] == view["events"][since:]


def slots_of(state: GameState) -> list[str]:
    return [name for klass in type(state).__mro__ for name in getattr(klass, "__slots__", ())]


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_clone_copies_every_field_as_declared(name: str, players: int) -> None:
    state = kartaros.new_game(name, players=players, seed=2)
    chooser = random.Random(2)
    for _ in range(25):
        if state.is_over:
            break
        state.apply(chooser.choice(state.legal_actions()))
    state.legal_actions()  # fill the cache, which clones share
    copy = state.clone()
    assert type(copy) is type(state)
    kinds = {
        kind: {n for klass in type(state).__mro__ for n in klass.__dict__.get(kind, ())}
        for kind in ("_share", "_copy", "_copy_each", "_clone", "_reset")
    }
    assert sorted(n for names in kinds.values() for n in names) == sorted(slots_of(state))
    for field in slots_of(state):
        mine, theirs = getattr(state, field), getattr(copy, field)
        if field in kinds["_reset"]:
            assert theirs is None
        elif field in kinds["_share"]:
            assert theirs is mine
        elif field in kinds["_clone"]:
            assert theirs is not mine and theirs.below(1 << 30) == mine.below(1 << 30)
        else:
            assert theirs == mine and theirs is not mine
            if field in kinds["_copy_each"]:
                assert all(a is not b for a, b in zip(theirs, mine, strict=True))


def test_a_slot_without_a_clone_kind_is_refused() -> None:
    base = type(kartaros.new_game("kec", seed=1))
    with pytest.raises(TypeError, match="named exactly once"):
        type("Broken", (base,), {"__slots__": ("extra",)})
    with pytest.raises(TypeError, match="must declare __slots__"):
        type("Loose", (base,), {})
    fine = type("Fine", (base,), {"__slots__": ("extra",), "_share": ("extra",)})
    assert fine.clone is not base.clone


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_reasons_are_enums_with_stable_words_and_views_hold_plain_words(name: str, players: int) -> None:
    rules = sys.modules[type(kartaros.new_game(name, players=players, seed=0)).__module__]
    for seed in range(3):
        state = random_end(name, players, seed)
        assert isinstance(state.phase, IntEnum) and state.phase.name == "OVER"
        outcome = state.outcome()
        assert outcome is not None
        reason = outcome.reason
        assert isinstance(reason, rules.Reason) and isinstance(reason, StrEnum)
        assert reason == reason.value and f"{reason}" == reason.value and json.dumps(reason) == json.dumps(reason.value)
        rec = state.record()
        assert type(rec["result"]["reason"]) is str and rec["result"]["reason"] == reason.value
        view = state.observation(0)
        assert type(view["result"]["reason"]) is str and type(view["events"][-1]["reason"]) is str


@pytest.mark.parametrize(("name", "players"), SEATINGS)
def test_events_are_tuples_led_by_their_kind(name: str, players: int) -> None:
    state = random_end(name, players, 4)
    for event in state.events:
        assert isinstance(event, tuple) and isinstance(event[0], str)
        if type(event) is not tuple:  # a NamedTuple: the rarer kinds
            assert event._fields[0] == "kind"
    assert [view["type"] for view in state.observation(0)["events"]] == [event[0] for event in state.events]
