"""Hints and reviews at a table against bots: the strong bot's suggestion for the person to move,
and after the game the person's moves it judged clearly worse (``kartaros.analysis.hints``).

Only where every other seat is a bot: a hint at a table with another person would be a second
player's help in a game between people. Both are worked out from the seat's observation alone
(the search's worlds come from ``determinize`` of that seat), off the event loop in a worker
thread, bounded in worlds and seconds, and at most ``SEARCHES`` at once on the whole server
(a hint waits ``WAIT_SECONDS`` for its turn, then is refused: try again).

A hint's search seed comes from the table's id, the position and the seat, never from the
deal's seed, so the same position gives the same hint however often it is asked; the table's
record counts how many positions each seat asked a hint in (``hints`` of each stored seat:
the seats' JSON column, no schema change).

A review runs once per finished table and seat, beside the requests; the page asks how far it
got (``done`` of ``total`` decisions) until it is done. What it found is kept in memory only:
it is cheap to work out again after a restart.
"""

from __future__ import annotations

import asyncio
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query

import kartaros
from kartaros.analysis import hints as analysis
from kartaros.state import NO_EVENTS
from kartaros.words import N_, shared

from .answers import seat_token
from .tables import LiveTable, PlayerError, TableService, check_lang

SEARCHES = 2  # hint and review searches running at once, server-wide (a search keeps a core busy)
WAIT_SECONDS = 10.0  # how long a hint waits for a free search before it is refused
REVIEW_SECONDS = 1.0  # the most one decision of a review thinks
REVIEWS_KEPT = 256  # reviews kept in memory, the latest

NOT_SEATED = N_("only a player at this table can ask for a hint: open the table by your invite link")
PEOPLE = N_("hints and reviews are only for games against bots: another person plays at this table")
NOT_YOUR_MOVE = N_("a hint is for your own move: wait until it is your turn")
IN_WINDOW = N_("the others may call the miss now: play goes on when the time is up")
OVER = N_("the game is over")
NOT_OVER = N_("the review comes once the game is over")
BUSY = N_("the server is busy with other hints just now: try again in a moment")
Lang = Annotated[str, Query(description="the language of the words: en (English), sr (Serbian)")]
MARKED = N_("Your move {n}: you played {played}. The strong bot prefers {better}: it won about {better_share}% of "
            "{worlds} deals from there, your move about {played_share}%.")


@dataclass
class Review:
    """One seat's review of a finished table, while it runs and once done."""

    total: int = 0
    done: int = 0
    finished: bool = False
    failed: bool = False
    marks: list[analysis.Mark] = field(default_factory=list)
    task: asyncio.Task[None] | None = None


