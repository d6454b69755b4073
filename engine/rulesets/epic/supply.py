"""Supply lines and the supply bill (rules 9.2-9.4, 22.4.2).

Sources are friendly unbesieged large cities (9.2.2a; for Athens in the Argive League also
Corcyra, 22.4.2b). A land line runs through at most three friendly or contested Areas,
both ends counted (9.3.3), a contested one only along hexes free of the enemy from
generation 14 (9.3.1, `Lines`); bases in supply extend it (9.3.2); port bases and large port
sources link by sea through friendly or contested coastal seas, never an Open Sea (9.3.4)."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable

from engine.core.ruleset import asks

from . import alliances as A
from . import board as B
from . import persia as P
from . import special
from .fleets import enemy_seas
from .sicily import free as sicily_free
from .state import CONTESTED_LINES, MAP, PERSIAN_LINES, EState, on_board, other

LAND_REACH = 3  # 9.3.3
HOME_FACTOR = 0.5  # 9.2.1
EXTRA_SOURCES = {"athens": ("Corcyra",)}  # 22.4.2b, 28.4.3b (special.py)


def _sources(s: EState, side: str) -> list[str]:
    """Hexes that are supply sources for `side`."""
    c = B.comps()
    out = []
    for city in c.cities.values():
        extra = side == "athens" and city.name in special.SUPPLY_SOURCES.get(s["scenario"], ())
        big = city.size == "L" or extra
        if big and B.city_owner(s, city.name) == side and city.hex not in s["sieges"]:
            if city.name in EXTRA_SOURCES.get(side, ()) and not extra:
                continue  # out of play in this scenario
            out.append(city.hex)
    return out


def _port(s: EState, h: str) -> bool:
    city = B.city_at(s, h)
    return city is not None and city.port


def land_reach(s: EState, side: str, area: str, status: dict[str, str]) -> set[str]:
    """Areas within three of `area` through friendly or contested Areas (9.3.1, 9.3.3)."""
    links = B.comps().land_area_links
    return within(area, lambda a: [b for b in links.get(a, ())
                                   if b in status and status[b] != "enemy"])


def within(start: str, links: Callable[[str], Iterable[str]]) -> set[str]:
    """The nodes a line from `start` reaches in at most three, both ends counted (9.3.3)."""
    seen = {start}
    frontier = deque([(start, 1)])
    while frontier:
        x, k = frontier.popleft()
        if k >= LAND_REACH:
            continue
        for y in links(x):
            if y not in seen:
                seen.add(y)
                frontier.append((y, k + 1))
    return seen


def supplied_areas(s: EState, side: str) -> set[str]:
    """Land Areas from which a line reaches a source or an in-supply base; from generation
    14 the friendly ones whole and, of contested ones, the hexes whose piece does (9.3.1,
    `Lines`): `in_supply` reads either."""
    with B.steady(s):
        return _supplied_areas(s, side)


def withheld(s: EState, seat: str | None) -> set[str]:
    """24.5: the regions whose holders forbid `seat` their cities, bases and Areas for his
    supply (RULINGS M23); empty in two-player games and for Athens."""
    if not seat or not A.multi(s) or seat not in A.league_seats(s):
        return set()
    return A.withheld_regions(s, seat)


def _region_of(h: str) -> str | None:
    return B.region_of_hex(h) if h in B.comps().hexes else None


def _status_without(s: EState, area: str, side: str, regions: set[str],
                    seats: set[str]) -> str:
    """8.3 for the League seat forbidden `regions`: the units their holders command and the
    League cities of those regions do not make the Area friendly or contested for him
    (24.5, RULINGS M23)."""
    out: set[str] = set()
    for h in B.comps().area_hexes[area]:
        for uid in B.units_at(s, h, side) + B.units_at(s, h, other(side)):
            u = s["units"][uid]
            if u["type"] == "fleet" or \
                    B.holder(s, h) == u["side"] and (B.masked(s, h) or h in s["sieges"]):
                continue
            if u["side"] == A.LEAGUE and A.commander(s, u) in seats:
                continue
            out.add(u["side"])
    for city in B.area_cities(area):
        if city.name in s["razed"] or city.name in s.get("helots", ()):
            continue
        owner = B.city_owner(s, city.name)
        if owner == A.LEAGUE and B.comps().region_of_city(city.name) in regions:
            continue
        if owner and not B.masked(s, city.hex) and city.hex not in s["sieges"]:
            out.add(owner)
    if other(side) not in out:
        return "friendly"
    return "contested" if side in out else "enemy"


def _supplied_areas(s: EState, side: str) -> set[str]:
    c = B.comps()
    in_play = {B.area_of(h) for h in B.allowed(s, side)}
    gone = withheld(s, s.get("acting")) if side == A.LEAGUE else set()
    if gone:  # 24.5: an ally forbids this League player his cities, bases and Areas (M23)
        seats = set(A.forbidders(s, str(s.get("acting"))))
        status = {a: _status_without(s, a, side, gone, seats) for a in in_play}
    else:
        status = {a: B.area_status(s, a, side) for a in in_play}
    bases = [h for h, owner in s["bases"].items() if owner == side
             and _region_of(h) not in gone]
    sources = [h for h in _sources(s, side) if _region_of(h) not in gone]
    live_hexes = set(sources)
    lines = Lines(s, side, status) if asks(s, CONTESTED_LINES) else None
    sea_blocked = enemy_seas(s, side) | {a.id for a in c.areas.values() if a.kind == "open"}
    changed = True
    while changed:  # 9.3.2: bases chain, each tracing to a source or a supplied base
        changed = False
        live_areas = {B.area_of(h) for h in live_hexes} if lines is None else \
            {lines.node(h) for h in live_hexes} - {None}
        sea_live = _sea_reach(s, [h for h in live_hexes if _port(s, h) or h in s["bases"]],
                              sea_blocked)
        for h in bases:
            if h in live_hexes or h in s["sieges"]:
                continue
            if lines is None:
                by_land = land_reach(s, side, B.area_of(h), status) & live_areas
            else:
                start = lines.node(h)
                by_land = lines.reach(start) & live_areas if start is not None else set()
            by_sea = bool(set(_coast_seas(s, h)) & sea_live)
            if by_land or by_sea:
                live_hexes.add(h)
                changed = True
    out: set[str] = set()
    if lines is not None:  # friendly Areas whole, and the hexes of contested ones reached
        live = {lines.node(h) for h in live_hexes} - {None}
        for n in lines.nodes():
            if lines.reach(n) & live:
                out |= lines.members(n)
        return out
    live_areas = {B.area_of(h) for h in live_hexes}
    for a in in_play:
        if land_reach(s, side, a, status) & live_areas:
            out.add(a)
    return out


PASSABLE = ("clear", "rough")  # 16.6: mountains and lakes are no way through


class Lines:
    """9.3.1 from generation 14: a land supply line crosses friendly Areas anyhow, but a
    contested Area only through its hexes that hold no enemy unit or city (RULINGS.md 91).
    Its nodes are the friendly Areas and, for each contested Area, each piece of its
    passable hexes left joined once the enemy's hexes are taken out ("area#n"); a line
    runs through at most three nodes (9.3.3), so a piece counts as its Area."""

    def __init__(self, s: EState, side: str, status: dict[str, str]):
        c = B.comps()
        self.status = status
        # a line ends at a base of `side` even where the map puts an enemy city in its hex
        # (the Campaign's Athenian base at Naupactus, a city of Sparta's Phocis/Locris)
        enemy = _enemy_hexes(s, side) - {h for h, owner in s["bases"].items() if owner == side}
        self.piece: dict[str, str] = {}  # hex of a contested Area -> its node
        self.hexes: dict[str, list[str]] = {}  # a contested Area's node -> its hexes
        for a, st in sorted(status.items()):
            if st != "contested":
                continue
            free = {h for h in c.area_hexes[a] if h not in enemy
                    and c.hexes[h].terrain in PASSABLE}
            for h in sorted(free):
                if h in self.piece:
                    continue
                n = f"{a}#{len(self.hexes)}"
                self.hexes[n] = []
                todo = [h]
                self.piece[h] = n
                while todo:
                    x = todo.pop()
                    self.hexes[n].append(x)
                    for y in c.land_neighbors(x):
                        if y in free and y not in self.piece:
                            self.piece[y] = n
                            todo.append(y)
        self._links: dict[str, set[str]] = {}

    def node(self, h: str) -> str | None:
        """The node a line from hex `h` starts in (None: an enemy hex, or no way there)."""
        a = B.area_of(h)
        st = self.status.get(a)
        if st == "friendly":
            return a
        return self.piece.get(h) if st == "contested" else None

    def nodes(self) -> list[str]:
        return sorted(a for a, st in self.status.items() if st == "friendly") + \
            sorted(self.hexes)

    def members(self, n: str) -> set[str]:
        """What `supplied_areas` names for a node: a friendly Area, or a piece's hexes."""
        return set(self.hexes[n]) if n in self.hexes else {n}

    def links(self, n: str) -> set[str]:
        if n not in self._links:
            c = B.comps()
            area = n.split("#")[0]
            out: set[str] = set()
            if n in self.hexes:  # a piece: the nodes across its hexes' sides
                for h in self.hexes[n]:
                    for y in c.land_neighbors(h):
                        if B.area_of(y) != area and (m := self.node(y)) is not None:
                            out.add(m)
            else:  # a friendly Area: its neighbours as Area movement links them
                for b in c.land_area_links.get(area, ()):
                    st = self.status.get(b)
                    if st == "friendly":
                        out.add(b)
                    elif st == "contested":
                        out |= {m for h in c.area_hexes[area] for y in c.land_neighbors(h)
                                if B.area_of(y) == b and (m := self.piece.get(y)) is not None}
            self._links[n] = out
        return self._links[n]

    def reach(self, n: str) -> set[str]:
        """Nodes within three of `n`, both ends counted (9.3.3)."""
        return within(n, self.links)


