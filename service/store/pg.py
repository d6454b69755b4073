"""One PostgreSQL database opened the Keryx way: the counterpart of `SqliteFile`.

The store and the community tables were written against aiosqlite (`?` placeholders,
`execute` returning a cursor with `rowcount` and `fetchone`). `PgConn` answers in that
shape over an asyncpg connection, so the same portable SQL runs on both databases and a
constraint violation surfaces as the same `sqlite3.IntegrityError` the shared code already
handles. What PostgreSQL does differently is here, not in the shared code:

* writes run concurrently (row locks and the version guard keep them right) unless the
  database is opened with `serial_writes`, which takes one transaction-level advisory lock
  per write transaction: the community tables rely on SQLite's single writer for their
  read-modify-write steps, and keep exactly that guarantee across processes this way;
* `game_lock(id)` serialises work on one game across processes: a session advisory lock
  on a pool connection that the holder then keeps for every read and write it makes under
  the lock (a context variable routes them there), so a holder never waits for a second
  connection and a click costs one round trip per statement, nothing more;
* `lead(name)` elects one process for a job (the scheduler tick): a session advisory lock
  on a dedicated connection, released by the server when that process's connection dies;
* a `schema` (from the URL's `?schema=` or the argument) keeps several Keryx databases,
  or test runs, apart in one PostgreSQL database; advisory lock keys include it.
"""

from __future__ import annotations

import asyncio
import contextvars
import re
import sqlite3
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from importlib.abc import Traversable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from .pg_keys import lock_key

_IDENT = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def split_url(url: str) -> tuple[str, str]:
    """(asyncpg DSN, schema): `?schema=` is ours, not libpq's, so it is taken out."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    schema = next((v for k, v in query if k == "schema"), "public")
    rest = urlencode([(k, v) for k, v in query if k != "schema"])
    if not _IDENT.match(schema):
        raise ValueError(f"schema {schema!r} must be a plain lower-case SQL name")
    return urlunsplit(parts._replace(query=rest)), schema


# --------------------------------------------------------------------------- SQL shape
@lru_cache(maxsize=2048)
def to_pg(sql: str, names: tuple[str, ...] | None = None) -> tuple[str, tuple[str, ...]]:
    """`?` (or `:name` when `names` is given) -> `$n`, leaving quoted text alone. Returns
    the statement and, for named parameters, the name of each `$n` in order."""
    out: list[str] = []
    order: list[str] = []
    i, n = 0, len(sql)
    while i < n:
        ch = sql[i]
        if ch in "'\"":
            j = sql.index(ch, i + 1)  # the shared SQL never escapes quotes by doubling
            out.append(sql[i:j + 1])
            i = j + 1
        elif sql.startswith("::", i):  # a cast, not a parameter
            out.append("::")
            i += 2
        elif ch == "?" and names is None:
            order.append(str(len(order)))
            out.append(f"${len(order)}")
            i += 1
        elif ch == ":" and names is not None and i + 1 < n and (sql[i + 1].isalpha()
                                                                 or sql[i + 1] == "_"):
            m = re.match(r"[A-Za-z_]\w*", sql[i + 1:])
            assert m is not None
            name = m.group(0)
            if name not in order:
                order.append(name)
            out.append(f"${order.index(name) + 1}")
            i += 1 + len(name)
        else:
            out.append(ch)
            i += 1
    return "".join(out), tuple(order)


def _args(sql: str, params: Sequence[Any] | Mapping[str, Any]) -> tuple[str, list[Any]]:
    if isinstance(params, Mapping):
        text, order = to_pg(sql, tuple(sorted(params)))
        return text, [params[k] for k in order]
    text, _ = to_pg(sql)
    return text, list(params)


_RETURNS_ROWS = re.compile(r"^\s*(SELECT|WITH|VALUES)\b|\bRETURNING\b", re.I)


class PgCursor:
    """What aiosqlite's cursor offered the shared SQL: rowcount and the fetched rows."""

    def __init__(self, rows: list[tuple], rowcount: int):
        self._rows = rows
        self.rowcount = rowcount

    async def fetchone(self) -> tuple | None:
        return self._rows.pop(0) if self._rows else None

    async def fetchall(self) -> list[tuple]:
        rows, self._rows = self._rows, []
        return rows

    async def close(self) -> None:
        self._rows = []


