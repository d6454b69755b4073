"""Hellenes map: the graph, and every geometric fact the rulebook states."""

from __future__ import annotations

import heapq
import json
from collections import deque

import pytest

from engine.rulesets.hellenes.components import DATA, decode_runs, load_components

FLEET_RANGE = 5  # the longest sea range on the roster (E fleets)
HOMING_RANGE = FLEET_RANGE + 1  # rule 9.212: full range plus an automatic Forced Sail


@pytest.fixture(scope="module")
def c():
    return load_components()


def reachable(start, step):
    seen, todo = {start}, deque([start])
    while todo:
        for n in step(todo.popleft()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def sea_route(c, start_sea, target_land, max_moves):
    """Fewest DeepSea crossings from a sea to a landing in `target_land`, within max_moves
    areas entered (the landing counts as one); returns (deep crossings, path)."""
    best = {}
    heap = [(0, 0, start_sea, (start_sea,))]
    while heap:
        deep, moves, area, path = heapq.heappop(heap)
        if area == target_land:
            return deep, path
        if best.get((area, moves), 99) <= deep or moves == max_moves:
            continue
        best[(area, moves)] = deep
        for n in c.adjacent(area):
            if c.areas[n].kind == "sea":
                heapq.heappush(heap, (deep + c.is_deep(area, n), moves + 1, n, path + (n,)))
            elif n == target_land:
                heapq.heappush(heap, (deep, moves + 1, n, path + (n,)))
    return None


# ---------------------------------------------------------------- the graph
def test_counts(c):
    kinds = [a.kind for a in c.areas.values()]
    assert (kinds.count("land"), kinds.count("sea")) == (71, 35)
    assert len(c.data.deep_borders) == 27 and len(c.data.narrows) == 5


def test_adjacency_is_symmetric_and_never_self(c):
    for a in c.areas:
        assert a not in c.adjacent(a)
        for n in c.adjacent(a):
            assert a in c.adjacent(n), (a, n)


def test_the_whole_map_is_connected(c):
    assert reachable("ATH", c.adjacent) == set(c.areas)


def test_every_sea_reaches_every_other_by_sea(c):
    seas = {a for a, x in c.areas.items() if x.kind == "sea"}
    assert reachable("S_SAR", lambda a: c.sea_neighbours(a)) == seas


def test_every_land_area_is_reached_by_land_or_touches_a_sea(c):
    for a, x in c.areas.items():
        if x.kind == "land":
            assert c.land_neighbours(a) or c.sea_neighbours(a), a


def test_rule_1_1_islands_touch_the_sea(c):
    islands = [a for a, x in c.areas.items() if x.kind == "land" and not c.land_neighbours(a)]
    assert {"CRC", "CEP", "ZAC", "LES", "CHI", "SAM", "RHO", "NAX", "AND", "MEL", "LEM", "THA",
            "CYT", "LIP"} <= set(islands)
    assert all(c.coastal(a) for a in islands)


def test_deep_and_narrows_are_sea_borders(c):
    for a, b in c.data.deep_borders + c.data.narrows:
        assert c.areas[a].kind == c.areas[b].kind == "sea" and b in c.adjacent(a)
        assert c.is_deep(a, b) == c.is_deep(b, a)
    assert not set(map(frozenset, c.data.deep_borders)) & set(map(frozenset, c.data.narrows))
    # the open Ionian, Aegean and Cretan seas are ringed by DeepSea borders
    for sea in ("S_ION", "S_AEG", "S_CRE"):
        assert all(c.is_deep(sea, n) for n in c.sea_neighbours(sea))


# ---------------------------------------------------------------- regions (rule 1.0)
def test_rule_1_0_regions(c):
    region = {a: x.region for a, x in c.areas.items()}
    assert {a for a, r in region.items() if r == "persia"} == {"LYD", "PHR"}
    assert {c.areas[a].name for a in ("LYD", "PHR")} == {"Lydia", "Phrygia"}
    italy = {a for a, r in region.items() if r == "italy"}
    assert {a for a in italy if c.areas[a].kind == "land"} == {"TAR", "CRO"}
    seas_by_italy = {n for a in ("TAR", "CRO") for n in c.sea_neighbours(a)}
    assert italy - {"TAR", "CRO"} == seas_by_italy  # Taras, Croton and their adjacent seas
    sicily = {c.areas[a].name for a, r in region.items() if r == "sicily"}
    assert {"Syracuse", "Messana", "Rhegium", "Acragas", "Gela", "Lipara", "Gulf of Rhegium",
            "Tyrrhenian Sea"} <= sicily
    # everything else is Greece, Ionia's subject cities included
    assert all(region[c.cities[n].area] == "greece" for n in ("Miletus", "Ephesus", "Byzantium"))


def test_sicily_inset_meets_the_main_map_only_by_sea(c):
    for a, x in c.areas.items():
        if x.region == "sicily" and x.kind == "land":
            assert all(c.areas[n].region == "sicily" for n in c.land_neighbours(a)), a


# ---------------------------------------------------------------- ports (rule 1.3)
def test_the_four_named_offshore_seas(c):
    """Athens: Saronic Gulf (8.22, 9.31); Corinth: Gulf of Corinth (1.3, diolkos);
    Leucas: Gulf of Ambracia and Lipara: Tyrrhenian Sea (1.3 clarifications)."""
    named = {"Athens": "Saronic Gulf", "Corinth": "Gulf of Corinth", "Leucas": "Gulf of Ambracia",
             "Lipara": "Tyrrhenian Sea"}
    for city, sea in named.items():
        assert c.cities[city].port
        assert c.areas[c.offshore(city)].name == sea
    assert c.areas[c.cities["Leucas"].area].nation == "Ambracia"
    assert c.areas[c.cities["Lipara"].area].region == "sicily"


def test_every_port_touches_its_offshore_sea(c):
    for city in c.cities.values():
        if city.port:
            assert c.areas[city.offshore].kind == "sea"
            assert city.offshore in c.sea_neighbours(city.area), city.name
        else:
            assert city.offshore is None


def _coast_groups(c, area):
    """The area's adjacent seas, grouped into coasts: two seas face one coast when nothing
    but at most one other sea lies between them (adjacent, or both bordering one sea)."""
    mine = set(c.sea_neighbours(area))

    def near(s):
        return {t for t in mine if t in c.sea_neighbours(s)
                or c.sea_neighbours(s) & c.sea_neighbours(t)}

    groups = []
    while mine:
        group = reachable(next(iter(mine)), near)
        mine -= group
        groups.append(group)
    return groups


def test_diolkos_corinth_is_the_only_province_with_two_coasts(c):
    """Sidebar 'The Diolkos': Corinth alone has two separate seacoasts, the Gulf of Corinth
    and the Saronic Gulf; its fleets use either."""
    split = {a for a, x in c.areas.items() if x.kind == "land" and len(_coast_groups(c, a)) > 1}
    assert split == {"CRN"}
    assert {c.areas[s].name for s in c.sea_neighbours("CRN")} == {"Gulf of Corinth", "Saronic Gulf"}


def test_rule_8_22_grain_seas(c):
    assert {c.areas[s].name for s in c.data.grain_seas} == {"Hellespont", "Sea of Marmara", "Saronic Gulf"}


# ---------------------------------------------------------------- the examples
def test_quartering_example_hellespont_to_athens_is_two_deepsea_crossings(c):
    """9.211 example: homing from the Hellespont to Athens means two DeepSea crossings;
    Abydos, a friendly subject city, is one area away."""
    deep, path = sea_route(c, "S_HEL", "ATH", HOMING_RANGE)
    assert deep == 2, path
    assert "S_HEL" in c.adjacent("ABY") and c.cities["Abydos"].subject_region == "Propontis"


def test_homing_example_samos_to_athens_through_the_paros_sea(c):
    """9.212 example: fleets homing from Samos to Athens go through the Paros Sea, and may
    land from the Andros Sea or come through Athens' Offshore Sea, the Saronic Gulf."""
    deep, path = sea_route(c, c.offshore("Samos"), "ATH", HOMING_RANGE - 1)  # leaving Samos is one move
    assert "S_PAR" in path and deep == 1, path
    assert {"S_AND", "S_SAR"} <= c.sea_neighbours("ATH")
    assert "S_SAR" in c.sea_neighbours("S_AND") and "S_AND" in c.sea_neighbours("S_PAR")


def test_displacement_example_stratus_leucas_naupactus(c):
    """9.213 example: besiegers of Leucas quarter in Stratus (value 1, capacity 2), whose
    displaced unit quarters in Naupactus; a fleet can winter in Stratus (coastal, not a port)."""
    stratus = c.cities["Stratus"]
    assert (stratus.value, stratus.capacity(), stratus.loyalty, stratus.port) == (1, 2, "athens", False)
    assert "LEU" in c.land_neighbours("STR") and "NAU" in c.land_neighbours("STR")
    assert c.coastal("STR") and c.cities["Naupactus"].loyalty == "athens"


def test_actions_example_thebes_fleet_and_spartan_moves(c):
    """4.2 example: a Theban fleet is recruited in (non-port) Thebes, so Thebes' province is
    coastal; Sparta's group sends units to sea, to Messenia and to Corinth."""
    assert c.coastal("THE") and not c.cities["Thebes"].port
    assert c.coastal("SPA") and "MES" in c.land_neighbours("SPA")
    # Corinth within two land moves of Sparta without entering 431's neutral Argos or Achaea
    assert any("CRN" in c.land_neighbours(x) for x in c.land_neighbours("SPA") - {"ARG", "ACH"})


def test_rule_8_22_athens_on_the_saronic_and_andros_seas(c):
    assert c.sea_neighbours("ATH") >= {"S_SAR", "S_AND"}


def test_helot_targets_and_captured_cities_exist(c):
    for name in ("Sparta", "Messenia", "Pylos", "Leucas", "Platea", "Amphipolis", "Potidea"):
        assert name in c.cities


# ---------------------------------------------------------------- places on real coordinates
def test_every_city_and_town_sits_in_its_own_area(c):
    """Cities and towns keep their Pleiades/ToposText points, and the point falls in (or,
    for a harbour on the shoreline, next to) the cells of the area that holds it."""
    grid = json.loads((DATA / "map_raster.json").read_text(encoding="utf-8"))
    ids, step = grid["ids"], grid["step"]
    rows = {}

    def area_near(lat, lon, radius=3):
        r0 = round((grid["lat_max"] - lat) / step)
        c0 = round((lon - grid["lon_min"]) / step)
        found = set()
        for r in range(r0 - radius, r0 + radius + 1):
            if r not in rows:
                rows[r] = decode_runs(grid["area_rows"][r])
            found.update(ids[v] for v in rows[r][c0 - radius:c0 + radius + 1])
        return found

    for place in (*c.cities.values(), *c.towns.values()):
        assert place.area in area_near(place.lat, place.lon), place.name
        assert place.pleiades_id.isdigit()
