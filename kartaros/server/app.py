"""The web server: the public HTTP and WebSocket API (``docs/api.md``) and the pages.

Start it with ``kartaros serve``. Every response for a seat is built from
``observation(seat)``; a request without a token is a spectator's and sees what every player
knows. Errors are ``{"error": "<an English sentence>"}`` with a 4xx status; one a player can
meet by clicking also has ``"words"``, the sentence in the request's ``lang``. The database
failing is a 503 of the same shape (the person may try again); nothing answers in plain text.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from importlib import resources
from typing import Annotated, Any

from fastapi import Body, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr, field_validator
from starlette.exceptions import HTTPException as StarletteHTTPException

import kartaros
from kartaros.calls import CALL_SECONDS
from kartaros.info import GameInfo
from kartaros.words import N_, shared, speech

from . import puzzle_pages
from .account_routes import account_routes, bind_socket
from .accounts import Accounts
from .address import PublicAddress
from .answers import FastJSONResponse, error_json, failure_answer, json_bytes, known_lang, seat_token, storage_trouble
from .chat import Chats
from .clock import Clock
from .clocks import ASKED, ON_TIMEOUT, PER_MOVE, RESERVE, TABLE_REASONS, end_words
from .fanout import Message, Said, shared_fanout
from .guard import MAX_DEPTH, MAX_MESSAGE, Guard, depth, same_origin, valid_text
from .guide import game_guide
from .hints import HintDesk, hint_routes
from .lessons import mount as mount_lessons
from .limits import SOCKET_MESSAGES, ClientLimits, RateLimit, SharedLimits
from .lobby import Lobby
from .lobby_api import lobby_routes
from .move_path import MovePath, play_move
from .pushes import SEND_SECONDS, Watcher
from .store import DEFAULT_URL, StorageError, Store
from .tables import MAX_NAME, MAX_TRY, SEAT_KINDS, ApiError, PlayerError, TableService, check_lang
from .thinking import Thinking
from .words import card_names, choice_words, language_options, languages, page_words

log = logging.getLogger(__name__)

FIRST_MESSAGE_SECONDS = 2.0  # how long a new socket may take to send its token
CLOSE_SECONDS = 1.0  # how long a dropped client's socket is given to take its close
Lang = Annotated[
    str, Query(description="the language of the words: en (English), sr (Serbian); see GET /api/words")
]
LANGUAGE_SWITCH = '<select id="lang"></select>'  # where a page's HTML gets its languages
# where a page's header gets the site's links (``static/site-links.html``), the same on every page
SITE_LINKS_MARK = "<!-- site links -->"


MOST_PLAYERS = max(info.max_players for info in kartaros.GAMES.values())
Name = Annotated[str, Field(max_length=MAX_NAME)]


class NewTable(BaseModel):
    game: str = Field(max_length=32, description=f"a game name from GET /api/games: {', '.join(kartaros.GAMES)}")
    players: StrictInt | None = Field(None, ge=1, le=MOST_PLAYERS,
                                      description="how many play (default: the game's fewest)")
    seats: list[Annotated[str, Field(max_length=16)]] = Field(
        max_length=MOST_PLAYERS, description=f"one per player: {', '.join(SEAT_KINDS)}")
    variant: dict[str, Any] = Field(default_factory=dict, max_length=16,
                                    description="rule options (see GET /api/games)")
    names: list[Name] = Field(default_factory=list, max_length=MOST_PLAYERS,
                              description=f"optional names, one per seat (up to {MAX_NAME} characters)")
    open: StrictBool = Field(False, description="listed in the lobby, its other human seats free for anyone "
                                                "(POST /api/tables/{id}/seats); false: invite links only")

    clock: dict[str, StrictInt] | None = Field(
        None, max_length=2,
        description=f'a move clock: {{"per_move": {PER_MOVE[0]}..{PER_MOVE[1]}, "reserve": {RESERVE[0]}..{RESERVE[1]}}}'
        " seconds (default: none)")
    on_timeout: str = Field("bot", max_length=16,
                            description=f"when a seat's time runs out or its player is gone: {', '.join(ON_TIMEOUT)}")

    @field_validator("names")
    @classmethod
    def _people_write_names(cls, names: list[str]) -> list[str]:
        if not all(valid_text(name) for name in names):
            raise ValueError("a name must be text without control characters (valid Unicode)")
        return names


class TableEvent(BaseModel):
    kind: StrictStr = Field(max_length=32, description=f"one of {', '.join(ASKED)}")


class Move(BaseModel):
    # strict: a seq must be a number of the view, not "0", 0.0 or false
    action: StrictStr = Field(max_length=MAX_TRY, description="one of the legal actions of the view")
    seq: StrictInt = Field(description="the seq of the view the move was chosen in")


FINISHED_ASKED = 100  # tables one request may ask about


def create_app(
    db_url: str = DEFAULT_URL, call_seconds: float = CALL_SECONDS, clock: Clock | None = None,
    send_seconds: float = SEND_SECONDS, public: PublicAddress | None = None, rate_limits: bool = False,
    bot_workers: int = 0, redis_url: str | None = None, redis_prefix: str = "kartaros",
    seeds: Callable[[], int | None] | None = None,
) -> FastAPI:
    """The web app over the database at ``db_url``; ``call_seconds``: how long a call window
    stays open to everyone after a miss; ``clock``: the server's clock (a test's fake one);
    ``send_seconds``: how long one message may take to reach a socket's client before the
    client is dropped as not reading; ``public``: how invite links name the server for others
    (by default, as each request names it); ``rate_limits``: each client address held to the
    rates of ``limits.CLIENT_LIMITS`` (``kartaros serve`` turns them on; off here, for embedding
    and tests whose clients are scripts; counted in ``redis_url``'s Redis, where given, for all
    the processes at once); ``bot_workers``: processes the bots think in (0: threads
    of this one); ``redis_url``: other server processes share the tables of this (PostgreSQL)
    database, and their changes are told over this Redis, on channels named from ``redis_prefix``
    (``fanout``); ``seeds``: the seed each new table is dealt with, None for a fresh random one
    (a test's fixed deals; by default always random); ``ValueError`` for an SQLite database,
    which one process alone may serve."""
    public = public or PublicAddress()
    fanout = shared_fanout(db_url, redis_url, redis_prefix)
    store = Store(db_url)
    service = TableService(store, clock=clock, call_seconds=call_seconds, thinking=Thinking(bot_workers),
                           fanout=fanout, seeds=seeds)
    chats = Chats(store, service.clock, fanout)
    # a client's rate counted once for all the processes sharing the tables, or here alone
    limits = None if not rate_limits else SharedLimits(redis_url, redis_prefix) if redis_url else ClientLimits()
    service.let_go_listeners.append(chats.forget)
    lobby = Lobby(service)
    accounts = Accounts(store)

    def heard(message: Message) -> None:
        """What another process told: a chat's new message is the chats', the rest the tables'."""
        if isinstance(message, Said):
            chats.heard(message)
        else:
            service.changed_elsewhere(message)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await fanout.start(heard)  # the other processes' changes reach this one
        service.start()  # every table left with a bot to move or a window open goes on by itself
        yield
        service.stop()
        await fanout.close()
        if limits is not None:
            await limits.close()
        store.close()

    titles = shared().speech("en").listed(info.title for info in kartaros.GAMES.values())
    app = FastAPI(
        title="kartaros",
        version=kartaros.__version__,
        summary=f"Play the Serbian card games {titles}: tables, seats, moves.",
        lifespan=lifespan,
        # the schema only (/openapi.json): the generated pages would load their scripts from a CDN
        docs_url=None,
        redoc_url=None,
        default_response_class=FastJSONResponse,
    )
    # (The guard added last, so that it comes first: a move's short way is inside it.)
    app.add_middleware(MovePath, service=service)
    app.add_middleware(Guard, limits=limits, clock=service.clock)
    app.state.service = service
    app.state.public = public  # how the server names itself for others (links, whether it is https)
    app.include_router(account_routes(accounts, service.clock, public))  # optional accounts, ratings
    app.include_router(hint_routes(HintDesk(service)))  # hints and reviews at tables against bots
    app.state.lobby = lobby

    @app.exception_handler(ApiError)
    async def api_error(request: Request, err: ApiError) -> JSONResponse:
        return _failure_response(err, request)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, err: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg')}"
            for e in err.errors()
        )
        return JSONResponse({"error": f"the request is not valid: {problems}"}, status_code=400)

    @app.exception_handler(StorageError)
    async def storage_error(request: Request, err: StorageError) -> JSONResponse:
        return _failure_response(err, request)

    @app.exception_handler(Exception)
    async def server_error(request: Request, err: Exception) -> JSONResponse:
        return _failure_response(err, request)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, err: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(err.detail)}, status_code=err.status_code)

    # ---- the API ---------------------------------------------------------------------------

    @app.get("/healthz", tags=["server"], responses={503: {"description": "the database cannot be written"}})
    async def healthz() -> JSONResponse:
        """``ok`` when the database takes a write; a 503 when it does not (full, locked, read-only)."""
        try:
            await asyncio.to_thread(store.check)
        except StorageError as err:
            log.warning("health check: %s", err)
            return JSONResponse({"status": "failing", "error": "the database cannot be written"}, status_code=503)
        return JSONResponse({"status": "ok"})

    @app.get("/api/games", tags=["games"])
    async def games(lang: Lang = "en") -> list[dict[str, Any]]:
        """The games, their player counts and rule options (their words in ``lang``)."""
        check_lang(lang)
        return [_game(info, lang) for info in kartaros.GAMES.values()]

    @app.get("/api/words", tags=["games"])
    async def words(lang: Lang = "en", game: str | None = None) -> dict[str, Any]:
        """The languages, every message of the pages in ``lang`` (English message → words), with
        ``game`` those of its table too, and every card's name."""
        check_lang(lang)
        if game is not None and game not in kartaros.GAMES:
            raise PlayerError(404, N_("there is no game called {game}"), game=game)
        info = kartaros.GAMES[game] if game is not None else None
        return {"lang": lang, "languages": languages(), "words": page_words(lang, info), "cards": card_names(lang)}

    @app.post("/api/tables", tags=["tables"], status_code=201)
    async def create_table(body: NewTable, request: Request, lang: Lang = "en") -> dict[str, Any]:
        """A new table; the answer holds a secret token for each human seat, and the link that
        opens it for someone else (by the server's public URL). Seats without a name are named
        in ``lang``."""
        check_lang(lang)
        if body.open:  # the creator's seat alone is handed out; he is named, as everyone who sits
            made = await lobby.create(body.game, body.players, body.seats, body.variant,
                                      body.names[0] if body.names else "", lang)
            return {"table": made.table, "seats": [{"seat": made.seat, "token": made.token}]}
        table_id, tokens = await service.create(body.game, body.players, body.seats, body.variant, body.names,
                                                lang, clock=body.clock, on_timeout=body.on_timeout)
        here = str(request.base_url)
        return {"table": table_id,
                "seats": [seat | {"link": public.invite(here, table_id, seat["token"])} for seat in tokens]}

    @app.get("/api/tables/{table_id}", tags=["tables"])
    async def get_table(
        table_id: str, authorization: Annotated[str | None, Header()] = None, lang: Lang = "en"
    ) -> dict[str, Any]:
        """The table as the token's seat sees it (``view`` is exactly ``observation(seat)``)."""
        check_lang(lang)
        table = await service.table(table_id)
        return service.view(table, service.seat_of(table, seat_token(authorization)), lang)

    @app.post("/api/tables/{table_id}/actions", tags=["tables"])
    async def post_action(
        table_id: str,
        move: Annotated[Move, Body()],
        authorization: Annotated[str | None, Header()] = None,
        lang: Lang = "en",
    ) -> dict[str, Any]:
        """Play a move for the token's seat; the answer is the new view."""
        return await play_move(service, table_id, authorization, move.action, move.seq, lang)

    @app.post("/api/tables/{table_id}/events", tags=["tables"])
    async def post_table_event(
        table_id: str,
        event: Annotated[TableEvent, Body()],
        authorization: Annotated[str | None, Header()] = None,
        lang: Lang = "en",
    ) -> dict[str, Any]:
        """The table's events for the token's seat, beside the moves: ``resign`` (the game ends,
        he loses), ``offer_draw`` / ``accept_draw`` / ``decline_draw`` (where the game has draw
        offers), ``take_seat_back`` (from the bot that played for him); the answer is the new view."""
        check_lang(lang)
        table = await service.table(table_id)
        seat = service.seat_of(table, seat_token(authorization))
        table = await service.table_event(table_id, seat, event.kind)
        return service.view(table, seat, lang)

    @app.get("/api/tables/{table_id}/record", tags=["tables"])
    async def get_record(table_id: str) -> dict[str, Any]:
        """The full record, once the game is over."""
        return await service.record(table_id)

    @app.get("/api/tables/{table_id}/frames", tags=["tables"])
    async def get_frames(
        table_id: str, lang: Lang = "en",
        start: Annotated[int, Query(alias="from", ge=0, description="the first frame wanted (0: the deal)")] = 0,
        count: Annotated[int, Query(ge=1, le=MOST_FRAMES, description="how many frames, at most")] = MOST_FRAMES,
    ) -> dict[str, Any]:
        """A finished game step by step with every card shown, for the replay viewer: ``count``
        frames from ``from`` on, and ``total``, how many the game has (its moves and the deal)."""
        check_lang(lang)
        record = await service.record(table_id)
        frames, total = await asyncio.to_thread(replay_frames, record, lang, start, count)
        info = kartaros.GAMES[record["game"]]
        return {"table": table_id, "game": info.name, "title": info.title, "names": _names(record, lang),
                "from": start, "total": total, "frames": frames}

    @app.get("/api/rules/{game}", tags=["games"], response_class=PlainTextResponse)
    async def get_rules(game: str, lang: str = "en") -> str:
        """A game's rules: ``lang=en`` as implemented (Markdown), ``lang=sr`` the Serbian original."""
        if game not in kartaros.GAMES or lang not in ("en", "sr"):
            raise ApiError(404, f"no rules for {game!r} in {lang!r} (games: {', '.join(kartaros.GAMES)}; en or sr)")
        return kartaros.GAMES[game].rules_text(lang)

    @app.get("/api/guide/{game}", tags=["games"])
    async def get_guide(game: str, lang: Lang = "en") -> dict[str, str]:
        """A game's rules written for players, in ``lang``, as HTML with pictures of the cards:
        ``title``, ``html`` (the whole guide, its rule options and, last, the cheat sheet) and
        ``cheat_sheet_html`` (what matters in the middle of a game). ``/api/rules`` is the
        engine's specification."""
        check_lang(lang)
        if game not in kartaros.GAMES:
            raise PlayerError(404, N_("there is no game called {game}"), game=game)
        guide = game_guide(kartaros.GAMES[game], lang)
        if guide is None:
            raise PlayerError(404, N_("there are no rules for players of this game yet"))
        return {"game": game, "title": guide.title, "html": guide.html, "cheat_sheet_html": guide.cheat_sheet_html}

    @app.get("/api/finished", tags=["tables"])
    async def finished(lang: Lang = "en", tables: str = "") -> list[dict[str, Any]]:
        """The finished games among ``tables`` (comma-separated ids: those a visitor played, which
        the pages remember), newest first; ``title`` and ``end`` (how it ended) in ``lang``. No
        list of every game on the server: a table is seen only by who knows its id."""
        check_lang(lang)
        wanted = [table for table in tables.split(",") if table][:FINISHED_ASKED]
        if not wanted:
            return []
        return [_finished(table, lang) for table in await asyncio.to_thread(store.finished, wanted)]

    @app.websocket("/api/tables/{table_id}/ws")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        # another site's page may not play for its visitor
        if not (same_origin(websocket.headers) or public.is_origin(websocket.headers.get("origin"))):
            await websocket.close(code=4403)
            return
        await websocket.accept()
        try:
            lang = check_lang(websocket.query_params.get("lang", "en"))
            table = await service.table(table_id)
        except StorageError:
            await websocket.send_json(error_json(storage_trouble(), _socket_lang(websocket)))
            await websocket.close(code=1013)  # try again later
            return
        except ApiError as err:
            await websocket.send_json(error_json(err, _socket_lang(websocket)))
            await websocket.close(code=4400 if err.status == 400 else 4404)
            return
        seat: int | None = None
        try:
            first = await asyncio.wait_for(_receive(websocket), FIRST_MESSAGE_SECONDS)
        except TimeoutError:
            first = None
        except WebSocketDisconnect:
            return
        if first is not None:
            try:
                token, asked = _first_message(first)
                seat = service.seat_of(table, token)
                lang = check_lang(asked) if asked is not None else lang
            except ApiError as err:
                await websocket.send_json(error_json(err, lang))
                await websocket.close(code=4400 if err.status == 400 else 4401)
                return
            if seat is not None:
                with suppress(StorageError):  # the game goes on where the account cannot be noted
                    await bind_socket(accounts, service.clock, websocket, table.id, seat)

        # The table tells the watcher into its outbox and never waits; this socket's sender empties
        # it, and a client too slow to take one message within ``send_seconds`` is dropped.
        watcher = Watcher(seat, lang)
        service.watch(table, watcher)
        watcher.view(service.view(table, seat, lang))

        pace = RateLimit(*SOCKET_MESSAGES) if rate_limits else None  # what this socket may send

        async def receive() -> None:
            nonlocal seat
            while True:
                message = _parsed(await _receive(websocket))
                if pace is not None and not pace.allow(0, service.clock.now()):
                    watcher.reply(error_json(PlayerError(429, N_("too many messages: wait a moment")), watcher.lang))
                    continue  # not read: a client hammering the socket is told, not served
                if message is None:
                    watcher.reply({"error": 'send JSON like {"action": "draw", "seq": 3}'})
                    continue
                try:
                    if "token" in message and seat is None:  # a token late (a slow phone): the seat opens now
                        token = message["token"]
                        if not isinstance(token, str):
                            raise ApiError(401, "the token must be a string")
                        seat = service.seat_of(table, token)
                        if seat is not None:
                            with suppress(StorageError):
                                await bind_socket(accounts, service.clock, websocket, table.id, seat)
                        service.sit(table, watcher, seat)  # the others see the seat connected
                        watcher.view(service.view(table, seat, watcher.lang))
                        continue
                    if message.get("full_view") is True:  # the client lost count of the events: all of them again
                        watcher.view(service.view(table, seat, watcher.lang), full=True)
                        continue
                    if "lang" in message:  # the page switched language: words in it from now on
                        if not isinstance(message["lang"], str):
                            raise ApiError(400, f"lang must be a string: {' or '.join(speech.LANGUAGES)}")
                        watcher.lang = check_lang(message["lang"])
                        if "action" not in message:
                            watcher.view(service.view(table, seat, watcher.lang))
                            continue
                    if "chat" in message or "mute" in message or "read_chat" in message:
                        try:
                            if "read_chat" in message:  # this socket reads the chat from now on
                                await chats.join(table, watcher)
                            elif "chat" in message:  # a message to the table
                                await chats.say(table, seat, message["chat"])
                            else:  # {"mute": seat, "on": bool}: that seat's chat no more (or again)
                                await chats.mute(table, seat, message["mute"], message.get("on", True))
                        except ApiError as err:  # said beside the chat, not over the table
                            watcher.reply({**error_json(err, watcher.lang), "about": "chat"})
                        continue
                    if "table_event" in message:  # resign, a draw offer, taking the seat back
                        await service.table_event(table_id, seat, message["table_event"])
                        continue
                    if "explain" in message:  # why a try cannot be made now (hover, long press)
                        words = await service.explain(table_id, seat, message["explain"], watcher.lang)
                        watcher.reply({"explain": message["explain"], "words": words})
                        continue
                    await service.act(table_id, seat, message.get("action"), message.get("seq"))
                except ApiError as err:
                    watcher.reply(error_json(err, watcher.lang))
                except StorageError:
                    watcher.reply(error_json(storage_trouble(), watcher.lang))

        receiving = asyncio.create_task(receive())
        sending = asyncio.create_task(_send_all(websocket, watcher, send_seconds))
        try:
            await asyncio.wait((receiving, sending), return_when=asyncio.FIRST_COMPLETED)
        finally:
            dropped = not receiving.done()  # the client is still there, but does not read
            watcher.close()
            service.unwatch(table, watcher)
            for task in (receiving, sending):
                task.cancel()
            ended = await asyncio.gather(receiving, sending, return_exceptions=True)
        for failure in ended:
            if isinstance(failure, Exception) and not isinstance(failure, WebSocketDisconnect):
                log.error("a table's socket failed: %s", type(failure).__name__)
        if dropped:  # say so if the socket still takes it, without waiting long
            with suppress(Exception):
                await asyncio.wait_for(websocket.close(code=4408), CLOSE_SECONDS)

    # ---- the pages -------------------------------------------------------------------------

    static = resources.files("kartaros.server") / "static"
    app.mount("/static", StaticFiles(directory=str(static)), name="static")

    def page(name: str) -> HTMLResponse:
        """A page, its header's links the site's, its language switch listing the languages there are."""
        links = (static / "site-links.html").read_text(encoding="utf-8")
        text = (static / name).read_text(encoding="utf-8").replace(SITE_LINKS_MARK, links)
        return HTMLResponse(text.replace(LANGUAGE_SWITCH, LANGUAGE_SWITCH.replace("><", f">{language_options()}<")))

    puzzle_pages.register(app, service, page)  # the puzzles' API and pages

    @app.get("/", include_in_schema=False)
    async def home() -> HTMLResponse:
        return page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> HTMLResponse:
        return page("table.html")

    @app.get("/account", include_in_schema=False)
    @app.get("/players/{username}", include_in_schema=False)
    @app.get("/leaderboard", include_in_schema=False)
    @app.get("/leaderboard/{game}", include_in_schema=False)
    async def account_pages() -> HTMLResponse:
        return page("account.html")  # the page reads which of them from its address

    @app.get("/replays", include_in_schema=False)
    async def replays_page() -> HTMLResponse:
        return page("replays.html")

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str) -> HTMLResponse:
        """A game's rules for players as a page of its own, to read or print (``?lang=``)."""
        if game not in kartaros.GAMES:
            raise PlayerError(404, N_("there is no such page"))
        return page("rules.html")

    @app.get("/games/{game}/{name}", include_in_schema=False)
    async def game_page_file(game: str, name: str) -> Response:
        """A game's own file for the pages: its table's layout, from the game's folder."""
        text = kartaros.GAMES[game].page_file(name) if game in kartaros.GAMES else None
        if text is None:
            raise PlayerError(404, N_("there is no such page"))
        media = "text/javascript" if name.endswith(".js") else "text/css"
        return Response(text, media_type=f"{media}; charset=utf-8")

    mount_lessons(app, page)  # the guided first games: /learn/<game>, on the table page
    lobby_routes(app, lobby, page, seat_token, send_seconds)

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    return app