def _enemy_hexes(s: EState, side: str) -> set[str]:
    """Hexes holding a land unit or a city of the enemy's that count in 8.3 (not units
    shut in a masked or besieged place of theirs, not a masked, besieged or razed city)."""
    foe = other(side)
    out: set[str] = set()
    for u in s["units"].values():
        if u["where"] != MAP or u["side"] != foe or u["type"] == "fleet":
            continue
        h = on_board(u)
        if h in B.comps().hexes and not (
                B.holder(s, h) == foe and (B.masked(s, h) or h in s["sieges"])):
            out.add(h)
    for city in B.comps().cities.values():
        if city.name in s["razed"] or city.name in s.get("helots", ()):
            continue
        if B.city_owner(s, city.name) == foe and not B.masked(s, city.hex) and \
                city.hex not in s["sieges"]:
            out.add(city.hex)
    return out


def _coast_seas(s: EState, h: str) -> list[str]:
    city = B.city_at(s, h)
    if city is not None and city.port_sea:
        return [city.port_sea]
    return list(B.comps().hexes[h].seas)


def _sea_reach(s: EState, ports: list[str], blocked: set[str]) -> set[str]:
    """Sea Areas joined to any of `ports` through unblocked seas (9.3.4)."""
    c = B.comps()
    start = {sea for h in ports for sea in _coast_seas(s, h) if sea not in blocked}
    seen = set(start)
    frontier = deque(start)
    while frontier:
        a = frontier.popleft()
        for b in c.sea_links.get(a, ()):
            if b not in seen and b not in blocked:
                seen.add(b)
                frontier.append(b)
    return seen


