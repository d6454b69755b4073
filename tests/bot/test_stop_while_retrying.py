"""`keryx run` stops at once on SIGTERM (docker stop) or SIGINT (Ctrl-C) while it cannot
reach Discord: between attempts (issue 34.2: ignored for minutes) and during one."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

STOP_WITHIN_S = 3.0


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_run(tmp_path: Path, api_port: int) -> tuple[subprocess.Popen, Path]:
    log = tmp_path / "run.log"
    env = {**os.environ, "DISCORD_TOKEN": "fake.token.value",
           "KERYX_DISCORD_API": f"http://127.0.0.1:{api_port}/api",
           "KERYX_DATABASE": str(tmp_path / "k.db"),
           "KERYX_HEALTH_FILE": str(tmp_path / "health")}
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "keryx.cli", "run"], cwd=tmp_path,
                                env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
    return proc, log


def wait_for(log: Path, text: str, proc: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while text not in log.read_text():
        assert proc.poll() is None, log.read_text()
        assert time.monotonic() < deadline, f"no {text!r} in:\n{log.read_text()}"
        time.sleep(0.1)


def stopped_within(proc: subprocess.Popen, sig: signal.Signals) -> tuple[float, int]:
    sent = time.monotonic()
    proc.send_signal(sig)
    try:
        code = proc.wait(timeout=30)  # bounded so a hang fails instead of stalling
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return time.monotonic() - sent, code


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_between_attempts_ends_the_wait_at_once(sig, tmp_path):
    proc, log = start_run(tmp_path, closed_port())
    wait_for(log, "trying again in 5 s", proc)
    took, code = stopped_within(proc, sig)
    assert took < STOP_WITHIN_S and code == 0, log.read_text()
    assert f"{sig.name} received: stopped before reaching Discord." in log.read_text()
    assert "Traceback" not in log.read_text()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_during_an_attempt_that_hangs_ends_it_at_once(sig, tmp_path):
    """A server that accepts and never answers holds the attempt (a firewall that drops)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held: list[socket.socket] = []
    threading.Thread(target=lambda: held.extend(iter(lambda: server.accept()[0], None)),
                     daemon=True).start()
    proc, log = start_run(tmp_path, server.getsockname()[1])
    try:
        wait_for(log, "logging in using static token", proc)
        time.sleep(0.5)
        took, code = stopped_within(proc, sig)
        assert took < STOP_WITHIN_S and code == 0, log.read_text()
        assert f"{sig.name} received: finishing and closing" in log.read_text()
        assert "trying again" not in log.read_text() and "Traceback" not in log.read_text()
    finally:
        server.close()
        for conn in held:
            conn.close()
