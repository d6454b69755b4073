"""Every geometric statement of the Athens & Sparta rulebook holds on our map."""

from __future__ import annotations

from collections import deque

import pytest

from engine.rulesets.athens_sparta.components import load_components


@pytest.fixture(scope="module")
def c():
    return load_components()


def hex_of(c, city):
    return c.cities[city].hex


def water_bfs(c, start):
    dist, prev = {start: 0}, {start: []}
    q = deque([start])
    while q:
        n = q.popleft()
        for m in c.water_neighbors(*n):
            if m not in dist:
                dist[m] = dist[n] + 1
                prev[m] = [n]
                q.append(m)
            elif dist[m] == dist[n] + 1:
                prev[m].append(n)
    return dist, prev


def hexes_on_every_shortest_path(prev, goal):
    """Hexes common to all shortest paths ending at goal."""
    memo = {}

    def common(n):
        if n not in memo:
            if not prev[n]:
                memo[n] = {n[0]}
            else:
                memo[n] = set.intersection(*(common(p) for p in prev[n])) | {n[0]}
        return memo[n]

    return common(goal)


def army_reach(c, start, limit):
    """Hexes an army reaches in one operation move on an empty map: it must
    stop on entering a mountain hex (1.8) or after crossing a strait (4.3)."""
    dist = {start: 0}
    q = deque([start])
    while q:
        h = q.popleft()
        if h != start and (c.hexes[h].terrain == "mountain" or c.side(prev_of[h], h).strait):
            continue
        for n in c.land_neighbors(h):
            if n not in dist and dist[h] < limit:
                dist[n] = dist[h] + 1
                prev_of[n] = h
                q.append(n)
    return dist


prev_of: dict[str, str] = {}


def test_each_city_has_its_own_hex(c):
    """Rule 1.1: one city per hex on our map."""
    seen = {}
    for city in c.cities.values():
        if city.hex:
            assert city.hex not in seen, (city.name, seen.get(city.hex))
            seen[city.hex] = city.name
            assert c.hexes[city.hex].city == city.name


@pytest.mark.parametrize(
    "strait, far, near",
    [
        ("Naupactus", ["Sicyon", "Patrae"], ["Pleuron"]),
        ("Abydos", ["Cardia", "Elaeus"], []),
        ("Ephesus", ["Samos"], ["Notium", "Miletus"]),
    ],
)
def test_rule_4_3_strait_examples(c, strait, far, near):
    """Rule 4.3 sidebar: who is across the strait and who is on the city side."""
    s = c.hexes[hex_of(c, strait)].strait
    assert s is not None
    for f in far:
        h = hex_of(c, f)
        assert h in s.far_side, f
        assert c.side(hex_of(c, strait), h).strait
        assert hex_of(c, strait) in c.land_neighbors(h)
    for n in near:
        h = hex_of(c, n)
        assert h in s.city_side, n
        side = c.side(hex_of(c, strait), h)
        assert side.land in ("clear", "pass") and not side.strait


def test_rule_4_3_move_through_without_crossing(c):
    """Rule 4.3 sidebar: Sicyon -> Naupactus -> Patrae and Cardia -> Abydos ->
    Elaeus stay on the far bank; Notium -> Ephesus -> Miletus on the city side."""
    for a, s, b in (("Sicyon", "Naupactus", "Patrae"), ("Cardia", "Abydos", "Elaeus"),
                    ("Notium", "Ephesus", "Miletus")):
        st = c.hexes[hex_of(c, s)].strait
        bank = {hex_of(c, a) in st.far_side, hex_of(c, b) in st.far_side}
        assert len(bank) == 1, (a, s, b)


def test_rule_1_7_lemnos_to_chalcis_is_six_via_carystus_and_marathon(c):
    """Rule 1.7 sidebar: Chalcis sits on Euboea's west coast; by water it is 6
    hexes from Lemnos, round by Carystus and Marathon, so 4 is not enough."""
    chalcis = c.city_node("Chalcis")
    assert len(c.hexes[chalcis[0]].coasts) >= 2
    dist, prev = water_bfs(c, c.city_node("Lemnos"))
    assert dist[chalcis] == 6
    on_all = hexes_on_every_shortest_path(prev, chalcis)
    assert hex_of(c, "Carystus") in on_all and hex_of(c, "Marathon") in on_all
    # the city's coast is the one facing Marathon, not the hex's other coast
    assert hex_of(c, "Marathon") in c.hexes[chalcis[0]].coasts[chalcis[1]]
    assert dist[c.city_node("Chalcis")] > 4  # out of reach of one navy move


