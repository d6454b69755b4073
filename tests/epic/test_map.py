"""Epic map geometry: the rulebook's hex ids and placements, and the graphs the rules need."""

from __future__ import annotations

from collections import deque

import pytest

from engine.rulesets.epic.components import load_components


@pytest.fixture(scope="module")
def c():
    return load_components()


def step(c, hex_id, direction):
    """The neighbour in a compass direction: n, ne, se, s, sw, nw (flat-top, odd columns lower)."""
    h = c.hexes[hex_id]
    odd = h.col % 2
    delta = {"n": (0, -1), "s": (0, 1), "ne": (1, 0 if odd else -1), "se": (1, 1 if odd else 0),
             "sw": (-1, 1 if odd else 0), "nw": (-1, 0 if odd else -1)}[direction]
    col, row = h.col + delta[0], h.row + delta[1]
    return next(x.id for x in c.hexes.values() if (x.col, x.row) == (col, row))


# ---------------------------------------------------------------- the rulebook's hex ids (27.2.5)
IONIAN_HEXES = {  # place: (hex, region)
    "Melos": ("W4340", "aegean-islands"), "Scione": ("W3614", "chalcidice"), "Plataea": ("W3429", "boeotia"),
    "Nisaea": ("W3531", "megarid"), "Cythera": ("W3244", "laconia"), "Potidaea": ("W3414", "chalcidice"),
    "Torone": ("W3816", "chalcidice"), "Amphipolis": ("W3809", "thrace"), "Megara": ("W3431", "megarid"),
    "Thespiae": ("W3328", "boeotia"), "Mytilene": ("E1822", "lesbos"), "Piraeus": ("W3731", "attica"),
    "Naupactus": ("W2428", "phocis-locris"), "Gytheum": ("W2940", "laconia"), "Cyllene": ("W2130", "elis"),
}


@pytest.mark.parametrize("place, hex_id, region", [(p, h, r) for p, (h, r) in IONIAN_HEXES.items()])
def test_ionian_hex_ids_hold_their_cities(c, place, hex_id, region):
    assert hex_id in c.hexes and c.hexes[hex_id].kind == "land"
    assert c.cities[place].hex == hex_id and c.city_at[hex_id] == place
    assert c.region_of_hex(hex_id) == region


def test_pylos_is_the_rough_coastal_hex_two_north_of_methone(c):
    """22.2.2 and 27.2.5: Pylos W2337, a rough coastal hex in Laconia, two hexes north of Methone."""
    pylos = c.hexes["W2337"]
    assert pylos.terrain == "rough" and pylos.seas and c.region_of_hex("W2337") == "laconia"
    assert step(c, step(c, c.cities["Methone"].hex, "n"), "n") == "W2337"
    assert next(lab.hex for lab in c.labels if lab.name == "Pylos") == "W2337"


def test_decelea_is_one_hex_north_west_of_acharnae_in_attica(c):
    """27.2.5: the Spartan fort at Decelea W3729, one hex NW of Acharnae, in Attica."""
    labels = {lab.name: lab.hex for lab in c.labels}
    assert labels["Decelea"] == "W3729" and c.region_of_hex("W3729") == "attica"
    assert step(c, labels["Acharnae"], "nw") == "W3729"
    assert c.hexes["W3729"].terrain in ("clear", "rough")


def test_potidaea_misprint_reading(c):
    """Potidaea is printed W4311 (27.2.5 markers) and W3414 (bases): W3414 holds it; W4311 is not Chalcidice."""
    assert c.cities["Potidaea"].hex == "W3414"
    assert "W4311" not in c.hexes or c.region_of_hex("W4311") != "chalcidice"


def test_long_walls_join_adjacent_fortresses(c):
    """10.9: Athens-Piraeus and Megara-Nisaea (W3431-W3531); 7.6.5 adjacent walled hexes, joined by land."""
    for a, b in (("Athens", "Piraeus"), ("Megara", "Nisaea")):
        ha, hb = c.cities[a].hex, c.cities[b].hex
        assert hb in c.neighbors(ha) and hb in c.land_neighbors(ha)
        assert c.cities[a].walled and c.cities[b].walled
    assert {c.cities["Megara"].hex, c.cities["Nisaea"].hex} == {"W3431", "W3531"}


def test_the_rough_attic_hex_south_of_thebes(c):
    """15.5 example: Spartans in the rough hex south of Thebes raid Attica, supplied from Thebes next door."""
    south = step(c, c.cities["Thebes"].hex, "s")
    assert c.hexes[south].terrain == "rough" and c.region_of_hex(south) == "attica"
    assert south in c.land_neighbors(c.cities["Thebes"].hex)


def test_the_rough_hex_south_west_of_lamia(c):
    """17.10 example 2: a rough hex south-west of Lamia, in Thessaly, with hexes to its north."""
    sw = step(c, c.cities["Lamia"].hex, "sw")
    assert c.hexes[sw].terrain == "rough" and c.region_of_hex(sw) == "thessaly"


