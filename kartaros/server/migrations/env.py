"""Alembic's environment for kartaros: run over the connection ``kartaros.server.migrations``
hands it (never from a URL in a file), against the tables of ``kartaros.server.store``."""

from __future__ import annotations

from alembic import context

from kartaros.server.store import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("kartaros's revisions run over a connection: see kartaros.server.migrations.upgrade")

# render_as_batch: SQLite alters a table by copying it; autogenerate writes its changes that way.
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True, compare_type=True)
with context.begin_transaction():
    context.run_migrations()