MOST_FRAMES = 500  # frames one answer holds: a long game's replay comes in pages


def replay_frames(
    record: dict[str, Any], lang: str = "en", start: int = 0, count: int | None = None,
) -> tuple[list[dict[str, Any]], int]:
    """Positions of a finished game with all cards shown (the game is over: nothing is secret
    any more), ``count`` of them from ``start`` on (None: to the end), and how many there are:
    the start, then one frame per move, told in the third person by the mover's name (in
    ``lang``, ``kartaros.told_events``: its first event is the move itself, the rest what it
    caused). The frames before ``start`` are played through, not told."""
    names = _names(record, lang)
    steps = kartaros.Replay(record)
    total = len(record["actions"]) + 1
    stop = total if count is None else min(total, start + count)
    frames: list[dict[str, Any]] = []
    told = 0  # the events up to the position reached

    def close(index: int, action: str | None, state: kartaros.GameState) -> None:
        """Frame ``index``, the position ``action`` led to, if it is wanted; its events counted."""
        nonlocal told
        if not start <= index < stop:
            told += len(state.observation(0, since=told)["events"])
            return
        sentences = kartaros.told_events(state, names, lang, told)
        told += len(sentences)
        frame: dict[str, Any] = {"text": "", "action": action, "zones": state.zones(), "events": []}
        if action is not None:  # the start: the deal is what the first frame shows
            frame["text"] = f"{index}. {sentences[0] if sentences else action}"
            frame["events"] = sentences[1:]
        frames.append(frame)

    before: str | None = None  # the action that led to the position reached
    for index, (_, action, state) in enumerate(steps):
        if index >= stop:
            break
        close(index, before, state)
        before = action
    else:
        if total - 1 < stop:
            close(total - 1, before, steps.final)
    return frames, total


