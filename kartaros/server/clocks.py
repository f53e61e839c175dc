"""Move clocks, and what a table does when a person's time runs out or he is gone: a bot takes
his seat over (he may take it back), or he forfeits; resigning and, where the game declares it
(``GameInfo.draw_offers``), offering a draw. None of these are the engine's actions: they are
the table's events (``kartaros_table_events``), kept beside the moves, in the record, and
restart-safe.

The clock (a table option, ``{"per_move": 30, "reserve": 120}``) runs on the server's clock for
each person's seat when it becomes his move: he has ``per_move`` seconds, then his reserve.
What he uses of the reserve is gone for the rest of the game; what he leaves of the move's
seconds is not saved up. A seat a bot plays for, a bot's seat and an open call window run no
clock. The running turn (its seat and deadline) is stored with the action that started it, in
one transaction, so a server restarted in the middle of a turn resumes it from that deadline
(and a deadline passed while the server was down runs out at once, as of the deadline).

How a game ends by the table (``reason`` of the table's result, beside the engine's reasons):
``resigned``, ``timeout`` (his time ran out at a table that forfeits), ``gone`` (he was gone
longer than the grace period at such a table), ``agreed_draw``. Returns: the one who resigns or
forfeits gets 0, the lowest share; in a game of three or more the game ends too, and the others
share the win equally (the engine has no standings to rank them by in the middle of a game). An
agreed draw gives everyone an equal share.
"""

from __future__ import annotations

import asyncio
import copy
import logging
from typing import TYPE_CHECKING, Any

import kartaros
from kartaros import calls
from kartaros.bots import for_level
from kartaros.state import GameState
from kartaros.words import N_, shared

from .store import StaleWrite, StorageError

if TYPE_CHECKING:
    from .tables import LiveTable, TableService

log = logging.getLogger(__name__)

PER_MOVE = (5, 3600)  # seconds a move may be given, fewest and most
RESERVE = (0, 4 * 3600)  # seconds of reserve, fewest and most
ON_TIMEOUT = ("bot", "forfeit")  # what a seat's time running out (or its player gone) does
TAKEOVER_LEVEL = "medium"  # the bot that plays for a person who timed out or left
RETRY_FIRST, RETRY_MOST = 0.5, 30.0  # seconds between tries at an expiry while the database fails

# The table's events a person may ask for by his seat's token.
ASKED = ("resign", "offer_draw", "accept_draw", "decline_draw", "take_seat_back")
TABLE_REASONS = ("resigned", "timeout", "gone", "agreed_draw")

# How a game ended by the table, for people: a two-player game names the winner.
_ENDS_ONE = {
    "resigned": N_("{name} resigned: {winner} wins."),
    "timeout": N_("{name} ran out of time: {winner} wins."),
    "gone": N_("{name} left the game: {winner} wins."),
}
_ENDS_MANY = {
    "resigned": N_("{name} resigned: the others share the win."),
    "timeout": N_("{name} ran out of time: the others share the win."),
    "gone": N_("{name} left the game: the others share the win."),
}
_AGREED_DRAW = N_("Drawn by agreement.")
# The table's events in the log.
_TOLD = {
    "took_over": N_("A bot (medium) plays for {name} now."),
    "seat_back": N_("{name} plays again."),
    "draw_offered": N_("{name} offers a draw."),
    "draw_declined": N_("{name} declines the draw."),
}


