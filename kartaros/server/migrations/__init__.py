"""The database's schema, owned by Alembic: each change to the tables of ``kartaros.server.store``
is a revision in ``versions/`` (``0001_baseline`` is the schema as it was before revisions), and
``upgrade`` brings a database to the newest one when the server opens it.

No ``alembic.ini``: the configuration is made here, so an installed kartaros migrates its
database by itself. ``python -m kartaros.server.migrations new ID MESSAGE`` writes a new
revision (docs/server.md, "Changing the schema").
"""

from __future__ import annotations

import logging
import threading
from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.script.revision import ResolutionError
from alembic.util import CommandError
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

log = logging.getLogger(__name__)

HERE = Path(__file__).parent
BASELINE = "0001_baseline"
# Where two servers open one PostgreSQL database at once, one upgrades and the other waits for it
# (a transaction-level advisory lock, let go at commit); any number unlikely to be used elsewhere.
UPGRADE_LOCK = 0x6B617274  # "kart"
_ONE_AT_A_TIME = threading.Lock()


class SchemaTooNew(Exception):
    """The database was upgraded by a newer kartaros than this one: its revision is unknown here."""


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for kartaros's revisions, over ``connection`` (given to ``env.py``)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.set_main_option("path_separator", "os")
    cfg.set_main_option("file_template", "%%(rev)s")  # a revision's file is named by its id: 0002_lobby.py
    cfg.attributes["connection"] = connection
    return cfg


@cache
def scripts() -> ScriptDirectory:
    """The revisions shipped with this kartaros (read once: they do not change while it runs)."""
    return ScriptDirectory.from_config(config())


def head() -> str:
    """The newest revision: the schema of ``kartaros.server.store.metadata``."""
    newest = scripts().get_current_head()
    assert newest is not None, "the revisions must form one line (merge two heads by re-chaining them)"
    return newest


def current(connection: Connection) -> str | None:
    """The revision a database is at; None for an empty one or one from before revisions."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> None:
    """Bring the database to ``head``, in one transaction that holds the database's write lock
    (PostgreSQL: an advisory lock; SQLite: ``BEGIN IMMEDIATE``), so servers opening one database
    together upgrade it once. A database at ``head`` is only read (a read-only file opens).

    A database from before revisions (the tables there, no ``alembic_version``) goes through the
    baseline, which makes only the tables it lacks: every game in it stays. A database at a
    revision this kartaros does not know is refused (``SchemaTooNew``), never changed."""
    with engine.connect() as connection:
        if current(connection) == head():
            return
    # Alembic's ``op`` and ``context`` are one per process: one upgrade at a time in it.
    with _ONE_AT_A_TIME, engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("select pg_advisory_xact_lock(:key)"), {"key": UPGRADE_LOCK})
        elif connection.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN IMMEDIATE")  # the write lock now; DDL is transactional in SQLite
        at = current(connection)  # again: another server may have upgraded it meanwhile
        if at == head():
            return
        if at is not None and not _known(at):
            raise SchemaTooNew(f"the database's schema is at revision {at}, which this kartaros does not know "
                               f"(its newest is {head()}): it was upgraded by a newer kartaros")
        if at is None and inspect(connection).has_table("kartaros_tables"):
            log.info("a database from before schema revisions: its tables are kept and it is brought to %s",
                     head())
        command.upgrade(config(connection), "head")


def _known(revision: str) -> bool:
    try:
        return scripts().get_revision(revision) is not None
    except (ResolutionError, CommandError):  # a revision id no file here has
        return False
