"""Motion a person can follow on the table page: the other players' moves show one by one at the
page's speed (a fake clock drives the pacing, so the steps are exact), each change of the table
is animated and leaves nothing behind, the last move stays marked, and a showdown holds the table
until the person goes on (or a timer does). The instant speed moves and waits for nothing.

The fake clock is installed only once the page has drawn its first view: the page loads and
connects on the real one."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.conftest import ClockedServer
from tests.test_browser import CLICK_LIMIT
from tests.test_browser_race import Table

NORMAL = 900  # ms: the page's "Normal" speed, one step between the others' moves
OWN_MOVE = 200  # ms: how long the person's own move stays before the next player's shows
PAUSE = 4 * NORMAL  # ms: how long a pause on the table lasts at the normal speed
NEVER = 10**9  # ms: forced steps are not played for the person (the test plays them)

# Counts the views the page has been sent (on <html data-views>), so a test knows they have all
# arrived before it lets the fake clock run; and the animations started on the table.
WATCH = """
const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", () => {
      document.documentElement.dataset.views = String(Number(document.documentElement.dataset.views || 0) + 1);
    });
  }
};
window.tableAnimations = 0;
const nativeAnimate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  if (this.closest && this.closest("#table")) window.tableAnimations += 1;
  return nativeAnimate.apply(this, args);
};
"""


class Seat:
    """The person's seat at a table with bots, seen and played over HTTP as well."""

    def __init__(self, live_server: str, game: str) -> None:
        made = httpx.post(f"{live_server}/api/tables", json={"game": game, "seats": ["human", "bot:easy"],
                                                            "names": ["Ana", "Bora"]}).json()
        self.url = f"{live_server}/api/tables/{made['table']}"
        self.page_url = f"{live_server}/t/{made['table']}#token={made['seats'][0]['token']}"
        self.headers = {"Authorization": f"Bearer {made['seats'][0]['token']}"}

    def view(self) -> dict[str, Any]:
        return dict(httpx.get(self.url, headers=self.headers).json())

    def play(self, action: str, seq: int) -> int:
        """Play ``action``; the bots answer before this returns. How many views that made (0: refused)."""
        answer = httpx.post(f"{self.url}/actions", headers=self.headers, json={"action": action, "seq": seq})
        return self.view()["seq"] - seq if answer.status_code == 200 else 0


def sit_down(page: Page, live_server: str, game: str, speed: int, autoplay_ms: int = NEVER) -> Seat:
    seat = Seat(live_server, game)
    page.add_init_script(
        f"localStorage.setItem('kartaros.speed', '{speed}');"
        f"localStorage.setItem('kartaros.autoplayMs', '{autoplay_ms}');"
        "localStorage.setItem('kartaros.lang', 'en');" + WATCH
    )
    page.goto(seat.page_url)
    expect(page.locator("#table.card-table")).to_be_visible()
    return seat


def fake_clock(page: Page) -> None:
    """From now on the page's timers run only as the test lets the time run."""
    start = dt.datetime.now()
    page.clock.install(time=start)
    page.clock.pause_at(start + dt.timedelta(seconds=2))


def total(view: dict[str, Any]) -> int:
    """How many events the game has told this seat."""
    return int(view["words"]["log_from"]) + len(view["words"]["log"])


def lines(page: Page) -> int:
    return page.locator("#log > div").count()


def views(page: Page) -> int:
    return int(page.locator("html").get_attribute("data-views") or 0)


def kec_choice(page: Page, seat: Seat) -> dict[str, Any]:
    """Keč: the person draws (over HTTP) until they have a real choice, and the page shows it."""
    for _ in range(20):
        view = seat.view()
        if view["current_player"] == 0 and len(view["legal"]) > 1:
            break
        if view["legal"]:
            seat.play(view["legal"][0], view["seq"])
    else:
        raise AssertionError("the person never had a choice")
    expect(page.locator("#log > div")).to_have_count(total(view))
    expect(page.locator("#table .card-button").first).to_be_visible()
    return view