class HintDesk:
    """Answers hints and runs reviews for the tables of a :class:`TableService`."""

    def __init__(
        self, service: TableService, *, worlds: int = analysis.HINT_WORLDS, seconds: float = analysis.HINT_SECONDS,
        review_worlds: int = analysis.REVIEW_WORLDS, review_decisions: int = analysis.REVIEW_DECISIONS,
    ) -> None:
        self.service = service
        self.worlds = worlds
        self.seconds = seconds
        self.review_worlds = review_worlds
        self.review_decisions = review_decisions
        self._searches = asyncio.Semaphore(SEARCHES)
        # (table, seat) -> the position last hinted there (its seq) and the hint by language:
        # one position per seat is kept, so memory grows with the tables, not with the moves
        self._answers: dict[tuple[str, int], tuple[int, dict[str, dict[str, Any]]]] = {}
        self.reviews: OrderedDict[tuple[str, int], Review] = OrderedDict()  # the latest REVIEWS_KEPT
        service.let_go_listeners.append(self._forget)

    def _forget(self, table_id: str) -> None:
        """A table let go of from memory: its hints go too (worked out again if asked for)."""
        for key in [key for key in self._answers if key[0] == table_id]:
            del self._answers[key]

    # ---- who may ask -------------------------------------------------------------------------

    def _check_bots_only(self, table: LiveTable, seat: int | None) -> int:
        if seat is None:
            raise PlayerError(401, NOT_SEATED, error="a seat's token is needed (Authorization: Bearer <token>)")
        if any(not info["kind"].startswith("bot:") for s, info in enumerate(table.seats) if s != seat):
            raise PlayerError(403, PEOPLE)
        return seat

    # ---- the hint ----------------------------------------------------------------------------

    async def hint(self, table_id: str, token: str | None, lang: str) -> dict[str, Any]:
        """The hint for the token's seat, which must be to move at a table against bots only."""
        check_lang(lang)
        service = self.service
        table = await service.table(table_id)
        seat = self._check_bots_only(table, service.seat_of(table, token))
        state = table.state
        if state.is_over:
            raise PlayerError(409, OVER)
        if service._window(table) is not None:
            raise PlayerError(409, IN_WINDOW)
        if state.current_player != seat:
            raise PlayerError(409, NOT_YOUR_MOVE)
        seq = table.seq
        kept = self._answers.get((table.id, seat))
        answers = kept[1] if kept is not None and kept[0] == seq else {}
        answer = answers.get(lang)
        if answer is None:
            position = state.clone()  # the search reads its own copy: the table may move on meanwhile
            seed = zlib.crc32(f"{table.id}:{seq}:{seat}".encode())
            try:
                await asyncio.wait_for(self._searches.acquire(), WAIT_SECONDS)
            except TimeoutError:
                raise PlayerError(503, BUSY) from None
            try:
                found = await asyncio.to_thread(
                    analysis.hint, position, table.names, lang, seed=seed, worlds=self.worlds, seconds=self.seconds)
            finally:
                self._searches.release()
            info = kartaros.GAMES[state.game]
            observation = position.observation(seat, since=NO_EVENTS)
            answer = {
                "seq": seq,
                "action": found.action,
                "text": info.words.action(observation, found.action, table.names, lang),
                "reason": found.reason,
                "numbers": found.numbers,
                "worlds": found.worlds,
            }
            answers[lang] = answer
            self._answers[(table.id, seat)] = (seq, answers)
        await self._count(table, seat, seq)
        return answer

    async def _count(self, table: LiveTable, seat: int, seq: int) -> None:
        """Count the position in the table's record (once however often it is asked), stored first.
        The seat keeps the seq it last counted beside the count, so that a position asked again
        after the table was let go of from memory, or after a restart, is not counted twice."""
        if table.seats[seat].get("hinted_at") == seq:
            return
        seats = [dict(info) for info in table.seats]
        seats[seat]["hints"] = int(seats[seat].get("hints", 0)) + 1
        seats[seat]["hinted_at"] = seq
        await asyncio.to_thread(self.service.store.set_seats, table.id, seats)
        table.seats[seat].update(hints=seats[seat]["hints"], hinted_at=seq)

    # ---- the review after the game -----------------------------------------------------------

    async def start_review(self, table_id: str, token: str | None, lang: str) -> dict[str, Any]:
        """Start the review of the token's seat (once: asked again, it says how far it got)."""
        check_lang(lang)
        table = await self.service.table(table_id)
        seat = self._check_bots_only(table, self.service.seat_of(table, token))
        if not table.state.is_over:
            raise PlayerError(409, NOT_OVER)
        key = (table.id, seat)
        review = self.reviews.get(key)
        if review is None or review.failed:
            review = self.reviews[key] = Review()
            review.task = self.service._spawn(self._run(table, seat, review))  # a failure is logged
            while len(self.reviews) > REVIEWS_KEPT:  # the oldest is forgotten (asked again, it runs again)
                self.reviews.popitem(last=False)
        return self._status(table, seat, review, lang)

    async def review(self, table_id: str, token: str | None, lang: str) -> dict[str, Any]:
        """How far the token's seat's review got, and the moves it marked so far."""
        check_lang(lang)
        table = await self.service.table(table_id)
        seat = self._check_bots_only(table, self.service.seat_of(table, token))
        review = self.reviews.get((table.id, seat))
        if review is None:
            return {"started": False, "done": 0, "total": 0, "finished": False, "marks": [],
                    "margin": analysis.REVIEW_MARGIN}
        return self._status(table, seat, review, lang)

    async def _run(self, table: LiveTable, seat: int, review: Review) -> None:
        record = table.state.record()

        def progress(done: int, total: int) -> None:
            review.done, review.total = done, total  # read by the loop's requests: plain ints

        seed = zlib.crc32(f"{table.id}:review:{seat}".encode())
        try:
            async with self._searches:
                review.marks = await asyncio.to_thread(
                    analysis.review, record, seat, seed=seed, worlds=self.review_worlds,
                    limit=self.review_decisions, seconds=REVIEW_SECONDS, progress=progress)
            review.finished = True
        except Exception:
            review.failed = True
            raise

    def _status(self, table: LiveTable, seat: int, review: Review, lang: str) -> dict[str, Any]:
        return {
            "started": True,
            "done": review.done,
            "total": review.total,
            "finished": review.finished,
            "failed": review.failed,
            "margin": analysis.REVIEW_MARGIN,
            "marks": self._marks(table, seat, review.marks, lang) if review.finished else [],
        }

    def _marks(self, table: LiveTable, seat: int, marks: list[analysis.Mark], lang: str) -> list[dict[str, Any]]:
        """The marked moves in words, each from the seat's observation at its position."""
        if not marks:
            return []
        info = kartaros.GAMES[table.state.game]
        say = shared().speech(lang)
        record = table.state.record()
        position = analysis.start(record)
        at = {mark.index: mark for mark in marks}
        shown: list[dict[str, Any]] = []
        mine = 0  # the seat's own moves so far: the review numbers them as the person made them
        for index, action in enumerate(record["actions"]):
            mine += position.current_player == seat
            mark = at.get(index)
            if mark is not None:
                observation = position.observation(seat, since=NO_EVENTS)
                played = info.words.action(observation, mark.played, table.names, lang)
                better = info.words.action(observation, mark.better, table.names, lang)
                shown.append({
                    "index": index, "played": mark.played, "better": mark.better,
                    "played_text": played, "better_text": better,
                    "played_value": mark.played_value, "better_value": mark.better_value, "worlds": mark.worlds,
                    "move": mine,
                    "words": say(MARKED, n=mine, played=played, better=better, worlds=mark.worlds,
                                 better_share=round(100 * mark.better_value),
                                 played_share=round(100 * mark.played_value)),
                })
                if len(shown) == len(marks):
                    break
            position.apply(action)
        return shown