class Refused(Exception):
    """A table event that cannot be made now; ``tables`` turns it into a ``PlayerError``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


# ---- the options --------------------------------------------------------------------------


def read_options(clock: object, on_timeout: object) -> dict[str, Any]:
    """A new table's options, checked: ``ValueError`` with a sentence for the client's programmer."""
    if on_timeout not in ON_TIMEOUT:
        raise ValueError(f"on_timeout must be one of {', '.join(ON_TIMEOUT)}; got {str(on_timeout)[:40]!r}")
    if clock is None:
        return {"clock": None, "on_timeout": on_timeout}
    if not isinstance(clock, dict) or set(clock) != {"per_move", "reserve"}:
        raise ValueError('clock must be null or {"per_move": <seconds>, "reserve": <seconds>}')
    for key, (least, most) in (("per_move", PER_MOVE), ("reserve", RESERVE)):
        value = clock[key]
        if type(value) is not int or not least <= value <= most:
            raise ValueError(f"clock {key} must be a whole number of seconds from {least} to {most}; got {value!r}")
    return {"clock": {"per_move": clock["per_move"], "reserve": clock["reserve"]}, "on_timeout": on_timeout}


def new_clock(options: dict[str, Any], players: int) -> dict[str, Any] | None:
    """The state of a new table's clock: everyone's reserve whole, no turn running yet."""
    setting = options.get("clock")
    if setting is None:
        return None
    return {"reserves": [float(setting["reserve"])] * players, "turn": None}


# ---- who is away, who offered a draw (from the events) ----------------------------------------


def away_of(events: list[dict[str, Any]]) -> dict[int, str]:
    """The seats a bot plays for now, each with why (``timeout`` or ``gone``)."""
    away: dict[int, str] = {}
    for event in events:
        if event["kind"] == "took_over":
            away[event["seat"]] = (event.get("data") or {}).get("why", "timeout")
        elif event["kind"] == "seat_back":
            away.pop(event["seat"], None)
    return away


def takeover_bot(state: GameState, seat: int) -> Any:
    """The bot that plays for a person's seat (seeded by table and seat, as the table's own bots)."""
    return for_level(TAKEOVER_LEVEL, seed=(state.seed + 7919 * seat + 1) % 2**64)


def draw_offer(table: LiveTable) -> int | None:
    """The seat whose draw offer stands: one made since the last move and not yet answered."""
    for event in reversed(table.events):
        if event["kind"] in ("draw_declined", "draw_agreed"):
            return None
        if event["kind"] == "draw_offered":
            return int(event["seat"]) if event["seq"] == table.seq else None
    return None


# ---- the running turn -------------------------------------------------------------------------


def clocked_seat(table: LiveTable, state: GameState, away: dict[int, str], ended: bool) -> int | None:
    """The seat whose clock should run in ``state``: a person's to move, not away, no window open."""
    if table.clock is None or ended or state.is_over:
        return None
    seat = state.current_player
    if seat is None or table.seats[seat]["kind"] != "human" or seat in away:
        return None
    if calls.races(state) and calls.is_open(state):
        return None
    return seat


def retimed(
    table: LiveTable, state: GameState, at: float, moved: bool, away: dict[int, str] | None = None,
    ended: bool = False,
) -> dict[str, Any] | None:
    """The clock's state at ``at`` once ``state`` holds (``moved``: a move was just made, which
    ends the running turn even where the same seat moves again): the running turn charged to its
    seat's reserve if it ended, the next one started. None for a table without a clock."""
    if table.clock is None:
        return None
    setting = table.options["clock"]
    clock = copy.deepcopy(table.clock)
    want = clocked_seat(table, state, table.away if away is None else away, ended)
    turn = clock["turn"]
    if turn is not None and (moved or turn["seat"] != want):
        used = max(0.0, at - turn["started"] - setting["per_move"])
        clock["reserves"][turn["seat"]] = round(max(0.0, clock["reserves"][turn["seat"]] - used), 3)
        clock["turn"] = turn = None
    if turn is None and want is not None:
        clock["turn"] = {
            "seat": want, "seq": len(state.actions), "started": at,
            "deadline": round(at + setting["per_move"] + clock["reserves"][want], 3),
        }
    return clock


def arm(service: TableService, table: LiveTable) -> None:
    """Make the running turn's timer run (once: a timer for the same turn runs on), and stop one
    for a turn that is over."""
    turn = table.clock["turn"] if table.clock is not None else None
    timer = table.timer
    if timer is not None and not timer.done():
        if table.timed == turn:
            return
        if timer is not asyncio.current_task():
            timer.cancel()
    table.timer, table.timed = None, turn
    if turn is not None:
        table.timer = service._spawn(_expire(service, table, dict(turn)))


