"""The terminal at a kitchen table: the call as a race with a time limit (T11, T12), every event
since the person's last decision on the screen, and the whole game on ``log``.

The Match is driven directly: a recording console, scripted lines and a fake clock, no sleeps.
"""

from __future__ import annotations

import io
import os
import pty
import pydoc
import sys
from collections.abc import Iterable

import pytest
from rich.console import Console
from typer.testing import CliRunner

import kartaros
from kartaros import calls
from kartaros.bots import Bot, for_level
from kartaros.cli import Match, app
from kartaros.cli_calls import FakeClock, StdinKeyboard
from kartaros.state import GameState
from kartaros.words import MISSING
from tests.tac_helpers import play, tac
from tests.test_cli import ENGLISH, serbian_screen
from tests.test_tac_rules import _miss_in_three

TAC = kartaros.GAMES["tac"]
NAMES = ["Ana", "Bob", "Mara"]
PROMPT = "Your move (log shows the game, q quits) › "
CALL_PROMPT = "Press Enter within"


class ScriptedKeyboard:
    """The person's lines, each typed ``after`` seconds on the fake clock. A line that would come
    after a deadline comes too late: the clock runs to the deadline and the line is dropped (the
    terminal forgets what was typed for a call that timed out)."""

    def __init__(self, clock: FakeClock, lines: Iterable[tuple[float, str]]) -> None:
        self.clock = clock
        self.lines = list(lines)

    def line(self) -> str:
        if not self.lines:
            raise EOFError
        after, text = self.lines.pop(0)
        self.clock.advance(after)
        return text

    def line_until(self, deadline: float) -> str | None:
        if not self.lines:
            return None
        after, text = self.lines.pop(0)
        if self.clock.now() + after > deadline:
            self.clock.advance(deadline - self.clock.now())
            return None
        self.clock.advance(after)
        return text


class Noticing:
    """A level bot that notices a miss ``after`` seconds into the window (None: never). It must
    never be asked to answer a window in turn: in the race the bots call on their time."""

    def __init__(self, seed: int, after: float | None = None) -> None:
        self.name = "level"
        self.inner = for_level("medium", seed=seed)
        self.after = after

    def choose(self, state: GameState) -> str:
        assert not calls.is_open(state), "a bot was asked to answer a call window in turn"
        return self.inner.choose(state)

    def reaction(self, state: GameState, seat: int) -> float | None:
        assert seat in calls.callers(state)
        return self.after


class Unaware:
    """A bot that cannot say when it would call (no ``reaction``): it never calls."""

    name = "unaware"

    def __init__(self, seed: int) -> None:
        self.inner = for_level("medium", seed=seed)

    def choose(self, state: GameState) -> str:
        assert not calls.is_open(state), "a bot was asked to answer a call window in turn"
        return self.inner.choose(state)


def match(
    state: GameState, seat: int, bots: dict[int, Bot], lines: Iterable[tuple[float, str]], seconds: float = 4.0,
    lang: str = "en",
) -> tuple[Match, io.StringIO]:
    clock = FakeClock(100.0)
    screen = io.StringIO()
    console = Console(file=screen, width=200, highlight=False)
    played = Match(
        TAC, state, seat, list(NAMES), bots, lang, console=console,
        keyboard=ScriptedKeyboard(clock, lines), clock=clock, call_seconds=seconds,
    )
    return played, screen


def window_answers(state: GameState, start: int) -> list[str]:
    """The actions that answered the call window opened at ``start`` (a pass each, and a call)."""
    answers = []
    for action in state.actions[start:]:
        if action not in ("call", "pass"):
            break
        answers.append(action)
    return answers


def calls_made(state: GameState) -> list[int]:
    return [e["player"] for e in state.observation(0)["events"] if e["type"] == "call"]


def test_T11_the_person_who_presses_enter_in_time_calls() -> None:
    state = _miss_in_three()
    start = len(state.actions)
    played, screen = match(state, 2, {0: Noticing(1, after=None), 1: Noticing(2, after=2.5)}, [(0.8, "")])
    assert played.run() is False  # his lines run out at his next move
    assert window_answers(state, start) == ["pass", "call"]  # Bob, asked first, passes; Mara calls
    assert calls_made(state) == [2]
    out = screen.getvalue()
    assert "Ana missed: 5♠ could have been placed, but Ana turned a card instead" in out
    assert "Call “Tač!” on Ana's miss: they get a card from each of you" in out
    assert "Press Enter within 4 s to say it (q quits) › " in out
    assert "Mara calls “Tač!” on Ana" in out


def test_T11_an_answer_after_the_time_limit_is_no_call() -> None:
    state = _miss_in_three()
    start = len(state.actions)
    played, screen = match(state, 2, {0: Noticing(1), 1: Noticing(2)}, [(4.5, "")])
    played.run()
    assert window_answers(state, start) == ["pass", "pass"]
    assert calls_made(state) == []
    assert "Time is up: nobody called." in screen.getvalue()


