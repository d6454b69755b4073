"""`keryx bench` figures for the renderer (see keryx/bench.py)."""

from __future__ import annotations

import io
import statistics
import time
from typing import Any

from PIL import Image

from . import png


def _median_ms(fn, n: int) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return round(statistics.median(times) * 1000, 2)


def mid_game_view() -> tuple[dict[str, Any], str]:
    """A public view from a real game after some random play, else the hand-made one."""
    try:
        from .cli import play_random_steps

        game, _battles = play_random_steps("athens-sparta", seed="bench", steps=150)
        return game.view(None), "engine"
    except Exception:  # noqa: BLE001 - the rules engine may not be ready; say which view
        from .athens_sparta import mapdraw, sample

        return sample.sample_view(mapdraw.default_data(), None), "sample"


def bench_render(n: int = 15) -> dict[str, Any]:
    from .athens_sparta import combat, mapdraw, sample

    view, source = mid_game_view()
    img, palette = mapdraw.render_image(view)  # builds the base map outside the timing
    data = mapdraw.render(view)

    def encode_only():
        png.encode(img, palette)

    # Interleaved, so that a busy machine slows both figures alike and the ratio holds.
    full, enc = [], []
    for _ in range(n):
        full.append(_median_ms(lambda: mapdraw.render(view), 1))
        enc.append(_median_ms(encode_only, 1))
    battle = sample.sample_battle()
    return {
        "render_map_ms": round(statistics.median(full), 2),
        "render_encode_only_ms": round(statistics.median(enc), 2),
        "render_map_png_bytes": len(data),
        "render_map_size": "x".join(map(str, Image.open(io.BytesIO(data)).size)),
        "render_combat_ms": _median_ms(lambda: combat.render(battle), n),
        "render_view_source": source,
    }


def bench_render_epic(n: int = 15) -> dict[str, Any]:
    """The Epic's pictures from a real Argive League position (seed "bench", 600 random
    steps): the map (drawing and encoding, interleaved with encoding alone), a battle and
    the player aids, and how long the base map takes to build once per process."""
    from .cli import play_random_steps
    from .epic import aids, basemap, combat, mapdraw

    game, battles = play_random_steps("epic", seed="bench", steps=600)
    view = game.view(None)
    t = time.perf_counter()
    base = basemap.draw(view["scenario"])  # what the first map of a process pays
    build_s = time.perf_counter() - t
    data = mapdraw.draw_map(view)  # builds the shared base outside the timing
    img = base.image.copy()

    full, enc = [], []
    for _ in range(n):
        full.append(_median_ms(lambda: mapdraw.draw_map(view), 1))
        enc.append(_median_ms(lambda: png.encode(img, base.palette), 1))
    out = {
        "epic_render_map_ms": round(statistics.median(full), 2),
        "epic_render_encode_only_ms": round(statistics.median(enc), 2),
        "epic_render_map_png_bytes": len(data),
        "epic_render_map_size": "x".join(map(str, Image.open(io.BytesIO(data)).size)),
        "epic_render_aids_ms": _median_ms(lambda: aids.render(view), n),
        "epic_render_base_build_s": round(build_s, 2),
    }
    if battles:
        out["epic_render_combat_ms"] = _median_ms(lambda: combat.render(battles[-1]), n)
    return out


def bench_render_hellenes(n: int = 15) -> dict[str, Any]:
    """The Hellenes map at a mid-game position (seed "bench", 300 random steps): public
    and Athens' map, drawing and encoding, after the shared base is built (its build
    time reported once), and the map of a new position's first draw, which pays for
    fitting each area's stack once; and a battle's combat display."""
    from . import render_combat, render_map
    from .cli import play_random_steps
    from .hellenes import basemap

    game, _battles = play_random_steps("hellenes", seed="bench", steps=300)
    public, seat = game.view(None), game.view("athens")
    t = time.perf_counter()
    basemap.base()
    build_s = time.perf_counter() - t
    render_map(public)
    render_map(seat)
    pub, mine = [], []
    for _ in range(n):  # interleaved, so a busy machine slows both alike
        pub.append(_median_ms(lambda: render_map(public), 1))
        mine.append(_median_ms(lambda: render_map(seat), 1))
    data = render_map(public)
    # a real battle's display (the 431 Campaign, seed "14": two battles in 38 steps)
    _g, battles = play_random_steps("hellenes", seed="14", steps=38)
    combat = {"hellenes_render_combat_ms": _median_ms(
        lambda: render_combat(battles[-1], public), n)} if battles else {}
    return combat | {
        "hellenes_render_map_ms": round(statistics.median(pub), 2),
        "hellenes_render_seat_map_ms": round(statistics.median(mine), 2),
        "hellenes_render_map_png_bytes": len(data),
        "hellenes_render_map_size": "x".join(map(str, Image.open(io.BytesIO(data)).size)),
        "hellenes_render_base_build_s": round(build_s, 2),
    }