async def _expire(service: TableService, table: LiveTable, turn: dict[str, Any]) -> None:
    """The turn's timer: at its deadline, unless the seat moved, its time is up."""
    await service.clock.sleep_until(turn["deadline"])
    delay = RETRY_FIRST
    while True:
        try:
            async with table.lock:
                await service.catch_up(table)  # another process may have seen him move in time
                if table.over or table.clock is None or table.clock["turn"] != turn:
                    return  # he moved in time
                await leave(service, table, turn["seat"], "timeout", at=turn["deadline"])
            break
        except StorageError:
            log.warning("table %s: a seat's time ran out but could not be stored; it is tried again", table.id)
        except Refused:  # another server stored an event first: reloaded
            return
        await service.clock.sleep_until(service.clock.now() + delay)
        delay = min(2 * delay, RETRY_MOST)
    await service._bots_or_later(table)


# ---- the table's events -------------------------------------------------------------------------


async def add_event(
    service: TableService, table: LiveTable, kind: str, seat: int | None, at: float | None = None,
    data: dict[str, Any] | None = None, away: dict[int, str] | None = None, result: dict[str, Any] | None = None,
) -> None:
    """Store an event (with the clock after it, and the result where it ends the game), then
    apply it and tell the watchers. ``away``: who is away after it. The table's lock is held."""
    at = service.clock.now() if at is None else at
    away = table.away if away is None else away
    # where it falls among the game's events, so the log tells it in its place, not after moves made later
    data = {**(data or {}), "log_at": len(table.state.public_observation().get("events", []))}
    event = {"kind": kind, "seat": seat, "seq": table.seq, "at": round(at, 3), "data": data}
    clock = retimed(table, table.state, at, moved=False, away=away, ended=result is not None)
    try:
        await asyncio.to_thread(service.store.add_event, table.id, len(table.events), event, clock, result)
    except StaleWrite:
        await service.lost_race(table)  # another process stored an event here first: its event counts
        raise Refused(409, N_("the table has moved on: look again")) from None
    table.events.append(event)
    table.clock = clock
    if away is not table.away:
        for gone in set(away) - set(table.away):
            table.bots[gone] = takeover_bot(table.state, gone)
        for back in set(table.away) - set(away):
            table.bots.pop(back, None)
        table.away = away
    if result is not None:
        table.ended = result
        table.marked_finished = True
    service._tell(table)
    service.publish(table)
    arm(service, table)


async def leave(service: TableService, table: LiveTable, seat: int, why: str, at: float | None = None) -> bool:
    """``seat``'s time ran out (``why="timeout"``) or its player is gone (``"gone"``): what the
    table's ``on_timeout`` says, a bot plays for him or he forfeits. False where there is nothing
    to do (the game is over, a bot plays the seat already). The table's lock is held."""
    if table.over or seat in table.away or table.seats[seat]["kind"] != "human":
        return False
    if table.options["on_timeout"] == "forfeit":
        await add_event(service, table, "forfeited", seat, at=at, data={"why": why},
                        result=lost(table, seat, why))
    else:
        await add_event(service, table, "took_over", seat, at=at, data={"why": why, "level": TAKEOVER_LEVEL},
                        away=table.away | {seat: why})
    return True


async def back(service: TableService, table: LiveTable, seat: int) -> bool:
    """``seat``'s player takes it back from the bot; False where no bot plays for it. The lock is held."""
    if table.over or seat not in table.away:
        return False
    await add_event(service, table, "seat_back", seat, away={s: w for s, w in table.away.items() if s != seat})
    return True


async def asked(service: TableService, table: LiveTable, seat: int, kind: str) -> None:
    """A person's table event by his seat's token (``ASKED``); ``Refused`` for one not possible now.
    The table's lock is held."""
    if table.over:
        raise Refused(409, N_("the game is over"))
    if kind == "take_seat_back":
        if not await back(service, table, seat):
            raise Refused(409, N_("you are playing your seat yourself"))
        return
    if kind == "resign":
        await add_event(service, table, "resigned", seat, result=lost(table, seat, "resigned"))
        return
    info = kartaros.GAMES[table.state.game]
    if not info.draw_offers:
        raise Refused(409, N_("this game has no draw offers"))
    offer = draw_offer(table)
    if kind == "offer_draw":
        if offer is not None:
            raise Refused(409, N_("a draw offer is waiting for an answer"))
        if any(info_["kind"] != "human" or other in table.away
               for other, info_ in enumerate(table.seats) if other != seat):
            raise Refused(409, N_("only a person can answer a draw offer"))
        await add_event(service, table, "draw_offered", seat)
        return
    if offer is None:
        raise Refused(409, N_("there is no draw offer to answer"))
    if offer == seat:
        raise Refused(409, N_("your opponent answers your draw offer, not you"))
    if kind == "accept_draw":
        n = table.state.num_players
        await add_event(service, table, "draw_agreed", seat,
                        result=_table_result(table, [1 / n] * n, "agreed_draw", None))
    else:
        await add_event(service, table, "draw_declined", seat)


