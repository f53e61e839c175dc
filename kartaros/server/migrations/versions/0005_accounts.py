"""Accounts (optional), their sessions, and the seats each sat at.

Revision ID: 0005_accounts
Revises: 0004_lobby
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005_accounts"
down_revision: str | None = "0004_lobby"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "kartaros_accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(32), nullable=False),
        sa.Column("username_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "kartaros_seat_accounts",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kartaros_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("kartaros_accounts.id"), nullable=False),
    )
    op.create_index("ix_kartaros_seat_accounts_account_id", "kartaros_seat_accounts", ["account_id"])
    op.create_table(
        "kartaros_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("kartaros_accounts.id"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("kartaros_sessions")
    op.drop_index("ix_kartaros_seat_accounts_account_id", "kartaros_seat_accounts")
    op.drop_table("kartaros_seat_accounts")
    op.drop_table("kartaros_accounts")
