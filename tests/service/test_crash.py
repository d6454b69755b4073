"""Kill a writing process with SIGKILL at random moments, 20 times: the database must
open, every game's snapshot must equal the replay of its log, and every action the child
reported as committed must be there."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from service import GameService

ROOT = Path(__file__).resolve().parents[2]


def _run_and_kill(db: Path, seed: int, rng: random.Random, early: bool) -> list[tuple[int, int]]:
    """Start a child, kill it with SIGKILL, return what it acknowledged. An early kill comes
    at a random moment (maybe while opening or migrating the database); a later one comes a
    random moment after the child acknowledged a random number of actions, so that every
    run proves something however slow the machine is."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.service.crash_child", str(db), str(seed)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(
        raw.decode().strip() for raw in iter(child.stdout.readline, b"")), daemon=True)
    reader.start()
    if not early:
        want, deadline = rng.randint(1, 8), time.monotonic() + 120
        while sum(line != "ready" for line in list(lines)) < want:
            if child.poll() is not None:
                raise AssertionError(f"the child died on its own: {child.stderr.read().decode()}")
            assert time.monotonic() < deadline, "the child acknowledged nothing in 120 s"
            time.sleep(0.005)
    time.sleep(rng.uniform(0.05, 0.4) if early else rng.uniform(0.0, 0.3))
    if child.poll() is not None:
        raise AssertionError(f"the child died on its own: {child.stderr.read().decode()}")
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    reader.join(timeout=10)
    assert child.returncode == -signal.SIGKILL
    committed = []
    for line in lines:
        if line in ("ready", ""):
            continue
        game_id, seq = line.split()
        committed.append((int(game_id), int(seq)))
    return committed


@pytest.mark.slow
async def test_sigkill_loses_nothing_acknowledged(tmp_path):
    db = tmp_path / "crash.db"
    rng = random.Random(20240611)
    reported: list[tuple[int, int]] = []
    for run in range(20):
        reported += _run_and_kill(db, run, rng, early=run < 3)
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
    assert len(reported) >= 17, "the child hardly ever committed; the test proved little"