class PgConn:
    """An asyncpg connection that answers like the aiosqlite connection the shared SQL
    was written for (see the module docstring)."""

    def __init__(self, conn: asyncpg.Connection):
        self.raw = conn

    async def execute(self, sql: str,
                      params: Sequence[Any] | Mapping[str, Any] = ()) -> PgCursor:
        text, args = _args(sql, params)
        try:
            if _RETURNS_ROWS.search(sql):
                rows = [tuple(r) for r in await self.raw.fetch(text, *args)]
                return PgCursor(rows, len(rows))
            status = await self.raw.execute(text, *args)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise PgIntegrityError(f"{exc} ({exc.constraint_name})") from exc
        # "UPDATE 3", "DELETE 0", "INSERT 0 1": the count is the last word
        last = status.rsplit(" ", 1)[-1]
        return PgCursor([], int(last) if last.isdigit() else -1)

    async def execute_fetchall(self, sql: str,
                               params: Sequence[Any] | Mapping[str, Any] = ()) -> list[tuple]:
        return await (await self.execute(sql, params)).fetchall()


class PgIntegrityError(sqlite3.IntegrityError):
    """A PostgreSQL constraint refused a write. A subclass of sqlite3.IntegrityError on
    purpose: the shared SQL code maps that one exception to its conflicts (ChannelBusy,
    SeatTaken, DuplicateInteraction...), whichever database raised it."""


class Hold:
    """A game lock holder's connection, the holding task, the lock's key and whether the
    lock is taken yet (a lazy lock is taken with the block's first statement). The task
    is checked because tasks started under the lock inherit the context, and must not
    share the holder's connection (asyncpg runs one query at a time)."""

    __slots__ = ("conn", "task", "key", "locked")

    def __init__(self, conn: asyncpg.Connection, key: int, locked: bool):
        self.conn = conn
        self.task = asyncio.current_task()
        self.key = key
        self.locked = locked

    async def take(self, statement: str = "SELECT pg_advisory_lock($1)",
                   *args: Any) -> Any:
        """Take the lock (with `statement`, which must take it as its first step) and
        return what the statement returned."""
        try:
            value = await self.conn.fetchval(statement, self.key, *args)
        except BaseException:
            # Failed or cancelled while waiting: the server may grant the lock anyway,
            # and a pooled connection must not keep it. Dropping the session frees it.
            self.conn.terminate()
            raise
        self.locked = True
        return value


# Each PgDatabase has its own variable.
Pinned = contextvars.ContextVar[Hold | None]


def held_by_this_task(var: Pinned) -> Hold | None:
    held = var.get()
    return held if held is not None and held.task is asyncio.current_task() else None


async def pinned_connection(var: Pinned) -> asyncpg.Connection | None:
    """The connection of the game lock this task holds, its lock taken; else None."""
    held = held_by_this_task(var)
    if held is None:
        return None
    if not held.locked:
        await held.take()
    return held.conn


class ConnectionPool:
    """At most `size` connections, lent one task at a time. asyncpg's own pool costs about
    as much client CPU per lend as the statement itself (a shielded task per release, a
    queue, timeouts): two lends a click were a tenth of a bot process's work. This one
    lends an idle connection or makes one, and takes it back, with no task and no round
    trip: there is nothing to reset, since Keryx changes no session state after
    connecting (see `PgDatabase._connect`) and `game_lock` unlocks what it locked (or drops
    the connection). A connection that comes back closed, inside a transaction, or from a
    cancelled task (its query may still be running on the server) is dropped, and the
    next borrower makes a new one."""

    def __init__(self, connect: Callable[[], Awaitable[asyncpg.Connection]], size: int):
        if size < 1:
            raise ValueError("a pool needs at least one connection")
        self._connect = connect
        self.size = size
        self._idle: list[asyncpg.Connection] = []
        self._made = 0  # connections open or being opened, idle or lent
        self._waiters: deque[asyncio.Future[asyncpg.Connection | None]] = deque()
        self._closed = False

    def acquire(self) -> _Lend:
        return _Lend(self)

    async def take(self) -> asyncpg.Connection:
        while True:
            if self._closed:
                raise asyncpg.InterfaceError("the connection pool is closed")
            while self._idle:
                conn = self._idle.pop()
                if not conn.is_closed():
                    return conn
                self._made -= 1
            if self._made < self.size:
                self._made += 1
                try:
                    return await self._connect()
                except BaseException:
                    self._made -= 1
                    self._hand(None)  # the slot is free again for whoever waits
                    raise
            waiter = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            try:
                conn = await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled():
                    self.give(waiter.result(), broken=False)  # handed over as we left
                else:
                    self._waiters.remove(waiter)
                raise
            if conn is not None:
                return conn
            # None: a connection was dropped, so this waiter may make one

    def give(self, conn: asyncpg.Connection, *, broken: bool) -> None:
        """Take a lent connection back; `broken` (or closed, or inside a transaction,
        or the pool closing) drops it."""
        if broken or self._closed or conn.is_closed() or conn.is_in_transaction():
            conn.terminate()
            self._made -= 1
            self._hand(None)
        elif not self._hand(conn):
            self._idle.append(conn)

    def _hand(self, conn: asyncpg.Connection | None) -> bool:
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(conn)
                return True
        return False

    async def close(self) -> None:
        """Close the idle connections; lent ones are dropped when they come back."""
        self._closed = True
        idle, self._idle = self._idle, []
        self._made -= len(idle)
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_exception(asyncpg.InterfaceError("the connection pool is closed"))
        self._waiters.clear()
        for conn in idle:
            try:
                await conn.close(timeout=5)
            except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                conn.terminate()