def test_T11_the_time_limit_is_the_matchs_own() -> None:
    state = _miss_in_three()
    start = len(state.actions)
    played, screen = match(state, 2, {0: Noticing(1), 1: Noticing(2)}, [(4.5, "")], seconds=6.0)
    played.run()
    assert window_answers(state, start) == ["pass", "call"]
    assert "Press Enter within 6 s" in screen.getvalue()


def test_T11_a_bot_quicker_than_the_person_calls() -> None:
    state = _miss_in_three()
    start = len(state.actions)
    played, screen = match(state, 2, {0: Noticing(1), 1: Noticing(2, after=0.5)}, [(1.0, "")])
    played.run()
    assert window_answers(state, start) == ["call"]  # Bob, asked first, calls: nobody passes
    assert calls_made(state) == [1]
    out = screen.getvalue()
    assert "Bob was quicker." in out
    assert "Bob calls “Tač!” on Ana" in out


def test_T11_the_first_in_time_calls_even_when_asked_later() -> None:
    state = _miss_in_three()
    start = len(state.actions)
    # Bob (asked first) would call at 2 s, Mara at 1 s: Mara is first; Bob passes for the engine.
    played, _ = match(state, 2, {0: Noticing(1), 1: Noticing(2, after=2.0)}, [(1.0, "")])
    played.run()
    assert window_answers(state, start) == ["pass", "call"]
    assert calls_made(state) == [2]


def test_T11_nobody_calls_and_play_goes_on() -> None:
    state = _miss_in_three()
    start = len(state.actions)
    # Bob notices too late (after the window), Ana is the offender; Mara does not answer.
    played, screen = match(state, 2, {0: Unaware(1), 1: Noticing(2, after=4.0)}, [])
    played.run()
    assert window_answers(state, start) == ["pass", "pass"]
    assert calls_made(state) == []
    assert len(state.actions) > start + 2  # Ana played on
    assert state.actions[start + 2] == "7C>0"  # she places the card she turned (T11: as if nothing happened)
    out = screen.getvalue()
    assert "Bob does not call “Tač!” on Ana's miss" in out and "Mara does not call “Tač!” on Ana's miss" in out


def _before_the_miss() -> GameState:
    """``_miss_in_three`` one action earlier: Ana may place 5♠ or miss it by turning."""
    tops = [["5S", "7C"], ["2D", "3C", "4C", "9H"], ["KD"]]
    state = tac(tops, bottoms=[["TS"], ["QS"], ["JS"]], middle="AH", calls="open")
    play(state, "turn", "5S>0")
    play(state, "turn", "2D>C", "turn", "3C>C", "turn", "4C>C", "turn", "9H>1")
    return play(state, "turn", "KD>2")


def test_T11_the_persons_own_miss_is_raced_by_the_bots_alone() -> None:
    state = _before_the_miss()
    start = len(state.actions)
    played, screen = match(state, 0, {1: Noticing(1, after=0.9), 2: Noticing(2, after=0.3)}, [(0.0, "turn?")])
    played.run()
    assert state.actions[start] == "turn?"
    assert window_answers(state, start + 1) == ["pass", "call"]  # Mara was first
    assert calls_made(state) == [2]
    out = screen.getvalue()
    assert CALL_PROMPT not in out  # he cannot call his own miss
    assert "Mara calls “Tač!” on Ana" in out  # shown at his next prompt


def test_T11_bots_that_cannot_say_when_they_call_never_call() -> None:
    state = _before_the_miss()
    start = len(state.actions)
    played, _ = match(state, 0, {1: Unaware(1), 2: Unaware(2)}, [(0.0, "turn?")])
    played.run()
    assert window_answers(state, start + 1) == ["pass", "pass"]


def test_T11_q_in_the_call_window_leaves_the_game() -> None:
    state = _miss_in_three()
    start = len(state.actions)
    played, _ = match(state, 2, {0: Noticing(1), 1: Noticing(2)}, [(0.5, "q")])
    assert played.run() is False
    assert len(state.actions) == start  # the window was left open, unanswered


def test_T11_every_event_since_the_last_decision_is_shown_and_log_shows_the_whole_game() -> None:
    state = _miss_in_three()
    # Mara calls, plays a few turns of her own (written out: every pile is offered, T12), asks
    # for the log, then leaves: many bot moves come between.
    moves = ["turn", "5C>C", "turn", "5D>2", "turn", "5H>2", "turn", "4D>2", "turn", "4H>2", "turn", "4S>2",
             "turn", "3D>2", "turn", "3H>2", "turn", "3S>2"]
    lines = [(0.8, ""), *((0.0, move) for move in moves), (0.0, "log")]
    played, screen = match(state, 2, {0: Noticing(1), 1: Noticing(2)}, lines)
    assert played.run() is False
    out = screen.getvalue()
    assert "earlier line" not in out
    seen = [TAC.words.event(e, NAMES) for e in state.observation(2)["events"]]
    assert len(seen) > 60  # enough bot moves to have been cut before
    history = out.split(PROMPT)[-2]  # what ``log`` printed: between its prompt and the next
    at = 0
    for line in seen:  # the whole game, in order
        found = history.find(line, at)
        assert found >= 0, f"log lacks {line!r}"
        at = found + len(line)
    for line in set(seen):  # and each event once as it happened, once in the log
        assert out.count(line) >= 2 * seen.count(line), line


