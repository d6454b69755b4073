"""The Epic of the Peloponnesian War: component data (no rules yet).

The JSON next to this file holds the map (hexes, hex-sides, land and sea Areas,
cities), the regions, units and pools, leaders, the 120 event cards, the combat
results table, the other tables and the scenario set-ups. data/README.md says
what is the rulebook's and what is our design. Everything is validated with
pydantic once per process and cached, with the lookups the rules will ask for
thousands of times a game precomputed here.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

DATA = Path(__file__).with_name("data")

Side = Literal["athens", "sparta", "thebes", "corinth"]
UnitType = Literal["hoplite", "light", "cavalry", "fleet"]
Origin = Literal["rulebook", "keryx"]
Result = Literal["-", "D", "M", "+1", "+2", "+3"]
MOVE_ALLOWANCE = {"hoplite": 3, "light": 3, "cavalry": 5, "leader": 5}  # rule 16.5; fleets 6 + 1d6


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ---------------------------------------------------------------- map
class Hex(_Model):
    id: str = Field(pattern=r"^[WE]\d{4}$")
    col: int
    row: int
    lat: float
    lon: float
    kind: Literal["land", "sea"]
    land_share: float = Field(ge=0, le=1)  # how much of the hex is land (drawing only)
    terrain: Literal["clear", "rough", "mountain", "lake"] | None = None
    area: str | None
    seas: list[str] = Field(default_factory=list)  # sea Areas a land hex's coast touches

    @model_validator(mode="after")
    def _terrain_only_on_land(self) -> Self:
        if (self.kind == "land") != (self.terrain is not None):
            raise ValueError(f"{self.id}: terrain is for land hexes only")
        return self


class HexSide(_Model):
    """A land connection between two neighbouring land hexes (rule 16.3.3)."""

    a: str
    b: str
    river: str | None  # crossing it costs +1 and defends at +1 (16.6, 17.4.4)
    road: bool  # half a movement point along it (16.6)


class Area(_Model):
    id: str
    name: str
    kind: Literal["land", "sea", "open"]
    region: str | None  # None: Persia, an uninhabited island or water
    satrapy: Literal["tissaphernes", "pharnabazus"] | None
    forage: int | None = Field(default=None, ge=1, le=9)  # rule 9.7.1
    forage_origin: Origin | None
    forage_designed: int | None = None  # what our formula gives (equal to a stated value, see README)
    storm_die: int | None = None  # Storms at Sea die face (Appendix C), open seas only
    hexes: int


class City(_Model):
    name: str
    hex: str
    area: str
    size: Literal["S", "M", "L"]
    walled: bool
    port: bool
    port_sea: str | None  # the sea Area with the anchor (16.6 note)
    capital: Side | None
    lat: float  # true coordinates
    lon: float
    source: str
    note: str
    nudged_from: str | None  # the hex its true place falls in, when moved one hex

    @model_validator(mode="after")
    def _port_has_sea(self) -> Self:
        if self.port != (self.port_sea is not None):
            raise ValueError(f"{self.name}: a port needs its anchor sea and only a port has one")
        return self


class Label(_Model):
    name: str
    hex: str
    lat: float
    lon: float
    source: str


# ---------------------------------------------------------------- regions, units, leaders
class Region(_Model):
    id: str
    name: str
    btv: int = Field(ge=1, le=5)  # rule 5.3.2
    btv_origin: Origin
    home_of: Side | None  # home regions (3.4, 21.1)
    peloponnese: bool  # Earthquake in Peloponnese (Appendix C)
    note: str = ""


class Units(_Model):
    """`count` units of one kind (rule 1.3.3); morale 6 is elite (7.9.1)."""

    count: int = Field(ge=1)
    type: UnitType
    morale: int = Field(ge=2, le=6)

    @property
    def elite(self) -> bool:
        return self.morale == 6


class Pools(_Model):
    force: list[Units]
    build: list[Units]
    origin: Origin
    note: str = ""


class Leader(_Model):
    name: str
    side: Literal["athens", "sparta"]  # Sparta's counters also serve Thebes and Corinth (24.2.2)
    land: int = Field(ge=0, le=1)  # rule 17.4.2
    sea: int = Field(ge=0, le=1)
    origin: Origin
    city: str | None = None  # Theban or Corinthian leaders (Appendix B)


# ---------------------------------------------------------------- cards
class CardKind(_Model):
    id: str
    name: str
    count: int = Field(ge=1)
    player: Literal["athens", "sparta", "either", "league"]
    immediate: bool  # must be played (or discarded) on the draw (12.2)
    summary: str  # our own words


class Card(_Model):
    id: str
    kind: str
    region: str | None = None  # Rebellion Possible: the region(s) named on the face
    regions: list[str] = []
    min_force: dict[str, int] = {}  # Rebellion Possible: the minimum force (e.g. {"fleet": 1})
    city: str | None = None  # City Betrayal: the named city
    origin: Origin = "rulebook"


# ---------------------------------------------------------------- combat and tables
class CrtColumn(_Model):
    odds: str
    results: list[tuple[Result, Result]]  # die 1..6 -> (attacker, defender)
    origin: list[Origin]  # per die: a worked example's cell, or ours


class Crt(_Model):
    columns: list[CrtColumn]
    note: str

    @model_validator(mode="after")
    def _six_rows(self) -> Self:
        for c in self.columns:
            if len(c.results) != 6 or len(c.origin) != 6:
                raise ValueError(f"{c.odds}: six die rows needed")
        return self


# ---------------------------------------------------------------- scenarios
class RegionStart(_Model):
    side: Side | Literal["neutral"]
    al: int | None = Field(default=None, ge=-4, le=20)
    ml: int | None = Field(default=None, ge=1, le=20)
    multiplier: int | None = Field(default=None, ge=0, le=5)


class UnitsAt(_Model):
    region: str  # the units' home region
    type: UnitType
    morale: int
    count: int = 1
    hex: str
    side: Side


class Marker(_Model):
    kind: Literal["control", "revolt", "base", "fort", "destroyed", "walls-destroyed",
                  "long-walls-destroyed"]
    side: Side | None = None
    city: str | None = None
    hex: str | None = None


class VictoryLevel(_Model):
    side: Side | Literal["none"]
    level: Literal["decisive", "victory", "stalemate", "draw"]
    measure: str  # what is counted, e.g. "athenian_btv", "athenian_regions"
    min: int | None = None
    max: int | None = None
    origin: Origin = "rulebook"


class Scenario(_Model):
    id: str
    title: str
    rule: str
    players: list[Side]
    first_year: int  # BC, counts down
    last_year: int | None  # None: open-ended
    simplified_turn: bool  # the Argive League turn (22.4.1)
    athens_always_first: bool
    leaders_cap: dict[str, int]
    treasury: dict[str, int]
    regions: dict[str, RegionStart]
    in_play: list[str]  # regions on the map for this scenario
    pools: dict[str, Pools]  # region (or persia-*, sicily) -> force and build pools
    leaders_on_map: dict[str, str]  # leader -> city
    leaders_in_force_pool: dict[str, str]  # leader -> region
    leader_pool: dict[str, list[str]] | None  # side -> names; None: all the rest, face down
    units_on_map: list[UnitsAt]
    markers: list[Marker]
    cards_removed: list[str]
    cards_added_after_first_deck: list[str]
    starting_hands: dict[str, list[str]]
    hand_size: dict[str, int]
    victory: list[VictoryLevel]
    special: list[str]  # our own words, with rule numbers
    designed: list[str] = []  # what we had to design, and why


@cache
def _adapter(model: type) -> TypeAdapter[Any]:
    """A list validator per model, built once (static data: no game state here)."""
    return TypeAdapter(list[model])  # type: ignore[valid-type]


class Components:
    """Everything static about the game, with fast lookups."""

    def __init__(self, raw: dict[str, Any]):
        self._raw = raw
        m = raw["map"]
        self.grid: dict[str, Any] = m["grid"]
        self.hexes: dict[str, Hex] = {h.id: h for h in _adapter(Hex).validate_python(m["hexes"])}
        self.sides: dict[tuple[str, str], HexSide] = {}
        for s in _adapter(HexSide).validate_python(m["sides"]):
            self.sides[(s.a, s.b)] = s
            self.sides[(s.b, s.a)] = s
        self.areas: dict[str, Area] = {a.id: a for a in _adapter(Area).validate_python(m["areas"])}
        self.cities: dict[str, City] = {c.name: c for c in _adapter(City).validate_python(m["cities"])}
        self.labels: list[Label] = _adapter(Label).validate_python(m["labels"])
        self.regions: dict[str, Region] = {r.id: r for r in _adapter(Region).validate_python(raw["regions"])}
        self.leaders: dict[str, Leader] = {x.name: x for x in _adapter(Leader).validate_python(raw["leaders"])}
        self.card_kinds: dict[str, CardKind] = {
            k.id: k for k in _adapter(CardKind).validate_python(raw["cards"]["kinds"])}
        self.cards: list[Card] = _adapter(Card).validate_python(raw["cards"]["cards"])
        self.crt = Crt.model_validate(raw["crt"])
        self.tables: dict[str, Any] = raw["tables"]
        self.scenarios: dict[str, Scenario] = {
            s.id: s for s in _adapter(Scenario).validate_python(raw["scenarios"])}

        # precomputed lookups
        at = {(h.col, h.row): h.id for h in self.hexes.values()}
        odd = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))  # flat-top, odd columns lower
        even = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
        self._nbrs: dict[str, list[str]] = {}
        for h in self.hexes.values():
            found = []
            for dc, dr in odd if h.col % 2 else even:
                n = at.get((h.col + dc, h.row + dr))
                if n is not None:
                    found.append(n)
            self._nbrs[h.id] = found
        self._land: dict[str, list[str]] = {h: [] for h in self.hexes}
        for (a, b) in self.sides:
            self._land[a].append(b)
        self.area_hexes: dict[str, list[str]] = {a: [] for a in self.areas}
        for h in self.hexes.values():
            if h.area:
                self.area_hexes[h.area].append(h.id)
        self.region_areas: dict[str, list[str]] = {r: [] for r in self.regions}
        for area in self.areas.values():
            if area.region:
                self.region_areas[area.region].append(area.id)
        self.city_at: dict[str, str] = {c.hex: c.name for c in self.cities.values()}
        self.sea_links: dict[str, set[str]] = {a.id: set() for a in self.areas.values() if a.kind != "land"}
        for x, y in m["sea_links"]:
            self.sea_links[x].add(y)
            self.sea_links[y].add(x)
        self.land_area_links: dict[str, set[str]] = {a.id: set() for a in self.areas.values() if a.kind == "land"}
        for x, y in m["land_area_links"]:
            self.land_area_links[x].add(y)
            self.land_area_links[y].add(x)
        self.region_links: dict[str, set[str]] = {r: set(v) for r, v in raw["region_adjacency"].items()}

    # ---- lookups
    def neighbors(self, h: str) -> list[str]:
        return self._nbrs[h]

    def land_neighbors(self, h: str) -> list[str]:
        """Land hexes one step away over land (no water crossing, rule 16.3.3)."""
        return self._land[h]

    def side(self, a: str, b: str) -> HexSide | None:
        return self.sides.get((a, b))

    def region_of_hex(self, h: str) -> str | None:
        area = self.hexes[h].area
        return self.areas[area].region if area else None

    def region_of_city(self, name: str) -> str | None:
        return self.areas[self.cities[name].area].region

    def to_json(self) -> dict[str, Any]:
        """What `keryx data epic` prints."""
        m = self._raw["map"]
        return {
            "ruleset": "epic",
            "grid": m["grid"],
            "regions": self._raw["regions"],
            "region_adjacency": {r: sorted(v) for r, v in self.region_links.items()},
            "areas": m["areas"],
            "sea_links": m["sea_links"],
            "land_area_links": m["land_area_links"],
            "hexes": m["hexes"],
            "sides": m["sides"],
            "cities": m["cities"],
            "labels": m["labels"],
            "units": self._raw["units"],
            "leaders": self._raw["leaders"],
            "cards": self._raw["cards"],
            "crt": self._raw["crt"],
            "tables": self._raw["tables"],
            "scenarios": self._raw["scenarios"],
        }


def _read(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@cache
def load_components() -> Components:
    """Parse and validate the data once per process."""
    rest = _read("components.json")
    return Components({"map": _read("map.json"), **rest})


def components_json() -> dict[str, Any]:
    return load_components().to_json()
