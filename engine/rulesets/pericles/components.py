"""Pericles components: 20 theaters and the Persia box, the routes, two political decks,
the Aristophanes deck, the piece counts and the master set-ups (playbook 14.1.11).

The playbook (rules 14-20) is our only rule document; the rest is rebuilt or designed
(data/README.md says which, item by item). The JSON beside this file is validated with
pydantic once per process and cross-checked: routes join known theaters, every card the
playbook names keeps its printed values (PRINTED below), counts match the stated totals,
and every set-up obeys the placement and upkeep limits. The rules that use them are
in the modules beside this one (see __init__.py).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA = Path(__file__).with_name("data")

City = Literal["athens", "sparta"]
# known: printed in the playbook; inferred: deduced from it; public: a public source the
# brief quotes; chart: read from the garbled master chart; example: the 16.0 position;
# scenario: a 14.x scenario text; ours: designed by Keryx.
Tag = Literal["known", "inferred", "public", "chart", "example", "scenario", "ours"]
Owner = Literal["A", "D", "S", "P", "argos", "persia"]
SIDE_OF: dict[str, City] = {"A": "athens", "D": "athens", "argos": "athens",
                            "S": "sparta", "P": "sparta", "persia": "sparta"}
CORE_ISSUES = ("military", "league", "diplomatic", "oracle", "war_peace", "ostracism")
FACTIONS: dict[City, tuple[str, str]] = {"athens": ("aristocrats", "demagogues"),
                                         "sparta": ("agiad", "eurypontid")}
# the aligned bonus and Strategos award a half may carry, by face value (ours: low cards
# get big bonuses so that none is weak on its own issue, playbook 18.0)
BONUS = {1: {4}, 2: {3}, 3: {1, 2}, 4: {2, 3}, 5: {2, 3}}
AWARD = {1: {1}, 2: {2}, 3: {1, 2}, 4: {2, 3}, 5: {3, 4}}

# Values the playbook prints for the cards it names (16.0 example): number -> faction ->
# {field: value}; "aligned" is face + bonus on the aligned issue.
PRINTED: dict[int, dict[str, dict[str, Any]]] = {
    29: {"aristocrats": {"issue": "oracle"}},
    33: {"eurypontid": {"issue": "military", "aligned": 8, "strategos": 4}},
    34: {"agiad": {"issue": "war_peace", "aligned": 8, "face": 5}},
    35: {"agiad": {"issue": "military", "aligned": 8, "strategos": 3}},
    36: {"agiad": {"issue": "league", "aligned": 7, "strategos": 3}},
    38: {"eurypontid": {"issue": "diplomatic", "aligned": 7}},
    39: {"agiad": {"issue": "military", "aligned": 7}},
    44: {"eurypontid": {"issue": "military", "aligned": 6}},
    54: {"agiad": {"issue": "diplomatic", "aligned": 6}},
    55: {"eurypontid": {"issue": "league", "aligned": 5, "strategos": 1}},
    59: {"eurypontid": {"face": 1}},
}


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Theater(_Model):
    key: str = Field(pattern=r"^[a-z]+$")
    number: int | None = Field(ge=1, le=20)  # None for the Persia box
    name: str
    type: Literal["land", "naval", "box"]  # the battle fought first there (18.0)
    capital: City | None
    granary: bool
    chokepoint: bool
    point: str  # the gazetteer row (data/gazetteer_used.csv) that places it
    lat: float
    lon: float
    places: tuple[str, ...]
    provenance: dict[str, Tag]

    @model_validator(mode="after")
    def _box_is_persia(self) -> Theater:
        if (self.type == "box") != (self.number is None) or (self.key == "persia") != (self.type == "box"):
            raise ValueError(f"{self.key}: only Persia is an unnumbered box (15.61 D)")
        return self


class Route(_Model):
    a: str
    b: str
    kind: Literal["land", "naval", "both"]
    origin: Tag


class Half(_Model):
    """One faction's end of a two-ended political card."""

    personality: str
    issue: str
    bonus: int = Field(ge=1, le=4)
    strategos: int = Field(ge=1, le=4)
    origin: Tag
    printed: tuple[Literal["issue", "aligned", "strategos"], ...]


class PoliticalCard(_Model):
    number: int
    title: str
    face: int = Field(ge=1, le=5)  # the value in battle and off-issue (18.0)
    face_origin: Tag
    halves: dict[str, Half]

    def aligned(self, faction: str) -> int:
        return self.face + self.halves[faction].bonus

    @model_validator(mode="after")
    def _bonus_fits_face(self) -> PoliticalCard:
        for faction, h in self.halves.items():
            if h.bonus not in BONUS[self.face] or h.strategos not in AWARD[self.face]:
                raise ValueError(f"card {self.number} {faction}: bonus {h.bonus} or award {h.strategos} "
                                 f"does not fit face {self.face}")
        return self


