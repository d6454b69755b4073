"""The Epic's speed-ups answer exactly what the plain questions answer (task espeed): the
destination menus and city holders kept in the kernel's per-thread memos, the steady
block's memo and its units-by-hex made on first use. Random games are played and, at every
step, the memoized answers are compared with ones worked out afresh."""

from __future__ import annotations

import threading

import pytest

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.rulesets.epic import board as B
from engine.rulesets.epic import moves

from .helpers import RULES

MEMOS = (moves._DEST_MENUS, moves._DEST_LEAVES, B._CITY_HOLDERS)  # noqa: SLF001


def _forget() -> None:
    for memo in MEMOS:
        memo.table().clear()


def _fresh_holders(g: Game) -> dict[str, str | None]:
    """Every city and fort hex's holder, asked outside any steady block (no index, no memo)."""
    s = g.state
    places = {c.hex for c in B.comps().cities.values()} | set(s["forts"])
    return {h: B._holder(s, h) for h in sorted(places)}  # noqa: SLF001


def _steady_holders(g: Game) -> dict[str, str | None]:
    s = g.state
    places = {c.hex for c in B.comps().cities.values()} | set(s["forts"])
    with B.steady(s):
        return {h: B.holder(s, h) for h in sorted(places)}


@pytest.mark.parametrize("scenario, seed, steps", [
    ("archidamian", "memo:a", 300),  # long movement menus, sea voyages and calls
    ("four-player", "memo:b", 250),  # League seats: who may board, whose units move
])
def test_memoized_prompts_and_holders_equal_fresh_ones(scenario, seed, steps):
    g = Game.create(RULES, scenario=scenario, seed=seed)
    player = Rng(f"player:{seed}")
    menus_seen = 0
    for _ in range(steps):
        if g.outcome is not None:
            break
        kept = RULES.prompts(g.state)  # with whatever the memos hold from earlier steps
        _forget()
        fresh = RULES.prompts(g.state)
        assert kept == fresh
        menus_seen += sum(p.kind == "destination" for p in fresh)
        assert _steady_holders(g) == _fresh_holders(g)
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
        assert g.check_invariants() == []
    assert menus_seen > 0  # the destination menu was built and compared


def test_a_thread_fills_its_own_memo():
    """A search thinking in a worker thread keeps its own table: it neither reads nor
    empties the one the event loop's prompts use (engine/core/steady.py)."""
    g = Game.create(RULES, scenario="archidamian", seed="memo:threads")
    with B.steady(g.state):
        B.city_holders(g.state)
    here = B._CITY_HOLDERS.table()  # noqa: SLF001
    assert here
    seen: list[int] = []

    def think() -> None:
        seen.append(len(B._CITY_HOLDERS.table()))  # noqa: SLF001
        with B.steady(g.state):
            B.city_holders(g.state)
        seen.append(len(B._CITY_HOLDERS.table()))  # noqa: SLF001

    worker = threading.Thread(target=think)
    worker.start()
    worker.join()
    assert seen == [0, 1]
    assert B._CITY_HOLDERS.table() is here  # noqa: SLF001


def test_a_changed_fact_is_a_new_key():
    """The holders memo is keyed by the facts a city's holder is read from: a control marker
    put down changes the answer at once, never a stale one from the table."""
    g = Game.create(RULES, scenario="archidamian", seed="memo:marks")
    s = g.state
    city = next(c for c in B.comps().cities.values()
                if c.name not in s["razed"] and B.city_owner(s, c.name) == "athens")
    with B.steady(s):
        assert B.holder(s, city.hex) == "athens"
    s["marks"][city.name] = "sparta"
    with B.steady(s):
        assert B.holder(s, city.hex) == "sparta"
