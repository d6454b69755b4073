"""The game cache keeps only games in play, bounded by count and by the size of their
snapshots (issue 39, point 6)."""

from __future__ import annotations

import random

import engine
import tests.fixtures.duel  # noqa: F401  (registers "duel")
from service.cache import DEFAULT_WEIGHT, GameCache

from .helpers import play_out, start_duel


def _game(seed: str) -> engine.Game:
    return engine.new_game("duel", seed=seed)


def test_the_cache_is_bounded_by_the_size_of_its_games_snapshots():
    cache: GameCache[None] = GameCache(size=100, max_bytes=50_000)
    for i in range(5):
        cache.weigh(i, 20_000)
        cache.put(i, _game(str(i)))
    assert len(cache) == 2 and cache.bytes == 40_000  # the two used last
    assert cache.get(3, 0) is not None and cache.get(4, 0) is not None
    # a game taken out by a writer keeps its weight and comes back with it
    g = cache.pop(3, 0)
    assert g is not None and cache.bytes == 20_000
    cache.put(3, g)
    assert cache.bytes == 40_000
    cache.weigh(3, 45_000)  # it grew: the other one goes
    assert len(cache) == 1 and cache.bytes == 45_000 and cache.get(3, 0) is not None
    cache.put(7, _game("7"))  # weight unknown yet: the default
    assert cache.get(3, 0) is None and cache.bytes == DEFAULT_WEIGHT


def test_the_cache_is_bounded_by_count():
    cache: GameCache[None] = GameCache(size=3)
    for i in range(10):
        cache.put(i, _game(str(i)))
    assert len(cache) == 3 and cache.bytes == 3 * DEFAULT_WEIGHT


def test_a_finished_game_is_not_kept():
    cache: GameCache[None] = GameCache()
    g = _game("x")
    rng = random.Random(1)
    while g.outcome is None:
        p = rng.choice(g.prompts())
        g.act(p.seat, rng.choice(p.options).id)
    cache.put(1, g)
    assert len(cache) == 0 and cache.bytes == 0


async def test_finished_games_leave_the_service_cache(svc):
    for channel in range(700, 706):
        await start_duel(svc, channel)
        await play_out(svc, channel, random.Random(channel))
        info = await svc.game_info(channel)
        assert info.status == "finished"
        await svc.view(channel, None)  # views of a finished game load it without keeping it
    assert len(svc.ctx.cache) == 0 and svc.ctx.cache.bytes == 0