class _Lend:
    """`async with pool.acquire() as conn` (or `PgDatabase.connection()`, which first
    looks for the connection of the game lock this task holds, `pinned`): a class, not
    a generator, since it runs with every statement."""

    __slots__ = ("_pool", "_pinned", "_conn")

    def __init__(self, pool: ConnectionPool, pinned: Pinned | None = None):
        self._pool = pool
        self._pinned = pinned
        self._conn: asyncpg.Connection | None = None

    async def __aenter__(self) -> asyncpg.Connection:
        if self._pinned is not None:
            held = await pinned_connection(self._pinned)
            if held is not None:
                return held  # the lock holder's: not lent, not given back
        self._conn = await self._pool.take()
        return self._conn

    async def __aexit__(self, kind: type[BaseException] | None, *_: object) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        # Cancelled (or stopped) mid-statement, the server may still be running it.
        self._pool.give(conn, broken=kind is not None and not issubclass(kind, Exception))


class PgReader:
    """Reads outside a transaction, each on whichever pool connection is free (or on
    the connection of the game lock this task holds)."""

    def __init__(self, pool: ConnectionPool, pinned: Pinned):
        self._pool = pool
        self._pinned = pinned

    async def execute(self, sql: str,
                      params: Sequence[Any] | Mapping[str, Any] = ()) -> PgCursor:
        pinned = await pinned_connection(self._pinned)
        if pinned is not None:
            return await PgConn(pinned).execute(sql, params)
        async with self._pool.acquire() as conn:
            return await PgConn(conn).execute(sql, params)

    async def execute_fetchall(self, sql: str,
                               params: Sequence[Any] | Mapping[str, Any] = ()) -> list[tuple]:
        return await (await self.execute(sql, params)).fetchall()


