"""The Epic game state: plain JSON data (docs/architecture.md).

Only facts are stored; what follows from them (Area status, supply, who may enter a
city) is worked out by `board.py` and `supply.py`, so it can never disagree with them.

    scenario, year (BC, counting down), season (0 Spring .. 3 Winter), ct (Campaign Turn
    1-3, 0 while the Seasonal Turn runs), order (who acts first, 22.4.1)
    regions:  id -> {side, al, ml, mult}   AL is read from the controller's side (4.1)
    treasury: side -> talents (5.1)
    units:    id -> {side, home, type, morale, where: pool|map|dead|build, hex, forage,
                     raid, moved, placed, sailed (carried by sea this turn, 16.7.3)}
    leaders:  name -> {side, land, sea, where: map|force|pool|dead, hex, region}
    leader_pool: side -> names, face down; the order is the hidden draw (7.8.4)
    marks:    city -> side holding it against its region (4.3.1c, "captured" markers)
    razed, unwalled: city names (11.1, 11.3)
    forts, bases: hex -> side (7.6)
    sieges:   hex -> {by, morale, initial}   (10.3)
    raided:   area -> count this year (15.2); raided_now: areas whose ML fell this season
    bases_placed: how many of its 3 bases Athens has placed (22.4.5)
    ports_open: ports whose blockading fleets went ashore this Campaign Turn (10.2.3b)
    revolts: revolting cities (6.5); helots: cities under a Helot Uprising marker (29.4.4)
    kept: revolting city -> the controller whose units stayed inside and hold it (6.5.4)
    works: walls going up {city, side, due: season index}, Long Walls {ends: [hex, hex],
           side, unit, hex, due}; built_walls: walls put up (7.6.4)
    long_walls: hex -> hex, both ends of each standing Long Walls (7.6.5, 10.9)
"""

# no `from __future__ import annotations`: `EState.__required_keys__` needs NotRequired
# evaluated when the class is made (Python 3.11 reads string annotations as required)
from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

from engine.core.battle_record import BattleRecord
from engine.core.procedures import Frame

# ids, as the state spells them (components.py)
Side = str  # "athens", "sparta", or a League seat's side ("league") in the alliance games
Seat = str
UnitId = str
LeaderName = str
HexId = str  # a map hex, "0712"
AreaId = str
Region = str
City = str


class Unit(TypedDict):
    """A unit (components.py names its kinds): its side, home region, type and morale,
    where it is (`POOL`, `MAP`, `DEAD`, "build", or a box of the Sicily and Persia
    displays) and its hex there (None off the map), and this turn's flags."""

    side: Side
    home: Region
    type: str  # "hoplite", "light", "cavalry" or "fleet"
    morale: int
    where: str
    hex: HexId | None
    forage: bool  # foraging this season (9.7)
    raid: bool  # raiding, or pulling walls down, this Campaign Turn (15.1, 11.3.1b)
    moved: bool  # moved this Campaign Turn (16.0)
    placed: bool  # placed this season (7.3)
    sailed: NotRequired[bool]  # carried by sea this turn (16.7.3)
    seat: NotRequired[Seat]  # with allies, the League player it belongs to (24.5)
    to: NotRequired[AreaId]  # in the Leaving Sicily box: the sea it is bound for (19.2)


class Leader(TypedDict):
    """A leader: his side and ratings, where he is (`MAP`, "force", "pool", `DEAD`) with
    his hex on the map or his region in the Force Pool."""

    side: Side
    land: int
    sea: int
    where: str
    hex: HexId | None
    region: Region | None
    moved: NotRequired[bool]  # moved this Campaign Turn (16.0)
    sailed: NotRequired[bool]  # carried by sea this turn (16.7.3)
    placed: NotRequired[bool]  # placed this season (7.3)
    seat: NotRequired[Seat]  # with allies, the League player he serves (24.5)
    to: NotRequired[AreaId]  # in the Leaving Sicily box: the sea he is bound for (19.2)
    persian: NotRequired[str]  # a Persian general: his satrap (Appendix C)


Piece = Unit | Leader  # what either has: side, where, hex, seat