def in_supply(s: EState, uid: str, areas: set[str]) -> bool:
    """9.2: inside a friendly city always; else a line from its Area."""
    u = s["units"][uid]
    h = on_board(u)
    city = B.city_at(s, h)
    if city is not None and B.city_owner(s, city.name) == u["side"] and not (
            u["side"] == A.LEAGUE and B.comps().region_of_city(city.name)
            in withheld(s, A.commander(s, u))):  # 24.5: a city its holder forbids (M23)
        return True
    if h not in B.comps().hexes:
        return False
    satrap = P.supply_satrap(s, uid)  # Appendix C: Dascylium or Sardis as a source
    if B.area_of(h) in areas or h in areas:
        return True
    reach = persian_reach(s, satrap) if satrap is not None else set()
    return B.area_of(h) in reach or h in reach


def persian_reach(s: EState, satrap: str) -> set[str]:
    """What a line to the satrap's city reaches (Appendix C): three Areas, both ends
    counted, through Areas in play that are not enemy to Sparta and through his own satrapy
    (9.3.3). From generation 16 a contested Area is crossed only through its free hexes, as
    for every other source (9.3.1, `Lines`): the result then holds friendly Areas whole and
    the hexes of the contested pieces reached, which `in_supply` reads either way."""
    idx = B._index(s)
    key = f"persian_reach:{satrap}"
    if idx is not None and key in idx:
        return set(idx[key])
    areas = {B.area_of(h) for h in B.allowed(s, "sparta")} | P.satrapy_areas(satrap)
    status = {a: B.area_status(s, a, "sparta") for a in areas}
    source = B.comps().cities[P.CITY[satrap]]
    if asks(s, PERSIAN_LINES):
        lines = Lines(s, "sparta", status)
        start = lines.node(source.hex)
        out = {m for n in (lines.reach(start) if start is not None else ())
               for m in lines.members(n)}
    else:
        out = land_reach(s, "sparta", source.area, status)
    if idx is not None:
        idx[key] = frozenset(out)
    return out


def cost(s: EState, uid: str) -> float:
    """9.4.3, halved in a city of the unit's home region (9.2.1)."""
    u = s["units"][uid]
    if P.free(s, uid) or sicily_free(s, uid):
        return 0.0  # Persian gold; Sparta's Sicilian fleets (the Resolution card, 27.2.1)
    base = (2.0 if u["morale"] >= 5 else 1.0) if u["type"] == "fleet" else 1.0
    city = B.city_at(s, u["hex"])
    if (city is not None and B.city_owner(s, city.name) == u["side"]
            and B.comps().region_of_city(city.name) == u["home"]):
        return base * HOME_FACTOR
    return base


def bill(s: EState, uids: list[str]) -> int:
    """Add up, then round up (9.4.3 note)."""
    return math.ceil(sum(cost(s, u) for u in uids))
