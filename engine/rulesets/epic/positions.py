"""Positions: start an Epic game anywhere in the rules (POSITIONS.md), for tests, rule
checks and bug reports.

A position is a scenario's set-up with some facts replaced, then the flow begun at a named
procedure. Places are written as people read them: a city's name, a hex id or a sea Area.
Every key but `scenario` is optional; a position that breaks the game's invariants is
refused with the reason."""

from __future__ import annotations

from typing import Any, cast

from engine import IllegalAction
from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.core.seating import SeatedMachine

from . import alliances as A
from . import board as B
from .invariants import check
from .setup import new_state
from .state import MAP, POOL, EState

KEYS = {"scenario", "description", "rule", "year", "season", "ct", "order", "clear",
        "regions", "treasury", "units", "leaders", "hands", "state", "dice", "start", "args",
        "under", "holders"}
UNIT_FLAGS = ("forage", "raid", "moved", "placed", "sailed")
WHERE = ("pool", "build", "dead", "sicily", "force")
# state keys a position may set that a fresh set-up may lack
OPTIONAL = {"revolts", "revolted", "white", "kept", "helots", "works", "built_walls", "peace",
            "cut", "activated", "league", "gained"}


def _fail(why: str) -> IllegalAction:
    return IllegalAction(f"Invalid position: {why}")


def place(at: str) -> str:
    """A hex id or sea Area for a city's name, a hex id or an Area id."""
    c = B.comps()
    if at in c.cities:
        return c.cities[at].hex
    if at in c.hexes or (at in c.areas and c.areas[at].kind != "land"):
        return at
    raise _fail(f"no city, hex or sea Area {at!r}")


class LoadedDice(Rng):
    """The position's fixed dice first (kept in the state, so a replay draws them again),
    then the game's seeded ones; shuffles stay seeded."""

    __slots__ = ("queue", "inner")

    def __init__(self, queue: list[int], inner: Rng):
        super().__init__("loaded")
        self.queue = queue
        self.inner = inner

    def randbelow(self, n: int) -> int:
        return self.inner.randbelow(n)

    def die(self, sides: int = 6) -> int:
        return self.queue.pop(0) if self.queue else self.inner.die(sides)

    def dice(self, n: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(n)]


def loaded(s: EState, ctx: Context) -> Context:
    """`ctx` drawing the position's fixed dice while any are left."""
    if not s.get("dice"):
        return ctx
    out = Context(LoadedDice(s["dice"], ctx.rng), ctx.prompt)
    out.events = ctx.events
    return out


def setup_position(ctx: Context, position: dict[str, Any], options: dict[str, Any],
                   machine: SeatedMachine[EState]) -> EState:
    unknown = set(position) - KEYS
    if unknown:
        raise _fail(f"unknown keys {sorted(unknown)}")
    scenario = str(position.get("scenario", "argive-league"))
    if scenario not in B.comps().scenarios:
        raise _fail(f"no scenario {scenario!r}")
    s = new_state(scenario, ctx)
    s["flow"].clear()
    if options.get("wings"):
        s["wings"] = True
    if scenario in A.SCENARIOS:
        A.setup(s)
    for key in ("year", "season", "ct"):
        if key in position:
            s[key] = int(position[key])
    if "order" in position:
        s["order"] = list(position["order"])
    if position.get("clear"):
        _clear(s)
    _regions(s, position.get("regions", {}))
    _holders(s, position.get("holders", {}))
    for side, n in position.get("treasury", {}).items():
        if side not in s["treasury"]:
            raise _fail(f"no treasury {side!r}")
        s["treasury"][side] = int(n)
    for spec in position.get("units", []):
        _units(s, spec)
    for name, at in position.get("leaders", {}).items():
        _leader(s, name, at)
    if "hands" in position:
        _hands(s, position["hands"])
    for key, value in position.get("state", {}).items():
        if key not in s and key not in OPTIONAL:
            raise _fail(f"no state key {key!r}")
        cast(dict[str, Any], s)[key] = value  # checked against the keys just above
    dice = [int(d) for d in position.get("dice", [])]
    if any(not 1 <= d <= 6 for d in dice):
        raise _fail("fixed dice must be 1 to 6")
    if dice:
        s["dice"] = dice
    bad = check(s)
    if bad:
        raise _fail("; ".join(bad))
    for frame in position.get("under", []):  # procedures to resume once `start` ends
        s["flow"].append({"name": str(frame["name"]), "args": dict(frame.get("args", {}))})
    start = position.get("start", "year")
    if start is not None:  # None: the board only, no procedure running (rule checks)
        machine.start(s, loaded(s, ctx), str(start), **position.get("args", {}))
    return s


