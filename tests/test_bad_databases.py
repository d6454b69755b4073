"""Bad database targets for `keryx run`, `export`, `db copy` (issue 39.5) and `play --db`
(issue 34.3): each is refused in one line on stderr with exit status 2, within seconds,
and left exactly as it was (bytes, times, no file added beside it); a PostgreSQL schema
is not migrated into."""

from __future__ import annotations

import asyncio
import hashlib
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from service.store.guard import NotKeryxDatabase, check_sqlite
from service.store.sqlite import SqliteStore
from tests.backends import PG_URL, pg_unavailable

DEADLINE_S = 20
ALL = ("run", "export", "copy")
FILES = (*ALL, "play")  # `keryx play --db` takes files only


def keryx_db(path: Path) -> Path:
    async def make() -> None:
        async with SqliteStore(path):
            pass
    asyncio.run(make())
    return path


def sqlite_with(path: Path, *sql: str) -> Path:
    conn = sqlite3.connect(path)
    for statement in sql:
        conn.execute(statement)
    conn.commit()
    conn.close()
    return path


def damaged(path: Path, at: int, junk: bytes) -> Path:
    data = bytearray(keryx_db(path).read_bytes())
    data[at:at + len(junk)] = junk
    path.write_bytes(bytes(data))
    return path


def truncated(path: Path, keep: int) -> Path:
    data = keryx_db(path).read_bytes()
    path.write_bytes(data[:keep] if keep > 0 else data[:len(data) // 2])
    return path


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def unreadable(path: Path) -> Path:
    keryx_db(path).chmod(0)
    return path


@dataclass(frozen=True)
class Kind:
    make: Callable[[Path], str]  # in an empty folder: the target to pass
    commands: tuple[str, ...] = ALL
    needs_server: bool = False
    root_reads_it: bool = False  # root reads any file, so it is no bad input for root


def file_kind(make: Callable[[Path], Path], commands: tuple[str, ...] = FILES,
              **kw: bool) -> Kind:
    return Kind(lambda d: str(make(d / "keryx.db")), commands, **kw)


def pg(url_tail: str) -> Kind:
    return Kind(lambda d: url_tail)


KINDS: dict[str, Kind] = {
    "text file": file_kind(lambda p: (p.write_text("hello, not a database\n"), p)[1]),
    "a JSON export": file_kind(lambda p: (p.write_text('{"ruleset": "duel"}' * 500), p)[1]),
    "random bytes": file_kind(lambda p: (p.write_bytes(os.urandom(8192)), p)[1]),
    "truncated to half": file_kind(lambda p: truncated(p, 0)),
    "truncated inside the header": file_kind(lambda p: truncated(p, 60)),
    "page size zeroed": file_kind(lambda p: damaged(p, 16, b"\0\0")),
    "schema page overwritten": file_kind(lambda p: damaged(p, 100, os.urandom(3900))),
    "another application's SQLite":
        file_kind(lambda p: sqlite_with(p, "CREATE TABLE foo (x)", "INSERT INTO foo VALUES (1)")),
    "another schema_migrations":
        file_kind(lambda p: sqlite_with(p, "CREATE TABLE schema_migrations (version TEXT)",
                                        "INSERT INTO schema_migrations VALUES ('2024')",
                                        "CREATE TABLE users (id INTEGER)")),
    "empty file (nothing to read)":
        file_kind(lambda p: (p.write_bytes(b""), p)[1], commands=("export", "copy")),
    "absent file (nothing to read)": file_kind(lambda p: p, commands=("export", "copy")),
    "SQLite without tables (nothing to read)":
        file_kind(lambda p: sqlite_with(p, "PRAGMA user_version = 1"), commands=("export",
                                                                                  "copy")),
    "directory": file_kind(lambda p: (p.mkdir(), p)[1]),
    "named pipe": file_kind(fifo),
    "below a regular file": Kind(lambda d: str((d / "f").write_text("x") and d / "f" / "k.db"),
                                 FILES),
    "unreadable file": file_kind(unreadable, root_reads_it=True),
    "closed port": pg("postgresql://postgres@127.0.0.1:1/test"),
    "unknown host": pg("postgresql://postgres@no-such-host.invalid/test"),
    "port that is no number": pg("postgresql://postgres@127.0.0.1:port/test"),
    "bad schema name": pg(f"{PG_URL}?schema=Robert'); DROP"),
    "bad sslmode": pg(f"{PG_URL}?sslmode=sometimes"),
    "unknown database": Kind(lambda d: PG_URL.rsplit("/", 1)[0] + "/no_such_keryx_db",
                             needs_server=True),
    "another application's schema": Kind(lambda d: foreign_schema(), needs_server=True),
}


FOREIGN_SCHEMA = "keryx_test_foreign_app"


def foreign_schema() -> str:
    async def make() -> None:
        import asyncpg
        conn = await asyncpg.connect(PG_URL)
        try:
            await conn.execute(f'DROP SCHEMA IF EXISTS {FOREIGN_SCHEMA} CASCADE; '
                               f'CREATE SCHEMA {FOREIGN_SCHEMA}; '
                               f'CREATE TABLE {FOREIGN_SCHEMA}.invoices (id int)')
        finally:
            await conn.close()
    asyncio.run(make())
    return f"{PG_URL}?schema={FOREIGN_SCHEMA}"


def schema_tables(schema: str) -> list[str]:
    async def read() -> list[str]:
        import asyncpg
        conn = await asyncpg.connect(PG_URL)
        try:
            return sorted(r[0] for r in await conn.fetch(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = $1",
                schema))
        finally:
            await conn.close()
    return asyncio.run(read())


def folder_state(folder: Path) -> list[tuple]:
    """Every entry below `folder` with its kind, size, mtime and a digest of its bytes."""
    state = []
    for p in sorted(folder.rglob("*")):
        st = p.lstat()
        digest = ""
        if p.is_file() and os.access(p, os.R_OK) and st.st_mode & 0o444:
            digest = hashlib.sha256(p.read_bytes()).hexdigest()
        state.append((str(p.relative_to(folder)), st.st_mode, st.st_size, st.st_mtime_ns,
                      digest))
    return state


def keryx(args: list[str], cwd: Path, database: str | None = None
          ) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN",
                                                            "KERYX_DATABASE")}
    if database is not None:
        env["KERYX_DATABASE"] = database
    return subprocess.run([sys.executable, "-m", "keryx.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=DEADLINE_S,
                          stdin=subprocess.DEVNULL)


CASES = [(name, command) for name, kind in KINDS.items() for command in kind.commands]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "command"), CASES, ids=[f"{c}: {n}" for n, c in CASES])
def test_a_bad_database_is_refused_in_one_line_and_left_untouched(name, command, tmp_path):
    kind = KINDS[name]
    if kind.needs_server and pg_unavailable():
        pytest.skip(f"needs PostgreSQL: {pg_unavailable()}")
    if kind.root_reads_it and os.geteuid() == 0:
        pytest.skip("root reads every file, so an unreadable one cannot be made")
    bad = tmp_path / "bad"
    bad.mkdir()
    target = kind.make(bad)
    work = tmp_path / "work"  # the command's folder; a good source for copying to PG
    work.mkdir()
    good = str(keryx_db(work / "good.db"))
    is_url = target.startswith("postgresql://")
    if command == "run":
        args, database = ["run"], target
    elif command == "export":
        args, database = ["export", "1", "--db", target], None
    elif command == "play":
        args, database = ["play", "athens-sparta", "--db", target], None
    elif is_url:
        args, database = ["db", "copy", good, target], None
    else:  # the source is refused before the target is looked at
        args, database = ["db", "copy", target, f"{PG_URL}?schema=keryx_never_made"], None
    before = folder_state(tmp_path)
    tables = schema_tables(FOREIGN_SCHEMA) if name == "another application's schema" else None
    res = keryx(args, work, database)
    lines = res.stderr.strip().splitlines()
    assert res.returncode == 2, res.stderr
    assert len(lines) == 1 and "Traceback" not in res.stderr, res.stderr
    shown = target.split("?")[0].split("@")[-1] if is_url else Path(target).name
    assert shown in lines[0] or (is_url and "URL" in lines[0]), lines[0]
    assert folder_state(tmp_path) == before  # nothing written, nothing created beside it
    if tables is not None:
        assert schema_tables(FOREIGN_SCHEMA) == tables == ["invoices"]


