"""Reading a record strictly: every field checked for its type before a game is built from it.

A record comes from a file or a client, so anything may be in it. ``read_record`` turns a
JSON-like mapping into a :class:`RecordFields` or raises :class:`RecordError` with a sentence
naming the field and what it must be; no other exception leaves it (``tests/test_records.py``
fuzzes it). What the fields mean together (a legal player count, a known variant, actions
that replay) is for ``kartaros.replay`` to find, by building the game.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kartaros.errors import RecordError
from kartaros.state import RECORD_FORMAT, RECORD_VERSION


@dataclass(frozen=True)
class Mark:
    """One ``determinize(player, seed)`` call, made when ``at`` actions had been played."""

    at: int
    player: int
    seed: int


@dataclass(frozen=True)
class ClaimedResult:
    """What a finished record says the game gave: ``returns`` is checked against the replay."""

    returns: tuple[float, ...]
    reason: str | None
    detail: str | None


@dataclass(frozen=True)
class RecordFields:
    """A record's fields, each of the type the format gives it (``docs/records.md``)."""

    version: int
    game: str
    players: int | None
    variant: Mapping[str, object] | None
    seed: int
    deck: list[str] | None
    actions: list[str]
    result: ClaimedResult | None
    marks: tuple[Mark, ...]
    names: list[str] | None
    bots: list[str | None] | None
    times: list[float] | None


def read_record(record: object) -> RecordFields:
    """The fields of ``record``, checked one by one; :class:`RecordError` for the first that is wrong."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record must be a JSON object; got {_kind(record)}")
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError(f"not a kartaros record: its 'format' is {_shown(record.get('format'))}")
    version = _version(record)
    for key in ("game", "seed", "actions"):
        if key not in record:
            raise RecordError(f"record has no {key!r}")
    game = record["game"]
    if type(game) is not str:
        raise RecordError(f"record 'game' must be a game's name (a string); got {_kind(game)}")
    players = record.get("players")
    if players is not None and type(players) is not int:
        raise RecordError(f"record 'players' must be a whole number of players; got {_shown(players)}")
    variant = record.get("variant")
    if variant is not None and not (isinstance(variant, Mapping) and all(type(k) is str for k in variant)):
        raise RecordError(
            f"record 'variant' must be an object of option names and values, or null; got {_kind(variant)}"
        )
    seed = record["seed"]
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise RecordError(f"record 'seed' must be a whole number from 0 to 2**64 - 1; got {_shown(seed)}")
    deck = record.get("deck")
    if deck is not None and not _strings(deck):
        raise RecordError(f"record 'deck' must be a list of card codes, or null; got {_kind(deck)}")
    actions = record["actions"]
    if not _strings(actions):
        raise RecordError("record 'actions' must be a list of action strings")
    assert isinstance(actions, list)  # _strings said so
    players_names = _optional_strings(record, "names")
    bots = record.get("bots")
    if bots is not None and not (isinstance(bots, list) and all(b is None or type(b) is str for b in bots)):
        raise RecordError(
            f"record 'bots' must be a list of bot specs (or null for a person) by seat; got {_kind(bots)}"
        )
    for key, value in (("names", players_names), ("bots", bots)):
        if value is not None and type(players) is int and len(value) != players:
            raise RecordError(f"record {key!r} must have one entry per player ({players}); it has {len(value)}")
    times = record.get("times")
    if times is not None and not (isinstance(times, list) and all(_number(t) for t in times)):
        raise RecordError(f"record 'times' must be a list of numbers (seconds), or absent; got {_kind(times)}")
    return RecordFields(
        version=version, game=game, players=players, variant=variant, seed=seed,
        deck=None if deck is None else list(deck), actions=list(actions), result=_result(record.get("result")),
        marks=_marks(record.get("determinized"), len(actions)), names=players_names, bots=bots,
        times=None if times is None else [float(t) for t in times],
    )


def _version(record: Mapping[str, Any]) -> int:
    """The record's format version: absent means 1 (records written by hand), newer is refused."""
    version = record.get("version", 1)
    if type(version) is not int or version < 1:
        raise RecordError(f"record 'version' must be a whole number from 1; got {_shown(version)}")
    if version > RECORD_VERSION:
        raise RecordError(
            f"this record is of format version {version}, newer than this kartaros reads"
            f" (version {RECORD_VERSION}): read it with a newer kartaros"
        )
    return version  # every version up to RECORD_VERSION is read as it is (there is only 1 yet)


def _result(claimed: object) -> ClaimedResult | None:
    if claimed is None:
        return None
    if not isinstance(claimed, Mapping):
        raise RecordError(f"record 'result' must be an object or null; got {_kind(claimed)}")
    returns = claimed.get("returns")
    if not (isinstance(returns, list) and all(_number(r) for r in returns)):
        raise RecordError(f"record 'result.returns' must be a list of numbers, one per player; got {_kind(returns)}")
    reason, detail = claimed.get("reason"), claimed.get("detail")
    for key, value in (("reason", reason), ("detail", detail)):
        if value is not None and type(value) is not str:
            raise RecordError(f"record 'result.{key}' must be a string; got {_kind(value)}")
    return ClaimedResult(tuple(float(r) for r in returns), reason, detail)


def _marks(marks: object, length: int) -> tuple[Mark, ...]:
    """The ``determinize`` marks, in the order they were made."""
    if marks is None:
        return ()
    if not isinstance(marks, list):
        raise RecordError(f"record 'determinized' must be a list of marks {{at, player, seed}}; got {_kind(marks)}")
    found = []
    for mark in marks:
        values = [mark.get(key) for key in ("at", "player", "seed")] if isinstance(mark, Mapping) else []
        fields = [v for v in values if type(v) is int]
        if len(fields) != 3:
            raise RecordError(
                f"record 'determinized' holds {_shown(mark)}: each mark must be an object of whole numbers"
                " 'at', 'player' and 'seed'"
            )
        at, player, seed = fields
        if not 0 <= at <= length:
            raise RecordError(f"determinized mark at {at} lies outside the {length} actions")
        found.append(Mark(at, player, seed))
    return tuple(found)


def _optional_strings(record: Mapping[str, Any], key: str) -> list[str] | None:
    value = record.get(key)
    if value is None:
        return None
    if not _strings(value):
        raise RecordError(f"record {key!r} must be a list of strings by seat, or absent; got {_kind(value)}")
    return list(value)


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(type(item) is str for item in value)


def _number(value: object) -> bool:
    return type(value) in (int, float) and math.isfinite(value)  # type: ignore[arg-type]


def _kind(value: object) -> str:
    """What a wrong value is, for the sentence: its JSON kind, and the value itself if short."""
    kinds: Sequence[tuple[type, str]] = (
        (bool, "true or false"), (int, "a number"), (float, "a number"), (str, "a string"),
        (list, "a list"), (Mapping, "an object"),
    )
    if value is None:
        return "null"
    kind = next((name for typ, name in kinds if isinstance(value, typ)), type(value).__name__)
    shown = _shown(value)
    return f"{kind} ({shown})" if len(shown) <= 40 else kind


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def with_players(record: dict[str, Any], names: Sequence[str], bots: Sequence[str | None]) -> dict[str, Any]:
    """``record`` with who played it, as the terminal and the server write it: the players'
    names by seat and, by seat, the spec of the bot that played it (``None`` for a person)."""
    players = record["players"]
    if len(names) != players or len(bots) != players:
        raise ValueError(
            f"a record of {players} players needs one name and one seat each; got {len(names)} and {len(bots)}"
        )
    return {**record, "names": list(names), "bots": list(bots)}
