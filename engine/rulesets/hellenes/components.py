"""Hellenes components: the area map, cities and towns, 106 blocks, 55 cards, 4 set-ups.

The data is JSON beside this file (data/README.md says what is the rulebook's and what
is our design). It is validated with pydantic once per process, cross-checked (every id
a record names must exist, adjacency must be symmetric ...) and cached. Lookups the rules
ask all game long are precomputed: neighbours as frozensets, cities by area, homes by
nationality.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Literal, Self, cast

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA = Path(__file__).with_name("data")
# The card editions (the game option `deck`): the second has fewer Revolts in the 431
# deck (issue 35, the data README's Balance); games made before it keep the first.
FIRST_EDITION, SECOND_EDITION = "first", "second"

Side = Literal["athens", "sparta"]
Loyalty = Literal["athens", "sparta", "neutral"]
Region = Literal["greece", "persia", "italy", "sicily"]
UnitType = Literal["hoplite", "infantry", "archers", "cavalry", "fleet"]
Origin = Literal["rulebook", "derived", "public-source", "keryx"]
ScenarioId = Literal["431", "sicily", "413", "415"]
SCENARIOS: tuple[ScenarioId, ...] = ("431", "sicily", "413", "415")


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Area(_Model):
    """A land Province or a Sea Area (rules 1.1, 1.2)."""

    id: str = Field(pattern=r"^(S_)?[A-Z]{3}$")
    name: str
    kind: Literal["land", "sea"]
    region: Region  # rule 1.0
    nation: str | None  # thick-bordered group of provinces (1.1); None at sea
    adjacent: tuple[str, ...]
    label: tuple[float, float]  # a point inside the area, for drawing its name


class City(_Model):
    """A City (rule 1.3): square, or hexagon when a Port with its one Offshore Sea."""

    name: str
    area: str
    value: int = Field(ge=1, le=6)
    port: bool
    offshore: str | None
    loyalty: Loyalty  # 1.31: never changes; "neutral" is a white city, never entered
    nationality: str  # 1.32: the colour units must match to build here
    subject_region: str | None  # 1.33 (and the Aeolian Islands, which can revolt: 3.12)
    lat: float
    lon: float
    pleiades_id: str
    place: str
    origin: Origin

    @model_validator(mode="after")
    def _port_has_one_offshore_sea(self) -> Self:
        if self.port != (self.offshore is not None):
            raise ValueError(f"{self.name}: a Port has exactly one Offshore Sea and a City none (1.3)")
        return self

    def capacity(self, peace: bool = False) -> int:
        """Units that fit inside: twice the value, three times under the Peace (1.3, 12.0)."""
        return self.value * (3 if peace else 2)


class Town(_Model):
    """A barbarian Town (rule 1.3): a home for barbarian recruits, no City advantages."""

    name: str
    area: str
    nationality: str
    lat: float
    lon: float
    pleiades_id: str
    place: str


class Nationality(_Model):
    id: str
    name: str
    colour: str = Field(pattern=r"^#[0-9a-f]{6}$")
    kind: Literal["greek", "barbarian", "persian", "sicilian", "sicilian-barbarian", "neutral"]


class Block(_Model):
    """One unit label (rule 2.1)."""

    id: str = Field(pattern=r"^[AS][1-9][0-9]?$")
    number: int = Field(ge=1, le=60)
    name: str
    side: Side
    nation: str  # the nationality colour (2.11)
    type: UnitType
    max_strength: int = Field(ge=1, le=4)  # 2.12
    agility: Literal["A", "B", "C", "D"]  # 2.14
    power: int = Field(ge=1, le=3)
    sea_agility: Literal["E", "F"] | None  # fleets only (2.26)
    sea_power: int | None = Field(default=None, ge=1, le=2)
    land_move: int = Field(ge=1, le=3)  # 2.13, in areas
    sea_move: int | None = Field(default=None, ge=1, le=5)
    elite: bool  # red movement box: better Forced March/Sail (2.13, 5.3)
    barbarian: bool  # 2.25
    sicilian: bool  # 2.1: never leaves Sicily (15.2, 15.4)
    entry: Literal["rebel", "no-leader", "persian-aid"] | None  # 4.22, 2.27, 13.2
    ids: Literal["1-40", "41-46", "47+"]  # 2.1: which scenarios use it
    origin: Origin
    note: str = ""

    @model_validator(mode="after")
    def _ratings_fit_type(self) -> Self:
        fleet = self.type == "fleet"
        if fleet != (self.sea_agility is not None and self.sea_power is not None and self.sea_move is not None):
            raise ValueError(f"{self.id}: fleets, and only fleets, have a sea rating and range (2.26)")
        if fleet and (self.agility, self.power, self.land_move) != ("D", 1, 1):
            raise ValueError(f"{self.id}: a fleet fights D1 on land and moves one area there (2.26, 5.1)")
        expected = f"{self.side[0].upper()}{self.number}"
        if self.id != expected:
            raise ValueError(f"{self.id}: id must be {expected}")
        return self

    @property
    def rating(self) -> str:
        return f"{self.agility}{self.power}"

    @property
    def sea_rating(self) -> str | None:
        return f"{self.sea_agility}{self.sea_power}" if self.sea_agility else None


class Event(_Model):
    kind: str
    text: str  # our own words
    who: Literal["athens", "sparta", "either"]  # 3.1: red Sparta, blue Athens, green either
    continuing: bool  # black bars: stays in play (3.1)
    new_year: bool  # may be played as a New Year Event (10.2)
    conditions: tuple[str, ...]
    rule: str
    params: dict[str, Any]


class Leader(_Model):
    side: Side
    value: int = Field(ge=0, le=1)  # extra Actions per non-Event turn (3.11)


class Card(_Model):
    number: int = Field(ge=1, le=55)
    name: str
    av: int = Field(ge=1, le=3)  # Action Value in coins (3.2)
    colour: Literal["red", "blue", "green"]
    band: Literal["gold", "silver", "bronze"]
    leader: Leader | None
    event: Event
    origin: Origin
    note: str = ""

    @model_validator(mode="after")
    def _band_matches_number(self) -> Self:
        band = "gold" if self.number <= 11 else "silver" if self.number <= 44 else "bronze"
        if band != self.band:
            raise ValueError(f"card {self.number}: border {self.band}, expected {band} (3.0)")
        return self


class Olympian(_Model):
    name: str
    redo: str
    rule: str


class Marker(_Model):
    name: str
    colour: str
    count: int = Field(ge=1)


class GarrisonSupply(_Model):
    athens: int
    sparta: int
    unlimited: bool
    note: str


class Placement(_Model):
    area: str
    strength: int = Field(ge=1, le=4)
    status: Literal["field", "besieging", "besieged"]


class Garrison(_Model):
    city: str
    side: Side


class Neutral(_Model):
    areas: tuple[str, ...]
    until: str | None  # None: for the whole scenario
    rule: str


class SpecialRule(_Model):
    rule: str
    text: str


class Setup(_Model):
    id: ScenarioId
    name: str
    rule: str
    first_year: int
    last_year: int
    prestige: int  # signed: + toward Athens Wins (14.1)
    leaders: dict[Side, int]  # card numbers placed face-up in play
    cards: tuple[int, int]  # the deck, first and last card number (3.0)
    hand_size: int
    units: dict[Side, dict[str, Placement]]
    garrisons: tuple[Garrison, ...]
    control: dict[str, Side]  # captured cities
    neutral: tuple[Neutral, ...]
    pool: dict[Side, tuple[str, ...]]  # the Recruit Pool, face down
    set_aside: dict[Side, tuple[str, ...]]
    peace: Literal["none", "unbreakable", "breakable"]
    war_resumed: bool
    expeditions: dict[str, tuple[str, ...]]
    special_rules: tuple[SpecialRule, ...]
    markers: dict[str, int]

    @property
    def years(self) -> int:
        return self.first_year - self.last_year + 1  # BC: counting down


class HellenesData(_Model):
    """Everything, validated as one document so cross-references can be checked."""

    areas: tuple[Area, ...]
    deep_borders: tuple[tuple[str, str], ...]
    narrows: tuple[tuple[str, str], ...]
    grain_seas: tuple[str, ...]  # 8.22: a Spartan fleet here blockades Athens
    cities: tuple[City, ...]
    towns: tuple[Town, ...]
    nationalities: tuple[Nationality, ...]
    blocks: tuple[Block, ...]
    garrisons: GarrisonSupply
    markers: tuple[Marker, ...]
    cards: tuple[Card, ...]
    # the cards the first edition printed otherwise (games made by ruleset version 6 and
    # older play them: the data README, Balance)
    first_edition: tuple[Card, ...] = ()
    olympians: tuple[Olympian, ...]
    setups: dict[ScenarioId, Setup]

    @model_validator(mode="after")
    def _cross_references(self) -> HellenesData:
        errors: list[str] = []
        areas = {a.id: a for a in self.areas}
        for a in self.areas:
            for n in a.adjacent:
                if n not in areas or a.id not in areas[n].adjacent:
                    errors.append(f"adjacency {a.id}-{n} is not symmetric")
        for x, y in self.deep_borders + self.narrows:
            if x not in areas or y not in areas[x].adjacent or {areas[x].kind, areas[y].kind} != {"sea"}:
                errors.append(f"border {x}-{y} is not between two adjacent seas (1.2)")
        nats = {n.id for n in self.nationalities}
        cities = {c.name: c for c in self.cities}
        for c in self.cities:
            if areas.get(c.area) is None or areas[c.area].kind != "land":
                errors.append(f"{c.name}: no land area {c.area}")
            if c.offshore and c.offshore not in areas[c.area].adjacent:
                errors.append(f"{c.name}: Offshore Sea {c.offshore} does not touch {c.area}")
            if c.nationality not in nats:
                errors.append(f"{c.name}: unknown nationality {c.nationality}")
        in_area = [c.area for c in self.cities] + [t.area for t in self.towns]
        if len(in_area) != len(set(in_area)):
            errors.append("an area holds two cities or towns (1.1: one City per CityState)")
        blocks = {b.id: b for b in self.blocks}
        errors += [f"{b.id}: unknown nationality {b.nation}" for b in self.blocks if b.nation not in nats]
        for sid, s in self.setups.items():
            if sid != s.id:
                errors.append(f"set-up keyed {sid} is {s.id}")
            seen: set[str] = set()
            for side, units in s.units.items():
                for bid, p in units.items():
                    b = blocks.get(bid)
                    if b is None or b.side != side:
                        errors.append(f"{sid}: {bid} is not a {side} block")
                    elif p.strength > b.max_strength:
                        errors.append(f"{sid}: {bid} at {p.strength} above its maximum {b.max_strength}")
                    if p.area not in areas:
                        errors.append(f"{sid}: {bid} in unknown area {p.area}")
                    seen.add(bid)
            for side in ("athens", "sparta"):
                for bid in s.pool.get(side, ()) + s.set_aside.get(side, ()):
                    if bid not in blocks or blocks[bid].side != side or bid in seen:
                        errors.append(f"{sid}: {bid} cannot be in {side}'s pool")
                    seen.add(bid)
            for name in list(s.control) + [g.city for g in s.garrisons]:
                if name not in cities:
                    errors.append(f"{sid}: unknown city {name}")
            for rule in s.neutral:
                errors += [f"{sid}: unknown neutral area {x}" for x in rule.areas if x not in areas]
        if errors:
            raise ValueError("; ".join(errors))
        return self


def _group(places: tuple[City, ...] | tuple[Town, ...]) -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for p in places:
        out[p.nationality] = out.get(p.nationality, ()) + (p.name,)
    return out


def _pair(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


class Components:
    """The validated data plus the lookups the rules use."""

    def __init__(self, data: HellenesData):
        self.data = data
        self.areas: dict[str, Area] = {a.id: a for a in data.areas}
        self.cities: dict[str, City] = {c.name: c for c in data.cities}
        self.towns: dict[str, Town] = {t.name: t for t in data.towns}
        self.nationalities: dict[str, Nationality] = {n.id: n for n in data.nationalities}
        self.blocks: dict[str, Block] = {b.id: b for b in data.blocks}
        self.cards: dict[int, Card] = {c.number: c for c in data.cards}  # the edition now
        self.editions: dict[str, dict[int, Card]] = {
            SECOND_EDITION: self.cards,
            FIRST_EDITION: {**self.cards, **{c.number: c for c in data.first_edition}}}
        self.olympians: dict[str, Olympian] = {o.name: o for o in data.olympians}
        self.setups: dict[str, Setup] = {str(k): v for k, v in data.setups.items()}
        self._adjacent = {a.id: frozenset(a.adjacent) for a in data.areas}
        self._land = {a: frozenset(n for n in ns if self.areas[n].kind == "land") for a, ns in self._adjacent.items()}
        self._sea = {a: frozenset(n for n in ns if self.areas[n].kind == "sea") for a, ns in self._adjacent.items()}
        self._deep = frozenset(_pair(*p) for p in data.deep_borders)
        self._narrows = frozenset(_pair(*p) for p in data.narrows)
        self.city_in: dict[str, City] = {c.area: c for c in data.cities}
        self.town_in: dict[str, Town] = {t.area: t for t in data.towns}
        self._home_cities = _group(data.cities)
        self._home_towns = _group(data.towns)

    # ---- geometry
    def adjacent(self, area: str) -> frozenset[str]:
        return self._adjacent[area]

    def land_neighbours(self, area: str) -> frozenset[str]:
        return self._land[area]

    def sea_neighbours(self, area: str) -> frozenset[str]:
        """Seas next to an area: every adjacent sea of an unbesieged coastal Province (1.3)."""
        return self._sea[area]

    def coastal(self, area: str) -> bool:
        return bool(self._sea[area])

    def is_deep(self, a: str, b: str) -> bool:
        """A DeepSea border: crossing it risks a Storm (1.2, 5.22)."""
        return _pair(a, b) in self._deep

    def is_narrows(self, a: str, b: str) -> bool:
        """A Narrows border: fleets attacking across it skip round 1 (1.2, 6.5)."""
        return _pair(a, b) in self._narrows

    def offshore(self, city: str) -> str | None:
        """A Port's single Offshore Sea, its only exit while besieged (1.3, 7.4)."""
        return self.cities[city].offshore

    # ---- cities and homes
    def home_cities(self, nationality: str) -> tuple[str, ...]:
        """Cities where Greek units of this colour build and recruit (1.32, 2.11, 4.2)."""
        return self._home_cities.get(nationality, ())

    def home_towns(self, nationality: str) -> tuple[str, ...]:
        """Towns where barbarians of this colour arrive, the only places they may (2.25, 4.22)."""
        return self._home_towns.get(nationality, ())

    def subject_cities(self, region: str) -> tuple[City, ...]:
        return tuple(c for c in self.data.cities if c.subject_region == region)

    def to_json(self) -> dict[str, Any]:
        """What `keryx data hellenes` prints."""
        d = self.data.model_dump(mode="json")
        return {"ruleset": "hellenes"} | d