def on_board(piece: Piece) -> HexId:
    """The hex of a unit or leader known to be on the map (or at sea): off the map it has
    none, and reading one there is a bug."""
    h = piece["hex"]
    if h is None:
        raise RuntimeError(f"a piece off the map has no hex: {piece}")
    return h


class RegionState(TypedDict):
    side: Side  # the controller (4.1)
    al: int  # Allegiance Level, read from the controller's side
    ml: int  # Military Level (4.2)
    mult: int | None  # the Assessment multiplier (5.2), None where none is set


class Siege(TypedDict):
    by: Side  # the besieger (10.3)
    morale: int  # the besieged's morale now and at the start
    initial: int


class BattleState(TypedDict):
    """A battle being fought (17.0; at sea 16.x; a wing of one, App. D)."""

    hex: HexId
    attacker: Side
    defender: Side
    origin: HexId  # where the attackers came from (17.7.7)
    region: Region | None
    att: list[UnitId]
    dfn: list[UnitId]
    reserve: list[UnitId]  # 18.6.2: the defenders not manning the walls
    waiting_cavalry: list[UnitId]  # 18.6.3a
    morale: dict[UnitId, int]
    retreat: list[UnitId]
    dead: list[UnitId]
    fortress: bool
    storm: bool
    big_city: bool
    def_can_retreat: bool
    # 17.7.7 ii, 17.7.4: a landing party with no ships and no free coast for this round
    # (generation 12; set by the battle before each round, absent otherwise)
    att_stranded: NotRequired[bool]
    into: NotRequired[HexId | None]  # 18.2a: back inside the walls (land battles)
    att_leaders: list[LeaderName]
    dfn_leaders: list[LeaderName]
    rounds: int
    breach_bonus: int
    voluntary: str | None
    # the kernel's record (engine/core/battle_record.py), set as the battle opens
    record: NotRequired[BattleRecord]
    sea: NotRequired[bool]
    regions: NotRequired[list[Region]]  # at sea: the regions the battle counts in (16.x)
    port: NotRequired[str | None]  # at sea off a port: "mask" or "relief" (10.2.1b, 10.8.2)
    cargo: NotRequired[list[UnitId]]  # at sea: the attackers' passengers
    wings: NotRequired[dict[str, Any]]  # App. D (wings.py)
    wing: NotRequired[str]  # one wing's fight, as wings.py builds it
    winner: NotRequired[Side]
    ships: NotRequired[AreaId | None]  # 17.7.7 ii: the sea a landing party came from (gen 10)


def forces(b: BattleState, which: str) -> list[UnitId]:
    """A side's units in the battle: "att" or "dfn"."""
    return b["att"] if which == "att" else b["dfn"]


def commanders(b: BattleState, which: str) -> list[LeaderName]:
    """A side's leaders in the battle: "att" or "dfn"."""
    return b["att_leaders"] if which == "att" else b["dfn_leaders"]


# the records below stay JSON objects; their keys are listed in the docstring above
Work = dict[str, Any]  # walls {city, side, due} or Long Walls {ends, side, unit, hex, due}
Record = dict[str, Any]  # a result (flow.py, politics.py, allied_peace.py: its clauses vary)


class Cards(TypedDict):
    """The Event Cards of the full scenarios (12.0): the deck face down, the discards, the
    cards out of the game, those set aside until their year, each seat's hand, the cards in
    play until they end, this season's effects (reset each Seasonal Turn), and the boxes
    of the Persian and Sicilian displays when a card first opens them."""

    deck: list[str]
    discard: list[str]
    removed: list[str]
    aside: list[str]
    hands: dict[Seat, list[str]]
    runs: int  # times the deck has run out (12.4)
    active: list[str]
    season: dict[str, Any]  # this season's effects, by the card words' keys (cards.py)
    persia: NotRequired[dict[str, Any]]  # the satraps' boxes (persia.py)
    sicily: NotRequired[dict[str, Any]]  # the Sicilian Expedition (sicily_box.py)


class Peace(TypedDict):
    """A Peace Treaty in force (20.2): whether it still restricts moves, and per side the
    breaches, grievances and violations counted against it."""

    restrict: bool
    breaches: dict[Side, list[Any]]
    griefs: dict[Side, list[Any]]
    violations: dict[Side, list[Any]]
    grievances: dict[Side, list[Any]]