def lost(table: LiveTable, seat: int, reason: str) -> dict[str, Any]:
    """The table's result where ``seat`` resigned or forfeited: 0 for him, the rest shared."""
    n = table.state.num_players
    returns = [0.0 if other == seat else 1 / (n - 1) for other in range(n)]
    return _table_result(table, returns, reason, seat)


def _table_result(table: LiveTable, returns: list[float], reason: str, seat: int | None) -> dict[str, Any]:
    n = len(returns)
    result: dict[str, Any] = {"returns": [round(r, 6) for r in returns], "reason": reason, "seat": seat}
    result["detail"] = end_words(result, shared().speech("en").seat_names(n), "en")
    return result


# ---- words ---------------------------------------------------------------------------------------


def end_words(result: dict[str, Any], names: list[str], lang: str) -> str:
    """How a game the table ended ended, for people, players by name."""
    say = shared().speech(lang)
    reason, seat = result["reason"], result.get("seat")
    if reason == "agreed_draw" or seat is None:
        return say(_AGREED_DRAW)
    if len(names) == 2:
        return say(_ENDS_ONE[reason], name=names[seat], winner=names[1 - seat])
    return say(_ENDS_MANY[reason], name=names[seat])


def event_words(event: dict[str, Any], names: list[str], lang: str) -> str | None:
    """A table's event in the log (None for one the end's sentence tells)."""
    message = _TOLD.get(event["kind"])
    if message is None:
        return None
    return shared().speech(lang)(message, name=names[event["seat"]])


def view_part(service: TableService, table: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
    """What a view adds of the table's events and clock (for every seat and the spectators alike:
    nothing in it is hidden)."""
    now = service.clock.now()
    clock: dict[str, Any] | None = None
    if table.clock is not None:
        setting = table.options["clock"]
        turn = table.clock["turn"]
        reserves = list(table.clock["reserves"])
        running = None
        if turn is not None:
            used = now - turn["started"]
            reserves[turn["seat"]] = round(max(0.0, reserves[turn["seat"]] - max(0.0, used - setting["per_move"])), 3)
            running = {
                "seat": turn["seat"], "deadline": turn["deadline"],
                "left": round(max(0.0, turn["deadline"] - now), 3),  # of the move and the reserve
                "move_left": round(max(0.0, turn["started"] + setting["per_move"] - now), 3),
            }
        clock = {"per_move": setting["per_move"], "reserve": setting["reserve"], "turn": running,
                 "reserves": reserves}
    offer = draw_offer(table)
    info = kartaros.GAMES[table.state.game]
    person = seat is not None and table.seats[seat]["kind"] == "human" and not table.over
    told = [(e, w) for e, w in ((e, event_words(e, table.names, lang)) for e in table.events) if w is not None]
    return {
        "clock": clock,
        "on_timeout": table.options["on_timeout"],
        "away": sorted(table.away),
        "draw_offer": offer,
        # what this seat may ask of the table now (``POST /api/tables/{id}/events``)
        "may": {
            "resign": person,
            "offer_draw": person and info.draw_offers and offer is None
            and all(i["kind"] == "human" and s not in table.away for s, i in enumerate(table.seats) if s != seat),
            "answer_draw": person and offer is not None and offer != seat,
            "take_seat_back": person and seat in table.away,
        },
        "table_events": [{"kind": e["kind"], "seat": e["seat"], "seq": e["seq"], "at": e["at"]} for e in table.events],
        "table_log": [w for _, w in told],
        # how many of the game's events came before each (null for one stored without it: told last)
        "table_log_at": [(e.get("data") or {}).get("log_at") for e, _ in told],
    }