def test_rule_6_1_naxos_has_six_sea_sides(c):
    """Rule 6.1: Naxos is an island with six sea hex-sides."""
    h = hex_of(c, "Naxos")
    assert len(c.neighbors(h)) == 6
    for n in c.neighbors(h):
        s = c.side(h, n)
        assert s is not None and s.water and s.land is None, n


def land_component(c, start):
    """Hexes joined to start by land without crossing a strait."""
    seen, q = {start}, deque([start])
    while q:
        h = q.popleft()
        for n in c.land_neighbors(h):
            if n not in seen and not c.side(h, n).strait:
                seen.add(n)
                q.append(n)
    return seen


def test_rule_6_1_cephallenia_has_one_port(c):
    """Rule 6.1: Cephallenia is an island with a single port."""
    island = land_component(c, hex_of(c, "Cephallenia"))
    ports = [x.name for x in c.cities.values() if x.hex in island and x.port]
    assert ports == ["Cephallenia"]
    assert hex_of(c, "Athens") not in island


def test_rule_6_1_corcyra_reached_through_one_strait(c):
    """Rule 6.1: Corcyra's island touches other land only across one strait,
    the straits hex of Corcyra itself."""
    island = land_component(c, hex_of(c, "Corcyra"))
    assert hex_of(c, "Athens") not in island
    exits = [(h, n) for h in island for n in c.land_neighbors(h) if n not in island]
    assert exits
    assert {h for h, _ in exits} == {hex_of(c, "Corcyra")}
    st = c.hexes[hex_of(c, "Corcyra")].strait
    assert all(c.side(h, n).strait and n in st.far_side for h, n in exits)


def test_rule_4_4_sparta_to_corinth_within_a_hoplite_move(c):
    """Rule 4.4 example: two hoplites move Sparta -> Corinth (move 3)."""
    prev_of.clear()
    reach = army_reach(c, hex_of(c, "Sparta"), 3)
    assert hex_of(c, "Corinth") in reach


def test_rule_4_4_gytheum_to_athens_within_a_navy_move(c):
    """Rule 4.4 example: a navy moves Gytheum -> Athens (move 4)."""
    dist, _ = water_bfs(c, c.city_node("Gytheum"))
    assert dist[c.city_node("Athens")] <= 4


def test_haliacmon_and_arathus_sources_touch(c):
    """Official Q&A 2: a unit may step from the Haliacmon source hex to the
    Arathus source hex but must stop, so the second is a mountain hex."""
    src = {h.river_source: h.id for h in c.hexes.values() if h.river_source}
    a, b = src["Haliacmon"], src["Arathus"]
    assert b in c.land_neighbors(a)
    assert c.hexes[b].terrain == "mountain"


def test_errata_halicarnassus_south_of_miletus_at_a_strait(c):
    """Map errata: Halicarnassus is in the hex south of Miletus, a straits hex."""
    h, m = hex_of(c, "Halicarnassus"), hex_of(c, "Miletus")
    assert m in c.neighbors(h)
    assert c.hexes[h].lat < c.hexes[m].lat
    assert c.hexes[h].strait is not None and c.hexes[h].strait.far_side


def test_rule_1_1_marathon_marks_a_strait_side(c):
    """Rule 1.1: Marathon's hex is a straits hex; blocks stand on its (Attic) side."""
    st = c.hexes[hex_of(c, "Marathon")].strait
    assert st is not None and st.far_side and st.city_side
    attica = land_component(c, hex_of(c, "Athens"))
    assert set(st.city_side) <= attica
    assert not set(st.far_side) & attica  # Euboea, across the strait
    assert hex_of(c, "Carystus") in st.far_side


