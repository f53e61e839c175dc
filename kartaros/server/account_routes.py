"""The accounts' HTTP API: signing up, in and out, who is signed in, profiles and leaderboards.

The session is a cookie (``HttpOnly``, ``SameSite=Strict``, ``Secure`` over HTTPS) whose token's
hash alone is stored. Against cross-site requests: the cookie is never sent by another site's
page (``SameSite=Strict``), every request that changes something is JSON (a form of another site
cannot send it without asking first) and, from a browser, must come from the server's own pages
(its ``Origin``). Signing in is held to a rate per address and name, on the server's clock.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, Response, WebSocket
from pydantic import BaseModel, Field

import kartaros
from kartaros.words import N_

from .accounts import MAX_PASSWORD, Account, Accounts
from .address import PublicAddress
from .clock import Clock
from .guard import same_origin
from .limits import RateLimit
from .tables import PlayerError, check_lang

COOKIE = "kartaros_session"
SIGN_IN_RATE = (0.1, 5)  # tries at one name from one address: five, then one every 10 s


class Credentials(BaseModel):
    username: str = Field(max_length=64)
    password: str = Field(max_length=MAX_PASSWORD + 1)


def account_routes(accounts: Accounts, clock: Clock, public: PublicAddress) -> APIRouter:
    """The routes; ``public``: how others reach the server (over HTTPS by its public URL, its
    cookie is ``Secure`` even where a proxy speaks plain HTTP to it)."""
    secure_always = bool(public.url and public.url.startswith("https://"))
    router = APIRouter(tags=["accounts"])
    tries = RateLimit(*SIGN_IN_RATE)

    def own_page(request: Request) -> None:
        if not (same_origin(request.headers) or public.is_origin(request.headers.get("origin"))):
            raise PlayerError(403, N_("this can be done only from the server's own pages"))

    def signed_in(response: Response, request: Request, token: str) -> None:
        secure = secure_always or request.url.scheme == "https"
        response.set_cookie(COOKIE, token, max_age=30 * 86400, httponly=True, samesite="strict", secure=secure,
                            path="/")

    @router.post("/api/accounts", status_code=201)
    async def sign_up(body: Credentials, request: Request, response: Response) -> dict[str, str]:
        """A new account, signed in at once."""
        own_page(request)
        account = await asyncio.to_thread(accounts.register, body.username, body.password)
        signed_in(response, request, await asyncio.to_thread(accounts.new_session, account, clock.now()))
        return {"username": account.username}

    @router.post("/api/session")
    async def sign_in(body: Credentials, request: Request, response: Response) -> dict[str, str]:
        own_page(request)
        address = request.client.host if request.client else "unknown"
        if not tries.allow((address, body.username.casefold()), clock.now()):
            raise PlayerError(429, N_("too many tries: wait a moment"))
        account = await asyncio.to_thread(accounts.check, body.username, body.password)
        signed_in(response, request, await asyncio.to_thread(accounts.new_session, account, clock.now()))
        return {"username": account.username}

    @router.delete("/api/session")
    async def sign_out(request: Request, response: Response) -> dict[str, None]:
        own_page(request)
        await asyncio.to_thread(accounts.end_session, request.cookies.get(COOKIE))
        response.delete_cookie(COOKIE, path="/")
        return {"username": None}

    @router.get("/api/me")
    async def me(request: Request) -> dict[str, str | None]:
        """Who is signed in here (``null``: a guest)."""
        account = await session_account(accounts, clock, request.cookies.get(COOKIE))
        return {"username": account.username if account else None}

    @router.get("/api/players/{username}")
    async def profile(username: str, lang: str = "en") -> dict[str, Any]:
        """A player's games (the latest 50), his results and rating per game."""
        check_lang(lang)
        found = await asyncio.to_thread(accounts.profile, username[:64])
        for game in found["games"]:
            game["title"] = kartaros.GAMES[game["game"]].title
        for played in found["history"]:
            played["title"] = kartaros.GAMES[played["game"]].title
        return found

    @router.get("/api/leaderboard/{game}")
    async def leaderboard(game: str) -> dict[str, Any]:
        """The best accounts of a game by rating (its conservative estimate)."""
        leaders = await asyncio.to_thread(accounts.leaderboard, game[:32])
        return {"game": game, "title": kartaros.GAMES[game].title, "leaders": leaders}

    return router


async def session_account(accounts: Accounts, clock: Clock, token: str | None) -> Account | None:
    return await asyncio.to_thread(accounts.of_session, token, clock.now()) if token else None


async def bind_socket(accounts: Accounts, clock: Clock, websocket: WebSocket, table_id: str, seat: int) -> None:
    """A seat opened by its token while signed in becomes the account's (the first time)."""
    account = await session_account(accounts, clock, websocket.cookies.get(COOKIE))
    if account is not None:
        await asyncio.to_thread(accounts.bind, table_id, seat, account)
