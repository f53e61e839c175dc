"""``kartaros serve --workers K``: K server processes on one port, sharing their tables.

uvicorn starts each worker process anew and has it build its app by this module's ``app``, from
the settings the command left in the environment (``SETTINGS``); the processes share the
tables through PostgreSQL and tell each other of their changes over Redis (``fanout``).
"""

from __future__ import annotations

import json
import os
from typing import Any

from fastapi import FastAPI

SETTINGS = "KARTAROS_SERVE_SETTINGS"  # the environment variable the settings travel in, as JSON


def put_settings(**settings: Any) -> None:
    """Leave the settings of ``create_app`` for the worker processes (they inherit the environment)."""
    os.environ[SETTINGS] = json.dumps(settings)


def app() -> FastAPI:
    """A worker's app, as the command's settings say (uvicorn calls it in each worker: ``factory``)."""
    from .address import PublicAddress
    from .app import create_app
    from .collector import tune_for_serving

    settings = json.loads(os.environ[SETTINGS])
    public = PublicAddress(url=settings.pop("public_url"), lan_hosts=tuple(settings.pop("lan_hosts")))
    application = create_app(settings.pop("db_url"), public=public, **settings)
    tune_for_serving()
    return application
