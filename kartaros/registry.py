"""The games kartaros implements, and the two ways to get a state: ``new_game`` and ``replay``.

The registry sits just above the games: it finds them (each declares its ``GameInfo``) and
knows none by name.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from kartaros.errors import IllegalAction, RecordError
from kartaros.info import GameInfo
from kartaros.state import RECORD_FORMAT, GameState


def _load_games() -> dict[str, GameInfo]:
    """Every package in ``kartaros.games`` that declares an ``INFO`` is a game kartaros plays,
    listed in the order the games declare."""
    import kartaros.games

    found: list[GameInfo] = []
    for module in pkgutil.iter_modules(kartaros.games.__path__):
        info = getattr(importlib.import_module(f"kartaros.games.{module.name}"), "INFO", None)
        if isinstance(info, GameInfo):
            found.append(info)
    found.sort(key=lambda i: (i.order, i.name))
    return {info.name: info for info in found}


GAMES: dict[str, GameInfo] = _load_games()


def game_info(name: str) -> GameInfo:
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise ValueError(f"unknown game {name!r}; kartaros plays: {known}") from None


def new_game(
    name: str,
    *,
    players: int | None = None,
    seed: int | None = None,
    deck: Sequence[str] | None = None,
    variant: Mapping[str, Any] | None = None,
) -> GameState:
    """A new game, dealt from ``seed`` (random if None) or from a stacked ``deck`` (top first)."""
    info = game_info(name)
    if players is None:
        players = info.default_players
    if type(players) is not int or not info.min_players <= players <= info.max_players:
        span = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players} to {info.max_players}"
        )
        raise ValueError(f"{info.title} is played by {span} players; got {players!r}")
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**64):
        raise ValueError(f"seed must be an int from 0 to 2**64 - 1; got {seed!r}")
    return info.create(players, seed, deck, variant)


def replay(record: Mapping[str, Any]) -> GameState:
    """Rebuild the exact state a record describes (and check the result it claims)."""
    steps = Replay(record)
    for _ in steps:
        pass
    return steps.final


class Replay:
    """A record rebuilt step by step, for viewers::

        steps = kartaros.Replay(record)
        for index, action, state in steps:  # ``state`` just before ``action``
            ...
        steps.final  # the rebuilt state, its claimed result checked

    The state yielded is live (it changes after each step): look, don't keep.
    Errors: ``RecordError``, as for :func:`replay`.
    """

    def __init__(self, record: Mapping[str, Any]) -> None:
        self.record = record
        self.final: GameState

    def __iter__(self) -> Iterator[tuple[int, str, GameState]]:
        record = self.record
        if not isinstance(record, Mapping) or record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise RecordError("not a kartaros record")
        for key in ("game", "seed", "actions"):
            if key not in record:
                raise RecordError(f"record has no {key!r}")
        actions = record["actions"]
        if not isinstance(actions, list) or not all(type(a) is str for a in actions):
            raise RecordError("record 'actions' must be a list of action strings")
        try:
            state = new_game(
                record["game"],
                players=record.get("players"),
                seed=record["seed"],
                deck=record.get("deck"),
                variant=record.get("variant"),
            )
        except ValueError as err:
            raise RecordError(f"record cannot start its game: {err}") from None
        marks = _marks(record, len(actions))
        for index in range(len(actions) + 1):
            for player, seed in marks.get(index, ()):
                try:
                    state = state.determinize(player, seed)
                except ValueError as err:
                    raise RecordError(f"bad determinized mark at {index}: {err}") from None
            if index == len(actions):
                break
            yield index, actions[index], state
            try:
                state.apply(actions[index])
            except IllegalAction as err:
                raise RecordError(f"action {index + 1} ({actions[index]!r}) cannot be replayed: {err}") from None
        claimed = record.get("result")
        if claimed is not None:
            if not isinstance(claimed, Mapping):
                raise RecordError("record 'result' must be an object or null")
            if claimed.get("returns") != state.returns():
                raise RecordError(f"record claims returns {claimed.get('returns')}, replay gives {state.returns()}")
        self.final = state


def _marks(record: Mapping[str, Any], length: int) -> dict[int, list[tuple[int, int]]]:
    """The record's ``determinize`` calls by action index, in the order they were made."""
    marks: dict[int, list[tuple[int, int]]] = {}
    for mark in record.get("determinized") or []:
        try:
            at, player, seed = int(mark["at"]), int(mark["player"]), int(mark["seed"])
        except (KeyError, TypeError, ValueError):
            raise RecordError(f"bad determinized mark {mark!r}") from None
        if not 0 <= at <= length:
            raise RecordError(f"determinized mark at {at} lies outside the {length} actions")
        marks.setdefault(at, []).append((player, seed))
    return marks
