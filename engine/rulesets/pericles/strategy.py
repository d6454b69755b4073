"""Phormio's Strategy Matrices (playbook 15.3, 15.31; brief 15.2, 15.5) and the choice
of a Prime Strategy (PS).

The matrices are data (data/strategy_<city>.toml); each row's condition is a named
predicate below, asked of one theater at a time over a *public* picture of the game:
any mapping with the keys `forces`, `will`, `war` and `alcibiades` (the state and every
seat's view have them with the same shape), so the rules and the players read the same
facts. The rules draw each automated faction's PS on the game's dice at the start of a
turn (prime.py); a player reads it from its view through `strategy_of`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .assembly import city_of
from .components import SIDE_OF, load_components

DATA = Path(__file__).parent / "data"
WILL = "@will"  # a matrix theater standing for the city's Will of the Assembly theater


@dataclass(frozen=True, slots=True)
class IssueNote:
    """How one PS issue is carried out (the matrix's implementation notes column)."""

    issue: str  # military, league, diplomatic or oracle
    place: str  # "ps": the PS theater; "capital": the faction's own capital (15.31 E)
    action: str  # expedition, raid, build, base, convert, move or honor
    commit: int | None = None  # Strategos the CG commits (military issues)
    units: str | None = None  # land, naval, naval_edge (ships beyond the enemy's), opposite
    text: str = ""


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a city's Strategy Matrix."""

    id: str
    city: str
    title: str
    condition: str  # a name in PREDICATES
    theaters: tuple[str, ...]  # candidates in priority order
    issues: tuple[str, ...]  # in priority order (placed in reverse: queues are LIFO)
    notes: tuple[IssueNote, ...]  # one per issue, same order
    no_roll: str | None = None  # a name in NO_ROLL: the row then prevents a loss
    last: bool = False  # the last row: automatic
    ours: bool = False  # a row of ours, not the playbook's
    why: str = ""  # our reasoning for a row (or a detail) of ours
    source: str = ""


@dataclass(frozen=True, slots=True)
class Strategy:
    """A faction's Prime Strategy for the turn: the row taken and its PS theater first
    in `theaters`, then the row's other theaters where its condition also holds."""

    row: str
    faction: str
    city: str
    title: str
    theaters: tuple[str, ...]
    issues: tuple[str, ...]
    notes: tuple[IssueNote, ...]
    ours: bool

    @property
    def theater(self) -> str:
        return self.theaters[0]


# ------------------------------------------------------------------ reading the map
def _other(city: str) -> str:
    return "sparta" if city == "athens" else "athens"


def _present(pic: Mapping[str, Any], theater: str, city: str) -> bool:
    return any(sum(n.values()) for o, n in pic["forces"].get(theater, {}).items()
               if SIDE_OF.get(o) == city)


def _units(pic: Mapping[str, Any], theater: str, city: str) -> bool:
    return any(n.get("land", 0) + n.get("naval", 0) for o, n in
               pic["forces"].get(theater, {}).items() if SIDE_OF.get(o) == city)


def _bases(pic: Mapping[str, Any], theater: str, city: str) -> int:
    return sum(n.get("bases", 0) for o, n in pic["forces"].get(theater, {}).items()
               if SIDE_OF.get(o) == city)


def _league_bases(pic: Mapping[str, Any], theater: str, city: str) -> int:
    league = "D" if city == "athens" else "P"
    return int(pic["forces"].get(theater, {}).get(league, {}).get("bases", 0))


def granaries(city: str) -> tuple[str, ...]:
    """A city's granary theaters (ruling R32: Sparta's is Sparta; Athens' are the
    Hellespont and Sicily)."""
    if city == "sparta":
        return ("sparta",)
    return tuple(t.key for t in load_components().data.theaters if t.granary and not t.capital)


def _will(pic: Mapping[str, Any], city: str) -> dict[str, str] | None:
    return (pic.get("will") or {}).get(city) or None


Predicate = Callable[[Mapping[str, Any], str, str], bool]

# condition name -> whether it holds for `city` in `theater`
PREDICATES: dict[str, Predicate] = {
    "enemy_units": lambda p, c, t: _units(p, t, _other(c)),
    "no_own_base": lambda p, c, t: _bases(p, t, c) == 0,
    "will_base": lambda p, c, t: (_will(p, c) or {}).get("task") == "base"
    and _bases(p, t, c) == 0,
    "will_control": lambda p, c, t: (_will(p, c) or {}).get("task") == "control"
    and _present(p, t, _other(c)),
    "contested": lambda p, c, t: _present(p, t, c) and _present(p, t, _other(c)),
    "contested_at_war": lambda p, c, t: bool(p["war"]) and _present(p, t, c)
    and _present(p, t, _other(c)),
    "contested_ally": lambda p, c, t: _league_bases(p, t, c) > 0 and _present(p, t, _other(c)),
    "neutral": lambda p, c, t: not _present(p, t, c) and not _present(p, t, _other(c)),
    "own_base": lambda p, c, t: _bases(p, t, c) > 0,
    "enemy_base": lambda p, c, t: _bases(p, t, _other(c)) > 0,
    "own_present": lambda p, c, t: _present(p, t, c),
    "at_war": lambda p, c, t: bool(p["war"]),
    "alcibiades_in_persia": lambda p, c, t: p["alcibiades"] == "persia",
}

# no_roll name -> whether the row now prevents losing the game (15.3 play note)
NO_ROLL: dict[str, Callable[[Mapping[str, Any], str], bool]] = {
    "always": lambda p, c: True,
    # rule 11.1 (R32): a second End phase without a granary base loses the war
    "no_granary_base": lambda p, c: not any(_bases(p, t, c) for t in granaries(c)),
}


# ------------------------------------------------------------------ the matrices
@cache
def matrix(city: str) -> tuple[Row, ...]:
    """A city's Strategy Matrix, rows in priority order."""
    raw = tomllib.loads((DATA / f"strategy_{city}.toml").read_text())
    rows = []
    for r in raw["row"]:
        notes = tuple(IssueNote(**n) for n in r["notes"])
        rows.append(Row(id=r["id"], city=city, title=r["title"], condition=r["condition"],
                        theaters=tuple(r["theaters"]), issues=tuple(r["issues"]), notes=notes,
                        no_roll=r.get("no_roll"), last=r.get("last", False),
                        ours=r.get("ours", False),
                        why=r.get("why", r.get("ours_detail", "")), source=r.get("source", "")))
    return tuple(rows)


def row(city: str, row_id: str) -> Row:
    return next(r for r in matrix(city) if r.id == row_id)


def candidates(r: Row, pic: Mapping[str, Any]) -> tuple[str, ...]:
    """The row's theaters where its condition holds, in priority order."""
    out = []
    for t in r.theaters:
        if t == WILL:
            w = _will(pic, r.city)
            if w is None:
                continue
            t = w["theater"]
        if PREDICATES[r.condition](pic, r.city, t):
            out.append(t)
    return tuple(out)


def strategy(faction: str, row_id: str, theater: str, pic: Mapping[str, Any]) -> Strategy:
    """The Strategy a recorded (row, theater) pick stands for, its PS theater first."""
    city = city_of(faction)
    r = row(city, row_id)
    rest = tuple(t for t in candidates(r, pic) if t != theater)
    return Strategy(row=r.id, faction=faction, city=city, title=r.title,
                    theaters=(theater, *rest), issues=r.issues, notes=r.notes, ours=r.ours)


def choose(pic: Mapping[str, Any], city: str, die: Callable[[], int],
           after: tuple[str, str] | None = None) -> tuple[str, str, list[int]]:
    """Walk the city's matrix from the top (rule 15.3): the first row whose condition
    holds is taken on 1-5 of a d6, a 6 goes on to the next row that applies; a row that
    now prevents losing is taken without a roll; the last row is taken whatever its
    condition. `after` is the (row, theater) the Controlling Faction of an all-automated
    side took: the Opposition goes on below it, or on the last row takes another theater
    (15.3). Returns (row id, PS theater, the dice rolled)."""
    rows = matrix(city)
    start = 0
    if after is not None:
        start = next(i for i, r in enumerate(rows) if r.id == after[0]) + 1
        start = min(start, len(rows) - 1)
    rolls: list[int] = []
    for r in rows[start:]:
        theaters = candidates(r, pic)
        if r.last:
            taken = after[1] if after is not None and after[0] == r.id else None
            fresh = [t for t in theaters if t != taken] or \
                [t for t in r.theaters if t not in (taken, WILL)] or list(r.theaters)
            return r.id, fresh[0], rolls
        if not theaters:
            continue
        if r.no_roll is not None and NO_ROLL[r.no_roll](pic, city):
            return r.id, theaters[0], rolls
        rolls.append(die())
        if rolls[-1] <= 5:
            return r.id, theaters[0], rolls
    raise AssertionError(f"the {city} matrix has no last row")
