"""The printed map's facts, flattened from the ruleset's components into plain tuples.

This is the only module that reads the components, so a change in their shape touches
one place. What is printed on the board (terrain, cities, straits, borders) is public
component data, not game state, so reading it never leaks anything."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


@dataclass(frozen=True, slots=True)
class HexInfo:
    id: str
    col: int
    row: int
    lat: float
    lon: float
    kind: str  # sea | coast | land
    mountain: bool
    persian: bool
    sicily_port: bool
    strait_city_side: tuple[str, ...] = ()
    strait_far_side: tuple[str, ...] = ()

    @property
    def sea(self) -> bool:
        return self.kind == "sea"


@dataclass(frozen=True, slots=True)
class CityInfo:
    name: str
    hex: str | None  # None: off-board (Syracuse, in the Sicily box)
    value: int
    major: bool
    walled: bool
    side: str  # athens | sparta | neutral | persia | none
    port: bool
    oracle: bool
    lat: float | None = None  # where the map draws it (inside its hex)
    lon: float | None = None


@dataclass(frozen=True, slots=True)
class SideInfo:
    a: str
    b: str
    land: str | None  # clear | pass | mountain | None
    water: bool
    strait: bool
    river: bool


@dataclass(frozen=True)
class MapData:
    hexes: dict[str, HexInfo]
    cities: dict[str, CityInfo]
    sides: tuple[SideInfo, ...]
    city_at: dict[str, str] = field(default_factory=dict)
    # Decoration from the map data, in (lat, lon): river courses and mountain ranges.
    rivers: tuple[tuple[str, tuple[tuple[float, float], ...]], ...] = ()
    ranges: tuple[tuple[str, tuple[tuple[float, float], ...]], ...] = ()

    def cities_in(self, hex_id: str) -> list[CityInfo]:
        return [c for c in self.cities.values() if c.hex == hex_id]

    def digest(self) -> str:
        """Hash of everything the base map is drawn from (for the on-disk cache)."""
        blob = json.dumps([[asdict(h) for h in self.hexes.values()],
                           [asdict(c) for c in self.cities.values()],
                           [asdict(s) for s in self.sides], self.rivers, self.ranges],
                          sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


def from_components(comp: Any, extras: dict[str, Any] | None = None) -> MapData:
    """`comp` has hexes, cities, neighbors() and side() (the components API, or a test's
    stand-in); `extras` is map.json for rivers and ranges."""
    hexes: dict[str, HexInfo] = {}
    for hid, h in _get(comp, "hexes").items():
        st = _get(h, "strait")
        hexes[hid] = HexInfo(
            id=hid, col=int(_get(h, "col")), row=int(_get(h, "row")),
            lat=float(_get(h, "lat")), lon=float(_get(h, "lon")),
            kind=str(_get(h, "kind", "land")),
            mountain=_get(h, "terrain", "clear") == "mountain",
            persian=bool(_get(h, "persian")), sicily_port=bool(_get(h, "sicily_port")),
            strait_city_side=tuple(_get(st, "city_side") or ()) if st else (),
            strait_far_side=tuple(_get(st, "far_side") or ()) if st else (),
        )
    cities: dict[str, CityInfo] = {}
    for name, c in _get(comp, "cities").items():
        value = int(_get(c, "value", 0) or 0)
        cities[name] = CityInfo(
            name=name, hex=_get(c, "hex"), value=value,
            major=bool(_get(c, "major", value > 0)), walled=bool(_get(c, "walled")),
            side=str(_get(c, "side") or "none"), port=bool(_get(c, "port")),
            oracle=bool(_get(c, "oracle")),
            lat=_float(_get(c, "map_lat", _get(c, "lat"))),
            lon=_float(_get(c, "map_lon", _get(c, "lon"))))
    sides: list[SideInfo] = []
    seen: set[tuple[str, str]] = set()
    neighbours = getattr(comp, "neighbors", None) or getattr(comp, "neighbours", None)
    for hid in sorted(hexes):
        for nb in sorted(neighbours(hid)) if neighbours else ():
            key = (min(hid, nb), max(hid, nb))
            if nb not in hexes or key in seen:
                continue
            seen.add(key)
            sd = comp.side(hid, nb)
            if sd is None:
                continue
            sides.append(SideInfo(key[0], key[1], _get(sd, "land"), bool(_get(sd, "water")),
                                  bool(_get(sd, "strait")), bool(_get(sd, "river"))))
    # The hex's own city first: it names the hex (its short label) where several share it.
    city_at: dict[str, str] = {}
    for hid, h in _get(comp, "hexes").items():
        if _get(h, "city"):
            city_at[hid] = _get(h, "city")
    for n, c in cities.items():
        if c.hex:
            city_at.setdefault(c.hex, n)
    extras = extras or {}

    def lines(key: str):
        return tuple((name, tuple((float(p[0]), float(p[1])) for p in pts))
                     for name, pts in sorted((extras.get(key) or {}).items()))

    return MapData(hexes, cities, tuple(sides), city_at, lines("rivers"), lines("mountains"))


def _float(v: Any) -> float | None:
    return None if v is None else float(v)


def data_dir() -> Path:
    import engine.rulesets.athens_sparta as pkg

    return Path(pkg.__file__).resolve().parent / "data"


def load() -> MapData:
    """The Athens & Sparta map: the ruleset's components (a failure to load them is
    raised, not papered over with the raw data files), map.json's rivers and ranges."""
    from engine.rulesets.athens_sparta.components import load_components

    map_json = json.loads((data_dir() / "map.json").read_text())
    return from_components(load_components(), map_json)
