"""Setting out a scenario (rules 2.2, 22.2): regions, pools, the map, leaders, treasuries."""

from __future__ import annotations

from engine.core.ruleset import Context

from . import ionian
from .board import start_long_walls
from .cards import deal
from .components import RegionStart, load_components
from .state import MAP, POOL, EState, Leader, RegionState, Unit

SICILY = "sicily"


def _region(rid: str, st: RegionStart) -> RegionState:
    """A region as the scenario sets it up: its controller and levels (4.1, 4.2, 5.2)."""
    if st.al is None or st.ml is None:
        raise ValueError(f"scenario region {rid} gives no AL or ML")  # every one does
    return {"side": st.side, "al": st.al, "ml": st.ml, "mult": st.multiplier}


def new_state(scenario_id: str, ctx: Context) -> EState:
    comps = load_components()
    sc = comps.scenarios[scenario_id]
    units: dict[str, Unit] = {}

    def add(side: str, home: str, utype: str, morale: int) -> str:
        uid = f"{home}-{utype}-{sum(1 for u in units.values() if u['home'] == home) + 1}"
        units[uid] = {"side": side, "home": home, "type": utype, "morale": morale,
                      "where": POOL, "hex": None, "forage": False, "raid": False,
                      "moved": False, "placed": False}
        return uid

    for region, pools in sc.pools.items():
        if region == SICILY and scenario_id in ionian.SICILIAN_FLEETS:
            for grp in pools.force:  # 27.2.1: Sparta's Sicilian fleets, coming one a season
                for _ in range(grp.count):
                    add("sparta", region, grp.type, grp.morale)
            continue
        if region not in sc.regions:
            continue  # Persia's and Sicily's units come with their cards (persia, sicily)
        side = sc.regions[region].side
        for grp in pools.force:
            for _ in range(grp.count):
                add(side, region, grp.type, grp.morale)
        if not sc.simplified_turn:  # 7.4: the Build Pool, for the full turn's Build stage
            for grp in pools.build:  # no elite unit in one (7.9.1, RULINGS.md 66: the data)
                for _ in range(grp.count):
                    units[add(side, region, grp.type, grp.morale)]["where"] = "build"
    for at in sc.units_on_map:  # rule 22.2.2: units that start on the map
        for _ in range(at.count):
            uid = add(at.side, at.region, at.type, at.morale)
            units[uid].update({"where": MAP, "hex": at.hex})

    leaders: dict[str, Leader] = {}
    for name, city in sc.leaders_on_map.items():
        spec = comps.leaders[name]
        leaders[name] = {"side": spec.side, "land": spec.land, "sea": spec.sea, "where": MAP,
                         "hex": comps.cities[city].hex, "region": None}
    for name, region in (sc.leaders_in_force_pool or {}).items():  # 28.2.3
        spec = comps.leaders[name]
        # 27.2.2: a leader serves the side whose Force Pool he starts in (Alcibiades, an
        # Athenian counter, begins the Ionian War in Sparta's)
        held = sc.regions[region].side if region in sc.regions else spec.side
        side = held if held in ("athens", "sparta") else spec.side  # allies: M1
        leaders[name] = {"side": side, "land": spec.land, "sea": spec.sea,
                         "where": "force", "hex": None, "region": region}
    pool: dict[str, list[str]] = {"athens": [], "sparta": []}
    if sc.leader_pool is None:  # 2.2: every other leader of the side, face down
        for name, spec in sorted(comps.leaders.items()):
            if name not in leaders and spec.side in pool:
                pool[spec.side].append(name)
    else:
        pool.update({side: list(names) for side, names in sc.leader_pool.items()})
    for names in pool.values():
        ctx.shuffle(names)  # rule 7.8.4: replacements are drawn at random, face down

    marks: dict[str, str] = {}
    forts: dict[str, str] = {}
    bases: dict[str, str] = {}
    revolts: list[str] = []
    razed: list[str] = []
    unwalled: list[str] = []
    long_walls = dict(start_long_walls())  # 10.9, by hex
    for m in sc.markers:
        spot = m.hex or (comps.cities[m.city].hex if m.city else None)
        if m.kind == "control" and m.city and m.side:
            marks[m.city] = m.side
        elif m.kind == "fort" and spot and m.side:
            forts[spot] = m.side
        elif m.kind == "base" and spot and m.side:
            bases[spot] = m.side
        elif m.kind == "revolt" and m.city:
            revolts.append(m.city)  # 6.5, 28.2.5
        elif m.kind == "destroyed" and m.city:
            razed.append(m.city)  # 27.2.5: razed before the scenario (11.1)
        elif m.kind == "walls-destroyed" and m.city:
            unwalled.append(m.city)  # 27.2.5: torn down before the scenario (11.3)
        elif m.kind == "long-walls-destroyed" and m.city:
            end = comps.cities[m.city].hex  # 27.2.5: Megara-Nisaea (10.9)
            long_walls.pop(long_walls.pop(end))
        else:
            raise ValueError(f"scenario {scenario_id}: marker {m} not understood")
    cards = None if sc.simplified_turn else deal(sc, ctx)  # 2.3, 12.0
    s: EState = {
        "cards": cards,
        "activated": [],  # neutral regions a card has brought in (23.2.3)
        "revolted": {},  # city -> the season index it revolted in (6.5.3)
        "scenario": scenario_id,
        "year": sc.first_year,
        "season": 0,
        "ct": 0,
        "order": ["athens", "sparta"],  # rule 22.4.1: Athens always moves first
        "regions": {r: _region(r, st) for r, st in sc.regions.items()},
        "treasury": dict(sc.treasury),
        # sorted: a saved game comes back with sorted keys, and iteration order decides which
        # unit rolls which die, so the order must be the same before and after saving
        "units": dict(sorted(units.items())),
        "leaders": dict(sorted(leaders.items())),
        "leader_pool": pool,
        "generic": {"athens": 0, "sparta": 0},
        "marks": marks,
        "razed": sorted(razed),
        "unwalled": sorted(unwalled),
        "long_walls": dict(sorted(long_walls.items())),  # hex -> hex, each end (7.6.5, 10.9)
        "forts": forts,
        "bases": bases,
        "sieges": {},
        "revolts": sorted(revolts),
        "helots": [],  # cities under a Helot Uprising marker (Appendix C, 29.4.4)
        "raided": {},
        "raided_now": [],
        "bases_placed": 0,
        "battle": None,
        "attacks": [],
        "short_noted": [],
        "ports_open": [],
        "result": None,
        "resigned": None,
        "flow": [],
    }
    if ctx.generation:  # a game of generation 0 keeps the shape it always had
        s["generation"] = ctx.generation
    return s
