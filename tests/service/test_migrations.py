"""The migration runner: fresh apply, re-apply is a no-op, a broken file rolls back whole."""

from __future__ import annotations

import sqlite3

import aiosqlite
import pytest

from service.store import MigrationError, SqliteStore, migrate
from service.store.migrate import discover, split_statements


async def _tables(path) -> set[str]:
    async with aiosqlite.connect(path) as c, c.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
        return {r[0] for r in await cur.fetchall()}


def test_packaged_migrations_are_found_and_numbered():
    migs = discover()
    assert [m.version for m in migs][0] == 1
    assert [m.version for m in migs] == sorted({m.version for m in migs})


async def test_fresh_apply_then_reapply_is_a_no_op(tmp_path):
    path = tmp_path / "k.db"
    async with SqliteStore(path) as s:
        versions = await s.schema_versions()
        assert versions == [m.version for m in discover()]
    assert {"games", "seats", "seat_changes", "actions", "messages",
            "schema_migrations"} <= await _tables(path)
    async with aiosqlite.connect(path, isolation_level=None) as c:
        assert await migrate(c) == []
    async with SqliteStore(path) as s:
        assert await s.schema_versions() == versions


async def test_failing_migration_rolls_back_whole(tmp_path):
    folder = tmp_path / "migs"
    folder.mkdir()
    (folder / "0001_base.sql").write_text("CREATE TABLE a (x INTEGER);\n")
    # The second file creates a table and inserts a row, then fails on a bad statement:
    # none of it may remain, and the schema version must stay at 1.
    (folder / "0002_broken.sql").write_text(
        "CREATE TABLE b (y INTEGER);\n"
        "INSERT INTO a (x) VALUES (1);\n"
        "INSERT INTO b (y) VALUES ('; not a statement end');\n"
        "INSERT INTO nowhere VALUES (1);\n")
    path = tmp_path / "k.db"
    with pytest.raises(MigrationError, match="0002_broken"):
        async with SqliteStore(path, migrations=folder):
            pass
    async with aiosqlite.connect(path) as c:
        assert "b" not in await _tables(path)
        async with c.execute("SELECT count(*) FROM a") as cur:
            assert (await cur.fetchone())[0] == 0
        async with c.execute("SELECT version FROM schema_migrations") as cur:
            assert [r[0] for r in await cur.fetchall()] == [1]
    # Fix the file: the next start applies it.
    (folder / "0002_broken.sql").write_text("CREATE TABLE b (y INTEGER);\n")
    async with SqliteStore(path, migrations=folder) as s:
        assert await s.schema_versions() == [1, 2]


def test_badly_named_migration_is_refused(tmp_path):
    (tmp_path / "1_x.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError):
        discover(tmp_path)


def test_split_keeps_semicolons_in_strings_comments_and_triggers():
    sql = """
    -- a comment; with a semicolon
    CREATE TABLE t (x TEXT DEFAULT ';');
    CREATE TRIGGER tr AFTER INSERT ON t BEGIN
        UPDATE t SET x = 'a;b';
        SELECT 1;
    END;
    /* trailing */
    """
    parts = split_statements(sql)
    assert len(parts) == 2
    conn = sqlite3.connect(":memory:")
    for p in parts:
        conn.execute(p)
    conn.execute("INSERT INTO t DEFAULT VALUES")
    assert conn.execute("SELECT x FROM t").fetchone() == ("a;b",)


def test_memory_database_is_refused():
    with pytest.raises(ValueError):
        SqliteStore(":memory:")


async def test_the_unused_deadlines_table_is_gone(tmp_path):
    async with SqliteStore(tmp_path / "k.db"):
        pass
    assert "deadlines" not in await _tables(tmp_path / "k.db")


async def test_a_database_that_applied_the_old_0003_is_not_migrated_twice(tmp_path):
    """0013_drop_store_deadlines was first released as 0003: a database migrated then
    holds the row (3, 'drop_store_deadlines') and no deadlines table, and must start."""
    import shutil
    from importlib import resources

    old = tmp_path / "old"
    old.mkdir()
    for m in discover():
        src = resources.files("migrations") / f"{m.version:04d}_{m.name}.sql"
        number = 3 if m.name == "drop_store_deadlines" else m.version
        if number < 13:
            (old / f"{number:04d}_{m.name}.sql").write_text(src.read_text())
    path = tmp_path / "k.db"
    async with aiosqlite.connect(path, isolation_level=None) as c:
        assert 3 in await migrate(c, old)
        assert await migrate(c) == [m.version for m in discover() if m.version >= 13
                                    and m.name != "drop_store_deadlines"]
    assert "deadlines" not in await _tables(path)
    shutil.rmtree(old)
    async with SqliteStore(path) as s:  # the store opens it as usual
        assert 3 in await s.schema_versions()


async def test_a_fresh_database_applies_the_renumbered_migration(tmp_path):
    path = tmp_path / "k.db"
    async with SqliteStore(path) as s:
        assert 13 in await s.schema_versions() and 3 not in await s.schema_versions()
    assert "deadlines" not in await _tables(path)
