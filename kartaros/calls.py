"""A call window as people play it: a race, mapped onto the engine's turn-based window.

In a game with calls (``GameInfo.calls``: Tač's "Tač!", T11) the engine asks the players one by
one, in seat order from the offender's left, to call or to pass. At a real table they do not
wait their turn: whoever notices first calls. Interfaces play that race (the server on its
clock, simulations with the bots' reaction times) and hand the engine its truth through
:func:`settle`: the seats asked before the first caller pass, then he calls; when nobody calls,
everyone asked passes. Only the declaration is read (``call_action``), no game by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from kartaros.state import GameState

CALL_SECONDS = 4.0  # how long a call window stays open to everyone after a miss (T11), by default


@runtime_checkable
class Reacting(Protocol):
    """A bot that can say when it calls a miss: seconds after the window opened, or None when it
    does not notice it. It decides from ``state.observation(seat)`` only."""

    def reaction(self, state: GameState, seat: int) -> float | None: ...


def races(state: GameState) -> bool:
    """Whether ``state``'s game plays its call windows as a race: it has calls, and they are on."""
    info = state.info
    return info.call_action is not None and info.calls(state.variant)


def is_open(state: GameState) -> bool:
    """Whether a call window is open: the player asked now may call."""
    call = state.info.call_action
    return call is not None and not state.is_over and call in state.legal_actions()


def _pass(state: GameState) -> str:
    """The other answer in a window (letting the miss go)."""
    call = state.info.call_action
    answers = [a for a in state.legal_actions() if a != call]
    assert len(answers) == 1, f"a call window offers call and one other answer, not {answers}"
    return answers[0]


def callers(state: GameState) -> list[int]:
    """The seats that may call the open window's miss, in the order the engine asks them."""
    seats: list[int] = []
    probe = state.clone()
    while is_open(probe):
        seat = probe.current_player
        assert seat is not None
        seats.append(seat)
        probe.apply(_pass(probe))
    return seats


def first_caller(times: Mapping[int, float], seats: list[int]) -> int | None:
    """Who called first of ``seats``, by the time each called (seconds after the window opened;
    a seat missing from ``times`` did not call). A tie goes to the seat the engine asks first."""
    calling = [seat for seat in seats if seat in times]
    if not calling:
        return None
    return min(calling, key=lambda seat: (times[seat], seats.index(seat)))


def settle(state: GameState, caller: int | None) -> list[str]:
    """The engine's actions that play the open window out with ``caller`` calling first (None:
    nobody called): a pass for each seat asked before him, then his call. ``state`` is not
    changed; apply the actions in order."""
    seats = callers(state)
    if caller is not None and caller not in seats:
        raise ValueError(f"seat {caller} may not call now; the seats that may: {seats}")
    call = state.info.call_action
    assert call is not None
    actions: list[str] = []
    probe = state.clone()
    while is_open(probe):
        if probe.current_player == caller:
            actions.append(call)
            break
        answer = _pass(probe)
        actions.append(answer)
        probe.apply(answer)
    return actions


def reactions(state: GameState, seats: list[int], bots: Mapping[int, object]) -> dict[int, float]:
    """The reaction time of each of ``seats`` whose bot says one for the open window (a seat
    without a bot, or whose bot is not :class:`Reacting`, never calls: people call themselves)."""
    times: dict[int, float] = {}
    for seat in seats:
        bot = bots.get(seat)
        if isinstance(bot, Reacting) and (after := bot.reaction(state, seat)) is not None:
            times[seat] = float(after)
    return times


def race(state: GameState, times: Mapping[int, float], window_seconds: float = CALL_SECONDS) -> int | None:
    """Who wins the open window's race: the first of the seats that may call to call before the
    window closes, ``window_seconds`` after it opened (``times``: seconds after it opened;
    ties as in :func:`first_caller`), or None when nobody calls in time."""
    in_time = {seat: after for seat, after in times.items() if after < window_seconds}
    return first_caller(in_time, callers(state))


def play_race(state: GameState, bots: Mapping[int, object], window_seconds: float = CALL_SECONDS) -> int | None:
    """Play the open window out as a race between ``bots`` (seat -> bot; those with ``reaction``
    may call) without a clock, as simulations do: applies the engine's actions to ``state`` and
    returns who called (None: nobody did)."""
    caller = race(state, reactions(state, callers(state), bots), window_seconds)
    for action in settle(state, caller):
        state.apply(action)
    return caller