def _names(record: dict[str, Any], lang: str) -> list[str]:
    """The players of a record by name (``Player 2`` in ``lang`` where the record has none)."""
    say = shared().speech(lang)
    names = record.get("names") or []
    generic = say.seat_names(record["players"])
    return [names[p] if p < len(names) else generic[p] for p in range(record["players"])]


async def _send_all(websocket: WebSocket, watcher: Watcher, send_seconds: float) -> None:
    """Send the watcher's messages as they come; a send that takes longer than ``send_seconds``
    ends it (the client does not read), as does a closed socket."""
    while (message := await watcher.next()) is not None:
        try:
            await asyncio.wait_for(websocket.send_text(json_bytes(message).decode()), send_seconds)
        except TimeoutError:
            log.info("a client that did not read was dropped")
            return
        except Exception:  # the socket is gone
            return


async def _receive(websocket: WebSocket) -> str:
    """A client's next message as text; empty for one that is not (binary) or too long to read."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) and len(text) <= MAX_MESSAGE else ""


def _parsed(text: str) -> dict[str, Any] | None:
    """A client's message as a JSON object, None where it is not one (or nests deeper than any message)."""
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return message if isinstance(message, dict) and depth(message) <= MAX_DEPTH else None


def _failure_response(err: Exception, request: Request) -> JSONResponse:
    content, status = failure_answer(err, _request_lang(request), request.scope)
    return JSONResponse(content, status_code=status)