# --------------------------------------------------------------------------- database
class PgDatabase:
    # Keep-alives let the server notice a vanished machine (not only a dead process,
    # whose socket the kernel closes at once) and so free its advisory locks.
    SESSION = {"tcp_keepalives_idle": "10", "tcp_keepalives_interval": "5",
               "tcp_keepalives_count": "3"}

    def __init__(self, url: str, *, schema: str | None = None, pool_size: int = 8,
                 serial_writes: bool = False,
                 migrations: Traversable | Path | str | None = None):
        self.dsn, url_schema = split_url(url)
        self.schema = schema or url_schema
        if not _IDENT.match(self.schema):
            raise ValueError(f"schema {self.schema!r} must be a plain lower-case SQL name")
        self.pool_size = pool_size
        self.serial_writes = serial_writes
        self._migrations = migrations
        self._pool: ConnectionPool | None = None
        self._leaders: dict[str, asyncpg.Connection] = {}
        self._lead_guard = asyncio.Lock()
        self._pinned: Pinned = contextvars.ContextVar(f"keryx_pg_pinned_{id(self)}",
                                                      default=None)

    def _settings(self) -> dict[str, str]:
        return {**self.SESSION, "search_path": self.schema}

    # Run on every new pool connection (one round trip, once): what the session needs
    # besides its settings. Values the session writes are compressed with lz4 where
    # the server has it (PostgreSQL 14+ built with lz4): a game's snapshot, 10-30 KB,
    # is written with every action, and lz4 costs the server about half of what its
    # default pglz does (docs/storage.md). Old values stay readable either way.
    SESSION_SQL = """
DO $$ BEGIN SET default_toast_compression = 'lz4';
EXCEPTION WHEN invalid_parameter_value OR undefined_object THEN NULL; END $$;
"""

    async def _session_setup(self, conn: asyncpg.Connection) -> None:
        if self.SESSION_SQL:
            await conn.execute(self.SESSION_SQL)

    async def open(self) -> None:
        if self._pool is not None:
            return
        from .pg_migrate import migrate_pg

        first = await asyncpg.connect(self.dsn)
        try:
            # Two processes may race to create the schema; the lock makes it one.
            async with first.transaction():
                await first.execute("SELECT pg_advisory_xact_lock($1)",
                                    lock_key(self.schema, "create"))
                await first.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
            await first.execute(f'SET search_path TO "{self.schema}"')
            await migrate_pg(first, self.schema, self._migrations)
        finally:
            await first.close()
        pool = ConnectionPool(self._connect, self.pool_size)
        async with pool.acquire():  # one connection at once: a bad URL fails here
            pass
        self._pool = pool

    async def _connect(self) -> asyncpg.Connection:
        conn = await asyncpg.connect(self.dsn, server_settings=self._settings())
        try:
            await self._session_setup(conn)
        except BaseException:
            conn.terminate()
            raise
        return conn

    async def close(self) -> None:
        for conn in self._leaders.values():
            await conn.close()
        self._leaders.clear()
        pool, self._pool = self._pool, None
        if pool is not None:
            await pool.close()

    async def __aenter__(self):
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def pool(self) -> ConnectionPool:
        if self._pool is None:
            raise RuntimeError(f"the {type(self).__name__} is not open")
        return self._pool

    def connection(self) -> _Lend:
        """The game lock holder's connection, else a free one from the pool."""
        return _Lend(self.pool, self._pinned)

    @asynccontextmanager
    async def tx(self) -> AsyncIterator[PgConn]:
        """One write transaction; everything inside commits together or not at all."""
        async with self.connection() as conn, conn.transaction():
            if self.serial_writes:
                await conn.execute("SELECT pg_advisory_xact_lock($1)",
                                   lock_key(self.schema, "writes"))
            yield PgConn(conn)

    @property
    def reader(self) -> PgReader:
        return PgReader(self.pool, self._pinned)

    async def one(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> tuple | None:
        rows = await self.reader.execute_fetchall(sql, params)
        return rows[0] if rows else None

    async def all(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> list[tuple]:
        return await self.reader.execute_fetchall(sql, params)

    # ------------------------------------------------------------------ coordination
    @asynccontextmanager
    async def game_lock(self, game_id: int, *, lazy: bool = False) -> AsyncIterator[None]:
        """Hold game `game_id` against every other process until the block ends. The
        holder's reads and writes in the block run on the lock's own connection, one
        statement at a time (the service never runs two at once under a game lock).

        `lazy`: the lock is taken with the block's first statement instead of at once,
        by a statement of its own or, with `locked_read`, in the same round trip as
        the first read; a block that makes no statement takes no lock. Nothing of the
        game is read or written before the lock is held either way."""
        if held_by_this_task(self._pinned) is not None:
            raise RuntimeError("game locks do not nest")
        async with self.pool.acquire() as conn:
            hold = Hold(conn, lock_key(self.schema, "game", game_id), locked=False)
            if not lazy:
                await hold.take()
            token = self._pinned.set(hold)
            try:
                yield
            finally:
                self._pinned.reset(token)
                if hold.locked:
                    try:
                        await conn.execute("SELECT pg_advisory_unlock($1)", hold.key)
                    except BaseException:
                        # The lock must not outlive the block: a connection that cannot
                        # unlock is dropped, and the server frees its locks with it.
                        conn.terminate()
                        raise

    async def locked_read(self, function: str, *args: Any) -> Any:
        """`SELECT function(key, *args)`: a function (of the session, see
        `_session_setup`) that takes the game lock `key` first, when it is given, and
        then reads. Under a lazy game lock not yet taken, this takes it and reads in one
        round trip; otherwise the key is NULL and it only reads. The function must be
        VOLATILE: each of its statements then reads what was committed when it began, so
        the read after the lock sees every commit made before the lock was granted (one
        plain statement would read as of its own start, before the wait)."""
        call = f"SELECT {function}({', '.join(f'${i + 1}' for i in range(len(args) + 1))})"
        held = held_by_this_task(self._pinned)
        if held is not None and not held.locked:
            return await held.take(call, *args)
        async with self.connection() as conn:
            return await conn.fetchval(call, None, *args)

    async def lead(self, name: str = "scheduler") -> bool:
        """Whether this process holds the leadership `name` now, trying to take it if
        nobody does. The lock lives as long as this process's connection: when the
        process dies the server drops the session and another process takes over on its
        next try."""
        async with self._lead_guard:
            conn = self._leaders.get(name)
            if conn is not None:
                try:
                    await conn.fetchval("SELECT 1")
                    return True
                except (asyncpg.PostgresError, OSError, asyncpg.InterfaceError):
                    self._leaders.pop(name, None)  # the session and its lock are gone
                    conn.terminate()
            conn = await asyncpg.connect(self.dsn, server_settings=self._settings())
            try:
                won = await conn.fetchval("SELECT pg_try_advisory_lock($1)",
                                          lock_key(self.schema, "lead", name))
            except BaseException:
                conn.terminate()
                raise
            if won:
                self._leaders[name] = conn
            else:
                await conn.close()
            return bool(won)

    async def resign(self, name: str = "scheduler") -> None:
        """Give up a leadership (a clean shutdown), so another process takes it at once."""
        async with self._lead_guard:
            conn = self._leaders.pop(name, None)
            if conn is not None:
                await conn.close()
