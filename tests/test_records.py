"""Reading records strictly: a record's version is checked, and whatever a record holds, reading
it gives a state or a ``RecordError`` with a sentence, never another exception (docs/records.md)."""

from __future__ import annotations

import copy
import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kartaros
from kartaros import RecordError
from kartaros.state import RECORD_VERSION

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=True) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)
KEYS = ("format", "version", "game", "players", "variant", "seed", "deck", "actions", "result",
        "determinized", "names", "bots", "times")


@cache
def valid_records() -> list[dict[str, Any]]:
    """Records of every game: short and finished ones, shuffled and stacked, determinized ones."""
    found = []
    for name, info in kartaros.GAMES.items():
        for seed in range(2):
            chooser = random.Random(seed)
            state = kartaros.new_game(name, players=info.max_players if seed else info.min_players, seed=seed)
            for _ in range(chooser.randrange(4, 30)):
                if state.is_over:
                    break
                state.apply(chooser.choice(state.legal_actions()))
            record = state.record()
            record["names"] = [f"P{p}" for p in range(state.num_players)]
            found.append(record)
            if not state.is_over:
                world = state.determinize(0, seed)
                found.append(world.record())
        cards = sorted(code for zone in kartaros.new_game(name, seed=5).zones().values() for code in zone)
        found.append(kartaros.new_game(name, seed=5, deck=cards).record())  # stacked: the deck recorded
    return found


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a record a value sits at, as a path of keys and indices."""
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:6]):  # the first few elements are enough
            found += paths(inner, (*prefix, index))
    return found


def mutated(record: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    """``record`` with a few of its places dropped or replaced by random JSON, or keys added."""
    record = copy.deepcopy(record)
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        places = paths(record)[1:]
        kind = data.draw(st.sampled_from(["drop", "replace", "add"]), label="kind")
        if kind == "add" or not places:
            record[data.draw(st.sampled_from(KEYS), label="key")] = data.draw(JSON, label="value")
            continue
        *parent_path, last = data.draw(st.sampled_from(places), label="place")
        parent: Any = record
        for step in parent_path:
            parent = parent[step]
        if kind == "drop":
            del parent[last]
        else:
            parent[last] = data.draw(JSON, label="value")
    return record


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# (the records are made as the module is read, not inside a draw: making them plays games, and
# what the engine's modules do as they are first imported must not happen while Hypothesis draws)
@given(valid=st.sampled_from(valid_records()), data=st.data())
def test_reading_any_record_gives_a_state_or_a_record_error(valid: dict[str, Any], data: st.DataObject) -> None:
    record = mutated(valid, data)
    try:
        state = kartaros.replay(record)
    except RecordError as err:
        assert str(err).strip(), "a RecordError says what is wrong"
    else:
        assert state.game == record["game"]


def test_the_fuzzed_records_are_valid_to_begin_with() -> None:
    for record in valid_records():
        again = kartaros.replay(json.loads(json.dumps(record)))
        assert again.record()["actions"] == record["actions"]


def _kec() -> dict[str, Any]:
    return valid_records()[0]


def test_a_newer_version_is_refused_naming_the_version_this_build_reads() -> None:
    with pytest.raises(RecordError, match=rf"version 99, newer .*\(version {RECORD_VERSION}\)"):
        kartaros.replay({**_kec(), "version": 99})


def test_an_older_or_absent_version_is_read() -> None:
    record = {k: v for k, v in _kec().items() if k != "version"}
    assert kartaros.replay(record).actions == record["actions"]
    with pytest.raises(RecordError, match="'version' must be a whole number from 1"):
        kartaros.replay({**_kec(), "version": 0})
    with pytest.raises(RecordError, match="'version' must be a whole number"):
        kartaros.replay({**_kec(), "version": "1"})


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("determinized", 5, "'determinized' must be a list of marks"),
        ("determinized", [{"at": 0, "player": 0, "seed": 1.5}], "each mark must be an object of whole numbers"),
        ("players", 2.0, "'players' must be a whole number of players; got 2.0"),
        ("players", True, "'players' must be a whole number"),
        ("seed", -1, "'seed' must be a whole number from 0"),
        ("seed", "7", "'seed' must be a whole number"),
        ("game", ["kec"], "'game' must be a game's name"),
        ("variant", [1], "'variant' must be an object"),
        ("deck", "AS KS", "'deck' must be a list of card codes"),
        ("deck", [1, 2], "'deck' must be a list of card codes"),
        ("actions", "draw", "'actions' must be a list of action strings"),
        ("result", {"returns": "1-0"}, "'result.returns' must be a list of numbers"),
        ("result", {"returns": [1, 0], "reason": 3}, "'result.reason' must be a string"),
        ("names", ["Ana"], "'names' must have one entry per player"),
        ("names", "Ana", "'names' must be a list of strings"),
        ("bots", [3, None], "'bots' must be a list of bot specs"),
        ("times", [1, "later"], "'times' must be a list of numbers"),
        ("format", "pgn", "not a kartaros record"),
    ],
)
def test_each_malformed_field_is_named_in_a_sentence(key: str, value: Any, words: str) -> None:
    with pytest.raises(RecordError, match=words.replace("(", r"\(").replace(")", r"\)")):
        kartaros.replay({**_kec(), key: value})


def test_names_by_seat_are_counted_against_the_game_even_without_players() -> None:
    record = {k: v for k, v in _kec().items() if k != "players"}
    with pytest.raises(RecordError, match=r"'names' must have one entry per player \(2\); it has 3"):
        kartaros.replay({**record, "names": ["Ana", "Boris", "Cveta"]})


def test_a_record_that_is_no_object_is_a_record_error() -> None:
    things: list[object] = [None, [], "record", 3]
    for thing in things:
        with pytest.raises(RecordError, match="must be a JSON object"):
            kartaros.replay(thing)  # type: ignore[arg-type]


def doc_records() -> list[tuple[int, dict[str, Any]]]:
    """The records shown in docs/records.md: each ``json`` block that is a kartaros record, by line."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "records.md").read_text(encoding="utf-8")
    found = []
    for match in re.finditer(r"^```json\n(.*?)^```", text, re.MULTILINE | re.DOTALL):
        block = json.loads(match.group(1))
        if isinstance(block, dict) and block.get("format") == "kartaros-record":
            found.append((text.count("\n", 0, match.start()) + 1, block))
    return found


def test_the_documents_records_are_found() -> None:
    assert len(doc_records()) >= 5


@pytest.mark.parametrize(("line", "record"), doc_records(), ids=[f"docs/records.md:{n}" for n, _ in doc_records()])
def test_each_record_of_the_document_replays_to_itself(line: int, record: dict[str, Any]) -> None:
    """Shown whole, as the engine writes it: its actions legal, its result and words the engine's."""
    assert kartaros.replay(record).record() == record