@pytest.mark.parametrize("speed", [NORMAL, 0], ids=["normal", "instant"])
def test_the_others_moves_show_one_by_one_as_the_time_runs(page: Page, live_server: str, speed: int) -> None:
    """Keč against a bot: the person discards; the bot's moves (a draw, then a discard or more)
    show one step of the speed apart, each one's lines marked as the latest, only as the fake
    clock runs; at the instant speed all of them at once, the clock standing still."""
    seat = sit_down(page, live_server, "kec", speed)
    view = kec_choice(page, seat)
    fake_clock(page)
    before, sent = lines(page), views(page)
    discard = next(a for a in view["legal"] if "-" not in a)
    made = seat.play(discard, view["seq"])  # the person's discard, then the bot's turn
    after = seat.view()
    assert made >= 3, "the bot's turn is a draw and at least one more move"
    expect(page.locator("html")).to_have_attribute("data-views", str(sent + made))  # all have arrived
    if speed == 0:
        expect(page.locator("#log > div")).to_have_count(total(after))  # no time has passed
        return
    # The person's own move shows at once, and stays a moment; the bot's wait their turns.
    expect(page.locator("#log > div")).not_to_have_count(before)
    shown = [lines(page)]
    assert shown[0] < total(after)
    page.clock.run_for(OWN_MOVE - 1)
    assert lines(page) == shown[0]
    page.clock.run_for(1)
    for step in range(made - 1):  # each of the bot's moves, one step apart
        if step:
            page.clock.run_for(speed - 1)
            assert lines(page) == shown[-1], "a move showed before its time"
            page.clock.run_for(1)
        shown.append(lines(page))
        assert shown[-1] > shown[-2], f"the bot's move {step + 1} did not show on time"
        expect(page.locator("#log .latest")).to_have_count(shown[-1] - shown[-2])  # its lines, marked
    assert shown[-1] == total(after)
    page.clock.run_for(speed * 3)
    assert lines(page) == total(after)  # nothing more came


@pytest.mark.parametrize(("speed", "reduced"), [(NORMAL, False), (0, False), (NORMAL, True)],
                         ids=["normal", "instant", "reduced-motion"])
def test_a_move_is_animated_and_leaves_nothing_behind(page: Page, live_server: str, speed: int, reduced: bool) -> None:
    """The person discards by hand; the card, and then the bot's, move on the table while
    animations run on card elements; once they end no copy of a card is left, and the last
    move's cards stay marked. At the instant speed, and where the system asks for reduced
    motion, nothing is animated at all."""
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    seat = sit_down(page, live_server, "kec", speed)
    chosen = kec_choice(page, seat)
    page.locator("#table .card-button").first.click()
    page.locator("#table [data-pile='discard'].live").click()
    on_cards = ("() => document.getAnimations()"
                ".some((a) => a.effect?.target?.matches?.('#table .card, #table .motion-ghost'))")
    if speed and not reduced:
        page.wait_for_function(on_cards, polling="raf", timeout=10_000)
    for _ in range(CLICK_LIMIT):  # the bot plays its turn at once; the page follows at its speed
        view = seat.view()
        if view["seq"] > chosen["seq"] and view["current_player"] == 0:
            break
    expect(page.locator("#log > div")).to_have_count(total(view), timeout=15_000)
    page.wait_for_function(f"() => !({on_cards})()", timeout=10_000)
    expect(page.locator("#table .motion-ghost")).to_have_count(0)
    expect(page.locator("#table .motion-layer")).to_have_count(0)
    expect(page.locator("#table .card.motion-last").first).to_be_visible()  # the last move, marked
    animated = page.evaluate("window.tableAnimations")
    assert (animated > 0) == bool(speed and not reduced), f"{animated} animations on the table"


def follow(page: Page, seat: Seat, until: Callable[[], bool], *, may_end: bool = False) -> bool:
    """The person holds (or draws, or turns) over HTTP whenever the page shows it is their move;
    the fake clock runs in small steps while the page paces the bot's moves, until ``until()``
    (True); with ``may_end``, False when the game ends first."""
    for _ in range(CLICK_LIMIT):
        if until():
            return True
        view = seat.view()
        if view["over"]:
            if may_end:
                return False
            break
        if lines(page) < total(view):  # still being shown: the time runs on
            page.clock.run_for(100)
        elif view["legal"]:
            seat.play("hold" if "hold" in view["legal"] else view["legal"][0], view["seq"])
    raise AssertionError("the game did not get there")


def showdown_hands(seat: Seat) -> set[str]:
    events = seat.view()["view"]["events"]
    last = next(e for e in reversed(events) if e["type"] == "showdown")
    return {card for hand in last["hands"] for card in hand}


def shown_cards(page: Page) -> set[str]:
    return set(page.eval_on_selector_all("#table .shown .card[data-code]", "cards => cards.map(c => c.dataset.code)"))