def test_sicily_is_reached_from_corcyran_waters_or_the_north_ionian(c):
    """19.1: the Sicily box touches the Corcyran coastal waters and the North Ionian Sea."""
    assert c.areas["corcyran-waters"].kind == "sea" and c.areas["north-ionian"].kind == "open"
    assert "north-ionian" in c.sea_links["corcyran-waters"]
    assert "corcyran-waters" in c.cities["Corcyra"].port_sea


def test_gulf_of_corinth_is_one_sea_area(c):
    """9.3.4 example: Naupactus and Pagae share the Gulf of Corinth; Corcyra and Piraeus are other seas."""
    gulf = "gulf-of-corinth"
    assert gulf in c.hexes[c.cities["Naupactus"].hex].seas and gulf in c.hexes[c.cities["Pagae"].hex].seas
    assert c.cities["Lechaeum"].port_sea == gulf and c.cities["Cenchreae"].port_sea != gulf  # 16.8.1


def test_six_open_seas(c):
    """1.2: six Open Seas; 8.5 no combat or supply there."""
    assert sorted(a.name for a in c.areas.values() if a.kind == "open") == [
        "Carpathian Sea", "North Aegean Sea", "North Ionian Sea", "Sea of Crete", "South Aegean Sea",
        "South Ionian Sea"]


def test_persia_has_three_coastal_areas(c):
    """1.2: Persia reaches the sea in three Areas (by Chalcedon, between Lesbos' mainland Areas, Smyrna's)."""
    coastal = set()
    for h in c.hexes.values():
        if h.kind == "land" and h.seas and h.area and c.areas[h.area].satrapy:
            coastal.add(h.area)
    assert coastal == {"persia-dascylium", "persia-mysia", "persia-smyrna"}
    assert c.cities["Smyrna"].area == "persia-smyrna"


# ---------------------------------------------------------------- graphs
def test_hex_adjacency_is_symmetric(c):
    for h in c.hexes:
        for n in c.neighbors(h):
            assert h in c.neighbors(n)
        for n in c.land_neighbors(h):
            assert h in c.land_neighbors(n) and n in c.neighbors(h)
            assert c.hexes[h].kind == c.hexes[n].kind == "land"


def test_hex_ids_follow_the_two_sheets(c):
    for h in c.hexes.values():
        sheet_col = int(h.id[1:3]) + (0 if h.id[0] == "W" else c.grid["e_sheet_shift"])
        assert (sheet_col, int(h.id[3:5])) == (h.col, h.row)
        assert (h.id[0] == "W") == (h.col <= c.grid["w_sheet_last_col"])


def connected(nodes, links):
    nodes = set(nodes)
    if not nodes:
        return True
    start = next(iter(nodes))
    seen, q = {start}, deque([start])
    while q:
        u = q.popleft()
        for v in links(u):
            if v in nodes and v not in seen:
                seen.add(v)
                q.append(v)
    return seen == nodes


def test_every_land_area_is_one_piece_of_passable_land(c):
    """1.2, 16.3.2: an Area is moved through as one space, so its passable hexes hang together."""
    for aid, hexes in c.area_hexes.items():
        if c.areas[aid].kind != "land":
            continue
        passable = [h for h in hexes if c.hexes[h].terrain in ("clear", "rough")]
        assert passable, aid
        assert connected(passable, c.land_neighbors), aid


def test_no_land_step_crosses_the_gulf_of_corinth(c):
    """Land movement is by hex over land (16.3): the Peloponnese meets the north only at the isthmus."""
    pelop = {r for r, x in c.regions.items() if x.peloponnese}
    crossings = set()
    for (a, b) in c.sides:
        ra, rb = c.region_of_hex(a), c.region_of_hex(b)
        if ra in pelop and rb is not None and rb not in pelop:
            crossings.add((ra, rb))
    assert crossings == {("corinth", "megarid")}


def test_sea_areas_form_one_network_and_touch_land(c):
    """8.4, 16.4.2: fleets move Area to Area; every coastal sea Area borders some coast (9.8)."""
    water = [a for a, x in c.areas.items() if x.kind != "land"]
    assert connected(water, lambda a: c.sea_links[a])
    touched = {s for h in c.hexes.values() for s in h.seas}
    for a in water:
        if c.areas[a].kind == "sea":
            assert a in touched, a


def test_every_port_touches_its_sea(c):
    """16.6 note: a port's fleets come and go through the sea Area of its anchor."""
    for city in c.cities.values():
        if city.port:
            assert city.port_sea in c.hexes[city.hex].seas, city.name
            assert c.areas[city.port_sea].kind == "sea", city.name  # never an Open Sea (8.5)


def test_every_city_lies_in_its_area_and_region(c):
    seen = set()
    for city in c.cities.values():
        assert c.hexes[city.hex].area == city.area, city.name
        assert city.hex not in seen  # one city per hex
        seen.add(city.hex)
        if city.nudged_from:
            assert city.nudged_from in c.neighbors(city.hex)  # moved at most one hex


