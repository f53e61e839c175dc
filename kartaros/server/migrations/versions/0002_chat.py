"""A table's chat and who muted whom there.

Revision ID: 0002_chat
Revises: 0001_baseline
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002_chat"
down_revision: str | None = "0001_baseline"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "kartaros_chat",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kartaros_tables.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("said_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "kartaros_mutes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kartaros_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("muted", sa.Integer, primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("kartaros_mutes")
    op.drop_table("kartaros_chat")
