"""The Epic's region markers stand apart (issue 33): with four players the regions of
central Greece are small and close, and markers put on their middles piled on each other.
Checked on the boxes the base map reserves and by a pixel probe of the drawn map: every
marker's face, left and right of its text, shows its own controller's colour, so none is
drawn over another."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

import engine
from engine.rulesets.epic.components import load_components
from renders import theme
from renders.epic import basemap, mapdraw
from renders.fonts import font

SCENARIOS = ("four-player", "argive-league",
             pytest.param("three-player", marks=pytest.mark.slow),
             pytest.param("campaign", marks=pytest.mark.slow))


@pytest.fixture(autouse=True)
def _no_disk_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("KERYX_RENDER_CACHE", str(tmp_path / "cache"))


def boxes(scenario: str) -> dict[str, tuple[float, ...]]:
    b = basemap.base_for(scenario)
    comps = load_components()
    return {region: basemap.marker_box(b.grid.radius, spot, comps.regions[region].name)
            for region, spot in b.region_label.items()}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_no_two_region_markers_overlap(scenario):
    placed = boxes(scenario)
    assert len(placed) >= 10
    for (ra, a), (rb, b) in itertools.combinations(placed.items(), 2):
        assert not basemap._overlap(a, b), (ra, rb)


def test_central_greece_markers_stand_in_their_regions_apart_pixel_probe():
    g = engine.new_game("epic", "four-player", seed="7")
    view = g.view(None)
    image = Image.open(io.BytesIO(mapdraw.draw_map(view))).convert("RGB")
    b = basemap.base_for("four-player")
    comps = load_components()
    seated = mapdraw.seated(view)
    central = ("boeotia", "megarid", "attica", "corinth", "achaea", "phocis-locris", "euboea")
    checked = 0
    for region, spot in b.region_label.items():
        reg = seated["regions"].get(region)
        if reg is None:
            continue
        colour = theme.side_colour(reg["side"] if reg["side"] in theme.SIDE else "neutral")
        # the face as mapdraw._region_marker draws it: as wide as its longer line + 10
        fs = max(10, int(b.grid.radius * 0.3))
        f = font("cond-bold", fs)
        mult = "–" if reg["mult"] is None else reg["mult"]
        w = max(f.getlength(comps.regions[region].name.upper()),
                f.getlength(f"AL {reg['al']} · ML {reg['ml']} · ×{mult}")) + 10
        x, y = spot[0], spot[1] - b.grid.radius * basemap.MARKER_DY
        for px in (x - w / 2 + 3.5, x + w / 2 - 3.5):  # beside the text, inside the frame
            assert image.getpixel((round(px), round(y))) == colour, region
        checked += 1
    assert checked >= 20
    assert all(r in b.region_label for r in central)