class Leader(_Model):
    number: int
    faction: str
    names: tuple[tuple[int, str], ...]  # (first turn, name shown from then on)

    def name(self, turn: int) -> str:
        return [n for t, n in self.names if t <= turn][-1]


class Deck(_Model):
    factions: tuple[str, str]
    unique_issues: tuple[str, str]
    cards: tuple[PoliticalCard, ...]
    leaders: tuple[Leader, Leader]


class LeaderCard(_Model):
    value: int
    not_against: tuple[str, ...]
    strategos: int
    board_pre_plague: int
    board_post_plague: int


class Cards(_Model):
    leader_card: LeaderCard
    scenario_cards: dict[str, dict[str, tuple[int, ...]]]
    decks: dict[City, Deck]


class Placement(_Model):
    issue: str
    city: City
    track: str  # a faction, or "controlling" / "opposition"
    box: int = Field(ge=1, le=2)


class Stock(_Model):
    kind: Literal["stock"]
    athens: int = Field(le=0)
    sparta: int = Field(le=0)
    this_turn: bool


class Task(_Model):
    theater: str
    task: Literal["base", "control"]


class Will(_Model):
    kind: Literal["will"]
    athens: Task
    sparta: Task


class Plague(_Model):
    kind: Literal["plague"]


class Alcibiades(_Model):
    kind: Literal["alcibiades"]
    to: Literal["athens", "persia"]


class Deaths(_Model):
    kind: Literal["deaths"]
    names: tuple[str, ...]


Effect = Annotated[Stock | Will | Plague | Alcibiades | Deaths, Field(discriminator="kind")]


class AristophanesCard(_Model):
    id: str
    play: str
    version: Literal["A", "B", "C"]
    staged: int  # the year BC the play was first staged
    label: str  # a short label of ours for the quote
    placements: tuple[Placement, ...]
    event: tuple[Effect, ...]
    event_title: str | None
    provenance: dict[str, Tag]


class Stack(_Model):
    theater: str
    owner: Owner
    land: int = Field(ge=0)
    naval: int = Field(ge=0)
    bases: int = Field(ge=0, le=3)
    origin: Tag


class Treachery(_Model):
    theater: str
    side: City
    count: int = Field(ge=1)
    origin: Tag


class Setup(_Model):
    turn: int = Field(ge=1, le=10)
    years: tuple[int, int]
    persian_war: Literal["active", "concluded"]
    plague: Literal["pre", "post"]
    peace_marker: bool  # PEACE on the Eastern Mediterranean (chart, turns 3-10)
    the_300: str
    stacks: tuple[Stack, ...]
    treachery: tuple[Treachery, ...]


class Counts(_Model):
    units: dict[Owner, dict[Literal["land", "naval"], int]]
    bases: dict[Owner, int]
    strength: dict[str, Any]
    strategos: dict[str, int]
    limits: dict[str, Any]
    display_issues: dict[str, int]
    theater_markers: dict[str, int]
    markers: dict[str, int]
    dice: tuple[str, ...]
    cards: dict[str, int]


class PericlesData(_Model):
    """Everything, validated as one document so cross-references can be checked."""

    theaters: tuple[Theater, ...]
    routes: tuple[Route, ...]
    cards: Cards
    aristophanes: tuple[AristophanesCard, ...]
    counts: Counts
    setups: dict[str, Setup]

    @model_validator(mode="after")
    def _cross_references(self) -> PericlesData:
        errors = _map_errors(self) + _deck_errors(self) + _aristophanes_errors(self)
        for key, s in self.setups.items():
            errors += _setup_errors(self, key, s)
        if errors:
            raise ValueError("; ".join(errors))
        return self


def _map_errors(d: PericlesData) -> list[str]:
    errors: list[str] = []
    keys = {t.key for t in d.theaters}
    numbers = sorted(t.number for t in d.theaters if t.number is not None)
    if numbers != list(range(1, 21)) or len(keys) != 21:
        errors.append("there must be theaters 1-20 plus Persia (18.0)")
    seen: set[frozenset[str]] = set()
    for r in d.routes:
        pair = frozenset((r.a, r.b))
        if not pair <= keys or len(pair) != 2 or "persia" in pair or pair in seen:
            errors.append(f"route {r.a}-{r.b} must join two distinct theaters once (Persia has none)")
        seen.add(pair)
    reach, todo = {"athens"}, ["athens"]
    while todo:
        here = todo.pop()
        for p in seen:
            if here in p:
                todo += [k for k in p - reach]
                reach |= p
    if reach != keys - {"persia"}:
        errors.append(f"theaters no route reaches: {sorted(keys - {'persia'} - reach)}")
    return errors


