"""Kill a writing process with SIGKILL at random moments, 20 times: the database must
open, every game's snapshot must equal the replay of its log, and every action the child
reported as committed must be there."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from service import GameService

ROOT = Path(__file__).resolve().parents[2]


def _run_and_kill(db: Path, seed: int, delay: float) -> list[tuple[int, int]]:
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.service.crash_child", str(db), str(seed)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    time.sleep(delay)
    if child.poll() is not None:
        raise AssertionError(f"the child died on its own: {child.stderr.read().decode()}")
    child.send_signal(signal.SIGKILL)
    out, _ = child.communicate(timeout=10)
    assert child.returncode == -signal.SIGKILL
    committed = []
    for line in out.decode().splitlines():
        if line == "ready":
            continue
        game_id, seq = line.split()
        committed.append((int(game_id), int(seq)))
    return committed


@pytest.mark.slow
async def test_sigkill_loses_nothing_acknowledged(tmp_path):
    db = tmp_path / "crash.db"
    rng = random.Random(20240611)
    reported: list[tuple[int, int]] = []
    started = time.monotonic()
    for run in range(20):
        # Early runs sometimes die while opening or migrating the database.
        delay = rng.uniform(0.05, 0.4) if run < 3 else rng.uniform(0.4, 1.0)
        reported += _run_and_kill(db, run, delay)
        svc = await GameService.open_sqlite(db)
        try:
            assert await svc.store.integrity_check() == "ok"
            games = {g for g, _ in reported}
            channel = 1
            while found := await svc.store.games_in_channel(channel):
                games |= {g.id for g in found}  # also games killed before any action
                channel += 1
            for game_id in games:
                assert await svc.check(game_id) == [], (run, game_id)
                seqs = {a.seq for a in await svc.store.actions(game_id)}
                lost = [s for g, s in reported if g == game_id and s not in seqs]
                assert not lost, f"run {run}: acknowledged actions lost: {lost}"
        finally:
            await svc.close()
    assert len(reported) > 50, "the child hardly ever committed; the test proved little"
    assert time.monotonic() - started < 45
