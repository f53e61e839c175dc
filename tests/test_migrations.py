"""The schema is owned by the revisions of ``kartaros.server.migrations``: a new database is made by
them, an old one (from before revisions) keeps every game, and the newest revision is exactly the
tables the store's code uses. Against SQLite and PostgreSQL (``db_url``)."""

from __future__ import annotations

import concurrent.futures
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import JSON, Column, DateTime, ForeignKey, Integer, MetaData, String, Table, insert, select, text

import kartaros
from kartaros.server import create_app, migrations
from kartaros.server.clock import FakeClock
from kartaros.server.store import StorageError, Store, make_engine, metadata
from tests.test_server_api import auth, db_url  # noqa: F401  (db_url: SQLite and PostgreSQL)

DATA = Path(__file__).parent / "data"
BEFORE = DATA / "kartaros-before-migrations.db"  # made by tests/data/make_before_migrations.py
EXPECTED: list[dict[str, Any]] = json.loads((DATA / "kartaros-before-migrations.json").read_text(encoding="utf-8"))


def before_migrations() -> MetaData:
    """The tables as the store defined them before revisions, made then by ``create_all``: a copy,
    frozen (the store's own tables move on with each revision)."""
    old = MetaData()
    Table(
        "kartaros_tables", old,
        Column("id", String(32), primary_key=True),
        Column("game", String(32), nullable=False),
        Column("players", Integer, nullable=False),
        Column("variant", JSON, nullable=False),
        Column("seed", String(24), nullable=False),
        Column("seats", JSON, nullable=False),
        Column("names", JSON, nullable=False),
        Column("created_at", DateTime(timezone=True), nullable=False),
        Column("finished_at", DateTime(timezone=True)),
        Column("result", JSON),
    )
    Table(
        "kartaros_actions", old,
        Column("table_id", String(32), ForeignKey("kartaros_tables.id"), primary_key=True),
        Column("seq", Integer, primary_key=True),
        Column("action", String(64), nullable=False),
        Column("created_at", DateTime(timezone=True), nullable=False),
    )
    Table(
        "kartaros_health", old,
        Column("id", Integer, primary_key=True),
        Column("checked_at", DateTime(timezone=True), nullable=False),
    )
    return old


@pytest.fixture
def old_db(db_url: str, tmp_path: Path) -> Iterator[str]:  # noqa: F811
    """A database from before revisions holding the committed file's games: the file itself for
    SQLite; for PostgreSQL, the old tables made the old way (``create_all``) and the file's rows
    copied into them."""
    if db_url.startswith("sqlite"):
        copy = tmp_path / "old.db"
        shutil.copy(BEFORE, copy)
        yield f"sqlite:///{copy}"
        return
    old = before_migrations()
    source, target = make_engine(f"sqlite:///{BEFORE}"), make_engine(db_url)
    old.create_all(target)
    with source.connect() as read, target.begin() as write:
        for table in old.sorted_tables:
            rows = [dict(row) for row in read.execute(select(table)).mappings()]
            if rows:
                write.execute(insert(table), rows)
    source.dispose()
    target.dispose()
    yield db_url


def revision_of(url: str) -> str | None:
    engine = make_engine(url)
    try:
        with engine.connect() as db:
            return migrations.current(db)
    finally:
        engine.dispose()


def test_the_revisions_form_one_line_from_the_baseline() -> None:
    """One head (two revisions on the same parent must be chained before they are merged), and
    every revision goes back to the baseline."""
    heads = migrations.scripts().get_heads()
    assert len(heads) == 1, f"the revisions have more than one head: {heads}"
    line = [r.revision for r in migrations.scripts().walk_revisions()]
    assert line[-1] == migrations.BASELINE
    assert line[0] == migrations.head()


def test_the_newest_revision_is_the_stores_tables(db_url: str) -> None:  # noqa: F811
    """A new database, made by the revisions alone, has exactly the tables, columns, keys and
    types of ``kartaros.server.store``: a column added there without a revision fails here."""
    Store(db_url).close()
    engine = make_engine(db_url)
    with engine.connect() as db:
        assert migrations.current(db) == migrations.head()
        diff = compare_metadata(MigrationContext.configure(db, opts={"compare_type": True}), metadata)
    engine.dispose()
    assert diff == [], f"the store's tables differ from the newest revision; add a revision for: {diff}"


def test_a_database_from_before_revisions_keeps_every_game(old_db: str) -> None:
    """The committed file (PostgreSQL: its rows in the old tables) opens, is brought to the newest
    revision, every finished game's record is as it was and replays to its result, and every
    unfinished table resumes: its person sees it where it was left and plays on."""
    assert revision_of(old_db) is None
    clock = FakeClock()
    with TestClient(create_app(old_db, clock=clock)) as client:
        assert revision_of(old_db) == migrations.head()
        assert client.get("/healthz").status_code == 200
        for table in EXPECTED:
            token = table["seats"][0]["token"]
            view = client.get(f"/api/tables/{table['table']}", headers=auth(token)).json()
            assert (view["over"], view["seq"]) == (table["over"], len(table["actions"])), table["table"]
            if table["over"]:
                record = client.get(f"/api/tables/{table['table']}/record").json()
                assert (record["actions"], record["result"]) == (table["actions"], table["result"])
                replayed = kartaros.replay(record)
                assert replayed.is_over
                frames = client.get(f"/api/tables/{table['table']}/frames")
                assert frames.status_code == 200 and len(frames.json()["frames"]) == len(table["actions"]) + 1
                continue
            assert view["legal"], f"{table['table']} ({table['game']}) waits on its person"
            moved = client.post(f"/api/tables/{table['table']}/actions", headers=auth(token),
                                json={"action": view["legal"][0], "seq": view["seq"]})
            assert moved.status_code == 200, moved.text
            assert moved.json()["seq"] > view["seq"]
        finished = client.get("/api/finished", params={"tables": ",".join(t["table"] for t in EXPECTED)}).json()
        assert {t["table"] for t in finished} == {t["table"] for t in EXPECTED if t["over"]}
    with TestClient(create_app(old_db, clock=FakeClock())) as client:  # opened again: nothing more to do
        assert revision_of(old_db) == migrations.head()
        first = EXPECTED[0]
        assert client.get(f"/api/tables/{first['table']}/record").json()["actions"] == first["actions"]


