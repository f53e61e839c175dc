"""How the server reads what every request may carry (a seat's token, a language) and tells a
client of a failure: shared by the app's routes and handlers, its WebSocket, the hints' routes
and a move's short way (``move_path``), which answer alike."""

from __future__ import annotations

import json
import logging
import traceback
from collections.abc import Mapping
from typing import Any

import orjson
from fastapi.responses import JSONResponse

from kartaros.words import speech

from .store import StorageError
from .tables import STORAGE_TROUBLE, ApiError, PlayerError

log = logging.getLogger(__name__)


def seat_token(authorization: str | None) -> str | None:
    """The seat's token of an ``Authorization: Bearer <token>`` header (None without one);
    ``ApiError`` 401 for a header of another form."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "send the seat's token as 'Authorization: Bearer <token>'")
    return token.strip()


def json_bytes(content: object) -> bytes:
    """``content`` as compact UTF-8 JSON, the bytes an answer or a push carries. orjson writes a
    table's view some ten times as fast as the standard library (a view is several kilobytes,
    and a move's answer one: orjson gave the server a quarter more moves a second at full speed);
    the standard library takes what orjson refuses (an integer beyond 64 bits)."""
    try:
        return orjson.dumps(content, option=orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:
        return json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


class FastJSONResponse(JSONResponse):
    """The routes' JSON answers, written by ``json_bytes`` (the same JSON as the standard
    library's, in a tenth of the time)."""

    def render(self, content: object) -> bytes:
        return json_bytes(content)


def known_lang(lang: str) -> str:
    """``lang`` where the words have it, English otherwise: the language an error is told in."""
    return lang if lang in speech.LANGUAGES else "en"


def error_json(err: ApiError, lang: str) -> dict[str, str]:
    """An error's JSON: the English sentence, and for a player's error its words in ``lang``."""
    said = err.words(lang)
    return {"error": err.message} if said is None else {"error": err.message, "words": said}


def storage_trouble() -> PlayerError:
    """The database failed: the person's move was not stored, and may be tried again."""
    return PlayerError(503, STORAGE_TROUBLE)


def failure_answer(err: Exception, lang: str, scope: Mapping[str, Any]) -> tuple[dict[str, str], int]:
    """A request's failure as the client is told it: (JSON, status), words in ``lang``. An
    ``ApiError`` says what is wrong, a storage failure that the move may be tried again (503),
    anything else only that it failed (500), logged by what failed and where, by its class: a
    message may quote a move or a seed."""
    if isinstance(err, ApiError):
        return error_json(err, lang), err.status
    if isinstance(err, StorageError):
        return error_json(storage_trouble(), lang), 503
    log.error("%s %s failed: %s\n%s", scope.get("method", ""), scope.get("path", ""), type(err).__name__,
              "".join(traceback.format_tb(err.__traceback__)))
    return {"error": "the server failed to answer this request"}, 500