def decode_runs(text: str) -> list[int]:
    """One row of data/map_raster.json: "7x3,2" is 7, 7, 7, 2 (area indexes into its `ids`)."""
    out: list[int] = []
    for token in text.split(","):
        value, _, count = token.partition("x")
        out.extend([int(value)] * (int(count) if count else 1))
    return out


def _read(name: str) -> dict[str, Any]:
    return cast(dict[str, Any], json.loads((DATA / name).read_text(encoding="utf-8")))


@cache
def load_components() -> Components:
    """Parse and validate the data once per process."""
    m, c, b, k = _read("map.json"), _read("cities.json"), _read("blocks.json"), _read("cards.json")
    data = HellenesData.model_validate({
        "areas": m["areas"], "deep_borders": m["deep_borders"], "narrows": m["narrows"],
        "grain_seas": m["grain_seas"], "cities": c["cities"], "towns": c["towns"],
        "nationalities": _read("nationalities.json")["nationalities"],
        "blocks": b["blocks"], "garrisons": b["garrisons"], "markers": b["markers"],
        "cards": k["cards"], "first_edition": k.get("first_edition", []), "olympians": k["olympians"], "setups": _read("setups.json")["setups"],
    })
    return Components(data)


def components_json() -> dict[str, Any]:
    """The whole component data as JSON-ready dicts (for `keryx data hellenes`)."""
    return load_components().to_json()