def test_P7_a_showdown_holds_the_table_until_the_person_goes_on(
    page: Page, live_server: str, screenshots: Path
) -> None:
    """Puck against a bot: at the showdown the table holds, Continue appears and takes the
    keyboard, the shown hands stay while the time runs and the game waits; Continue goes on."""
    seat = sit_down(page, live_server, "puck", NORMAL)
    fake_clock(page)
    button = page.locator("#continue")
    expect(button).to_be_hidden()
    follow(page, seat, button.is_visible)
    expect(button).to_have_text("Continue")
    expect(button).to_be_focused()  # nothing else had the keyboard
    hands = showdown_hands(seat)
    assert shown_cards(page) == hands
    expect(page.locator("#table .motion-ghost")).to_have_count(0)  # the copies flew (on the real clock)
    page.screenshot(path=str(screenshots / "puck-showdown-pause.png"), full_page=True)
    held = lines(page)
    page.clock.run_for(PAUSE // 2)  # the time runs, the table stays
    expect(button).to_be_visible()
    assert lines(page) == held and shown_cards(page) == hands
    page.keyboard.press("Enter")  # on the focused button: go on
    expect(button).to_be_hidden()
    follow(page, seat, lambda: lines(page) > held)  # the game goes on
    page.select_option("#lang", "sr")
    follow(page, seat, button.is_visible)  # the next showdown holds again, its button in Serbian
    expect(button).to_have_text("Nastavi")
    button.click()
    expect(button).to_be_hidden()


def test_P7_a_showdowns_pause_ends_by_itself(page: Page, live_server: str) -> None:
    """With nobody clicking, the pause lasts four of the speed's steps, then the game goes on."""
    seat = sit_down(page, live_server, "puck", NORMAL)
    fake_clock(page)
    button = page.locator("#continue")
    follow(page, seat, button.is_visible)
    held = lines(page)
    page.clock.run_for(PAUSE // 2)
    expect(button).to_be_visible()
    page.clock.run_for(PAUSE // 2)  # the pause began within the last 100 ms before it was seen
    expect(button).to_be_hidden()
    follow(page, seat, lambda: lines(page) > held)


def test_instant_speed_never_pauses(page: Page, live_server: str) -> None:
    """At the instant speed a showdown shows and the game goes straight on: no Continue."""
    seat = sit_down(page, live_server, "puck", 0)
    for _ in range(CLICK_LIMIT):
        view = seat.view()
        if any(e["type"] == "showdown" for e in view["view"]["events"]):
            break
        if view["legal"]:
            seat.play("hold" if "hold" in view["legal"] else view["legal"][0], view["seq"])
    expect(page.locator("#log > div")).to_have_count(total(seat.view()))
    expect(page.locator("#continue")).to_be_hidden()


def test_N5_at_a_duels_reveal_the_person_may_play_on_and_that_goes_on(page: Page, live_server: str) -> None:
    """Nesalomljiv against a bot: the reveal of a duel holds the table; where the person has a
    move in the view held (their next choice, or the Attacker to place), they may make it at
    once, and making it ends the pause."""
    seat = sit_down(page, live_server, "nesalomljiv", NORMAL)
    fake_clock(page)
    button = page.locator("#continue")
    moves = page.locator("#moves button:enabled")
    for _ in range(10):  # duels until one leaves the person a move in the view held
        if not follow(page, seat, button.is_visible, may_end=True):  # a deal that ended first: another
            seat = sit_down(page, live_server, "nesalomljiv", NORMAL)
            fake_clock(page)
            continue
        assert any(e["type"] == "duel" for e in seat.view()["view"]["events"])
        if moves.count():
            break
        button.click()
    else:
        raise AssertionError("no duel left the person a move")
    page.locator("#moves-box summary").click()  # the moves in words, beside the table
    held = lines(page)
    moves.first.click()
    expect(button).to_be_hidden()
    follow(page, seat, lambda: lines(page) > held)


# Every animation started on the page from now on stands still at its start, until the test ends
# them all: where a card flies from and to can be read off its copy and its keyframes, on any
# machine, however slow.
FREEZE = """
window.freezeMotion = false;
const runningAnimate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  const animation = runningAnimate.apply(this, args);
  if (window.freezeMotion) animation.pause();
  return animation;
};
"""

# The flying copies: each one's centre where it starts and where its last keyframe takes it, and
# whether it flies face down. (A copy that fades where it lies, a card covered on its pile, is none.)
FLIGHTS = """() => [...document.querySelectorAll("#table .motion-ghost")].flatMap((ghost) => {
  const rect = ghost.getBoundingClientRect();
  const frames = ghost.getAnimations()[0].effect.getKeyframes();
  const found = /translate\\(([-\\d.e]+)px, ([-\\d.e]+)px\\)/.exec(frames[frames.length - 1].transform);
  if (!found) return [];
  const [, dx, dy] = found;
  const x = rect.left + rect.width / 2, y = rect.top + rect.height / 2;
  return [{ back: ghost.classList.contains("back"), from: [x, y], to: [x + Number(dx), y + Number(dy)] }];
})"""

BOTTOM = ".pile-closed .backs .card:first-child"  # the bottom card of a closed pile, as drawn
COUNT = ".pile-closed .stack > .count"


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def near(a: list[float] | tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 1.5 and abs(a[1] - b[1]) < 1.5


def test_T11_the_penalty_flies_from_the_givers_pile_bottoms_to_the_offenders(
    page: Page, clocked_server: ClockedServer, screenshots: Path
) -> None:
    """Three people at an open-call Tač table; Bora misses and Ana calls. On Bora's page, one card
    back flies from the bottom of each giver's closed pile (Ceca's, Ana's) to the bottom of his
    own; the closed piles' counts show the old numbers until the cards have landed; "Tač!" shows
    on Ana's seat meanwhile; and when the motion ends nothing is left of it."""
    setup = {"game": "tac", "players": 3, "seats": ["human"] * 3, "variant": {"calls": "open"},
             "names": ["Ana", "Bora", "Ceca"]}
    made = httpx.post(f"{clocked_server.url}/api/tables", json=setup).json()
    table = Table(clocked_server.url, made["table"], {s["seat"]: s["token"] for s in made["seats"]})
    window = table.miss_by(1, clocked_server)
    sizes = window["view"]["closed_sizes"]
    assert sizes[0] and sizes[2], "both givers have a closed card to give"
    page.add_init_script(
        f"localStorage.setItem('kartaros.speed', '{NORMAL}'); localStorage.setItem('kartaros.autoplayMs', '{NEVER}');"
        "localStorage.setItem('kartaros.lang', 'en');" + WATCH + FREEZE
    )
    page.goto(f"{clocked_server.url}/t/{made['table']}#token={table.tokens[1]}")
    expect(page.locator("#window-left")).to_be_visible()  # the window, drawn as the page opened
    fake_clock(page)
    page.evaluate("window.freezeMotion = true")
    seat = {0: ".side-top > .seat:nth-child(2)", 1: ".seat-bottom", 2: ".side-top > .seat:nth-child(1)"}  # Bora's view
    expect(page.locator(f"{seat[0]} .seat-name")).to_have_text("Ana")
    expect(page.locator(f"{seat[2]} .seat-name")).to_have_text("Ceca")
    givers = [centre(page, f"#table {seat[p]} {BOTTOM}") for p in (2, 0)]  # T11: from the offender's left
    assert table.play(0, "call", window["seq"]).status_code == 200  # Ceca is asked first: she passes, Ana calls
    called = page.locator("#log > div", has_text="Ana calls “Tač!” on Bora")
    for _ in range(40):  # the pass shows first, the call one step later
        if called.count():
            break
        page.clock.run_for(100)
    expect(called).to_have_count(1)

    flights = page.evaluate(FLIGHTS)
    offender = centre(page, f"#table {seat[1]} {BOTTOM}")
    assert len(flights) == 2 and all(f["back"] for f in flights), flights  # two unknown cards, face down
    assert [near(f["from"], g) for f, g in zip(flights, givers, strict=True)] == [True, True], (flights, givers)
    assert all(near(f["to"], offender) for f in flights), (flights, offender)
    # The counts change once the cards have landed: the old numbers meanwhile.
    expect(page.locator(f"#table {seat[1]} {COUNT}")).to_have_text(str(sizes[1]))
    expect(page.locator(f"#table {seat[0]} {COUNT}")).to_have_text(str(sizes[0]))
    badge = page.locator("#table .motion-callout")
    expect(badge).to_have_text("Tač!")
    corner = page.locator(f"#table {seat[0]}").bounding_box()
    assert corner
    assert near(centre(page, "#table .motion-callout"), (corner["x"] + corner["width"], corner["y"])), "on Ana's seat"
    page.evaluate("document.getAnimations().forEach((a) => { a.currentTime = 150; })")  # on the way, for the picture
    page.screenshot(path=str(screenshots / "tac-penalty-in-flight.png"), full_page=True)

    page.evaluate("document.getAnimations().forEach((a) => a.finish())")
    expect(page.locator(f"#table {seat[1]} {COUNT}")).to_have_text(str(sizes[1] + 2))
    expect(page.locator(f"#table {seat[0]} {COUNT}")).to_have_text(str(sizes[0] - 1))
    expect(page.locator(f"#table {seat[2]} {COUNT}")).to_have_text(str(sizes[2] - 1))
    expect(page.locator("#table .motion-ghost")).to_have_count(0)
    expect(page.locator("#table .motion-layer")).to_have_count(0)