def test_every_kind_of_bad_input_named_by_the_issue_is_in_the_table():
    assert len(KINDS) >= 19 and len(CASES) >= 19 * 2


@pytest.mark.parametrize("name", ["text file", "truncated to half", "directory",
                                  "another application's SQLite", "named pipe",
                                  "schema page overwritten", "below a regular file"])
def test_the_store_itself_refuses_before_writing(name, tmp_path):
    """Every caller that opens a store (not only the commands) is protected."""
    target = Path(KINDS[name].make(tmp_path))
    before = folder_state(tmp_path)

    async def open_it() -> None:
        async with SqliteStore(target):
            pass
    with pytest.raises(NotKeryxDatabase):
        asyncio.run(open_it())
    assert folder_state(tmp_path) == before


def test_what_may_become_a_keryx_database_is_accepted(tmp_path):
    check_sqlite(tmp_path / "new" / "k.db")  # absent: created at first run
    (tmp_path / "empty.db").write_bytes(b"")
    check_sqlite(tmp_path / "empty.db")  # SQLite reads it as a new database
    check_sqlite(keryx_db(tmp_path / "k.db"), must_exist=True)
    for path in (tmp_path / "empty.db", tmp_path / "absent.db"):
        with pytest.raises(NotKeryxDatabase):
            check_sqlite(path, must_exist=True)


def test_a_running_bots_database_is_read_through_its_wal(tmp_path):
    """While a bot writes, the newest pages are in the -wal file: the check sees them."""
    path = tmp_path / "k.db"

    async def main() -> None:
        async with SqliteStore(path):
            assert Path(f"{path}-wal").exists()
            check_sqlite(path, must_exist=True)
    asyncio.run(main())


def test_a_file_sqlite_refuses_leaves_no_thread_to_keep_the_process_alive(tmp_path,
                                                                         monkeypatch):
    """Behind the check: a connection whose set-up fails is closed, or its thread (not a
    daemon) kept the process from exiting after the error (the hangs of issue 39.5)."""
    import threading

    from service.store import sqlite_file

    monkeypatch.setattr(sqlite_file, "check_sqlite", lambda path: None)  # reach SQLite
    path = tmp_path / "k.db"
    path.write_text("not a database\n")
    before = set(threading.enumerate())

    async def open_it() -> None:
        async with SqliteStore(path):
            pass
    with pytest.raises(sqlite3.DatabaseError):
        asyncio.run(open_it())
    for thread in set(threading.enumerate()) - before:
        thread.join(5)
        assert not thread.is_alive(), thread


def test_a_file_this_user_cannot_read_is_refused_by_name(tmp_path, monkeypatch):
    """The subprocess case above cannot run as root (root reads every file): here the
    file's opening fails as it does for another user."""
    path = keryx_db(tmp_path / "k.db")
    real_open = Path.open

    def denied(self: Path, *args, **kwargs):
        if self == path:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)
    monkeypatch.setattr(Path, "open", denied)
    with pytest.raises(NotKeryxDatabase, match=r"Cannot read .*k\.db: Permission denied"):
        check_sqlite(path)