def test_T11_log_is_a_word_in_both_languages() -> None:
    state = _miss_in_three()
    lines = [(0.8, ""), (0.0, "dnevnik"), (0.0, "log")]
    played, screen = match(state, 2, {0: Noticing(1), 1: Noticing(2)}, lines, lang="sr")
    played.run()
    out = screen.getvalue()
    assert "Pritisni Enter u roku od 4 s" in out
    prompt = "Tvoj potez (dnevnik prikazuje partiju, q za kraj) › "
    parts = out.split(prompt)
    assert len(parts) == 4  # the same prompt three times: neither word was taken for a move
    deal = TAC.words.event(state.observation(2)["events"][0], NAMES, "sr")
    assert deal in parts[1] and deal in parts[2]


def test_T11_log_in_cyrillic_is_its_word_in_cyrillic() -> None:
    state = _miss_in_three()
    played, screen = match(state, 2, {0: Noticing(1), 1: Noticing(2)}, [(0.8, ""), (0.0, "дневник")], lang="sr-Cyrl")
    played.run()
    parts = screen.getvalue().split("Твој потез (дневник приказује партију, q за крај) › ")
    assert len(parts) == 3
    assert TAC.words.event(state.observation(2)["events"][0], NAMES, "sr-Cyrl") in parts[1]


def test_T12_play_takes_a_time_limit_within_bounds() -> None:
    runner = CliRunner()
    for wrong in ("0.1", "61"):
        result = runner.invoke(app, ["play", "tac", "--players", "3", "--call-seconds", wrong], input="q\n")
        assert result.exit_code == 2, result.output
    result = runner.invoke(app, ["play", "tac", "--players", "3", "--seed", "5", "--call-seconds", "2"],
                           input="q\n")
    assert result.exit_code == 0, result.output
    assert "Game stopped after" in result.output


def test_T11_the_keyboard_waits_on_a_terminal_up_to_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal's own keyboard, on a pseudo-terminal: a line sent is read at once; when the
    deadline has passed it gives up at once and forgets what was typed but not sent."""
    main, side = pty.openpty()
    with open(side, encoding="utf-8", closefd=True) as stdin:
        monkeypatch.setattr(sys, "stdin", stdin)
        clock = FakeClock(50.0)  # frozen: the test must not wait on it
        keyboard = StdinKeyboard(clock)
        os.write(main, b"call\n")
        assert keyboard.line_until(clock.now() + 30) == "call"
        os.write(main, b"typed too late")
        assert keyboard.line_until(clock.now() - 1) is None
        os.write(main, b"2\n")
        assert keyboard.line() == "2"
    os.close(main)


def test_T11_a_log_longer_than_the_screen_is_paged(monkeypatch: pytest.MonkeyPatch) -> None:
    paged: list[str] = []
    monkeypatch.setattr(pydoc, "pager", paged.append)
    state = _miss_in_three()
    clock = FakeClock()
    screen = io.StringIO()
    console = Console(file=screen, width=200, height=20, force_terminal=True, color_system=None, highlight=False)
    played = Match(
        TAC, state, 2, list(NAMES), {0: Noticing(1), 1: Noticing(2)}, console=console,
        keyboard=ScriptedKeyboard(clock, [(0.8, ""), (0.0, "log")]), clock=clock,
    )
    played.run()
    assert len(paged) == 1
    for event in state.observation(2)["events"]:
        assert TAC.words.event(event, NAMES) in paged[0]


@pytest.mark.parametrize(("quick", "answer"), [(None, 0.5), (None, 9.0), (0.2, 1.0)])
def test_T11_the_race_in_serbian_shows_no_english(quick: float | None, answer: float) -> None:
    """The call, too late, and a bot first: every sentence of the race is Serbian, from a catalog."""
    MISSING.clear()
    state = _miss_in_three()
    clock = FakeClock()
    screen = io.StringIO()
    played = Match(
        TAC, state, 2, ["Ana", "Milan", "Mara"], {0: Noticing(1), 1: Noticing(2, after=quick)}, "sr",
        console=Console(file=screen, width=200, highlight=False),
        keyboard=ScriptedKeyboard(clock, [(answer, ""), (0.0, "?"), (0.0, "dnevnik")]), clock=clock,
    )
    played.run()
    out = screen.getvalue()
    assert "Reci „Tač!“ za propust igrača Ana" in out
    said = {0.5: "Mara kaže „Tač!“", 9.0: "Vreme je isteklo: niko se nije javio.", 1.0: "Milan kaže pre tebe."}
    assert said[answer] in out
    assert "dnevnik prikazuje celu partiju" in out  # the help names the log
    for line in serbian_screen(out).splitlines():
        found = ENGLISH.search(line)
        assert found is None, f"English {found.group(0)!r} on the Serbian screen: {line!r}"
    assert not MISSING, f"the screen asked for messages no catalog has: {sorted(MISSING, key=str)}"