def _deck_errors(d: PericlesData) -> list[str]:
    errors: list[str] = []
    faces = {}
    for city, deck in d.cards.decks.items():
        first = 1 if city == "athens" else 33
        numbers = [c.number for c in deck.cards]
        if numbers != list(range(first, first + 30)):
            errors.append(f"{city}: cards must be numbered {first}-{first + 29}")
        if sorted(x.number for x in deck.leaders) != [first + 30, first + 31] or d.counts.cards[city] != 32:
            errors.append(f"{city}: two leader cards make 32 (cards {first + 30}, {first + 31})")
        if deck.factions != FACTIONS[city] or {x.faction for x in deck.leaders} != set(FACTIONS[city]):
            errors.append(f"{city}: factions must be {FACTIONS[city]}")
        issues = set(CORE_ISSUES) | set(deck.unique_issues)
        names = [h.personality for c in deck.cards for h in c.halves.values()]
        if len(set(names)) != 60:
            errors.append(f"{city}: 60 different personalities, one a half (17.0)")
        for c in deck.cards:
            if set(c.halves) != set(FACTIONS[city]):
                errors.append(f"{city} card {c.number}: one half for each faction")
            errors += [f"card {c.number}: unknown issue {h.issue}" for h in c.halves.values() if h.issue not in issues]
            if city == "sparta" and c.title != f"Gerousia {c.number - 32}":
                errors.append(f"card {c.number}: Spartan card n is Gerousia n-32")
        tribes = [c.title for c in deck.cards] if city == "athens" else []
        if tribes and (tribes[28] != "Antiochis X" or any(n != 3 for n in Counter(tribes).values())):
            errors.append("athens: ten tribes of three cards, card 29 Antiochis X")
        spread = [Counter(h.issue if h.issue in CORE_ISSUES else "unique" for c in deck.cards
                          for f, h in c.halves.items() if f == fac) for fac in deck.factions]
        if spread[0] != spread[1]:
            errors.append(f"{city}: both factions get the same spread of alignments")
        faces[city] = Counter(c.face for c in deck.cards)
    every = {c.number for deck in d.cards.decks.values() for c in deck.cards}
    for scenario, hands in d.cards.scenario_cards.items():
        errors += [f"{scenario}: no card {n}" for ns in hands.values() for n in ns if n not in every]
    for deck in d.cards.decks.values():
        for x in deck.leaders:
            turns = [t for t, _ in x.names]
            if turns[:1] != [1] or turns != sorted(set(turns)):
                errors.append(f"leader card {x.number}: names must start at turn 1, one a turn")
    if faces.get("athens") != faces.get("sparta") or set(faces["athens"].values()) != {6}:
        errors.append("both decks hold six cards of each face 1-5 (18.0)")
    errors += _printed_errors(d)
    return errors


def _printed_errors(d: PericlesData) -> list[str]:
    cards = {c.number: c for deck in d.cards.decks.values() for c in deck.cards}
    errors = []
    for number, halves in PRINTED.items():
        card = cards[number]
        for faction, values in halves.items():
            h = card.halves[faction]
            found = {"issue": h.issue, "aligned": card.aligned(faction), "strategos": h.strategos, "face": card.face}
            errors += [f"card {number} {faction}: {k} {found[k]}, printed {v}" for k, v in values.items() if found[k] != v]
    # 16.0: cards 39 and 44 were owed five Strategos between them
    if cards[39].halves["agiad"].strategos + cards[44].halves["eurypontid"].strategos != 5:
        errors.append("cards 39 and 44 must award 5 Strategos together")
    return errors


def _aristophanes_errors(d: PericlesData) -> list[str]:
    errors = []
    ids = [c.id for c in d.aristophanes]
    if len(ids) != d.counts.cards["aristophanes"] or len(set(ids)) != len(ids):
        errors.append("24 Aristophanes cards, each named once")
    keys = {t.key for t in d.theaters}
    for c in d.aristophanes:
        for p in c.placements:
            deck = d.cards.decks[p.city]
            if p.track not in deck.factions + ("controlling", "opposition"):
                errors.append(f"{c.id}: no {p.track} track in {p.city}")
            if p.issue not in CORE_ISSUES + deck.unique_issues:
                errors.append(f"{c.id}: unknown issue {p.issue}")
        for e in c.event:
            if isinstance(e, Will) and not {e.athens.theater, e.sparta.theater} <= keys - {"persia"}:
                errors.append(f"{c.id}: a Will of the Assembly names an unknown theater")
    return errors


