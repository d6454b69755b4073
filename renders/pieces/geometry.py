"""Where things go on the picture.

The hexes are drawn as a perfectly regular flat-top grid from their column and row; the
geography is then fitted to it: an affine map from (longitude, latitude) to grid
coordinates is found by least squares over every hex's centre. A grid laid on an
equirectangular projection (what the map-building script does) is fitted exactly, and
any other projection closely, so coastlines and hexes always agree with the data."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

SQRT3 = math.sqrt(3.0)


def lattice(col: int, row: int, parity: int) -> tuple[float, float]:
    """Centre of a flat-top hex in units of its circumradius, columns shifted half a row
    down when col % 2 == parity."""
    return 1.5 * col, SQRT3 * (row + (0.5 if col % 2 == parity else 0.0))


def _solve3(m: list[list[float]], v: list[float]) -> list[float]:
    """Gaussian elimination with pivoting for a 3x3 system (no numpy at runtime)."""
    a = [row[:] + [x] for row, x in zip(m, v)]
    for i in range(3):
        p = max(range(i, 3), key=lambda r: abs(a[r][i]))
        a[i], a[p] = a[p], a[i]
        if abs(a[i][i]) < 1e-12:
            raise ValueError("hex centres are degenerate: cannot fit the map projection")
        for r in range(3):
            if r != i:
                f = a[r][i] / a[i][i]
                a[r] = [x - f * y for x, y in zip(a[r], a[i])]
    return [a[i][3] / a[i][i] for i in range(3)]


def _lstsq(xs: list[tuple[float, float]], ys: list[float]) -> list[float]:
    """Least squares y = a*x0 + b*x1 + c."""
    m = [[0.0] * 3 for _ in range(3)]
    v = [0.0] * 3
    for (x0, x1), y in zip(xs, ys):
        row = (x0, x1, 1.0)
        for i in range(3):
            v[i] += row[i] * y
            for j in range(3):
                m[i][j] += row[i] * row[j]
    return _solve3(m, v)


@dataclass(frozen=True)
class Affine:
    """(u, v) -> (a*u + b*v + c, d*u + e*v + f)."""

    a: float
    b: float
    c: float
    d: float
    e: float
    f: float

    def __call__(self, u: float, v: float) -> tuple[float, float]:
        return self.a * u + self.b * v + self.c, self.d * u + self.e * v + self.f

    def inverse(self) -> Affine:
        det = self.a * self.e - self.b * self.d
        a, b, d, e = self.e / det, -self.b / det, -self.d / det, self.a / det
        return Affine(a, b, -(a * self.c + b * self.f), d, e, -(d * self.c + e * self.f))

    def then(self, other: Affine) -> Affine:
        """other(self(p))."""
        o = other
        return Affine(o.a * self.a + o.b * self.d, o.a * self.b + o.b * self.e,
                      o.a * self.c + o.b * self.f + o.c,
                      o.d * self.a + o.e * self.d, o.d * self.b + o.e * self.e,
                      o.d * self.c + o.e * self.f + o.f)


@dataclass(frozen=True)
class Grid:
    """Pixel geometry of the map: hex centres, corners, and lon/lat <-> pixel."""

    radius: float  # hex circumradius in pixels
    origin: tuple[float, float]  # pixel position of lattice (0, 0)
    parity: int
    geo_to_px: Affine  # (lon, lat) -> pixel
    residual_px: float  # worst distance between a hex's lattice centre and its lon/lat

    def centre(self, col: int, row: int) -> tuple[float, float]:
        x, y = lattice(col, row, self.parity)
        return self.origin[0] + x * self.radius, self.origin[1] + y * self.radius

    def corners(self, col: int, row: int) -> list[tuple[float, float]]:
        cx, cy = self.centre(col, row)
        return [(cx + self.radius * math.cos(math.radians(60 * k)),
                 cy + self.radius * math.sin(math.radians(60 * k))) for k in range(6)]

    def project(self, lat: float, lon: float) -> tuple[float, float]:
        return self.geo_to_px(lon, lat)


def fit_grid(hexes: Iterable[tuple[int, int, float, float]], width: int, margin: float,
             top: float) -> Grid:
    """Fit the grid to `width` pixels. `hexes` gives (col, row, lat, lon) for each hex.
    Both column parities are tried; the one whose centres agree with the lon/lat wins."""
    items = list(hexes)
    best: tuple[float, int, list[float], list[float]] | None = None
    for parity in (1, 0):
        pts = [lattice(c, r, parity) for c, r, _, _ in items]
        geo = [(lon, lat) for _, _, lat, lon in items]
        fx = _lstsq(geo, [p[0] for p in pts])
        fy = _lstsq(geo, [p[1] for p in pts])
        worst = max(math.hypot(fx[0] * g[0] + fx[1] * g[1] + fx[2] - p[0],
                               fy[0] * g[0] + fy[1] * g[1] + fy[2] - p[1])
                    for g, p in zip(geo, pts))
        if best is None or worst < best[0]:
            best = (worst, parity, fx, fy)
    assert best is not None
    worst, parity, fx, fy = best
    xs = [lattice(c, r, parity)[0] for c, r, _, _ in items]
    ys = [lattice(c, r, parity)[1] for c, r, _, _ in items]
    span = (max(xs) - min(xs)) + 2.0  # one circumradius either side
    radius = (width - 2 * margin) / span
    origin = (margin + (1.0 - min(xs)) * radius, top + (SQRT3 / 2 - min(ys)) * radius)
    to_lattice = Affine(fx[0], fx[1], fx[2], fy[0], fy[1], fy[2])
    to_px = Affine(radius, 0.0, origin[0], 0.0, radius, origin[1])
    return Grid(radius, origin, parity, to_lattice.then(to_px), worst * radius)


def grid_height(grid: Grid, rows: Iterable[tuple[int, int]]) -> float:
    """Lowest pixel of any hex, for sizing the canvas."""
    return max(grid.centre(c, r)[1] for c, r in rows) + grid.radius * SQRT3 / 2


def edge_between(grid: Grid, a: tuple[int, int], b: tuple[int, int]
                 ) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two end points of the side shared by neighbouring hexes a and b."""
    ax, ay = grid.centre(*a)
    bx, by = grid.centre(*b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    n = math.hypot(dx, dy) or 1.0
    half = grid.radius / 2  # half a side of a regular hexagon
    px, py = -dy / n * half, dx / n * half
    return (mx + px, my + py), (mx - px, my - py)
