"""Write a new revision: ``python -m kartaros.server.migrations new 0002_lobby "lobby tables"``.

Alembic compares the store's tables (``kartaros.server.store.metadata``) with a scratch SQLite
database brought to the newest revision, and writes what differs into
``versions/<id>.py`` on top of it; read it, and finish by hand what it cannot see (data to move,
a rename it took for a drop and an add).
"""

from __future__ import annotations

import argparse
import re
import tempfile
from pathlib import Path

from alembic import command

from kartaros.server.migrations import config, head, upgrade
from kartaros.server.store import make_engine

REVISION_ID = re.compile(r"^\d{4}_[a-z0-9_]+$")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m kartaros.server.migrations", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    new = commands.add_parser("new", help="write a revision on top of the newest, from the store's tables")
    new.add_argument("id", help="the revision's id: four digits, then words (0002_lobby)")
    new.add_argument("message", help="what the revision changes, in a few words")
    new.add_argument("--empty", action="store_true", help="write it empty, for a change by hand (data)")
    commands.add_parser("head", help="print the newest revision")
    args = parser.parse_args(argv)
    if args.command == "head":
        print(head())
        return
    if not REVISION_ID.match(args.id):
        parser.error(f"a revision's id is four digits, then lower-case words: 0002_lobby, not {args.id!r}")
    with tempfile.TemporaryDirectory() as scratch:
        engine = make_engine(f"sqlite:///{Path(scratch) / 'scratch.db'}")
        upgrade(engine)
        with engine.begin() as connection:
            written = command.revision(config(connection), args.message, autogenerate=not args.empty,
                                       rev_id=args.id)
        engine.dispose()
    for script in written if isinstance(written, list) else [written]:
        if script is not None:
            print(f"wrote {script.path} (on top of {script.down_revision})")


if __name__ == "__main__":
    main()
