"""Probes of the SQLite write transaction against cancellation and a failed COMMIT
(service/store/sqlite_file.py, `SqliteFile.tx`): a task cancelled while its write waits
for the file (another process holds it), or whose COMMIT fails, must leave the writer
connection out of any transaction, else every later write of the process is refused and
the file stays locked for every other process."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from service import GameService
from service.store.sqlite import SqliteStore

from .helpers import NORTH, SOUTH, iid, start_duel


async def _first_choice(svc: GameService, channel: int) -> tuple[int, str, int]:
    view = await svc.view(channel, None)
    seat = view.view["game"]["waiting_for"][0]
    user = NORTH if seat == "north" else SOUTH
    mine = await svc.view(channel, user)
    assert mine.prompt is not None
    return user, mine.prompt.prompt.options[0].id, mine.version


async def test_a_click_cancelled_while_another_process_holds_the_file_leaves_no_transaction(
        tmp_path):
    path = tmp_path / "k.db"
    store = SqliteStore(path, busy_timeout_ms=2000)
    await store.open()
    svc = GameService(store)
    try:
        await start_duel(svc, 500)
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
    finally:
        await svc.close()
    reopened = await GameService.open(path)
    try:
        assert (await reopened.game_info(500)).version == version + 1
    finally:
        await reopened.close()


async def test_a_failed_commit_writes_nothing_and_the_next_click_goes_through(
        tmp_path, monkeypatch):
    store = SqliteStore(tmp_path / "k.db")
    await store.open()
    svc = GameService(store)
    try:
        await start_duel(svc, 500)
        user, option, version = await _first_choice(svc, 500)
        writer = store._writer
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
        assert [a.seq for a in await store.actions(info.id)] == list(range(1, version + 1))
        # The same choice again (a new click) applies once, on the committed game.
        again = await svc.submit(500, user, option, version, iid())
        assert again.version == version + 1
        assert [a.seq for a in await store.actions(again.game_id)][-1] == version + 1
    finally:
        await svc.close()