def test_a_database_from_before_health_checks_gets_their_table(old_db: str) -> None:
    """The oldest files have no ``kartaros_health`` (it came with health checks): the baseline makes
    it and keeps the rest."""
    engine = make_engine(old_db)
    with engine.begin() as db:
        db.execute(text("drop table kartaros_health"))
    engine.dispose()
    store = Store(old_db)
    try:
        store.check()
        assert set(store.unfinished()) == {t["table"] for t in EXPECTED if not t["over"]}
    finally:
        store.close()


def test_a_database_upgraded_by_a_newer_kartaros_is_refused_untouched(db_url: str) -> None:  # noqa: F811
    """A revision this kartaros does not know: it says so and changes nothing (an older server
    must not write to tables it does not know the shape of)."""
    Store(db_url).close()
    engine = make_engine(db_url)
    with engine.begin() as db:
        db.execute(text("update alembic_version set version_num = '0999_from_the_future'"))
    engine.dispose()
    with pytest.raises(migrations.SchemaTooNew, match=r"0999_from_the_future.*newer kartaros"):
        Store(db_url)
    assert revision_of(db_url) == "0999_from_the_future"


def test_a_database_that_cannot_be_reached_is_a_storage_error(tmp_path: Path) -> None:
    """Opening fails as any storage failure does: one ``StorageError`` saying what was being done."""
    with pytest.raises(StorageError, match="bring its schema up to date"):
        Store(f"sqlite:///{tmp_path / 'no-such-folder' / 'kartaros.db'}")


def test_servers_opening_one_new_database_together_make_it_once(db_url: str) -> None:  # noqa: F811
    """Four stores opening one empty database at the same moment (servers started together): each
    opens, and the database is at the newest revision once (PostgreSQL: the upgrade's lock)."""
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        stores = list(pool.map(lambda _: Store(db_url), range(4)))
    for store in stores:
        store.close()
    engine = make_engine(db_url)
    with engine.connect() as db:
        assert db.execute(text("select version_num from alembic_version")).scalars().all() == [migrations.head()]
    engine.dispose()


@pytest.fixture
def scratch_revisions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The revisions copied aside, and the store's migrations reading them from there."""
    copy = tmp_path / "migrations"
    shutil.copytree(migrations.HERE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(migrations, "HERE", copy)
    migrations.scripts.cache_clear()
    yield copy
    migrations.scripts.cache_clear()


def test_a_new_revision_is_written_on_top_of_the_newest_and_runs(scratch_revisions: Path, tmp_path: Path) -> None:
    """``python -m kartaros.server.migrations new``, after a table was added to the store's: a
    revision on the newest that makes it, lint-clean, which a new database goes through."""
    from kartaros.server.migrations.__main__ import main

    newest = migrations.head()
    added = Table("kartaros_lobby_probe", metadata, Column("id", String(32), primary_key=True),
                  Column("seats_free", Integer, nullable=False))
    try:
        main(["new", "0999_lobby", "open tables in a lobby"])
        written = scratch_revisions / "versions" / "0999_lobby.py"
        source = written.read_text(encoding="utf-8")
        assert f"down_revision: str | None = {newest!r}" in source
        assert "op.create_table('kartaros_lobby_probe'" in source
        lint = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", str(written)],
                              capture_output=True, text=True, check=False)
        assert lint.returncode == 0, lint.stdout
        migrations.scripts.cache_clear()
        assert migrations.head() == "0999_lobby"
        url = f"sqlite:///{tmp_path / 'new.db'}"
        Store(url).close()
        assert revision_of(url) == "0999_lobby"
        engine = make_engine(url)
        with engine.connect() as db:
            assert compare_metadata(MigrationContext.configure(db), metadata) == []
        engine.dispose()
    finally:
        metadata.remove(added)


@pytest.mark.parametrize("given", ["lobby", "2_lobby", "0002-lobby", "0002_Lobby"])
def test_a_revision_id_must_say_its_place_in_the_line(given: str, scratch_revisions: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from kartaros.server.migrations.__main__ import main

    before = sorted(p.name for p in (scratch_revisions / "versions").glob("*.py"))
    with pytest.raises(SystemExit) as refused:
        main(["new", given, "open tables in a lobby"])
    assert refused.value.code == 2 and "four digits" in capsys.readouterr().err
    assert sorted(p.name for p in (scratch_revisions / "versions").glob("*.py")) == before  # nothing written


def test_a_read_only_database_opens_when_its_schema_is_the_newest(tmp_path: Path) -> None:
    """Brought up to date, a database is only read when opened (a read-only SQLite file); one
    that would need upgrading and cannot be written says so, as any storage failure."""
    path = tmp_path / "old.db"
    shutil.copy(BEFORE, path)
    old_db, read_only = f"sqlite:///{path}", f"sqlite:///file:{path}?mode=ro&uri=true"
    with pytest.raises(StorageError, match="bring its schema up to date"):
        Store(read_only)
    Store(old_db).close()
    store = Store(read_only)
    try:
        assert store.load(EXPECTED[0]["table"]).actions == EXPECTED[0]["actions"]  # type: ignore[union-attr]
    finally:
        store.close()
