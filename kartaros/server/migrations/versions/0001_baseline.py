"""The schema as the server kept it before revisions (made by ``metadata.create_all``).

Revision ID: 0001_baseline
Revises:
Create Date: 2026-12-03

A database from before revisions has these tables already (``kartaros_health`` only if it was
made after health checks came): each table is made only where it is missing, and what is there
is kept as it is, so such a database goes through this revision with every game in it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001_baseline"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def _missing(name: str) -> bool:
    return not sa.inspect(op.get_bind()).has_table(name)


def upgrade() -> None:
    if _missing("kartaros_tables"):
        op.create_table(
            "kartaros_tables",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("game", sa.String(32), nullable=False),
            sa.Column("players", sa.Integer, nullable=False),
            sa.Column("variant", sa.JSON, nullable=False),
            sa.Column("seed", sa.String(24), nullable=False),
            sa.Column("seats", sa.JSON, nullable=False),
            sa.Column("names", sa.JSON, nullable=False),
            sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
            sa.Column("finished_at", sa.DateTime(timezone=True)),
            sa.Column("result", sa.JSON),
        )
    if _missing("kartaros_actions"):
        op.create_table(
            "kartaros_actions",
            sa.Column("table_id", sa.String(32), sa.ForeignKey("kartaros_tables.id"), primary_key=True),
            sa.Column("seq", sa.Integer, primary_key=True),
            sa.Column("action", sa.String(64), nullable=False),
            sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        )
    if _missing("kartaros_health"):
        op.create_table(
            "kartaros_health",
            sa.Column("id", sa.Integer, primary_key=True),
            sa.Column("checked_at", sa.DateTime(timezone=True), nullable=False),
        )


def downgrade() -> None:
    op.drop_table("kartaros_health")
    op.drop_table("kartaros_actions")
    op.drop_table("kartaros_tables")
