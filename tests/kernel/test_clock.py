"""The kernel's change clock (engine/core/clock.py): a stamp taken before a write never
matches the clock after it, whatever another thread does meanwhile, and Athens & Sparta's
block caches (which stamp themselves with it) are emptied by a write made in another
thread."""

from __future__ import annotations

import threading

import engine
from engine.core.clock import Clock
from engine.rulesets.athens_sparta.state import derived, derived_all


def test_a_stamp_never_matches_after_a_write_even_when_an_earlier_tick_lands_late():
    clock = Clock()
    late = clock._next()      # thread A took its tick, and is still writing
    clock.tick()              # thread B wrote and published
    stamp = clock.now         # a reader caches what it saw, stamped
    clock.now = late          # A publishes its (earlier) tick at last
    assert clock.now != stamp
    seen = {stamp, late}
    for _ in range(1000):     # no later write can bring the stamp back
        clock.tick()
        assert clock.now not in seen
        seen.add(clock.now)


def test_no_tick_is_lost_or_given_twice_across_threads():
    clock = Clock()
    per_thread = 20_000
    taken: list[list[int]] = [[] for _ in range(4)]

    def write(out: list[int]) -> None:
        for _ in range(per_thread):
            out.append(clock._next())

    threads = [threading.Thread(target=write, args=(out,)) for out in taken]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ticks = [v for out in taken for v in out]
    assert len(set(ticks)) == len(ticks) == 4 * per_thread
    assert max(ticks) == 4 * per_thread


def test_a_block_cache_is_emptied_by_a_write_from_another_thread():
    s = engine.new_game("athens-sparta", seed="clock").state
    bid = next(b for b, x in s["blocks"].items() if x["loc"] not in ("pool", "off", "out"))
    derived(s)["probe"] = True
    derived_all(s)["probe"] = True
    other = engine.new_game("athens-sparta", seed="other").state
    some = next(iter(other["blocks"]))

    def write() -> None:
        other["blocks"][some]["loc"] = "off"     # another game, another thread
        s["blocks"][bid]["str"] = s["blocks"][bid]["str"] + 1  # a minor field of ours

    t = threading.Thread(target=write)
    t.start()
    t.join()
    assert "probe" not in derived(s)
    assert "probe" not in derived_all(s)