def test_land_area_graph_is_symmetric_and_every_mainland_area_is_reachable(c):
    for a, links in c.land_area_links.items():
        for b in links:
            assert a in c.land_area_links[b]
    # the Greek mainland (Peloponnese to Thrace) is one network of Areas
    mainland = {c.cities[n].area for n in ("Sparta", "Athens", "Thebes", "Pella", "Amphipolis", "Ambracia",
                                           "Byzantium")}
    reach, q = {c.cities["Sparta"].area}, deque([c.cities["Sparta"].area])
    while q:
        u = q.popleft()
        for v in c.land_area_links[u]:
            if v not in reach:
                reach.add(v)
                q.append(v)
    assert mainland <= reach


def test_supply_example_thebes_reaches_phthiotis(c):
    """9.3.3 example 1: a line of at most 3 Areas joins Thebes to the Pharsalus/Lamia Area,
    but not to Thessaly's other two Areas."""
    def dist(a, b):
        seen, q = {a: 1}, deque([a])
        while q:
            u = q.popleft()
            for v in c.land_area_links[u]:
                if v not in seen:
                    seen[v] = seen[u] + 1
                    q.append(v)
        return seen.get(b, 99)
    thebes = c.cities["Thebes"].area
    assert dist(thebes, c.cities["Pharsalus"].area) <= 3
    for other in c.region_areas["thessaly"]:
        if other != c.cities["Pharsalus"].area:
            assert dist(thebes, other) > 3


def area_distance(c, a, b, avoid=()):
    """Areas counted along a supply line, both ends included (9.3.3)."""
    seen, q = {a: 1}, deque([a])
    while q:
        u = q.popleft()
        for v in c.land_area_links[u]:
            if v not in seen and v not in avoid:
                seen[v] = seen[u] + 1
                q.append(v)
    return seen.get(b, 99)


def test_supply_example_sparta_to_epidaurus(c):
    """9.3.3 example 2: Sparta supplies Epidaurus through the Argolid (3 Areas); with the Argolid
    enemy the line needs 4 Areas."""
    sparta, epidaurus = c.cities["Sparta"].area, c.cities["Epidaurus"].area
    assert area_distance(c, sparta, epidaurus) == 3
    assert area_distance(c, sparta, epidaurus, avoid=set(c.region_areas["argolid"])) == 4


def sea_route(c, starts, goals, blocked=()):
    """Is there a sea supply line between two sets of sea Areas avoiding `blocked` and Open Seas (9.3.4)?"""
    ok = {a for a, x in c.areas.items() if x.kind == "sea" and a not in blocked}
    seen, q = set(starts) & ok, deque(set(starts) & ok)
    while q:
        u = q.popleft()
        if u in goals:
            return True
        for v in c.sea_links[u]:
            if v in ok and v not in seen:
                seen.add(v)
                q.append(v)
    return False


def test_supply_example_naupactus_by_sea(c):
    """9.3.4 example: Naupactus reaches Corcyra and Athens by sea; Spartan fleets at Leucas and
    Gytheum block those lines (an enemy fleet in a coastal hex holds the sea it touches)."""
    seas = {n: set(c.hexes[c.cities[n].hex].seas) for n in ("Naupactus", "Corcyra", "Piraeus", "Leucas", "Gytheum")}
    assert sea_route(c, seas["Naupactus"], seas["Corcyra"])
    assert sea_route(c, seas["Naupactus"], seas["Piraeus"])
    assert not sea_route(c, seas["Naupactus"], seas["Corcyra"], blocked=seas["Leucas"])
    assert not sea_route(c, seas["Naupactus"], seas["Piraeus"], blocked=seas["Gytheum"] | seas["Leucas"])


def test_leucas_crossing(c):
    """16.8.2: land units cross between Leucas and the mainland as over a river."""
    leucas = c.cities["Leucas"].hex
    crossing = [n for n in c.land_neighbors(leucas) if c.side(leucas, n).river == "Leucas crossing"]
    assert len(crossing) == 1 and c.hexes[crossing[0]].area != c.hexes[leucas].area


def mainland_asia(c):
    """Land Areas joined by land to a Persian Area: the Asian mainland (Appendix C, Persia cards)."""
    persian = {a for a, x in c.areas.items() if x.satrapy}
    return {b for a in persian for b in c.land_area_links[a]} | persian


def test_persia_cards_have_ports_to_work_with(c):
    """Appendix C: Tissaphernes' cards need a port in the mainland part of Lesbos, Chios, Samos or
    Rhodes; Pharnabazus' a port on the Hellespont's south (Asian) coast."""
    asia = mainland_asia(c)
    for region in ("lesbos", "chios", "samos", "rhodes"):
        assert any(x.port and x.area in asia for x in c.cities.values() if c.region_of_city(x.name) == region), region
    south = [x.name for x in c.cities.values() if c.region_of_city(x.name) == "hellespont" and x.port and x.area in asia]
    assert {"Abydos", "Cyzicus", "Chalcedon", "Lampsacus"} <= set(south)
    assert c.cities["Byzantium"].area not in asia
