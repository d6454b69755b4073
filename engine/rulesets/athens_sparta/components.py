"""Athens & Sparta components: map, cities, blocks, cards and the 431 set-up.

The data lives in JSON next to this file (see data/README.md for what is the
rulebook's and what is our design). It is validated with pydantic once, then
cached: the rules engine asks geometry questions thousands of times a game,
so every neighbour list and side lookup is precomputed here.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

DATA = Path(__file__).with_name("data")

Side_ = Literal["athens", "sparta", "neutral", "persia", "none"]
BlockSide = Literal["athens", "sparta", "neutral"]
BlockType = Literal["hoplite", "peltast", "cavalry", "navy"]
Origin = Literal["rulebook", "errata", "public-source", "keryx"]
MOVE_LIMIT = {"hoplite": 3, "peltast": 4, "navy": 4, "cavalry": 5}  # rule 4.4


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Strait(_Model):
    """A straits hex (rule 4.3): blocks here stand on the city side."""

    city_side: list[str]
    far_side: list[str]


class Hex(_Model):
    id: str
    col: int
    row: int
    lat: float
    lon: float
    kind: Literal["sea", "coast", "land"]
    terrain: Literal["clear", "mountain"]
    city: str | None
    # one group of neighbour ids per coast; two groups = two unconnected
    # coasts (rule 1.7); sea hexes have a single group
    coasts: list[list[str]]
    strait: Strait | None
    persian: bool
    sicily_port: bool
    river_source: str | None = None


class Side(_Model):
    a: str
    b: str
    land: Literal["clear", "pass", "mountain"] | None  # None: no land connection
    water: bool  # navies may cross
    strait: bool  # an army crossing here crosses a strait (rule 4.3)
    river: str | None  # drawn only (terrain table: no effect)


class City(_Model):
    name: str
    hex: str | None
    offboard: Literal["sicily"] | None = None
    value: int = Field(ge=0, le=4)  # rule 1.2
    major: bool
    walled: bool
    side: Side_
    port: bool
    coast: int | None  # which coast group of its hex the city stands on
    oracle: bool
    origin: Origin
    lat: float  # true coordinates (Pleiades)
    lon: float
    map_lat: float  # where our map puts it (differs when nudged)
    map_lon: float
    nudged: bool
    pleiades_id: str
    gazetteer: str
    note: str

    @property
    def diolkos(self) -> bool:
        """Corinth: navies leave by either coast and are attacked from both (1.6, 1.7)."""
        return self.name == "Corinth"


class BlockSpec(_Model):
    id: str
    name: str
    side: BlockSide
    type: BlockType
    home: str
    max_strength: int = Field(ge=2, le=4)  # rule 2.11
    rating: str = Field(pattern=r"^[ABC][1-4]$")  # rule 2.12
    move: int
    special: Literal["reserve", "demos", "tyrants", "helots", "rebel-navy", "rebel-twin"] | None
    origin: Origin
    note: str = ""

    @property
    def letter(self) -> str:
        return self.rating[0]

    @property
    def fire(self) -> int:
        return int(self.rating[1])

    @model_validator(mode="after")
    def _move_matches_type(self) -> Self:
        if self.move != MOVE_LIMIT[self.type]:
            raise ValueError(f"{self.id}: move {self.move} but a {self.type} moves {MOVE_LIMIT[self.type]}")
        return self


class Event(_Model):
    id: str
    name: str
    text: str
    who: Literal["either", "athens", "sparta"]
    rule: str
    effect: dict[str, Any]


class Card(_Model):
    id: str
    mp: int = Field(ge=1, le=6)
    origin: Origin
    event: Event | None


class Placement(_Model):
    hex: str
    strength: int
    city: str


class Siege(_Model):
    city: str
    hex: str
    besieger: Literal["athens", "sparta"]
    siege: list[str]  # besieging armies
    blockade: list[str]  # blockading navies
    besieged: list[str]  # blocks inside the walls


class Setup(_Model):
    scenario: str
    title: str
    rule: str
    placements: dict[str, Placement]
    pool: list[str]  # replacement pool (rule 3.0)
    offmap_neutral: list[str]  # green blocks (rule 3.1)
    sieges: list[Siege]
    control: dict[str, Literal["athens", "sparta", "neutral"]]


_hexes = TypeAdapter(list[Hex])
_sides = TypeAdapter(list[Side])
_cities = TypeAdapter(list[City])
_blocks = TypeAdapter(list[BlockSpec])
_cards = TypeAdapter(list[Card])


class Components:
    """Everything static about the game, with fast geometry helpers."""

    def __init__(self, raw: dict[str, Any]):
        self._raw = raw
        m = raw["map"]
        self.grid: dict[str, Any] = m["grid"]
        self.hexes: dict[str, Hex] = {h.id: h for h in _hexes.validate_python(m["hexes"])}
        side_list = _sides.validate_python(m["sides"])
        self.sides: dict[tuple[str, str], Side] = {}
        for s in side_list:
            self.sides[(s.a, s.b)] = s
            self.sides[(s.b, s.a)] = s
        self.cities: dict[str, City] = {c.name: c for c in _cities.validate_python(raw["cities"])}
        self.blocks: dict[str, BlockSpec] = {b.id: b for b in _blocks.validate_python(raw["blocks"])}
        self.cards: list[Card] = _cards.validate_python(raw["cards"])
        self.setup: Setup = Setup.model_validate(raw["setup"])
        self.offboard: dict[str, Any] = m["offboard"]
        self.rivers: dict[str, Any] = m["rivers"]

        # precomputed adjacency
        cr = {(h.col, h.row): h.id for h in self.hexes.values()}
        self._nbrs: dict[str, list[str]] = {}
        for h in self.hexes.values():
            odd = h.col % 2
            deltas = ([(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)] if odd
                      else [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)])
            self._nbrs[h.id] = [cr[k] for k in ((h.col + dc, h.row + dr) for dc, dr in deltas) if k in cr]
        self._land: dict[str, list[str]] = {
            h: [n for n in ns if (hs := self.sides.get((h, n))) and hs.land in ("clear", "pass")]
            for h, ns in self._nbrs.items()}
        self._water: dict[tuple[str, int], list[tuple[str, int]]] = {}
        for node, targets in m["water"].items():
            h, c = node.split(":")
            self._water[(h, int(c))] = [(t.split(":")[0], int(t.split(":")[1])) for t in targets]
        self._coast_of: dict[tuple[str, str], int] = {}
        for h in self.hexes.values():
            for i, group in enumerate(h.coasts):
                for n in group:
                    self._coast_of.setdefault((h.id, n), i)
        self.city_at: dict[str, str] = {c.hex: c.name for c in self.cities.values() if c.hex}

    # ---- geometry (pure, precomputed) ----
    def neighbors(self, h: str) -> list[str]:
        return self._nbrs[h]

    def side(self, a: str, b: str) -> Side | None:
        return self.sides.get((a, b))

    def land_neighbors(self, h: str) -> list[str]:
        """Hexes an army may step to: a land side that is clear or a pass (rule 1.8, 4.1)."""
        return self._land[h]

    def water_neighbors(self, h: str, coast: int = 0) -> list[tuple[str, int]]:
        """Navy graph: (hex, coast) nodes reachable in one hex from this coast (rule 1.7)."""
        return self._water.get((h, coast), [])

    def coast_of(self, h: str, neighbor: str) -> int | None:
        """The coast of h that faces `neighbor` by water, if any."""
        return self._coast_of.get((h, neighbor))

    def city_node(self, name: str) -> tuple[str, int] | None:
        """The (hex, coast) a port city's navies sit on."""
        c = self.cities[name]
        if c.hex is None or c.coast is None:
            return None
        return (c.hex, c.coast)

    def to_json(self) -> dict[str, Any]:
        """What `keryx data athens-sparta` prints."""
        return {
            "ruleset": "athens-sparta",
            "grid": self.grid,
            "hexes": [h.model_dump() for h in self.hexes.values()],
            "sides": [s.model_dump() for k, s in self.sides.items() if k == (s.a, s.b)],
            "offboard": self.offboard,
            "cities": [c.model_dump() for c in self.cities.values()],
            "blocks": [b.model_dump() | {"letter": b.letter, "fire": b.fire} for b in self.blocks.values()],
            "cards": [c.model_dump() for c in self.cards],
            "setup": self.setup.model_dump(),
        }


def _read(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


@cache
def load_components() -> Components:
    """Parse and validate the data once per process."""
    return Components({
        "map": _read("map.json"),
        "cities": _read("cities.json")["cities"],
        "blocks": _read("blocks.json")["blocks"],
        "cards": _read("cards.json")["cards"],
        "setup": _read("setup_431.json"),
    })
