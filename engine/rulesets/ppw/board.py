"""The map and tables the rules ask about thousands of times a game, read once from the
validated components: neighbours by path type, areas, city-states by home, leaders."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .components import MAJORS, CityState, Components, Leader, Setup, components

LAND_PATHS = frozenset({"land", "combined"})  # rule 4.1: what land SPs may walk
SEA_PATHS = frozenset({"naval", "combined", "open_sea"})  # rule 4.1: what ships may sail


@dataclass(frozen=True, slots=True)
class Edge:
    to: str
    type: str
    isthmus: bool
    long_walls: bool


@dataclass(frozen=True, slots=True)
class Board:
    spaces: tuple[str, ...]
    names: dict[str, str]
    type: dict[str, str]
    fortress: frozenset[str]
    area_of: dict[str, str]
    area_spaces: dict[str, tuple[str, ...]]
    edges: dict[str, tuple[Edge, ...]]
    tags: dict[str, frozenset[str]]
    city_states: dict[str, CityState]
    home_of: dict[str, str]  # home space -> city-state
    kingdom_spaces: dict[str, str]  # kingdom space -> kingdom
    kingdom_home: dict[str, str]  # kingdom -> its home space (Macedon's Pella)
    leaders: dict[str, Leader]
    setups: dict[str, Setup]
    mix: dict[str, dict[str, int]]  # rule 1.9: SP caps per major and type
    land_zoi: dict[str, frozenset[str]]  # rule 1.10: one land or combined path
    sea_zoi: dict[str, frozenset[str]]  # rule 1.10: two naval or combined paths

    def is_home(self, space: str) -> bool:
        return space in self.home_of

    def major_home(self, space: str) -> str | None:
        cs = self.home_of.get(space)
        return cs if cs in MAJORS else None


def _zoi(edges: dict[str, tuple[Edge, ...]], kinds: frozenset[str], reach: int,
         skip_isthmus: bool) -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}
    for start in edges:
        seen = {start}
        frontier = [start]
        for _ in range(reach):
            nxt = []
            for here in frontier:
                for e in edges[here]:
                    if e.type in kinds and not (skip_isthmus and e.isthmus) and e.to not in seen:
                        seen.add(e.to)
                        nxt.append(e.to)
            frontier = nxt
        out[start] = frozenset(seen)
    return out


def _build(c: Components) -> Board:
    edges: dict[str, list[Edge]] = {s.id: [] for s in c.spaces}
    for p in c.paths:
        edges[p.a].append(Edge(p.b, p.type, p.isthmus, p.long_walls))
        edges[p.b].append(Edge(p.a, p.type, p.isthmus, p.long_walls))
    frozen = {k: tuple(sorted(v, key=lambda e: e.to)) for k, v in edges.items()}
    area_spaces: dict[str, list[str]] = {}
    for s in c.spaces:
        area_spaces.setdefault(s.area, []).append(s.id)
    mix = {u.city_state: {"hoplite": u.hoplite, "cavalry": u.cavalry, "naval": u.naval,
                          "garrisons": u.garrisons} for u in c.units}
    return Board(
        spaces=tuple(s.id for s in c.spaces),
        names={s.id: s.name for s in c.spaces},
        type={s.id: s.type for s in c.spaces},
        fortress=frozenset(s.id for s in c.spaces if s.fortress),
        area_of={s.id: s.area for s in c.spaces},
        area_spaces={k: tuple(v) for k, v in area_spaces.items()},
        edges=frozen,
        tags={s.id: frozenset(s.tags) for s in c.spaces},
        city_states={cs.id: cs for cs in c.city_states},
        home_of={cs.home: cs.id for cs in c.city_states},
        kingdom_spaces={sp: k.id for k in c.kingdoms for sp in k.spaces},
        kingdom_home={k.id: k.home for k in c.kingdoms if k.home},
        leaders={ldr.id: ldr for ldr in c.leaders},
        setups=dict(c.setups),
        mix=mix,
        # the land ZOI may use the Isthmus (it is a land path); ships' may not (rule 4.2)
        land_zoi=_zoi(frozen, LAND_PATHS, 1, skip_isthmus=False),
        sea_zoi=_zoi(frozen, frozenset({"naval", "combined"}), 2, skip_isthmus=True),
    )


@cache
def board() -> Board:
    return _build(components())
