"""The page: a banner on top, the hex map, a footer with the Sicily box and the legend.
All positions are derived from the map data once, with the base map."""

from __future__ import annotations

from dataclasses import dataclass

from ..pieces import geometry
from .mapdata import MapData

WIDTH = 1600  # Discord shows ~1600 px wide images sharply when opened
BANNER_H = 58
FOOTER_H = 118
MARGIN = 6


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    grid: geometry.Grid
    map_box: tuple[int, int, int, int]
    footer_box: tuple[int, int, int, int]
    sicily_box: tuple[int, int, int, int]
    legend_box: tuple[int, int, int, int]

    def hex_centre(self, data: MapData, hex_id: str) -> tuple[float, float]:
        h = data.hexes[hex_id]
        return self.grid.centre(h.col, h.row)

    @property
    def sicily_centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.sicily_box
        return (x0 + x1) / 2, (y0 + y1) / 2 + 8


def make_layout(data: MapData) -> Layout:
    hexes = [(h.col, h.row, h.lat, h.lon) for h in data.hexes.values()]
    grid = geometry.fit_grid(hexes, WIDTH, MARGIN, BANNER_H + MARGIN)
    map_bottom = int(geometry.grid_height(grid, [(h.col, h.row) for h in data.hexes.values()])
                     + MARGIN)
    height = map_bottom + FOOTER_H
    footer = (0, map_bottom, WIDTH, height)
    sicily = (10, map_bottom + 8, 250, height - 8)
    legend = (262, map_bottom + 8, WIDTH - 10, height - 8)
    return Layout(WIDTH, height, grid, (0, BANNER_H, WIDTH, map_bottom), footer, sicily,
                  legend)
