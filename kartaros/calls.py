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

from kartaros.state import GameState


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
