"""The games kartaros implements, and the two ways to get a state: ``new_game`` and ``replay``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kartaros.errors import IllegalAction, RecordError
from kartaros.info import GameInfo
from kartaros.state import RECORD_FORMAT, GameState


def _load_games() -> dict[str, GameInfo]:
    from kartaros.games import kec

    return {info.name: info for info in (kec.INFO,)}


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
    if seed is not None and type(seed) is not int:
        raise ValueError(f"seed must be an int; got {seed!r}")
    return info.create(players, seed, deck, variant)


def replay(record: Mapping[str, Any]) -> GameState:
    """Rebuild the exact state a record describes (and check the result it claims)."""
    if not isinstance(record, Mapping) or record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError("not a kartaros record")
    try:
        actions = list(record["actions"])
        state = new_game(
            record["game"],
            players=record.get("players"),
            seed=record.get("seed"),
            deck=record.get("deck"),
            variant=record.get("variant"),
        )
    except KeyError as missing:
        raise RecordError(f"record has no {missing.args[0]!r}") from None
    marks = {int(m["at"]): m for m in record.get("determinized") or []}
    for index, action in enumerate(actions):
        if index in marks:
            state = state.determinize(int(marks[index]["player"]), int(marks[index]["seed"]))
        try:
            state.apply(action)
        except IllegalAction as err:
            raise RecordError(f"action {index + 1} ({action!r}) cannot be replayed: {err}") from None
    if len(actions) in marks:
        mark = marks[len(actions)]
        state = state.determinize(int(mark["player"]), int(mark["seed"]))
    claimed = record.get("result")
    if claimed is not None and claimed.get("returns") != state.returns():
        raise RecordError(f"record claims returns {claimed.get('returns')}, replay gives {state.returns()}")
    return state