def _clear(s: EState) -> None:
    """Every unit back in its Force Pool, every leader on the map back in his home pool."""
    for u in s["units"].values():
        if u["where"] == MAP:
            u.update({"where": POOL, "hex": None, "forage": False, "raid": False, "moved": False})
    for x in s["leaders"].values():
        if x["where"] == MAP:
            x.update({"where": "force", "hex": None,
                      "region": "attica" if x["side"] == "athens" else "laconia"})


def _regions(s: EState, regions: dict[str, dict[str, Any]]) -> None:
    for region, values in regions.items():
        r = s["regions"].get(region)
        if r is None:
            raise _fail(f"no region {region!r} in play")
        for k, v in values.items():
            if k == "side":
                r["side"] = v
            elif k in ("al", "ml"):
                r["al" if k == "al" else "ml"] = v
            elif k == "mult":
                r["mult"] = v
            else:
                raise _fail(f"no region level {k!r}")


def _holders(s: EState, holders: dict[str, str]) -> None:
    """Which League player holds each named League region (24.3), in the three- and
    four-player games; a region the position gives the League needs one."""
    if holders and not A.multi(s):
        raise _fail("League holders only with allies (three or four players)")
    for region, seat in holders.items():
        if region not in s["regions"]:
            raise _fail(f"no region {region!r} in play")
        if seat not in A.league_seats(s):
            raise _fail(f"no League player {seat!r}")
        s["league"]["holder"][region] = seat


def _units(s: EState, spec: dict[str, Any]) -> None:
    """`n` units of a kind (home, type, morale) taken from its pools (a new one when none is
    left, so worked examples can name any force) and put at `at` or in a box `where`."""
    home, utype = str(spec["home"]), str(spec["type"])
    if utype not in ("hoplite", "light", "cavalry", "fleet"):
        raise _fail(f"no unit type {utype!r}")
    morale = spec.get("morale")
    where = str(spec.get("where", MAP))
    if where != MAP and where not in WHERE:
        raise _fail(f"no place {where!r} for units")
    hexid = place(str(spec["at"])) if where == MAP else None
    side = spec.get("side") or next((u["side"] for u in s["units"].values()
                                      if u["home"] == home), None)
    if side not in ("athens", "sparta"):
        raise _fail(f"say which side the {home} units serve")
    for _ in range(int(spec.get("n", 1))):
        uid = next((k for k, u in sorted(s["units"].items())
                    if u["home"] == home and u["type"] == utype and u["side"] == side
                    and u["where"] in (POOL, "build")
                    and (morale is None or u["morale"] == morale)), None)
        if uid is None:
            if morale is None:
                raise _fail(f"no {home} {utype} left: give its morale for a new one")
            uid = f"{home}-{utype}-p{len(s['units']) + 1}"
            s["units"][uid] = {"side": side, "home": home, "type": utype, "morale": int(morale),
                               "where": POOL, "hex": None, "forage": False, "raid": False,
                               "moved": False, "placed": False}
        u = s["units"][uid]
        u.update({"where": where, "hex": hexid})
        if "forage" in spec:  # the turn's flags (UNIT_FLAGS), where the position sets them
            u["forage"] = bool(spec["forage"])
        if "raid" in spec:
            u["raid"] = bool(spec["raid"])
        if "moved" in spec:
            u["moved"] = bool(spec["moved"])
        if "placed" in spec:
            u["placed"] = bool(spec["placed"])
        if "sailed" in spec:
            u["sailed"] = bool(spec["sailed"])


def _leader(s: EState, name: str, at: str | None) -> None:
    x = s["leaders"].get(name)
    pooled = [pool for pool in s["leader_pool"].values() if name in pool]
    if x is None and not pooled:
        raise _fail(f"no leader {name!r} in this scenario")
    for pool in pooled:  # drawn from the face-down pool (7.8.4)
        pool.remove(name)
    if x is None:
        spec = B.comps().leaders[name]
        x = s["leaders"][name] = {"side": spec.side, "land": spec.land, "sea": spec.sea,
                                  "where": "force", "hex": None, "region": None}
    if at is None or at in ("attica", "laconia") or at in s["regions"]:
        region = at or ("attica" if x["side"] == "athens" else "laconia")
        x.update({"where": "force", "hex": None, "region": region})
    else:
        x.update({"where": MAP, "hex": place(at), "region": None})


def _hands(s: EState, hands: dict[str, list[str]]) -> None:
    c = s.get("cards")
    if not c:
        raise _fail("this scenario deals no cards")
    for side in hands:
        if side not in c["hands"]:
            raise _fail(f"no hand {side!r}")
        c["deck"] += c["hands"][side]
        c["hands"][side] = []
    for side, cids in hands.items():
        for cid in cids:
            pile = next((p for p in (c["deck"], c["discard"], c.get("aside", []),
                                     *c["hands"].values()) if cid in p), None)
            if pile is None:
                raise _fail(f"no card {cid!r} to deal")
            pile.remove(cid)
            c["hands"][side].append(cid)
