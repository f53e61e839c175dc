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
from kartaros.records import Mark, read_record
from kartaros.state import GameState


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
        fields = read_record(self.record)  # every field of the right type, or a RecordError
        actions = fields.actions
        try:
            state = new_game(
                fields.game, players=fields.players, seed=fields.seed, deck=fields.deck, variant=fields.variant
            )
        except ValueError as err:
            raise RecordError(f"record cannot start its game: {err}") from None
        for key, by_seat in (("names", fields.names), ("bots", fields.bots)):
            if by_seat is not None and len(by_seat) != state.num_players:  # ``players`` may be absent
                raise RecordError(
                    f"record {key!r} must have one entry per player ({state.num_players}); it has {len(by_seat)}"
                )
        marks: dict[int, list[Mark]] = {}
        for mark in fields.marks:
            marks.setdefault(mark.at, []).append(mark)
        for index in range(len(actions) + 1):
            for mark in marks.get(index, ()):
                try:
                    state = state.determinize(mark.player, mark.seed)
                except ValueError as err:
                    raise RecordError(f"bad determinized mark at {index}: {err}") from None
            if index == len(actions):
                break
            yield index, actions[index], state
            try:
                state.apply(actions[index])
            except IllegalAction as err:
                raise RecordError(f"action {index + 1} ({actions[index]!r}) cannot be replayed: {err}") from None
        claimed = fields.result
        if claimed is not None and list(claimed.returns) != state.returns():
            raise RecordError(f"record claims returns {list(claimed.returns)}, replay gives {state.returns()}")
        self.final = state


def told_events(state: GameState, names: Sequence[str], lang: str = "en", since: int = 0) -> list[str]:
    """The events from ``since`` on, in the third person, as a replay tells them: each as the
    player it is about saw it (a replay shows every card, and he sees the most of it); an event
    about nobody is the same for all. The words are the game's own event words, in ``lang``."""
    words = GAMES[state.game].words
    views = [state.observation(p, since=since)["events"] for p in range(state.num_players)]
    told: list[str] = []
    for i, event in enumerate(views[0]):
        owner = event.get("player")
        shown = views[owner][i] if isinstance(owner, int) and 0 <= owner < len(views) else event
        told.append(words.event(shown, names, lang))
    return told
