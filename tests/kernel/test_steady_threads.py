"""The steady index is the kernel's, one per thread and task: a game played beside a
thread that thinks about another game sees exactly the prompts it sees alone (the Epic
once kept its index in a module-level list, and a second thread's index leaked into the
first's prompts)."""

from __future__ import annotations

import sys
import threading

import pytest

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.core.steady import Memo

GAMES = [("epic", "argive-league"), ("epic", "four-player"), ("hellenes", "431")]


def _play(rid: str, scenario: str, seed: str, actions: int) -> list[list[dict]]:
    """Every prompt list a random game shows, action by action."""
    g = engine.new_game(rid, scenario=scenario, seed=seed)
    player = Rng(f"steady:{seed}")
    seen = []
    for _ in range(actions):
        if g.outcome is not None:
            break
        g._prompts = None  # built afresh, inside the ruleset's steady block
        prompts = g.prompts()
        seen.append([p.to_dict() for p in prompts])
        p = player.choice(prompts)
        g.act(p.seat, random_answer(p, player))
    return seen


@pytest.mark.parametrize(("rid", "scenario"), GAMES)
def test_prompts_beside_a_thinking_thread_are_the_prompts_alone(rid, scenario):
    alone = _play(rid, scenario, "main", 250)
    stop = threading.Event()
    errors: list[BaseException] = []

    def think() -> None:  # another game, played over and over, as a bot seat thinks
        n = 0
        while not stop.is_set():
            try:
                _play(rid, scenario, f"other{n}", 60)
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)
                return
            n += 1

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads often, as a busy service does
    thread = threading.Thread(target=think, daemon=True)
    thread.start()
    try:
        beside = _play(rid, scenario, "main", 250)
    finally:
        stop.set()
        thread.join()
        sys.setswitchinterval(interval)
    assert errors == []
    assert len(beside) == len(alone)
    for i, (a, b) in enumerate(zip(alone, beside, strict=True)):
        assert a == b, f"action {i}: the prompts differ beside the thinking thread"


def test_a_memo_keeps_one_table_per_thread_and_bounds_it():
    """The kernel's memo scope (steady.Memo): a thread thinking beside the event loop
    fills its own table, never the one the loop reads; a full table is emptied first."""
    memo: Memo[str, int] = Memo("test", 2)
    mine = memo.table()
    memo.keep(mine, "a", 1)
    seen: list[dict[str, int]] = []

    def other() -> None:
        theirs = memo.table()
        memo.keep(theirs, "b", 2)
        seen.append(theirs)

    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert memo.table() is mine and mine == {"a": 1} and seen == [{"b": 2}]
    memo.keep(mine, "c", 3)
    memo.keep(mine, "d", 4)  # two already: emptied first
    assert mine == {"d": 4}
