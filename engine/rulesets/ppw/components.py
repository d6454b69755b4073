"""The Peloponnesian War's components: spaces, paths, areas, city-states, kingdoms,
leaders, the counter mix and the set-ups (data/README.md says what is the seed's, what
Mountford's public pages give and what is our design).

The JSON is validated with pydantic once per process and cross-checked (every id a path,
area, set-up or leader names exists; paths join only the space types their type allows).
The rules never touch the pydantic objects while playing: `board.Board` reads them once."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA = Path(__file__).with_name("data")

SpaceType = Literal["land", "coastal", "island"]  # rule 1.3
PathType = Literal["land", "naval", "combined", "open_sea"]  # rule 1.3, 4.3
Origin = Literal["mountford", "keryx"]
MAJORS = ("athens", "sparta", "corinth", "thebes")  # rule 1.2, alphabetical order: rule 2.2


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Space(_Model):
    id: str
    name: str
    type: SpaceType
    fortress: bool
    area: str
    lat: float = Field(ge=30, le=46)
    lon: float = Field(ge=9, le=34)
    pleiades_id: int | None
    point: Literal["gazetteer", "keryx"]
    tags: list[Literal["fort_site", "sanctuary", "kingdom"]]


class Path_(_Model):
    a: str
    b: str
    type: PathType
    isthmus: bool  # rule 4.2: ships may cross when both ends are friendly
    long_walls: bool  # rule 4.1: no enemy enters or intercepts on it


class Area(_Model):
    id: str
    name: str
    spaces: list[str]


class CityState(_Model):
    id: str
    name: str
    kind: Literal["major", "minor"]
    home: str
    area: str
    port: str | None  # where its ships are based (rule 1.4); None: it builds none
    kin: list[Literal["dorian", "ionian", "corinthian_colony"]]
    commercial: bool  # plague and trade routes (rules 6.1, 7.1)


class Kingdom(_Model):
    id: str
    name: str
    home: str | None
    spaces: list[str]
    area: str


class Leader(_Model):
    id: str
    name: str
    city_state: str
    skill: int = Field(ge=0, le=3)
    naval: bool  # rule 8.1: full skill at sea, one less on land (land leaders the reverse)
    bravery: int = Field(ge=1, le=5)
    first_turn: int = Field(ge=1, le=10)
    last_turn: int = Field(ge=1, le=10)
    special: str | None
    generic: bool


class CounterMix(_Model):
    city_state: str
    hoplite: int
    cavalry: int
    naval: int
    garrisons: int
    men_per_hoplite_sp: int


class Force(_Model):
    space: str
    owner: str
    hoplite: int = Field(ge=0)
    cavalry: int = Field(ge=0)
    naval: int = Field(ge=0)
    origin: Origin


class Garrison(_Model):
    space: str
    owner: str
    origin: Origin


class MajorStart(_Model):
    treasury: int = Field(ge=0)
    bellicosity: int = Field(ge=0, le=12)
    resentment: int = Field(ge=0, le=10)
    tribute_rate: Literal[100, 200, 300]
    # rule 9.5 [D]: the score a major is measured against, by number of players (set
    # from heuristic self-play of the scenario at that count, DESIGN.md "Balance")
    par: dict[int, float] = Field(default_factory=dict)

    def par_for(self, players: int) -> float:
        return self.par.get(players, 0.0)


class Stance(_Model):
    patron: str | None
    status: Literal["ally", "tributary", "neutral"]


class Setup(_Model):
    id: str
    title: str
    first_turn: int
    last_turn: int = Field(ge=1, le=10)
    majors: dict[str, MajorStart]
    relations: list[tuple[str, str, Literal["war", "peace", "alliance"]]]
    minors: dict[str, Stance]
    neutral_spaces: list[str]
    forces: list[Force]
    garrisons: list[Garrison]
    rebellion: list[str]
    leaders: dict[str, list[str]]
    leader_places: dict[str, str]
    siege_levels: dict[str, int]
    players: dict[str, list[list[str]]]


class Components(_Model):
    spaces: list[Space]
    paths: list[Path_]
    areas: list[Area]
    city_states: list[CityState]
    kingdoms: list[Kingdom]
    leaders: list[Leader]
    units: list[CounterMix]
    setups: dict[str, Setup]

    @model_validator(mode="after")
    def _cross_check(self) -> Components:
        spaces = {s.id: s for s in self.spaces}
        areas = {a.id for a in self.areas}
        states = {c.id for c in self.city_states} | {k.id for k in self.kingdoms}
        problems: list[str] = []
        for s in self.spaces:
            if s.area not in areas:
                problems.append(f"space {s.id} in unknown area {s.area}")
        for p in self.paths:
            if p.a not in spaces or p.b not in spaces:
                problems.append(f"path {p.a}-{p.b} names an unknown space")
                continue
            ends = {spaces[p.a].type, spaces[p.b].type}
            if p.type in ("naval", "combined", "open_sea") and "land" in ends:
                problems.append(f"{p.type} path {p.a}-{p.b} touches a land space")
        for a in self.areas:
            problems += [f"area {a.id}: unknown {x}" for x in a.spaces if x not in spaces]
        for c in self.city_states:
            if c.home not in spaces or (c.port is not None and c.port not in spaces):
                problems.append(f"city-state {c.id}: unknown home or port")
            elif spaces[c.home].area != c.area:
                problems.append(f"city-state {c.id}: home outside its area")
        for ldr in self.leaders:
            if ldr.city_state not in states or ldr.first_turn > ldr.last_turn:
                problems.append(f"leader {ldr.id}: bad owner or turns")
        for st in self.setups.values():
            named = [f.space for f in st.forces] + [g.space for g in st.garrisons]
            named += st.rebellion + st.neutral_spaces + list(st.siege_levels)
            problems += [f"set-up {st.id}: unknown space {x}" for x in named if x not in spaces]
            owners = [f.owner for f in st.forces] + [g.owner for g in st.garrisons]
            owners += list(st.minors) + list(st.majors)
            problems += [f"set-up {st.id}: unknown state {x}" for x in owners if x not in states]
        if problems:
            raise ValueError("; ".join(problems))
        return self


def _read(name: str) -> Any:
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


@cache
def load_components() -> Components:
    """Every component, validated (once per process)."""
    return Components(**{k: _read(k) for k in Components.model_fields})


def components_json() -> dict[str, Any]:
    """The components as plain JSON (`keryx data ppw`)."""
    return load_components().model_dump(mode="json")


components = load_components  # the name the rest of the ruleset reads