class League(TypedDict):
    """The alliance scenarios' seats (24.2, 25.2; alliances.py): the League seats in turn
    order, which seat holds each League region, a seat's bar on an ally's entry, and the
    abdications waiting to be answered (24.3)."""

    seats: list[Seat]
    holder: dict[Region, Seat]
    forbid: NotRequired[dict[Seat, list[Seat]]]
    abdicate: NotRequired[list[dict[str, Any]]]


Facts = Mapping[str, Any]  # a state, or a seat's view of it, read for open facts only


class EState(TypedDict):
    """The whole Epic state. Every key `setup.new_state` writes is required; the
    NotRequired ones come only with some scenarios, options or events, as noted."""

    scenario: str
    year: int
    season: int
    ct: int
    order: list[Side]
    regions: dict[Region, RegionState]
    treasury: dict[Side, int]
    units: dict[UnitId, Unit]
    leaders: dict[LeaderName, Leader]
    leader_pool: dict[Side, list[LeaderName]]
    generic: dict[Side, int]
    marks: dict[City, Side]
    razed: list[City]
    unwalled: list[City]
    long_walls: dict[HexId, HexId]
    forts: dict[HexId, Side]
    bases: dict[HexId, Side]
    sieges: dict[HexId, Siege]
    revolts: list[City]
    revolted: dict[City, int]
    helots: list[City]
    raided: dict[AreaId, int]
    raided_now: list[AreaId]
    bases_placed: int
    activated: list[Region]
    cards: Cards | None  # None in the simplified scenarios (2.3)
    battle: BattleState | None
    attacks: list[Any]
    short_noted: list[Any]
    ports_open: list[HexId]
    result: Record | None
    resigned: Seat | None
    flow: list[Frame]
    wings: NotRequired[bool]  # the App. D option
    league: NotRequired[League]  # the alliance scenarios (24.2, 25.2)
    acting: NotRequired[Seat | None]  # the League seat playing now (24.5)
    dice: NotRequired[list[int]]  # a described position's fixed dice (POSITIONS.md)
    peace: NotRequired[Peace | None]  # a Peace Treaty in force (23.0)
    raised: NotRequired[dict[Region, int]]  # this year's AL steps (5.3.1)
    cut: NotRequired[list[Region]]  # this year's cut supply (5.3.5)
    gained: NotRequired[dict[Region, Side]]  # changed hands, may be set at x1 (4.3.1a)
    revolt_rolled: NotRequired[list[City]]
    white: NotRequired[list[Region]]
    kept: NotRequired[dict[City, Side]]  # 6.5.4
    works: NotRequired[list[Work]]  # 7.6.4, 7.6.5
    built_walls: NotRequired[list[City]]  # 7.6.4
    # the generation of questions the game asks (see `asks`); absent: generation 0
    generation: NotRequired[int]

