"""The multi-process soak on PostgreSQL: 4 bot processes click on the same games at once
(conflicting clicks, double clicks), each runs the scheduler when it holds the lead, and
one is SIGKILLed midway. Afterwards every game equals the replay of its log, every
acknowledged action is in the log, and no reminder or expiry was delivered twice."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections import Counter
from pathlib import Path

import pytest

from service import GameService
from service.community import Community, Pace
from tests.backends import database

from .helpers import NORTH, SOUTH, start_duel

PROCESSES, CLICKS, GAMES = 4, 450, 40


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines() if path.exists() else []


@pytest.mark.slow
async def test_four_processes_conflicting_clicks_and_a_sigkill(tmp_path):
    async with database("postgres", tmp_path) as url:
        svc = await GameService.open(url)
        async with Community(url) as community:
            for n in range(GAMES):
                started = await start_duel(svc, 9000 + n)
                # A two-second bank: reminders and expiries fall due during the soak.
                await community.game_started(
                    started.game.id, channel_id=9000 + n, ruleset="duel",
                    players={"north": NORTH, "south": SOUTH},
                    to_act=[p.seat for p in started.prompts], pace=Pace(2, 1, 2))
        procs = [await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.service.soak_child", url, str(i), str(CLICKS),
            str(tmp_path), cwd=os.getcwd()) for i in range(PROCESSES)]
        # SIGKILL one process once a good part of the clicks went through.
        while sum(len(lines(tmp_path / f"acked-{i}.log")) for i in range(PROCESSES)) < 60:
            await asyncio.sleep(0.05)
        victim = procs[0]
        victim.send_signal(signal.SIGKILL)
        codes = [await p.wait() for p in procs]
        assert codes[0] == -signal.SIGKILL and codes[1:] == [0] * (PROCESSES - 1)

        acked = [line.split() for i in range(PROCESSES)
                 for line in lines(tmp_path / f"acked-{i}.log")]
        sent = {i: lines(tmp_path / f"sent-{i}.log") for i in range(PROCESSES)}
        try:
            # no acknowledged action lost: each is in the log at the version it reported
            for iid, game_id, version in acked:
                row = await svc.store.action_by_interaction(iid)
                assert row is not None and (row.game_id, row.seq) == (int(game_id),
                                                                      int(version)), iid
            # every game equals the replay of its log
            ids = [r[0] for r in await svc.store.all("SELECT id FROM games ORDER BY id")]
            for game_id in ids:
                assert await svc.check(game_id) == [], game_id
            assert await svc.store.integrity_check() == "ok"
            # nothing delivered twice (the killed process may have died after handing a
            # message to its sink and before marking it sent: at-least-once allows that
            # one, and only as its own last line)
            keys = Counter(k for ks in sent.values() for k in ks)
            twice = {k for k, n in keys.items() if n > 1}
            assert twice <= set(sent[0][-1:]), twice
            assert keys, "the scheduler delivered nothing"
            # and every delivery the database recorded as sent was delivered
            recorded = {r[0] for r in await svc.store.all(
                "SELECT key FROM outbox WHERE state = 'sent'")}
            assert recorded <= set(keys)
        finally:
            await svc.close()
        total_actions = sum(1 for _ in acked)
        print(f"\nsoak: {PROCESSES} processes, {PROCESSES * CLICKS} clicks planned, "
              f"{total_actions} acknowledged actions, {len(keys)} deliveries, "
              f"process 0 killed")
