"""Probes of the SQLite write transaction against cancellation, a failed COMMIT and a
lock held past the busy timeout (service/store/sqlite_file.py, `SqliteFile.tx`): a task
cancelled while its write waits for the file (another process, or the community tables'
own writer, holds it), or whose COMMIT fails, must leave the writer connection out of
any transaction, else every later write of the process is refused and the file stays
locked for every other process."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from service import GameService, Refusal
from service.bots import BotRunner, is_bot
from service.community.db import community_db
from service.store.pg import split_url
from service.store.sqlite import SqliteStore
from tests.backends import drop_schema, new_schema_url, require_pg

from .helpers import NORTH, SOUTH, iid, start_duel
from .test_bots import CH, start_against


@contextlib.asynccontextmanager
async def _service(path: Path, busy_timeout_ms: int = 5000) -> AsyncIterator[GameService]:
    """A service on its own SQLite store, with the busy timeout a probe needs."""
    store = SqliteStore(path, busy_timeout_ms=busy_timeout_ms)
    await store.open()
    svc = GameService(store)
    try:
        yield svc
    finally:
        await svc.close()


async def _first_choice(svc: GameService, channel: int) -> tuple[int, str, int]:
    await start_duel(svc, channel)
    view = await svc.view(channel, None)
    seat = view.view["game"]["waiting_for"][0]
    user = NORTH if seat == "north" else SOUTH
    mine = await svc.view(channel, user)
    assert mine.prompt is not None
    return user, mine.prompt.prompt.options[0].id, mine.version


async def test_a_click_cancelled_while_another_process_holds_the_file_leaves_no_transaction(
        tmp_path):
    path = tmp_path / "k.db"
    async with _service(path, busy_timeout_ms=2000) as svc:
        user, option, version = await _first_choice(svc, 500)
        # Another process takes the file's write lock (BEGIN IMMEDIATE) and keeps it.
        other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        other.execute("BEGIN IMMEDIATE")
        click = asyncio.create_task(svc.submit(500, user, option, version, iid()))
        await asyncio.sleep(0.3)  # the click's BEGIN waits on busy_timeout
        click.cancel()            # a stopping bot cancels the click in flight
        with pytest.raises(asyncio.CancelledError):
            await click
        other.execute("ROLLBACK")  # the other process lets go...
        await asyncio.sleep(0.2)   # ...and the cancelled BEGIN gets the file
        # The same click again commits, and the other process can write after it.
        again = await svc.submit(500, user, option, version, iid())
        assert again.version == version + 1
        other.execute("BEGIN IMMEDIATE")
        other.execute("ROLLBACK")
        other.close()
    async with _service(path) as reopened:
        assert (await reopened.game_info(500)).version == version + 1


async def test_a_failed_commit_writes_nothing_and_the_next_click_goes_through(
        tmp_path, monkeypatch):
    async with _service(tmp_path / "k.db") as svc:
        user, option, version = await _first_choice(svc, 500)
        writer = svc.store._writer  # type: ignore[attr-defined]
        assert writer is not None
        real = writer.execute
        failures = []

        def failing_commit(sql, *args, **kwargs):
            # The COMMIT fails after the action, its outbox row and the game row were
            # written inside the transaction (as a full disk would make it fail).
            if sql == "COMMIT" and not failures:
                failures.append(sql)

                async def fail():
                    raise sqlite3.OperationalError("database or disk is full")
                return fail()
            return real(sql, *args, **kwargs)

        monkeypatch.setattr(writer, "execute", failing_commit)
        with pytest.raises(sqlite3.OperationalError):
            await svc.submit(500, user, option, version, iid())
        assert failures == ["COMMIT"]
        info = await svc.game_info(500)
        assert info.version == version  # nothing applied, nothing logged
        assert [a.seq for a in await svc.store.actions(info.id)] == list(range(1, version + 1))
        # The same choice again (a new click) applies once, on the committed game.
        again = await svc.submit(500, user, option, version, iid())
        assert again.version == version + 1
        assert [a.seq for a in await svc.store.actions(info.id)][-1] == version + 1


async def test_a_bot_turn_cancelled_by_a_stop_while_the_community_writes_leaves_no_transaction(
        tmp_path):
    # One bot process has two writers on its file: the game store and the community
    # tables (clocks, leagues). A stopping runner cancels the bot turn whose commit waits
    # for the community's transaction; the process's next writes must go through.
    path = tmp_path / "k.db"
    async with _service(path, busy_timeout_ms=3000) as svc:
        community = community_db(path)
        await community.open()
        try:
            await start_against(svc, seat="south")  # the bot (north) commits first
            release = asyncio.Event()
            holding = asyncio.Event()

            async def community_write():
                async with community.tx():  # a clock reconciled and saved, say
                    holding.set()
                    await release.wait()

            writer = asyncio.create_task(community_write())
            await holding.wait()
            runner = BotRunner(svc, delay_s=0.0, budget_s=0.0)
            assert await runner.tick() == 1
            await asyncio.sleep(0.3)  # the bot's commit waits for the file
            await runner.stop(timeout=0.1)  # and is cancelled
            release.set()
            await writer
            await asyncio.sleep(0.2)
        finally:
            await community.close()
        # The turn is played once by the next runner, and the person's answer after it.
        runner = BotRunner(svc, delay_s=0.0)
        assert await runner.tick() == 1
        await runner.settle()
        assert runner.acted == 1
        mine = await svc.view(CH, NORTH)
        assert mine.prompt is not None
        await svc.submit(CH, NORTH, mine.prompt.prompt.options[0].id, mine.version, iid())
        log = await svc.store.actions((await svc.game_info(CH)).id)
        assert [(a.seat, is_bot(a.user_id)) for a in log] == [("north", True), ("south", False)]


async def test_a_click_on_a_file_locked_past_the_busy_timeout_changes_nothing_and_may_repeat(
        tmp_path):
    # A backup or a second process keeps the file's write lock longer than busy_timeout:
    # the click fails (the bot answers "try again"), nothing is applied, and its
    # interaction id is not burnt: the same click later applies once.
    path = tmp_path / "k.db"
    async with _service(path, busy_timeout_ms=200) as svc:
        user, option, version = await _first_choice(svc, 500)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        click = iid()
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            await svc.submit(500, user, option, version, click)
        other.execute("ROLLBACK")
        other.close()
        assert (await svc.game_info(500)).version == version
        first = await svc.submit(500, user, option, version, click)
        assert not first.duplicate and first.version == version + 1
        again = await svc.submit(500, user, option, version, click)
        assert again.duplicate and again.version == version + 1
        assert (await svc.game_info(500)).version == version + 1


async def test_on_postgresql_a_click_cancelled_while_another_process_holds_the_game_row(
        tmp_path):
    # The same probe on PostgreSQL: another process holds the game's row (a transaction
    # that updated it and has not committed); the click's guarded commit waits for it
    # and is cancelled. The pool must not lend that connection out again mid-statement.
    require_pg()
    import asyncpg

    url = new_schema_url()
    try:
        svc = await GameService.open(url)
        try:
            user, option, version = await _first_choice(svc, 500)
            game = (await svc.game_info(500)).id
            dsn, schema = split_url(url)
            other = await asyncpg.connect(dsn)
            tx = other.transaction()
            await tx.start()
            await other.execute(f'UPDATE "{schema}".games SET updated_at = updated_at '
                                "WHERE id = $1", game)
            key = iid()
            click = asyncio.create_task(svc.submit(500, user, option, version, key))
            await asyncio.sleep(0.5)  # the commit waits for the row
            click.cancel()
            with pytest.raises(asyncio.CancelledError):
                await click
            await tx.rollback()
            await other.close()
            # The server may still run the abandoned statement once the row is free (it
            # learns of a vanished client only when it answers): then the click is in
            # the log unacknowledged, and its repeat is answered as itself. Either way
            # it applies once, and a new click drawn before it is stale.
            again = await svc.submit(500, user, option, version, key)
            assert again.version == version + 1
            assert [a.interaction_id for a in await svc.store.actions(game)] == [key]
            with pytest.raises(Refusal) as late:
                await svc.submit(500, user, option, version, iid())
            assert late.value.code == "stale"
            assert await svc.check(game) == []
        finally:
            await svc.close()
    finally:
        await drop_schema(url)