def _setup_errors(d: PericlesData, key: str, s: Setup) -> list[str]:
    errors = [] if key == str(s.turn) else [f"set-up {key} is turn {s.turn}"]
    keys = {t.key for t in d.theaters}
    limits = d.counts.limits
    used: Counter[tuple[Owner, str]] = Counter()
    upkeep: Counter[str] = Counter()
    bases: Counter[str] = Counter()
    for st in s.stacks:
        if st.theater not in keys or (st.owner == "persia") != (st.theater == "persia"):
            errors.append(f"turn {s.turn}: {st.owner} cannot stand in {st.theater}")
        if st.owner == "persia" and st.land + st.naval:
            errors.append(f"turn {s.turn}: Persia holds bases only")
        used[st.owner, "land"] += st.land
        used[st.owner, "naval"] += st.naval
        used[st.owner, "bases"] += st.bases
        side = SIDE_OF[st.owner]
        upkeep[side] += st.land + 2 * st.naval
        bases[side] += st.bases
    upkeep["sparta"] -= 1  # the 300 cost no upkeep (16.0 counts 17 land with them present)
    for (owner, kind), n in used.items():
        pool = d.counts.units.get(owner, {})
        cap = d.counts.bases.get(owner, 0) if kind == "bases" else pool.get("land" if kind == "land" else "naval", 0)
        if n > cap:
            errors.append(f"turn {s.turn}: {n} {owner} {kind}, the counter mix has {cap}")
    for side in ("athens", "sparta"):
        if upkeep[side] > limits["maintenance_per_base"] * bases[side]:
            errors.append(f"turn {s.turn}: {side} cannot maintain its units")
    for th in keys:
        here = [st for st in s.stacks if st.theater == th]
        if sum(st.bases for st in here) > limits["bases_per_theater"]:
            errors.append(f"turn {s.turn}: more than 3 bases in {th}")
        for side in ("athens", "sparta"):
            mine = [st for st in here if SIDE_OF[st.owner] == side]
            units = sum(st.land + st.naval for st in mine)
            homes = {st.owner for st in mine if st.bases}
            for st in mine:
                # 11.3 as the brief rebuilds it: League and Spartan units need their own bases,
                # Athenian (and Argive) units an Athenian or Delian one; a lone unit may stand anywhere
                home = {"A": {"A", "D"}, "argos": {"A", "D"}}.get(st.owner, {st.owner})
                if st.land + st.naval and not home & homes and units > limits["units_without_base"]:
                    errors.append(f"turn {s.turn}: {st.owner} units in {th} have no base of theirs")
            if units > limits["units_with_base"]:
                errors.append(f"turn {s.turn}: more than 15 {side} units in {th}")
    for t in s.treachery:
        if t.theater not in keys:
            errors.append(f"turn {s.turn}: treachery in unknown {t.theater}")
    if not any(st.theater == s.the_300 and st.owner == "S" and st.land for st in s.stacks):
        errors.append(f"turn {s.turn}: the 300 must stand with Spartan land units in {s.the_300}")
    return errors


class Components:
    """The validated data plus the lookups rules will ask for."""

    def __init__(self, data: PericlesData):
        self.data = data
        self.theaters: dict[str, Theater] = {t.key: t for t in data.theaters}
        self.by_number: dict[int, Theater] = {t.number: t for t in data.theaters if t.number is not None}
        self.cards: dict[int, PoliticalCard] = {c.number: c for deck in data.cards.decks.values() for c in deck.cards}
        self.aristophanes: dict[str, AristophanesCard] = {c.id: c for c in data.aristophanes}
        self.setups: dict[int, Setup] = {s.turn: s for s in data.setups.values()}
        self._routes: dict[str, dict[str, str]] = {k: {} for k in self.theaters}
        for r in data.routes:
            self._routes[r.a][r.b] = r.kind
            self._routes[r.b][r.a] = r.kind

    def neighbours(self, theater: str, kind: Literal["land", "naval"] | None = None) -> frozenset[str]:
        """Theaters one route away; with a kind, only routes units of that kind may use."""
        return frozenset(n for n, k in self._routes[theater].items() if kind is None or k in (kind, "both"))

    def routes_from(self, theater: str) -> Mapping[str, str]:
        """Each neighbouring theater and the kind of the route there (routes go both ways)."""
        return self._routes[theater]

    def route(self, a: str, b: str) -> str | None:
        return self._routes[a].get(b)

    def to_json(self) -> dict[str, Any]:
        """What `keryx data pericles` prints."""
        return {"ruleset": "pericles"} | self.data.model_dump(mode="json")


def _read(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@cache
def load_components() -> Components:
    """Parse and validate the data once per process."""
    data = PericlesData.model_validate({
        "theaters": _read("theaters.json")["theaters"], "routes": _read("routes.json")["routes"],
        "cards": _read("cards.json"), "aristophanes": _read("aristophanes.json")["aristophanes"],
        "counts": _read("counts.json"), "setups": _read("setups.json")["setups"],
    })
    return Components(data)


def components_json() -> dict[str, Any]:
    """The whole component data as JSON-ready dicts (for `keryx data pericles`)."""
    return load_components().to_json()