def test_sidebar_potidaea_only_on_the_gulf_of_therma(c):
    """Potidaea sidebar: the hex has two coasts; the city uses the Therma one."""
    h = hex_of(c, "Potidaea")
    hx = c.hexes[h]
    assert len(hx.coasts) == 2
    city_coast = hx.coasts[c.cities["Potidaea"].coast]
    other = hx.coasts[1 - c.cities["Potidaea"].coast]
    # the Therma coast faces west, the Torone coast east/south-east
    lon = {n: c.hexes[n].lon for n in city_coast + other}
    assert min(lon[n] for n in city_coast) < min(lon[n] for n in other)


def test_rule_1_6_corinth_has_two_coasts(c):
    """Rules 1.6-1.7: Corinth's hex has two unconnected coasts (diolkos)."""
    assert len(c.hexes[hex_of(c, "Corinth")].coasts) == 2
    assert c.cities["Corinth"].diolkos


def test_rule_1_8_every_mountain_hex_is_playable(c):
    """Terrain table note: a playable mountain hex has a clear side or pass."""
    for h in c.hexes.values():
        if h.terrain == "mountain" and h.kind != "sea":
            assert c.land_neighbors(h.id), h.id


def test_sides_are_consistent(c):
    """Water sides join water-bearing hexes; land sides join land-bearing ones;
    a strait side always has a land crossing (rule 4.1, 4.3)."""
    for (a, b), s in c.sides.items():
        ka, kb = c.hexes[a].kind, c.hexes[b].kind
        if s.water:
            assert "land" not in (ka, kb)
            assert c.coast_of(a, b) is not None and c.coast_of(b, a) is not None
        if s.land:
            assert "sea" not in (ka, kb)
        if s.strait:
            assert s.land is not None
        assert b in c.neighbors(a)


def test_water_graph_is_symmetric(c):
    for h in c.hexes.values():
        for i in range(len(h.coasts)):
            for n, j in c.water_neighbors(h.id, i):
                assert (h.id, i) in c.water_neighbors(n, j)


def test_rule_9_2_sicily_ports(c):
    ports = {h.id for h in c.hexes.values() if h.sicily_port}
    assert ports == {hex_of(c, n) for n in ("Corcyra", "Leucas", "Cephallenia", "Cyllene")}
    assert c.cities["Syracuse"].hex is None and c.cities["Syracuse"].offboard == "sicily"


def test_rule_9_3_persia(c):
    """Two Persian cities stand in Persian hexes; Greek cities never do."""
    for city in c.cities.values():
        if city.hex:
            assert c.hexes[city.hex].persian == (city.side == "persia"), city.name


def test_hex_labels_read_column_then_row(c):
    for h in c.hexes.values():
        letters = "".join(ch for ch in h.id if ch.isalpha())
        assert h.id == f"{letters}{h.row + 1}"
        assert ord(letters[-1]) - ord("A") == h.col % 26


def test_distances_are_the_fewest_hex_steps():
    """`Board.distances` (a ring at a time) against a plain queue search from every hex."""
    from collections import deque

    from engine.rulesets.athens_sparta.board import board

    bd = board()
    for src in bd.hexes:
        want = {src: 0}
        queue = deque([src])
        while queue:
            h = queue.popleft()
            for nb in bd.nbrs.get(h, ()):
                if nb not in want:
                    want[nb] = want[h] + 1
                    queue.append(nb)
        assert bd.distances(src) == want


def test_distances_to_a_few_hexes_search_only_as_far_as_needed():
    """`Board.distances_to` answers each target as the full search does, leaves the rest
    of the map unsearched when the targets are near, and takes a kept search further
    when a later question asks for farther hexes; Sicily (no hex-sides) is never reached."""
    from engine.rulesets.athens_sparta.board import SICILY, Board, board

    full = board()
    bd = Board(full.spec)  # a fresh board: nothing searched yet
    src = "I10"
    want = full.distances(src)
    near = [h for h, n in want.items() if n <= 2]
    got = bd.distances_to(src, near)
    assert all(got[h] == want[h] for h in near)
    assert max(got.values()) <= 3 and len(got) < len(want)  # the map was not searched whole
    far = max(want, key=want.get)
    got = bd.distances_to(src, [far, SICILY])
    assert got[far] == want[far] and SICILY not in got
    assert bd.distances(src) == want
