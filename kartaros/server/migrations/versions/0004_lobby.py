"""Open tables in the lobby: a table's visibility, and the version of its seats (a free seat is
handed out by a write over the version it was read at, so two servers never both give it).

Revision ID: 0004_lobby
Revises: 0003_clocks
Create Date: 2026-12-03

A table from before is private (its seats were all handed out when it was made), version 0.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004_lobby"
down_revision: str | None = "0003_clocks"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("kartaros_tables") as batch:
        batch.add_column(sa.Column("visibility", sa.String(8), server_default="private", nullable=False))
        batch.add_column(sa.Column("seats_version", sa.Integer, server_default="0", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("kartaros_tables") as batch:
        batch.drop_column("seats_version")
        batch.drop_column("visibility")