def hint_routes(desk: HintDesk) -> APIRouter:
    """The API of hints and reviews (the token as ``Authorization: Bearer <token>``)."""
    router = APIRouter(tags=["tables"])

    @router.post("/api/tables/{table_id}/hint")
    async def post_hint(
        table_id: str, authorization: Annotated[str | None, Header()] = None, lang: Lang = "en"
    ) -> dict[str, Any]:
        """The strong bot's move for the token's seat, to move at a table against bots only:
        ``action`` (one of the view's legal actions), ``text`` (the move in words), ``reason``
        (why, in the game's terms; may be empty) and ``numbers`` (what the search found)."""
        return await desk.hint(table_id, seat_token(authorization), lang)

    @router.post("/api/tables/{table_id}/review")
    async def post_review(
        table_id: str, authorization: Annotated[str | None, Header()] = None, lang: Lang = "en"
    ) -> dict[str, Any]:
        """Start reviewing the token's seat's moves of a finished game against bots; the answer
        says how far it got (as ``GET``)."""
        return await desk.start_review(table_id, seat_token(authorization), lang)

    @router.get("/api/tables/{table_id}/review")
    async def get_review(
        table_id: str, authorization: Annotated[str | None, Header()] = None, lang: Lang = "en"
    ) -> dict[str, Any]:
        """How far the review got (``done`` of ``total`` decisions) and, once ``finished``, the
        moves the strong bot judged at least ``margin`` (a share of the win) worse, each with
        the better move and both moves' shares."""
        return await desk.review(table_id, seat_token(authorization), lang)

    return router