def _request_lang(request: Request) -> str:
    return known_lang(request.query_params.get("lang", "en"))


def _socket_lang(websocket: WebSocket) -> str:
    return known_lang(websocket.query_params.get("lang", "en"))


def _game(info: GameInfo, lang: str) -> dict[str, Any]:
    """A game for ``GET /api/games``: its options with their words for people in ``lang``."""
    say = shared().speech(lang)
    said = {o.name: o for o in info.words.options(lang)} if info.words.options is not None else {}
    options = []
    for o in info.options:
        words = said.get(o.name)
        choices = words.choices if words is not None else {}
        options.append({
            "name": o.name,
            "default": o.default,
            "for_people": info.people_variant.get(o.name, o.default),
            "choices": o.choices,
            "minimum": o.minimum,
            "doc": o.doc,
            # For people: the option's label and explanation, and each choice's words (the raw
            # name and values where the game has no words for them yet).
            "label": words.label if words is not None else o.name,
            "explanation": words.explanation if words is not None else (o.doc if lang == "en" else ""),
            "choice_words": None if o.choices is None else [choice_words(say, choices, c) for c in o.choices],
        })
    summary = info.words.summary(lang) if info.words.summary else info.summary
    return {
        "name": info.name, "title": info.title, "summary": summary, "min_players": info.min_players,
        "max_players": info.max_players, "options": options,
        "lesson": info.lesson is not None,  # a guided first game at /learn/<name>
    }


def _finished(table: dict[str, Any], lang: str) -> dict[str, Any]:
    """A finished table for the replay list, with its title and how it ended in ``lang``."""
    info = kartaros.GAMES.get(table["game"])
    result = table.get("result")
    end = ""
    if info is not None and result and result.get("reason") in TABLE_REASONS and "seat" in result:
        end = end_words(result, _names(table, lang), lang)  # the table ended it: a resignation …
    elif info is not None and result:
        event = {"type": "end", "reason": result["reason"], "returns": result["returns"]}
        end = info.words.event(event, _names(table, lang), lang)
    return {**table, "title": info.title if info is not None else table["game"], "end": end}


def _first_message(text: str) -> tuple[str | None, str | None]:
    """The token (None: a spectator) and the language (None: as the URL asked) of a socket's first message."""
    message = _parsed(text)
    if message is None:
        raise ApiError(400, 'the first message is {"token": "<seat token>"}, or {} to watch')
    token = message.get("token")
    if token is not None and not isinstance(token, str):
        raise ApiError(401, "the token must be a string")
    lang = message.get("lang")
    if lang is not None and not isinstance(lang, str):
        raise ApiError(400, f"lang must be a string: {' or '.join(speech.LANGUAGES)}")
    return token, lang
