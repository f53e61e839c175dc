"""A table's options and move clock, and its events beside the moves (resign, draw offers,
timeouts, takeovers).

Revision ID: 0003_clocks
Revises: 0002_chat
Create Date: 2026-12-03

A table from before has no row in either: no clock, and the default options.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003_clocks"
down_revision: str | None = "0002_chat"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "kartaros_table_options",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kartaros_tables.id"), primary_key=True),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("clock", sa.JSON, nullable=True),
    )
    op.create_table(
        "kartaros_table_events",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kartaros_tables.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("data", sa.JSON, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("kartaros_table_events")
    op.drop_table("kartaros_table_options")