# The generations of the Epic's questions (Ruleset.generation and `asks`,
# engine/core/ruleset.py). A game keeps the generation it was created with, so its log
# replays with the questions its answers were given to; a game of an older generation is
# asked the older questions.
# 1 (issue 33): walls are offered for pulling down only where it makes sense, and the pick
# is confirmed; revolt checks that cannot succeed are not asked.
WALLS_AND_REVOLTS = 1
# 2 (issue 33): the units that may go unsupplied are a menu of places, and a long list of
# stacks that may forage is asked in parts of at most 25.
SUPPLY_IN_GROUPS = 2
# 3 (issue 33): defenders of a fortress stormed by a stack that found it neither besieged
# nor masked may retreat, if a hex is open to them (17.4.4, 17.7.2; RULINGS.md 5).
FORTRESS_RETREATS = 3
# 4 (eaudit14): a stack storming the place it masked in an earlier move stays in that hex
# when it is beaten or breaks off, instead of being lost for want of a retreat hex
# (17.7.7 i, 10.2.1c; RULINGS.md 84).
MASKERS_STAY = 4
# 5 (eaudit14): every siege short of its units at the end of either side's movement or
# combat gains its 1 siege morale that Campaign Turn, not only the mover's own sieges
# after its own battles (10.6).
SIEGES_KEPT_EVERY_PHASE = 5
# 6 (eaudit14): units and leaders may be placed in, or sent back from, a friendly city that
# is masked but not besieged (10.2.2 note, 7.3.2, 7.8.5).
PLACING_IN_MASKED = 6
# 7 (eaudit14): units foraging from a city or fort of their own stand outside it, and a
# battle there finds them in the open (9.7.2), as raiders do (15.1).
FORAGERS_OUTSIDE = 7
# 8 (eaudit14): uninhabited islands, which belong to no region, may be entered by either
# side's units (1.2, 13.3).
ISLANDS_OPEN = 8
# 9 (eaudit14): no battle in an Open Sea: fleets sailing into one where enemy fleets are
# neither attack them nor may be intercepted there (8.5, 16.4.4).
CALM_OPEN_SEAS = 9
# 10 (esea14): fleets at sea with no leader are each a stack of their own, and fleets
# attacking an Area holding more than one enemy stack choose which one they fight
# (16.2.2, 7.8.2; RULINGS.md 90). A beaten landing party goes back to its ships in the
# sea it landed from, or to a free coastal hex beside the battle (17.7.7 ii; RULINGS.md 26).
SEPARATE_FLEETS = 10
# 11 (eaudit15): a sea Area a beaten fleet or landing party may fall back into is one that
# is not enemy by 8.4: fleets landed on its coasts count, and the side's own fleets there
# make it contested, hence open (17.7.1b, 17.7.7 ii, 17.7.8; RULINGS.md 27).
NON_ENEMY_SEAS = 11
# 12 (eaudit15): a landing party whose ships are gone and with no free coastal hex beside
# it cannot retreat while the battle goes on: a failed check brings 17.7.4's second check,
# and it may not break off (17.7.7 ii, 17.7.4, 17.8; RULINGS.md 26).
STRANDED_LANDINGS = 12
# 13 (eaudit15): units out of supply on an uninhabited island may forage there, up to its
# Area's Foraging Number (9.5, 9.7.1; RULINGS.md 88).
ISLAND_FORAGE = 13
# 14 (eaudit15): a land supply line crosses a contested Area only through hexes holding no
# enemy unit or city (9.3.1; RULINGS.md 91); before, a contested Area was open throughout.
CONTESTED_LINES = 14
# 15 (eaudit15): fleets standing alone on a coast, beaten by an attack on land, may retreat
# into a neighbouring sea that is not enemy (17.7.1b; RULINGS.md 92).
FLEETS_PUT_TO_SEA = 15
# 16 (eaudit15b): a satrap's city (Dascylium, Sardis) is a supply source like any other, so
# a line to it crosses a contested Area only through free hexes, as 9.3.1 has it for every
# line from generation 14 (Appendix C; RULINGS.md 93).
PERSIAN_LINES = 16
# 17 (eaudit15b): a region that changes hands may be set at its Base Tribute Value (x1) by
# its new controller, at no AL or ML cost, at his next Tribute Assessment (4.3.1a, 5.3.3;
# RULINGS.md 94).
BTV_ON_CHANGE = 17
GENERATION = BTV_ON_CHANGE  # what new games ask


SIDES = ("athens", "sparta")
SEASONS = ("Spring", "Summer", "Fall", "Winter")
WINTER = 3
POOL, MAP, DEAD = "pool", "map", "dead"
LAND_TYPES = ("hoplite", "light", "cavalry")


def other(side: str) -> str:
    return "sparta" if side == "athens" else "athens"


def clamp_al(v: int) -> int:
    return max(-4, min(20, v))  # rule 4.1


def clamp_ml(v: int) -> int:
    return max(1, min(20, v))  # rule 4.2


def stamp(s: EState) -> str:
    """Where the game stands, for log lines."""
    ct = f", Campaign Turn {s['ct']}" if s["ct"] else ""
    return f"{SEASONS[s['season']]} {s['year']} BC{ct}"


def fighting(s: EState) -> BattleState:
    """The battle being fought; only the battle's own procedures ask for it."""
    b = s["battle"]
    if b is None:
        raise RuntimeError("no battle is being fought")
    return b


def dealt(s: EState) -> Cards:
    """The cards; only the full scenarios, which deal them (2.3), ask for them."""
    c = s["cards"]
    if c is None:
        raise RuntimeError("this scenario deals no cards")
    return c
