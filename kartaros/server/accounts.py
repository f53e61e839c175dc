"""Accounts, optional: a username and a password (argon2id), sessions in a cookie, the seats an
account sat at, and what follows from them: a profile (history, statistics per game, ratings)
and a leaderboard per game.

Play needs no account: a guest plays by name. A seat becomes an account's when it is opened by
its invite link while signed in (``bind``), the first time only. The session cookie holds a
random token whose hash alone is stored; it is ``HttpOnly``, ``SameSite=Strict`` and, over
HTTPS, ``Secure``. Every method here is one transaction, called off the event loop.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import and_, delete, insert, select
from sqlalchemy.exc import IntegrityError

import kartaros
from kartaros.words import N_

from .ratings import RatedGame, Rating, rated, ratings
from .store import Store, _storage, accounts, hash_token, seat_accounts, sessions, tables
from .tables import PlayerError

USERNAME = re.compile(r"^[^\W_][\w.-]{1,22}[^\W_]$")  # 3-24 letters, digits, . _ - inside; any script
MIN_PASSWORD, MAX_PASSWORD = 8, 128
SESSION_DAYS = 30
HISTORY = 50  # games a profile lists
LEADERS = 50  # accounts a leaderboard lists


@dataclass(frozen=True)
class Account:
    id: int
    username: str


class Accounts:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.hasher = PasswordHasher()  # argon2id with the library's parameters

    # ---- signing up and in ------------------------------------------------------------------

    def register(self, username: object, password: object) -> Account:
        if not isinstance(username, str) or not USERNAME.match(username):
            raise PlayerError(400, N_("a username is 3 to 24 letters or digits (with . _ - inside)"))
        if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise PlayerError(400, N_("a password is {least} to {most} characters"),
                              least=MIN_PASSWORD, most=MAX_PASSWORD)
        hashed = self.hasher.hash(password)
        try:
            with _storage("make an account"), self.store.engine.begin() as db:
                made = db.execute(insert(accounts).values(
                    username=username, username_key=username.casefold(), password_hash=hashed,
                    created_at=datetime.now(UTC)))
                key = made.inserted_primary_key
                assert key is not None
                account_id = int(key[0])
        except Exception as err:
            if isinstance(err.__cause__, IntegrityError):
                raise PlayerError(409, N_("that username is taken")) from None
            raise
        return Account(account_id, username)

    def check(self, username: object, password: object) -> Account:
        """The account whose password this is; the same refusal for a wrong name or password."""
        wrong = PlayerError(401, N_("wrong username or password"))
        if not isinstance(username, str) or not isinstance(password, str) or len(password) > MAX_PASSWORD:
            raise wrong
        with _storage("read an account"), self.store.engine.connect() as db:
            row = db.execute(select(accounts).where(accounts.c.username_key == username.casefold()[:32])).first()
        if row is None:
            self.hasher.hash(password)  # as long as a wrong password takes: no telling who exists
            raise wrong
        try:
            self.hasher.verify(row.password_hash, password)
        except (VerificationError, InvalidHashError):
            raise wrong from None
        return Account(row.id, row.username)

    def new_session(self, account: Account, now: float) -> str:
        token = secrets.token_urlsafe(32)
        expires = datetime.fromtimestamp(now, UTC) + timedelta(days=SESSION_DAYS)
        with _storage("start a session"), self.store.engine.begin() as db:
            db.execute(insert(sessions).values(token_hash=hash_token(token), account_id=account.id, expires_at=expires))
        return token

    def of_session(self, token: str | None, now: float) -> Account | None:
        if not token or len(token) > 100:
            return None
        with _storage("read a session"), self.store.engine.connect() as db:
            row = db.execute(
                select(accounts.c.id, accounts.c.username, sessions.c.expires_at)
                .join(sessions, sessions.c.account_id == accounts.c.id)
                .where(sessions.c.token_hash == hash_token(token))
            ).first()
        if row is None:
            return None
        expires = row.expires_at if row.expires_at.tzinfo else row.expires_at.replace(tzinfo=UTC)
        return Account(row.id, row.username) if expires.timestamp() > now else None

    def end_session(self, token: str | None) -> None:
        if token:
            with _storage("end a session"), self.store.engine.begin() as db:
                db.execute(delete(sessions).where(sessions.c.token_hash == hash_token(token)))

    # ---- seats ----------------------------------------------------------------------------

    def bind(self, table_id: str, seat: int, account: Account) -> None:
        """The seat is the account's, if it was nobody's (a seat's first signed-in opener)."""
        try:
            with _storage("keep whose seat it is"), self.store.engine.begin() as db:
                db.execute(insert(seat_accounts).values(table_id=table_id, seat=seat, account_id=account.id))
        except Exception as err:
            if not isinstance(err.__cause__, IntegrityError):
                raise

    def seated(self, table_id: str) -> dict[int, str]:
        """Each seat of the table held by an account → its username."""
        with _storage("read whose seats they are"), self.store.engine.connect() as db:
            rows = db.execute(
                select(seat_accounts.c.seat, accounts.c.username)
                .join(accounts, accounts.c.id == seat_accounts.c.account_id)
                .where(seat_accounts.c.table_id == table_id)
            ).all()
        return {row.seat: row.username for row in rows}

    # ---- what follows: profiles, ratings, leaderboards -----------------------------------

    def _finished_games(self, game: str | None = None) -> list[tuple[Any, dict[int, int]]]:
        """Every finished game (of ``game``) with an account at a seat, in the order they
        finished, each with its seats' accounts."""
        with _storage("read finished games"), self.store.engine.connect() as db:
            owned = select(seat_accounts.c.table_id).distinct()
            query = (select(tables.c.id, tables.c.game, tables.c.seats, tables.c.names, tables.c.result,
                            tables.c.finished_at)
                     .where(tables.c.finished_at.is_not(None), tables.c.id.in_(owned))
                     .order_by(tables.c.finished_at, tables.c.id))
            if game is not None:
                query = query.where(tables.c.game == game)
            rows = db.execute(query).all()
            links = db.execute(select(seat_accounts).where(seat_accounts.c.table_id.in_(owned))).all()
        by_table: dict[str, dict[int, int]] = {}
        for link in links:
            by_table.setdefault(link.table_id, {})[link.seat] = link.account_id
        return [(row, by_table.get(row.id, {})) for row in rows if row.result and "returns" in row.result]

    def ratings(self, game: str) -> dict[int, Rating]:
        """Each account's rating in ``game`` (those with a rated game)."""
        games: list[RatedGame] = []
        for row, held in self._finished_games(game):
            kinds = [seat["kind"] for seat in row.seats]
            one = rated(kinds, [held.get(i) for i in range(len(kinds))], row.result["returns"])
            if one is not None:
                games.append(one)
        return {int(key.split(":")[1]): r for key, r in ratings(games).items()}

    def leaderboard(self, game: str) -> list[dict[str, Any]]:
        if game not in kartaros.GAMES:
            raise PlayerError(404, N_("there is no such game"))
        rated_accounts = self.ratings(game)
        names = self._usernames(list(rated_accounts))
        order = sorted(rated_accounts.items(), key=lambda item: (-item[1].conservative, names[item[0]].casefold()))
        return [{"username": names[a], "rating": r.shown, "spread": r.spread, "games": r.games}
                for a, r in order[:LEADERS]]

    def profile(self, username: str) -> dict[str, Any]:
        with _storage("read an account"), self.store.engine.connect() as db:
            row = db.execute(select(accounts).where(accounts.c.username_key == username.casefold()[:32])).first()
        if row is None:
            raise PlayerError(404, N_("there is no player of that name"))
        history: list[dict[str, Any]] = []
        stats: dict[str, dict[str, int]] = {}
        for table, held in self._finished_games():
            seats = [s for s, a in held.items() if a == row.id]
            if not seats:
                continue
            seat, returns = seats[0], table.result["returns"]
            best = max(returns)
            outcome = ("won" if returns[seat] == best and returns.count(best) == 1
                       else "drawn" if returns[seat] == best else "lost")
            counts = stats.setdefault(table.game, {"played": 0, "won": 0, "drawn": 0, "lost": 0})
            counts["played"] += 1
            counts[outcome] += 1
            history.append({"table": table.id, "game": table.game, "names": table.names, "seat": seat,
                            "result": table.result, "outcome": outcome,
                            "finished_at": table.finished_at.isoformat()})
        games = []
        for game, counts in stats.items():
            rating = self.ratings(game).get(row.id)
            games.append({"game": game, **counts,
                          "rating": rating.shown if rating else None, "spread": rating.spread if rating else None})
        return {"username": row.username, "games": games, "history": history[::-1][:HISTORY]}

    def _usernames(self, ids: list[int]) -> dict[int, str]:
        if not ids:
            return {}
        with _storage("read accounts"), self.store.engine.connect() as db:
            rows = db.execute(select(accounts.c.id, accounts.c.username).where(and_(accounts.c.id.in_(ids)))).all()
        return {r.id: r.username for r in rows}
